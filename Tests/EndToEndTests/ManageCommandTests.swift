// `add`, `remove` and `tab` run as a user would: feeds discovered on a loopback web page,
// the config rewritten in place with a .bak of the old one, refusals leaving it untouched.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("newsmenu add, remove and tab")
struct ManageCommandTests {
    /// A site with a feed, a page advertising two feeds, a page advertising none (its feed
    /// is at /index.xml), and a page with no feed anywhere on a second server.
    private func site() throws -> LoopbackHTTPServer {
        let atom = try NewsmenuProcess.fixture("world.atom")
        let rdf = try NewsmenuProcess.fixture("tech.rdf")
        return try LoopbackHTTPServer { request in
            switch request.path {
            case "/world.atom", "/index.xml": return .init(headers: ["Content-Type": "application/atom+xml"], body: atom)
            case "/tech.rdf": return .init(headers: ["Content-Type": "application/rdf+xml"], body: rdf)
            case "/blog":
                return .init(contentType: "text/html; charset=utf-8", body: """
                    <!DOCTYPE html><html><head><title>Blog</title>
                    <link rel="alternate" type="application/atom+xml" href="/world.atom">
                    <link rel="alternate" type="application/rss+xml" href="/tech.rdf">
                    </head><body>hello</body></html>
                    """)
            case "/plain": return .init(contentType: "text/html", body: "<html><head><title>Plain</title></head><body></body></html>")
            case "/moved.xml": return .init(status: 301, headers: ["Location": "/world.atom"])
            case "/elsewhere.xml": return .init(status: 302, headers: ["Location": "/tech.rdf"])
            default: return .init(status: 404)
            }
        }
    }

    private let original = """
        {
          "tabs": [
            { "name": "ニュース", "feeds": [ { "url": "https://old.example/rss", "title": "Old" } ] }
          ],
          "fetch": { "timeout": 20 }
        }

        """

    /// A fresh directory with `original` as its feeds.json, and the environment naming it.
    private func configured() throws -> (directory: TemporaryDirectory, config: String, environment: [String: String]) {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", original)
        return (directory, config, ["NEWSMENU_CONFIG": config])
    }

    @Test("add on a page lists its advertised feeds, takes --pick, and keeps the old config as .bak")
    func addFromPage() throws {
        let server = try site()
        let (directory, config, environment) = try configured()

        let added = try NewsmenuProcess.run(["add", server.baseURL + "/blog", "--tab", "テック", "--pick", "2"],
                                            environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("1. \(server.baseURL)/world.atom"))
        #expect(added.stdout.contains("2. \(server.baseURL)/tech.rdf  (chosen)"))
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.contains("{ \"name\": \"ニュース\", \"feeds\": [ { \"url\": \"https://old.example/rss\", \"title\": \"Old\" } ] },"))
        #expect(text.contains("\"url\": \"\(server.baseURL)/tech.rdf\""))
        #expect(text.contains("\"fetch\": { \"timeout\": 20 }"))
        #expect(try String(contentsOfFile: config + ".bak", encoding: .utf8) == original)

        let tabs = try NewsmenuProcess.run(["tabs", "--db", directory.path + "/news.db"], environment: environment)
        #expect(tabs.stdout.contains("テック"))

