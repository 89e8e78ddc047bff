// `newsmenu search` as a user runs it on stored feeds: the three lines a hit, the marks as
// brackets or reverse video, hostile feed text made harmless, JSON, --tab, --rank, --limit,
// and the exit status and message when nothing matches.
import Foundation
import Testing
import NewsTestSupport

@Suite("search end to end")
struct SearchCommandTests {
    let directory: TemporaryDirectory
    let environment: [String: String]

    /// ニュース holds a Japanese feed and テック an English one with a title that tries to
    /// clear the screen (ESC [2J); item N is dated 2020-01-0N.
    init() throws {
        directory = try TemporaryDirectory()
        try Self.writeFeed(in: directory, "jp.rss", [
            ("東京都で初雪", "<p>東京都心で<b>初雪</b>を観測しました。</p>", 1),
            ("大阪の天気", "晴れのち曇り。", 2),
        ])
        try Self.writeFeed(in: directory, "tech.rss", [
            ("Swift on the server &#x1B;[2J", "Swift, SWIFT and swift again.", 3),
            ("Tokyo startups", "A swift rise in funding.", 4),
        ])
        let config = try directory.write("feeds.json", """
            {"tabs": [
              {"name": "ニュース", "feeds": [{"url": "file://\(directory.path)/jp.rss", "title": "日本の新聞"}]},
              {"name": "テック", "feeds": [{"url": "file://\(directory.path)/tech.rss", "title": "Tech Daily"}]}
            ]}
            """)
        environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db"]
        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
    }

    private static func writeFeed(in directory: TemporaryDirectory, _ name: String,
                                  _ items: [(title: String, description: String, day: Int)]) throws {
        let entries = items.map { item in
            "<item><title>\(item.title)</title><guid>\(name)-\(item.day)</guid>"
                + "<link>https://site.example/\(name)/\(item.day)</link>"
                + "<description><![CDATA[\(item.description)]]></description>"
                + "<pubDate>0\(item.day) Jan 2020 09:00:00 GMT</pubDate></item>"
        }.joined()
        try directory.write(name, "<rss version=\"2.0\"><channel><title>\(name)</title>\(entries)</channel></rss>")
    }

    private func run(_ arguments: [String]) throws -> NewsmenuRun {
        try NewsmenuProcess.run(["search"] + arguments, environment: environment)
    }

