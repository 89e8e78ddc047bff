// What the interactive page menu needs beyond reading pages: starring, searching a tab's
// titles, finding the next unread story, finding an article's place after new ones arrive, noticing another process's
// writes, and remembering small settings such as the last tab. (Marking a tab read is
// `markTabRead`, which the `read` command shares.)
import Foundation

extension FeedStore {
    /// Stars or unstars the article; false when no article has this id.
    @discardableResult
    public func setStarred(_ isStarred: Bool, articleID: Int64) throws(StoreError) -> Bool {
        let update = try database.prepare(
            "UPDATE articles SET is_starred = ?1 WHERE id = ?2", "starring article \(articleID)")
        try update.bind(isStarred, at: 1)
        try update.bind(articleID, at: 2)
        return try database.runSmallWrite(update)
    }

    /// Every story title of the tab in the tab's order (the order and the stories of
    /// `articles(inTab:limit:offset:)`), titled as that lists them: what a search scans.
    /// A walk down the tab's key, no sort; only untitled articles' text is read.
    public func articleTitles(inTab name: String) throws(StoreError) -> [String] {
        let query = try database.prepare(
            """
            SELECT COALESCE(a.title, a.link, a.guid),
                   CASE WHEN a.title IS NULL THEN \(Self.listedSummarySQL) END
            FROM tabs t
            JOIN tab_articles ta ON ta.tab_id = t.id
            CROSS JOIN articles a ON a.id = ta.article_id
            WHERE t.name = ?1 AND ta.is_lead = 1
            ORDER BY ta.sort_date DESC, ta.article_id DESC
            """, "reading the titles of the tab \(name)")
        try query.bind(name, at: 1)
        var titles: [String] = []
        while try query.step() {
            titles.append(ListedTitle.listed(stored: query.string(at: 0) ?? "", untitledHTML: query.string(at: 1)))
        }
        return titles
    }

    /// Where the article's story now sits in the tab's order (0 = newest, counted as
    /// `articles(inTab:limit:offset:)` lists stories); nil when it is not in the tab
    /// (deleted, or its feed left the tab). Counts the index entries above it, in the
    /// tab's key, without reading an article.
    public func articleIndex(id: Int64, inTab name: String) throws(StoreError) -> Int? {
        let query = try database.prepare(
            """
            SELECT (SELECT COUNT(*) FROM tab_articles above
                    WHERE above.tab_id = target.tab_id AND above.is_lead = 1
                      AND (above.sort_date, above.article_id) > (target.sort_date, target.article_id))
            FROM tabs t JOIN tab_articles target ON target.tab_id = t.id
            WHERE t.name = ?1 AND target.article_id = ?2
            """, "finding article \(id) in the tab \(name)")
        try query.bind(name, at: 1)
        try query.bind(id, at: 2)
        guard try query.step() else { return nil }
        return Int(query.int64(at: 0))
    }

    /// Where the nearest unread story after the one at `index` sits in the tab's order (the
    /// order of `articles(inTab:limit:offset:)`, 0 = newest): the next one down the list, or
    /// the next one up when not `forward`; nil when there is none that way. Walks the tab's
    /// key from `index` to the unread story, then counts the entries above it: at 1M articles
    /// a few milliseconds near the top of a tab, tens where nothing unread is left below.
    public func unreadArticleIndex(inTab name: String, from index: Int, forward: Bool) throws(StoreError) -> Int? {
        let operation = "finding an unread article in the tab \(name)"
        let here = try database.prepare(
            """
            SELECT ta.tab_id, ta.sort_date, ta.article_id FROM tabs t JOIN tab_articles ta ON ta.tab_id = t.id
            WHERE t.name = ?1 AND ta.is_lead = 1
            ORDER BY ta.sort_date DESC, ta.article_id DESC LIMIT 1 OFFSET ?2
            """, operation)
        try here.bind(name, at: 1)
        try here.bind(Int64(max(index, 0)), at: 2)
        guard try here.step() else { return nil }
        // The place's key bound as values: joined to the row above, SQLite sorted the whole
        // rest of the tab to find the first unread story.
        let found = try database.prepare(forward ? Self.nextUnreadSQL : Self.previousUnreadSQL, operation)
        try found.bind(here.int64(at: 0), at: 1)
        try found.bind(here.int64(at: 1), at: 2)
        try found.bind(here.int64(at: 2), at: 3)
        guard try found.step() else { return nil }
        return Int(found.int64(at: 0))
    }

    private static let nextUnreadSQL = unreadSQL(comparison: "<", order: "DESC")
    private static let previousUnreadSQL = unreadSQL(comparison: ">", order: "ASC")

    /// The place of the first unread story of tab ?1 `comparison` the key (?2, ?3) in the
    /// tab's key (`<`: below it in the list).
    private static func unreadSQL(comparison: String, order: String) -> String {
        """
        SELECT (SELECT COUNT(*) FROM tab_articles above
                WHERE above.tab_id = ?1 AND above.is_lead = 1
                  AND (above.sort_date, above.article_id) > (found.sort_date, found.article_id))
        FROM (SELECT sort_date, article_id FROM tab_articles
              WHERE tab_id = ?1 AND is_lead = 1 AND is_unread = 1 AND (sort_date, article_id) \(comparison) (?2, ?3)
              ORDER BY sort_date \(order), article_id \(order) LIMIT 1) found
        """
    }

    /// Runs `body`'s reads on one snapshot of the database: a commit by another process
    /// meanwhile is seen by none of them or, on the next snapshot, by all.
    public func readingOneSnapshot<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try database.reading("reading the tabs", body)
    }

    /// A number that changes whenever another connection (a cron fetch) commits to the
    /// database; compare two readings to learn whether to reload.
    public func dataVersion() throws(StoreError) -> Int64 {
        let query = try database.prepare("PRAGMA data_version", "checking for changes")
        guard try query.step() else { return 0 }
        return query.int64(at: 0)
    }

    /// The stored value for `key`, nil when none.
    public func setting(_ key: String) throws(StoreError) -> String? {
        let query = try database.prepare("SELECT value FROM settings WHERE key = ?1", "reading the setting \(key)")
        try query.bind(key, at: 1)
        guard try query.step() else { return nil }
        return query.string(at: 0)
    }

    /// Stores `value` under `key`, replacing any earlier value.
    public func setSetting(_ key: String, to value: String) throws(StoreError) {
        let upsert = try database.prepare(
            "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            "saving the setting \(key)")
        try upsert.bind(key, at: 1)
        try upsert.bind(value, at: 2)
        try database.runSmallWrite(upsert)
    }
}
