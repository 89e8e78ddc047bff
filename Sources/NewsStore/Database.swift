// Owns one SQLite connection: opens and configures it, turns SQLite status codes into StoreError.
internal import CSQLite3
import Foundation

/// One open SQLite connection. Not Sendable: use it from one task at a time.
/// The handle is closed with `sqlite3_close_v2` when the owner goes away, which also
/// defers the close until any still-living `Statement` has been finalized.
final class Database {
    let path: String
    /// Only `Statement` uses this, to prepare and to report errors; it never leaves the module.
    let handle: OpaquePointer

    /// Opens (creating if needed) the file at `path` for reading and writing and applies
    /// the connection settings the store relies on: WAL, a 5 s busy timeout, foreign keys.
    init(path: String) throws(StoreError) {
        self.path = path
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw StoreError(path: path, operation: "opening the database",
                             message: String(cString: sqlite3_errstr(status)))
        }
        guard status == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw StoreError(path: path, operation: "opening the database", message: message)
        }
        handle = opened
        // SQLite silently falls back to read-only when the file cannot be written;
        // the store must write, so say so now rather than at the first fetch.
        if sqlite3_db_readonly(handle, "main") == 1 {
            throw StoreError(path: path, operation: "opening the database for writing",
                             message: "the file is read-only")
        }
        try check(sqlite3_busy_timeout(handle, 5000), "setting the busy timeout")
        try execute("PRAGMA journal_mode = WAL", "switching to WAL journal mode")
        // In WAL mode NORMAL still never corrupts the file on a crash; it only may lose the
        // last commits on power loss, and saves an fsync per feed stored.
        try execute("PRAGMA synchronous = NORMAL", "setting the sync mode")
        // A batch of feeds must fit in the page cache: pages spilled to the WAL mid-
        // transaction are written again at every later change (SQLite's default, 2 MB,
        // made a cold fetch of 500 feeds write 47,000 WAL frames for a 5 MB database).
        try execute("PRAGMA cache_size = -65536", "sizing the page cache")
        // Each feed in a batch is a savepoint, whose statement journal would otherwise be
        // a temporary file receiving a copy of every page the feed touches.
        try execute("PRAGMA temp_store = MEMORY", "keeping temporary data in memory")
        try execute("PRAGMA foreign_keys = ON", "enabling foreign keys")
        try LinkFunctions.register(on: self)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    func prepare(_ sql: String, _ operation: String) throws(StoreError) -> Statement {
        try Statement(database: self, sql: sql, operation: operation)
    }

    /// Runs a statement that takes no values, discarding any rows it returns.
    func execute(_ sql: String, _ operation: String) throws(StoreError) {
        try prepare(sql, operation).run()
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    /// IMMEDIATE takes the write lock up front, so a concurrent writer waits on the
    /// busy timeout instead of failing halfway through with SQLITE_BUSY. Inside another
    /// transaction (a batch) it is a savepoint: a failure undoes only this body's writes.
    func transaction<Result>(
        _ operation: String, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let nested = sqlite3_get_autocommit(handle) == 0
        try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE", operation)
        do {
            let result = try body()
            try execute(nested ? "RELEASE nested" : "COMMIT", operation)
            return result
        } catch {
            // The original error is what the user needs; a failed rollback adds nothing.
            let undo = nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK"
            _ = sqlite3_exec(handle, undo, nil, nil, nil)
            throw error
        }
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    func check(_ status: Int32, _ operation: String) throws(StoreError) {
        guard status == SQLITE_OK else { throw error(status, operation) }
    }

    /// The connection's last error message, falling back to the code's generic text when
    /// the connection holds none (e.g. for a status from a call that sets no message).
    func error(_ status: Int32, _ operation: String) -> StoreError {
        var message = String(cString: sqlite3_errmsg(handle))
        if sqlite3_errcode(handle) != status {
            message = String(cString: sqlite3_errstr(status))
        }
        return StoreError(path: path, operation: operation, message: message)
    }
}
