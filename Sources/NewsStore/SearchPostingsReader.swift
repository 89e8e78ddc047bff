// Reading the search index (`SearchIndexFile.tables`) for a search: a trigram's articles, and
// the trigrams that begin with one or two characters.

/// Reads the index attached as `search_index` to a store's connection, in the read
/// transaction of the search (`FeedStore.withSearchSnapshot`), or the one a connection to the
/// index file has as `main`.
final class SearchPostingsReader {
    let database: Database
    let schema: String
    let operation: String
    /// The statement reading one trigram's lists, prepared once: a short term asks for
    /// hundreds of trigrams.
    private var lists: Statement?

    init(database: Database, schema: String = "search_index", operation: String) {
        self.database = database
        self.schema = schema
        self.operation = operation
    }

    /// Adds to `ids` the articles the index lists under `trigram` (lowercased UTF-8) in any
    /// segment. CROSS JOIN keeps the segments the outer loop, one key lookup each: joined
    /// plainly, SQLite scanned every posting row.
    func addArticles(holding trigram: [UInt8], to ids: inout ArticleIDSet) throws(StoreError) {
        let lists: Statement
        if let prepared = self.lists {
            lists = prepared
        } else {
            lists = try database.prepare(
                """
                SELECT p.article_ids FROM \(schema).search_segments s
                CROSS JOIN \(schema).search_postings p ON p.segment = s.id AND p.trigram = ?1
                """, operation)
            self.lists = lists
        }
        lists.reset()
        try trigram.withUnsafeBufferPointer { key throws(StoreError) in try lists.bind(blob: UnsafeRawBufferPointer(key), at: 1) }
        while try lists.step() { lists.withBlob(at: 0) { ids.insert(postings: $0) } }
    }

    /// The index's trigrams that begin with `prefix` (lowercased UTF-8 of one or two
    /// characters), in byte order, each once.
    func trigrams(beginningWith prefix: [UInt8]) throws(StoreError) -> [[UInt8]] {
        // No UTF-8 byte is 0xFF, so every key beginning with the prefix sorts below it with 0xFF.
        let range = try database.prepare(
            """
            SELECT DISTINCT p.trigram FROM \(schema).search_segments s
            CROSS JOIN \(schema).search_postings p ON p.segment = s.id AND p.trigram >= ?1 AND p.trigram < ?2
            ORDER BY p.trigram
            """, operation)
        try prefix.withUnsafeBufferPointer { key throws(StoreError) in try range.bind(blob: UnsafeRawBufferPointer(key), at: 1) }
        try (prefix + [0xFF]).withUnsafeBufferPointer { key throws(StoreError) in
            try range.bind(blob: UnsafeRawBufferPointer(key), at: 2)
        }
        var found: [[UInt8]] = []
        while try range.step() { found.append(range.bytes(at: 0)) }
        return found
    }
}
