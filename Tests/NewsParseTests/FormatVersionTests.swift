// One fixture per format version: RSS 0.90, 0.91 (Netscape and UserLand), 0.92, 0.93, 0.94,
// JSON Feed 1.0; each asserting the fields it carries.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Format versions")
struct FormatVersionTests {
    @Test("RSS 0.90: the Netscape RDF namespace, its channel, image and items")
    func rss090() throws {
        let feed = try Fixture.parse("rss090_netscape_rdf.xml")
        #expect(feed.format == .rss090)
        #expect(feed.title == "Mozilla Dot Org")
        #expect(feed.subtitle == "the Mozilla Organization web site")
        #expect(feed.image == "http://www.mozilla.org/images/moz.gif")
        #expect(feed.articles.map(\.title) == ["New Status Updates", "Bugzilla Reorganized"])
        #expect(feed.articles.map(\.id) == ["http://www.mozilla.org/status/", "http://www.mozilla.org/bugs/"])
    }

    @Test("RSS 0.91 Netscape: the DTD is never fetched, its HTML entities still decode, Latin-1 reads as Windows-1252")
    func rss091Netscape() throws {
        let feed = try Fixture.parse("rss091_netscape_dtd.xml")
        #expect(feed.format == .rss091)
        #expect(feed.title == "Café Netscape")
        #expect(feed.language == "fr")
        #expect(feed.articles.first?.title == "Crème brûlée & more")
        #expect(feed.articles.first?.summary == "Naïve text in Latin-1 – read as Windows-1252")
        #expect(feed.warnings.isEmpty)
    }

    @Test("RSS 0.91 UserLand: HTML entities without any DTD, numeric references, escaped HTML decoded once")
    func rss091UserLand() throws {
        let feed = try Fixture.parse("rss091_userland_entities.xml")
        #expect(feed.format == .rss091)
        #expect(feed.title == "UserLand Weblog")
        let item = try #require(feed.articles.first)
        #expect(item.title == "Tom's “scripting” news…")
        #expect(item.summary == "<b>Bold</b> &amp; escaped once © 2001")
        #expect(feed.warnings.isEmpty)
    }

    @Test("RSS 0.92: an item with only a description gets a stable id, and its enclosure")
    func rss092() throws {
        let feed = try Fixture.parse("rss092_enclosure_source.xml")
        #expect(feed.format == .rss092)
        let item = try #require(feed.articles.first)
        #expect(item.title == nil)
        #expect(item.id.count == 16)
        #expect(item.summary?.hasPrefix("It's been a few days") == true)
        #expect(item.enclosures == [Enclosure(
            url: "http://www.scripting.com/mp3s/weatherReportDicksPicsVol7.mp3", type: "audio/mpeg", length: 6_182_912)])
    }

    @Test("RSS 0.93: pubDate in a named US zone")
    func rss093() throws {
        let feed = try Fixture.parse("rss093_dates.xml")
        #expect(feed.format == .rss093)
        #expect(feed.articles.first?.published == Fixture.utc(2001, 3, 30, 14, 5))
    }

    @Test("RSS 0.94: a permalink guid is both id and link")
    func rss094() throws {
        let feed = try Fixture.parse("rss094_guid_permalink.xml")
        #expect(feed.format == .rss094)
        #expect(feed.articles.first?.id == "http://094.example.com/p/1")
        #expect(feed.articles.first?.link == "http://094.example.com/p/1")
    }

    @Test("JSON Feed 1.0: the single author object, content_text escaped, an item image resolved")
    func jsonFeed10() throws {
        let feed = try Fixture.parse("jsonfeed10_author.json", documentURL: "https://j10.example.org/feed.json")
        #expect(feed.format == .jsonfeed)
        #expect(feed.author == "Brent")
        let item = try #require(feed.articles.first)
        #expect(item.content == "Hello")
        #expect(item.published == Fixture.utc(2017, 5, 17, 17, 2, 12))
        #expect(item.image == "https://j10.example.org/i.png")
    }
}
