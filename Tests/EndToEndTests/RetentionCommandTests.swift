// Retention through the binary, over months of a feed's life: what a fetch deletes, and what
// comes back (and how) when a feed brings an old item again.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("retention end to end")
struct RetentionCommandTests {
    let directory: TemporaryDirectory
    let environment: [String: String]
    /// Where the on_new hook writes the articles it is given.
    let hookInput: String

    /// Tab Pod holds one podcast feed, served from a file: URL, and an on_new hook.
    init() throws {
        directory = try TemporaryDirectory()
        hookInput = directory.path + "/hook-input.json"
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "Pod", "feeds": ["file://\(directory.path)/pod.rss"]}],
             "on_new": ["/bin/sh", "-c", "cat > \\"$0\\"", "\(hookInput)"]}
            """)
        environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db"]
    }

    /// Writes the podcast with `episodes`, episode N dated N × 25 days ago: up to 3 within
    /// the default 90 days, 4 on older than them.
    private func publishEpisodes(_ episodes: ClosedRange<Int>) throws {
        try writeFeed("pod.rss", title: "Podcast", items: episodes.map { ("Episode \($0)", $0 * 25) })
    }

    /// An RSS feed of `items`, each a title and how many days ago it is dated.
    private func writeFeed(_ name: String, title: String, items: [(title: String, daysAgo: Int)]) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let entries = items.map { item in
            let date = Date().addingTimeInterval(-Double(item.daysAgo * 86_400))
            let slug = item.title.lowercased().replacingOccurrences(of: " ", with: "-")
            return "<item><title>\(item.title)</title><link>https://\(name).example/\(slug)</link>"
                + "<guid>\(slug)</guid><pubDate>\(formatter.string(from: date))</pubDate></item>"
        }
        try directory.write(name, "<rss version=\"2.0\"><channel><title>\(title)</title>\(entries.joined())</channel></rss>")
    }

    private func run(_ arguments: [String]) throws -> NewsmenuRun {
        try NewsmenuProcess.run(arguments, environment: environment)
    }

    /// A forced fetch, whose summary (on stderr) counts the new articles.
    private func fetch() throws -> NewsmenuRun {
        let fetch = try run(["fetch", "--force", "--verbose"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        return fetch
    }

    private func articles() throws -> [[String: Any]] {
        let show = try run(["show", "--json", "--tab", "Pod"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        return try #require(document["articles"] as? [[String: Any]])
    }

    private func podCounts() throws -> [String: Any] {
        let tabs = try run(["tabs", "--json"])
        let counts = try #require(JSONSerialization.jsonObject(with: Data(tabs.stdout.utf8)) as? [[String: Any]])
        return try #require(counts.first { $0["name"] as? String == "Pod" })
    }

    @Test("read episodes that one short fetch dropped come back read, not new, and are not announced again")
    func shortFetchKeepsReadState() throws {
        try publishEpisodes(1...7)
        #expect(try fetch().stderr.contains("; 7 new articles"))
        // A feed's first document shows its whole archive, however old.
        #expect(try articles().count == 7 && articles().allSatisfy { $0["read"] as? Bool == false })
        #expect(try run(["show", "--print", "--tab", "Pod"]).status == 0)
        #expect(try run(["read", "--tab", "Pod", "--all"]).status == 0)
        let oldest = try #require(try articles().first { $0["title"] as? String == "Episode 7" }?["id"] as? Int)
        #expect(try run(["star", String(oldest)]).status == 0)
        try FileManager.default.removeItem(atPath: hookInput)

        // A fetch in the same second as the last one deletes nothing.
        Thread.sleep(forTimeInterval: 1.1)
        try publishEpisodes(1...1)
        _ = try fetch()
        // Episodes 4 to 6 (older than 90 days) are deleted now that the feed left them out;
        // 7 is starred.
        #expect(try articles().compactMap { $0["title"] as? String }.sorted() == ["Episode 1", "Episode 2", "Episode 3", "Episode 7"])

        // The whole feed is back, with a new episode 0.
        try publishEpisodes(0...7)
        let full = try fetch()
        #expect(full.stderr.contains("; 1 new article"), "\(full.stderr)")
        let rows = try articles()
        #expect(rows.count == 8)
        let unread = rows.filter { $0["read"] as? Bool == false }.compactMap { $0["title"] as? String }
        #expect(unread == ["Episode 0"])
        #expect(rows.filter { $0["new"] as? Bool == true }.compactMap { $0["title"] as? String } == ["Episode 0"])
        let counts = try podCounts()
        #expect(counts["unread"] as? Int == 1 && counts["new"] as? Int == 1)
        let announced = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: hookInput))) as? [[String: Any]])
        #expect(announced.compactMap { $0["title"] as? String } == ["Episode 0"])
    }

    @Test("an unsubscribed feed carries nothing: its old and read articles expire, its starred and young unread ones stay")
    func unsubscribedFeedExpires() throws {
        try writeFeed("orph.rss", title: "Orphan", items: [("O1", 1), ("O2", 2), ("O10", 10), ("O100", 100), ("O400", 400)])
        try writeFeed("kept.rss", title: "Kept", items: [("K1", 1)])
        let configPath = try #require(environment["NEWSMENU_CONFIG"])
        let orphan = "file://\(directory.path)/orph.rss", kept = "file://\(directory.path)/kept.rss"
        try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"Pod\", \"feeds\": [\"\(orphan)\", \"\(kept)\"]}]}")
        _ = try fetch()
        var ids: [String: Int64] = [:]
        for row in try articles() {
            if let title = row["title"] as? String, let id = row["id"] as? Int { ids[title] = Int64(id) }
        }
        let id = { (title: String) throws -> String in String(try #require(ids[title])) }
        #expect(try run(["read", id("O2")]).status == 0)
        #expect(try run(["star", id("O400")]).status == 0)

        let removed = try run(["remove", orphan])
        #expect(removed.status == 0, "\(removed.stderr)")
        // New retention settings: the next fetch looks at every feed, as it does once a day.
        try String(contentsOfFile: configPath, encoding: .utf8)
            .replacingOccurrences(of: "\"tabs\"", with: "\"retention\": {\"days\": 7, \"per_feed\": 1}, \"tabs\"")
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        _ = try fetch()

        let store = try FeedStore(path: directory.path + "/news.db")
        // O1 is unread and young; O400 is starred. O10 and O100 are old, O2 read and beyond the newest one.
        for (title, stays) in [("O1", true), ("O400", true), ("O2", false), ("O10", false), ("O100", false), ("K1", true)] {
            #expect(try (store.article(id: try #require(ids[title])) != nil) == stays, "\(title)")
        }
    }
}
