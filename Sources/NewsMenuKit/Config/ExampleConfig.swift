// The example config that `newsmenu init` writes: byte for byte the repository's
// feeds.example.json (a test keeps the two equal).

enum ExampleConfig {
    static let text = """
        {
          "tabs": [
            {
              "name": "おすすめ",
              "color": "#ff6b6b",
              "feeds": [
                { "url": "https://b.hatena.ne.jp/hotentry/all.rss", "title": "はてなブックマーク 総合" },
                { "url": "https://www.nhk.or.jp/rss/news/cat0.xml", "title": "NHK 主要ニュース" },
                { "url": "https://feeds.bbci.co.uk/news/world/rss.xml", "title": "BBC World" },
                { "url": "https://news.ycombinator.com/rss", "title": "Hacker News" }
              ]
            },
            {
              "name": "トレンド",
              "color": "#4dabf7",
              "feeds": [
                { "url": "https://b.hatena.ne.jp/hotentry/it.rss", "title": "はてなブックマーク テクノロジー" },
                { "url": "https://rss.itmedia.co.jp/rss/2.0/itmedia_all.xml", "title": "ITmedia" },
                { "url": "https://gigazine.net/news/rss_2.0/", "title": "GIGAZINE" },
                { "url": "https://www.publickey1.jp/atom.xml", "title": "Publickey" },
                { "url": "https://feeds.arstechnica.com/arstechnica/index", "title": "Ars Technica" },
                { "url": "https://www.theverge.com/rss/index.xml", "title": "The Verge" }
              ]
            },
            {
              "name": "ニュース",
              "color": "#51cf66",
              "feeds": [
                { "url": "https://www.nhk.or.jp/rss/news/cat0.xml", "title": "NHK 主要ニュース" },
                { "url": "https://news.yahoo.co.jp/rss/topics/top-picks.xml", "title": "Yahoo!ニュース 主要" },
                { "url": "https://feeds.bbci.co.uk/news/world/rss.xml", "title": "BBC World" },
                { "url": "https://www.theguardian.com/world/rss", "title": "The Guardian World" },
                { "url": "https://feeds.npr.org/1001/rss.xml", "title": "NPR News" }
              ]
            },
            {
              "name": "エンタメ",
              "color": "#fcc419",
              "feeds": [
                { "url": "https://news.yahoo.co.jp/rss/topics/entertainment.xml", "title": "Yahoo!ニュース エンタメ" },
                { "url": "https://natalie.mu/music/feed/news", "title": "音楽ナタリー" },
                { "url": "https://natalie.mu/comic/feed/news", "title": "コミックナタリー" },
                { "url": "https://b.hatena.ne.jp/hotentry/entertainment.rss", "title": "はてなブックマーク エンタメ" },
                { "url": "https://feeds.bbci.co.uk/news/entertainment_and_arts/rss.xml", "title": "BBC Entertainment & Arts" },
                { "url": "https://variety.com/feed/", "title": "Variety" }
              ]
            }
          ],
          "fetch": {
            "concurrency": 16,
            "timeout": 30,
            "connect_timeout": 10
          }
        }
        """ + "\n"
}
