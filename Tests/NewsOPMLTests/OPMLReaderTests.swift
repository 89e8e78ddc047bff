// OPML as five real readers export it, read with libxml2: folders, titles, non-ASCII names
// and escaped ampersands; and the writer's output read back unchanged.
import Foundation
import Testing
@testable import NewsOPML

@Suite("OPML")
struct OPMLReaderTests {
    private func fixture(_ name: String) throws -> OPMLDocument {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try OPMLReader.read(try Data(contentsOf: url))
    }

    @Test("newsboat's flat export: every feed outside any folder, an empty title is no title")
    func newsboat() throws {
        let document = try fixture("newsboat.opml")
        #expect(document.title == "newsboat - Exported Feeds")
        #expect(document.folders == [OPMLFolder(path: [], feeds: [
            OPMLFeed(url: "https://www.nhk.or.jp/rss/news/cat0.xml", title: "NHKニュース", htmlURL: "https://www3.nhk.or.jp/news/"),
            OPMLFeed(url: "https://example.com/a?x=1&y=2", title: "Tom & Jerry", htmlURL: "https://example.com/"),
            OPMLFeed(url: "https://lwn.net/headlines/rss"),
        ])])
    }

    @Test("Feedly and Inoreader: one folder level, names with & and in Japanese")
    func feedlyAndInoreader() throws {
        let feedly = try fixture("feedly.opml")
        #expect(feedly.folders.map(\.path) == [["テック"], ["News & Politics"]])
        #expect(feedly.folders[0].feeds.map(\.title) == ["Publickey", "Ars Technica"])
        #expect(feedly.folders[1].feeds.map(\.url) == ["https://feeds.bbci.co.uk/news/world/rss.xml"])
        let inoreader = try fixture("inoreader.xml")
        #expect(inoreader.folders.map(\.path) == [["エンタメ"], ["ニュース"]])
        #expect(inoreader.folders[0].feeds.map(\.title) == ["音楽ナタリー", "Variety"])
    }

    @Test("NetNewsWire: top-level feeds and a folder, side by side")
    func netNewsWire() throws {
        let document = try fixture("netnewswire.opml")
        #expect(document.folders.map(\.path) == [[], ["Apple"]])
        #expect(document.folders[0].feeds.map(\.url) == ["https://daringfireball.net/feeds/main"])
        #expect(document.folders[1].feeds.map(\.title) == ["Six Colors", "Café & Code"])
    }

    @Test("Thunderbird: the account outline is a folder and folders nest inside it")
    func thunderbird() throws {
        let document = try fixture("thunderbird.opml")
        #expect(document.folders.map(\.path) == [["Blogs & News Feeds"], ["Blogs & News Feeds", "Science"]])
        #expect(document.folders[1].feeds == [
            OPMLFeed(url: "https://www.nature.com/nature.rss", title: "Nature – latest", htmlURL: "https://www.nature.com/"),
        ])
        #expect(document.folders[0].feeds.map(\.title) == ["Ελληνικά νέα"])
    }

    @Test("what the writer writes reads back the same, escapes and all")
    func roundTrip() throws {
        let document = OPMLDocument(title: "Mine & yours", folders: [
            OPMLFolder(path: ["ニュース & 話題"], feeds: [
                OPMLFeed(url: "https://a.example/rss?a=1&b=<2>", title: "A \"quoted\" & <tagged>"),
                OPMLFeed(url: "https://b.example/atom"),
            ]),
            OPMLFolder(path: ["空のタブ"], settings: OPMLTabSettings(enabled: false)),
            OPMLFolder(path: ["A/B"], feeds: [OPMLFeed(url: "https://c.example/", title: "Line\nbreak", htmlURL: "https://c.example/home",
                                                       interval: 900)],
                       settings: OPMLTabSettings(color: "#00ff00", interval: 3600)),
        ])
        let text = OPMLWriter.write(document, dateCreated: "Mon, 30 Nov 2026 06:00:00 GMT")
        #expect(text.contains("<opml version=\"2.0\" xmlns:newsmenu=\"https://github.com/newsmenu/newsmenu#opml\">"))
        #expect(text.contains("<outline text=\"空のタブ\" title=\"空のタブ\" newsmenu:enabled=\"false\"/>"))
        #expect(text.contains("xmlUrl=\"https://a.example/rss?a=1&amp;b=&lt;2&gt;\""))
        #expect(try OPMLReader.read(Data(text.utf8)) == document)
    }

    @Test("nested folders are written nested and read back as they were; loose feeds keep their place")
    func nestedRoundTrip() throws {
        let document = OPMLDocument(title: "Nested", folders: [
            OPMLFolder(path: ["World"], feeds: [OPMLFeed(url: "https://w.example/")]),
            OPMLFolder(path: ["World", "Asia"], feeds: [OPMLFeed(url: "https://asia.example/")]),
            OPMLFolder(path: ["World", "Asia", "日本"], feeds: [OPMLFeed(url: "https://jp.example/", title: "日本")]),
            OPMLFolder(path: [], feeds: [OPMLFeed(url: "https://loose.example/")]),
            OPMLFolder(path: ["World", "Europe"]),
            OPMLFolder(path: ["Tech"], feeds: [OPMLFeed(url: "https://t.example/")]),
        ])
        let text = OPMLWriter.write(document)
        #expect(text.contains("""
                <outline text="World" title="World">
                  <outline type="rss" text="https://w.example/" xmlUrl="https://w.example/"/>
                  <outline text="Asia" title="Asia">
                    <outline type="rss" text="https://asia.example/" xmlUrl="https://asia.example/"/>
                    <outline text="日本" title="日本">
                      <outline type="rss" text="日本" title="日本" xmlUrl="https://jp.example/"/>
                    </outline>
                  </outline>
                  <outline text="Europe" title="Europe"/>
                </outline>
                <outline type="rss" text="https://loose.example/" xmlUrl="https://loose.example/"/>
                <outline text="Tech" title="Tech">
            """))
        // The reader lists "World/Europe" where its outline opens, before the loose feed.
        var expected = document
        expected.folders.swapAt(3, 4)
        #expect(try OPMLReader.read(Data(text.utf8)) == expected)
    }

    @Test("a file that is not OPML, or not XML, is refused with a reason")
    func refusals() {
        #expect(throws: OPMLError(message: "not OPML: the root element is <rss>")) {
            try OPMLReader.read(Data("<rss version=\"2.0\"><channel/></rss>".utf8))
        }
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data("<opml><body><outline".utf8)) }
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data()) }
    }
}
