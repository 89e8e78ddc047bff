// The rows the interactive view draws, read from the store a chunk at a time as the cursor
// moves: a tab of 10,000 articles costs one small query per chunk crossed, not per key.
import NewsModel
import NewsStore

/// Caches chunks of each tab's rows. Not Sendable: the loop's thread owns it and the store.
final class ArticleWindow {
    private let store: FeedStore
    /// Rows per query; a screen is well inside two chunks.
    private let chunkSize = 128
    private var chunks: [String: [Int: [ArticleRow]]] = [:]

    init(store: FeedStore) {
        self.store = store
    }

    /// The rows `range` of the tab, as far as it has them.
    func rows(inTab tab: String, _ range: Range<Int>) throws(StoreError) -> [ArticleRow] {
        guard !range.isEmpty else { return [] }
        var rows: [ArticleRow] = []
        rows.reserveCapacity(range.count)
        for chunk in (range.lowerBound / chunkSize)...((range.upperBound - 1) / chunkSize) {
            let loaded = try self.chunk(chunk, ofTab: tab)
            let base = chunk * chunkSize
            let start = max(range.lowerBound - base, 0)
            let end = min(range.upperBound - base, loaded.count)
            guard start < end else { break }
            rows += loaded[start..<end]
        }
        return rows
    }

    func row(inTab tab: String, at index: Int) throws(StoreError) -> ArticleRow? {
        try rows(inTab: tab, index..<(index + 1)).first
    }

    /// Forgets a tab's rows (the store has new ones, or marked them).
    func invalidate(tab: String) {
        chunks[tab] = nil
    }

    private func chunk(_ number: Int, ofTab tab: String) throws(StoreError) -> [ArticleRow] {
        if let cached = chunks[tab]?[number] { return cached }
        let rows = try store.articles(inTab: tab, limit: chunkSize, offset: number * chunkSize)
        chunks[tab, default: [:]][number] = rows
        return rows
    }
}
