// A set of article ids as a bitmap: what a search's index lookups give, and which articles a
// merge of the index keeps.

/// Article ids, a bit each from 0 up to the largest it can hold: a million articles in
/// 128 KB. A search at a million articles asks for trigrams that hold most of them; as arrays
/// of ids, their lists took megabytes and more time in page faults than in reading them.
struct ArticleIDSet {
    private var words: [UInt64]

    /// An empty set that can hold the ids up to `largest`; larger ids are not taken.
    init(upTo largest: Int64) {
        words = [UInt64](repeating: 0, count: largest < 0 ? 0 : Int(largest >> 6) + 1)
    }

    /// The ids of every article `database` holds, as one read sees them.
    init(articlesOf database: Database, _ operation: String) throws(StoreError) {
        let largest = try database.prepare("SELECT COALESCE(MAX(id), -1) FROM articles", operation)
        self.init(upTo: try largest.step() ? largest.int64(at: 0) : -1)
        let ids = try database.prepare("SELECT id FROM articles", operation)
        while try ids.step() { insert(ids.int64(at: 0)) }
    }

    /// Takes `id` if it is within the ids the set can hold.
    mutating func insert(_ id: Int64) {
        guard id >= 0, Int(id >> 6) < words.count else { return }
        words[Int(id >> 6)] |= 1 << UInt64(id & 63)
    }

    func contains(_ id: Int64) -> Bool {
        guard id >= 0, Int(id >> 6) < words.count else { return false }
        return words[Int(id >> 6)] & (1 << UInt64(id & 63)) != 0
    }

    /// Takes the ids of a posting list (`PostingList`'s bytes).
    mutating func insert(postings bytes: UnsafeRawBufferPointer) {
        let count = words.count
        words.withUnsafeMutableBufferPointer { words in
            PostingList.forEachID(in: bytes) { id in
                let word = Int(truncatingIfNeeded: id >> 6)
                guard id >= 0, word < count else { return }
                words[word] |= 1 << UInt64(id & 63)
            }
        }
    }

    /// Keeps only the ids `other` holds too.
    mutating func formIntersection(_ other: ArticleIDSet) {
        for index in words.indices { words[index] &= index < other.words.count ? other.words[index] : 0 }
    }

    /// Empties the set, keeping what it can hold.
    mutating func removeAll() {
        for index in words.indices { words[index] = 0 }
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The ids from `highest` down, largest first, read off the bitmap as they are asked for.
    func descending(from highest: Int64) -> DescendingIDs {
        DescendingIDs(words: words, candidate: min(highest, Int64(words.count) * 64 - 1))
    }

    struct DescendingIDs: Sequence, IteratorProtocol {
        let words: [UInt64]
        /// The largest id not looked at yet.
        var candidate: Int64

        mutating func next() -> Int64? {
            while candidate >= 0 {
                let index = Int(candidate >> 6)
                // The bits of this word at and below `candidate`.
                let bits = words[index] & (UInt64.max >> UInt64(63 - (candidate & 63)))
                if bits != 0 {
                    let id = Int64(index << 6 + 63 - bits.leadingZeroBitCount)
                    candidate = id - 1
                    return id
                }
                candidate = Int64(index << 6) - 1
            }
            return nil
        }
    }
}
