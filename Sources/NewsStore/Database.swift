// Owns one SQLite connection: opens and configures it, turns SQLite status codes into StoreError.
internal import CSQLite3
import Foundation
import NewsModel

/// One open SQLite connection. Not Sendable: use it from one task at a time.
/// The handle is closed with `sqlite3_close_v2` when the owner goes away, which also
/// defers the close until any still-living `Statement` has been finalized.
final class Database {
    let path: String
    /// Only `Statement` uses this, to prepare and to report errors; it never leaves the module.
    let handle: OpaquePointer

    /// True when the connection was opened read-only (`init(readingAt:)`).
    let isReadOnly: Bool

    /// True when the file is read without locks, its write-ahead log indexed in this
    /// process's memory (`init(readingAt:)`, in a directory that cannot be written).
    let readsLogPrivately: Bool

    /// The log's length in pages at which a commit checkpoints (`checkpointBytes`).
    private(set) var autoCheckpointPages: Int32 = 1000

    /// Opens (creating if needed) the file at `path` for reading and writing and applies
    /// the connection settings the store relies on: WAL, a 5 s busy timeout, foreign keys.
    init(path: String) throws(StoreError) {
        self.path = path
        isReadOnly = false
        readsLogPrivately = false
        handle = try Self.open(Self.uri(path), flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, reportedAs: path)
        // SQLite silently falls back to read-only when the file cannot be written;
        // the store must write, so say so now rather than at the first fetch.
        if sqlite3_db_readonly(handle, "main") == 1 {
            throw StoreError(path: path, operation: "opening the database for writing",
                             message: "the file is read-only")
        }
        try configure()
        // Takes effect only on a new, empty file, and must come before WAL, which fixes it.
        // With 16 KB pages instead of SQLite's 4 KB a million articles take a quarter fewer
        // bytes (2,044 an article with the index) and are stored 38 % faster, with fewer page
        // splits and a quarter of the write calls (Benchmarks/fetch/NOTES.md, seventh round).
        // Existing files keep the size they were made with.
        try execute("PRAGMA page_size = \(Self.newFilePageSize)", "choosing the page size")
        try execute("PRAGMA journal_mode = WAL", "switching to WAL journal mode")
        // In WAL mode NORMAL still never corrupts the file on a crash; it only may lose the
        // last commits on power loss, and saves an fsync per feed stored.
        try execute("PRAGMA synchronous = NORMAL", "setting the sync mode")
        // A batch of feeds must fit in the page cache: pages spilled to the WAL mid-
        // transaction are written again at every later change (SQLite's default, 2 MB,
        // made a cold fetch of 500 feeds write 47,000 WAL frames for a 5 MB database).
        try execute("PRAGMA cache_size = \(Self.writingCacheSize)", "sizing the page cache")
        // A savepoint (a transaction nested in another, such as each feed of a failed batch
        // stored again) keeps a statement journal, which would otherwise be a temporary file
        // receiving a copy of every page the savepoint's writes touch.
        try execute("PRAGMA temp_store = MEMORY", "keeping temporary data in memory")
        // The last connection to close would checkpoint the log into the file, with two
        // fsyncs: 30 ms of every `show` (it records the look). Writers checkpoint as the log
        // grows and `vacuum` empties it; a crash loses nothing either way.
        try check(newsmenu_sqlite_keep_wal_on_close(handle), "keeping the log open on close")
        // The first process to open a file reads every frame of the log since its last
        // checkpoint to rebuild the log's index, so the log is bounded in bytes, not pages:
        // SQLite's 1,000 pages are 16 MB at 16 KB a page, and every `show` after a fetch read
        // all of it (8 MB in a 304-only refresh, 503 reads).
        let pageSize = try prepare("PRAGMA page_size", "reading the page size")
        guard try pageSize.step() else {
            throw StoreError(path: path, operation: "reading the page size", message: "SQLite returned no page size")
        }
        autoCheckpointPages = Int32(Self.checkpointBytes / max(pageSize.int64(at: 0), 512))
        try check(sqlite3_wal_autocheckpoint(handle, autoCheckpointPages), "sizing the write-ahead log")
    }

