// What the search index must do, written into the main database in the same transaction as
// the article change that calls for it (schema v13).

/// One `search_log` row per article stored new, stored with changed text, or deleted, with
/// the text the index held for it before (none for a new one): the index file forgets a row
/// only when given exactly that text, and after this transaction the text is gone from
/// `articles`. `SearchIndexUpdater` applies the rows; the writes a rollback undoes leave
/// no rows, and those a commit keeps cannot be lost by a crash before the index has them.
struct SearchLog {
    private let insert: Statement

    init(statements: StatementCache, _ operation: String) throws(StoreError) {
        insert = try statements.prepare("INSERT INTO search_log (article_id, old_text) VALUES (?1, ?2)", operation)
    }

    /// A new article: the index holds nothing for it yet.
    func added(_ articleID: Int64) throws(StoreError) {
        try record(articleID, oldText: nil)
    }

    /// An article whose text changed, or that was deleted, as it was stored before.
    func changed(_ articleID: Int64, title: String?, summary: String?, content: String?) throws(StoreError) {
        try record(articleID, oldText: SearchText.of(title: title, summary: summary, content: content))
    }

    private func record(_ articleID: Int64, oldText: String?) throws(StoreError) {
        insert.reset()
        try insert.bind(articleID, at: 1)
        try insert.bind(oldText, at: 2)
        try insert.run()
    }
}
