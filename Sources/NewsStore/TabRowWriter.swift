// A new article's rows in its feed's tabs, with the story leads and the tabs' counters, as
// the store writes them for a fetch (schema v11; before it, triggers did this per row).

/// Lists one feed's new articles in every tab showing the feed (`tab_articles`), demotes a
/// story's later twins as `tab_article_removed` and the v11 triggers expect (the lead is the
/// smallest article id per link key within a tab), and adds what it listed to `tab_stats`
/// once per tab in `finish`. The triggers this replaces ran three sub-programs per row and
/// made every insert keep a statement journal: about a fifth of a cold fetch's store thread.
/// Lives only inside `FeedStore.store`'s transaction.
final class TabRowWriter {
    private let tabIDs: [Int64]
    private let insert: Statement
    private let findTwin: Statement
    private let demoteTwins: Statement
    private let count: Statement
    /// Per tab (as in `tabIDs`): stories and unread stories listed by this writer.
    private var added: [(stories: Int64, unread: Int64)]

    init(statements: StatementCache, feedID: Int64, operation: String) throws(StoreError) {
        let tabs = try statements.prepare("SELECT tab_id FROM tab_feeds WHERE feed_id = ?1", operation)
        try tabs.bind(feedID, at: 1)
        var tabIDs: [Int64] = []
        while try tabs.step() { tabIDs.append(tabs.int64(at: 0)) }
        tabs.reset()
        self.tabIDs = tabIDs
        added = Array(repeating: (0, 0), count: tabIDs.count)
        insert = try statements.prepare(
            """
            INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """, operation)
        findTwin = try statements.prepare(
            "SELECT 1 FROM tab_articles WHERE tab_id = ?1 AND link_key = ?2 AND article_id <> ?3 LIMIT 1", operation)
        // The new row leads unless an earlier twin does; if it leads, the later twins that
        // led until now (a feed added to the tab with old articles) step down.
        demoteTwins = try statements.prepare(
            """
            UPDATE tab_articles SET is_lead = 0
            WHERE tab_id = ?1 AND link_key = ?2
              AND (article_id = ?3) = EXISTS (
                  SELECT 1 FROM tab_articles d WHERE d.tab_id = ?1 AND d.link_key = ?2 AND d.article_id < ?3)
            """, operation)
        count = try statements.prepare(
            "UPDATE tab_stats SET stories = stories + ?2, unread = unread + ?3 WHERE tab_id = ?1", operation)
    }

    /// Lists a newly stored article in each of its feed's tabs, as its story's lead unless
    /// an earlier twin leads. `mayHaveTwin` false: no other article has its link key, so no
    /// tab holds a twin and none is looked for.
    func add(_ articleID: Int64, sortDate: Int64, linkKey: Int64?, isUnread: Bool, firstSeen: Int64,
             mayHaveTwin: Bool) throws(StoreError) {
        for (position, tabID) in tabIDs.enumerated() {
            insert.reset()
            try insert.bind(tabID, at: 1)
            try insert.bind(sortDate, at: 2)
            try insert.bind(articleID, at: 3)
            try insert.bind(linkKey, at: 4)
            try insert.bind(isUnread, at: 5)
            try insert.bind(firstSeen, at: 6)
            try insert.run()
            // Counted as a lead here; a demotion below takes it back through the
            // `tab_article_recounted` trigger.
            added[position].stories += 1
            if isUnread { added[position].unread += 1 }
            guard mayHaveTwin, let linkKey, try hasTwin(inTab: tabID, linkKey: linkKey, besides: articleID) else { continue }
            demoteTwins.reset()
            try demoteTwins.bind(tabID, at: 1)
            try demoteTwins.bind(linkKey, at: 2)
            try demoteTwins.bind(articleID, at: 3)
            try demoteTwins.run()
        }
    }

    /// Adds the listed stories to the tabs' counters.
    func finish() throws(StoreError) {
        for (position, tabID) in tabIDs.enumerated() where added[position].stories > 0 {
            count.reset()
            try count.bind(tabID, at: 1)
            try count.bind(added[position].stories, at: 2)
            try count.bind(added[position].unread, at: 3)
            try count.run()
            added[position] = (0, 0)
        }
    }

    /// An UPDATE of `tab_articles` (which has an UPDATE trigger) builds a temporary table of
    /// its rows even when it changes none, so the twin demotion runs only when one exists.
    private func hasTwin(inTab tabID: Int64, linkKey: Int64, besides articleID: Int64) throws(StoreError) -> Bool {
        findTwin.reset()
        try findTwin.bind(tabID, at: 1)
        try findTwin.bind(linkKey, at: 2)
        try findTwin.bind(articleID, at: 3)
        let found = try findTwin.step()
        findTwin.reset()
        return found
    }
}