    /// Opens an existing file read-only, for showing a database the user cannot write.
    /// A WAL database needs its `-shm` index, which a reader creates beside the file. Where
    /// the directory cannot be written either (no other process may be writing the file
    /// then, since none can), a file with a log is read without locks in exclusive mode,
    /// which keeps the log's index in this process's memory; a file without one is opened
    /// as immutable. Immutable would skip the log, and with it every commit not yet copied
    /// into the file: a fetch's articles, or the whole schema of a new database.
    init(readingAt path: String) throws(StoreError) {
        self.path = path
        isReadOnly = true
        var opened = try Self.open(Self.uri(path), flags: SQLITE_OPEN_READONLY, reportedAs: path)
        var privately = false
        // The first read is where a missing, uncreatable -shm shows (CANTOPEN or READONLY);
        // any other failure (not a database, damaged) recurs below and is reported there.
        if sqlite3_exec(opened, "SELECT count(*) FROM sqlite_schema", nil, nil, nil) != SQLITE_OK {
            sqlite3_close_v2(opened)
            privately = FileManager.default.fileExists(atPath: path + "-wal")
            opened = try Self.open(privately ? Self.uri(path, readOnly: true, vfs: Self.noLockVFS) : Self.uri(path, immutable: true),
                                   flags: SQLITE_OPEN_READONLY, reportedAs: path)
            // Before the first read, and for every file attached later (the search index).
            if privately, sqlite3_exec(opened, "PRAGMA locking_mode = EXCLUSIVE", nil, nil, nil) != SQLITE_OK {
                let message = String(cString: sqlite3_errmsg(opened))
                sqlite3_close_v2(opened)
                throw StoreError(path: path, operation: "opening the database for reading", message: message)
            }
        }
        handle = opened
        readsLogPrivately = privately
        try configure()
    }

    /// SQLite's unix VFS without file locks: with exclusive locking mode, the only way to
    /// read a write-ahead log whose `-shm` cannot be created.
    static let noLockVFS = "unix-none"

    /// `path` as a `file:` URI (every connection is opened with SQLITE_OPEN_URI, so that
    /// `ATTACH` can ask for a file read-only): any `?`, `#` or `%` in it is escaped.
    static func uri(_ path: String, readOnly: Bool = false, immutable: Bool = false, vfs: String? = nil) -> String {
        var uri = URLComponents()
        uri.scheme = "file"
        uri.path = path
        var query: [URLQueryItem] = []
        if readOnly { query.append(URLQueryItem(name: "mode", value: "ro")) }
        if immutable { query.append(URLQueryItem(name: "immutable", value: "1")) }
        if let vfs { query.append(URLQueryItem(name: "vfs", value: vfs)) }
        if !query.isEmpty { uri.queryItems = query }
        return uri.string ?? path
    }

    /// NOMUTEX: a `Database` is not Sendable, so no two threads ever use one connection at
    /// once, and SQLite's own locking of it (a mutex taken and released by every bind, step
    /// and column read) was 2 % of a cold fetch's writing thread.
    private static func open(_ name: String, flags: Int32, reportedAs path: String? = nil) throws(StoreError) -> OpaquePointer {
        _ = memoryStatisticsOff
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(name, &opened, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard let opened else {
            throw StoreError(path: path ?? name, operation: "opening the database",
                             message: String(cString: sqlite3_errstr(status)))
        }
        guard status == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw StoreError(path: path ?? name, operation: "opening the database",
                             message: advised(message, status: status, path: path ?? name))
        }
        return opened
    }

    /// Turns SQLite's memory statistics off once, before the first open initializes SQLite:
    /// they take a global mutex on every allocation, which the store's thread and the
    /// indexing thread contended for. A failure (SQLite already initialized by someone
    /// else in the process) only leaves them on, which costs time, not correctness.
    private static let memoryStatisticsOff: Void = {
        _ = newsmenu_sqlite_disable_memstatus()
    }()

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    private static let busyTimeoutMilliseconds: Int32 = 5000

    /// What every connection needs, writing or not.
    private func configure() throws(StoreError) {
        try check(sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds), "setting the busy timeout")
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

