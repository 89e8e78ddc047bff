// Upserts one feed's articles with their categories and enclosures, using statements prepared once.
import Foundation
import NewsModel

/// Writes the articles of one fetch; lives only inside `FeedStore.store`'s transaction.
final class ArticleWriter {
    private let database: Database
    private let feedID: Int64
    private let operation: String
    private let findExisting: Statement
    private let upsert: Statement
    private let clearCategories: Statement
    private let insertCategory: Statement
    private let clearEnclosures: Statement
    private let insertEnclosure: Statement

    init(database: Database, feedID: Int64, operation: String) throws(StoreError) {
        self.database = database
        self.feedID = feedID
        self.operation = operation
        findExisting = try database.prepare(
            "SELECT id FROM articles WHERE feed_id = ?1 AND guid = ?2", operation)
        upsert = try database.prepare(
            """
            INSERT INTO articles
                (feed_id, guid, title, link, author, published, updated, summary, content, first_seen, last_seen,
                 canonical_link, link_key, is_read, is_starred)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12,
                    EXISTS (SELECT 1 FROM articles WHERE link_key = ?12 AND canonical_link = ?11 AND is_read = 1),
                    EXISTS (SELECT 1 FROM articles WHERE link_key = ?12 AND canonical_link = ?11 AND is_starred = 1))
            ON CONFLICT (feed_id, guid) DO UPDATE SET
                title = excluded.title, link = excluded.link, author = excluded.author,
                published = excluded.published, updated = excluded.updated,
                summary = excluded.summary, content = excluded.content, last_seen = excluded.last_seen,
                canonical_link = excluded.canonical_link, link_key = excluded.link_key
            RETURNING id
            """, operation)
        clearCategories = try database.prepare(
            "DELETE FROM article_categories WHERE article_id = ?1", operation)
        insertCategory = try database.prepare(
            "INSERT INTO article_categories (article_id, position, name) VALUES (?1, ?2, ?3)",
            operation)
        clearEnclosures = try database.prepare(
            "DELETE FROM article_enclosures WHERE article_id = ?1", operation)
        insertEnclosure = try database.prepare(
            """
            INSERT INTO article_enclosures (article_id, position, url, type, length)
            VALUES (?1, ?2, ?3, ?4, ?5)
            """, operation)
    }

    /// Inserts or updates `article`; true when it was not stored before.
    func write(_ article: Article, fetchedAt: Date) throws(StoreError) -> Bool {
        // The upsert returns the row id either way, so ask first whether it exists.
        findExisting.reset()
        try findExisting.bind(feedID, at: 1)
        try findExisting.bind(article.id, at: 2)
        let isNew = try !findExisting.step()
        findExisting.reset()

        upsert.reset()
        try upsert.bind(feedID, at: 1)
        try upsert.bind(article.id, at: 2)
        try upsert.bind(article.title.nonEmpty, at: 3)
        try upsert.bind(article.link.nonEmpty, at: 4)
        try upsert.bind(article.author.nonEmpty, at: 5)
        try upsert.bind(article.published, at: 6)
        try upsert.bind(article.updated, at: 7)
        try upsert.bind(article.summary.nonEmpty, at: 8)
        try upsert.bind(article.content.nonEmpty, at: 9)
        try upsert.bind(fetchedAt, at: 10)
        // A story already stored from another feed arrives read (or starred) if it was:
        // the page menu shows the two as one row, so they share one state.
        let canonical = CanonicalLink.of(article.link)
        try upsert.bind(canonical, at: 11)
        try upsert.bind(canonical.map(CanonicalLink.key), at: 12)
        guard try upsert.step() else {
            throw StoreError(path: database.path, operation: operation,
                             message: "the database returned no row for article \(article.id)")
        }
        let articleID = upsert.int64(at: 0)
        try upsert.run()

        try replaceCategories(of: articleID, with: article.categories)
        try replaceEnclosures(of: articleID, with: article.enclosures)
        return isNew
    }

    private func replaceCategories(of articleID: Int64, with categories: [String]) throws(StoreError) {
        clearCategories.reset()
        try clearCategories.bind(articleID, at: 1)
        try clearCategories.run()
        for (position, name) in categories.enumerated() {
            insertCategory.reset()
            try insertCategory.bind(articleID, at: 1)
            try insertCategory.bind(position, at: 2)
            try insertCategory.bind(name, at: 3)
            try insertCategory.run()
        }
    }

    private func replaceEnclosures(of articleID: Int64, with enclosures: [Enclosure]) throws(StoreError) {
        clearEnclosures.reset()
        try clearEnclosures.bind(articleID, at: 1)
        try clearEnclosures.run()
        for (position, enclosure) in enclosures.enumerated() {
            insertEnclosure.reset()
            try insertEnclosure.bind(articleID, at: 1)
            try insertEnclosure.bind(position, at: 2)
            try insertEnclosure.bind(enclosure.url, at: 3)
            try insertEnclosure.bind(enclosure.type, at: 4)
            try insertEnclosure.bind(enclosure.length, at: 5)
            try insertEnclosure.run()
        }
    }
}
