// The article store's entry point: opening the database and mirroring the config's tabs.
import Foundation
import NewsModel

/// The SQLite-backed store of feeds, tabs and articles.
///
/// Not Sendable: one `FeedStore` belongs to one task at a time. Several processes may
/// open the same file; WAL and the busy timeout let them take turns writing.
public final class FeedStore {
    let database: Database
    /// For the statements run once per feed or per article.
    let statements: StatementCache
    /// The thread writing the search index while a fetch stores (`startIndexing`).
    var indexer: BackgroundIndexer?
    /// Told before the search index is built from many articles, or waited for while another
    /// process builds it: at a million articles, minutes of work.
    let searchIndexNotice: ((SearchIndexNotice) -> Void)?
    /// Whether the index file is attached (read-only) to `database`, for searching.
    var searchIndexAttached = false

    /// Opens or creates the database at `path` (creating parent directories), sets WAL,
    /// busy_timeout 5000, foreign_keys ON, and runs the ordered migrations (version in
    /// PRAGMA user_version). A file that is not a database, a path that cannot be written,
    /// or a database from a newer schema version throws a StoreError naming the path
    /// (and for the version case both versions). The search index file beside it is brought
    /// up to date (and built again when missing or unreadable: `prepareSearchIndex`), after
    /// `noticing` is told how many articles it holds when they are many.
    public init(path: String, noticing: ((SearchIndexNotice) -> Void)? = nil) throws(StoreError) {
        try ParentDirectory.create(for: path)
        database = try Database(path: path)
        statements = StatementCache(database: database)
        searchIndexNotice = noticing
        try Migrations.run(on: database)
        try prepareSearchIndex()
    }

    deinit {
        // A fetch that failed before `finishIndexing` leaves no thread behind; what it had not
        // applied is applied at the next open.
        _ = try? indexer?.finish()
    }

    /// Opens an existing database read-only. It must already be at this build's schema
    /// version (migrating is writing). On such a store `syncTabs` and `markViewed` change
    /// nothing: the file keeps the tabs its last writer saved, and every write throws.
    public init(readingAt path: String) throws(StoreError) {
        database = try Database(readingAt: path)
        statements = StatementCache(database: database)
        searchIndexNotice = nil
        try Migrations.check(on: database)
    }

    /// For commands that only read (show, tabs, status, search): read-write as usual, so
    /// a first run creates the file; read-only when the file exists and cannot be written.
    public static func openForReading(path: String, noticing: ((SearchIndexNotice) -> Void)? = nil) throws(StoreError)
        -> FeedStore {
        if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 {
            return try FeedStore(readingAt: path)
        }
        return try FeedStore(path: path, noticing: noticing)
    }

    /// True when the store was opened read-only.
    public var isReadOnly: Bool { database.isReadOnly }

    /// Runs several writes in one transaction, which costs one commit instead of one per feed.
    /// The writes inside take no savepoints of their own: when one fails, the whole batch is
    /// rolled back and the error comes out of `batch`. `isolatingWrites` gives each write its
    /// own all-or-nothing savepoint instead, so that a failure undoes that write alone: the
    /// way to do a failed batch again. Once it commits, the indexing thread (if started) is
    /// told there is more to index.
    public func batch<Result>(isolatingWrites: Bool = false,
                              _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        let operation = "writing a batch of feeds"
        let result = isolatingWrites
            ? try database.transaction(operation, body)
            : try database.transactionWithoutNestedSavepoints(operation, body)
        indexer?.wake()
        return result
    }

    /// Makes the stored tabs and their feed membership equal to the config's (order kept,
    /// one transaction). Feeds are keyed by URL; a URL may be in several tabs; the
    /// subscription's title is kept as the feed's display title override.
    ///
    /// Within a tab a URL listed twice counts once (the first listing wins); a tab name
    /// listed twice likewise. Feeds that no tab lists any more keep their articles, so
    /// re-adding a feed brings back its history and read state.
    ///
    /// An unchanged config (the usual case: every fetch and show syncs) is only read.
    public func syncTabs(_ tabs: [Tab]) throws(StoreError) {
        guard !isReadOnly else { return }
        let digest = Self.digest(of: tabs)
        let stored = try database.prepare("SELECT digest FROM synced_tabs", "reading the synced tabs")
        if try stored.step(), stored.int64(at: 0) == digest { return }
        let titles = Self.displayTitles(of: tabs)
        try database.transaction("saving the tabs") { () throws(StoreError) in
            let feedIDs = try upsertFeeds(displayTitles: titles)
            var keptTabNames: Set<String> = []
            for tab in tabs where keptTabNames.insert(tab.name).inserted {
                let tabID = try upsertTab(tab, position: keptTabNames.count - 1)
                try replaceMembership(ofTab: tabID, named: tab.name, with: tab.feeds, feedIDs: feedIDs)
            }
            try deleteTabs(notIn: keptTabNames)
            try database.execute("DELETE FROM synced_tabs", "recording the synced tabs")
            let record = try database.prepare("INSERT INTO synced_tabs (digest) VALUES (?1)", "recording the synced tabs")
            try record.bind(digest, at: 1)
            try record.run()
        }
    }

