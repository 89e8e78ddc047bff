// Elements whose namespace prefix the document never declares: the well-known prefixes are
// read as feeds mean them, any other is not taken for an RSS element, and a warning says so.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Undeclared namespace prefixes")
struct UndeclaredPrefixTests {
    private static func parse(_ text: String) throws -> Feed {
        try FeedParser.parse(Data(text.utf8), documentURL: "https://example.com/feed.xml")
    }

    @Test("dc, content, media and itunes elements without xmlns declarations fill author, date, content, image, duration")
    func wellKnownPrefixes() throws {
        let feed = try Self.parse("""
            <rss version="2.0"><channel><title>T</title><dc:language>ja</dc:language>
            <item><title>One</title><link>https://example.com/1</link>
            <dc:creator>Bob</dc:creator><dc:date>2025-06-10T13:00:00+09:00</dc:date>
            <content:encoded><![CDATA[<p>body</p>]]></content:encoded>
            <media:thumbnail url="https://example.com/t.jpg"/><itunes:duration>1:30</itunes:duration>
            </item></channel></rss>
            """)
        #expect(feed.language == "ja")
        let article = try #require(feed.articles.first)
        #expect(article.author == "Bob")
        #expect(article.published == Fixture.utc(2025, 6, 10, 4))
        #expect(article.content == "<p>body</p>")
        #expect(article.image == "https://example.com/t.jpg")
        #expect(article.duration == 90)
        #expect(feed.warnings.starts(with: [
            "namespace prefix dc is not declared: its elements were read as http://purl.org/dc/elements/1.1/",
            "namespace prefix content is not declared: its elements were read as http://purl.org/rss/1.0/modules/content/",
            "namespace prefix media is not declared: its elements were read as http://search.yahoo.com/mrss/",
            "namespace prefix itunes is not declared: its elements were read as http://www.itunes.com/dtds/podcast-1.0.dtd",
        ]))
        #expect(feed.warnings.contains { $0.hasSuffix("Namespace prefix dc on creator is not defined") })
    }

    @Test("an undeclared prefix that is not well known is not taken for RSS: <foo:title> is not the title")
    func unknownPrefix() throws {
        let feed = try Self.parse("""
            <rss version="2.0"><channel><title>T</title>
            <item><foo:title>Wrong</foo:title><title>Right</title><link>https://example.com/1</link>
            <slash:comments>4</slash:comments><foo:description>not the summary</foo:description></item>
            </channel></rss>
            """)
        let article = try #require(feed.articles.first)
        #expect(article.title == "Right")
        #expect(article.summary == nil)
        #expect(feed.warnings.contains("namespace prefix foo is not declared and not a well-known one: its elements were not read"))
    }

    @Test("a prefix declared for another namespace keeps that namespace")
    func declaredPrefixWins() throws {
        let feed = try Self.parse("""
            <rss version="2.0" xmlns:dc="urn:example:not-dublin-core"><channel><title>T</title>
            <item><title>One</title><link>https://example.com/1</link><dc:creator>Bob</dc:creator></item>
            </channel></rss>
            """)
        #expect(feed.articles.first?.author == nil)
        #expect(!feed.warnings.contains { $0.contains("not declared") })
    }

    @Test("an RSS 1.0 document that never declares rdf is still read as RSS 1.0")
    func undeclaredRDF() throws {
        let feed = try Self.parse("""
            <rdf:RDF xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://example.com/"><title>T</title></channel>
            <item rdf:about="https://example.com/1"><title>One</title><link>https://example.com/1</link></item></rdf:RDF>
            """)
        #expect(feed.format == .rss10)
        #expect(feed.articles.map(\.title) == ["One"])
    }

    @Test("the note on an undeclared prefix survives the cap on warnings, ahead of libxml2's one per element")
    func noteBeforeManyErrors() throws {
        let items = (1...80).map { "<item><title>\($0)</title><dc:creator>Author \($0)</dc:creator></item>" }
        let feed = try Self.parse("<rss version=\"2.0\"><channel><title>T</title>\(items.joined())</channel></rss>")
        #expect(feed.articles.count == 80)
        #expect(feed.articles.allSatisfy { $0.author?.hasPrefix("Author ") == true })
        #expect(feed.warnings.count == 51, "50 warnings and the count of the rest")
        #expect(feed.warnings.first == "namespace prefix dc is not declared: its elements were read as http://purl.org/dc/elements/1.1/")
    }
}
