// Whole frames at fixed widths, without colour: the expected screen is the oracle.
import Testing
import NewsModel
import NewsRender

@Suite("Page menu frames")
struct PageMenuFrameTests {
    @Test("a Japanese menu at 80 columns lists every tab and lines the ages up at the edge")
    func japaneseAt80() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 2,
            articles: MenuFixtures.japaneseArticles, width: 80, language: .japanese)
        #expect(MenuFixtures.frame(state) == """
              おすすめ   トレンド 3   ニュース 12   エンタメ
                                      ━━━━━━━━
            ────────────────────────────────────────────────────────────────────────────────
            ●  日本銀行が政策金利を据え置き、円相場は小幅に反発した背…   NHKニュース · 5分前
             ★ 東京都、新しい防災アプリを公開                             東京新聞 · 3時間前
            ●  量子コンピューターの実用化に向けた新たな一歩                      日経 · 昨日
            ●  年末年始の帰省ラッシュ予測                                共同通信 · 11月10日
              1/1 · 4件
            """)
    }

    @Test("a Japanese menu at 40 columns scrolls the bar and shortens titles and sources")
    func japaneseAt40() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 2,
            articles: MenuFixtures.japaneseArticles, width: 40, language: .japanese)
        #expect(MenuFixtures.frame(state) == """
            ‹ トレンド 3   ニュース 12   エンタメ
                           ━━━━━━━━
            ────────────────────────────────────────
            ●  日本銀行が政策金利…  NHKニュ… · 5分前
             ★ 東京都、新しい防…  東京新聞 · 3時間前
            ●  量子コンピューターの実…   日経 · 昨日
            ●  年末年始の帰省…   共同通信 · 11月10日
              1/1 · 4件
            """)
    }

    @Test("a Japanese menu at 24 columns drops sources and keeps the selected tab centred")
    func japaneseAt24() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 2,
            articles: MenuFixtures.japaneseArticles, width: 24, language: .japanese)
        #expect(MenuFixtures.frame(state) == """
            ‹      ニュース 12     ›
                   ━━━━━━━━
            ────────────────────────
            ●  日本銀行が政…   5分前
             ★ 東京都、新…   3時間前
            ●  量子コンピュー…  昨日
            ●  年末年始の…  11月10日
              1/1 · 4件
            """)
    }

    @Test("an English menu at 80 columns shows mixed-script titles and English ages")
    func englishAt80() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 2,
            articles: MenuFixtures.englishArticles, width: 80, language: .english)
        #expect(MenuFixtures.frame(state) == """
              Top   World 5   Tech 2   Sports
                              ━━━━
            ────────────────────────────────────────────────────────────────────────────────
            ●  Swift 6.3 released with faster builds and better diagnostics  Swift.org · now
               Why terminal UIs are having a moment                       The Verge · 5h ago
            ●  東京の天気: 週末は晴れ                                        NHK · yesterday
            ●  A quiet year for RSS, and why that is fine                  Blog · 2024-10-26
              page 1/1 · 4 articles
            """)
    }

    @Test("an English menu at 40 columns still fits every tab without scrolling")
    func englishAt40() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 2,
            articles: MenuFixtures.englishArticles, width: 40, language: .english)
        #expect(MenuFixtures.frame(state) == """
              Top   World 5   Tech 2   Sports
                              ━━━━
            ────────────────────────────────────────
            ●  Swift 6.3 released …  Swift.org · now
               Why terminal UIs…  The Verge · 5h ago
            ●  東京の天気: 週末は…   NHK · yesterday
            ●  A quiet year for …  Blog · 2024-10-26
              page 1/1 · 4 articles
            """)
    }

    @Test("an English menu at 24 columns drops the source before the title gets short")
    func englishAt24() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 2,
            articles: MenuFixtures.englishArticles, width: 24, language: .english)
        #expect(MenuFixtures.frame(state) == """
            ‹        Tech 2        ›
                     ━━━━
            ────────────────────────
            ●  Swift 6.3 relea…  now
               Why terminal…  5h ago
            ●  東京の天…   yesterday
            ●  A quiet year for RSS…
              page 1/1 · 4 articles
            """)
    }

    @Test("an empty tab shows a hint to fetch, in each language")
    func emptyTab() {
        let english = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 0, articles: [], width: 60,
            language: .english)
        #expect(MenuFixtures.frame(english) == """
              Top   World 5   Tech 2   Sports
              ━━━
            ────────────────────────────────────────────────────────────
               No articles yet — run `newsmenu fetch`
              page 1/1 · 0 articles
            """)
        let japanese = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 0, articles: [], width: 60,
            language: .japanese)
        #expect(MenuFixtures.trimmingTrailingSpaces(PageMenu.render(japanese)[3])
            == "   まだ記事がありません — newsmenu fetch を実行してください")
    }

    @Test("the interactive view's empty tab says r fetches; a tab with no feeds says how to add one, its name quoted")
    func emptyTabHints() {
        var english = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 0, articles: [], width: 80, language: .english)
        english.emptyTab = .pressFetchKey
        #expect(MenuFixtures.trimmingTrailingSpaces(PageMenu.render(english)[3]) == "   No articles yet — press r to fetch")
        english.emptyTab = .addFeed(tab: "Tom's picks", options: "")
        #expect(MenuFixtures.trimmingTrailingSpaces(PageMenu.render(english)[3])
            == "   No feeds in this tab — newsmenu add URL --tab 'Tom'\\''s picks'")
        var japanese = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 0, articles: [], width: 80, language: .japanese)
        japanese.emptyTab = .pressFetchKey
        #expect(MenuFixtures.trimmingTrailingSpaces(PageMenu.render(japanese)[3]) == "   まだ記事がありません — r キーで取得します")
        japanese.emptyTab = .addFeed(tab: "おすすめ", options: " --config '/tmp/my feeds.json'")
        let cut = MenuFixtures.trimmingTrailingSpaces(PageMenu.render(japanese)[3])
        #expect(cut.hasPrefix("   このタブにはフィードがありません — newsmenu add URL --tab 'おすすめ' --con") && cut.hasSuffix("…"),
                "a command that does not fit is cut visibly, never shortened to one that looks whole: \(cut)")
        japanese.width = 120
        #expect(MenuFixtures.trimmingTrailingSpaces(PageMenu.render(japanese)[3])
            == "   このタブにはフィードがありません — newsmenu add URL --tab 'おすすめ' --config '/tmp/my feeds.json'")
    }

    @Test("the source column grows with a wide terminal, to a fifth of the row, so like-named feeds stay apart")
    func sourceColumnOnWideTerminals() {
        let source = "はてなブックマーク テクノロジー 人気エントリー"
        let article = ArticleRow(id: 1, title: "東京都で新たな条例", link: nil, source: source,
                                 published: nil, firstSeen: MenuFixtures.now)
        func shown(_ width: Int) -> Int {
            let row = PageMenu.render(MenuFixtures.state(
                tabs: MenuFixtures.japaneseTabs, selected: 0, articles: [article], width: width, language: .english))[3]
            let start = row.range(of: "はてな")!.lowerBound
            let end = row.range(of: " · ")!.lowerBound
            return DisplayWidth.width(of: String(row[start..<end]))
        }
        #expect(shown(80) == (80 - 3) / 4)
        #expect(shown(120) == 24)
        #expect(shown(200) == (200 - 3) / 5)
    }

    @Test("every line of a Japanese menu is exactly as wide as the terminal")
    func rowsFillTheWidth() {
        for width in [20, 24, 31, 40, 57, 80, 132] {
            let state = MenuFixtures.state(
                tabs: MenuFixtures.japaneseTabs, selected: 1,
                articles: MenuFixtures.japaneseArticles + MenuFixtures.englishArticles,
                width: width, language: .japanese)
            let lines = PageMenu.render(state)
            #expect(lines.dropFirst(3).dropLast().count == 8)
            for line in lines {
                #expect(DisplayWidth.width(of: line) == width, "\(width): \(line)")
            }
        }
    }

    @Test("a width under 20 columns is drawn at 20")
    func narrowWidthIsClamped() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 0,
            articles: MenuFixtures.japaneseArticles, width: 5, language: .japanese)
        let lines = PageMenu.render(state)
        #expect(lines[2] == String(repeating: "─", count: 20))
        #expect(lines.dropFirst(3).allSatisfy { DisplayWidth.width(of: $0) == 20 })
    }

    @Test("an absurd width is drawn at the widest supported layout")
    func hugeWidthIsClamped() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 0,
            articles: MenuFixtures.englishArticles, width: Int.max, language: .english)
        let lines = PageMenu.render(state)
        #expect(lines.dropFirst(2).allSatisfy {
            DisplayWidth.width(of: $0) == PageMenu.maximumWidth
        })
    }

    @Test("a height limits the frame to that many lines, footer included")
    func heightLimitsLines() {
        let articles = MenuFixtures.japaneseArticles
        func lines(height: Int?) -> [String] {
            PageMenu.render(MenuFixtures.state(
                tabs: MenuFixtures.japaneseTabs, selected: 0, articles: articles, width: 40,
                height: height, language: .japanese))
        }
        let full = lines(height: nil)
        #expect(full.count == 3 + articles.count + 1)
        // Header, the articles that fit, and the footer last.
        #expect(lines(height: 6) == Array(full.prefix(5)) + [full[full.count - 1]])
        #expect(lines(height: 4) == Array(full.prefix(3)) + [full[full.count - 1]])
        #expect(lines(height: 2) == Array(full.prefix(2)))
        #expect(lines(height: 0).isEmpty)
        #expect(lines(height: 50) == full)
    }

    @Test("an unread article is marked with a dot and a read one is not")
    func unreadMarker() {
        let lines = PageMenu.render(MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 0,
            articles: MenuFixtures.japaneseArticles, width: 60, language: .japanese))
        #expect(lines[3].hasPrefix("●  日本銀行"))
        #expect(lines[4].hasPrefix(" ★ 東京都"))
    }

    @Test("a selection past either end of the tabs is drawn as the nearest tab")
    func selectionIsClamped() {
        func frame(selected: Int) -> String {
            MenuFixtures.frame(MenuFixtures.state(
                tabs: MenuFixtures.englishTabs, selected: selected, articles: [], width: 60,
                language: .english))
        }
        #expect(frame(selected: -4) == frame(selected: 0))
        #expect(frame(selected: 99) == frame(selected: 3))
    }

    @Test("a menu without tabs still draws its articles")
    func noTabs() {
        let lines = PageMenu.render(MenuFixtures.state(
            tabs: [], selected: 0, articles: MenuFixtures.englishArticles, width: 40,
            language: .english))
        #expect(lines.count == 3 + MenuFixtures.englishArticles.count + 1)
        #expect(lines[0] == String(repeating: " ", count: 40) && lines[1] == lines[0])
        #expect(lines[3].hasPrefix("●  Swift 6.3"))
    }
}
