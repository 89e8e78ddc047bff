// Retention, run after each fetch that stored something, over the feeds it stored, and over
// every feed once a day: old articles go, and a feed keeps at most so many; what the reader
// starred, what is unread and recent, and what the feed still carries stay (a feed no tab
// lists carries nothing). `vacuum` gives
// the freed pages back to the file system.
import Foundation

/// How much history to keep. The config's `"retention": {"days": 90, "per_feed": 1000}`.
public struct RetentionPolicy: Sendable, Equatable {
    /// Articles dated more than this many days ago are deleted, read or not.
    public var days: Int
    /// A feed keeps at most this many articles, newest first; beyond it read ones go.
    public var perFeed: Int

    public init(days: Int = 90, perFeed: Int = 1000) {
        self.days = days
        self.perFeed = perFeed
    }

    /// Unix seconds before which an article is older than `days` at `now`.
    func cutoff(at now: Date) -> Int64 {
        UnixTime.seconds(now) - Int64(max(days, 0)) * 86_400
    }
}

/// When retention last looked at every feed and with what policy, and when it last looked
/// at the feeds just stored, kept in `settings` as "seconds days per-feed looked-seconds"
/// (before the last field was added, "seconds days per-feed": both looks at once).
struct RetentionRun: Equatable {
    static let settingKey = "retention.last_run"
    /// Seconds after which `applyRetentionIfDue` looks at every feed again: articles age
    /// past `days` in feeds that were not stored meanwhile.
    static let rerunInterval: Int64 = 86_400

    /// The last look at every feed.
    var ranAt: Int64
    var policy: RetentionPolicy
    /// The second after the last look of either kind (`nextLook`): feeds stored at it or
    /// later have not been looked at.
    var lookedAt: Int64

    init(ranAt: Int64, policy: RetentionPolicy, lookedAt: Int64? = nil) {
        self.ranAt = ranAt
        self.policy = policy
        self.lookedAt = lookedAt ?? ranAt
    }

    init?(settingValue: String?) {
        let numbers = (settingValue ?? "").split(separator: " ").map { Int64($0) }
        let fields = numbers.compactMap { $0 }
        guard fields.count == numbers.count, fields.count == 3 || fields.count == 4,
              let days = Int(exactly: fields[1]), let perFeed = Int(exactly: fields[2]) else { return nil }
        self.init(ranAt: fields[0], policy: RetentionPolicy(days: days, perFeed: perFeed),
                  lookedAt: fields.dropFirst(3).first)
    }

    var settingValue: String { "\(ranAt) \(policy.days) \(policy.perFeed) \(lookedAt)" }

    /// Less than `rerunInterval` before `seconds` (and not after it: a clock set back reruns).
    func isRecent(at seconds: Int64) -> Bool {
        let (elapsed, overflow) = seconds.subtractingReportingOverflow(ranAt)
        return !overflow && (0..<Self.rerunInterval).contains(elapsed)
    }
}

extension FeedStore {
    /// Deletes, feed by feed, every article that is not starred, is not in the feed's
    /// current document (`last_seen` = the feed's `last_stored`; a feed no tab lists has
    /// none), and is either dated before `now - days`, or read and beyond the feed's newest
    /// `perFeed`. Unread articles younger than `days` are never deleted, so a feed may keep
    /// more than `perFeed` of them.
    /// One transaction; returns how many articles were deleted.
    @discardableResult
    public func applyRetention(_ policy: RetentionPolicy, now: Date) throws(StoreError) -> Int {
        try applyRetention(policy, now: now, toFeedsStoredSince: nil,
                           recording: RetentionRun(ranAt: UnixTime.seconds(now), policy: policy, lookedAt: Self.nextLook(after: now)))
    }

