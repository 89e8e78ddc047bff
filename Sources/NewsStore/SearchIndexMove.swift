// Schema v13's move of the search index out of the database into its own file.

/// Schema v13 moved the FTS5 index out of the database into `<database>.search`, copying its
/// shadow tables. Since v18 that file holds newsmenu's own postings (`SearchPostings`), built
/// from the articles, so a database older than v13 no longer copies anything: step 13 drops
/// the FTS5 index, and the open builds the new one (`FeedStore.prepareSearchIndex`).
enum SearchIndexMove {
    /// Removes what an interrupted move, or an index of another database, left at the index's
    /// path, so that the index is built anew from the migrated articles.
    static func run(from database: Database) throws(StoreError) {
        try SearchIndexFile.remove(for: database.path)
    }

    /// Runs `body` (the step that drops the old index) with `secure_delete` off, then sets it
    /// back. Debian's SQLite zeroes every page it frees: at 1M articles the 546 MB of index
    /// pages went through the statement journal (kept in memory) and the log. The text they
    /// were made from stays in `articles`, so leaving them unzeroed keeps nothing private
    /// that the file did not hold already; `vacuum` drops the free pages.
    static func withoutSecureDelete(_ database: Database, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        let operation = "dropping the search index from the database"
        let setting = try database.prepare("PRAGMA secure_delete", operation)
        let previous = try setting.step() ? setting.int64(at: 0) : 1
        setting.reset()
        try database.execute("PRAGMA secure_delete = OFF", operation)
        // The value read back from SQLite: 0, 1 or 2 (FAST).
        defer { try? database.execute("PRAGMA secure_delete = \(previous)", operation) }
        try body()
    }
}
