// RSS 0.91, Atom 0.3 and JSON Feed 1.1: the older and the non-XML formats map to the same model.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("RSS 0.91")
struct RSS091Tests {
    @Test("version 0.91 is rss091, with channel image, editor and items read")
    func rss091() throws {
        let feed = try Fixture.parse("rss091.xml")
        #expect(feed.format == .rss091)
        #expect(feed.title == "WriteTheWeb")
        #expect(feed.link == "http://writetheweb.com")
        #expect(feed.language == "en-us")
        #expect(feed.author == "editor@writetheweb.com")
        #expect(feed.image == "http://writetheweb.com/images/mynetscape88.gif")
        #expect(feed.articles.count == 2)
        let first = try #require(feed.articles.first)
        #expect(first.id == "http://writetheweb.com/read.php?item=24")
        #expect(first.summary?.contains("Gnutella — café edition") == true)
    }

    @Test("the RSS version attribute picks the format; 2.0.x and a missing version are RSS 2.0")
    func versions() throws {
        let expected: [(String?, FeedFormat)] = [
            ("0.91", .rss091), ("0.92", .rss092), ("0.93", .rss093), ("0.94", .rss094),
            ("2.0", .rss20), ("2.0.1", .rss20), (nil, .rss20),
        ]
        for (version, format) in expected {
            let attribute = version.map { " version=\"\($0)\"" } ?? ""
            let xml = "<rss\(attribute)><channel><title>v</title></channel></rss>"
            #expect(try FeedParser.parse(Data(xml.utf8), documentURL: nil).format == format)
        }
    }

    @Test("rdf:RDF in the RSS 0.90 namespace is rss090")
    func rss090() throws {
        let xml = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
            <channel><title>Mozilla Dot Org</title><link>http://www.mozilla.org</link></channel>
            <item><title>New Status Updates</title><link>http://www.mozilla.org/status/</link></item>
            </rdf:RDF>
            """
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        #expect(feed.format == .rss090)
        #expect(feed.articles.map(\.link) == ["http://www.mozilla.org/status/"])
    }
}

@Suite("Atom 0.3")
struct Atom03Tests {
    let feed: Feed

    init() throws {
        feed = try Fixture.parse("atom03.xml")
    }

    @Test("the Atom 0.3 namespace is atom03, with tagline, modified and an escaped html title")
    func channel() {
        #expect(feed.format == .atom03)
        #expect(feed.title == "古いブログ <Atom 0.3>")
        #expect(feed.subtitle == "2005年ごろのフィード")
        #expect(feed.link == "http://old.example.jp/")
        #expect(feed.author == "鈴木一郎")
        #expect(feed.updated == Fixture.utc(2005, 8, 15, 1))
    }

    @Test("issued is the published date, modified the updated one, escaped content stays HTML")
    func entry() throws {
        let entry = try #require(feed.articles.first)
        #expect(entry.published == Fixture.utc(2005, 8, 14, 9, 30))
        #expect(entry.updated == Fixture.utc(2005, 8, 15))
        #expect(entry.summary == "海に行った。")
        #expect(entry.content == "<p>海に行った。<br />楽しかった。</p>")
    }

    @Test("mode=xml content is inline markup, unwrapped from its div")
    func inlineXML() throws {
        let entry = try #require(feed.articles.last)
        #expect(entry.content == "<p>Hello <em>there</em></p>")
    }
}

@Suite("JSON Feed")
struct JSONFeedTests {
    let feed: Feed

    init() throws {
        feed = try Fixture.parse("jsonfeed11.json", documentURL: "https://podcast.example.jp/feed.json")
    }

    @Test("feed fields: title, home page, description, language, authors, icon resolved")
    func channel() {
        #expect(feed.format == .jsonfeed)
        #expect(feed.title == "ポッドキャスト・ウィークリー")
        #expect(feed.link == "https://podcast.example.jp/")
        #expect(feed.subtitle == "毎週のテック雑談")
        #expect(feed.language == "ja-JP")
        #expect(feed.author == "高橋 & 田中")
        #expect(feed.image == "https://podcast.example.jp/artwork.png")
    }

    @Test("items: id, url, html content, plain summary escaped, dates with fractions, tags, attachments")
    func firstItem() throws {
        let item = try #require(feed.articles.first)
        #expect(item.id == "episode-101")
        #expect(item.title == "第101回　Swift と Linux")
        #expect(item.content == "<p>今回は <b>Swift on Linux</b> の話。</p>")
        #expect(item.summary == "Swift を Linux で使う &lt;話&gt;")
        #expect(item.author == "高橋")
        #expect(item.published == Fixture.utc(2025, 6, 2, 11))
        #expect(item.updated == Fixture.utc(2025, 6, 2, 23).addingTimeInterval(0.5))
        #expect(item.categories == ["Swift", "Linux"])
        #expect(item.enclosures == [
            Enclosure(url: "https://cdn.example.jp/101.mp3", type: "audio/mpeg", length: 45_678_901),
            Enclosure(url: "https://podcast.example.jp/transcripts/101.txt", type: "text/plain"),
        ])
    }

    @Test("a numeric id, a relative url, content_text escaped and a bad date with a warning")
    func secondItem() throws {
        let item = try #require(feed.articles.last)
        #expect(item.id == "100")
        #expect(item.link == "https://podcast.example.jp/episodes/100")
        #expect(item.content == "Plain text &amp; &lt;angle brackets&gt;")
        #expect(item.published == nil)
        #expect(feed.warnings.contains { $0.contains("last week") })
    }

    @Test("an item without authors is by the feed's authors (1.1) or author (1.0); its own win")
    func inheritedAuthor() throws {
        #expect(feed.articles.map(\.author) == ["高橋", "高橋 & 田中"])
        let version10 = try Fixture.parse("jsonfeed10_author.json")
        #expect(version10.articles.first?.author == "Brent")
    }

    @Test("JSON that is not a JSON Feed is not a feed; broken JSON is reported with its message")
    func notJSONFeed() {
        let other = Fixture.error(of: Data(#"{"version": "1.0", "items": []}"#.utf8))
        #expect(other == .notJSONFeed("it has no \"version\" starting with https://jsonfeed.org/version/"))
        #expect(other?.description.hasPrefix("this JSON is not a JSON Feed: ") == true)
        #expect(Fixture.error(of: Data("[1, 2]".utf8)) == .notJSONFeed("its top level is not an object"))
        guard case .notJSONFeed(let message) = Fixture.error(of: Data(#"{"version": "https://jsonfeed.org/version/1"#.utf8)) else {
            Issue.record("broken JSON should be notJSONFeed")
            return
        }
        #expect(message.hasPrefix("it is not valid JSON"))
    }
}
