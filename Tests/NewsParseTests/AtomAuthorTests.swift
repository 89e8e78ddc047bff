// Whose an Atom entry is (RFC 4287 §4.2.1): its own atom:author, else its atom:source's,
// else the feed's, wherever in the document the feed's author is written.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Atom entry authors")
struct AtomAuthorTests {
    private static func parse(_ text: String) throws -> Feed {
        try FeedParser.parse(Data(text.utf8), documentURL: "https://example.com/feed.xml")
    }

    private static func atom(_ body: String, namespace: String = "http://www.w3.org/2005/Atom") -> String {
        "<feed xmlns=\"\(namespace)\"><title>T</title>\(body)</feed>"
    }

    @Test("an entry without an author has the feed's, written before or after the entries")
    func feedAuthor() throws {
        let entries = """
            <entry><id>1</id><title>Own</title><author><name>Entry Author</name></author></entry>
            <entry><id>2</id><title>None</title></entry>
            """
        let feedAuthor = "<author><name>Feed Author</name></author>"
        for body in [feedAuthor + entries, entries + feedAuthor] {
            let feed = try Self.parse(Self.atom(body))
            #expect(feed.author == "Feed Author")
            #expect(feed.articles.map(\.author) == ["Entry Author", "Feed Author"])
        }
    }

    @Test("Atom 0.3 entries inherit the feed's author too")
    func atom03() throws {
        let feed = try Self.parse(Self.atom(
            "<author><name>Feed Author</name></author><entry><id>1</id><title>None</title></entry>",
            namespace: "http://purl.org/atom/ns#"))
        #expect(feed.format == .atom03)
        #expect(feed.articles.first?.author == "Feed Author")
    }

    @Test("an entry's atom:source author comes before the feed's, and after the entry's own")
    func sourceAuthor() throws {
        let feed = try Self.parse(Self.atom("""
            <author><name>Planet</name></author>
            <entry><id>1</id><title>From source</title>
              <source><id>s</id><title>Origin</title><author><name>Source Author</name></author></source></entry>
            <entry><id>2</id><title>Own and source</title>
              <source><author><name>Source Author</name></author></source><author><name>Entry Author</name></author></entry>
            <entry><id>3</id><title>Source without author</title><source><title>Origin</title></source></entry>
            """))
        #expect(feed.articles.map(\.author) == ["Source Author", "Entry Author", "Planet"])
        #expect(feed.articles.map(\.title) == ["From source", "Own and source", "Source without author"])
        #expect(feed.title == "T")
    }

    @Test("RSS items do not take the channel's editor as their author")
    func rssDoesNotInherit() throws {
        let feed = try Self.parse("""
            <rss version="2.0"><channel><title>T</title><managingEditor>ed@example.com (Editor)</managingEditor>
            <item><title>One</title><link>https://example.com/1</link></item></channel></rss>
            """)
        #expect(feed.author == "Editor")
        #expect(feed.articles.first?.author == nil)
    }
}
