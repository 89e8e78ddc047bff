// Live refresh through a real terminal: a cron `fetch` holding the lock when `r` is pressed
// is named and its articles appear when it ends; a cron run's new articles appear with no
// key pressed; `r` shows its progress and fetches feeds that are not due yet. The reader's
// selection stays on its article.
// Quitting while `r` is downloading leaves at once and keeps what had arrived. A vacuum
// holding the lock is named as one.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("Live refresh in a terminal", .serialized)
struct LiveRefreshTerminalTests {
    @Test("r while a cron fetch holds the lock says so, then shows its articles when it ends; r again shows progress")
    func cronHoldsTheLock() throws {
        let feed = try ChangingServedFeed(prefix: "Cron", delay: 3)
        let server = feed.server
        let menu = try MenuFixture(techFeed: feed.url)
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "Tech 2")

        try feed.publish(through: 3)
        #expect(feed.answerSlowly())
        let requestsBefore = server.requests.count
        let cron = try NewsmenuProcess.start(["fetch", "--force", "--quiet"], environment: menu.environment)
        try pane.waitFor("the cron fetch to reach the server") { server.requests.count > requestsBefore }
        try pane.keys("r")
        try pane.waitForText("another fetch is running (pid \(cron.processIdentifier)")
        // Each fetch waits 3 s on the server, then stores: alone about 5 s; in the whole
        // suite, beside the kill -9 test's writes, one once took over 15 s to end. A minute
        // is a ceiling for a hang, not a timing.
        try pane.waitForText("Cron 3", seconds: 60)
        try menu.waitForSelection(pane, containing: "Tech 2")
        cron.waitUntilExit()
        #expect(cron.terminationStatus == 0)

        try pane.keys("r")
        try pane.waitForText("fetching")
        try pane.waitForText("fetched", seconds: 60)
        try menu.waitForSelection(pane, containing: "Tech 2")
        try menu.quit(pane)
    }

    @Test("r fetches every feed at once, though none is due: a feed fetched a moment ago shows its new article")
    func refreshFetchesFeedsNotDue() throws {
        let feed = try ChangingServedFeed(prefix: "Served", delay: 0)
        let menu = try MenuFixture(techFeed: feed.url)
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        #expect(try !pane.screen().contains("Served 1"))
        try feed.publish(through: 1)
        let requestsBefore = feed.server.requests.count
        try pane.keys("r")
        try pane.waitForText("Served 1")
        #expect(feed.server.requests.count == requestsBefore + 1)
        try menu.quit(pane)
    }

    @Test("r leaves out a feed its server said is gone (410)")
    func refreshLeavesGoneFeeds() throws {
        let body = try NewsmenuProcess.fixture("world.atom")
        let answered = RequestCounter()
        // Answers the fixture's first fetch, then says the feed is gone.
        let server = try LoopbackHTTPServer { _ in
            answered.next() == 1 ? .init(headers: ["Content-Type": "application/atom+xml"], body: body) : .init(status: 410)
        }
        let menu = try MenuFixture(techFeed: server.baseURL + "/feed")
        #expect(try NewsmenuProcess.run(["fetch", "--force"], environment: menu.environment).status == 1)
        #expect(server.requests.count == 2)
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("r")
        try pane.waitForText("fetched")
        #expect(server.requests.count == 2)
        try menu.quit(pane)
    }

    @Test("r while a vacuum holds the lock names the vacuum and asks for r again; r once it has ended fetches")
    func vacuumHoldsTheLock() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        let lock = HeldLockFile(path: menu.path + "/news.db.lock", command: "vacuum")
        try pane.keys("r")
        // 80 columns show the message up to the start of its advice.
        try pane.waitForText("newsmenu vacuum is running (\(HeldLockFile.holder)); press r")
        lock.release()
        try pane.keys("r")
        try pane.waitForText("fetched")
        try menu.quit(pane)
    }

    /// The view on テック, whose config gained two feeds after the fixture's fetch, and `r`
    /// pressed: one feed answers at once, the other stalls a minute after its first bytes,
    /// far past the time quitting or suspending may take. Returns once `r` reached it.
    private func refreshStalled() throws -> (menu: MenuFixture, pane: TmuxPane, server: LoopbackHTTPServer, served: TemporaryDirectory) {
        let served = try TemporaryDirectory()
        try MenuFixture.writeFeed(in: served, name: "feed.atom", titles: [("Fast 1", "https://example.org/fast/1")])
        let feedPath = served.path + "/feed.atom"
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "application/atom+xml"], body: FileManager.default.contents(atPath: feedPath) ?? Data(),
                  pacing: request.path == "/slow.atom" ? .stall(afterBytes: 64, seconds: 60) : .whole)
        }
        let menu = try MenuFixture()
        let configPath = menu.path + "/feeds.json"
        let tech = "\"file://\(menu.path)/tech.atom\""
        let config = try String(contentsOfFile: configPath, encoding: .utf8)
            .replacingOccurrences(of: tech, with: "\(tech), \"\(server.baseURL)/fast.atom\", \"\(server.baseURL)/slow.atom\"")
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")
        try pane.keys("r")
        try pane.waitFor("the refresh to reach the stalled server") { server.requests.contains { $0.path == "/slow.atom" } }
        return (menu, pane, server, served)
    }

    /// A cron-like fetch with no wait: it must find the lock free.
    private func expectLockFree(_ menu: MenuFixture) throws {
        let next = try NewsmenuProcess.run(["fetch", "--tab", "ニュース", "--wait", "0", "--quiet"], environment: menu.environment)
        #expect(next.status != 75, "the lock was still held: \(next.stderr)")
    }

    @Test("q while r waits on a stalled server leaves at once: what had arrived is stored, the lock let go, the database whole")
    func quitDuringRefresh() throws {
        let (menu, pane, server, served) = try refreshStalled()
        let store = try FeedStore(path: menu.path + "/news.db")
        try pane.waitFor("the answered feed's article to be stored") {
            try store.articles(inTab: "テック", limit: 50).contains { $0.title == "Fast 1" }
        }

        let quitting = Date()
        try pane.keys("q")
        #expect(try menu.expectRestored(pane) == 0)
        // Ten times what it takes here; exiting only when the transfer gave up takes 30 s.
        #expect(Date().timeIntervalSince(quitting) < 10)
        #expect(try store.integrityCheck() == "ok")
        try expectLockFree(menu)
        withExtendedLifetime((server, served)) {}
    }

    @Test("Ctrl-Z while r waits on a stalled server stops the fetch, so cron is not locked out; fg says so")
    func suspendDuringRefresh() throws {
        let (menu, pane, server, served) = try refreshStalled()
        try pane.keys("C-z")
        try pane.waitForText("Stopped")
        // With the view stopped, a cron fetch takes the lock at once.
        try expectLockFree(menu)
        try pane.run("clear; fg")
        try pane.waitFor("the menu again") { try pane.flag("alternate_on") == "1" }
        try pane.waitForText("the fetch stopped when the view was suspended")
        #expect(try FeedStore(path: menu.path + "/news.db").integrityCheck() == "ok")
        try pane.keys("q")
        try pane.waitFor("the shell") { try pane.flag("alternate_on") == "0" }
        withExtendedLifetime((server, served)) {}
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
