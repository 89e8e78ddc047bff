// Schema v9's settings for cheap writes: the search index's in-memory postings budget.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Schema for cheap writes")
struct WriteCostSchemaTests {
    @Test("the search index keeps up to 16 MB of a transaction's postings before writing a segment")
    func searchIndexHashSize() throws {
        let temp = try TemporaryDirectory()
        _ = try FeedStore(path: temp.path("news.db"))
        let raw = try RawConnection(path: temp.path("news.db"))
        #expect(try raw.integer("SELECT v FROM article_search_config WHERE k = 'hashsize'") == 16 << 20)
    }

    @Test("a story's later twin is demoted by the twin trigger and counted once")
    func twinDemotedOnce() throws {
        let temp = try TemporaryDirectory()
        let store = try FeedStore(path: temp.path("news.db"))
        let first = "https://a.example/feed", second = "https://b.example/feed"
        try store.syncTabs([Tab(name: "ニュース", feeds: [Subscription(url: first), Subscription(url: second)])])
        func linked(_ id: String, _ link: String) -> Article { Article(id: id, title: id, link: link) }
        try store.store(feed([linked("x", "https://story.example/1")]), from: first, fetchedAt: date(1_000))
        try store.store(feed([linked("y", "https://story.example/1?utm_source=b"), linked("z", "https://story.example/2")]),
                        from: second, fetchedAt: date(1_001))
        let raw = try RawConnection(path: temp.path("news.db"))
        #expect(try raw.texts("SELECT a.guid FROM tab_articles t JOIN articles a ON a.id = t.article_id WHERE t.is_lead = 1 ORDER BY a.guid")
                == ["x", "z"])
        #expect(try raw.integer("SELECT stories FROM tab_stats") == 2)
    }
}
