// Two `fetch` runs and the interactive view on one database at once, through a real
// terminal: one fetch is refused (exit 75, naming the lock and its holder), one waits its
// turn; the view answers keys all the while, shows the new articles when they land, and
// every article is stored and listed once.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("fetches and the view at once", .serialized)
struct ConcurrentFetchTerminalTests {
    @Test("two fetches and an open view on one database: one waits, one exits 75 naming the lock, the view keeps answering and shows each new article once")
    func twoFetchesAndTheView() throws {
        let feed = try ChangingServedFeed(prefix: "Cron", delay: 0)
        let server = feed.server
        let menu = try MenuFixture(techFeed: feed.url)
        let database = menu.path + "/news.db"
        let pane = try menu.startedPane(showing: "Tech 3", arguments: "--tab テック")

        try feed.publish(through: 5)
        #expect(feed.holdAnswers())
        let requestsBefore = server.requests.count
        let first = try NewsmenuProcess.start(["fetch", "--force", "--quiet"], environment: menu.environment)
        try pane.waitFor("the first fetch to reach the server") { server.requests.count > requestsBefore }
        let waiting = try NewsmenuProcess.start(["fetch", "--force", "--wait", "120", "--quiet"], environment: menu.environment)
        let refused = try NewsmenuProcess.run(["fetch", "--force", "--wait", "0"], environment: menu.environment)
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("another fetch is running (pid \(first.processIdentifier)")
                && refused.stderr.contains(database + ".lock"), "\(refused.stderr)")

        // While the first fetch waits on the server and the second on the lock. (A fixed
        // delay let the articles land between the keys on a loaded machine, and the last `j`
        // then went, rightly, to Cron 1, just below Tech 3.)
        try menu.expectSelections(pane, [("j", "Tech 2"), ("k", "Tech 3"), ("j", "Tech 2")])
        #expect(first.isRunning && waiting.isRunning, "the fetches ended before the keys were answered")
        try feed.releaseAnswers()
        try pane.waitForText("Cron 5")
        try menu.waitForSelection(pane, containing: "Tech 2")
        first.waitUntilExit()
        waiting.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(waiting.terminationStatus == 0)
        // The one that waited fetched after the first had finished: two requests in all.
        #expect(server.requests.count == requestsBefore + 2)
        // Cron 2…5 sort above Tech 3 (Cron 2 ties it, and is newer), Cron 1 between Tech 3 and 2.
        try menu.expectSelections(pane, [("k", "Cron 1"), ("k", "Tech 3")])

        let store = try FeedStore(path: database)
        #expect(try store.integrityCheck() == "ok")
        let titles = try store.articles(inTab: "テック", limit: 100).map(\.title)
        #expect(titles.sorted() == ((0...5).map { "Cron \($0)" } + (1...3).map { "Tech \($0)" }).sorted())
        let tabs = try NewsmenuProcess.run(["tabs", "--json"], environment: menu.environment)
        let rows = try #require(JSONSerialization.jsonObject(with: Data(tabs.stdout.utf8)) as? [[String: Any]])
        let tech = try #require(rows.first { $0["name"] as? String == "テック" })
        #expect(tech["total"] as? Int == 9, "\(tech)")
        try menu.quit(pane)
    }
}