    /// FNV-1a over everything `syncTabs` stores: names, colours, order, URLs and titles,
    /// each field ended by a separator no config text holds unescaped. Hashed piece by
    /// piece: joining 2,000 URLs into one string first was a tenth of a cold `show`.
    private static func digest(of tabs: [Tab]) -> Int64 {
        var hash = LinkHash()
        for tab in tabs {
            hash.add("\u{1E}")
            hash.add(tab.name)
            hash.add("\u{1F}")
            hash.add(tab.color?.configText ?? "")
            for feed in tab.feeds {
                hash.add("\u{1F}")
                hash.add(feed.url)
                hash.add("\u{1D}")
                hash.add(feed.title ?? "\u{0}")
            }
        }
        return hash.value
    }

    /// Every subscribed URL in config order, with the first title the config gives it.
    private static func displayTitles(of tabs: [Tab]) -> [(url: String, title: String?)] {
        var order: [String] = []
        var titles: [String: String?] = [:]
        for subscription in tabs.flatMap(\.feeds) {
            guard let existing = titles[subscription.url] else {
                order.append(subscription.url)
                titles[subscription.url] = subscription.title.nonEmpty
                continue
            }
            if existing == nil { titles[subscription.url] = subscription.title.nonEmpty }
        }
        return order.map { url in (url, titles[url] ?? nil) }
    }

    /// Inserts the config's new feeds and sets the display titles that changed; returns every
    /// listed URL's feed id. One read of the stored feeds and then plain writes: an upsert
    /// (`INSERT … ON CONFLICT DO UPDATE … RETURNING`) per feed keeps a statement journal, a
    /// copy of each page it touches, and cost a first run of 500 feeds half its tab sync.
    private func upsertFeeds(
        displayTitles: [(url: String, title: String?)]
    ) throws(StoreError) -> [String: Int64] {
        let operation = "saving the tabs' feeds"
        let stored = try database.prepare("SELECT url, id, display_title FROM feeds", operation)
        var known: [String: (id: Int64, title: String?)] = [:]
        while try stored.step() {
            if let url = stored.string(at: 0) { known[url] = (stored.int64(at: 1), stored.string(at: 2)) }
        }
        let insert = try database.prepare("INSERT INTO feeds (url, display_title) VALUES (?1, ?2)", operation)
        let retitle = try database.prepare("UPDATE feeds SET display_title = ?2 WHERE id = ?1", operation)
        var ids: [String: Int64] = [:]
        for (url, title) in displayTitles {
            if let feed = known[url] {
                ids[url] = feed.id
                guard feed.title != title else { continue }
                retitle.reset()
                try retitle.bind(feed.id, at: 1)
                try retitle.bind(title, at: 2)
                try retitle.run()
            } else {
                insert.reset()
                try insert.bind(url, at: 1)
                try insert.bind(title, at: 2)
                try insert.run()
                ids[url] = database.lastInsertRowID
            }
        }
        return ids
    }

    /// Inserts or updates the tab by name, keeping its id (and so its last_viewed).
    private func upsertTab(_ tab: Tab, position: Int) throws(StoreError) -> Int64 {
        let upsert = try statements.prepare(
            """
            INSERT INTO tabs (name, position, color) VALUES (?1, ?2, ?3)
            ON CONFLICT (name) DO UPDATE SET position = excluded.position, color = excluded.color
            RETURNING id
            """, "saving the tab \(tab.name)")
        try upsert.bind(tab.name, at: 1)
        try upsert.bind(position, at: 2)
        try upsert.bind(tab.color?.configText, at: 3)
        guard try upsert.step() else {
            throw StoreError(path: database.path, operation: "saving the tab \(tab.name)",
                             message: "the database returned no row for the tab")
        }
        let id = upsert.int64(at: 0)
        try upsert.run()
        return id
    }

