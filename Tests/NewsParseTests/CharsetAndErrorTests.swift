// Charsets (Shift_JIS, EUC-JP, BOM, HTTP hint) and the documents that are not feeds.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Charsets")
struct CharsetTests {
    @Test("a Shift_JIS document with its XML declaration is decoded by libxml2 through iconv")
    func shiftJIS() throws {
        let feed = try Fixture.parse("shift_jis.xml")
        #expect(feed.title == "地方新聞オンライン")
        #expect(feed.subtitle == "ソフトウェア開発と表計算の話題")
        let article = try #require(feed.articles.first)
        #expect(article.title == "能登半島で地震、表示の不具合も")
        #expect(article.published == Fixture.utc(2025, 6, 3, 22))
    }

    @Test("an EUC-JP document is decoded from its declaration")
    func eucJP() throws {
        let feed = try Fixture.parse("euc-jp.xml")
        #expect(feed.title == "北海道ニュース速報")
        #expect(feed.articles.first?.title == "能登半島で地震、表示の不具合も")
    }

    @Test("without a declaration the HTTP charset decides")
    func hintDecides() throws {
        let feed = try Fixture.parse("shift_jis-undeclared.xml", charsetHint: "Shift_JIS")
        #expect(feed.title == "地方新聞オンライン")
        #expect(feed.warnings.isEmpty)
    }

    @Test("a UTF-8 BOM is honoured and not part of the text")
    func byteOrderMark() throws {
        let feed = try Fixture.parse("utf8-bom.xml", charsetHint: "Shift_JIS")
        #expect(feed.title == "BOM付きのフィード")
        #expect(feed.articles.first?.title == "先頭にBOMがある")
    }

    @Test("an unknown HTTP charset is ignored with a warning")
    func unknownHint() throws {
        let feed = try Fixture.parse("euc-jp.xml", charsetHint: "x-no-such-charset")
        #expect(feed.title == "北海道ニュース速報")
        #expect(feed.warnings.contains { $0.contains("x-no-such-charset") })
    }

    @Test("invalid UTF-8 is replaced rather than misread as Latin-1")
    func lossyUTF8() throws {
        var bytes = Array("<rss version=\"2.0\"><channel><title>caf".utf8)
        bytes += [0xE9]
        bytes += Array(" 日本</title></channel></rss>".utf8)
        let feed = try FeedParser.parse(Data(bytes), documentURL: nil)
        #expect(feed.title == "caf\u{FFFD} 日本")
        #expect(feed.warnings.contains { $0.contains("not valid UTF-8") })
    }
}

@Suite("Documents that are not clean feeds")
struct ErrorTests {
    @Test("bare '&' and HTML entities are recovered from: a warning with its line, and every item read")
    func recoversEntities() throws {
        let feed = try Fixture.parse("malformed-entities.xml")
        #expect(feed.title == "Careless CMS Feed")
        #expect(feed.link == "https://careless.example.com/?page=1&lang=en")
        #expect(feed.articles.map(\.title) == ["Tom & Jerry… return", "ニュース—速報"])
        #expect(feed.articles.first?.link == "https://careless.example.com/post?id=1&ref=rss")
        #expect(feed.articles.last?.summary == "Keep & as is in <b>CDATA</b>")
        #expect(feed.warnings.contains { $0.hasPrefix("line 5, column 52:") && $0.contains("EntityRef") })
    }

    @Test("a mismatched tag late in a long document keeps the items read before it")
    func mismatchedTag() throws {
        let items = (1...40).map { "<item><title>Item \($0)</title><link>https://long.example.com/\($0)</link></item>\n" }
        let xml = "<rss version=\"2.0\"><channel><title>Long</title>\n" + items.joined()
            + "<item><title>Broken <b>bold</i></title></item></channel></rss>\n"
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        #expect(feed.articles.count >= 30)
        #expect(feed.articles.first?.title == "Item 1")
        #expect(feed.warnings.contains { $0.contains("mismatch") })
    }

    @Test("a truncated document keeps its complete items and says where it broke")
    func truncated() throws {
        let feed = try Fixture.parse("truncated.xml")
        #expect(Array(feed.articles.prefix(2).map(\.title)) == ["First complete item", "Second complete item"])
        #expect(!feed.warnings.isEmpty)
    }

    @Test("text that is not XML is notXML with libxml2's message and line")
    func notXML() throws {
        let error = Fixture.error(of: try Fixture.data("not-xml.txt"))
        guard case .notXML(let message) = error else {
            Issue.record("expected notXML, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("line 1, column 1: "))
        #expect(message.contains("Document is empty") || message.contains("Start tag expected"))
    }

    @Test("an HTML page is an htmlPage error listing the feed it advertises, resolved against the page's URL")
    func htmlPage() throws {
        let error = Fixture.error(of: try Fixture.data("html-page.html"), documentURL: "https://example.com/about/")
        #expect(error == .htmlPage(advertisedFeeds: ["https://example.com/feed.xml"]))
        #expect(error?.description == "this is an HTML page, not a feed; it advertises this feed: https://example.com/feed.xml")
    }

    @Test("well-formed XML with another root is notAFeed")
    func otherRoot() {
        let xml = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><title>icon</title></svg>"#
        #expect(Fixture.error(of: Data(xml.utf8)) == .notAFeed(rootElement: "svg"))
    }

    @Test("an Atom-named root in the wrong namespace is not a feed")
    func wrongNamespace() {
        #expect(Fixture.error(of: Data("<feed xmlns=\"urn:other\"><title>x</title></feed>".utf8)) == .notAFeed(rootElement: "feed"))
    }

    @Test("zero bytes and whitespace only are empty")
    func empty() throws {
        #expect(Fixture.error(of: Data()) == .empty)
        #expect(Fixture.error(of: try Fixture.data("whitespace-only.xml")) == .empty)
        #expect(Fixture.error(of: Data([0xEF, 0xBB, 0xBF, 0x0A])) == .empty)
    }

    @Test("a small internal entity is expanded, exactly as declared")
    func smallEntityExpanded() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>
            <rss version="2.0"><channel><title>x &b; y</title></channel></rss>
            """
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        #expect(feed.title == "x " + String(repeating: "a", count: 30) + " y")
        #expect(feed.warnings.isEmpty)
    }
}