    /// `applyRetention` over the feeds whose `last_stored` is `since` or later (every feed
    /// when nil), recording `run` as the last look.
    private func applyRetention(_ policy: RetentionPolicy, now: Date, toFeedsStoredSince since: Int64?,
                                recording run: RetentionRun) throws(StoreError) -> Int {
        let operation = "deleting old articles"
        let cutoff = policy.cutoff(at: now)
        return try database.transaction(operation) { () throws(StoreError) -> Int in
            // A feed no tab lists (unsubscribed) carries nothing: its current document is
            // no one's, and its articles would otherwise stay for good. Only a look at every
            // feed reaches it, since it is no longer fetched.
            let feeds = try database.prepare(
                """
                SELECT id, CASE WHEN EXISTS (SELECT 1 FROM tab_feeds WHERE feed_id = feeds.id) THEN last_stored END
                FROM feeds WHERE ?1 IS NULL OR last_stored >= ?1
                """, operation)
            try feeds.bind(since, at: 1)
            var feedStamps: [(Int64, Int64?)] = []
            while try feeds.step() { feedStamps.append((feeds.int64(at: 0), feeds.optionalInt64(at: 1))) }
            // Read first, then deleted by id: a feed with nothing to delete (the usual case)
            // costs one read.
            // The newest row stays whatever its age: SQLite gives a new row the largest id plus
            // one, so deleting the largest would hand its id to the next article, and an id a
            // user kept (`newsmenu read 42`, a hook's log) would name another article.
            let doomed = try database.prepare(
                """
                SELECT id FROM articles
                WHERE feed_id = ?1 AND is_starred = 0 AND last_seen IS NOT ?2
                  AND id < (SELECT MAX(id) FROM articles)
                  AND (sort_date < ?3 OR (is_read = 1 AND id IN (
                      SELECT id FROM articles WHERE feed_id = ?1
                      ORDER BY sort_date DESC, id DESC LIMIT -1 OFFSET ?4)))
                """, operation)
            let delete = try database.prepare("DELETE FROM articles WHERE id = ?1", operation)
            let searchLog = try SearchLog(statements: statements, operation)
            var deleted = 0
            for (feedID, lastStored) in feedStamps {
                doomed.reset()
                try doomed.bind(feedID, at: 1)
                try doomed.bind(lastStored, at: 2)
                try doomed.bind(cutoff, at: 3)
                try doomed.bind(max(policy.perFeed, 0), at: 4)
                var gone: [Int64] = []
                while try doomed.step() { gone.append(doomed.int64(at: 0)) }
                for id in gone {
                    delete.reset()
                    try delete.bind(id, at: 1)
                    try delete.run()
                    try searchLog.record(id)
                }
                deleted += gone.count
            }
            let record = try statements.prepare(
                "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                operation)
            try record.bind(RetentionRun.settingKey, at: 1)
            try record.bind(run.settingValue, at: 2)
            try record.run()
            return deleted
        }
    }

    /// Retention after a fetch. Every feed is looked at when the last such look is a day
    /// old, had another policy, or is unknown; otherwise only the feeds stored since the last
    /// look, whose documents may have left articles behind, and nothing (nil) when none was.
    /// Retention reads every article of the feeds it looks at: at 1,000,000 articles a look
    /// at every feed took about 0.4 s, which every fetch that stored anything paid.
    @discardableResult
    public func applyRetentionIfDue(_ policy: RetentionPolicy, now: Date) throws(StoreError) -> Int? {
        let query = try database.prepare(
            "SELECT value, (SELECT MAX(last_stored) FROM feeds) FROM settings WHERE key = ?1",
            "checking when old articles were last deleted")
        try query.bind(RetentionRun.settingKey, at: 1)
        guard try query.step(), let last = RetentionRun(settingValue: query.string(at: 0)),
              last.policy == policy, last.isRecent(at: UnixTime.seconds(now)) else {
            return try applyRetention(policy, now: now)
        }
        guard (query.optionalInt64(at: 1) ?? .min) >= last.lookedAt else { return nil }
        return try applyRetention(policy, now: now, toFeedsStoredSince: last.lookedAt,
                                  recording: RetentionRun(ranAt: last.ranAt, policy: policy, lookedAt: Self.nextLook(after: now)))
    }

    /// Where the next look's "stored since" starts: the second after `now`. Stamps are whole
    /// seconds, and a fetch stores before it looks, under the fetch lock, so what was stored
    /// within the look's own second was stored before the look; counting it again would have
    /// every run that stores nothing look again at the feeds the last one stored.
    private static func nextLook(after now: Date) -> Int64 {
        UnixTime.seconds(now) + 1
    }

    /// Rewrites the database and the search index file without their free pages, merging the
    /// index's segments; returns the two files' size before and after, in bytes. An index that
    /// SQLite finds damaged is built again from the articles. Needs no other connection to be
    /// in a transaction; waits on the busy timeout like any write. A damaged database is
    /// left as it is: VACUUM copies what it can read, and a damaged page can read as fewer
    /// rows without an error, so the copy would drop articles and report success.
    public func vacuum() throws(StoreError) -> (before: Int64, after: Int64) {
        let before = fileSize()
        try database.requireIntact("checking the database before compacting it")
        try detachSearchIndex()
        if try searchIndexIsSound() {
            try finishIndexing()
            let index = try SearchIndexFile.open(for: database.path)
            try SearchIndexUpdater(index: index, main: database).optimize()
            try index.vacuum("compacting the search index")
            try SearchIndexFile.emptyLog(of: index)
        } else {
            try rebuildSearchIndex(keepingSound: false)
        }
        try database.vacuum("compacting the database")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)", "emptying the write-ahead log")
        return (before, fileSize())
    }

    /// SQLite's quick check of the index file, which reads every page of it, then the check
    /// of what its rows hold (`SearchSegments.problems`), which SQLite cannot see.
    private func searchIndexIsSound() throws(StoreError) -> Bool {
        do {
            let index = try SearchIndexFile.open(for: database.path)
            let check = try index.prepare("PRAGMA quick_check", "checking the search index")
            guard try check.step(), check.string(at: 0) == "ok" else { return false }
            return try SearchSegments.problems(in: index, "checking the search index").isEmpty
        } catch where error.isDamage {
            return false
        }
    }

    /// The database, the search index and their write-ahead logs together.
    private func fileSize() -> Int64 {
        [database.path, database.path + "-wal", searchIndexPath, searchIndexPath + "-wal"].reduce(0) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
            return total + (size ?? 0)
        }
    }
}
