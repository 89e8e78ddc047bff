// `import` and `export` through the binary: folders into tabs, duplicates skipped and
// reported, and export → import into an empty config giving back the same tabs and feeds.
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu import and export")
struct OPMLCommandTests {
    /// The exporters' files that NewsOPMLTests reads too.
    private func fixturePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NewsOPMLTests/Fixtures").appendingPathComponent(name).path
    }

    @Test("nested folders become Parent/Child tabs, or their top tab with --flatten; a second import skips everything")
    func importFolders() throws {
        let directory = try TemporaryDirectory()
        let config = directory.path + "/feeds.json"
        let environment = ["NEWSMENU_CONFIG": config]
        let first = try NewsmenuProcess.run(["import", fixturePath("thunderbird.opml")], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Blogs & News Feeds: 1 added, 0 already there (new tab)"))
        #expect(first.stdout.contains("Blogs & News Feeds/Science: 1 added, 0 already there (new tab)"))
        let second = try NewsmenuProcess.run(["import", fixturePath("thunderbird.opml")], environment: environment)
        #expect(second.stdout.contains("imported 0 feeds, skipped 2 duplicates, created 0 tabs"))

        let flatConfig = directory.path + "/flat.json"
        let flat = try NewsmenuProcess.run(["import", fixturePath("thunderbird.opml"), "--flatten"],
                                           environment: ["NEWSMENU_CONFIG": flatConfig])
        #expect(flat.stdout.contains("Blogs & News Feeds: 2 added, 0 already there (new tab)"))
        #expect(flat.stdout.contains("created 1 tab"))
    }

    @Test("feeds outside any folder need --tab, and go there")
    func looseFeeds() throws {
        let directory = try TemporaryDirectory()
        let environment = ["NEWSMENU_CONFIG": directory.path + "/feeds.json"]
        let refused = try NewsmenuProcess.run(["import", fixturePath("netnewswire.opml")], environment: environment)
        #expect(refused.status == 64)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/feeds.json"))
        let taken = try NewsmenuProcess.run(["import", fixturePath("netnewswire.opml"), "--tab", "受信箱"], environment: environment)
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stdout.contains("受信箱: 1 added"))
        #expect(taken.stdout.contains("Apple: 2 added"))
    }

    @Test("20,000 feeds in 200 folders import in one edit: every feed lands, the one already there is skipped, within a minute (was hours)")
    func largeImport() throws {
        let directory = try TemporaryDirectory()
        let outlines = (0..<200).map { folder in
            "<outline text=\"Folder \(folder)\">" + (0..<100).map { feed in
                "<outline type=\"rss\" text=\"feed \(folder)-\(feed)\" xmlUrl=\"https://h.example/\(folder)/\(feed).xml\"/>"
            }.joined() + "</outline>"
        }.joined(separator: "\n")
        let opml = try directory.write("large.opml", "<?xml version=\"1.0\"?><opml version=\"2.0\"><body>\n\(outlines)\n</body></opml>")
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"Folder 7\", \"feeds\": [\"https://h.example/7/3.xml\"]}]}\n")
        let started = Date()
        let importing = try NewsmenuProcess.start(["import", opml], environment: ["NEWSMENU_CONFIG": config])
        // Linear work takes a second or two here, even in a debug build; one parse of the
        // config per feed took 20 s for 2,000 feeds and would take hours for these.
        while importing.isRunning, Date().timeIntervalSince(started) < 60 { Thread.sleep(forTimeInterval: 0.05) }
        // SIGKILL: a busy import does not stop for SIGTERM.
        if importing.isRunning { kill(importing.processIdentifier, SIGKILL) }
        importing.waitUntilExit()
        #expect(importing.terminationReason == .exit && importing.terminationStatus == 0)
        let lines = try feedLines(inConfig: config)
        #expect(lines.count == 20_000)
        #expect(lines.prefix(3) == ["Folder 7 | https://h.example/7/3.xml | -", "Folder 7 | https://h.example/7/0.xml | feed 7-0",
                                    "Folder 7 | https://h.example/7/1.xml | feed 7-1"])
        #expect(lines.last == "Folder 199 | https://h.example/199/99.xml | feed 199-99")
    }

    @Test("an outline whose xmlUrl the config would refuse is skipped with a warning naming the file and the outline; the rest is imported")
    func invalidFeedURLs() throws {
        let directory = try TemporaryDirectory()
        let opml = try directory.write("mixed.opml", """
            <?xml version="1.0"?><opml version="2.0"><body><outline text="Mixed">
            <outline type="rss" text="Good" xmlUrl="https://good.example/rss"/>
            <outline type="rss" text="Bad" xmlUrl="ftp://x/y"/>
            <outline type="rss" text="Relative" xmlUrl="/relative/feed.xml"/>
            </outline></body></opml>
            """)
        let config = directory.path + "/feeds.json"
        let run = try NewsmenuProcess.run(["import", opml], environment: ["NEWSMENU_CONFIG": config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(opml): skipped outline \"Bad\" (xmlUrl \"ftp://x/y\"): not an http, https or file URL"))
        #expect(run.stderr.contains("\(opml): skipped outline \"Relative\" (xmlUrl \"/relative/feed.xml\")"))
        #expect(run.stdout.contains("Mixed: 1 added, 0 already there (new tab)"))
        #expect(run.stdout.contains("imported 1 feed, skipped 0 duplicates and 2 invalid outlines, created 1 tab"))
        #expect(try feedLines(inConfig: config) == ["Mixed | https://good.example/rss | Good"])

        let onlyBad = try directory.write("bad.opml", """
            <?xml version="1.0"?><opml version="2.0"><body><outline text="Bad" xmlUrl="gopher://x/"/></body></opml>
            """)
        let nothing = try NewsmenuProcess.run(["import", onlyBad, "--tab", "受信箱"], environment: ["NEWSMENU_CONFIG": config])
        #expect(nothing.status == 1)
        #expect(nothing.stdout.contains("imported 0 feeds, skipped 0 duplicates and 1 invalid outline"))
        #expect(try feedLines(inConfig: config) == ["Mixed | https://good.example/rss | Good"])
    }

    @Test("import - reads standard input; a feed outline without xmlUrl (a site's htmlUrl alone too) is skipped with a warning; a folder holding only folders makes no tab, an empty one none and a warning")
    func standardInputAndOddOutlines() throws {
        let directory = try TemporaryDirectory()
        let opml = Data("""
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline type="rss" text="NoURL"/>
            <outline text="Plain site" htmlUrl="https://site.example/"/>
            <outline text="Parent"><outline text="Child"><outline type="rss" text="Deep" xmlUrl="https://deep.example/rss"/></outline>
              <outline text="Other"><outline type="rss" text="Also" xmlUrl="https://also.example/rss"/></outline></outline>
            <outline text="Empty"></outline>
            </body></opml>
            """.utf8)
        let config = directory.path + "/feeds.json"
        let run = try NewsmenuProcess.run(["import", "-"], environment: ["NEWSMENU_CONFIG": config], stdin: opml)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("standard input: skipped outline \"NoURL\": it has no xmlUrl"))
        #expect(run.stderr.contains("standard input: skipped outline \"Plain site\": it has no xmlUrl"), "\(run.stderr)")
        #expect(run.stderr.contains("standard input: skipped folder \"Empty\": it holds no feeds, so it makes no tab"), "\(run.stderr)")
        #expect(run.stdout.contains("imported 2 feeds, skipped 0 duplicates and 3 invalid outlines, created 2 tabs"), "\(run.stdout)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: config))) as? [String: Any])
        #expect((root["tabs"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Parent/Child", "Parent/Other"])
        #expect(try feedLines(inConfig: config) == ["Parent/Child | https://deep.example/rss | Deep",
                                                    "Parent/Other | https://also.example/rss | Also"])

        let flat = directory.path + "/flat.json"
        let flattened = try NewsmenuProcess.run(["import", "-", "--flatten"], environment: ["NEWSMENU_CONFIG": flat], stdin: opml)
        #expect(flattened.status == 0, "\(flattened.stderr)")
        #expect(try feedLines(inConfig: flat) == ["Parent | https://deep.example/rss | Deep", "Parent | https://also.example/rss | Also"])
    }

    @Test("export then import into an empty config keeps tab names, URLs, titles, and disabled tabs, colours and intervals")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write("source.json", """
            {"tabs": [
              {"name": "おすすめ & 話題", "color": "bright-blue", "interval": "2h", "feeds": [
                {"url": "https://a.example/rss?x=1&y=2", "title": "A <&> \\"B\\"", "interval": "15m"},
                "https://b.example/atom"
              ]},
              {"name": "Tech/Deep", "feeds": [{"url": "https://c.example/feed.json", "title": "Ελληνικά"}]},
              {"name": "空", "feeds": []},
              {"name": "休止", "enabled": false, "feeds": ["https://d.example/rss"]}
            ]}
            """)
        let export = try NewsmenuProcess.run(["export"], environment: ["NEWSMENU_CONFIG": source])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\" "
                                        + "xmlns:newsmenu=\"https://github.com/newsmenu/newsmenu#opml\">"))
        #expect(export.stdout.contains("<outline text=\"おすすめ &amp; 話題\" title=\"おすすめ &amp; 話題\" "
                                       + "newsmenu:color=\"bright-blue\" newsmenu:interval=\"7200\">"))
        #expect(export.stdout.contains("<outline text=\"休止\" title=\"休止\" newsmenu:enabled=\"false\">"))
        let opml = try directory.write("export.opml", export.stdout)

        let target = directory.path + "/target.json"
        let imported = try NewsmenuProcess.run(["import", opml], environment: ["NEWSMENU_CONFIG": target])
        #expect(imported.status == 0, "\(imported.stderr)")
        let exportedAgain = try NewsmenuProcess.run(["export"], environment: ["NEWSMENU_CONFIG": target])
        let withoutDate = { (text: String) in text.split(separator: "\n").filter { !$0.contains("<dateCreated>") } }
        #expect(withoutDate(exportedAgain.stdout) == withoutDate(export.stdout))
        let tabs = try NewsmenuProcess.run(["tabs", "--db", directory.path + "/n.db", "--json"], environment: ["NEWSMENU_CONFIG": target])
        #expect(tabs.stdout.contains("Tech/Deep"))
        #expect(!tabs.stdout.contains("休止"), "the disabled tab came back enabled: \(tabs.stdout)")
        #expect(imported.stdout.contains("休止: 1 added, 0 already there (new tab, disabled as in the file)"), "\(imported.stdout)")
        let config = try String(contentsOfFile: target, encoding: .utf8)
        #expect(config.contains("\"enabled\": false") && config.contains("\"color\": \"bright-blue\"")
                && config.contains("\"interval\": \"2h\"") && config.contains("\"interval\": \"15m\""), "\(config)")
    }

    @Test("newsmenu's settings in an OPML file that the config would refuse are left out with a warning; the outlines are imported")
    func refusedSettings() throws {
        let directory = try TemporaryDirectory()
        let opml = try directory.write("odd.opml", """
            <?xml version="1.0"?>
            <opml version="2.0" xmlns:newsmenu="https://github.com/newsmenu/newsmenu#opml"><body>
              <outline text="T" newsmenu:color="ochre" newsmenu:interval="30">
                <outline type="rss" text="F" xmlUrl="https://f.example/rss" newsmenu:interval="-5"/>
              </outline>
              <outline text="U" enabled="false" color="red"><outline type="rss" xmlUrl="https://u.example/rss"/></outline>
            </body></opml>
            """)
        let target = directory.path + "/target.json"
        let run = try NewsmenuProcess.run(["import", opml], environment: ["NEWSMENU_CONFIG": target])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the tab T's colour \"ochre\" is not a colour name or #rrggbb; left out"), "\(run.stderr)")
        #expect(run.stderr.contains("the tab T: interval 30 s is not from 1 minute to 30 days; left out"), "\(run.stderr)")
        let config = try String(contentsOfFile: target, encoding: .utf8)
        // Attributes outside newsmenu's namespace are another program's: U stays enabled and uncoloured.
        #expect(!config.contains("color") && !config.contains("enabled") && !config.contains("interval"), "\(config)")
        #expect(config.contains("https://f.example/rss") && config.contains("https://u.example/rss"))
    }

    /// The config's feeds as `tab | url | title` lines, in file order (`-` for no title).
    private func feedLines(inConfig path: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let tabs = try #require(root["tabs"] as? [[String: Any]])
        return tabs.flatMap { tab -> [String] in
            let name = tab["name"] as? String ?? "?"
            return (tab["feeds"] as? [Any] ?? []).map { entry in
                if let url = entry as? String { return "\(name) | \(url) | -" }
                let object = entry as? [String: Any] ?? [:]
                return "\(name) | \(object["url"] as? String ?? "?") | \(object["title"] as? String ?? "-")"
            }
        }
    }

    @Test("the five readers' files import with their folder names, URLs and titles (& and any script intact), and survive export → import")
    func fiveReaders() throws {
        let directory = try TemporaryDirectory()
        let config = directory.path + "/feeds.json"
        for (file, extra) in [("newsboat.opml", ["--tab", "受信箱"]), ("feedly.opml", []), ("inoreader.xml", []),
                              ("netnewswire.opml", ["--tab", "受信箱"]), ("thunderbird.opml", [])] {
            let run = try NewsmenuProcess.run(["import", fixturePath(file)] + extra, environment: ["NEWSMENU_CONFIG": config])
            #expect(run.status == 0, "\(file): \(run.stderr)")
        }
        let expected = [
            "受信箱 | https://www.nhk.or.jp/rss/news/cat0.xml | NHKニュース",
            "受信箱 | https://example.com/a?x=1&y=2 | Tom & Jerry",
            "受信箱 | https://lwn.net/headlines/rss | -",
            "受信箱 | https://daringfireball.net/feeds/main | Daring Fireball",
            "テック | https://www.publickey1.jp/atom.xml | Publickey",
            "テック | https://feeds.arstechnica.com/arstechnica/index | Ars Technica",
            "News & Politics | https://feeds.bbci.co.uk/news/world/rss.xml | BBC News - World",
            "エンタメ | https://natalie.mu/music/feed/news | 音楽ナタリー",
            "エンタメ | https://variety.com/feed/ | Variety",
            "ニュース | https://www.nhk.or.jp/rss/news/cat0.xml | NHK 主要ニュース",
            "Apple | https://feedpress.me/sixcolors | Six Colors",
            "Apple | https://cafe.example/feed.json | Café & Code",
            "Blogs & News Feeds | https://greek.example/rss | Ελληνικά νέα",
            "Blogs & News Feeds/Science | https://www.nature.com/nature.rss | Nature – latest",
        ]
        #expect(try feedLines(inConfig: config) == expected)

        let export = try NewsmenuProcess.run(["export"], environment: ["NEWSMENU_CONFIG": config])
        let opml = try directory.write("all.opml", export.stdout)
        let copy = directory.path + "/copy.json"
        let reimported = try NewsmenuProcess.run(["import", opml], environment: ["NEWSMENU_CONFIG": copy])
        #expect(reimported.status == 0, "\(reimported.stderr)")
        #expect(try feedLines(inConfig: copy) == expected)
    }
}
