// The built binary, run end to end: config → fetch from a loopback server through libcurl →
// parse → SQLite file → show, plus the command line's errors and exit statuses.
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu end to end")
struct EndToEndTests {
    /// A server with the three fixture feeds, a missing one and a broken one.
    private func feedServer() throws -> LoopbackHTTPServer {
        let files = [
            "/japan.xml": try NewsmenuProcess.fixture("japan-news.xml"),
            "/tech.rdf": try NewsmenuProcess.fixture("tech.rdf"),
            "/world.atom": try NewsmenuProcess.fixture("world.atom"),
        ]
        return try LoopbackHTTPServer { request in
            if request.path == "/broken.xml" {
                return .init(contentType: "text/html", body: "<html><body>Maintenance</body></html>")
            }
            guard let body = files[request.path] else { return .init(status: 404) }
            return .init(headers: ["Content-Type": "application/xml"], body: body)
        }
    }

    private func writeConfig(in directory: TemporaryDirectory, server: LoopbackHTTPServer,
                             extraNews: [String] = []) throws -> String {
        let base = server.baseURL
        let news = (["\"\(base)/japan.xml\"", "{\"url\": \"\(base)/world.atom\", \"title\": \"ワールド\"}"]
                    + extraNews.map { "\"\($0)\"" }).joined(separator: ", ")
        return try directory.write("feeds.json", """
            {"tabs": [
              {"name": "ニュース", "color": "green", "feeds": [\(news)]},
              {"name": "テック", "feeds": ["\(base)/tech.rdf"]},
              {"name": "海外", "feeds": ["\(base)/world.atom"]}
            ]}
            """)
    }

    @Test("fetch stores every good feed, names each failure, and show lists the articles")
    func fetchThenShow() throws {
        let server = try feedServer()
        let directory = try TemporaryDirectory()
        let refusing = try RefusingPort()
        let refused = refusing.baseURL + "/feed.xml"
        let config = try writeConfig(in: directory, server: server,
                                     extraNews: [server.baseURL + "/gone.xml", server.baseURL + "/broken.xml", refused])
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db"]

        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 1)
        // Without a terminal, only the errors and a closing summary.
        #expect(fetch.stderr.split(separator: "\n").count == 4)
        #expect(fetch.stderr.contains("fetched 6 feeds"))
        #expect(fetch.stderr.contains("3 ok, 3 failed; 4 new articles"))
        #expect(fetch.stderr.contains("failed (fetch): \(server.baseURL)/gone.xml: HTTP 404 Not Found"))
        #expect(fetch.stderr.contains("failed (parse): \(server.baseURL)/broken.xml:"))
        #expect(fetch.stderr.contains("failed (fetch): \(refused):"))

        let again = try NewsmenuProcess.run(["fetch", "--force"], environment: environment)
        #expect(again.stderr.contains("3 ok, 3 failed; 0 new articles"))

