// The ordered schema migrations and the runner that applies the missing ones.

/// Schema history. Version N of the schema is `steps[0..<N]` applied in order; the
/// version a file is at lives in `PRAGMA user_version` (0 for a new file). Steps are
/// only ever appended: a released step is never edited.
///
/// Schema v1, and why it looks this way:
///
/// - `feeds`: one row per feed URL (`url` UNIQUE), shared by every tab subscribing it.
///   `display_title` is the config's title for the URL (the first one given, in config
///   order); `title` and `link` are what the feed says about itself. `etag` and
///   `last_modified` are kept for conditional GET. `last_fetched` is the last success,
///   `last_attempt` the last try of either kind, `last_ok` 1/0 for how the last try went
///   (NULL: never tried), `last_error` its message, `failure_count` failures in a row.
/// - `tabs`: the config's tabs by `name` (UNIQUE, any script), in `position` order, with
///   the colour as text (`red`, `bright-blue`, `#rrggbb`). Kept by name across syncs so
///   `last_viewed` survives a reordering.
/// - `tab_feeds`: which feeds a tab shows. The primary key (tab, feed) means a feed is
///   listed once per tab, so a tab query yields each article once. `title` is that tab's
///   subscription title (the same URL may be named differently in two tabs).
/// - `articles`: keyed by (`feed_id`, `guid`) where `guid` is the parser's article id, so a
///   re-fetch updates in place and the reader's `is_read` / `is_starred` survive.
///   Dates are unix seconds. `sort_date` = COALESCE(published, first_seen) is a stored
///   generated column, indexed per feed by `articles_by_feed_date`, so an undated article
///   sorts by when it was first seen. (A tab spans several feeds, so the tab query still
///   sorts the tab's rows; the index serves per-feed reads.) `title` is NULL when the feed
///   gave none.
/// - `article_categories`, `article_enclosures`: child rows in the feed's order
///   (`position`), replaced whole when the article is updated.
///
/// Deleting a feed or a tab cascades to what hangs off it.
///
/// Schema v2 adds what polite fetching needs to remember per feed: `last_status` (the
/// last HTTP status, NULL when no answer came), `moved_to` (where a permanent redirect
/// pointed: later fetches go there), `is_gone` (410: not fetched again until forced),
/// `next_due` (unix seconds; NULL means due now), `body_hash` (of the last body parsed, so
/// an identical body is not parsed again), `fetch_count` / `not_modified_count` for the
/// share of conditional requests that saved a download, and `update_interval` (seconds:
/// how often the feed itself says it changes, from `ttl` or `sy:*`, kept for the runs
/// that get a 304 and parse nothing).
///
/// v2 also redefines `sort_date` as MIN(COALESCE(published, updated, first_seen),
/// first_seen): an Atom entry that carries only `updated` is dated by it, and no article
/// sorts (or shows) as newer than the moment it was first seen, so a feed that dates an
/// entry in 2999 cannot pin it to the top. The column becomes VIRTUAL (ADD COLUMN cannot
/// add a STORED one); the index stores the values, so the tab query reads them from there.
///
/// Schema v3: `retry_after_until` (unix seconds), when a 429 or 503 asked to wait: it binds
/// even a forced fetch, unlike `next_due`; `validators_url`, the URL whose response gave
/// `etag` and `last_modified`, so they are sent to that URL only (not to the first hop of a
/// temporary redirect, nor to another host).
enum Migrations {
    static let steps: [[String]] = [
        [
            """
            CREATE TABLE feeds (
                id            INTEGER PRIMARY KEY,
                url           TEXT NOT NULL UNIQUE,
                display_title TEXT,
                title         TEXT,
                link          TEXT,
                etag          TEXT,
                last_modified TEXT,
                last_fetched  INTEGER,
                last_attempt  INTEGER,
                last_ok       INTEGER CHECK (last_ok IN (0, 1)),
                last_error    TEXT,
                failure_count INTEGER NOT NULL DEFAULT 0
            ) STRICT
            """,
            """
            CREATE TABLE tabs (
                id          INTEGER PRIMARY KEY,
                name        TEXT NOT NULL UNIQUE,
                position    INTEGER NOT NULL,
                color       TEXT,
                last_viewed INTEGER
            ) STRICT
            """,
            """
            CREATE TABLE tab_feeds (
                tab_id   INTEGER NOT NULL REFERENCES tabs(id) ON DELETE CASCADE,
                feed_id  INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title    TEXT,
                PRIMARY KEY (tab_id, feed_id)
            ) STRICT, WITHOUT ROWID
            """,
            // Lets a feed's deletion find its memberships without scanning every tab.
            "CREATE INDEX tab_feeds_by_feed ON tab_feeds(feed_id)",
            """
            CREATE TABLE articles (
                id         INTEGER PRIMARY KEY,
                feed_id    INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                guid       TEXT NOT NULL,
                title      TEXT,
                link       TEXT,
                author     TEXT,
                published  INTEGER,
                updated    INTEGER,
                summary    TEXT,
                content    TEXT,
                first_seen INTEGER NOT NULL,
                sort_date  INTEGER GENERATED ALWAYS AS (COALESCE(published, first_seen)) STORED,
                is_read    INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
                is_starred INTEGER NOT NULL DEFAULT 0 CHECK (is_starred IN (0, 1)),
                UNIQUE (feed_id, guid)
            ) STRICT
            """,
            "CREATE INDEX articles_by_feed_date ON articles(feed_id, sort_date DESC)",
            // Unread counts touch only unread rows.
            "CREATE INDEX articles_unread_by_feed ON articles(feed_id) WHERE is_read = 0",
            """
            CREATE TABLE article_categories (
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                position   INTEGER NOT NULL,
                name       TEXT NOT NULL,
                PRIMARY KEY (article_id, position)
            ) STRICT, WITHOUT ROWID
            """,
            """
            CREATE TABLE article_enclosures (
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                position   INTEGER NOT NULL,
                url        TEXT NOT NULL,
                type       TEXT,
                length     INTEGER,
                PRIMARY KEY (article_id, position)
            ) STRICT, WITHOUT ROWID
            """,
        ],
        [
            "ALTER TABLE feeds ADD COLUMN last_status INTEGER",
            "ALTER TABLE feeds ADD COLUMN moved_to TEXT",
            "ALTER TABLE feeds ADD COLUMN is_gone INTEGER NOT NULL DEFAULT 0 CHECK (is_gone IN (0, 1))",
            "ALTER TABLE feeds ADD COLUMN next_due INTEGER",
            "ALTER TABLE feeds ADD COLUMN body_hash TEXT",
            "ALTER TABLE feeds ADD COLUMN fetch_count INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE feeds ADD COLUMN not_modified_count INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE feeds ADD COLUMN update_interval INTEGER",
            "DROP INDEX articles_by_feed_date",
            "ALTER TABLE articles DROP COLUMN sort_date",
            """
            ALTER TABLE articles ADD COLUMN sort_date INTEGER
                GENERATED ALWAYS AS (MIN(COALESCE(published, updated, first_seen), first_seen)) VIRTUAL
            """,
            "CREATE INDEX articles_by_feed_date ON articles(feed_id, sort_date DESC)",
        ],
        [
            "ALTER TABLE feeds ADD COLUMN retry_after_until INTEGER",
            "ALTER TABLE feeds ADD COLUMN validators_url TEXT",
        ],
        // v4: small named values the interactive view keeps across runs (the last tab).
        [
            "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID",
        ],
    ]

