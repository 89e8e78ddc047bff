// Merging the search index's segments (`SearchIndexFile.tables`): each index transaction
// writes one, and a search reads a trigram from every one, so they are merged as they pile up.
import Foundation

/// Segments form levels by size, a level per power of `fanIn` postings; when a level holds
/// `fanIn` segments they are merged into one, as FTS5's automerge does. A posting is so
/// rewritten about log₄ of the index's size times over its life, and an index has at most
/// `fanIn - 1` segments a level. The index only adds (`SearchIndexUpdater`): the articles that
/// retention deletes stay listed until a merge of `filteredMergePostings` or more leaves them
/// out, so that the index of a store that keeps a month of articles stays a few times the
/// size of that month's, however long it runs. For `vacuum`, `mergeAll` merges every segment
/// into one and leaves out every article that no longer exists (a changed article's old
/// trigrams stay: the search's check passes over them).
enum SearchSegments {
    static let fanIn = 4

    /// The postings from which a level merge leaves out the deleted articles. Reading which
    /// articles exist takes 0.12 s at a million (the ids of a covering index, 19 MB); a
    /// merge of a million postings takes about as long, and smaller ones happen every few
    /// fetches. What the smaller ones keep is left out when their segment merges again.
    static let filteredMergePostings: Int64 = 1 << 20

    /// Merges, inside the caller's transaction on `index`, each level holding `fanIn`
    /// segments, until none does. A merge of `filteringFrom` postings or more keeps only the
    /// articles in `liveArticles` (read once, when first needed; nil: keep every id).
    static func mergeFullLevels(in index: Database, filteringFrom: Int64 = filteredMergePostings,
                                liveArticles: () throws(StoreError) -> ArticleIDSet?,
                                _ operation: String) throws(StoreError) {
        var live: ArticleIDSet??
        while let full = try fullLevel(in: index, operation) {
            var keeping: ArticleIDSet?
            if full.reduce(0, { $0 + $1.postings }) >= filteringFrom {
                if live == nil { live = .some(try liveArticles()) }
                keeping = live ?? nil
            }
            try merge(full.map(\.id), in: index, keeping: keeping, operation)
        }
    }

    /// Merges every segment into one, inside the caller's transaction on `index`: after a
    /// rebuild, which writes a segment at a time, and for `vacuum`, which gives the ids of the
    /// articles that exist (`live`), so that the deleted ones are left out. False when there
    /// was nothing to do: one segment and no `live`, or none.
    static func mergeAll(in index: Database, keeping live: ArticleIDSet? = nil, _ operation: String)
        throws(StoreError) -> Bool {
        let all = try segments(in: index, operation).map(\.id)
        guard all.count > 1 || (live != nil && !all.isEmpty) else { return false }
        try merge(all, in: index, keeping: live, operation)
        return true
    }

    /// The segments of the first level that holds `fanIn` of them, nil when none does.
    private static func fullLevel(in index: Database, _ operation: String) throws(StoreError)
        -> [(id: Int64, postings: Int64)]? {
        var levels: [Int: [(id: Int64, postings: Int64)]] = [:]
        for segment in try segments(in: index, operation) {
            levels[level(of: segment.postings), default: []].append(segment)
        }
        return levels.keys.sorted().lazy.compactMap { levels[$0].flatMap { $0.count >= fanIn ? $0 : nil } }.first
    }

    /// Which power of `fanIn` the count reaches; the bound stops below 4³¹, which Int64 holds.
    private static func level(of postings: Int64) -> Int {
        var level = 0
        var bound = Int64(fanIn)
        while postings >= bound && level < 30 {
            level += 1
            bound *= Int64(fanIn)
        }
        return level
    }

    private static func segments(in index: Database, _ operation: String) throws(StoreError)
        -> [(id: Int64, postings: Int64)] {
        let read = try index.prepare("SELECT id, postings FROM search_segments ORDER BY id", operation)
        var found: [(id: Int64, postings: Int64)] = []
        while try read.step() { found.append((read.int64(at: 0), read.int64(at: 1))) }
        return found
    }

