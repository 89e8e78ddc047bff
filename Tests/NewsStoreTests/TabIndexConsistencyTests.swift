// The trigger-kept tab index and counters (schema v5) against a plain recount from
// tab_feeds ⋈ articles, after a seeded sequence of every kind of change.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Tab index consistency")
struct TabIndexConsistencyTests {
    /// What `tab_articles` and `tab_stats` must hold, recomputed the slow, obvious way:
    /// per tab, the articles of its feeds; a story's lead is its smallest id per link key.
    /// Other suites check their own changes against it.
    static func mismatches(_ raw: RawConnection) throws -> [String] {
        let expected = """
            SELECT tf.tab_id, a.id, a.sort_date, a.first_seen, a.is_read = 0,
                   a.link_key IS NULL OR a.id = (SELECT MIN(b.id) FROM articles b JOIN tab_feeds tb ON tb.feed_id = b.feed_id
                                                 WHERE tb.tab_id = tf.tab_id AND b.link_key = a.link_key)
            FROM tab_feeds tf JOIN articles a ON a.feed_id = tf.feed_id
            """
        let actual = "SELECT tab_id, article_id, sort_date, first_seen, is_unread, is_lead FROM tab_articles"
        let stats = """
            SELECT t.id, COALESCE(SUM(x.is_lead), 0), COALESCE(SUM(x.is_lead AND x.is_unread), 0)
            FROM tabs t LEFT JOIN (\(actual)) x ON x.tab_id = t.id GROUP BY t.id
            """
        var problems: [String] = []
        let missing = try raw.rows("\(expected) EXCEPT \(actual)")
        let extra = try raw.rows("\(actual) EXCEPT \(expected)")
        if !missing.isEmpty { problems.append("missing \(missing)") }
        if !extra.isEmpty { problems.append("extra \(extra)") }
        let counters = try raw.rows("SELECT tab_id, stories, unread FROM tab_stats ORDER BY tab_id")
        let recount = try raw.rows(stats + " ORDER BY t.id")
        if counters != recount { problems.append("counters \(counters) != \(recount)") }
        return problems
    }

    @Test("after 300 seeded stores, relinks, reads, tab changes and deletions the index equals a recount")
    func seededChanges() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        let store = try FeedStore(path: path)
        let raw = try RawConnection(path: path)
        let urls = (0..<5).map { "https://feed\($0).example/rss" }
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func tabs() -> [Tab] {
            (0..<3).map { tab in
                Tab(name: "T\(tab)", feeds: urls.indices.filter { _ in next(3) > 0 }.map { Subscription(url: urls[$0]) })
            }
        }
        try store.syncTabs(tabs())
        for step in 0..<300 {
            switch next(6) {
            case 0, 1:
                // Links drawn from a small pool, so twins (and re-links) are common.
                let articles = (0..<(1 + next(4))).map { _ in
                    Article(id: "g\(next(12))", title: "t", link: next(5) == 0 ? nil : "https://s.example/\(next(8))/",
                            published: date(Int64(next(1_000))))
                }
                try store.store(feed(articles), from: urls[next(urls.count)], fetchedAt: date(Int64(1_000 + step)))
            case 2:
                try store.setRead(next(2) == 0, articleIDs: [Int64(1 + next(40))])
            case 3:
                try store.syncTabs(tabs())
            case 4:
                try raw.execute("DELETE FROM articles WHERE id = ?1", [.integer(Int64(1 + next(40)))])
            default:
                try store.markTabRead("T\(next(3))", olderThan: date(Int64(next(1_000))))
            }
            let problems = try Self.mismatches(raw)
            #expect(problems.isEmpty, "after step \(step): \(problems)")
            if !problems.isEmpty { break }
        }
        #expect(try raw.integer("SELECT COUNT(*) FROM tab_articles") ?? 0 > 0)
    }
}
