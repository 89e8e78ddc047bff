// Live refresh through a real terminal: a cron `fetch` holding the lock when `r` is pressed
// is named and its articles appear when it ends; a cron run's new articles appear with no
// key pressed; `r` shows its progress. The reader's selection stays on its article.
import Foundation
import Testing
import NewsTestSupport

@Suite("Live refresh in a terminal", .serialized)
struct LiveRefreshTerminalTests {
    @Test("r while a cron fetch holds the lock says so, then shows its articles when it ends; r again shows progress")
    func cronHoldsTheLock() throws {
        // The server's feed and whether it answers slowly live in files, so the test can change them.
        let served = try TemporaryDirectory()
        try MenuFixture.writeFeed(in: served, name: "cron.atom", titles: [("Cron 0", "https://example.org/cron/0")])
        let feedPath = served.path + "/cron.atom"
        let slowFlag = served.path + "/slow"
        let server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/atom+xml"],
                  body: FileManager.default.contents(atPath: feedPath) ?? Data(),
                  delay: FileManager.default.fileExists(atPath: slowFlag) ? 3 : 0)
        }
        let menu = try MenuFixture(techFeed: server.baseURL + "/cron.atom")
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "Tech 2")

        try MenuFixture.writeFeed(in: served, name: "cron.atom",
                                  titles: (0...3).map { ("Cron \($0)", "https://example.org/cron/\($0)") })
        #expect(FileManager.default.createFile(atPath: slowFlag, contents: Data()))
        let requestsBefore = server.requests.count
        let cron = try NewsmenuProcess.start(["fetch", "--force", "--quiet"], environment: menu.environment)
        try pane.waitFor("the cron fetch to reach the server") { server.requests.count > requestsBefore }
        try pane.keys("r")
        try pane.waitForText("another fetch is running (pid \(cron.processIdentifier)")
        try pane.waitForText("Cron 3")
        try menu.waitForSelection(pane, containing: "Tech 2")
        cron.waitUntilExit()
        #expect(cron.terminationStatus == 0)

        try pane.keys("r")
        try pane.waitForText("fetching")
        try pane.waitForText("fetched")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
    }

    @Test("a cron run's new articles appear while the view is open, no key pressed, the selection kept")
    func cronArticlesAppear() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try MenuFixture.writeFeed(in: menu.directory, name: "tech.atom",
                                  titles: (1...5).map { ("Tech \($0)", "https://example.org/tech/\($0)") })
        #expect(try NewsmenuProcess.run(["fetch", "--force", "--quiet"], environment: menu.environment).status == 0)
        try pane.waitForText("Tech 5")
        try pane.waitForText("テック 5")
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
    }
}
