// Seed 003's cross-scroll through a real terminal: every tab keeps its own selection and
// scroll offset while you move between tabs, and across runs — by article, so articles a
// fetch adds above it do not move it; and the run's look marks only later articles new.
import Foundation
import Testing

@Suite("Cross-scroll in a terminal", .serialized)
struct CrossScrollTerminalTests {
    /// The first article row on screen (below the plain style's three header rows).
    func topArticle(_ pane: TmuxPane) throws -> String {
        try pane.screen().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).first.map(String.init) ?? ""
    }

    @Test("each tab keeps its selection and scroll while switching, and across runs even after new articles arrive")
    func keepsPlaces() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try pane.keys("j", "j", "PageDown")
        try menu.waitForSelection(pane, containing: "記事 19")
        #expect(try topArticle(pane).contains("記事 21"))
        try pane.keys("l", "j")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try pane.keys("h")
        try menu.waitForSelection(pane, containing: "記事 19")
        #expect(try topArticle(pane).contains("記事 21"))
        try menu.quit(pane)

        // first_seen is kept in whole seconds: the new article must arrive a second after the look.
        Thread.sleep(forTimeInterval: 1.1)
        try MenuFixture.writeFeed(
            in: menu.directory, name: "news.atom",
            titles: (1...41).map { ("記事 \($0)", "https://example.org/news/\($0)") })
        #expect(try NewsmenuProcess.run(["fetch", "--force"], environment: menu.environment).status == 0)
        try menu.startMenu(in: pane, showing: "記事 19")
        try menu.waitForSelection(pane, containing: "記事 19")
        #expect(try topArticle(pane).contains("記事 21"))
        try pane.keys("l")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try pane.keys("h", "g")
        try menu.waitForSelection(pane, containing: "記事 41")
        // The run's look at the tab is remembered: only the article fetched after it is new.
        let rows = try pane.screen().split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("✦  記事 41") })
        #expect(rows.contains { $0.hasPrefix("●  記事 40") })
        try menu.quit(pane)
    }
}
