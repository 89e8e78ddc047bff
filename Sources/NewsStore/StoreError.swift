// The one error the store throws: which database, what was being done, and SQLite's own words.

/// A failure of the article store. `description` reads as one line for the user:
/// `<path>: <operation>: <message>`.
public struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The database file the store was working on.
    public var path: String
    /// What the store was doing, e.g. "storing the articles of https://example.org/feed".
    public var operation: String
    /// SQLite's message (sqlite3_errmsg / sqlite3_errstr) or the store's own explanation.
    public var message: String

    public init(path: String, operation: String, message: String) {
        self.path = path
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(path): \(operation): \(message)" }
}

extension StoreError {
    /// What `Database` adds to SQLite's message when a file is damaged or not a database.
    static let damageAdvice = "; the file is damaged or is not a newsmenu database"

    /// True when SQLite found the file damaged or not a database at all.
    var isDamage: Bool { message.contains(Self.damageAdvice) }

    /// What `Database` adds to SQLite's message when a write found the disk full, or failed
    /// as a full disk or a file size limit makes it fail.
    static let fullAdvice = "; nothing of this change was kept"
    static let writeFailedAdvice = "; the write failed (a full disk or a file size limit?)"

    /// What `Database` adds to SQLite's message when another connection held a lock longer
    /// than the busy timeout.
    static let busyAdvice = "; another process is writing it"

    /// True when another connection held the file's lock longer than the busy timeout.
    var isBusy: Bool { message.contains(Self.busyAdvice) }

    /// True when a write failed for want of room.
    var isWriteFailure: Bool { message.contains(Self.fullAdvice) || message.contains(Self.writeFailedAdvice) }

    /// SQLite's own words, without the advice the store adds for the database file.
    public var sqliteMessage: String { String(message.prefix { $0 != ";" }) }
}
