// Reading how each feed is doing, for `newsmenu status`.
import Foundation

/// One feed's fetch history at a glance.
public struct FeedHealth: Sendable, Equatable {
    public var url: String
    /// The config's title, else the feed's own.
    public var title: String?
    /// The tabs listing the feed, in tab order.
    public var tabs: [String]
    public var lastSuccess: Date?
    public var lastAttempt: Date?
    public var lastStatus: Int?
    public var lastError: String?
    /// Failures in a row.
    public var failureCount: Int
    public var nextDue: Date?
    public var fetchCount: Int
    public var notModifiedCount: Int
    public var articleCount: Int
    public var movedTo: String?
    public var isGone: Bool
}

/// A tab's feeds by how their last fetch went.
public struct TabFetches: Sendable, Equatable {
    public var feeds: Int
    public var failed: Int
    public var succeeded: Int

    public var allFailed: Bool { feeds > 0 && failed == feeds }
    public var allSucceeded: Bool { feeds > 0 && succeeded == feeds }
}

extension FeedStore {
    /// Every feed that some tab lists, in the order of the first tab listing it.
    public func feedHealth() throws(StoreError) -> [FeedHealth] {
        let query = try database.prepare(
            """
            SELECT f.url, COALESCE(f.display_title, f.title),
                   (SELECT group_concat(name, char(31)) FROM
                       (SELECT t.name AS name FROM tab_feeds tf JOIN tabs t ON t.id = tf.tab_id
                        WHERE tf.feed_id = f.id ORDER BY t.position)),
                   f.last_fetched, f.last_attempt, f.last_status, f.last_error, f.failure_count, f.next_due,
                   f.fetch_count, f.not_modified_count,
                   (SELECT count(*) FROM articles a WHERE a.feed_id = f.id),
                   f.moved_to, f.is_gone,
                   (SELECT min(t.position * 100000 + tf.position) FROM tab_feeds tf JOIN tabs t ON t.id = tf.tab_id
                    WHERE tf.feed_id = f.id) AS listed_at
            FROM feeds f
            WHERE listed_at IS NOT NULL
            ORDER BY listed_at
            """, "reading the feeds' health")
        var rows: [FeedHealth] = []
        while try query.step() {
            rows.append(FeedHealth(
                url: query.string(at: 0) ?? "", title: query.string(at: 1),
                tabs: (query.string(at: 2) ?? "").split(separator: "\u{1F}").map(String.init),
                lastSuccess: query.date(at: 3), lastAttempt: query.date(at: 4),
                lastStatus: query.optionalInt64(at: 5).map(Int.init), lastError: query.string(at: 6),
                failureCount: Int(query.int64(at: 7)), nextDue: query.date(at: 8),
                fetchCount: Int(query.int64(at: 9)), notModifiedCount: Int(query.int64(at: 10)),
                articleCount: Int(query.int64(at: 11)), movedTo: query.string(at: 12), isGone: query.bool(at: 13)))
        }
        return rows
    }

    /// SQLite's own check of the file; "ok" when the database is sound.
    /// How the tab's feeds did at their last fetch: what an empty tab says depends on it
    /// (fetching again fills no tab whose feeds all fail, or all came back empty).
    public func lastFetches(inTab name: String) throws(StoreError) -> TabFetches {
        let query = try database.prepare(
            """
            SELECT COUNT(*), COALESCE(SUM(f.last_ok = 0), 0), COALESCE(SUM(f.last_ok = 1), 0)
            FROM tabs t JOIN tab_feeds tf ON tf.tab_id = t.id JOIN feeds f ON f.id = tf.feed_id
            WHERE t.name = ?1
            """, "reading the health of the feeds of the tab \(name)")
        try query.bind(name, at: 1)
        guard try query.step() else { return TabFetches(feeds: 0, failed: 0, succeeded: 0) }
        return TabFetches(feeds: Int(query.int64(at: 0)), failed: Int(query.int64(at: 1)), succeeded: Int(query.int64(at: 2)))
    }

    public func integrityCheck() throws(StoreError) -> String {
        let query = try database.prepare("PRAGMA integrity_check", "checking the database's integrity")
        var lines: [String] = []
        while try query.step() { lines.append(query.string(at: 0) ?? "") }
        return lines.joined(separator: "\n")
    }
}
