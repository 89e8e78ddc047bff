// Changes to the search index, held until the outermost transaction commits and then written
// together, each with exactly the text indexed.

/// The writes to `article_search` (schema v8). FTS5 writes out what it holds in memory at
/// every savepoint, and a batch of fetched feeds has one savepoint per feed: indexing
/// inside them made a small index segment per feed and merge after merge, most of a cold
/// fetch's time. Held here, a batch's articles go in as one segment.
///
/// The index keeps no copy of the text, so forgetting a row means giving FTS5 the text it
/// indexed; both come from `SearchText.of` over the stored columns.
final class PendingSearchIndex {
    private enum Change {
        case add(Int64, String)
        case remove(Int64, String)
    }

    private let statements: StatementCache
    private var changes: [Change] = []

    init(statements: StatementCache) {
        self.statements = statements
    }

    /// How many changes are held; `discard(from:)` goes back to such a count.
    var count: Int { changes.count }

    /// Indexes a row by its `SearchText.of`.
    func add(_ articleID: Int64, text: String) {
        changes.append(.add(articleID, text))
    }

    /// Forgets a row as it was stored: the text given must be what `add` was given.
    func remove(_ articleID: Int64, title: String?, summary: String?, content: String?) {
        changes.append(.remove(articleID, SearchText.of(title: title, summary: summary, content: content)))
    }

    /// Drops the changes made since `count` was `mark`: their writes were rolled back.
    func discard(from mark: Int) {
        if mark < changes.count { changes.removeSubrange(mark...) }
    }

    /// Writes every held change, in order, inside the caller's transaction.
    func flush(_ operation: String) throws(StoreError) {
        guard !changes.isEmpty else { return }
        let insert = try statements.prepare(
            "INSERT INTO article_search (rowid, indexed_text) VALUES (?1, ?2)", operation)
        let delete = try statements.prepare(
            "INSERT INTO article_search (article_search, rowid, indexed_text) VALUES ('delete', ?1, ?2)", operation)
        let held = changes
        changes = []
        for change in held {
            let (statement, articleID, text) = switch change {
            case .add(let id, let text): (insert, id, text)
            case .remove(let id, let text): (delete, id, text)
            }
            statement.reset()
            try statement.bind(articleID, at: 1)
            try statement.bind(text, at: 2)
            try statement.run()
        }
    }
}
