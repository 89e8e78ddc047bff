// SQL functions that let a migration fill the canonical link of rows stored before dedupe,
// and the search index, with the same Swift code that fills them on every write.
internal import CSQLite3
import Foundation

enum LinkFunctions {
    /// Registers `newsmenu_canonical_link(link)` and `newsmenu_link_key(canonical)` (both
    /// NULL in → NULL out), `newsmenu_search_text(title, summary, content)` (`SearchText.of`),
    /// `newsmenu_search_text_ending(title, summary, content)` (`SearchText.endingBeforeTail`),
    /// `newsmenu_search_text_width_folded(title, summary, content)` (`SearchText.widthFolded`,
    /// NULL for a text with nothing to fold) and `newsmenu_search_text_with_readings(title,
    /// summary, content)` (`SearchText.withReadings`) on the connection.
    /// All are deterministic.
    static func register(on database: Database) throws(StoreError) {
        try register("newsmenu_canonical_link", arguments: 1, on: database) { context, _, arguments in
            guard let canonical = CanonicalLink.of(LinkFunctions.text(arguments)) else {
                return sqlite3_result_null(context)
            }
            LinkFunctions.result(canonical, context)
        }
        try register("newsmenu_link_key", arguments: 1, on: database) { context, _, arguments in
            guard let canonical = LinkFunctions.text(arguments) else { return sqlite3_result_null(context) }
            sqlite3_result_int64(context, CanonicalLink.key(canonical))
        }
        try register("newsmenu_search_text", arguments: 3, on: database) { context, _, arguments in
            let text = SearchText.of(title: LinkFunctions.text(arguments, at: 0),
                                     summary: LinkFunctions.text(arguments, at: 1),
                                     content: LinkFunctions.text(arguments, at: 2))
            LinkFunctions.result(text, context)
        }
        try register("newsmenu_search_text_ending", arguments: 3, on: database) { context, _, arguments in
            let text = SearchText.endingBeforeTail(title: LinkFunctions.text(arguments, at: 0),
                                                   summary: LinkFunctions.text(arguments, at: 1),
                                                   content: LinkFunctions.text(arguments, at: 2))
            LinkFunctions.result(text, context)
        }
        try register("newsmenu_search_text_width_folded", arguments: 3, on: database) { context, _, arguments in
            guard let text = SearchText.widthFolded(title: LinkFunctions.text(arguments, at: 0),
                                                    summary: LinkFunctions.text(arguments, at: 1),
                                                    content: LinkFunctions.text(arguments, at: 2)) else {
                return sqlite3_result_null(context)
            }
            LinkFunctions.result(text, context)
        }
        try register("newsmenu_search_text_with_readings", arguments: 3, on: database) { context, _, arguments in
            let text = SearchText.withReadings(title: LinkFunctions.text(arguments, at: 0),
                                               summary: LinkFunctions.text(arguments, at: 1),
                                               content: LinkFunctions.text(arguments, at: 2))
            LinkFunctions.result(text, context)
        }
        try ScanFunction.register(on: database)
    }

    /// Registers one deterministic UTF-8 scalar function taking `arguments` values.
    private static func register(
        _ name: String, arguments: Int32, on database: Database,
        _ function: @escaping @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    ) throws(StoreError) {
        try database.check(
            sqlite3_create_function_v2(database.handle, name, arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                       function, nil, nil, nil),
            "registering \(name)")
    }

    /// The argument at `index` as text, nil when NULL.
    private static func text(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, at index: Int = 0) -> String? {
        guard let value = arguments?[index], sqlite3_value_type(value) != SQLITE_NULL,
              let bytes = sqlite3_value_text(value) else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private static func result(_ text: String, _ context: OpaquePointer?) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer may have no address; "" is a valid empty C string.
                guard let start = chars.baseAddress else {
                    return sqlite3_result_text(context, "", 0, newsmenu_sqlite_transient())
                }
                sqlite3_result_text64(context, start, UInt64(chars.count),
                                      newsmenu_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }
}
