// Items that share an id within one document: each stays an article of its own (the store
// keys articles by feed and id), with an id that is the same on every fetch.
import Foundation
import NewsModel
@testable import NewsParse
import Testing

@Suite("Items sharing an id")
struct SharedIDTests {
    private static func parse(_ text: String) throws -> Feed {
        try FeedParser.parse(Data(text.utf8), documentURL: "https://example.com/feed.xml")
    }

    private static func rss(_ items: [String]) -> String {
        "<rss version=\"2.0\"><channel><title>t</title>\(items.joined(separator: "\n"))</channel></rss>"
    }

    private static func item(guid: String?, link: String?, title: String?, description: String? = nil) -> String {
        var fields = ""
        if let title { fields += "<title>\(title)</title>" }
        if let link { fields += "<link>\(link)</link>" }
        if let guid { fields += "<guid isPermaLink=\"false\">\(guid)</guid>" }
        if let description { fields += "<description>\(description)</description>" }
        return "<item>\(fields)</item>"
    }

    /// A CMS that gives every item the site's URL as its guid.
    private static let siteGUIDItems = ["d", "a", "b", "c"].map { name in
        item(guid: "https://example.com/", link: "https://example.com/\(name)", title: "Post \(name)")
    }

    @Test("items that all share one guid stay separate articles, each id the guid and its own link")
    func sameGUIDEverywhere() throws {
        let feed = try Self.parse(Self.rss(Self.siteGUIDItems))
        #expect(feed.articles.map(\.title) == ["Post d", "Post a", "Post b", "Post c"])
        #expect(feed.articles.map(\.id) == ["d", "a", "b", "c"].map { "https://example.com/ https://example.com/\($0)" })
        #expect(feed.warnings.contains("4 items shared an id with another item: 4 were given an id of its own made from its link or title"))
    }

