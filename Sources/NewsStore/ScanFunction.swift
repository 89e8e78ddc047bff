// The SQL function the common-character scan filters articles with: a byte search of the
// stored columns, where LIKE decoded every character (four fifths of such a search).
internal import CSQLite3
import Foundation

enum ScanFunction {
    /// Registers `newsmenu_may_hold(title, summary, content, term, termUppercased)`: 1 when
    /// a column holds either form of the term as bytes, or the summary or content holds
    /// `&` (a character reference, which the indexed text decodes, may stand for it), or a
    /// column holds a full- or half-width form (which the indexed text folds).
    static func register(on database: Database) throws(StoreError) {
        try database.check(
            sqlite3_create_function_v2(database.handle, "newsmenu_may_hold", 5, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                       { context, _, arguments in
                                           sqlite3_result_int(context, ScanFunction.mayHold(arguments) ? 1 : 0)
                                       }, nil, nil, nil),
            "registering newsmenu_may_hold")
    }

    private static func mayHold(_ arguments: UnsafeMutablePointer<OpaquePointer?>?) -> Bool {
        let term = bytes(arguments, at: 3)
        let uppercased = bytes(arguments, at: 4)
        // Caseless scripts (CJK, kana) have one form: looking for it twice doubled the scan.
        let forms = same(term, uppercased) ? [term] : [term, uppercased]
        for column in 0..<3 {
            let text = bytes(arguments, at: column)
            guard let start = text.baseAddress, !text.isEmpty else { continue }
            if forms.contains(where: { ByteSearch.offset(of: $0, in: text) != nil }) { return true }
            if column > 0, memchr(start, Int32(UInt8(ascii: "&")), text.count) != nil { return true }
            if WidthFolding.holdsFoldable(text) { return true }
        }
        return false
    }

    private static func same(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else { return true }
        return memcmp(leftStart, rightStart, left.count) == 0
    }

    /// The argument's UTF-8 bytes, empty when NULL; valid until the function returns.
    private static func bytes(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, at index: Int) -> UnsafeRawBufferPointer {
        guard let value = arguments?[index], let text = sqlite3_value_text(value) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    }
}