    @Test("a hit is its id and marked title, its source and date, and a marked snippet of plain text")
    func plainLines() throws {
        let search = try run(["初雪", "--color", "never"])
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0].hasSuffix("  東京都で[初雪]") && Int(lines[0].prefix { $0.isNumber }) != nil)
        #expect(lines[1] == "    日本の新聞 · 2020-01-01 · unread")
        #expect(lines[2] == "    東京都心で[初雪]を観測しました。")
    }

    @Test("marks become bold reverse video with --color always; an escape in a feed's title never reaches the terminal")
    func colorAndSanitizing() throws {
        let search = try run(["swift", "--color", "always"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("\u{1B}[1;7mSwift\u{1B}[22;27m on the server"))
        #expect(search.stdout.contains("\u{1B}[1;7mSWIFT\u{1B}[22;27m and"))
        #expect(!search.stdout.contains("\u{1B}[2J"))
        let plain = try run(["swift", "--color", "never"])
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(plain.stdout.contains("[Swift], [SWIFT] and [swift] again."))
    }

    @Test("--json lists every hit with its marks in brackets")
    func json() throws {
        let search = try run(["swift", "--json"])
        #expect(search.status == 0, "\(search.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        #expect(document["query"] as? String == "swift")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["title"] as? String }.map { $0.hasPrefix("Swift on the server") || $0 == "Tokyo startups" }
                == [true, true])
        #expect(results.first { $0["title"] as? String == "Tokyo startups" }?["snippet"] as? String
                == "A [swift] rise in funding.")
        #expect(results.allSatisfy { ($0["sources"] as? [String]) == ["Tech Daily"] && $0["read"] as? Bool == false })
    }

    @Test("--json gives an untitled hit a null title, and lists it by its text as the menu does")
    func untitledJSON() throws {
        try Self.writeFeed(in: directory, "untitled.rss", [("", "Notes on <b>kernel</b> builds.", 5)])
        let config = try directory.write("untitled.json", """
            {"tabs": [{"name": "Notes", "feeds": ["file://\(directory.path)/untitled.rss"]}]}
            """)
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/untitled.db"]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        let search = try NewsmenuProcess.run(["search", "kernel", "--json"], environment: environment)
        #expect(search.status == 0, "\(search.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 1 && results[0]["title"] is NSNull)
        #expect(results.first?["title_marked"] as? String == "Notes on [kernel] builds.")
    }

    @Test("--tab limits the hits, --rank puts the most matches first, --limit cuts the list")
    func options() throws {
        #expect(try run(["東京", "--tab", "ニュース", "--color", "never"]).stdout.contains("[東京]都で初雪"))
        #expect(try run(["tokyo", "--tab", "ニュース"]).status == 1)
        let ranked = try run(["swift", "--rank", "--color", "never"]).stdout.split(separator: "\n")
        #expect(ranked.first?.contains("[Swift] on the server") == true)
        let limited = try run(["swift", "--limit", "1", "--color", "never"])
        #expect(limited.stdout.split(separator: "\n").count == 3)
        #expect(limited.stderr == "newsmenu: showing the first match; --limit N shows more\n")
        #expect(try run(["swift", "--limit", "50", "--color", "never"]).stderr.isEmpty)
    }

    @Test("nothing matching exits 1 with a message, saying so when nothing is stored yet; an empty query or an unknown tab is a usage error")
    func failures() throws {
        let none = try run(["存在しない語"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("nothing matches '存在しない語'"))
        let empty = try run([" "])
        #expect(empty.status == 64 && empty.stderr.contains("the query is empty"))
        let fresh = try NewsmenuProcess.run(["search", "東京"], environment: [
            "NEWSMENU_CONFIG": environment["NEWSMENU_CONFIG"] ?? "", "NEWSMENU_DB": directory.path + "/fresh.db"])
        #expect(fresh.status == 1 && fresh.stderr.contains("no articles are stored yet in \(directory.path)/fresh.db"))
        let unknownTab = try run(["東京", "--tab", "スポーツ"])
        #expect(unknownTab.status == 64 && unknownTab.stderr.contains("unknown tab 'スポーツ'"))
    }

    @Test("only the visible tabs' articles are searched: not a disabled tab's feed, nor a feed no tab lists")
    func visibleTabsOnly() throws {
        let configPath = try #require(environment["NEWSMENU_CONFIG"])
        #expect(try run(["swift", "--color", "never"]).status == 0)
        let config = try String(contentsOfFile: configPath, encoding: .utf8)
        try config.replacingOccurrences(of: "{\"name\": \"テック\", ", with: "{\"name\": \"テック\", \"enabled\": false, ")
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        let disabled = try run(["swift", "--color", "never"])
        #expect(disabled.status == 1 && disabled.stderr.contains("nothing matches 'swift'"), "\(disabled.stdout)")
        let disabledTab = try run(["swift", "--tab", "テック"])
        #expect(disabledTab.status == 64)
        #expect(disabledTab.stderr.contains("tab 'テック' is disabled (\"enabled\": false in \(configPath))"))
        #expect(try run(["初雪"]).status == 0)

        // Unsubscribed: the feed's articles stay stored, but no tab shows them.
        try directory.write("feeds.json", """
            {"tabs": [{"name": "ニュース", "feeds": [{"url": "file://\(directory.path)/jp.rss", "title": "日本の新聞"}]}]}
            """)
        let removed = try run(["swift", "--json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(removed.stdout.utf8)) as? [String: Any])
        #expect(removed.status == 1 && (document["results"] as? [Any])?.isEmpty == true, "\(removed.stdout)")
        #expect(try run(["初雪"]).status == 0)
    }
}