    @Test("the ids are the same on every parse and whatever the items' order")
    func stableAcrossFetchesAndOrder() throws {
        let first = try Self.parse(Self.rss(Self.siteGUIDItems))
        let again = try Self.parse(Self.rss(Self.siteGUIDItems))
        let reordered = try Self.parse(Self.rss(Self.siteGUIDItems.reversed() + [
            Self.item(guid: "https://example.com/", link: "https://example.com/e", title: "Post e (new)"),
        ]))
        let idsByLink = { (feed: Feed) in Dictionary(uniqueKeysWithValues: feed.articles.map { ($0.link ?? "", $0.id) }) }
        #expect(again.articles.map(\.id) == first.articles.map(\.id))
        let reorderedIDs = idsByLink(reordered)
        for (link, id) in idsByLink(first) { #expect(reorderedIDs[link] == id) }
        #expect(Set(reordered.articles.map(\.id)).count == 5)
    }

    @Test("items sharing an id and a link are told apart by their titles; an exact repeat is dropped, the first kept")
    func sameLinkAndRepeats() throws {
        let feed = try Self.parse(Self.rss([
            Self.item(guid: "g", link: "https://example.com/p", title: "One", description: "first copy"),
            Self.item(guid: "g", link: "https://example.com/p", title: "Two"),
            Self.item(guid: "g", link: "https://example.com/p", title: "One", description: "second copy"),
            Self.item(guid: "g", link: nil, title: "One"),
        ]))
        #expect(feed.articles.map(\.title) == ["One", "Two", "One"])
        #expect(feed.articles.first?.summary == "first copy")
        let ids = feed.articles.map(\.id)
        #expect(Set(ids).count == 3)
        #expect(ids.allSatisfy { $0.hasPrefix("g ") && $0.count == 2 + 16 })
        #expect(feed.warnings.contains("4 items shared an id with another item: 3 were given an id of its own made from its link or title; "
            + "1 was an exact repeat of an earlier item (same id, link and title) and dropped"))
    }

    @Test("items without titles that share an id and a link are told apart by their dates, else their text")
    func untitledItems() throws {
        let feed = try Self.parse(Self.rss([
            "<item><guid>g</guid><pubDate>Tue, 10 Jun 2025 04:00:00 GMT</pubDate><description>x</description></item>",
            "<item><guid>g</guid><pubDate>Tue, 10 Jun 2025 05:00:00 GMT</pubDate><description>x</description></item>",
            "<item><guid>g</guid><description>first words</description></item>",
            "<item><guid>g</guid><description>other words</description></item>",
        ]))
        #expect(feed.articles.count == 4)
        #expect(Set(feed.articles.map(\.id)).count == 4)
    }

    @Test("an item repeated exactly is one article that keeps its id")
    func exactRepeatKeepsID() throws {
        let repeated = Self.item(guid: "g", link: "https://example.com/p", title: "One")
        let feed = try Self.parse(Self.rss([repeated, repeated, Self.item(guid: "h", link: nil, title: "Other")]))
        #expect(feed.articles.map(\.id) == ["g", "h"])
        #expect(feed.warnings.contains("2 items shared an id with another item: 1 was an exact repeat of an earlier item (same id, link and title) and dropped"))
    }

    @Test("a feed whose ids are all distinct is left as it is, with no warning")
    func distinctIDsUntouched() throws {
        let feed = try Self.parse(Self.rss([
            Self.item(guid: "1", link: "https://example.com/p", title: "One"),
            Self.item(guid: "2", link: "https://example.com/p", title: "One"),
        ]))
        #expect(feed.articles.map(\.id) == ["1", "2"])
        #expect(feed.warnings.isEmpty)
    }

    @Test("ids that differ only in how an accent is written are distinct, as the store compares them")
    func canonicallyEquivalentIDsAreDistinct() throws {
        let feed = try Self.parse(Self.rss([
            Self.item(guid: "caf\u{E9}", link: "https://example.com/1", title: "Composed"),
            Self.item(guid: "cafe\u{301}", link: "https://example.com/2", title: "Decomposed"),
        ]))
        #expect(feed.articles.map { Array($0.id.utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
        #expect(feed.warnings.isEmpty)
    }

    @Test("the first look for repeated ids finds short, long and non-ASCII ones, and passes distinct ids")
    func firstLook() {
        let long = String(repeating: "tag:example.com,2026:", count: 4)
        let distinct = (0..<5000).map { Article(id: "\(long)\($0)") } + [Article(id: "1"), Article(id: "記事")]
        // Answers first, so that a failure does not print 5,000 articles.
        let distinctMayRepeat = RepeatedIDCheck.mayRepeat(distinct)
        #expect(!distinctMayRepeat)
        for repeated in ["1", "記事", long + "17"] {
            let found = RepeatedIDCheck.mayRepeat(distinct + [Article(id: repeated)])
            #expect(found, "\(repeated) repeated")
        }
    }

    /// Two entries sharing the id `x` with the links /1 and /2, in each format.
    static let formats: [(FeedFormat, String)] = [
        (.rss20, rss([item(guid: "x", link: "https://example.com/1", title: "A"),
                      item(guid: "x", link: "https://example.com/2", title: "B")])),
        (.atom10, """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
            <entry><id>x</id><title>A</title><link href="https://example.com/1"/></entry>
            <entry><id>x</id><title>B</title><link href="https://example.com/2"/></entry></feed>
            """),
        (.rss10, """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://example.com/"><title>t</title></channel>
            <item rdf:about="x"><title>A</title><link>https://example.com/1</link></item>
            <item rdf:about="x"><title>B</title><link>https://example.com/2</link></item></rdf:RDF>
            """),
        (.jsonfeed, """
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
              {"id": "x", "title": "A", "url": "https://example.com/1"},
              {"id": "x", "title": "B", "url": "https://example.com/2"}]}
            """),
    ]

    @Test("every format tells items sharing an id apart the same way", arguments: formats.indices)
    func everyFormat(_ index: Int) throws {
        let (format, text) = Self.formats[index]
        let feed = try Self.parse(text)
        #expect(feed.format == format)
        #expect(feed.articles.map(\.id) == ["x https://example.com/1", "x https://example.com/2"])
        #expect(feed.warnings.first == "2 items shared an id with another item: 2 were given an id of its own made from its link or title")
    }
}
