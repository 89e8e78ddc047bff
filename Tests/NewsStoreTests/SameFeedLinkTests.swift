// Items of one feed that share a link (a status page, a podcast's show page, a changelog's
// `page#v1.2`) are different articles; only articles of different feeds make one story.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Items of one feed sharing a link")
struct SameFeedLinkTests {
    let temp: TemporaryDirectory
    let store: FeedStore
    let raw: RawConnection
    let status = "https://status.example/feed"
    let wire = "https://wire.example/feed"
    let paper = "https://paper.example/feed"

    init() throws {
        temp = try TemporaryDirectory()
        store = try FeedStore(path: temp.path("news.db"))
        raw = try RawConnection(path: temp.path("news.db"))
        try store.syncTabs([
            Tab(name: "Status", feeds: [Subscription(url: status)]),
            Tab(name: "News", feeds: [Subscription(url: wire), Subscription(url: paper)]),
        ])
    }

    private func item(_ id: String, link: String, published: Int64) -> Article {
        Article(id: id, title: "Item \(id)", link: link, published: date(published))
    }

    /// Items `first...last` of the status feed, all linking to one page.
    private func statusFeed(_ items: ClosedRange<Int>) -> Feed {
        Feed(format: .rss20, title: "Status", link: "https://status.example/",
             articles: items.map { item("s\($0)", link: "https://status.example/incidents", published: Int64(100 * $0)) })
    }

    private func titles(inTab name: String) throws -> [String] {
        try store.articles(inTab: name, limit: 20).compactMap(\.title)
    }

    @Test("five items of one feed sharing a link are five rows, five new, each with its own read state")
    func fiveItemsOneLink() throws {
        #expect(try store.store(statusFeed(1...5), from: status, fetchedAt: date(1_000)) == 5)
        #expect(try titles(inTab: "Status") == ["Item s5", "Item s4", "Item s3", "Item s2", "Item s1"])
        #expect(try store.tabCounts()["Status"]?.unread == 5)
        #expect(try store.articleCount(inTab: "Status") == 5)
        // Within one document the first item takes the link's key, the rest none.
        #expect(try raw.texts("SELECT guid FROM articles WHERE link_key IS NOT NULL") == ["s1"])

        let third = try #require(try store.articles(inTab: "Status", limit: 20).first { $0.title == "Item s3" })
        #expect(try store.setRead(true, articleIDs: [third.id]).isEmpty)
        try store.setStarred(true, articleIDs: [third.id])
        let rows = try store.articles(inTab: "Status", limit: 20)
        #expect(rows.filter(\.isRead).map(\.title) == ["Item s3"])
        #expect(rows.filter(\.isStarred).map(\.title) == ["Item s3"])
        #expect(rows.allSatisfy { $0.otherSources.isEmpty })
        #expect(try store.tabCounts()["Status"]?.unread == 4)
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)
    }

    @Test("a later item with the link the feed's earlier items share is counted new and listed")
    func laterItemIsNew() throws {
        try store.store(statusFeed(1...5), from: status, fetchedAt: date(1_000))
        #expect(try store.store(statusFeed(1...6), from: status, fetchedAt: date(2_000)) == 1)
        #expect(try titles(inTab: "Status").first == "Item s6")
        #expect(try store.tabCounts()["Status"]?.unread == 6)
        // A re-fetch leaves each item's key (or lack of one) as it was.
        #expect(try raw.texts("SELECT guid FROM articles WHERE link_key IS NOT NULL") == ["s1"])
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)
    }

    @Test("a changelog's entries linking to one page's fragments are one row each")
    func changelogFragments() throws {
        let changelog = Feed(format: .atom10, title: "Changelog", link: "https://tool.example/",
                             articles: (0...3).map { item("v1.\($0)", link: "https://tool.example/changelog#v1.\($0)",
                                                          published: Int64(100 * $0)) })
        #expect(try store.store(changelog, from: status, fetchedAt: date(1_000)) == 4)
        #expect(try titles(inTab: "Status") == ["Item v1.3", "Item v1.2", "Item v1.1", "Item v1.0"])
        #expect(try store.tabCounts()["Status"]?.unread == 4)
    }

    @Test("an item that re-links to a page an earlier item of its feed has becomes no twin of it")
    func relinkWithinFeed() throws {
        let before = Feed(format: .rss20, link: "https://status.example/", articles: [
            item("s1", link: "https://status.example/incidents", published: 100),
            item("s2", link: "https://status.example/maintenance", published: 200),
        ])
        try store.store(before, from: status, fetchedAt: date(1_000))
        var after = before
        after.articles[1].link = "https://status.example/incidents/"
        #expect(try store.store(after, from: status, fetchedAt: date(2_000)) == 0)
        #expect(try titles(inTab: "Status") == ["Item s2", "Item s1"])
        #expect(try raw.texts("SELECT guid FROM articles WHERE link_key IS NOT NULL") == ["s1"])
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)
    }

    @Test("two feeds linking their items to the home page they share are not merged")
    func homePagesNeverMerge() throws {
        // Two feeds of one site (posts and a podcast), every item linking to the site's front page.
        let home = "https://site.example/"
        try store.store(Feed(format: .rss20, link: home, articles: [item("w1", link: home, published: 100),
                                                                    item("w2", link: home, published: 300)]),
                        from: wire, fetchedAt: date(1_000))
        #expect(try store.store(Feed(format: .rss20, link: "https://SITE.example", articles: [
            item("p1", link: "https://site.example", published: 200)]), from: paper, fetchedAt: date(2_000)) == 1)
        #expect(try titles(inTab: "News") == ["Item w2", "Item p1", "Item w1"])
        #expect(try store.tabCounts()["News"]?.unread == 3)
        #expect(try raw.integer("SELECT COUNT(*) FROM articles WHERE link_key IS NOT NULL") == 0)
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)
    }

    @Test("the first item of a feed with a link is still one story with another feed's copy of it")
    func firstOfFeedStillDedupes() throws {
        let story = "https://site.example/story"
        try store.store(Feed(format: .rss20, link: "https://wire.example/", articles: [
            item("w1", link: story, published: 100), item("w2", link: story + "#update", published: 200),
        ]), from: wire, fetchedAt: date(1_000))
        let first = try #require(try store.articles(inTab: "News", limit: 20).first { $0.title == "Item w1" })
        try store.setRead(true, articleIDs: [first.id])
        // The paper's copy joins the wire's first item: no new story, and it arrives read.
        #expect(try store.store(Feed(format: .rss20, link: "https://paper.example/", articles: [
            item("p1", link: story, published: 150)]), from: paper, fetchedAt: date(2_000)) == 0)
        let rows = try store.articles(inTab: "News", limit: 20)
        #expect(rows.map(\.title) == ["Item w2", "Item w1"])
        #expect(rows.last?.otherSources.isEmpty == false && rows.last?.isRead == true)
        #expect(rows.first?.isRead == false)
        #expect(try raw.integer("SELECT is_read FROM articles WHERE guid = 'p1'") == 1)
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)
    }
}
