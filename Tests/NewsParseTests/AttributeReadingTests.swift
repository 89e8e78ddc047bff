// Attributes read in place at an element start, and shared between field elements that repeat them.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Attributes at element starts")
struct AttributeReadingTests {
    @Test("a guid's isPermaLink is read per item when items repeat, change or namespace it")
    func permalinkPerItem() throws {
        let feed = try Fixture.parse("attributes-repeated-rss.xml")
        let links = feed.articles.map(\.link)
        #expect(feed.articles.map(\.id) == (1...9).map { "https://example.com/\($0)" })
        #expect(links == [
            nil, nil, "https://example.com/3", "https://example.com/4", nil, nil, "https://example.com/7", nil,
            "https://example.com/9",
        ])
    }

    @Test("an enclosure takes its url, type and length from attributes in no namespace")
    func enclosureAttributes() throws {
        let feed = try Fixture.parse("attributes-repeated-rss.xml")
        #expect(feed.articles.first?.enclosures == [
            Enclosure(url: "https://example.com/1.mp3", type: "audio/mpeg", length: 10),
        ])
        #expect(feed.articles.dropFirst().first?.enclosures == [
            Enclosure(url: "https://example.com/2.mp3", type: "audio/ogg", length: nil),
        ])
    }

    @Test("each Atom text and content construct is read by its own type, not the previous entry's")
    func atomTypesPerEntry() throws {
        let feed = try Fixture.parse("attributes-repeated-atom.xml")
        #expect(feed.articles.map(\.title) == ["one", "two", "<b>three</b>", "four", "five"])
        #expect(feed.articles.map(\.content) == [
            "<p>one</p>", "&lt;p&gt;two&lt;/p&gt;", "&lt;p&gt;three&lt;/p&gt;", "<p class=\"a\">four</p>",
            "<p class=\"b\">five</p>",
        ])
    }

    @Test("an Atom link's rel in another namespace does not make it an enclosure")
    func atomLinkRelation() throws {
        let feed = try Fixture.parse("attributes-repeated-atom.xml")
        #expect(feed.articles.map(\.link) == ["https://example.com/1", "https://example.com/2", nil, nil, nil])
        #expect(feed.articles.map(\.enclosures.count) == [0, 0, 1, 0, 0])
        #expect(feed.articles[2].enclosures.first == Enclosure(url: "https://example.com/3.mp3", type: "audio/mpeg", length: 5))
    }
}