    /// Rewrites the file without its free pages. VACUUM first copies the whole database into a
    /// temporary one, which `temp_store = MEMORY` kept in memory: vacuuming a 1.9 GB database
    /// (1M articles) peaked at 1.5 GB of RSS. The copy goes to a temporary file instead
    /// (SQLite's: in `SQLITE_TMPDIR`, `TMPDIR` or `/var/tmp`), and the page cache, which also
    /// bounds the sorter that builds the indexes again, is 8 MB while it runs: with the
    /// writer's 64 MB that database peaked at 332 MB and took 13.2 s, with 8 MB at 55 MB and
    /// 10.0 s (Python's `sqlite3` on the same file).
    func vacuum(_ operation: String) throws(StoreError) {
        try execute("PRAGMA temp_store = FILE", operation)
        try execute("PRAGMA cache_size = -8192", operation)
        defer {
            _ = sqlite3_exec(handle, "PRAGMA temp_store = MEMORY", nil, nil, nil)
            _ = sqlite3_exec(handle, "PRAGMA cache_size = \(Self.writingCacheSize)", nil, nil, nil)
        }
        try execute("VACUUM", operation)
    }

    /// Runs a small write (a look, a setting, one article's mark) without checkpointing at
    /// its commit. A fetch can leave more than the auto-checkpoint's 4 MB in the log;
    /// the next commit on any connection would then copy them all into the file and sync
    /// it: 50 ms to seconds on a busy disk, paid by whoever presses a key next. Writers'
    /// commits and `vacuum` checkpoint; a one-page write can wait for them.
    func withoutCheckpoint<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        sqlite3_wal_autocheckpoint(handle, 0)
        defer { sqlite3_wal_autocheckpoint(handle, autoCheckpointPages) }
        return try body()
    }

    /// Runs one small write (a look, a mark, a setting) without checkpointing the log;
    /// true when it changed a row.
    @discardableResult
    func runSmallWrite(_ statement: Statement) throws(StoreError) -> Bool {
        try withoutCheckpoint { () throws(StoreError) in
            try statement.run()
            return changes > 0
        }
    }

    /// The page cache of a writing connection (negative: in KiB), 64 MB.
    private static let writingCacheSize = -65536

    /// The page size of every file this store creates, the database and its search index.
    static let newFilePageSize = 16384

    /// Runs `body`, a read that meets each page once (a search's scan of the newest
    /// articles), with SQLite's default page cache of 2 MB, whose buffers are used again
    /// and again. In the writer's 64 MB each page read landed in fresh memory: a page
    /// fault per page, 5,500 of them for a search of one common character at 1M.
    func withReadOnceCache<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        guard !isReadOnly else { return try body() }
        try execute("PRAGMA cache_size = -2000", "sizing the page cache for a search")
        defer { _ = sqlite3_exec(handle, "PRAGMA cache_size = \(Self.writingCacheSize)", nil, nil, nil) }
        return try body()
    }

    /// How much of the log a writer lets build up before its commit checkpoints: SQLite's
    /// default of 1,000 pages at its default 4 KB.
    private static let checkpointBytes: Int64 = 4_096_000

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    /// IMMEDIATE takes the write lock up front, so a concurrent writer waits on the
    /// busy timeout instead of failing halfway through with SQLITE_BUSY. Inside another
    /// transaction (a batch) it is a savepoint: a failure undoes only this body's writes;
    /// inside `transactionWithoutNestedSavepoints` it is only `body`.
    func transaction<Result>(
        _ operation: String, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let nested = isInTransaction
        if nested && !nestedTransactionsTakeSavepoints { return try body() }
        try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE", operation)
        return try ending(commit: nested ? "RELEASE nested" : "COMMIT",
                          undo: nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK", operation, body)
    }

    /// `transaction` outside any other, or nil at once, without running `body`, when another
    /// connection holds the file's write lock: for work that whoever holds it does as well.
    func transactionUnlessLocked<Result>(
        _ operation: String, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result? {
        sqlite3_busy_timeout(handle, 0)
        let status = sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        if status & 0xFF == SQLITE_BUSY { return nil }
        try check(status, operation)
        return try ending(commit: "COMMIT", undo: "ROLLBACK", operation, body)
    }

    /// Takes the write lock and begins a transaction that `commit` or `rollBack` ends, for
    /// one left open across calls (`BackgroundIndexer`); `transaction` is for any other.
    func beginWriting(_ operation: String) throws(StoreError) {
        try execute("BEGIN IMMEDIATE", operation)
    }

    func commit(_ operation: String) throws(StoreError) {
        try execute("COMMIT", operation)
    }

    /// Undoes the open transaction. The error that led here is what the user needs; a failed
    /// rollback adds nothing to it.
    func rollBack() {
        _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }

    /// Runs `body` in the transaction or savepoint just begun and ends it with `commit`, or
    /// with `undo` when `body` or the commit throws.
    private func ending<Result>(commit: String, undo: String, _ operation: String,
                                _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        do {
            let result = try body()
            try execute(commit, operation)
            return result
        } catch {
            _ = sqlite3_exec(handle, undo, nil, nil, nil)
            throw error
        }
    }

    /// `transaction`, in which the transactions `body` nests take no savepoints: a failure
    /// anywhere in `body` rolls all of it back. A savepoint copies every page its writes touch
    /// into a statement journal, and freeing the copies at its release was a seventh of a cold
    /// fetch's storing (a savepoint per feed, 16 KB pages).
    func transactionWithoutNestedSavepoints<Result>(
        _ operation: String, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let outer = nestedTransactionsTakeSavepoints
        nestedTransactionsTakeSavepoints = false
        defer { nestedTransactionsTakeSavepoints = outer }
        return try transaction(operation, body)
    }

    /// False inside `transactionWithoutNestedSavepoints`.
    private var nestedTransactionsTakeSavepoints = true

    /// Runs `body` inside a deferred `BEGIN … COMMIT`: its statements read one snapshot of
    /// each file in the order they first touch them. Inside a transaction it only runs `body`.
    func reading<Result>(_ operation: String, _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        if isInTransaction { return try body() }
        try execute("BEGIN", operation)
        return try ending(commit: "COMMIT", undo: "ROLLBACK", operation, body)
    }

    /// True inside a transaction (`transaction` then makes a savepoint).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The row id of the most recent successful INSERT on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

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
        return StoreError(path: path, operation: operation, message: Self.advised(message, status: status, path: path))
    }

    /// The shell command that moves a database's files (its write-ahead log and search index
    /// too, which belong to it: a new database beside them would take them for its own) into
    /// a directory of their own, keeping their names so that they still belong together.
    static func moveAside(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path + "/broken-" + url.lastPathComponent
        return "mkdir \(ShellWord.quoted(directory)) && mv \(ShellWord.quoted(path))* \(ShellWord.quoted(directory))/"
    }

    /// SQLite's quick check of the main file (every page read, each B-tree's structure and
    /// order checked: about 1.4 s at a million articles with the file in the page cache), or
    /// of one `table` and its indexes. A damaged file throws, naming the first problem with
    /// what to do. What damage can hide: a table whose page reads as short scans short without
    /// an error, so whatever copies it (VACUUM, the search index's rebuild) would silently
    /// keep only what it read.
    func requireIntact(table: String? = nil, _ operation: String) throws(StoreError) {
        let check = try prepare(table.map { "PRAGMA main.quick_check(\($0))" } ?? "PRAGMA main.quick_check", operation)
        guard try check.step() else { return }
        let verdict = check.string(at: 0) ?? ""
        guard verdict != "ok" else { return }
        // The first problem is enough to name; the check lists one per damaged cell.
        let first = verdict.split(separator: "\n").first { !$0.hasPrefix("***") }.map(String.init) ?? verdict
        let damaged = table.map { "the \($0) table" } ?? "the database"
        throw StoreError(path: path, operation: operation,
                         message: Self.advised("\(damaged) is damaged (\(first))", status: SQLITE_CORRUPT, path: path))
    }

    /// SQLite's message, followed for the failures a user must act on by what to do.
    static func advised(_ message: String, status: Int32, path: String) -> String {
        switch status & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return message + StoreError.damageAdvice + ": move it aside " + "(\(moveAside(path))) "
                + "and newsmenu creates a new one on its next run"
        case SQLITE_FULL:
            return message + StoreError.fullAdvice + " and the stored articles are as they were: "
                + "free some disk space and run it again"
        case SQLITE_IOERR:
            return message + StoreError.writeFailedAdvice + " and was rolled back: "
                + "the stored articles are as they were"
        case SQLITE_READONLY:
            return message + "; this needs write access to the file and its directory"
        case SQLITE_BUSY:
            return message + StoreError.busyAdvice + " (another newsmenu?) for longer than "
                + "\(busyTimeoutMilliseconds / 1000) s"
        default:
            return message
        }
    }
}
