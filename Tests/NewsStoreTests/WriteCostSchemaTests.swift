// Schema v11's and v15's settings for cheap writes: story leads and counters kept by the store
// instead of per-row triggers. (v9's in-memory postings budget was FTS5's `hashsize`, gone with
// FTS5 in v18; that an index transaction writes one segment is SearchIndexFileTests'.)
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Schema for cheap writes")
struct WriteCostSchemaTests {
    @Test("a story's later twin is demoted and counted once")
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

    @Test("storing a new article or a new membership fires no trigger: none on INSERT into articles, tab_articles, tab_feeds")
    func noInsertTriggers() throws {
        let temp = try TemporaryDirectory()
        _ = try FeedStore(path: temp.path("news.db"))
        let raw = try RawConnection(path: temp.path("news.db"))
        let triggers = try raw.texts(
            """
            SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name IN ('articles', 'tab_articles', 'tab_feeds')
              AND sql LIKE '%AFTER INSERT%'
            """)
        #expect(triggers.isEmpty, "\(triggers)")
    }

    @Test("a feed joining a tab with a story's earlier twin takes the lead from the later one, counted once")
    func feedJoiningTabLeadsWithEarlierTwin() throws {
        let temp = try TemporaryDirectory()
        let store = try FeedStore(path: temp.path("news.db"))
        let early = "https://early.example/feed", late = "https://late.example/feed"
        try store.syncTabs([Tab(name: "A", feeds: [Subscription(url: early)]), Tab(name: "B", feeds: [Subscription(url: late)])])
        try store.store(feed([Article(id: "e", title: "e", link: "https://story.example/1"),
                              Article(id: "only", title: "only", link: "https://story.example/2")]),
                        from: early, fetchedAt: date(1_000))
        try store.store(feed([Article(id: "l", title: "l", link: "https://story.example/1?utm_source=x")]),
                        from: late, fetchedAt: date(1_001))
        try store.setRead(true, articleIDs: [1])
        try store.syncTabs([Tab(name: "A", feeds: [Subscription(url: early)]),
                            Tab(name: "B", feeds: [Subscription(url: late), Subscription(url: early)])])
        let raw = try RawConnection(path: temp.path("news.db"))
        #expect(try raw.texts("""
            SELECT a.guid FROM tab_articles t JOIN tabs b ON b.id = t.tab_id JOIN articles a ON a.id = t.article_id
            WHERE b.name = 'B' AND t.is_lead = 1 ORDER BY a.guid
            """) == ["e", "only"])
        #expect(try raw.rows("SELECT s.stories, s.unread FROM tab_stats s JOIN tabs b ON b.id = s.tab_id WHERE b.name = 'B'")
                == [["2", "1"]])
    }
}
