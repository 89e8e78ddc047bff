// The offline demo's sample feeds, written for this project: realistic Japanese and
// English headlines in RSS 2.0, RSS 1.0 (RDF) and Atom, one of them in Shift_JIS.
// Dates are minutes before the demo runs (`{{N}}`), so the page menu looks current.

struct DemoFeed: Sendable {
    enum DateStyle: Sendable {
        /// RSS 2.0 `pubDate`: `Mon, 30 Nov 2026 14:05:00 +0900`.
        case rfc822
        /// Atom and Dublin Core: `2026-11-30T05:05:00Z`.
        case rfc3339
    }

    /// File name in the demo's feed directory.
    var fileName: String
    /// The XML with `{{N}}` standing for "N minutes ago".
    var template: String
    var dateStyle: DateStyle
    /// The encoding the file is written in (the template's XML declaration says the same).
    var encoding: String = "UTF-8"
}

enum DemoFeeds {
    static let all = [newsShiftJIS, techRDF, worldAtom, entameRSS, scienceRSS]

    /// The demo's tabs, by feed file name.
    static let tabs: [(name: String, color: String, feeds: [String])] = [
        ("おすすめ", "#ff6b6b", ["world.atom", "science.xml", "news-sjis.xml"]),
        ("トレンド", "#4dabf7", ["tech.rdf", "science.xml"]),
        ("ニュース", "#51cf66", ["news-sjis.xml", "world.atom"]),
        ("エンタメ", "#fcc419", ["entame.xml"]),
    ]

    static let newsShiftJIS = DemoFeed(fileName: "news-sjis.xml", template: """
        <?xml version="1.0" encoding="Shift_JIS"?>
        <rss version="2.0">
          <channel>
            <title>デモ速報ニュース</title>
            <link>https://news.example.jp/</link>
            <description>国内の主要ニュースをお届けします</description>
            <language>ja</language>
            <item>
              <title>気象庁、関東甲信で今季初の木枯らし１号を発表</title>
              <link>https://news.example.jp/articles/2026/kogarashi</link>
              <guid>https://news.example.jp/articles/2026/kogarashi</guid>
              <pubDate>{{4}}</pubDate>
              <description>&lt;p&gt;気象庁は、関東甲信地方で木枯らし１号が吹いたと発表しました。昨年より３日早い観測です。&lt;/p&gt;</description>
            </item>
            <item>
              <title>日銀、政策金利を据え置き　物価見通しは上方修正</title>
              <link>https://news.example.jp/articles/2026/boj-rate</link>
              <guid>https://news.example.jp/articles/2026/boj-rate</guid>
              <pubDate>{{52}}</pubDate>
              <description>日本銀行は金融政策決定会合で、短期金利の誘導目標を据え置くことを決めました。</description>
            </item>
            <item>
              <title>東京都、来年度から公立小中学校の給食費を無償化へ</title>
              <link>https://news.example.jp/articles/2026/kyushoku</link>
              <guid>https://news.example.jp/articles/2026/kyushoku</guid>
              <pubDate>{{185}}</pubDate>
              <description>都内の公立小中学校に通う児童・生徒の給食費について、都が全額を負担する方針です。</description>
            </item>
            <item>
              <title>新幹線の新型車両が営業運転を開始　最高時速３２０キロ</title>
              <link>https://news.example.jp/articles/2026/shinkansen</link>
              <guid>https://news.example.jp/articles/2026/shinkansen</guid>
              <pubDate>{{610}}</pubDate>
              <description>新型車両は座席ごとに電源を備え、車内の通信環境も改善されました。</description>
            </item>
            <item>
              <title>訪日客数、１０月は過去最多を更新</title>
              <link>https://news.example.jp/articles/2026/inbound</link>
              <guid>https://news.example.jp/articles/2026/inbound</guid>
              <pubDate>{{1500}}</pubDate>
              <description>政府観光局によると、１０月の訪日客数は単月として過去最多となりました。</description>
            </item>
            <item>
              <title>北海道で初雪を観測　平年より５日遅く</title>
              <link>https://news.example.jp/articles/2026/hatsuyuki</link>
              <guid>https://news.example.jp/articles/2026/hatsuyuki</guid>
              <pubDate>{{4400}}</pubDate>
              <description>札幌管区気象台は、札幌で初雪を観測したと発表しました。</description>
            </item>
          </channel>
        </rss>
        """, dateStyle: .rfc822, encoding: "Shift_JIS")

