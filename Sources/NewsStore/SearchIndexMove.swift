// Schema v13's move of the search index out of the database into its own file, copying
// FTS5's shadow tables as they are instead of tokenizing every article again.

/// The index file is made new, attached to the database's connection, given `article_search`
/// declared exactly as the database declares it, and FTS5's tables (`_data`: the segments,
/// `_idx`: their keys, `_config`: the version, hashsize) are replaced by the database's. With
/// `content = ''` and `columnsize = 0` there are no other shadow tables. One transaction on
/// the index file; the database is only read. FTS5 reads its structure from `_data` on each
/// transaction, so the copy is the index.
enum SearchIndexMove {
    private static let shadowTables = ["article_search_data", "article_search_idx", "article_search_config"]

    static func run(from database: Database) throws(StoreError) {
        let operation = "moving the search index to its own file"
        // Whatever an interrupted move left is replaced.
        try SearchIndexFile.remove(for: database.path)
        let attach = try database.prepare("ATTACH ?1 AS search_index", operation)
        try attach.bind(Database.uri(SearchIndexFile.path(for: database.path)), at: 1)
        try attach.run()
        defer { try? database.execute("DETACH search_index", operation) }
        // The file is new, so it takes the size every file the store makes has.
        try database.execute("PRAGMA search_index.page_size = \(Database.newFilePageSize)", operation)
        try database.execute("PRAGMA search_index.journal_mode = WAL", operation)
        try database.transaction(operation) { () throws(StoreError) in
            for sql in SearchIndexFile.tables(in: "search_index") { try database.execute(sql, operation) }
            for table in shadowTables {
                // Names from the fixed list above, never from input.
                try database.execute("DELETE FROM search_index.\(table)", operation)
                try database.execute("INSERT INTO search_index.\(table) SELECT * FROM main.\(table)", operation)
            }
            try database.execute("INSERT INTO search_index.search_state (applied_seq) VALUES (0)", operation)
        }
        try SearchIndexFile.emptyLog(of: database, schema: "search_index")
    }

    /// Runs `body` (the step that drops the old index) with `secure_delete` off, then sets it
    /// back. Debian's SQLite zeroes every page it frees: at 1M articles the 546 MB of index
    /// pages went through the statement journal (kept in memory) and the log. The text they
    /// were made from stays in `articles`, so leaving them unzeroed keeps nothing private
    /// that the file did not hold already; `vacuum` drops the free pages.
    static func withoutSecureDelete(_ database: Database, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        let operation = "moving the search index to its own file"
        let setting = try database.prepare("PRAGMA secure_delete", operation)
        let previous = try setting.step() ? setting.int64(at: 0) : 1
        setting.reset()
        try database.execute("PRAGMA secure_delete = OFF", operation)
        // The value read back from SQLite: 0, 1 or 2 (FAST).
        defer { try? database.execute("PRAGMA secure_delete = \(previous)", operation) }
        try body()
    }
}
