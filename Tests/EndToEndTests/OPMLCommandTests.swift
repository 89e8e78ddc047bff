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

    @Test("export then import into an empty config keeps tab names, URLs and titles")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write("source.json", """
            {"tabs": [
              {"name": "おすすめ & 話題", "feeds": [
                {"url": "https://a.example/rss?x=1&y=2", "title": "A <&> \\"B\\""},
                "https://b.example/atom"
              ]},
              {"name": "Tech/Deep", "feeds": [{"url": "https://c.example/feed.json", "title": "Ελληνικά"}]},
              {"name": "空", "feeds": []}
            ]}
            """)
        let export = try NewsmenuProcess.run(["export"], environment: ["NEWSMENU_CONFIG": source])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        #expect(export.stdout.contains("<outline text=\"おすすめ &amp; 話題\" title=\"おすすめ &amp; 話題\">"))
        let opml = try directory.write("export.opml", export.stdout)

        let target = directory.path + "/target.json"
        let imported = try NewsmenuProcess.run(["import", opml], environment: ["NEWSMENU_CONFIG": target])
        #expect(imported.status == 0, "\(imported.stderr)")
        let exportedAgain = try NewsmenuProcess.run(["export"], environment: ["NEWSMENU_CONFIG": target])
        let withoutDate = { (text: String) in text.split(separator: "\n").filter { !$0.contains("<dateCreated>") } }
        #expect(withoutDate(exportedAgain.stdout) == withoutDate(export.stdout))
        let tabs = try NewsmenuProcess.run(["tabs", "--db", directory.path + "/n.db", "--json"], environment: ["NEWSMENU_CONFIG": target])
        #expect(tabs.stdout.contains("Tech/Deep"))
    }
}
