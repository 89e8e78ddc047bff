// `newsmenu read|unread|star|unstar` and dedupe across feeds, run as a user would on feeds
// stored from file: URLs.
import Foundation
import Testing
import NewsTestSupport

@Suite("read state and dedupe end to end")
struct ReadStateCommandTests {
    let directory: TemporaryDirectory
    let environment: [String: String]

    /// ニュース holds two feeds that share story "shared" (links differing only in tracking
    /// parameters and a slash) and one story each of their own, dated 2020; 古い holds one.
    init() throws {
        directory = try TemporaryDirectory()
        try Self.writeFeed(in: directory, "wire.rss", [("shared", "https://site.example/shared?utm_source=wire"),
                                                       ("wire-only", "https://site.example/wire")])
        try Self.writeFeed(in: directory, "paper.rss", [("shared", "https://SITE.example/shared/#c"),
                                                        ("paper-only", "https://site.example/paper")])
        try Self.writeFeed(in: directory, "old.rss", [("old", "https://site.example/old")])
        let config = try directory.write("feeds.json", """
            {"tabs": [
              {"name": "ニュース", "feeds": [{"url": "file://\(directory.path)/wire.rss", "title": "通信"},
                                            {"url": "file://\(directory.path)/paper.rss", "title": "新聞"}]},
              {"name": "古い", "feeds": ["file://\(directory.path)/old.rss"]}
            ]}
            """)
        environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db"]
        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
    }

    private static func writeFeed(in directory: TemporaryDirectory, _ name: String, _ items: [(String, String)]) throws {
        let entries = items.map { title, link in
            "<item><title>\(title)</title><guid>\(name)-\(title)</guid><link>\(link.replacingOccurrences(of: "&", with: "&amp;"))</link>"
                + "<pubDate>Wed, 01 Jan 2020 00:00:00 GMT</pubDate></item>"
        }.joined()
        try directory.write(name, "<rss version=\"2.0\"><channel><title>\(name)</title>\(entries)</channel></rss>")
    }

    private func run(_ arguments: [String]) throws -> NewsmenuRun {
        try NewsmenuProcess.run(arguments, environment: environment)
    }

    private func articles(_ tab: String = "ニュース") throws -> [[String: Any]] {
        let show = try run(["show", "--json", "--tab", tab])
        let document = try #require(JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        return try #require(document["articles"] as? [[String: Any]])
    }

    private func article(_ title: String) throws -> [String: Any] {
        try #require(try articles().first { $0["title"] as? String == title })
    }

    @Test("the shared story is one row listing both sources, and reading it reads both feeds' copies")
    func dedupeAndRead() throws {
        let rows = try articles()
        #expect(rows.count == 3)
        let shared = try article("shared")
        // The two feeds are fetched at once, so which copy was stored first (and leads) varies.
        #expect(Set(shared["sources"] as? [String] ?? []) == ["通信", "新聞"])
        #expect((shared["sources"] as? [String])?.count == 2)
        let id = try #require(shared["id"] as? Int)
        #expect(try run(["read", String(id)]).status == 0)
        #expect(try article("shared")["read"] as? Bool == true)
        let tabs = try run(["tabs", "--json"])
        let counts = try #require(JSONSerialization.jsonObject(with: Data(tabs.stdout.utf8)) as? [[String: Any]])
        #expect(counts.first?["unread"] as? Int == 2 && counts.first?["total"] as? Int == 3)
        #expect(try run(["unread", String(id)]).status == 0)
        #expect(try article("shared")["read"] as? Bool == false)
    }

    @Test("show marks nothing read")
    func showMarksNothing() throws {
        _ = try run(["show", "--color", "never"])
        _ = try run(["show", "--json"])
        #expect(try articles().allSatisfy { $0["read"] as? Bool == false })
    }

    @Test("star and unstar; unknown ids are named and exit 1 while the known ones are marked")
    func starAndUnknown() throws {
        let id = try #require(try article("wire-only")["id"] as? Int)
        #expect(try run(["star", String(id)]).status == 0)
        #expect(try article("wire-only")["starred"] as? Bool == true)
        let mixed = try run(["unstar", String(id), "987654"])
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("987654") && mixed.stderr.contains("1 of 2 marked"))
        #expect(try article("wire-only")["starred"] as? Bool == false)
        #expect(try run(["read", "abc"]).status == 64)
        #expect(try run(["star"]).status == 64)
    }

    @Test("starred lists the starred articles with their links, those of a feed no tab lists any more too")
    func starredList() throws {
        let none = try run(["starred"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("no article is starred"), "\(none.stderr)")
        let wire = try #require(try article("wire-only")["id"] as? Int)
        let old = try #require(try articles("古い").first?["id"] as? Int)
        #expect(try run(["star", String(wire), String(old)]).status == 0)
        // The 古い tab, and with it its feed, leaves the config: no page or search shows its article.
        let config = try #require(environment["NEWSMENU_CONFIG"])
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try text.replacingOccurrences(of: ",\n  {\"name\": \"古い\", \"feeds\": [\"file://\(directory.path)/old.rss\"]}", with: "")
            .write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try run(["search", "old"]).status == 1)
        let listed = try run(["starred"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("\(wire)  wire-only") && listed.stdout.contains("https://site.example/wire")
                && listed.stdout.contains("\(old)  old") && listed.stdout.contains("https://site.example/old"), "\(listed.stdout)")
        let json = try run(["starred", "--json", "--limit", "1"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 1 && results.allSatisfy { $0["starred"] as? Bool == true && $0["link"] is String })
    }

    @Test("read --tab --all marks one tab read; --older-than spares newer articles; misuse is a usage error")
    func wholeTab() throws {
        let recent = try run(["read", "--tab", "ニュース", "--all", "--older-than", "100000d"])
        #expect(recent.status == 0 && recent.stdout.contains("marked 0 articles read"))
        let all = try run(["read", "--tab", "ニュース", "--all"])
        #expect(all.status == 0 && all.stdout.contains("marked 4 articles read in ニュース"))
        #expect(try articles().allSatisfy { $0["read"] as? Bool == true })
        #expect(try articles("古い").allSatisfy { $0["read"] as? Bool == false })
        #expect(try run(["read", "--tab", "ニュース"]).status == 64)
        #expect(try run(["read", "--all"]).status == 64)
        #expect(try run(["read", "--tab", "nope", "--all"]).status == 64)
        #expect(try run(["read", "--tab", "古い", "--all", "--older-than", "soon"]).status == 64)
        #expect(try run(["read", "1", "--older-than", "7d"]).status == 64)
    }
}
