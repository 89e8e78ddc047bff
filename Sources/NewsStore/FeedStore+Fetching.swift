// Writing fetch results: a successful fetch's articles (upserted), an unchanged feed, or a
// failed fetch's error, each with the bookkeeping the next fetch needs. One transaction each.
import Foundation
import NewsModel

extension FeedStore {
    /// Stores one successful fetch of `feedURL`: updates the feed's metadata (title, link,
    /// last fetched, last status ok, the bookkeeping) and upserts the articles keyed by
    /// (feed, article id): a new article is inserted with first_seen = fetchedAt; an
    /// existing one is updated in place (title, link, author, dates, summary, content)
    /// keeping read/starred and first_seen. One transaction. Returns the number of new
    /// stories (`ArticleWriter.write`): another source of a stored story is not one.
    ///
    /// A feed URL not yet known (not in any tab) is added. An article id repeated within
    /// one document is stored once, the later entry winning, and counted new at most once.
    ///
    /// With `retention`, a feed stored before that brings an article not stored, dated
    /// (published, else updated) more than `retention.days` before `fetchedAt`, gets it
    /// read and not counted new: retention deleted it when a shorter document left it out,
    /// or would have, and it is no news. A feed's first document keeps its archive unread.
    @discardableResult
    public func store(_ feed: Feed, from feedURL: String, fetchedAt: Date,
                      bookkeeping: FetchBookkeeping = FetchBookkeeping(),
                      retention: RetentionPolicy? = nil) throws(StoreError) -> Int {
        try store(StorableFeed(feed), from: feedURL, fetchedAt: fetchedAt, bookkeeping: bookkeeping, retention: retention)
    }

    /// `store` for a feed whose derived values were worked out beforehand (on another thread).
    @discardableResult
    public func store(_ storable: StorableFeed, from feedURL: String, fetchedAt: Date,
                      bookkeeping: FetchBookkeeping = FetchBookkeeping(),
                      retention: RetentionPolicy? = nil) throws(StoreError) -> Int {
        let feed = storable.feed
        let operation = "storing the articles of \(feedURL)"
        return try database.transaction(operation) { () throws(StoreError) -> Int in
            let (feedID, wasStored, homeLink) = try recordSuccess(from: feedURL, at: fetchedAt, bookkeeping: bookkeeping,
                                                        title: feed.title, link: feed.link, notModified: false, operation)
            let agedBefore = wasStored ? retention.map { $0.cutoff(at: fetchedAt) } : nil
            let writer = try ArticleWriter(database: database, statements: statements, feedID: feedID,
                                           homeLink: homeLink, agedBefore: agedBefore, operation: operation)
            var newCount = 0
            for (article, derived) in zip(feed.articles, storable.derived) {
                if try writer.write(article, derived, fetchedAt: fetchedAt) { newCount += 1 }
            }
            try writer.finish()
            // Marks this document as the feed's current one, which retention leaves alone.
            let stamp = try statements.prepare("UPDATE feeds SET last_stored = ?1 WHERE id = ?2", operation)
            try stamp.bind(fetchedAt, at: 1)
            try stamp.bind(feedID, at: 2)
            try stamp.run()
            return newCount
        }
    }

    /// Records a fetch that found nothing new: a 304, or a body identical to the last one.
    public func recordUnchanged(feedURL: String, at date: Date, bookkeeping: FetchBookkeeping) throws(StoreError) {
        // One statement, atomic on its own: a savepoint around it cost more than the write.
        // Without RETURNING, which SQLite collects in a temporary table opened for each run
        // of the statement: that was half of recording an unchanged feed.
        let operation = "recording the unchanged feed \(feedURL)"
        let upsert = try statements.prepare(Self.recordSuccessSQL, operation)
        try bindSuccess(upsert, from: feedURL, at: date, bookkeeping: bookkeeping, title: nil, link: nil,
                        notModified: bookkeeping.status == 304, parsed: false)
        try upsert.run()
    }