    /// Makes the tab's feeds the subscriptions, touching only what changed: adding or
    /// removing a feed moves its articles in or out of `tab_articles` (`listArticles`, and
    /// the `feed_out_of_tab` trigger), so rewriting an unchanged membership on every command
    /// would rewrite the whole tab.
    private func replaceMembership(
        ofTab tabID: Int64, named name: String, with subscriptions: [Subscription],
        feedIDs: [String: Int64]
    ) throws(StoreError) {
        let operation = "saving the feeds of the tab \(name)"
        let stored = try database.prepare("SELECT feed_id, position, title FROM tab_feeds WHERE tab_id = ?1", operation)
        try stored.bind(tabID, at: 1)
        var unlisted: [Int64: (position: Int64, title: String?)] = [:]
        while try stored.step() { unlisted[stored.int64(at: 0)] = (stored.int64(at: 1), stored.string(at: 2)) }
        // Plain writes, as in `upsertFeeds`; a row that is as it was is not written at all.
        let insert = try database.prepare(
            "INSERT INTO tab_feeds (tab_id, feed_id, position, title) VALUES (?1, ?2, ?3, ?4)", operation)
        let update = try database.prepare(
            "UPDATE tab_feeds SET position = ?3, title = ?4 WHERE tab_id = ?1 AND feed_id = ?2", operation)
        var listed: Set<Int64> = []
        for (position, subscription) in subscriptions.enumerated() {
            // A URL listed twice keeps its first listing.
            guard let feedID = feedIDs[subscription.url], listed.insert(feedID).inserted else { continue }
            let title = subscription.title.nonEmpty
            let write: Statement
            if let membership = unlisted.removeValue(forKey: feedID) {
                guard membership.position != Int64(position) || membership.title != title else { continue }
                write = update
            } else {
                write = insert
            }
            write.reset()
            try write.bind(tabID, at: 1)
            try write.bind(feedID, at: 2)
            try write.bind(position, at: 3)
            try write.bind(title, at: 4)
            try write.run()
            if write === insert { try listArticles(ofFeed: feedID, inTab: tabID, operation) }
        }
        let delete = try database.prepare("DELETE FROM tab_feeds WHERE tab_id = ?1 AND feed_id = ?2", operation)
        for feedID in unlisted.keys {
            delete.reset()
            try delete.bind(tabID, at: 1)
            try delete.bind(feedID, at: 2)
            try delete.run()
        }
    }

    /// Lists the stored articles of a feed that has just joined the tab, as leads, counted;
    /// then every row of the stories they share with the tab that has an earlier twin steps
    /// down (the lead is the smallest article id per link key; `tab_article_recounted`
    /// takes the count back). What schema v11's `feed_into_tab` did, in the same statements.
    /// A feed with no articles yet (every feed of a first run) brings nothing.
    private func listArticles(ofFeed feedID: Int64, inTab tabID: Int64, _ operation: String) throws(StoreError) {
        let any = try statements.prepare("SELECT EXISTS (SELECT 1 FROM articles WHERE feed_id = ?1)", operation)
        try any.bind(feedID, at: 1)
        let hasArticles = try any.step() && any.bool(at: 0)
        any.reset()
        guard hasArticles else { return }
        for sql in [
            """
            INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
            SELECT ?1, sort_date, id, link_key, is_read = 0, first_seen FROM articles WHERE feed_id = ?2
            """,
            """
            UPDATE tab_stats SET stories = stories + (SELECT count(*) FROM articles WHERE feed_id = ?2),
                                 unread = unread + (SELECT count(*) FROM articles WHERE feed_id = ?2 AND is_read = 0)
            WHERE tab_id = ?1
            """,
            """
            UPDATE tab_articles SET is_lead = 0
            WHERE tab_id = ?1
              AND link_key IN (SELECT link_key FROM articles WHERE feed_id = ?2 AND link_key IS NOT NULL)
              AND EXISTS (
                  SELECT 1 FROM tab_articles d
                  WHERE d.tab_id = ?1 AND d.link_key = tab_articles.link_key AND d.article_id < tab_articles.article_id)
            """,
        ] {
            let statement = try statements.prepare(sql, operation)
            try statement.bind(tabID, at: 1)
            try statement.bind(feedID, at: 2)
            try statement.run()
        }
    }

    private func deleteTabs(notIn keptNames: Set<String>) throws(StoreError) {
        let list = try database.prepare("SELECT id, name FROM tabs", "listing the stored tabs")
        var removed: [Int64] = []
        while try list.step() {
            if let name = list.string(at: 1), !keptNames.contains(name) {
                removed.append(list.int64(at: 0))
            }
        }
        let delete = try database.prepare("DELETE FROM tabs WHERE id = ?1", "removing old tabs")
        for id in removed {
            delete.reset()
            try delete.bind(id, at: 1)
            try delete.run()
        }
    }
}
