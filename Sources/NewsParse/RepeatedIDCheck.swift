// A first look for ids that repeat within a document, cheap enough for every parse: nearly
// every document has none, and DistinctArticleIDs' exact search then never runs.
import NewsModel

enum RepeatedIDCheck {
    /// Whether two articles may have the same id: true whenever two do, and else only when
    /// two different ids' 64-bit hashes meet (about once in 2^64 / n² documents). An open-
    /// addressed table of the hashes: a third of the time a Set<String> took on a feed of
    /// 25,000 items, and no per-string allocation.
    static func mayRepeat(_ articles: [Article]) -> Bool {
        guard articles.count > 1 else { return false }
        var size = 1
        while size < articles.count * 2 { size <<= 1 }
        let mask = size - 1
        // 0 marks an empty slot; every hash stored has its low bit set.
        var table = [UInt64](repeating: 0, count: size)
        for article in articles {
            let hash = hash(article.id) | 1
            var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while table[slot] != 0 {
                if table[slot] == hash { return true }
                slot = (slot + 1) & mask
            }
            table[slot] = hash
        }
        return false
    }

    /// FNV-1a over the id's UTF-8 bytes: ids are compared byte for byte, as the store does.
    private static func hash(_ id: String) -> UInt64 {
        id.utf8.withContiguousStorageIfAvailable { StableID.fnv1a64($0) } ?? StableID.fnv1a64(id.utf8)
    }
}