        let show = try NewsmenuProcess.run(["show", "--color", "never"], environment: environment.merging(["COLUMNS": "72"]) { $1 })
        #expect(show.status == 0)
        let lines = show.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.contains("東京で記録的な大雪、交通機関に乱れ") && $0.contains("テスト新聞") })
        #expect(lines.contains { $0.contains("Leaders meet in Geneva for talks on trade") && $0.contains("ワールド") })
        #expect(!show.stdout.contains("新型プロセッサ"))
        #expect(!show.stdout.contains("\u{1B}"))

        let tech = try NewsmenuProcess.run(["show", "--tab", "テック", "--color", "never"], environment: environment)
        #expect(tech.stdout.contains("新型プロセッサ、消費電力を半分に"))
    }

    @Test("sixteen slow feeds on eight hosts are fetched at once, two per host at most")
    func concurrentFetch() throws {
        let body = try NewsmenuProcess.fixture("world.atom")
        let servers = try (1...8).map { index in
            try LoopbackHTTPServer(host: "127.0.0.\(index)") { _ in
                .init(headers: ["Content-Type": "application/atom+xml"], body: body, delay: 1)
            }
        }
        let directory = try TemporaryDirectory()
        let feeds = servers.flatMap { server in (0..<2).map { "\"\(server.baseURL)/feed-\($0).atom\"" } }
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"all\", \"feeds\": [\(feeds.joined(separator: ", "))]}]}")
        let run = try NewsmenuProcess.run(["fetch", "--config", config, "--db", directory.path + "/n.db", "--verbose"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("16 ok, 0 failed"))
        #expect(servers.map(\.peakConcurrentRequests) == Array(repeating: 2, count: 8))
    }

    @Test("an invalid config exits 78 naming the file, the field and the position")
    func invalidConfig() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"a\", \"feeds\": [\"gopher://x\"]}]}")
        let run = try NewsmenuProcess.run(["fetch", "--config", config, "--db", directory.path + "/n.db"])
        #expect(run.status == 78)
        #expect(run.stderr == "newsmenu: invalid config: \(config):1:35: tabs[0].feeds[0]: \"gopher://x\" is not an http, https or file URL (file URLs are absolute: file:///path)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/n.db"))
    }

    @Test("a missing config tells the user to run init; newsmenu and show also offer the demo, in one message")
    func missingConfig() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 78)
        #expect(fetch.stderr == "newsmenu: no config yet (\(directory.path)/newsmenu/feeds.json): `newsmenu init` writes an "
                + "example to edit; `newsmenu demo` shows sample feeds\n")
        // Advice repeats the paths given, so that following it uses the same files.
        let elsewhere = directory.path + "/it's here.json"
        let given = try NewsmenuProcess.run(["tabs", "--config", elsewhere], environment: environment)
        #expect(given.status == 78)
        #expect(given.stderr.contains("`newsmenu init --config '\(directory.path)/it'\\''s here.json'`"), "\(given.stderr)")
        let initialised = try NewsmenuProcess.run(["init", "--config", elsewhere, "--db", directory.path + "/n.db"])
        #expect(initialised.stdout.contains("then run: newsmenu fetch --config '\(directory.path)/it'\\''s here.json' --db '\(directory.path)/n.db' && newsmenu show --config"),
                "\(initialised.stdout)")
        for arguments in [[], ["show"]] {
            let run = try NewsmenuProcess.run(arguments, environment: environment)
            #expect(run.status == 78)
            #expect(run.stderr.hasPrefix("newsmenu: no config yet (\(directory.path)/newsmenu/feeds.json).\n"))
            #expect(run.stderr.contains("newsmenu demo "))
            #expect(run.stderr.contains("newsmenu init "))
            #expect(run.stderr.components(separatedBy: "newsmenu:").count == 2, "one message: \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("a file that is not a database is named, and left as it was")
    func notADatabase() throws {
        let server = try feedServer()
        let directory = try TemporaryDirectory()
        let config = try writeConfig(in: directory, server: server)
        let garbage = try directory.write("news.db", String(repeating: "not sqlite ", count: 500))
        let before = try Data(contentsOf: URL(fileURLWithPath: garbage))
        let run = try NewsmenuProcess.run(["fetch", "--config", config, "--db", garbage])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("newsmenu: database \(garbage):"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == before)
    }

    @Test("an unknown tab is a usage error that lists the tabs")
    func unknownTab() throws {
        let server = try feedServer()
        let directory = try TemporaryDirectory()
        let config = try writeConfig(in: directory, server: server)
        let run = try NewsmenuProcess.run(["show", "--tab", "スポーツ", "--config", config, "--db", directory.path + "/n.db"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("newsmenu: unknown tab 'スポーツ'; the tabs are: ニュース, テック, 海外\n"))
    }

    @Test("unknown commands and options exit 64 with a usage line")
    func usageErrors() throws {
        let command = try NewsmenuProcess.run(["fecth"])
        #expect(command.status == 64)
        #expect(command.stderr.hasPrefix("newsmenu: unknown command 'fecth'\nusage: newsmenu COMMAND"))
        let option = try NewsmenuProcess.run(["fetch", "--frobnicate"])
        #expect(option.status == 64)
        #expect(option.stderr == "newsmenu: unknown option '--frobnicate' for 'fetch'\nusage: newsmenu fetch [OPTIONS]\n")
    }

    @Test("--help, COMMAND --help and --version print and exit 0")
    func helpAndVersion() throws {
        let help = try NewsmenuProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("fetch") && help.stdout.contains("show") && help.stdout.contains("parse"))
        let showHelp = try NewsmenuProcess.run(["show", "--help"])
        #expect(showHelp.stdout.hasPrefix("usage: newsmenu show [OPTIONS]"))
        #expect(showHelp.stdout.contains("--tab NAME"))
        let version = try NewsmenuProcess.run(["--version"])
        #expect(version.stdout.hasPrefix("newsmenu "))
    }

    @Test("init writes the example config once and refuses to overwrite it")
    func initWritesOnce() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let first = try NewsmenuProcess.run(["init"], environment: environment)
        #expect(first.status == 0)
        let path = directory.path + "/newsmenu/feeds.json"
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("\"name\": \"おすすめ\""))
        try "{\"tabs\": [{\"name\": \"mine\"}]}".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try NewsmenuProcess.run(["init"], environment: environment)
        #expect(second.status == 1)
        #expect(second.stderr.contains("\(path) already exists"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"tabs\": [{\"name\": \"mine\"}]}")
        let onDirectory = try NewsmenuProcess.run(["init", "--config", directory.path])
        #expect(onDirectory.status == 1)
        #expect(onDirectory.stderr.contains("\(directory.path) is a directory; give init the path of a file to write"))
    }

    @Test("parse --json prints the stable schema for a fetched feed")
    func parseJSON() throws {
        let server = try feedServer()
        let run = try NewsmenuProcess.run(["parse", server.baseURL + "/world.atom", "--json"])
        #expect(run.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["format", "title", "link", "subtitle", "language", "updated", "author",
                                     "image", "articles", "warnings"])
        #expect(object["format"] as? String == "atom10")
        #expect(object["updated"] as? String == "2020-03-01T10:00:00Z")
        let article = try #require((object["articles"] as? [[String: Any]])?.first)
        #expect(Set(article.keys) == ["id", "title", "link", "author", "published", "updated", "summary",
                                      "content", "categories", "enclosures"])
        #expect(article["id"] as? String == "tag:wire.example.com,2020:geneva-talks")
        #expect(article["link"] as? String == "https://wire.example.com/geneva-talks")
    }

    @Test("parse of something that is not a feed exits non-zero with a message")
    func parseNotAFeed() throws {
        let directory = try TemporaryDirectory()
        let page = try directory.write("page.html", "<html><body>hello</body></html>")
        let run = try NewsmenuProcess.run(["parse", page])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("newsmenu: \(page): "))
        let missing = try NewsmenuProcess.run(["parse", directory.path + "/nope.xml"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "newsmenu: \(directory.path)/nope.xml: no such file\n")
        let folder = try NewsmenuProcess.run(["parse", directory.path])
        #expect(folder.stderr == "newsmenu: \(directory.path): is a directory, not a feed file\n")
    }

    @Test("parse - reads the feed from standard input")
    func parseStandardInput() throws {
        let run = try NewsmenuProcess.run(["parse", "-", "--json"], stdin: try NewsmenuProcess.fixture("tech.rdf"))
        #expect(run.status == 0)
        #expect(run.stdout.contains("\"format\": \"rss10\""))
        #expect(run.stdout.contains("新型プロセッサ、消費電力を半分に"))
    }

    @Test("output that cannot be written is an exit status, not a crash")
    func unwritableOutput() throws {
        let full = try NewsmenuProcess.run(["--version"], stdoutPath: "/dev/full")
        #expect(full.status == 1)
        #expect(!full.stderr.contains("Fatal error"))
    }

    @Test("the demo fetches its sample feeds offline and shows the first tab")
    func demo() throws {
        let run = try NewsmenuProcess.run(["demo", "--color", "never"], environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("fetched 5 feeds"))
        #expect(run.stderr.contains("5 ok, 0 failed"))
        #expect(run.stdout.contains("おすすめ"))
        #expect(run.stdout.contains("UN climate talks close"))
        // The Shift_JIS feed, decoded.
        #expect(run.stdout.contains("気象庁、関東甲信で今季初の木枯らし１号を発表"))
    }
}