    static let techRDF = DemoFeed(fileName: "tech.rdf", template: """
        <?xml version="1.0" encoding="UTF-8"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                 xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/"
                 xml:lang="ja">
          <channel rdf:about="https://tech.example.jp/">
            <title>テックトレンド</title>
            <link>https://tech.example.jp/</link>
            <description>テクノロジーの「いま」を伝えるニュースサイト</description>
            <dc:language>ja</dc:language>
            <items>
              <rdf:Seq>
                <rdf:li rdf:resource="https://tech.example.jp/n/llm-benchmark"/>
                <rdf:li rdf:resource="https://tech.example.jp/n/foldable"/>
                <rdf:li rdf:resource="https://tech.example.jp/n/quantum"/>
                <rdf:li rdf:resource="https://tech.example.jp/n/kumamoto-fab"/>
                <rdf:li rdf:resource="https://tech.example.jp/n/editor-10th"/>
              </rdf:Seq>
            </items>
          </channel>
          <item rdf:about="https://tech.example.jp/n/llm-benchmark">
            <title>国産の大規模言語モデル、日本語ベンチマークで首位に</title>
            <link>https://tech.example.jp/n/llm-benchmark</link>
            <description>敬語や長文読解の課題で海外製モデルを上回ったといいます。</description>
            <dc:creator>佐藤 花子</dc:creator>
            <dc:subject>AI</dc:subject>
            <dc:date>{{17}}</dc:date>
          </item>
          <item rdf:about="https://tech.example.jp/n/foldable">
            <title>スマートフォン新機種、折りたたみ型が主流に？　各社の戦略を読み解く</title>
            <link>https://tech.example.jp/n/foldable</link>
            <description>価格の下落と耐久性の向上で、折りたたみ型の出荷台数が伸びています。</description>
            <dc:creator>鈴木 一郎</dc:creator>
            <dc:subject>モバイル</dc:subject>
            <dc:date>{{95}}</dc:date>
          </item>
          <item rdf:about="https://tech.example.jp/n/quantum">
            <title>量子コンピューター、誤り訂正の新手法を国内の研究チームが発表</title>
            <link>https://tech.example.jp/n/quantum</link>
            <description>必要な物理量子ビットの数を大幅に減らせる可能性があります。</description>
            <dc:creator>高橋 美咲</dc:creator>
            <dc:subject>研究</dc:subject>
            <dc:date>{{300}}</dc:date>
          </item>
          <item rdf:about="https://tech.example.jp/n/kumamoto-fab">
            <title>半導体工場の建設ラッシュ、熊本で第二工場が着工</title>
            <link>https://tech.example.jp/n/kumamoto-fab</link>
            <description>地元では人材の確保と交通渋滞への対策が課題となっています。</description>
            <dc:creator>田中 健</dc:creator>
            <dc:subject>半導体</dc:subject>
            <dc:date>{{1380}}</dc:date>
          </item>
          <item rdf:about="https://tech.example.jp/n/editor-10th">
            <title>オープンソースのエディタ、10周年で大型アップデート</title>
            <link>https://tech.example.jp/n/editor-10th</link>
            <description>起動時間は従来の半分になり、日本語入力の不具合も解消されました。</description>
            <dc:creator>伊藤 さくら</dc:creator>
            <dc:subject>ソフトウェア</dc:subject>
            <dc:date>{{2900}}</dc:date>
          </item>
        </rdf:RDF>
        """, dateStyle: .rfc3339)

    static let worldAtom = DemoFeed(fileName: "world.atom", template: """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
          <title>World Report</title>
          <subtitle>Independent news from around the world</subtitle>
          <link rel="alternate" href="https://world.example.com/"/>
          <link rel="self" href="https://world.example.com/feed.atom"/>
          <id>urn:uuid:5b8e1c2e-0d6c-4d59-9c1f-3f0b7a0a6c11</id>
          <updated>{{9}}</updated>
          <author><name>World Report desk</name></author>
          <entry>
            <title>UN climate talks close with a pledge to cut methane by a third</title>
            <link href="https://world.example.com/2026/11/climate-talks-methane"/>
            <id>tag:world.example.com,2026:climate-talks-methane</id>
            <published>{{9}}</published>
            <updated>{{9}}</updated>
            <summary>Nearly 150 countries signed on, though the largest emitters gave no timetable.</summary>
          </entry>
          <entry>
            <title>Central banks signal a pause as inflation cools</title>
            <link href="https://world.example.com/2026/11/central-banks-pause"/>
            <id>tag:world.example.com,2026:central-banks-pause</id>
            <published>{{140}}</published>
            <updated>{{140}}</updated>
            <summary type="html">&lt;p&gt;Markets rallied after the statements &amp;mdash; bond yields fell to a six-month low.&lt;/p&gt;</summary>
          </entry>
          <entry>
            <title type="html">Europe&amp;rsquo;s solar output breaks an autumn record</title>
            <link href="https://world.example.com/2026/11/solar-record"/>
            <id>tag:world.example.com,2026:solar-record</id>
            <published>{{420}}</published>
            <updated>{{420}}</updated>
            <summary>Grid operators credit new panels in Spain, Germany and Poland.</summary>
          </entry>
          <entry>
            <title>Marathon world record falls in Valencia</title>
            <link href="https://world.example.com/2026/11/valencia-marathon"/>
            <id>tag:world.example.com,2026:valencia-marathon</id>
            <published>{{1700}}</published>
            <updated>{{1700}}</updated>
            <summary>The winner finished in 2:00:35, eight seconds inside the old mark.</summary>
          </entry>
          <entry>
            <title>Divers map the deepest coral reef yet found</title>
            <link href="https://world.example.com/2026/11/deep-reef"/>
            <id>tag:world.example.com,2026:deep-reef</id>
            <published>{{5200}}</published>
            <updated>{{5200}}</updated>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>The reef lies <em>170 metres</em> down, off Palau.</p></div></content>
          </entry>
        </feed>
        """, dateStyle: .rfc3339)