    /// Records a failed fetch (message, time, status, when to retry), touching no articles.
    public func recordFailure(feedURL: String, message: String, at date: Date,
                              bookkeeping: FetchBookkeeping = FetchBookkeeping()) throws(StoreError) {
        let operation = "recording the failure of \(feedURL)"
        let upsert = try statements.prepare(
            """
            INSERT INTO feeds (url, last_attempt, last_ok, last_error, failure_count, last_status, is_gone,
                               next_due, moved_to, fetch_count, retry_after_until)
            VALUES (?1, ?2, 0, ?3, 1, ?4, ?5, ?6, ?7, 1, ?8)
            ON CONFLICT (url) DO UPDATE SET
                last_attempt = excluded.last_attempt, last_ok = 0,
                last_error = excluded.last_error, failure_count = failure_count + 1,
                last_status = excluded.last_status, is_gone = excluded.is_gone,
                next_due = excluded.next_due, moved_to = COALESCE(excluded.moved_to, moved_to),
                fetch_count = fetch_count + 1, retry_after_until = excluded.retry_after_until
            """, operation)
        try upsert.bind(feedURL, at: 1)
        try upsert.bind(date, at: 2)
        try upsert.bind(message, at: 3)
        try upsert.bind(bookkeeping.status.map(Int64.init), at: 4)
        try upsert.bind(bookkeeping.isGone, at: 5)
        try upsert.bind(bookkeeping.nextDue, at: 6)
        try upsert.bind(bookkeeping.movedTo, at: 7)
        try upsert.bind(bookkeeping.retryAfterUntil, at: 8)
        try upsert.run()
    }

    /// Sets when each feed is due next, in one transaction; nothing else of them changes.
    public func reschedule(_ schedules: [(url: String, nextDue: Date)]) throws(StoreError) {
        let operation = "rescheduling feeds that no server answered"
        try database.transaction(operation) { () throws(StoreError) in
            let update = try statements.prepare("UPDATE feeds SET next_due = ?2 WHERE url = ?1", operation)
            for (url, nextDue) in schedules {
                update.reset()
                try update.bind(url, at: 1)
                try update.bind(nextDue, at: 2)
                try update.run()
            }
        }
    }

    /// What is remembered of every stored feed, by URL, for planning the next fetch.
    public func fetchStates() throws(StoreError) -> [String: FeedFetchState] {
        let query = try database.prepare(
            """
            SELECT url, etag, last_modified, body_hash, moved_to, is_gone, next_due, failure_count, last_status,
                   update_interval, retry_after_until, validators_url
            FROM feeds
            """, "reading the feeds' fetch state")
        var states: [String: FeedFetchState] = [:]
        while try query.step() {
            guard let url = query.string(at: 0) else { continue }
            states[url] = FeedFetchState(
                url: url, etag: query.validator(at: 1), lastModified: query.validator(at: 2), bodyHash: query.string(at: 3),
                movedTo: query.string(at: 4), isGone: query.bool(at: 5), nextDue: query.date(at: 6),
                failureCount: Int(query.int64(at: 7)), lastStatus: query.optionalInt64(at: 8).map(Int.init),
                updateInterval: query.optionalInt64(at: 9).map(TimeInterval.init), retryAfterUntil: query.date(at: 10),
                validatorsURL: query.string(at: 11))
        }
        return states
    }

    /// The feed's id, whether a document of it was stored before, and its link as stored
    /// (this document's, or the last one given if it gives none).
    private func recordSuccess(
        from feedURL: String, at date: Date, bookkeeping: FetchBookkeeping, title: String?, link: String?,
        notModified: Bool, _ operation: String
    ) throws(StoreError) -> (id: Int64, wasStored: Bool, link: String?) {
        let upsert = try statements.prepare(Self.recordSuccessReturningFeedSQL, operation)
        try bindSuccess(upsert, from: feedURL, at: date, bookkeeping: bookkeeping, title: title, link: link,
                        notModified: notModified, parsed: true)
        guard try upsert.step() else {
            throw StoreError(path: database.path, operation: operation,
                             message: "the database returned no row for the feed")
        }
        let id = upsert.int64(at: 0), wasStored = upsert.optionalInt64(at: 1) != nil, storedLink = upsert.string(at: 2)
        try upsert.run()
        return (id, wasStored, storedLink)
    }

