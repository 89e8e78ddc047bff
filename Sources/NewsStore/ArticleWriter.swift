// Upserts one feed's articles with their categories and enclosures, with the store's cached statements.
import Foundation
import NewsModel

/// Writes the articles of one fetch; lives only inside `FeedStore.store`'s transaction.
final class ArticleWriter {
    private let database: Database
    private let feedID: Int64
    private let operation: String
    private let findExisting: Statement
    private let insert: Statement
    private let update: Statement
    private let clearCategories: Statement
    private let insertCategory: Statement
    private let clearEnclosures: Statement
    private let insertEnclosure: Statement

    init(database: Database, statements: StatementCache, feedID: Int64, operation: String) throws(StoreError) {
        self.database = database
        self.feedID = feedID
        self.operation = operation
        findExisting = try statements.prepare(
            "SELECT id FROM articles WHERE feed_id = ?1 AND guid = ?2", operation)
        insert = try statements.prepare(
            """
            INSERT INTO articles
                (feed_id, guid, title, link, author, published, updated, summary, content, first_seen, last_seen,
                 canonical_link, link_key, is_read, is_starred)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12,
                    EXISTS (SELECT 1 FROM articles WHERE link_key = ?12 AND canonical_link = ?11 AND is_read = 1),
                    EXISTS (SELECT 1 FROM articles WHERE link_key = ?12 AND canonical_link = ?11 AND is_starred = 1))
            """, operation)
        // first_seen, is_read and is_starred stay as they are; last_seen moves on, since
        // retention spares what the feed still carries. Numbered as in `insert`, so both take
        // the article's fields at ?3…?12.
        update = try statements.prepare(
            """
            UPDATE articles SET title = ?3, link = ?4, author = ?5, published = ?6, updated = ?7,
                                summary = ?8, content = ?9, last_seen = ?10, canonical_link = ?11, link_key = ?12
            WHERE id = ?1
            """, operation)
        clearCategories = try statements.prepare(
            "DELETE FROM article_categories WHERE article_id = ?1", operation)
        insertCategory = try statements.prepare(
            "INSERT INTO article_categories (article_id, position, name) VALUES (?1, ?2, ?3)",
            operation)
        clearEnclosures = try statements.prepare(
            "DELETE FROM article_enclosures WHERE article_id = ?1", operation)
        insertEnclosure = try statements.prepare(
            """
            INSERT INTO article_enclosures (article_id, position, url, type, length)
            VALUES (?1, ?2, ?3, ?4, ?5)
            """, operation)
    }

    /// Inserts or updates `article`; true when it was not stored before.
    func write(_ article: Article, fetchedAt: Date) throws(StoreError) -> Bool {
        findExisting.reset()
        try findExisting.bind(feedID, at: 1)
        try findExisting.bind(article.id, at: 2)
        let existingID: Int64? = try findExisting.step() ? findExisting.int64(at: 0) : nil
        findExisting.reset()

        let statement: Statement
        if let existingID {
            statement = update
            statement.reset()
            try statement.bind(existingID, at: 1)
        } else {
            statement = insert
            statement.reset()
            try statement.bind(feedID, at: 1)
            try statement.bind(article.id, at: 2)
        }
        try statement.bind(article.title.nonEmpty, at: 3)
        try statement.bind(article.link.nonEmpty, at: 4)
        try statement.bind(article.author.nonEmpty, at: 5)
        try statement.bind(article.published, at: 6)
        try statement.bind(article.updated, at: 7)
        try statement.bind(article.summary.nonEmpty, at: 8)
        try statement.bind(article.content.nonEmpty, at: 9)
        try statement.bind(fetchedAt, at: 10)
        // A story already stored from another feed arrives read (or starred) if it was:
        // the page menu shows the two as one row, so they share one state.
        let canonical = CanonicalLink.of(article.link)
        try statement.bind(canonical, at: 11)
        try statement.bind(canonical.map(CanonicalLink.key), at: 12)
        try statement.run()
        let articleID = existingID ?? database.lastInsertRowID

        // A new article has no old categories or enclosures to clear.
        try replaceCategories(of: articleID, with: article.categories, clearing: existingID != nil)
        try replaceEnclosures(of: articleID, with: article.enclosures, clearing: existingID != nil)
        return existingID == nil
    }

    private func replaceCategories(of articleID: Int64, with categories: [String], clearing: Bool) throws(StoreError) {
        if clearing {
            clearCategories.reset()
            try clearCategories.bind(articleID, at: 1)
            try clearCategories.run()
        }
        for (position, name) in categories.enumerated() {
            insertCategory.reset()
            try insertCategory.bind(articleID, at: 1)
            try insertCategory.bind(position, at: 2)
            try insertCategory.bind(name, at: 3)
            try insertCategory.run()
        }
    }

    private func replaceEnclosures(of articleID: Int64, with enclosures: [Enclosure], clearing: Bool) throws(StoreError) {
        if clearing {
            clearEnclosures.reset()
            try clearEnclosures.bind(articleID, at: 1)
            try clearEnclosures.run()
        }
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
