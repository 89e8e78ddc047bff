// Control and bidi characters never reach a stored string, and HTML pages say which feeds they advertise.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Clean text and HTML pages")
struct CleanTextTests {
    @Test("C0 (but tab and newline), DEL, C1 and bidi controls are removed from every field")
    func controlsRemoved() throws {
        let feed = try Fixture.parse("control_chars_and_bidi.xml")
        #expect(feed.title == "Clean title")
        let item = try #require(feed.articles.first)
        #expect(item.title == "Bell and DEL gone")
        #expect(item.summary == "tab\tand\nnewline kept, embedding gone")
    }

    @Test("long item texts read as HTML, plain text and ids lose controls found while their bytes are checked")
    func controlsRemovedFromCheckedFields() throws {
        let body = String(repeating: "日本語のニュース本文 and some ASCII text ", count: 8)
        let rss = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title><item>
            <guid isPermaLink="false">id-\u{202E}1</guid>
            <dc:creator>編集部\u{8D}</dc:creator>
            <description><![CDATA[\(body)\u{2066}end]]></description>
            <content:encoded><![CDATA[<p>\(body)</p>\r\n<p>\(body)\u{90}</p>]]></content:encoded>
            </item></channel></rss>
            """
        let item = try #require(try FeedParser.parse(Data(rss.utf8), documentURL: nil).articles.first)
        #expect(item.id == "id-1")
        #expect(item.author == "編集部")
        #expect(item.summary == body + "end")
        #expect(item.content == "<p>\(body)</p>\n<p>\(body)</p>")
    }

    @Test("titles, links, categories and dates read in one pass over their bytes lose their controls too, short and long")
    func controlsRemovedFromShapedFields() throws {
        let long = String(repeating: "ニュース and news ", count: 4)
        let rss = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>t</title><link>https://example.com/</link>
            <item><title>短い\u{202E}題</title><link>https://example.com/a\u{7F}b</link>
            <category>調査\u{81}</category><category>\(long)\u{2066}x</category>
            <pubDate>Mon, 02 Nov 2026 01:01:00 +0900</pubDate></item>
            <item><title>\(long)\u{1}end</title><link>/relative\u{202E}/path</link><category>\u{0}</category>
            <category>clean</category><guid isPermaLink="false">g2</guid></item>
            <item><title>A &amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;\u{9D} title</title><guid isPermaLink="false">g3</guid></item>
            </channel></rss>
            """
        let articles = try FeedParser.parse(Data(rss.utf8), documentURL: "https://example.com/feed.xml").articles
        try #require(articles.count == 3)
        #expect(articles[0].title == "短い題")
        #expect(articles[0].link == "https://example.com/ab")
        #expect(articles[0].categories == ["調査", long + "x"])
        #expect(articles[0].published != nil)
        #expect(articles[1].title == long + "end")
        #expect(articles[1].link == "https://example.com/relative%E2%80%AE/path")
        #expect(articles[1].categories == ["clean"])
        // Double-escaped markup is text once read as HTML (RSSTitle).
        #expect(articles[2].title == "A <b>bold</b> title")
    }

    @Test("a C1 control that is a Windows-1252 byte's code, as a reference or raw, becomes that character")
    func windows1252Codes() throws {
        let rss = """
            <rss version="2.0"><channel><title>t</title><item><guid>a</guid>
            <title>Don&#146;t miss it &#150; the &#147;best&#148; deal for &#128;5&#129;</title>
            <description>It\u{92}s here\u{85}</description></item></channel></rss>
            """
        let item = try #require(try FeedParser.parse(Data(rss.utf8), documentURL: nil).articles.first)
        #expect(item.title == "Don’t miss it – the “best” deal for €5")
        #expect(item.summary == "It’s here…")
    }

    @Test("JSON Feed strings are cleaned too, ids included")
    func jsonCleaned() throws {
        let json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "a\u001b[2Jb\u202e", "items": [{"id": "\u0007", "title": "x\u008Fy"}]}"#
        let feed = try FeedParser.parse(Data(json.utf8), documentURL: nil)
        #expect(feed.title == "a[2Jb")
        #expect(feed.articles.first?.title == "xy")
        #expect(feed.articles.first?.id.isEmpty == false)
        #expect(feed.articles.first?.id.unicodeScalars.allSatisfy { $0.value >= 0x20 } == true)
    }

    @Test("an HTML page lists the RSS, Atom and JSON feeds it advertises, resolved against <base>, not the REST API")
    func advertisedFeeds() throws {
        let error = Fixture.error(of: try Fixture.data("html_page_advertising_feeds.html"))
        #expect(error == .htmlPage(advertisedFeeds: [
            "https://www.example.com/blog/feed.xml", "https://www.example.com/atom.xml?a=1&b=2",
            "https://cdn.example.net/feed.json",
        ]))
        #expect(error?.description.hasPrefix("this is an HTML page, not a feed; it advertises these feeds: ") == true)
    }

    @Test("an HTML page without feed links says so")
    func noAdvertisedFeeds() {
        let error = Fixture.error(of: Data("<!DOCTYPE html><html><head><title>x</title></head><body></body></html>".utf8))
        #expect(error == .htmlPage(advertisedFeeds: []))
        #expect(error?.description == "this is an HTML page, not a feed, and it advertises no feed.")
    }
}