    // A feed that drops its title for one fetch keeps the one it had. After a 304 the
    // validators are kept unless the server sent new ones; after a 200 they are exactly
    // what the server sent, absent ones included. The update hint is what a parsed document
    // (?16) says, absent included, since a publisher may drop it; an unchanged feed keeps
    // it. A fetch that stored articles and still failed (?15, its message) counts as a
    // failure and leaves the last success as it was.
    private static let recordSuccessSQL = """
        INSERT INTO feeds (url, title, link, last_fetched, last_attempt, last_ok, failure_count, last_error,
                           last_status, etag, last_modified, body_hash, moved_to, is_gone, next_due,
                           fetch_count, not_modified_count, update_interval, retry_after_until, validators_url)
        VALUES (?1, ?2, ?3, CASE WHEN ?15 IS NULL THEN ?4 END, ?4, ?15 IS NULL, ?15 IS NOT NULL, ?15,
                ?5, ?6, ?7, ?8, ?9, 0, ?10, 1, ?11, ?13, NULL, ?14)
        ON CONFLICT (url) DO UPDATE SET
            title = COALESCE(excluded.title, title), link = COALESCE(excluded.link, link),
            last_fetched = COALESCE(excluded.last_fetched, last_fetched), last_attempt = excluded.last_attempt,
            last_ok = excluded.last_ok, last_error = excluded.last_error,
            failure_count = CASE WHEN ?15 IS NULL THEN 0 ELSE failure_count + 1 END, last_status = excluded.last_status,
            etag = CASE WHEN ?12 THEN COALESCE(excluded.etag, etag) ELSE excluded.etag END,
            last_modified = CASE WHEN ?12 THEN COALESCE(excluded.last_modified, last_modified)
                                 ELSE excluded.last_modified END,
            body_hash = COALESCE(excluded.body_hash, body_hash),
            moved_to = COALESCE(excluded.moved_to, moved_to), is_gone = 0, next_due = excluded.next_due,
            fetch_count = fetch_count + 1, not_modified_count = not_modified_count + excluded.not_modified_count,
            update_interval = CASE WHEN ?16 THEN excluded.update_interval ELSE update_interval END,
            retry_after_until = NULL,
            validators_url = CASE WHEN ?12 THEN COALESCE(validators_url, excluded.validators_url)
                                  ELSE excluded.validators_url END
        """
    // The upsert leaves last_stored alone, so it returns the stamp of the last stored document.
    private static let recordSuccessReturningFeedSQL = recordSuccessSQL + "\nRETURNING id, last_stored, link"

    /// Binds `recordSuccessSQL`'s values.
    private func bindSuccess(
        _ upsert: Statement, from feedURL: String, at date: Date, bookkeeping: FetchBookkeeping,
        title: String?, link: String?, notModified: Bool, parsed: Bool
    ) throws(StoreError) {
        try upsert.bind(feedURL, at: 1)
        try upsert.bind(title.nonEmpty, at: 2)
        try upsert.bind(link.nonEmpty, at: 3)
        try upsert.bind(date, at: 4)
        try upsert.bind(bookkeeping.status.map(Int64.init), at: 5)
        try upsert.bind(bookkeeping.etag, at: 6)
        try upsert.bind(bookkeeping.lastModified, at: 7)
        try upsert.bind(bookkeeping.bodyHash, at: 8)
        try upsert.bind(bookkeeping.movedTo, at: 9)
        try upsert.bind(bookkeeping.nextDue, at: 10)
        try upsert.bind(notModified ? 1 : 0, at: 11)
        try upsert.bind(bookkeeping.status == 304, at: 12)
        // Clamped: a feed may claim any ttl, and a Double too large for Int64 would trap.
        try upsert.bind(bookkeeping.updateInterval.map { Int64(min(max($0, 0), 365 * 86400).rounded()) }, at: 13)
        try upsert.bind(bookkeeping.validatorsURL, at: 14)
        try upsert.bind(bookkeeping.failure, at: 15)
        try upsert.bind(parsed, at: 16)
    }
}
