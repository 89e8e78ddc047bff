// The search index's own file beside the database (schema v13): its name, its tables, and
// opening it for writing, so that a second thread can write it while articles are stored.
import Foundation

/// The search index lives in `<database>.search` since schema v13. SQLite lets one writer at a
/// time into a file, and indexing was most of a cold fetch's writing thread: in a file of its
/// own the index is written by its own connection on its own thread (`BackgroundIndexer`)
/// while the next batch of articles is stored.
///
/// The index is derived data. The main database's `search_log` says, in the transaction that
/// changes an article, what the index must do; `search_state.applied_seq` in this file, in the
/// transaction that does it, how far it has done so (`SearchIndexUpdater`). A file that is
/// missing, unreadable, or ahead of the log (not this database's) is built again from the
/// articles (`SearchIndexUpdater.buildIfNeeded`).
enum SearchIndexFile {
    /// The index file of the database at `databasePath`.
    static func path(for databasePath: String) -> String {
        databasePath + ".search"
    }

    /// The index and the files SQLite keeps beside it.
    static func files(for databasePath: String) -> [String] {
        let index = path(for: databasePath)
        return [index, index + "-wal", index + "-shm"]
    }

    /// The tables of the index file (schema v18 on; `SearchPostings` writes them,
    /// `SearchPostingsReader` reads them). The index is a list of segments, each written by
    /// one index transaction: for every trigram its articles' ids, ascending, as varint
    /// deltas. A search reads a trigram's list from every segment and takes their union;
    /// `SearchSegments` merges segments as they pile up. The lists are rows of a rowid table,
    /// found through an index keyed by segment first, so that a segment is written, read for
    /// a merge and deleted as one range. (In a WITHOUT ROWID table the list is part of the
    /// key: every insert copied the long lists it was compared with out of their overflow
    /// pages. A rebuild of 100,000 articles took 21–25 s so, 20 s as a rowid table.)
    static let tables = [
        "CREATE TABLE IF NOT EXISTS search_state (applied_seq INTEGER NOT NULL) STRICT",
        "CREATE TABLE IF NOT EXISTS search_segments (id INTEGER PRIMARY KEY, postings INTEGER NOT NULL) STRICT",
        """
        CREATE TABLE IF NOT EXISTS search_postings (
            segment     INTEGER NOT NULL,
            trigram     BLOB NOT NULL,
            article_ids BLOB NOT NULL) STRICT
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS search_postings_by_key ON search_postings (segment, trigram)",
    ]

    /// The applied seq of an index made new, until it is built from the articles
    /// (`SearchIndexUpdater.buildIfNeeded`, which records the log's newest seq). The build is a
    /// transaction of its own: an index left empty by a process killed between the two is
    /// still one to build, not one that holds every article.
    static let mustRebuildSeq: Int64 = -1

    /// Opens the index of `databasePath` for writing, creating the file and its tables when
    /// new (marked `mustRebuildSeq`). A file in the format of schemas v13–v17 (FTS5's tables)
    /// throws as damaged, for `FeedStore.replaceSearchIndex` to replace: dropping its tables
    /// would zero every page (Debian's SQLite deletes securely), hundreds of MB at a million
    /// articles.
    static func open(for databasePath: String) throws(StoreError) -> Database {
        let index = try connection(to: databasePath)
        // Read first: every open of a store for writing opens its index, and most find it made.
        if try has("search_postings", in: index) { return index }
        if try has("search_state", in: index) {
            throw StoreError(path: index.path, operation: "opening the search index",
                             message: "the search index is in the format of an older newsmenu" + StoreError.damageAdvice)
        }
        try index.transaction("creating the search index") { () throws(StoreError) in
            guard try !has("search_postings", in: index) else { return }
            for sql in tables { try index.execute(sql, "creating the search index") }
            try index.execute("INSERT INTO search_state (applied_seq) VALUES (\(mustRebuildSeq))", "creating the search index")
        }
        return index
    }

    /// A writing connection to the index file. Debian builds SQLite to zero every page it
    /// frees (`secure_delete`); merging segments frees as many pages as it writes, and zeroing
    /// them doubled what a merge wrote. The text the index is made from stays in the
    /// database, so unzeroed free pages of the index keep nothing that is not there already.
    private static func connection(to databasePath: String) throws(StoreError) -> Database {
        let index = try Database(path: path(for: databasePath))
        try index.execute("PRAGMA secure_delete = OFF", "opening the search index")
        return index
    }

    /// True when the index file has `table`.
    private static func has(_ table: String, in index: Database) throws(StoreError) -> Bool {
        let lookup = try index.prepare("SELECT 1 FROM sqlite_schema WHERE name = ?1", "reading the search index")
        try lookup.bind(table, at: 1)
        return try lookup.step()
    }

    /// Copies the index file's write-ahead log into it and empties the log, after a write of
    /// the whole index (the move, a rebuild). The first connection to open a file reads its
    /// whole log to rebuild the log's index, and a checkpoint leaves the log as long as it
    /// was: after the move at 1M, 558 MB of log made every cold search take 0.3–0.4 s.
    static func emptyLog(of connection: Database, schema: String = "main") throws(StoreError) {
        try connection.execute("PRAGMA \(schema).wal_checkpoint(TRUNCATE)", "emptying the search index's write-ahead log")
    }

    /// Deletes the index file and what SQLite keeps beside it; a missing one is no error.
    static func remove(for databasePath: String) throws(StoreError) {
        for file in files(for: databasePath) where FileManager.default.fileExists(atPath: file) {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw StoreError(path: file, operation: "removing the old search index",
                                 message: error.localizedDescription)
            }
        }
    }
}
