// Schema v17 on a database v16 wrote: the items of one feed that shared a link with an earlier
// one, or linked to their feed's home page, were hidden behind it; the upgrade lists them.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Schema v17: items of one feed sharing a link")
struct SameFeedLinkMigrationTests {
    @Test("upgrading from v16 lists the items hidden behind an earlier item of their feed or their feed's home page")
    func hiddenItemsListed() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        let status = "https://status.example/feed", wire = "https://wire.example/feed", paper = "https://paper.example/feed"
        let store = try FeedStore(path: path)
        try store.syncTabs([
            Tab(name: "Status", feeds: [Subscription(url: status)]),
            Tab(name: "News", feeds: [Subscription(url: wire), Subscription(url: paper)]),
            Tab(name: "Paper", feeds: [Subscription(url: paper)]),
        ])
        func item(_ id: String, _ link: String, published: Int64) -> Article {
            Article(id: id, title: id, link: link, published: date(published))
        }
        try store.store(Feed(format: .rss20, link: "https://status.example/", articles: (1...4).map {
            item("s\($0)", "https://status.example/incidents#\($0)", published: Int64(100 * $0))
        }), from: status, fetchedAt: date(1_000))
        try store.store(Feed(format: .rss20, link: "https://site.example/", articles: [
            item("w1", "https://site.example/story", published: 100), item("w2", "https://site.example/", published: 300),
        ]), from: wire, fetchedAt: date(1_000))
        try store.store(Feed(format: .rss20, link: "https://site.example/", articles: [
            item("p1", "https://site.example/story", published: 150), item("p2", "https://site.example/", published: 400),
            item("p3", "https://site.example/", published: 500),
        ]), from: paper, fetchedAt: date(2_000))
        let raw = try RawConnection(path: path)
        // As v16 wrote them: every article keyed by its link, the triggers moving its tab rows.
        for row in try raw.rows("SELECT id, canonical_link FROM articles") {
            let id = try #require(row[0].flatMap { Int64($0) }), canonical = try #require(row[1])
            try raw.execute("UPDATE articles SET link_key = ?1 WHERE id = ?2", [.integer(CanonicalLink.key(canonical)), .integer(id)])
        }
        try raw.execute("PRAGMA user_version = 16")
        #expect(try store.articles(inTab: "Status", limit: 20).map(\.title) == ["s1"])
        #expect(try store.articles(inTab: "News", limit: 20).map(\.title) == ["w2", "w1"])
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)

        let upgraded = try FeedStore(path: path)
        #expect(try raw.integer("PRAGMA user_version") == Int64(Migrations.latestVersion))
        #expect(try upgraded.articles(inTab: "Status", limit: 20).map(\.title) == ["s4", "s3", "s2", "s1"])
        // The story both feeds carry stays one row; the home-page items are each their own.
        let news = try upgraded.articles(inTab: "News", limit: 20)
        #expect(news.map(\.title) == ["p3", "p2", "w2", "w1"])
        #expect(news.last?.otherSources.isEmpty == false)
        #expect(try upgraded.articles(inTab: "Paper", limit: 20).map(\.title) == ["p3", "p2", "p1"])
        let counts = try upgraded.tabCounts()
        #expect(counts["Status"]?.total == 4 && counts["Status"]?.unread == 4)
        #expect(counts["News"]?.total == 4 && counts["News"]?.unread == 4)
        #expect(counts["Paper"]?.total == 3)
        #expect(try raw.texts("SELECT guid FROM articles WHERE link_key IS NOT NULL ORDER BY id") == ["s1", "w1", "p1"])
        #expect(try TabIndexConsistencyTests.mismatches(raw).isEmpty)
    }
}
