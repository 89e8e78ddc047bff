// Article ids: never empty, and stable across parses when the feed gives none.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Article ids")
struct IdentityTests {
    @Test("items without guid or link get non-empty ids that are the same on every parse")
    func stableFallbackIDs() throws {
        let first = try Fixture.parse("missing-ids.xml", documentURL: "https://board.example.com/rss")
        let second = try Fixture.parse("missing-ids.xml", documentURL: "https://board.example.com/rss")
        #expect(first.articles.count == 4)
        #expect(first.articles.allSatisfy { !$0.id.isEmpty })
        #expect(first.articles.map(\.id) == second.articles.map(\.id))
        #expect(Set(first.articles.map(\.id)).count == 4)
    }

    @Test("the fallback id is 16 hex digits, and does not change when the feed moves")
    func hashShape() throws {
        let here = try Fixture.parse("missing-ids.xml", documentURL: "https://board.example.com/rss")
        let elsewhere = try Fixture.parse("missing-ids.xml", documentURL: "https://mirror.example.net/rss")
        let id = try #require(here.articles.first?.id)
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
        #expect(elsewhere.articles.first?.id == id)
    }

    @Test("an item with a link but no guid uses the link as its id")
    func linkAsID() throws {
        let feed = try Fixture.parse("missing-ids.xml", documentURL: "https://board.example.com/rss")
        #expect(feed.articles.last?.id == "https://board.example.com/notes/7")
    }

    @Test("&amp;amp; in the XML is &amp; in an HTML value; an RSS title with a reference is HTML, as feedparser reads it")
    func decodedOnce() throws {
        let xml = """
            <rss version="2.0"><channel><title>A &amp;amp; B</title>
            <item><title>Q&amp;amp;A</title><description>Q&amp;amp;A &amp;lt;tag&amp;gt;</description><guid>x</guid></item>
            </channel></rss>
            """
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        #expect(feed.title == "A & B")
        #expect(feed.articles.first?.title == "Q&A")
        #expect(feed.articles.first?.summary == "Q&amp;A &lt;tag&gt;")
    }

    @Test("empty elements give nil, not empty strings")
    func emptyIsNil() throws {
        let xml = "<rss version=\"2.0\"><channel><title>  </title><item><title/><description></description><link>https://e.example/1</link></item></channel></rss>"
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        #expect(feed.title == nil)
        #expect(feed.articles.first?.title == nil)
        #expect(feed.articles.first?.summary == nil)
    }
}
