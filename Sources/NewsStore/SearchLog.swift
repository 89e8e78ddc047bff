// What the search index must do, written into the main database in the same transaction as
// the article change that calls for it (schema v13).

/// One `search_log` row per article stored new, stored with changed text, or deleted:
/// `SearchIndexUpdater` indexes each named article as it then is, if it still exists. The
/// writes a rollback undoes leave no rows, and those a commit keeps cannot be lost by a crash
/// before the index has them. (`old_text`, the text FTS5 had to be given to forget a row,
/// has been left empty since schema v18: the index only adds.)
struct SearchLog {
    private let insert: Statement

    init(statements: StatementCache, _ operation: String) throws(StoreError) {
        insert = try statements.prepare("INSERT INTO search_log (article_id) VALUES (?1)", operation)
    }

    /// Records that the article was stored, had its text changed, or was deleted.
    func record(_ articleID: Int64) throws(StoreError) {
        insert.reset()
        try insert.bind(articleID, at: 1)
        try insert.run()
    }
}
