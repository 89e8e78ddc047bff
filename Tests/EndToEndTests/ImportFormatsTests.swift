// `import` of what newsboat, sfeed and OPML 2.0 exporters leave a migrant with, through the
// binary: tabs from tags and categories, skipped lines named, duplicates across formats,
// an unknown file refused with the formats it could be, and the config written loading.
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu import of newsboat, sfeed and OPML 2.0 files")
struct ImportFormatsTests {
    private func fixturePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NewsOPMLTests/Fixtures").appendingPathComponent(name).path
    }

    @Test("a newsboat urls file: untagged feeds need --tab; first tags become tabs, ~ titles; query, exec, filter and hidden lines warned by number; the config loads")
    func newsboatURLs() throws {
        let directory = try TemporaryDirectory()
        let config = directory.path + "/feeds.json"
        let environment = ["NEWSMENU_CONFIG": config]
        let refused = try NewsmenuProcess.run(["import", fixturePath("newsboat-urls")], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("has feeds without a tag: name the tab for them with --tab NAME"), "\(refused.stderr)")

        let run = try NewsmenuProcess.run(["import", fixturePath("newsboat-urls"), "--tab", "Inbox"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("imported 5 feeds, skipped 0 duplicates and 4 lines, created 3 tabs"), "\(run.stdout)")
        for line in [5, 7, 8, 9] {
            #expect(run.stderr.contains("newsboat-urls: skipped line \(line) "), "line \(line): \(run.stderr)")
        }
        #expect(try configLines(config) == ["tech | https://nb.example/f0.xml | Zero Feed", "tech | https://nb.example/f1.xml | -",
                                            "news and politics | https://nb.example/f2.xml | ニュース二",
                                            "Inbox | https://nb.example/f4.xml?a=1&b=2 | -", "Inbox | https://nb.example/f6.xml | -"])
        let tabs = try NewsmenuProcess.run(["tabs", "--json", "--db", directory.path + "/n.db"], environment: environment)
        #expect(tabs.status == 0 && tabs.stderr.isEmpty, "\(tabs.stderr)")
        #expect(tabs.stdout.contains("news and politics"))
    }

    @Test("an sfeedrc goes into --tab with names as titles; a line it cannot read is warned of; standard input is read too")
    func sfeedrc() throws {
        let directory = try TemporaryDirectory()
        let config = directory.path + "/feeds.json"
        let run = try NewsmenuProcess.run(["import", fixturePath("sfeedrc"), "--tab", "sfeed"], environment: ["NEWSMENU_CONFIG": config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("sfeed: 9 added, 0 already there (new tab)"))
        #expect(try configLines(config).contains("sfeed | https://xkcd.com/atom.xml | xkcd"))

        let piped = Data("feeds() {\n\tfeed \"$NAME\" 'https://v.example/'\n\tfeed 'xkcd' 'https://xkcd.com/atom.xml'\n}\n".utf8)
        let again = try NewsmenuProcess.run(["import", "-", "--tab", "sfeed"], environment: ["NEWSMENU_CONFIG": config], stdin: piped)
        // Nothing added and a line skipped: exit 1, as for OPML, since the user has a line to fix.
        #expect(again.status == 1, "\(again.stderr)")
        #expect(again.stderr.contains("standard input: skipped line 2 \"feed \"$NAME\" 'https://v.example/'\""), "\(again.stderr)")
        #expect(again.stdout.contains("imported 0 feeds, skipped 1 duplicate and 1 line, created 0 tabs"), "\(again.stdout)")
    }

    @Test("newsboat's OPML 2.0 export and its urls file give the same tabs, so the second import only finds duplicates")
    func duplicatesAcrossFormats() throws {
        let directory = try TemporaryDirectory()
        let environment = ["NEWSMENU_CONFIG": directory.path + "/feeds.json"]
        let opml = try NewsmenuProcess.run(["import", fixturePath("newsboat-opml2.opml")], environment: environment)
        #expect(opml.status == 0, "\(opml.stderr)")
        #expect(opml.stdout.contains("tech: 2 added, 0 already there (new tab)"), "\(opml.stdout)")
        #expect(opml.stdout.contains("news and politics: 1 added, 0 already there (new tab)"))
        let urls = try NewsmenuProcess.run(["import", fixturePath("newsboat-urls"), "--tab", "Inbox"], environment: environment)
        #expect(urls.stdout.contains("tech: 0 added, 2 already there\n"), "\(urls.stdout)")
        #expect(urls.stdout.contains("news and politics: 0 added, 1 already there\n"))
        #expect(urls.stdout.contains("imported 2 feeds, skipped 3 duplicates and 4 lines, created 1 tab"))
    }

    @Test("a file in no format import reads says which formats it takes, and writes nothing")
    func unknownFormat() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("notes.txt", "my feeds:\nhttps://a.example/\n")
        let run = try NewsmenuProcess.run(["import", file, "--tab", "T"], environment: ["NEWSMENU_CONFIG": directory.path + "/feeds.json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("notes.txt: not a subscription list newsmenu reads: it reads OPML, a newsboat urls file"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/feeds.json"))
    }

    @Test("feeds imported into a tab the config has disabled are warned of, naming that tab and no other")
    func disabledTab() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"tech\", \"enabled\": false, \"feeds\": []}]}\n")
        let run = try NewsmenuProcess.run(["import", fixturePath("newsboat-opml2.opml")], environment: ["NEWSMENU_CONFIG": config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: the tab tech is disabled: the feeds imported into it are neither fetched nor shown"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("news and politics"))
    }

    /// The config's feeds as `tab | url | title` lines, in file order (`-` for no title).
    @Test("feed: URLs (feed://, feed:https://, feed://https://) are imported as the web addresses they stand for")
    func feedSchemeURLs() throws {
        let directory = try TemporaryDirectory()
        let config = directory.path + "/feeds.json"
        let urls = try directory.write("urls", """
            feed://a.example/rss "web"
            feed:https://b.example/atom.xml "web"
            FEED://https://c.example/feed "web"
            """)
        let run = try NewsmenuProcess.run(["import", urls], environment: ["NEWSMENU_CONFIG": config])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(try configLines(config) == ["web | http://a.example/rss | -", "web | https://b.example/atom.xml | -",
                                            "web | https://c.example/feed | -"])
    }

    private func configLines(_ path: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return try #require(root["tabs"] as? [[String: Any]]).flatMap { tab -> [String] in
            (tab["feeds"] as? [Any] ?? []).map { entry in
                let object = entry as? [String: Any] ?? ["url": entry]
                return "\(tab["name"] as? String ?? "?") | \(object["url"] as? String ?? "?") | \(object["title"] as? String ?? "-")"
            }
        }
    }
}