        let again = try NewsmenuProcess.run(["add", server.baseURL + "/tech.rdf", "--tab", "テック"], environment: environment)
        #expect(again.status == 1)
        #expect(again.stderr.contains("already has"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == text)
    }

    @Test("add subscribes to where a permanent redirect leads, so the moved feed is not added twice; a temporary one is kept")
    func addAfterRedirects() throws {
        let server = try site()
        let (_, config, environment) = try configured()

        let moved = try NewsmenuProcess.run(["add", server.baseURL + "/moved.xml", "--tab", "海外"], environment: environment)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("\(server.baseURL)/moved.xml has moved permanently to \(server.baseURL)/world.atom"))
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.contains("\"url\": \"\(server.baseURL)/world.atom\""))
        #expect(!text.contains("moved.xml"))
        let twice = try NewsmenuProcess.run(["add", server.baseURL + "/world.atom", "--tab", "海外"], environment: environment)
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("already has"))

        let temporary = try NewsmenuProcess.run(["add", server.baseURL + "/elsewhere.xml", "--tab", "海外"],
                                                environment: environment)
        #expect(temporary.status == 0, "\(temporary.stderr)")
        #expect(!temporary.stdout.contains("moved permanently"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"url\": \"\(server.baseURL)/elsewhere.xml\""))
    }

    @Test("add takes a feed file's path as its file URL, lowercases a URL's scheme and host, and refuses anything else unfetched")
    func addPathsAndCase() throws {
        let server = try site()
        let (directory, config, environment) = try configured()
        let file = try directory.write("local feed.atom", String(decoding: try NewsmenuProcess.fixture("world.atom"), as: UTF8.self))
        let local = try NewsmenuProcess.run(["add", file, "--tab", "海外"], environment: environment)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"url\": \"file://\(directory.path)/local%20feed.atom\""))

        #expect(try NewsmenuProcess.run(["add", server.baseURL + "/tech.rdf", "--tab", "海外"], environment: environment).status == 0)
        let shouted = "HTTP://" + server.baseURL.dropFirst("http://".count) + "/tech.rdf"
        let again = try NewsmenuProcess.run(["add", shouted, "--tab", "海外"], environment: environment)
        #expect(again.status == 1 && again.stderr.contains("already has"), "\(again.stderr)")

        let before = server.requests.count
        let nothing = try NewsmenuProcess.run(["add", "srv/en.xml", "--tab", "海外"], environment: environment)
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("'srv/en.xml' is neither a URL (http://, https:// or file:///) nor a file here"))
        let ftp = try NewsmenuProcess.run(["add", "FTP://example.com/feed", "--tab", "海外"], environment: environment)
        #expect(ftp.status == 64 && ftp.stderr.contains("is not an http, https or file URL"))
        #expect(server.requests.count == before)
    }

    @Test("add on a page that advertises nothing finds the feed at a common path; no feed at all fails")
    func addByCommonPath() throws {
        let server = try site()
        let setup = try configured()
        let (config, environment) = (setup.config, setup.environment)

        let added = try NewsmenuProcess.run(["add", server.baseURL + "/plain", "--tab", "ニュース", "--title", "Wire"],
                                            environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("1. \(server.baseURL)/index.xml"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains(
            "{ \"url\": \"\(server.baseURL)/index.xml\", \"title\": \"Wire\" }"))

        let other = try LoopbackHTTPServer { _ in .init(contentType: "text/html", body: "<html><body>no feeds</body></html>") }
        let failed = try NewsmenuProcess.run(["add", other.baseURL + "/", "--tab", "ニュース"], environment: environment)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("advertises no feed"))
    }

    @Test("add takes the first advertised feed by default (a JSON Feed here), refuses a --pick beyond the list, and probes /feed.json")
    func addJSONFeedAndDefaults() throws {
        let atom = try NewsmenuProcess.fixture("world.atom")
        let json = Data(#"{"version": "https://jsonfeed.org/version/1.1", "title": "JSON Wire", "items": [{"id": "1", "title": "One", "url": "https://j.example/1", "content_text": "x"}]}"#.utf8)
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/feed.json": return .init(headers: ["Content-Type": "application/feed+json"], body: json)
            case "/world.atom": return .init(headers: ["Content-Type": "application/atom+xml"], body: atom)
            case "/two":
                return .init(contentType: "text/html", body: """
                    <html><head><link rel="alternate" type="application/feed+json" title="JSON" href="feed.json">
                    <link rel="alternate" type="application/atom+xml" href="/world.atom"></head><body></body></html>
                    """)
            case "/none": return .init(contentType: "text/html", body: "<html><head><title>None</title></head></html>")
            default: return .init(status: 404)
            }
        }
        let setup = try configured()
        let (config, environment) = (setup.config, setup.environment)

        let beyond = try NewsmenuProcess.run(["add", server.baseURL + "/two", "--tab", "J", "--pick", "3"], environment: environment)
        #expect(beyond.status == 64)
        #expect(beyond.stderr.contains("--pick 3: only 2 feeds found"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == original)

        let first = try NewsmenuProcess.run(["add", server.baseURL + "/two", "--tab", "J"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("1. \(server.baseURL)/feed.json  (chosen)"))
        #expect(first.stdout.contains("2. \(server.baseURL)/world.atom\n"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains(
            "{ \"url\": \"\(server.baseURL)/feed.json\", \"title\": \"JSON Wire\" }"))

        let probed = try NewsmenuProcess.run(["add", server.baseURL + "/none", "--tab", "P"], environment: environment)
        #expect(probed.status == 0, "\(probed.stderr)")
        #expect(probed.stdout.contains("1. \(server.baseURL)/feed.json  (chosen)"))
        #expect(!probed.stdout.contains("2. "))
    }

    @Test("add refuses a URL that does not parse, and needs --tab")
    func addRefusals() throws {
        let server = try site()
        let setup = try configured()
        let (config, environment) = (setup.config, setup.environment)
        let missing = try NewsmenuProcess.run(["add", server.baseURL + "/nothing.xml", "--tab", "X"], environment: environment)
        #expect(missing.status == 1)
        // The URL once, then what went wrong.
        #expect(missing.stderr.contains("newsmenu: \(server.baseURL)/nothing.xml: HTTP 404 Not Found\n"), "\(missing.stderr)")
        let noTab = try NewsmenuProcess.run(["add", server.baseURL + "/world.atom"], environment: environment)
        #expect(noTab.status == 64)
        #expect(try String(contentsOfFile: config, encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: config + ".bak"))
    }

    @Test("add creates the config when there is none")
    func addCreatesConfig() throws {
        let server = try site()
        let directory = try TemporaryDirectory()
        let config = directory.path + "/sub/feeds.json"
        let added = try NewsmenuProcess.run(["add", server.baseURL + "/world.atom", "--tab", "海外"],
                                            environment: ["NEWSMENU_CONFIG": config])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("(World Wire)"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"name\": \"海外\""))
    }

    @Test("tab and remove edit the file in place; an edit that would break the config writes nothing")
    func tabAndRemove() throws {
        let (directory, config, environment) = try configured()
        let run = { (arguments: [String]) throws -> NewsmenuRun in try NewsmenuProcess.run(arguments, environment: environment) }

        #expect(try run(["tab", "add", "エンタメ"]).status == 0)
        #expect(try run(["tab", "move", "エンタメ", "1"]).status == 0)
        #expect(try run(["tab", "rename", "ニュース", "News"]).status == 0)
        let removeBusy = try run(["tab", "remove", "News"])
        #expect(removeBusy.status == 1)
        #expect(removeBusy.stderr.contains("--force"))
        #expect(try run(["remove", "https://old.example/rss"]).status == 0)
        #expect(try run(["tab", "remove", "News"]).status == 0)
        let last = try run(["tab", "remove", "エンタメ"])
        #expect(last.status == 78)
        #expect(last.stderr.contains("nothing written"))
        #expect(try run(["tab", "frobnicate", "x"]).status == 64)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text == """
            {
              "tabs": [
                {
                  "name": "エンタメ",
                  "feeds": []
                }
              ],
              "fetch": { "timeout": 20 }
            }

            """)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".feeds") }
        #expect(leftovers.isEmpty)
    }

    @Test("an unknown tab and a position past the last tab are usage errors (64) naming the tabs or the range, and write nothing")
    func unknownTabIsUsage() throws {
        let setup = try configured()
        let (config, environment) = (setup.config, setup.environment)
        for arguments in [["tab", "rename", "nope", "X"], ["tab", "remove", "nope"], ["tab", "move", "nope", "1"],
                          ["remove", "https://old.example/rss", "--tab", "nope"]] {
            let run = try NewsmenuProcess.run(arguments, environment: environment)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("no tab named \"nope\" (tabs: \"ニュース\")"), "\(arguments): \(run.stderr)")
        }
        let beyond = try NewsmenuProcess.run(["tab", "move", "ニュース", "99"], environment: environment)
        #expect(beyond.status == 64)
        #expect(beyond.stderr.contains("position 99 is outside 1…1: there is 1 tab"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: config + ".bak"))
    }

    @Test("a symlinked config stays a symlink; the file it points to is edited")
    func symlinkedConfig() throws {
        let (directory, target, _) = try configured()
        let link = directory.path + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try NewsmenuProcess.run(["tab", "add", "リンク"], environment: ["NEWSMENU_CONFIG": link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"name\": \"リンク\""))
        #expect(try String(contentsOfFile: target + ".bak", encoding: .utf8) == original)
    }

    @Test("a write killed before its rename leaves the old config whole")
    func killedWrite() throws {
        let (directory, config, _) = try configured()
        // What a kill mid-write leaves: a half temporary file beside an untouched config.
        try directory.write(".feeds.json.AbC123", "{\n  \"tabs\": [")
        let tabs = try NewsmenuProcess.run(["tab", "add", "後"], environment: ["NEWSMENU_CONFIG": config])
        #expect(tabs.status == 0)
        #expect(try String(contentsOfFile: config + ".bak", encoding: .utf8) == original)
        let show = try NewsmenuProcess.run(["tabs", "--db", directory.path + "/n.db"], environment: ["NEWSMENU_CONFIG": config])
        #expect(show.stdout.contains("後"))
    }
}

/// `tab rename` with a database: the stored tab is renamed with the config's.
@Suite("newsmenu tab rename keeps the stored tab")
struct TabRenameStoreTests {
    @Test("a renamed tab keeps its new markers, its saved cursor and being the tab viewed last")
    func renameKeepsTabState() throws {
        let directory = try TemporaryDirectory()
        let feed = "file://\(directory.path)/alpha.rss"
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "Alpha", "feeds": ["\(feed)"]}, {"name": "Beta"}]}
            """)
        let database = directory.path + "/news.db"
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": database]
        let run = { (arguments: [String]) throws -> NewsmenuRun in try NewsmenuProcess.run(arguments, environment: environment) }
        // Undated items: each is dated when first seen, so none is older than retention.
        func publish(_ count: Int) throws {
            let items = (1...count).map { "<item><title>R\($0)</title><guid>r\($0)</guid></item>" }.joined()
            try directory.write("alpha.rss", "<rss version=\"2.0\"><channel><title>Alpha feed</title>\(items)</channel></rss>")
        }
        func alphaCounts(_ name: String) throws -> [String: Any] {
            let tabs = try run(["tabs", "--json"])
            let counts = try #require(JSONSerialization.jsonObject(with: Data(tabs.stdout.utf8)) as? [[String: Any]])
            return try #require(counts.first { $0["name"] as? String == name })
        }

        try publish(1)
        #expect(try run(["fetch"]).status == 0)
        #expect(try run(["show", "--print", "--tab", "Alpha"]).status == 0)
        // A look covers what was first seen up to its second.
        Thread.sleep(forTimeInterval: 1.1)
        try publish(2)
        #expect(try run(["fetch", "--force"]).status == 0)
        #expect(try alphaCounts("Alpha")["new"] as? Int == 1)
        // What the interactive view keeps for the tab.
        do {
            let store = try FeedStore(path: database)
            try store.setSetting("last_tab", to: "Alpha")
            try store.setSetting("cursor:Alpha", to: "2 1")
        }

        let renamed = try run(["tab", "rename", "Alpha", "Gamma"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let counts = try alphaCounts("Gamma")
        #expect(counts["new"] as? Int == 1 && counts["unread"] as? Int == 2)
        let show = try run(["show", "--json", "--tab", "Gamma"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let articles = try #require(document["articles"] as? [[String: Any]])
        #expect(articles.first { $0["title"] as? String == "R2" }?["new"] as? Bool == true)
        #expect(articles.first { $0["title"] as? String == "R1" }?["new"] as? Bool == false)
        let store = try FeedStore(path: database)
        #expect(try store.setting("last_tab") == "Gamma")
        #expect(try store.setting("cursor:Gamma") == "2 1")
        #expect(try store.setting("cursor:Alpha") == nil)
    }
}