    /// Writes the union of `merged`'s lists, trigram by trigram, as a new segment and drops
    /// them. Each segment is read in trigram order (its key), so the lists of one trigram
    /// come together; rows of the new segment sort after every one read.
    private static func merge(_ merged: [Int64], in index: Database, keeping live: ArticleIDSet?,
                              _ operation: String) throws(StoreError) {
        var target = try SegmentWriter(in: index, operation)
        var cursors: [Statement] = []
        for segment in merged {
            let rows = try index.prepare(
                "SELECT trigram, article_ids FROM search_postings WHERE segment = ?1 ORDER BY trigram", operation)
            try rows.bind(segment, at: 1)
            cursors.append(rows)
        }
        var current: [[UInt8]?] = []
        for cursor in cursors { current.append(try cursor.step() ? cursor.bytes(at: 0) : nil) }
        while let trigram = current.compactMap({ $0 }).min(by: { $0.lexicographicallyPrecedes($1) }) {
            var lists: [PostingList.Encoded] = []
            for (position, cursor) in cursors.enumerated() where current[position] == trigram {
                lists.append(cursor.withBlob(at: 1) { PostingList.Encoded($0) })
                current[position] = try cursor.step() ? cursor.bytes(at: 0) : nil
            }
            let merged: [UInt8]
            let count: Int
            if live == nil, let joined = PostingList.joined(lists) {
                // Segments written one after another hold ranges of ids that do not overlap.
                (merged, count) = (joined, lists.reduce(0) { $0 + $1.count })
            } else {
                var ids = PostingList.union(lists.map { list in
                    var ids: [Int64] = []
                    list.bytes.withUnsafeBytes { PostingList.decode($0, into: &ids) }
                    return ids
                })
                if let live { ids.removeAll { !live.contains($0) } }
                (merged, count) = (PostingList.encode(ids), ids.count)
            }
            guard count > 0 else { continue }
            try trigram.withUnsafeBufferPointer { key throws(StoreError) in
                try merged.withUnsafeBufferPointer { ids throws(StoreError) in
                    try target.add(trigram: UnsafeRawBufferPointer(key), ids: UnsafeRawBufferPointer(ids), count: count)
                }
            }
        }
        cursors.removeAll()
        let drop = try index.prepare("DELETE FROM search_postings WHERE segment = ?1", operation)
        let forget = try index.prepare("DELETE FROM search_segments WHERE id = ?1", operation)
        for segment in merged {
            drop.reset()
            try drop.bind(segment, at: 1)
            try drop.run()
            forget.reset()
            try forget.bind(segment, at: 1)
            try forget.run()
        }
        try target.finish()
    }
}

/// Writes one new segment, a row per trigram, inside the caller's transaction: for the
/// postings an index transaction gathered (`SearchPostings`) and for a merge.
struct SegmentWriter {
    /// The segment's id: one more than the largest, so that its rows sort after every other's.
    let id: Int64
    private let index: Database
    private let insert: Statement
    private let operation: String
    private var postings = 0

    init(in index: Database, _ operation: String) throws(StoreError) {
        let next = try index.prepare("SELECT COALESCE(MAX(id), 0) + 1 FROM search_segments", operation)
        id = try next.step() ? next.int64(at: 0) : 1
        self.index = index
        self.operation = operation
        insert = try index.prepare(
            "INSERT INTO search_postings (segment, trigram, article_ids) VALUES (?1, ?2, ?3)", operation)
    }

    /// Adds the list of `trigram` (its UTF-8), `count` ids as `PostingList` bytes.
    mutating func add(trigram: UnsafeRawBufferPointer, ids: UnsafeRawBufferPointer, count: Int) throws(StoreError) {
        insert.reset()
        try insert.bind(id, at: 1)
        try insert.bind(blob: trigram, at: 2)
        try insert.bind(blob: ids, at: 3)
        try insert.run()
        postings += count
    }

    /// Lists the segment with the postings added.
    func finish() throws(StoreError) {
        let record = try index.prepare("INSERT INTO search_segments (id, postings) VALUES (?1, ?2)", operation)
        try record.bind(id, at: 1)
        try record.bind(postings, at: 2)
        try record.run()
    }
}

extension SearchSegments {
    /// What is wrong with the index's postings, nothing when they are sound: each row's
    /// trigram is three scalars of UTF-8, its ids ascend and its varints are whole,
    /// each segment's count is what its rows hold, and no row names a segment not listed.
    /// SQLite's own checks cannot see any of this. For `vacuum` and the tests.
    static func problems(in index: Database, _ operation: String) throws(StoreError) -> [String] {
        var problems: [String] = []
        var counted: [Int64: Int64] = [:]
        let rows = try index.prepare("SELECT segment, trigram, article_ids FROM search_postings", operation)
        while try rows.step() {
            let segment = rows.int64(at: 0)
            let trigram = rows.bytes(at: 1)
            if String(validating: trigram, as: UTF8.self)?.unicodeScalars.count != 3 {
                problems.append("segment \(segment): a trigram that is not three characters of UTF-8: \(trigram)")
            }
            var ids: [Int64] = []
            let whole = rows.withBlob(at: 2) { bytes in
                PostingList.decode(bytes, into: &ids)
                return bytes.last.map { $0 & 0x80 == 0 } ?? false
            }
            if !whole || ids.isEmpty || zip(ids, ids.dropFirst()).contains(where: { $0 >= $1 }) {
                problems.append("segment \(segment), trigram \(String(decoding: trigram, as: UTF8.self)): a list that is not ascending ids")
            }
            counted[segment, default: 0] += Int64(ids.count)
        }
        var listed: [Int64: Int64] = [:]
        for segment in try segments(in: index, operation) { listed[segment.id] = segment.postings }
        for (segment, count) in counted where listed[segment] != count {
            problems.append("segment \(segment): \(count) postings, listed as \(listed[segment].map(String.init) ?? "no segment")")
        }
        for (segment, count) in listed where counted[segment] == nil && count != 0 {
            problems.append("segment \(segment): listed with \(count) postings, holds none")
        }
        return problems
    }
}
