// RSS 1.0 (RDF) and Atom 1.0: sibling items, Dublin Core, Atom's text constructs.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("RSS 1.0 / RDF")
struct RDFTests {
    let feed: Feed

    init() throws {
        feed = try Fixture.parse("rss10-rdf.xml")
    }

    @Test("rdf:RDF with the RSS 1.0 namespace is rss10, and items that are siblings of the channel are read")
    func structure() {
        #expect(feed.format == .rss10)
        #expect(feed.articles.map(\.title) == ["梅雨入り", "Weekend plans"])
    }

    @Test("channel fields come from RSS 1.0 and Dublin Core elements, the image from its sibling element")
    func channel() {
        #expect(feed.title == "はてなダイアリー風の日記")
        #expect(feed.subtitle == "毎日のできごと")
        #expect(feed.author == "佐藤花子")
        #expect(feed.language == "ja")
        #expect(feed.image == "https://diary.example.jp/icon.png")
        #expect(feed.updated == Fixture.utc(2025, 5, 31, 14, 59))
    }

    @Test("rdf:about is the id; dc:date, dc:creator, dc:subject and content:encoded fill the item, by namespace not prefix")
    func item() throws {
        let article = try #require(feed.articles.first)
        #expect(article.id == "https://diary.example.jp/2025/05/31/1")
        #expect(article.published == Fixture.utc(2025, 5, 31, 12))
        #expect(article.author == "佐藤花子")
        #expect(article.categories == ["天気"])
        #expect(article.content == "<p>今日から<strong>梅雨入り</strong>したらしい。</p>")
        #expect(article.summary == "今日から梅雨入りしたらしい。")
    }

    @Test("a date-only dc:date is midnight UTC")
    func dateOnly() throws {
        let article = try #require(feed.articles.last)
        #expect(article.published == Fixture.utc(2025, 5, 30))
    }
}

@Suite("Atom 1.0")
struct AtomTests {
    let feed: Feed

    init() throws {
        feed = try Fixture.parse("atom10.xml")
    }

    @Test("feed-level fields: html title as plain text, alternate link, subtitle, icon, author")
    func channel() throws {
        #expect(feed.format == .atom10)
        #expect(feed.title == "Dive into & Out")
        #expect(feed.link == "https://example.org/")
        #expect(feed.subtitle == "Notes on markup & feeds")
        #expect(feed.image == "https://example.org/favicon.ico")
        #expect(feed.author == "Mark Pilgrim")
        #expect(feed.language == "en")
        let updated = try #require(feed.updated)
        #expect(abs(updated.timeIntervalSince(Fixture.utc(2025, 6, 1, 12, 29, 29)) - 0.25) < 0.000_001)
    }

    @Test("xhtml content is the inner markup of the wrapper div")
    func xhtmlContent() throws {
        let entry = try #require(feed.articles.first)
        #expect(entry.content == "<p><i>[Update: The Atom draft is finished.]</i></p><p>Line<br />break &amp; more</p>")
    }

    @Test("text summaries are escaped so that summaries are always HTML")
    func textSummary() throws {
        let entry = try #require(feed.articles.first)
        #expect(entry.summary == "Tags like &lt;p&gt; are text here &amp; must stay text.")
    }

    @Test("rel=alternate is the link, rel=enclosure an enclosure, other relations are ignored")
    func links() throws {
        let entry = try #require(feed.articles.first)
        #expect(entry.link == "https://example.org/2025/06/atom-draft")
        #expect(entry.enclosures == [Enclosure(url: "http://example.org/audio/ph34r_my_podcast.mp3", type: "audio/mpeg", length: 1337)])
    }

    @Test("id, published, updated, author and category terms are read")
    func entryFields() throws {
        let entry = try #require(feed.articles.first)
        #expect(entry.id == "tag:example.org,2003:3.2397")
        #expect(entry.published == Fixture.utc(2025, 6, 1, 12, 29, 29))
        #expect(entry.updated == Fixture.utc(2025, 6, 1, 12, 29, 29))
        #expect(entry.author == "Mark Pilgrim")
        #expect(entry.categories == ["atom", "日本語"])
    }

    @Test("html content stays HTML; an entry with only updated has no published date")
    func htmlContentAndUpdatedOnly() throws {
        let entry = try #require(feed.articles.dropFirst().first)
        #expect(entry.content == "<p>こんにちは、<b>世界</b></p>")
        #expect(entry.published == nil)
        #expect(entry.updated == Fixture.utc(2025, 5, 30))
        #expect(entry.link == "https://example.org/ja/entry")
    }

    @Test("atom:source describes another feed and does not override the entry's fields")
    func sourceIgnored() throws {
        let entry = try #require(feed.articles.dropFirst().first)
        #expect(entry.title == "日本語のエントリー")
        #expect(entry.id == "tag:example.org,2025:ja-1")
    }

    @Test("an xhtml title becomes its text, and text content is escaped into HTML")
    func xhtmlTitleAndTextContent() throws {
        let entry = try #require(feed.articles.last)
        #expect(entry.title == "Plain bold title")
        #expect(entry.content == "1 &lt; 2 &amp; &quot;quotes&quot;")
        #expect(entry.link == "https://example.org/text-only")
    }
}
