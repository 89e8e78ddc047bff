// The search index's own file beside the database (schema v13): its name, its tables, and
// opening it for writing, so that a second thread can write it while articles are stored.
import Foundation

/// `article_search` lives in `<database>.search` since schema v13. SQLite lets one writer at a
/// time into a file, and indexing was most of a cold fetch's writing thread: in a file of its
/// own the index is written by its own connection on its own thread (`BackgroundIndexer`)
/// while the next batch of articles is stored.
///
/// The index is derived data. The main database's `search_log` says, in the transaction that
/// changes an article, what the index must do; `search_state.applied_seq` in this file, in the
/// transaction that does it, how far it has done so (`SearchIndexUpdater`). A file that is
/// missing, unreadable, or ahead of the log (not this database's) is built again from the
/// articles (`SearchIndexUpdater.rebuild`).
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

    /// The tables of the index file, in `schema` (`main` on its own connection, the attached
    /// name during the migration). `article_search` is declared exactly as schemas v8–v12
    /// declared it in the database, so that its shadow tables can be copied across as they are.
    static func tables(in schema: String) -> [String] {
        [
            """
            CREATE VIRTUAL TABLE IF NOT EXISTS \(schema).article_search USING fts5(
                indexed_text, content = '', detail = none, columnsize = 0, tokenize = 'trigram')
            """,
            "CREATE VIRTUAL TABLE IF NOT EXISTS \(schema).article_search_terms USING fts5vocab(article_search, row)",
            "CREATE TABLE IF NOT EXISTS \(schema).search_state (applied_seq INTEGER NOT NULL) STRICT",
        ]
    }

    /// FTS5 keeps a transaction's postings in memory up to `hashsize` before writing a segment
    /// (schema v9's reason); set on a new index, copied with an old one's `_config`.
    static let hashSize = "INSERT INTO article_search (article_search, rank) VALUES ('hashsize', 16777216)"

    /// Opens the index of `databasePath` for writing, creating its tables when new.
    static func open(for databasePath: String) throws(StoreError) -> Database {
        let index = try Database(path: path(for: databasePath))
        // Read first: every open of a store for writing opens its index, and most find it made.
        if try exists(in: index) { return index }
        try index.transaction("creating the search index") { () throws(StoreError) in
            guard try !exists(in: index) else { return }
            for sql in tables(in: "main") { try index.execute(sql, "creating the search index") }
            try index.execute(hashSize, "sizing the search index's memory")
            try index.execute("INSERT INTO search_state (applied_seq) VALUES (0)", "creating the search index")
        }
        return index
    }

    /// True when `search_state` holds its row.
    private static func exists(in index: Database) throws(StoreError) -> Bool {
        let table = try index.prepare(
            "SELECT 1 FROM sqlite_schema WHERE name = 'search_state'", "reading the search index")
        guard try table.step() else { return false }
        let row = try index.prepare("SELECT 1 FROM search_state", "reading the search index")
        return try row.step()
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