    static let entameRSS = DemoFeed(fileName: "entame.xml", template: """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel>
            <title>エンタメ通信</title>
            <link>https://entame.example.jp/</link>
            <description>映画・音楽・ドラマ・アニメの最新情報</description>
            <language>ja</language>
            <item>
              <title>人気アニメ劇場版、公開3日間で興行収入20億円突破</title>
              <link>https://entame.example.jp/movie/anime-boxoffice</link>
              <guid isPermaLink="false">entame-20261130-001</guid>
              <category>映画</category>
              <category>アニメ</category>
              <pubDate>{{25}}</pubDate>
              <description><![CDATA[<p>週末の観客動員数で初登場１位となりました。</p>]]></description>
            </item>
            <item>
              <title>年末の音楽特番、出演アーティスト第1弾を発表</title>
              <link>https://entame.example.jp/music/year-end-special</link>
              <guid isPermaLink="false">entame-20261130-002</guid>
              <category>音楽</category>
              <pubDate>{{130}}</pubDate>
              <description>初出場の５組を含む２０組が発表されました。</description>
            </item>
            <item>
              <title>話題のドラマ最終回、配信再生数が今期最高を記録</title>
              <link>https://entame.example.jp/drama/finale</link>
              <guid isPermaLink="false">entame-20261129-003</guid>
              <category>ドラマ</category>
              <pubDate>{{900}}</pubDate>
              <description>最終回の放送後、主題歌もランキング１位に返り咲きました。</description>
            </item>
            <item>
              <title>声優アワード、新人賞の候補10人が決定</title>
              <link>https://entame.example.jp/anime/seiyu-award</link>
              <guid isPermaLink="false">entame-20261128-004</guid>
              <category>アニメ</category>
              <pubDate>{{2600}}</pubDate>
              <description>受賞者は来年３月の授賞式で発表されます。</description>
            </item>
            <item>
              <title>人気ゲームの続編、来春発売決定　新キャラクターも公開 🎮</title>
              <link>https://entame.example.jp/game/sequel</link>
              <guid isPermaLink="false">entame-20261127-005</guid>
              <category>ゲーム</category>
              <pubDate>{{5900}}</pubDate>
              <description>前作から５年ぶりの新作で、対応機種は後日発表されます。</description>
            </item>
          </channel>
        </rss>
        """, dateStyle: .rfc822)

    static let scienceRSS = DemoFeed(fileName: "science.xml", template: """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"
             xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:atom="http://www.w3.org/2005/Atom">
          <channel>
            <title>Science Digest</title>
            <link>https://science.example.com/</link>
            <atom:link rel="self" type="application/rss+xml" href="https://science.example.com/rss"/>
            <description>Discoveries, explained</description>
            <language>en-gb</language>
            <item>
              <title>A new battery chemistry promises ten-minute charging for e-bikes</title>
              <link>https://science.example.com/2026/11/sodium-battery</link>
              <guid>https://science.example.com/2026/11/sodium-battery</guid>
              <dc:creator>Priya Raman</dc:creator>
              <pubDate>{{38}}</pubDate>
              <description>Sodium cells trade a little range for speed and cost.</description>
              <content:encoded><![CDATA[<p>Sodium cells trade a little range for <strong>speed</strong> and cost.</p>]]></content:encoded>
            </item>
            <item>
              <title>Astronomers spot a comet that should be visible to the naked eye in March</title>
              <link>https://science.example.com/2026/11/spring-comet</link>
              <guid>https://science.example.com/2026/11/spring-comet</guid>
              <dc:creator>Tom Okafor</dc:creator>
              <pubDate>{{260}}</pubDate>
              <description>It will be brightest low in the western sky after sunset.</description>
            </item>
            <item>
              <title>Do octopuses dream? A study of cephalopod sleep</title>
              <link>https://science.example.com/2026/11/octopus-sleep</link>
              <guid>https://science.example.com/2026/11/octopus-sleep</guid>
              <dc:creator>Lena Fischer</dc:creator>
              <pubDate>{{1250}}</pubDate>
              <description>Their skin flickers through colour patterns during "active" sleep.</description>
            </item>
            <item>
              <title>Webb telescope finds water vapour around a rocky exoplanet</title>
              <link>https://science.example.com/2026/11/webb-water</link>
              <guid>https://science.example.com/2026/11/webb-water</guid>
              <dc:creator>Priya Raman</dc:creator>
              <pubDate>{{3100}}</pubDate>
              <description>The planet orbits a red dwarf 40 light years away.</description>
            </item>
          </channel>
        </rss>
        """, dateStyle: .rfc822)
}
