// The view kept open while other processes change what it shows: a cron fetch committing
// between a key and the next frame, retention deleting, the reader's own writes showing in
// every tab that lists the same article. What the view acts on is what it had shown.
import Foundation
import Testing
import NewsStore

@Suite("Data changing under the open view", .serialized)
struct ChangingDataTerminalTests {
    private func publishTech(in menu: MenuFixture, through last: Int) throws {
        try MenuFixture.writeFeed(in: menu.directory, name: "tech.atom",
                                  titles: (1...last).map { ("Tech \($0)", "https://example.org/tech/\($0)") })
    }

    private func cronFetch(_ menu: MenuFixture) throws {
        #expect(try NewsmenuProcess.run(["fetch", "--force", "--quiet"], environment: menu.environment).status == 0)
    }

    @Test("A marks only the articles the view had listed: a cron fetch's committed before y stay unread")
    func markTabReadLeavesUnlistedArticles() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("A")
        try pane.waitForText("mark all 3 unread articles")
        // Well inside the 2 s the view waits for a key before it looks for other writers.
        try publishTech(in: menu, through: 5)
        try cronFetch(menu)
        try pane.keys("y")
        try pane.waitForText("marked 3 articles read")
        let store = try FeedStore(path: menu.path + "/news.db")
        #expect(try store.tabCounts()["テック"]?.unread == 2)
        try menu.quit(pane)
    }

    @Test("a tab not shown keeps its selected article through two cron fetches")
    func hiddenTabKeepsItsArticle() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try pane.keys("1")
        try menu.waitForSelection(pane, containing: "記事 40")
        try publishTech(in: menu, through: 4)
        try cronFetch(menu)
        try pane.waitForText("テック 4")
        try publishTech(in: menu, through: 5)
        try cronFetch(menu)
        try pane.waitForText("テック 5")
        try pane.keys("2")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
    }

    @Test("Esc ends a search on the article it started on, though articles arrived above it meanwhile")
    func searchEscapeReturnsToItsArticle() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try pane.keys("/", "z", "z", "z")
        try pane.waitForText("no match")
        try publishTech(in: menu, through: 5)
        try cronFetch(menu)
        try pane.waitForText("テック 5")
        try pane.keys("Escape")
        try pane.waitForText("? keys")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
    }

    @Test("a cron fetch's articles appear while the reader keeps pressing keys, not only after a pause")
    func articlesAppearBetweenKeys() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try publishTech(in: menu, through: 5)
        try cronFetch(menu)
        // A key every 0.3 s never leaves the view the 2 s without one it waits when idle.
        var appeared = false
        for key in Array(repeating: ["j", "k"], count: 5).joined() where !appeared {
            try pane.keys(key)
            Thread.sleep(forTimeInterval: 0.3)
            appeared = try pane.screen().contains("Tech 5")
        }
        #expect(appeared)
        try menu.quit(pane)
    }

    @Test("paging past the first 128 rows while r is storing articles shows each article once, and the new count")
    func pagingDuringRefreshShowsEachArticleOnce() throws {
        let slow = try ChangingServedFeed(prefix: "Slow", delay: 8)
        let menu = try MenuFixture(techFeed: slow.url)
        let news = { (last: Int) in (1...last).map { ("記事 \($0)", "https://example.org/news/\($0)") } }
        try MenuFixture.writeFeed(in: menu.directory, name: "news.atom", titles: news(140))
        try cronFetch(menu)
        let pane = try menu.startedPane(showing: "記事 140", arguments: "--tab ニュース")
        try MenuFixture.writeFeed(in: menu.directory, name: "news.atom", titles: news(143))
        #expect(slow.answerSlowly())
        try pane.keys("r")
        let store = try FeedStore(path: menu.path + "/news.db")
        try pane.waitFor("the news feed's new articles to be stored") { try store.tabCounts()["ニュース"]?.total == 143 }
        // The slow feed keeps the fetch running: the view has not had its end to reload on.
        try pane.keys("G")
        try menu.waitForSelection(pane, containing: "記事 1 ")
        let screen = try pane.screen()
        let titles = screen.matches(of: /記事 \d+/).map { String(screen[$0.range]) }
        #expect(Set(titles).count == titles.count, "an article twice:\n\(screen)")
        #expect(screen.contains("143 articles"))
        try menu.quit(pane)
    }

    @Test("m in one tab shows at once in another tab listing the same feed, its count and its marker")
    func ownWriteShowsInEveryTab() throws {
        let menu = try MenuFixture()
        // The news feed in テック too: one article, listed by two tabs.
        let configPath = menu.path + "/feeds.json"
        let tech = "\"file://\(menu.path)/tech.atom\""
        let config = try String(contentsOfFile: configPath, encoding: .utf8)
            .replacingOccurrences(of: tech, with: "\(tech), \"file://\(menu.path)/news.atom\"")
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        try cronFetch(menu)
        let pane = try menu.startedPane(showing: "テック 43", arguments: "--tab ニュース")
        try pane.keys("m")
        try pane.waitForText("ニュース 39")
        try pane.waitForText("テック 42")
        try pane.keys("2")
        try menu.waitForSelection(pane, containing: "記事 40")
        #expect(try pane.selectedRow()?.contains("●") == false)
        try menu.quit(pane)
    }
}
