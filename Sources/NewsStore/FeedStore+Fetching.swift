// Writing fetch results: a successful fetch's articles (upserted) or a failed fetch's error.
import Foundation
import NewsModel

extension FeedStore {
    /// Stores one successful fetch of `feedURL`: updates the feed's metadata (title, link,
    /// last fetched, last status ok) and upserts the articles keyed by (feed, article id):
    /// a new article is inserted with first_seen = fetchedAt; an existing one is updated in
    /// place (title, link, author, dates, summary, content) keeping read/starred and
    /// first_seen. One transaction. Returns the number of NEW articles.
    ///
    /// A feed URL not yet known (not in any tab) is added. An article id repeated within
    /// one document is stored once, the later entry winning, and counted new at most once.
    @discardableResult
    public func store(_ feed: Feed, from feedURL: String, fetchedAt: Date) throws(StoreError) -> Int {
        let operation = "storing the articles of \(feedURL)"
        return try database.transaction(operation) { () throws(StoreError) -> Int in
            let feedID = try recordSuccess(of: feed, from: feedURL, at: fetchedAt, operation)
            let writer = try ArticleWriter(database: database, feedID: feedID, operation: operation)
            var newCount = 0
            for article in feed.articles {
                if try writer.write(article, fetchedAt: fetchedAt) { newCount += 1 }
            }
            return newCount
        }
    }

    /// Records a failed fetch (message, time) for the feed, touching no articles.
    public func recordFailure(feedURL: String, message: String, at date: Date) throws(StoreError) {
        let operation = "recording the failure of \(feedURL)"
        let upsert = try database.prepare(
            """
            INSERT INTO feeds (url, last_attempt, last_ok, last_error, failure_count)
            VALUES (?1, ?2, 0, ?3, 1)
            ON CONFLICT (url) DO UPDATE SET
                last_attempt = excluded.last_attempt, last_ok = 0,
                last_error = excluded.last_error, failure_count = failure_count + 1
            """, operation)
        try upsert.bind(feedURL, at: 1)
        try upsert.bind(date, at: 2)
        try upsert.bind(message, at: 3)
        try upsert.run()
    }

    private func recordSuccess(
        of feed: Feed, from feedURL: String, at date: Date, _ operation: String
    ) throws(StoreError) -> Int64 {
        // A feed that drops its title for one fetch keeps the one it had.
        let upsert = try database.prepare(
            """
            INSERT INTO feeds (url, title, link, last_fetched, last_attempt, last_ok, failure_count)
            VALUES (?1, ?2, ?3, ?4, ?4, 1, 0)
            ON CONFLICT (url) DO UPDATE SET
                title = COALESCE(excluded.title, title), link = COALESCE(excluded.link, link),
                last_fetched = excluded.last_fetched, last_attempt = excluded.last_attempt,
                last_ok = 1, last_error = NULL, failure_count = 0
            RETURNING id
            """, operation)
        try upsert.bind(feedURL, at: 1)
        try upsert.bind(feed.title.nonEmpty, at: 2)
        try upsert.bind(feed.link.nonEmpty, at: 3)
        try upsert.bind(date, at: 4)
        guard try upsert.step() else {
            throw StoreError(path: database.path, operation: operation,
                             message: "the database returned no row for the feed")
        }
        let id = upsert.int64(at: 0)
        try upsert.run()
        return id
    }
}
