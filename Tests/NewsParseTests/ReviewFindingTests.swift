// What the parser review asked for: linear tag stripping, RSS titles that keep literal
// `<dialog>`, non-web links kept but never ids, fallback ids that survive a feed's move, capped warnings.
import Foundation
import NewsModel
@testable import NewsParse
import Testing

@Suite("Parser review findings")
struct ReviewFindingTests {
    private func rss(_ items: String, channel: String = "<title>T</title>") throws -> Feed {
        let xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel>\(channel)\(items)</channel></rss>"
        return try FeedParser.parse(Data(xml.utf8), documentURL: "https://example.com/feed.xml")
    }

    @Test("a title of 40,000 unclosed `<a` is kept as text (read once, not once per `<`)")
    func unclosedTags() {
        let text = String(repeating: "<a", count: 40_000)
        #expect(HTMLTags.strip(text) == text)
        let comments = String(repeating: "<!--", count: 40_000)
        #expect(HTMLTags.strip(comments) == comments)
    }

    @Test("a control character, raw or as a reference, does not cost the rest of the feed its entities",
          arguments: ["\u{0B}", "\u{1B}", "&#1;", "&#x1B;"])
    func controlCharacters(control: String) throws {
        let summary = "<description>&lt;p&gt;Sum &amp;amp; mary&lt;/p&gt;</description>"
        let feed = try rss("""
            <item><title>one \(control) bad</title>\(summary)<link>https://e.org/1</link></item>
            <item><title>two</title>\(summary)<link>https://e.org/2</link></item>
            """)
        #expect(feed.articles.map(\.title) == ["one bad", "two"])
        #expect(feed.articles.map(\.summary) == ["<p>Sum &amp; mary</p>", "<p>Sum &amp; mary</p>"])
    }

    @Test("an unclosed `<a` after real tags leaves those tags stripped")
    func unclosedAfterTags() {
        #expect(HTMLTags.strip("<b>x</b> <a") == "x <a")
    }

    @Test("an RSS title keeps an escaped `<dialog>` and strips real markup")
    func titles() throws {
        let feed = try rss("""
            <item><title>Use the &lt;dialog&gt; element</title><guid>1</guid></item>
            <item><title>&lt;b&gt;Bold&lt;/b&gt; news</title><guid>2</guid></item>
            <item><title>It&amp;#8217;s AT&amp;amp;T</title><guid>3</guid></item>
            <item><title>Tom &amp; Jerry &lt; 3</title><guid>4</guid></item>
            """)
        #expect(feed.articles.map(\.title) == ["Use the <dialog> element", "Bold news", "It’s AT&T", "Tom & Jerry < 3"])
    }

    @Test("javascript: and data: links are kept but never become the id; a web link wins; http(s) stay")
    func links() throws {
        let feed = try rss("""
            <item><title>A</title><link>javascript:alert(1)</link></item>
            <item><title>B</title><link>data:text/html,x</link><guid isPermaLink="true">data:text/html,y</guid></item>
            <item><title>C</title><link>HTTPS://example.com/c</link></item>
            <item><title>D</title><link>/d</link></item>
            <item><title>E</title><link>data:text/html,x</link><guid>https://example.com/e</guid></item>
            """, channel: "<title>T</title><link>javascript:void(0)</link>")
        #expect(feed.link == "javascript:void(0)")
        #expect(feed.articles.map(\.link) == [
            "javascript:alert(1)", "data:text/html,x", "HTTPS://example.com/c", "https://example.com/d", "https://example.com/e",
        ])
        #expect(!feed.articles[0].id.contains("javascript"))
        #expect(feed.articles[1].id == "data:text/html,y")
    }

    @Test("the fallback id is the same whatever URL the feed was fetched from")
    func fallbackIDSurvivesMove() throws {
        let xml = Data("<rss version=\"2.0\"><channel><item><title>No id</title></item></channel></rss>".utf8)
        let old = try FeedParser.parse(xml, documentURL: "http://old.example.com/feed")
        let moved = try FeedParser.parse(xml, documentURL: "https://new.example.org/rss")
        #expect(old.articles[0].id == moved.articles[0].id)
    }

    @Test("warnings are capped at 50 with a count of the rest")
    func warningCap() throws {
        let items = (0..<80).map { "<item><title>\($0)</title><pubDate>not a date \($0)</pubDate></item>" }.joined()
        let feed = try rss(items)
        #expect(feed.warnings.count == FeedParser.warningLimit + 1)
        #expect(feed.warnings.last == "… and 30 more warnings")
    }
}
