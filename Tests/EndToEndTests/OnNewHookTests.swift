// The on_new hook through the binary: run as an argument vector after a fetch that stored
// new articles, given exactly those articles as JSON; a failing hook never fails the fetch.
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu fetch's on_new hook")
struct OnNewHookTests {
    /// A feed whose item count the test raises between fetches. Item n links to `link(n)`.
    private final class GrowingFeed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 2
        private let link: @Sendable (Int) -> String

        init(link: @escaping @Sendable (Int) -> String = { "https://g.example/\($0)" }) {
            self.link = link
        }

        func grow() { lock.withLock { count += 1 } }

        var body: String {
            let items = (1...lock.withLock { count }).map { index in
                "<item><title>記事 \(index) &amp; more</title><link>\(link(index))</link><guid>g-\(index)</guid></item>"
            }
            return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Growing</title><link>https://g.example/</link>"
                + items.joined() + "</channel></rss>"
        }
    }

    private func config(_ directory: TemporaryDirectory, feedURL: String, hook: [String]) throws -> [String: String] {
        let hookJSON = "[" + hook.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "A", "feeds": ["\(feedURL)"]}, {"name": "B", "feeds": ["\(feedURL)"]}],
             "on_new": \(hookJSON)}
            """)
        return ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/n.db"]
    }

    private func titles(inJSONFile path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let articles = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return articles.compactMap { $0["title"] as? String }
    }

    /// `feed` served on loopback, and a config whose hook writes what it is given to `output`.
    private struct HookedFeed {
        let server: LoopbackHTTPServer
        let directory: TemporaryDirectory
        let environment: [String: String]
        var output: String { directory.path + "/hook-input.json" }
    }

    /// The hook is sh, given as the program with its arguments: no shell parses the config.
    private func hooked(_ feed: GrowingFeed) throws -> HookedFeed {
        let server = try LoopbackHTTPServer { _ in .init(contentType: "application/rss+xml", body: feed.body) }
        let directory = try TemporaryDirectory()
        let environment = try config(directory, feedURL: server.baseURL + "/feed.xml",
                                     hook: ["/bin/sh", "-c", "cat > \\\"$0\\\"", directory.path + "/hook-input.json"])
        return HookedFeed(server: server, directory: directory, environment: environment)
    }

    @Test("the hook gets each new article once, and only the new ones on the next fetch")
    func receivesNewArticles() throws {
        let feed = GrowingFeed()
        let hooked = try hooked(feed)
        let (environment, output) = (hooked.environment, hooked.output)

        let first = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try titles(inJSONFile: output).sorted() == ["記事 1 & more", "記事 2 & more"])

        try FileManager.default.removeItem(atPath: output)
        let unchanged = try NewsmenuProcess.run(["fetch", "--force"], environment: environment)
        #expect(unchanged.status == 0)
        #expect(!FileManager.default.fileExists(atPath: output))

        feed.grow()
        let second = try NewsmenuProcess.run(["fetch", "--force"], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try titles(inJSONFile: output) == ["記事 3 & more"])
    }

    @Test("a new item linking to the page the feed's earlier items link to is given to the hook")
    func sharedLinkItemIsNew() throws {
        // A status feed: every incident links to one page.
        let feed = GrowingFeed { _ in "https://g.example/status" }
        let hooked = try hooked(feed)
        let (environment, output) = (hooked.environment, hooked.output)
        let first = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try titles(inJSONFile: output).sorted() == ["記事 1 & more", "記事 2 & more"])

        feed.grow()
        let second = try NewsmenuProcess.run(["fetch", "--force"], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try titles(inJSONFile: output) == ["記事 3 & more"])
    }

    @Test("a hook that fails or does not exist is reported and the fetch still succeeds")
    func failingHook() throws {
        let feed = GrowingFeed()
        let server = try LoopbackHTTPServer { _ in .init(contentType: "application/rss+xml", body: feed.body) }
        let failing = try TemporaryDirectory()
        let failed = try NewsmenuProcess.run(["fetch"], environment: try config(failing, feedURL: server.baseURL + "/f", hook: ["false"]))
        #expect(failed.status == 0)
        #expect(failed.stderr.contains("on_new hook: false failed (exit status 1)"))

        let missing = try TemporaryDirectory()
        let absent = try NewsmenuProcess.run(["fetch"], environment: try config(missing, feedURL: server.baseURL + "/f",
                                                                                 hook: ["no-such-notifier", "x"]))
        #expect(absent.status == 0)
        #expect(absent.stderr.contains("on_new hook: no-such-notifier: not found"))
    }

    @Test("on_new must be an array of strings starting with a program")
    func invalidHook() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"A\"}], \"on_new\": \"notify-send hi\"}")
        let run = try NewsmenuProcess.run(["fetch"], environment: ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/n.db"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("on_new: must be an array"))
    }
}
