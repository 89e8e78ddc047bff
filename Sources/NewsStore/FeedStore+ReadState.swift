// Read and starred state: by article id (`newsmenu read ID…`) or for a whole tab
// (`newsmenu read --tab NAME --all`). A story is one thing: marking an article marks every
// stored article with the same canonical link, so a story two feeds carry is read once.
import Foundation

extension FeedStore {
    /// Which flag of a story to set.
    enum StoryFlag {
        case read, starred

        /// The statement that sets the flag on article ?2 and on its twins (same canonical
        /// link); ?1 is the new value. The column is one of two fixed names, never input.
        var updateSQL: String {
            let column = self == .read ? "is_read" : "is_starred"
            return """
                UPDATE articles SET \(column) = ?1
                WHERE \(column) <> ?1 AND (id = ?2 OR (
                    link_key = (SELECT link_key FROM articles WHERE id = ?2)
                    AND canonical_link = (SELECT canonical_link FROM articles WHERE id = ?2)))
                """
        }
    }

    /// Marks the article read or unread; false when no article has this id.
    @discardableResult
    public func setRead(_ isRead: Bool, articleID: Int64) throws(StoreError) -> Bool {
        try database.withoutCheckpoint { () throws(StoreError) in try setRead(isRead, articleIDs: [articleID]).isEmpty }
    }

    /// Marks the articles (and their stories' twins) read or unread, in one transaction.
    /// Returns the ids that name no article, in the order given; the others are marked.
    @discardableResult
    public func setRead(_ isRead: Bool, articleIDs: [Int64]) throws(StoreError) -> [Int64] {
        try set(.read, isRead, articleIDs: articleIDs)
    }

    /// Stars or unstars the articles (and their stories' twins), in one transaction.
    /// Returns the ids that name no article, in the order given; the others are marked.
    @discardableResult
    public func setStarred(_ isStarred: Bool, articleIDs: [Int64]) throws(StoreError) -> [Int64] {
        try set(.starred, isStarred, articleIDs: articleIDs)
    }

    /// Marks read every unread article the tab lists, or with `olderThan` only those dated
    /// before it, with their stories' twins elsewhere. With `storedUpTo`, only articles
    /// stored up to that row id (`newestArticleID()` read earlier): a fetch committing after
    /// it adds articles the caller never listed, and those stay unread. Returns how many
    /// articles changed; 0 for an unknown tab.
    @discardableResult
    public func markTabRead(_ name: String, olderThan: Date? = nil, storedUpTo: Int64? = nil) throws(StoreError) -> Int {
        let operation = "marking the tab \(name) read"
        return try database.transaction(operation) { () throws(StoreError) -> Int in
            let update = try database.prepare(
                """
                WITH marked AS (
                    SELECT a.id, a.link_key, a.canonical_link
                    FROM tabs t
                    JOIN tab_articles ta ON ta.tab_id = t.id
                    JOIN articles a ON a.id = ta.article_id
                    WHERE t.name = ?1 AND ta.sort_date < ?2 AND a.id <= ?3)
                UPDATE articles SET is_read = 1
                WHERE is_read = 0 AND (id IN (SELECT id FROM marked) OR id IN (
                    SELECT b.id FROM marked m
                    JOIN articles b ON b.link_key = m.link_key AND b.canonical_link = m.canonical_link))
                """, operation)
            try update.bind(name, at: 1)
            try update.bind(olderThan.map(UnixTime.seconds) ?? Int64.max, at: 2)
            try update.bind(storedUpTo ?? Int64.max, at: 3)
            try update.run()
            return database.changes
        }
    }

    private func set(_ flag: StoryFlag, _ value: Bool, articleIDs: [Int64]) throws(StoreError) -> [Int64] {
        let operation = flag == .read ? "marking articles \(value ? "read" : "unread")"
                                      : "\(value ? "starring" : "unstarring") articles"
        return try database.transaction(operation) { () throws(StoreError) -> [Int64] in
            let exists = try database.prepare("SELECT 1 FROM articles WHERE id = ?1", operation)
            let update = try database.prepare(flag.updateSQL, operation)
            var unknown: [Int64] = []
            for id in articleIDs {
                exists.reset()
                try exists.bind(id, at: 1)
                guard try exists.step() else {
                    unknown.append(id)
                    continue
                }
                exists.reset()
                update.reset()
                try update.bind(value, at: 1)
                try update.bind(id, at: 2)
                try update.run()
            }
            return unknown
        }
    }
}
