// Links of other schemes than http(s) (javascript:, file:, data:, mailto:) are kept as the
// article's and feed's link, to be shown and never opened: cleaned like every text, losing to
// any web link the item has, and never an article's id.
import Foundation
import NewsModel
@testable import NewsParse
import Testing

@Suite("Links that are not web links")
struct NonWebLinkTests {
    @Test("RSS: javascript: and file: links are kept, cleaned of C1 and bidi controls, and trimmed")
    func rssKept() throws {
        let feed = try Fixture.parse("non_web_links.xml")
        #expect(feed.link == "javascript:void(0)")
        let links = Dictionary(uniqueKeysWithValues: feed.articles.map { ($0.title ?? "", $0.link) })
        #expect(links["Script"] == "javascript:alert(2Jdocument.cookie)")
        #expect(links["File"] == "file:///etc/passwd")
        #expect(links["Mail"] == "mailto:editor@example.com")
    }

    @Test("RSS: a web link wins over a javascript: one from whichever element, in either order")
    func rssWebLinkWins() throws {
        let feed = try Fixture.parse("non_web_links.xml")
        let links = Dictionary(uniqueKeysWithValues: feed.articles.map { ($0.title ?? "", $0.link) })
        #expect(links["Script then permalink"] == "https://example.com/permalink")
        #expect(links["Script then Atom link"] == "https://example.com/atom-link")
        #expect(links["Web then script"] == "https://example.com/web")
    }

    @Test("RSS: a guid of another scheme stays an id and does not become the link")
    func rssURNGuid() throws {
        let article = try #require(try Fixture.parse("non_web_links.xml").articles.first { $0.title == "Urn guid" })
        #expect(article.link == nil)
        #expect(article.id == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
    }

    @Test("Atom: javascript: and file: links are kept and cleaned; a web link wins in either order")
    func atom() throws {
        let feed = try Fixture.parse("non_web_links_atom.xml")
        #expect(feed.link == "file:///home/")
        let links = Dictionary(uniqueKeysWithValues: feed.articles.map { ($0.title ?? "", $0.link) })
        #expect(links["Script"] == "javascript:alert(2J1)")
        #expect(links["File"] == "file:///etc/passwd")
        #expect(links["Script then web"] == "https://example.com/entry")
        #expect(links["Web then data"] == "https://example.com/web")
    }

    @Test("JSON Feed: javascript: and file: urls are kept and cleaned; a web url or external_url wins")
    func jsonFeed() throws {
        let feed = try Fixture.parse("non_web_links.json")
        #expect(feed.link == "javascript:void(0)")
        #expect(feed.articles.map(\.link) == [
            "javascript:alert(2Jdocument.cookie)", "file:///etc/passwd", "https://example.org/elsewhere",
            "https://example.com/web", "javascript:void(0)", "javascript:void(0)",
        ])
    }

    @Test("an item whose only link is not a web link gets the stable fallback id, not the link",
          arguments: ["non_web_links.xml", "non_web_links_atom.xml", "non_web_links.json"])
    func idIsNotTheLink(fixture: String) throws {
        let first = try Fixture.parse(fixture)
        let again = try Fixture.parse(fixture, documentURL: "https://moved.example.org/feed")
        #expect(first.articles.map(\.id) == again.articles.map(\.id), "ids are deterministic")
        for article in first.articles {
            #expect(!article.id.isEmpty)
            if let link = article.link, !LinkResolver.isWebLink(link) {
                #expect(article.id != link, "\(article.title ?? "") has its link as id")
                #expect(!article.id.contains(":") || article.id.hasPrefix("urn:"), "\(article.id)")
            }
        }
        let ids = first.articles.map(\.id)
        #expect(Set(ids).count == ids.count, "items sharing a javascript: or mailto: link stay apart: \(ids)")
    }

    @Test("the fallback id of an item with a javascript: link is the one it had when such links were dropped")
    func fallbackIDUnchanged() throws {
        let article = try #require(try Fixture.parse("non_web_links.xml").articles.first { $0.title == "Script" })
        #expect(article.id == ArticleAssembly.fallbackID(title: "Script", dateText: "Mon, 30 Nov 2026 10:00:00 GMT", body: nil))
    }

    @Test("the penalty of a link that is not a web link outweighs every link rule's priority")
    func penaltyOutweighsRules() throws {
        let linkPriorities = FieldTable.rules.filter { $0.field == .link }.map(\.priority) + [FieldTable.permalinkGuidPriority]
        let highest = try #require(linkPriorities.max())
        #expect(highest < FieldTable.nonWebLinkPenalty)
        #expect(FieldTable.linkPriority(0, link: "javascript:x") > FieldTable.linkPriority(highest, link: "https://e.org/"))
        #expect(FieldTable.permalinkGuidPriority(link: "tag:example.com,2026:1") == nil)
    }
}
