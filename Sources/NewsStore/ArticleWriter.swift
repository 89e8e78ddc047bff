// Upserts one feed's articles with their categories, enclosures and tab rows, with the store's cached statements.
import Foundation
import NewsModel

/// Writes the articles of one fetch; lives only inside `FeedStore.store`'s transaction.
final class ArticleWriter {
    private let database: Database
    private let feedID: Int64
    private let operation: String
    private let findExisting: Statement
    private let sharedState: Statement
    private let insert: Statement
    private let update: Statement
    private let clearCategories: Statement
    private let insertCategory: Statement
    private let clearEnclosures: Statement
    private let insertEnclosure: Statement
    private let searchLog: SearchLog
    private let tabRows: TabRowWriter
    /// Unix seconds: a new article dated before it arrives read and is not counted new (see `write`).
    private let agedBefore: Int64?
    /// The feed's own `<link>` in canonical form: an article linking there names no story (see `storyKey`).
    private let homeLink: String?

    /// `agedBefore`: the retention cutoff, for a feed stored before; nil for a feed's first
    /// document, whose archive is news to the reader however old. `homeLink`: the feed's
    /// link as stored in `feeds.link`.
    init(database: Database, statements: StatementCache, feedID: Int64, homeLink: String?, agedBefore: Int64?,
         operation: String) throws(StoreError) {
        self.database = database
        searchLog = try SearchLog(statements: statements, operation)
        self.feedID = feedID
        self.homeLink = CanonicalLink.of(homeLink)
        self.agedBefore = agedBefore
        self.operation = operation
        tabRows = try TabRowWriter(statements: statements, feedID: feedID, operation: operation)
        findExisting = try statements.prepare(
            """
            SELECT id, title, summary, content, canonical_link, link_key FROM articles WHERE feed_id = ?1 AND guid = ?2
            """, operation)
        // One walk of the link key's few rows answers the shared state, whether the article
        // can have a twin in any tab, and whether another article of its own feed (?3, not
        // the article itself, ?4) holds the link already.
        sharedState = try statements.prepare(
            """
            SELECT COALESCE(MAX(canonical_link = ?2 AND is_read = 1), 0),
                   COALESCE(MAX(canonical_link = ?2 AND is_starred = 1), 0), COUNT(*) > 0,
                   COALESCE(MAX(canonical_link = ?2), 0),
                   COALESCE(MAX(canonical_link = ?2 AND feed_id = ?3 AND id IS NOT ?4), 0)
            FROM articles WHERE link_key = ?1
            """, operation)
        // Plain values and no trigger (schema v11): a trigger ran as a sub-program per row, and
        // a statement firing triggers keeps a statement journal (a copy of each page it touches).
        insert = try statements.prepare(
            """
            INSERT INTO articles
                (feed_id, guid, title, link, author, published, updated, summary, content, first_seen, last_seen,
                 canonical_link, link_key, is_read, is_starred)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12, ?13, ?14)
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

    /// Inserts or updates `article`, whose canonical link is `derived`; true when it is new:
    /// not stored before, not a story another feed's article already carries (see
    /// `storyKey`), and not dated before `agedBefore`. Such an aged article is stored
    /// read: retention deleted it once its feed dropped it (perhaps for one short fetch), or
    /// never saw it, and either way the reader is not to be told of it again as news.
    func write(_ article: Article, _ derived: DerivedArticleValues, fetchedAt: Date) throws(StoreError) -> Bool {
        findExisting.reset()
        try findExisting.bind(feedID, at: 1)
        try findExisting.bind(article.id, at: 2)
        var existingID: Int64?
        var existingText: (title: String?, summary: String?, content: String?)?
        var existingLink: (canonical: String?, key: Int64?)?
        if try findExisting.step() {
            existingID = findExisting.int64(at: 0)
            existingText = (findExisting.string(at: 1), findExisting.string(at: 2), findExisting.string(at: 3))
            existingLink = (findExisting.string(at: 4), findExisting.optionalInt64(at: 5))
        }
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
        let title = article.title.nonEmpty, summary = article.summary.nonEmpty, content = article.content.nonEmpty
        try statement.bind(title, at: 3)
        try statement.bind(article.link.nonEmpty, at: 4)
        try statement.bind(article.author.nonEmpty, at: 5)
        try statement.bind(article.published, at: 6)
        try statement.bind(article.updated, at: 7)
        try statement.bind(summary, at: 8)
        try statement.bind(content, at: 9)
        try statement.bind(fetchedAt, at: 10)
        let canonical = derived.canonicalLink
        let linkKey: Int64?
        var shared = SharedState()
        if let existingLink, existingLink.canonical == canonical {
            // An unchanged link keeps the key it was given, or its lack of one, with no walk:
            // a re-fetch of what the feed still carries, the commonest write, costs what it did.
            linkKey = existingLink.key
        } else {
            (linkKey, shared) = try storyKey(canonical, of: existingID)
        }
        try statement.bind(canonical, at: 11)
        try statement.bind(linkKey, at: 12)
        let firstSeen = UnixTime.seconds(fetchedAt)
        // The row's generated sort_date: MIN(COALESCE(published, updated, first_seen), first_seen).
        let dated = (article.published ?? article.updated).map(UnixTime.seconds) ?? firstSeen
        let isAged = agedBefore.map { dated < $0 } ?? false
        if existingID == nil {
            try statement.bind(shared.isRead || isAged, at: 13)
            try statement.bind(shared.isStarred, at: 14)
        }
        try statement.run()
        let articleID = existingID ?? database.lastInsertRowID
        if existingID == nil {
            try tabRows.add(articleID, sortDate: min(dated, firstSeen), linkKey: linkKey,
                            isUnread: !(shared.isRead || isAged), firstSeen: firstSeen, mayHaveTwin: shared.hasTwins)
        }

        // A re-fetch that changes no text leaves the index alone.
        if let old = existingText {
            if old.title != title || old.summary != summary || old.content != content { try searchLog.record(articleID) }
        } else {
            try searchLog.record(articleID)
        }

        // A new article has no old categories or enclosures to clear.
        try replaceCategories(of: articleID, with: article.categories, clearing: existingID != nil)
        try replaceEnclosures(of: articleID, with: article.enclosures, clearing: existingID != nil)
        // A story already stored from another feed is one more source of it, not news: the
        // menu shows the two as one row.
        return existingID == nil && !isAged && !shared.isKnownStory
    }

    /// Writes what the feed's tabs count; call once after the last `write`.
    func finish() throws(StoreError) {
        try tabRows.finish()
    }

    /// What a new article takes from the stored articles with its link key.
    private struct SharedState {
        /// A story already stored from another feed arrives read (or starred) if it was:
        /// the page menu shows the two as one row, so they share one state.
        var isRead = false
        var isStarred = false
        /// Some stored article has the same link key, so a tab may hold a twin.
        var hasTwins = false
        /// Some stored article has the same canonical link: the same story.
        var isKnownStory = false
    }

    /// The link key of the article `articleID` (nil: one not stored yet) with the canonical
    /// link `canonical`, and what it shares with the stored articles of that key. A link
    /// key makes articles of different feeds one story; within one feed, items with
    /// different ids are different articles whatever their links (a status page, a
    /// podcast linking every episode to the show, a changelog's `page#v1.2`). So the first
    /// article of a feed with a link takes its key, and a later one of the same feed takes
    /// none: it is never a twin, has its own read state and counts as new. A link to the
    /// feed's own home page takes none either: it is no story's address, and two feeds
    /// linking their items to their home pages are not one story.
    private func storyKey(_ canonical: String?, of articleID: Int64?) throws(StoreError) -> (Int64?, SharedState) {
        guard let canonical, canonical != homeLink else { return (nil, SharedState()) }
        let linkKey = CanonicalLink.key(canonical)
        sharedState.reset()
        try sharedState.bind(linkKey, at: 1)
        try sharedState.bind(canonical, at: 2)
        try sharedState.bind(feedID, at: 3)
        try sharedState.bind(articleID, at: 4)
        guard try sharedState.step() else { return (linkKey, SharedState()) }
        let isHeldInFeed = sharedState.bool(at: 4)
        let state = SharedState(isRead: sharedState.bool(at: 0), isStarred: sharedState.bool(at: 1),
                                hasTwins: sharedState.bool(at: 2), isKnownStory: sharedState.bool(at: 3))
        sharedState.reset()
        return isHeldInFeed ? (nil, SharedState()) : (linkKey, state)
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
