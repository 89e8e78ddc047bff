// What the page menu needs besides the articles: per-tab counts for the badges, the footer
// and `newsmenu tabs`, and when each tab was last looked at.
import Foundation

/// One tab's counts: what its badge, `newsmenu tabs` and `show --json` report.
public struct TabCounts: Sendable, Equatable {
    public var unread: Int
    public var total: Int
    /// Unread articles first seen after the tab was last viewed; 0 for a tab never viewed.
    public var new: Int
    public var lastViewed: Date?

    public init(unread: Int, total: Int, new: Int, lastViewed: Date?) {
        self.unread = unread
        self.total = total
        self.new = new
        self.lastViewed = lastViewed
    }
}

extension FeedStore {
    /// How many stories the tab lists across all its pages (each once, even from a feed
    /// listed twice or carried by two feeds); 0 for an unknown tab. Read from the tab's
    /// counter, which triggers keep (schema v5).
    public func articleCount(inTab name: String) throws(StoreError) -> Int {
        let query = try database.prepare(
            "SELECT s.stories FROM tabs t JOIN tab_stats s ON s.tab_id = t.id WHERE t.name = ?1",
            "counting the articles of the tab \(name)")
        try query.bind(name, at: 1)
        guard try query.step() else { return 0 }
        return Int(query.int64(at: 0))
    }

    /// Unread, total and new-since-last-viewed counts of every tab in one query, keyed by
    /// tab name, counting stories as the page lists them. An article is new when it is
    /// unread and was first seen after the tab's `last_viewed` — the rule the renderer
    /// marks articles by. Totals and unread come from the counters; new ones are counted
    /// in the index of unread stories by first_seen, from the last look on.
    public func tabCounts() throws(StoreError) -> [String: TabCounts] {
        let query = try database.prepare(
            """
            SELECT t.name, t.last_viewed, s.stories, s.unread,
                   (SELECT COUNT(*) FROM tab_articles n
                    WHERE n.tab_id = t.id AND n.is_lead = 1 AND n.is_unread = 1 AND n.first_seen > t.last_viewed)
            FROM tabs t JOIN tab_stats s ON s.tab_id = t.id
            """, "counting the articles of every tab")
        var counts: [String: TabCounts] = [:]
        while try query.step() {
            guard let name = query.string(at: 0) else { continue }
            counts[name] = TabCounts(
                unread: Int(query.int64(at: 3)), total: Int(query.int64(at: 2)),
                new: Int(query.int64(at: 4)), lastViewed: query.date(at: 1))
        }
        return counts
    }

    /// Every stored tab's row id, by name. `renameTab` keeps a tab's row, so a reader that
    /// noted the ids can tell a tab renamed meanwhile from a new one.
    public func tabIDs() throws(StoreError) -> [String: Int64] {
        let query = try database.prepare("SELECT name, id FROM tabs", "listing the stored tabs")
        var ids: [String: Int64] = [:]
        while try query.step() {
            if let name = query.string(at: 0) { ids[name] = query.int64(at: 1) }
        }
        return ids
    }

    /// When the tab was last shown; nil when never, or when there is no such tab.
    public func lastViewed(tab name: String) throws(StoreError) -> Date? {
        let query = try database.prepare(
            "SELECT last_viewed FROM tabs WHERE name = ?1", "reading when the tab \(name) was last viewed")
        try query.bind(name, at: 1)
        guard try query.step() else { return nil }
        return query.date(at: 0)
    }

    /// Records that the tab was shown at `date`; false when there is no such tab or the store
    /// is read-only. The tab keeps it across syncs, since a sync keeps a tab's row by name.
    ///
    /// What is kept is the newest moment the look covered, in whole seconds: the first-seen
    /// time of the newest unread story the tab listed, or, when it listed none, the second
    /// before the look (no story the look missed can have been first seen in it). Keeping the
    /// look's own second instead lost every story stored later in that same second (a fetch
    /// run right after a `show`, as scripts and cron do): first seen at the look's second, it
    /// was not after it, and so never new.
    @discardableResult
    public func markViewed(tab name: String, at date: Date) throws(StoreError) -> Bool {
        // Showing a database the user cannot write is allowed; remembering the look is not.
        guard !isReadOnly else { return false }
        // The newest unread story comes from the index of new stories (tab_articles_new).
        let covered = try database.prepare(
            """
            SELECT t.id, t.last_viewed, (SELECT MAX(n.first_seen) FROM tab_articles n
                                         WHERE n.tab_id = t.id AND n.is_lead = 1 AND n.is_unread = 1)
            FROM tabs t WHERE t.name = ?1
            """, "reading what a look at the tab \(name) covers")
        try covered.bind(name, at: 1)
        guard try covered.step() else { return false }
        let tabID = covered.int64(at: 0), recorded = covered.optionalInt64(at: 1)
        let looked = UnixTime.seconds(date)
        let moment = min(looked, covered.optionalInt64(at: 2) ?? looked - 1)
        covered.reset()
        // The same moment again changes nothing and so writes nothing: every write adds a
        // page to the log, which each new process reads through when it opens the file.
        guard moment != recorded else { return true }
        let update = try database.prepare("UPDATE tabs SET last_viewed = ?1 WHERE id = ?2",
                                          "recording that the tab \(name) was viewed")
        try update.bind(moment, at: 1)
        try update.bind(tabID, at: 2)
        _ = try database.runSmallWrite(update)
        return true
    }
}
