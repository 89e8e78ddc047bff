// Reading an article inside the view, through a real terminal: Enter shows the stored text
// of the selected article laid out for the window, marks it read, scrolls to its numbered
// links and opens one by its number, follows a resize, finds a line with /, goes on to the
// next unread article with u and back with K, and q goes back to the list; m says what it did, and an article
// deleted meanwhile ends the reading.
import Foundation
import Testing
import NewsTestSupport
@testable import NewsStore
#if canImport(Glibc)
import Glibc
#endif

@Suite("Reading an article in a terminal", .serialized)
struct ReadingTerminalTests {
    /// A feed of two articles with HTML bodies: the newer one long enough to scroll, in
    /// Japanese with a list and a link; the older one short, in English.
    static func feed() -> String {
        let paragraphs = (1...12).map { "<p>第\($0)段落。東京都の天気は晴れ、最高気温は二十度の見込みです。</p>" }.joined()
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <title>読みもの</title><link>https://example.org/</link>
            <item><title>天気の記事</title><link>https://example.org/weather</link><guid>w1</guid>
            <author>気象 太郎</author><pubDate>Mon, 30 Nov 2026 07:00:00 GMT</pubDate>
            <content:encoded><![CDATA[<p>今日の<a href="https://example.org/forecast">予報</a>です。</p>
            <ul><li>晴れ</li><li>くもり</li></ul>\(paragraphs)<p>最後の段落。</p>]]></content:encoded></item>
            <item><title>Second story</title><link>https://example.org/second</link><guid>s2</guid>
            <pubDate>Mon, 30 Nov 2026 06:00:00 GMT</pubDate>
            <description>&lt;p&gt;A short English body.&lt;/p&gt;</description></item>
            </channel></rss>
            """
    }

    @Test("Enter reads the article, marks it read, scrolls to its links, follows a resize; u, K and q")
    func readThroughTerminal() throws {
        let (directory, environment, pane) = try Self.readingFirstArticle(columns: 60)
        let top = try pane.screen()
        #expect(top.contains("気象 太郎"), "the author is shown: \(top)")
        #expect(top.contains("https://example.org/weather"), "the link is shown: \(top)")
        #expect(top.contains("晴れ") && top.contains("くもり"), "the list items are shown: \(top)")
        #expect(!top.contains("最後の段落"), "the end is below the first screen: \(top)")
        #expect(top.split(separator: "\n").allSatisfy { $0.count <= 60 })

        // The end of the text: the last paragraph and the numbered link.
        try pane.keys("G")
        try pane.waitForText("[1] https://example.org/forecast")
        #expect(try pane.screen().contains("最後の段落。"))
        #expect(try pane.screen().contains("100%"))
        // The page's one link opens with its number and Enter.
        try pane.keys("1", "Enter")
        try pane.waitFor("the browser to get link 1") {
            (try? String(contentsOfFile: directory.path + "/opened", encoding: .utf8)) == "https://example.org/forecast\n"
        }
        try pane.waitFor("the page to come back") { try pane.screen().contains("最後の段落。") }

        // A narrower window lays the text out again at its width: the first paragraph's 31
        // wide characters took two lines of 29 and 2 at 60 columns, and take lines of at most
        // 19 (38 columns, a margin each side) at 40.
        try pane.keys("g")
        try pane.waitFor("the first paragraph on screen") { try Self.line(of: pane, containing: "第1段落") != nil }
        #expect(try Self.line(of: pane, containing: "第1段落")?.count ?? 0 > 19)
        try pane.resize(columns: 40, rows: 16)
        try pane.waitFor("the text laid out for 40 columns") {
            guard let line = try Self.line(of: pane, containing: "第1段落") else { return false }
            return line.count <= 19 && line.hasPrefix("第1段落。")
        }

        // / finds a line of the text and brings it to the top, the words it found marked, and
        // says which of the lines holding them it is.
        try pane.keys("/")
        try pane.type("第7段落")
        try pane.keys("Enter")
        try pane.waitFor("the seventh paragraph at the top") {
            try pane.screen().split(separator: "\n").first?.trimmingCharacters(in: .whitespaces).hasPrefix("第7段落") == true
        }
        #expect(try pane.showsReversed("第7段落"))
        let found = try pane.screen()
        #expect(found.contains("「第7段落」を含む 1 行中 1 行目") || found.contains("line 1 of 1 with 第7段落"), "\(found)")
        // u reads the next unread article, K the one before it.
        try pane.keys("u")
        try pane.waitForText("A short English body.")
        try pane.keys("K")
        try pane.waitForText("今日の予報[1]です。")
        try pane.keys("q")
        try pane.waitForSelection(containing: "天気の記事")
        try pane.keys("q")
        try pane.waitForText("EXIT=0")

        // Both articles were read, as newsboat marks an article it shows.
        let shown = try NewsmenuProcess.run(["show", "--json"], environment: environment)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let articles = try #require(json["articles"] as? [[String: Any]])
        #expect(articles.count == 2)
        #expect(articles.allSatisfy { $0["read"] as? Bool == true }, "both read: \(shown.stdout)")
    }

    @Test("m says what it did on the page; the article deleted meanwhile ends the reading and says why")
    func markAndDeletion() throws {
        let (directory, _, pane) = try Self.readingFirstArticle(columns: 80)
        try pane.keys("m")
        try pane.waitForText("marked unread")
        try pane.keys("m")
        try pane.waitForText("marked read")
        // As retention would: the row goes, its tab rows with it, from another connection.
        let raw = try Database(path: directory.path + "/news.db")
        try raw.execute("DELETE FROM articles WHERE guid = 'w1'", "test")
        try pane.waitForText("the article was deleted meanwhile")
        try pane.waitForSelection(containing: "Second story")
        try pane.keys("q")
        try pane.waitForText("EXIT=0")
    }

    @Test("o on a podcast episode without a link of its own opens its audio file")
    func episodeWithoutLink() throws {
        let (directory, environment) = try Self.fetched(tab: "番組", feed: """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>番組</title><link>https://pod.example/</link>
            <item><title>第12回</title><guid>ep12</guid><pubDate>Mon, 30 Nov 2026 07:00:00 GMT</pubDate>
            <enclosure url="https://pod.example/audio/ep12.mp3" length="34216000" type="audio/mpeg"/></item>
            </channel></rss>
            """)
        let pane = try TmuxPane(directory: directory.path, columns: 80, rows: 16, environment: environment)
        try pane.run("'\(NewsmenuProcess.binary.path)' show; echo EXIT=$?")
        try pane.waitForSelection(containing: "第12回")
        try pane.keys("o")
        try pane.waitFor("the browser to get the episode") {
            (try? String(contentsOfFile: directory.path + "/opened", encoding: .utf8)) == "https://pod.example/audio/ep12.mp3\n"
        }
        try pane.waitFor("the view to come back") { try pane.flag("alternate_on") == "1" }
        try pane.keys("q")
        try pane.waitForText("EXIT=0")
    }

    /// The feed fetched, and a pane of `columns` × 16 reading its first article.
    private static func readingFirstArticle(columns: Int) throws -> (TemporaryDirectory, [String: String], TmuxPane) {
        let (directory, environment) = try fetched(tab: "読む", feed: feed())
        let pane = try TmuxPane(directory: directory.path, columns: columns, rows: 16, environment: environment)
        try pane.run("'\(NewsmenuProcess.binary.path)' show; echo EXIT=$?")
        try pane.waitForSelection(containing: "天気の記事")
        try pane.keys("Enter")
        try pane.waitForText("今日の予報[1]です。")
        return (directory, environment, pane)
    }

    /// `feed` fetched into a new database as the one feed of `tab`, with a browser that
    /// records what it is given in `opened`.
    private static func fetched(tab: String, feed: String) throws -> (TemporaryDirectory, [String: String]) {
        let directory = try TemporaryDirectory()
        try directory.write("feed.rss", feed)
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "\(tab)", "feeds": ["file://\(directory.path)/feed.rss"]}], "retention": {"days": 36500}}
            """)
        let browser = try directory.write("browser.sh", """
            #!/bin/sh
            printf '%s\\n' "$@" >> '\(directory.path)/opened'
            """)
        chmod(browser, 0o755)
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db", "BROWSER": browser]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        return (directory, environment)
    }

    /// The screen's line holding `text`, without the margin and trailing blanks.
    private static func line(of pane: TmuxPane, containing text: String) throws -> String? {
        try pane.screen().split(separator: "\n").first { $0.contains(text) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