    /// The schema version this build writes and understands.
    static var latestVersion: Int { steps.count }

    /// Brings the database to `latestVersion` in one transaction, or refuses a file
    /// written by a newer newsmenu. The version is read inside the write transaction so
    /// that two processes opening a new file at once do not both migrate it.
    static func run(on database: Database) throws(StoreError) {
        try database.transaction("migrating the schema") { () throws(StoreError) in
            let current = try version(of: database)
            guard current >= 0 else {
                throw StoreError(
                    path: database.path, operation: "checking the schema version",
                    message: "the database has schema version \(current), which no newsmenu writes")
            }
            guard current <= latestVersion else {
                throw StoreError(
                    path: database.path, operation: "checking the schema version",
                    message: "the database has schema version \(current), newer than version "
                        + "\(latestVersion) that this newsmenu supports")
            }
            for version in current..<latestVersion {
                for sql in steps[version] {
                    try database.execute(sql, "migrating the schema to version \(version + 1)")
                }
            }
            if current < latestVersion {
                // PRAGMA takes no bound values; the number is this build's own constant.
                try database.execute("PRAGMA user_version = \(latestVersion)",
                                     "recording schema version \(latestVersion)")
            }
        }
    }

    static func version(of database: Database) throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version", "reading the schema version")
        guard try statement.step() else { return 0 }
        return Int(statement.int64(at: 0))
    }
}
