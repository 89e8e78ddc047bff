// Owns one prepared statement: typed binds by index, stepping, typed column reads.
internal import CSQLite3
import Foundation
import NewsModel

/// A prepared statement of one `Database`, finalized when it goes away. Values are
/// always bound, never spliced into SQL. Indices are 1-based for binds (as in SQLite)
/// and 0-based for columns (as in SQLite). Not Sendable.
final class Statement {
    private let database: Database
    private let handle: OpaquePointer
    /// What this statement is for, named in any error it raises.
    var operation: String

    init(database: Database, sql: String, operation: String) throws(StoreError) {
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil)
        guard status == SQLITE_OK, let prepared else {
            throw database.error(status, operation)
        }
        self.database = database
        self.handle = prepared
        self.operation = operation
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    func bind(_ value: Int64?, at index: Int32) throws(StoreError) {
        guard let value else { return try bindNull(at: index) }
        try database.check(sqlite3_bind_int64(handle, index, value), operation)
    }

    func bind(_ value: Int, at index: Int32) throws(StoreError) {
        try bind(Int64(value), at: index)
    }

    func bind(_ value: Bool, at index: Int32) throws(StoreError) {
        try bind(Int64(value ? 1 : 0), at: index)
    }

    /// Dates are stored as whole unix seconds.
    func bind(_ value: Date?, at index: Int32) throws(StoreError) {
        try bind(value.map(UnixTime.seconds), at: index)
    }

    /// Binds UTF-8 text with its byte length, so text containing NUL is kept whole;
    /// SQLITE_TRANSIENT makes SQLite copy it before the Swift buffer goes away.
    func bind(_ value: String?, at index: Int32) throws(StoreError) {
        guard var value else { return try bindNull(at: index) }
        // An empty buffer may have no address, and a null pointer would bind NULL.
        if value.isEmpty {
            return try database.check(
                sqlite3_bind_text(handle, index, "", 0, newsmenu_sqlite_transient()), operation)
        }
        let status = value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                sqlite3_bind_text64(
                    handle, index, text.baseAddress, UInt64(text.count),
                    newsmenu_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        try database.check(status, operation)
    }

    /// Binds `utf8` as text, copied as `bind(_: String?)` copies. Well-formed UTF-8, but for
    /// a validator's bytes, which are stored as they came.
    func bind(utf8 text: [UInt8], at index: Int32) throws(StoreError) {
        guard !text.isEmpty else { return try bind("", at: index) }
        let status = text.withUnsafeBytes { bytes in
            sqlite3_bind_text64(handle, index, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
                                newsmenu_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
        try database.check(status, operation)
    }

    /// Binds `bytes` as a blob, which SQLite copies: empty bytes bind an empty blob.
    func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws(StoreError) {
        let status = sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                         UInt64(bytes.count), newsmenu_sqlite_transient())
        try database.check(status, operation)
    }

    /// Binds a validator as text of exactly the bytes the server sent, UTF-8 or not: the
    /// column is TEXT in a STRICT table, which takes no blob, and SQLite stores and returns
    /// text that is not UTF-8 as it is, byte for byte, when nothing converts it (`validator(at:)`
    /// reads the bytes; nothing in SQL looks into a validator).
    func bind(_ value: HTTPValidator?, at index: Int32) throws(StoreError) {
        guard let bytes = value?.bytes else { return try bindNull(at: index) }
        try bind(utf8: bytes, at: index)
    }

    private func bindNull(at index: Int32) throws(StoreError) {
        try database.check(sqlite3_bind_null(handle, index), operation)
    }

    // MARK: Stepping

    /// Advances to the next row: true when a row is ready to read, false when done.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw database.error(status, operation)
        }
    }

    /// Steps to completion, ignoring rows (for statements run for their effect).
    func run() throws(StoreError) {
        while try step() {}
    }

    /// Makes the statement ready to run again with new values.
    func reset() {
        // sqlite3_reset repeats the last step's error, which `step` already reported.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Reading the current row

    var columnCount: Int32 { sqlite3_column_count(handle) }

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func optionalInt64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : int64(at: column)
    }

    func bool(at column: Int32) -> Bool {
        int64(at: column) != 0
    }

    func date(at column: Int32) -> Date? {
        optionalInt64(at: column).map(UnixTime.date)
    }

    /// The column's bytes as stored (a blob's, or a text's UTF-8); empty for NULL.
    func bytes(at column: Int32) -> [UInt8] {
        guard let start = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The column's bytes as stored, borrowed for `body` (SQLite keeps them until the next step
    /// or reset); NULL gives no bytes.
    func withBlob<Result>(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = sqlite3_column_blob(handle, column)
        return body(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column's text as stored, borrowed for `body` (SQLite keeps it until the next step
    /// or reset); NULL gives no bytes.
    func withUTF8<Result>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let text = sqlite3_column_text(handle, column) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// A validator as stored: the text's bytes, not repaired as `string(at:)` would.
    func validator(at column: Int32) -> HTTPValidator? {
        isNull(at: column) ? nil : HTTPValidator(bytes: bytes(at: column))
    }

    func string(at column: Int32) -> String? {
        guard !isNull(at: column), let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}
