// The trigrams of the search index that begin with one or two given characters, read off
// the index's own pages: fts5vocab counts the rows of every trigram it lists (a second for
// one as common as "ka " at 1M articles), while the trigrams themselves are a few page
// reads away.
import Foundation

/// Lists the terms of `article_search` that begin with a prefix, reading the FTS5 index
/// the way FTS5 itself does: per segment, its `_idx` b-tree names the leaf pages whose
/// terms fall in the range, and each leaf page's footer gives the offset of every term on
/// it, so the row lists between them are never read. The leaf format is FTS5's file
/// format, which SQLite keeps readable across versions; should a page ever read wrong,
/// the list comes from `article_search_terms` (fts5vocab) instead, slower but the same.
struct TrigramVocabulary {
    let database: Database
    let operation: String

    /// The index's terms that begin with `prefix` (folded as FTS5 folds: lowercased), in
    /// byte order, each once.
    func trigrams(beginningWith prefix: String) throws(StoreError) -> [String] {
        // Keys of FTS5's main index are the term's bytes after a "0".
        let key = [UInt8(ascii: "0")] + Array(prefix.utf8)
        var found = Set<[UInt8]>()
        for segment in try segments() {
            for page in try leafPages(of: segment, holding: key) {
                guard let terms = Self.terms(onLeaf: try leaf(page, of: segment)) else {
                    return try listedByVocabularyTable(prefix)
                }
                found.formUnion(terms.filter { $0.starts(with: key) })
            }
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }.map { String(decoding: $0.dropFirst(), as: UTF8.self) }
    }

    /// The ids of the index's segments, from its `_idx` b-tree (one skip per segment).
    private func segments() throws(StoreError) -> [Int64] {
        let next = try database.prepare("SELECT MIN(segid) FROM article_search_idx WHERE segid > ?1", operation)
        var ids: [Int64] = []
        var last: Int64 = -1
        while true {
            next.reset()
            try next.bind(last, at: 1)
            guard try next.step(), let id = next.optionalInt64(at: 0) else { return ids }
            ids.append(id)
            last = id
        }
    }

    /// The leaf pages of `segment` that can hold a key beginning with `key`: the last page
    /// starting at or before it, and every page starting inside the range. (`_idx` keeps
    /// a page's number doubled, its low bit saying whether a doclist index follows.)
    private func leafPages(of segment: Int64, holding key: [UInt8]) throws(StoreError) -> [Int64] {
        let keyText = String(decoding: key, as: UTF8.self)
        let first = try database.prepare("""
            SELECT pgno FROM article_search_idx WHERE segid = ?1 AND term <= CAST(?2 AS BLOB)
            ORDER BY term DESC LIMIT 1
            """, operation)
        try first.bind(segment, at: 1)
        try first.bind(keyText, at: 2)
        var pages = try first.step() ? [first.int64(at: 0) >> 1] : []
        let inside = try database.prepare("""
            SELECT pgno FROM article_search_idx
            WHERE segid = ?1 AND term > CAST(?2 AS BLOB) AND term < CAST(CAST(?2 AS BLOB) || X'FF' AS BLOB) ORDER BY term
            """, operation)
        try inside.bind(segment, at: 1)
        try inside.bind(keyText, at: 2)
        while try inside.step() { pages.append(inside.int64(at: 0) >> 1) }
        return pages
    }

    /// A leaf page's bytes; empty when the page is gone (an incremental merge deletes the
    /// pages of a segment it has consumed before it forgets their `_idx` entries).
    private func leaf(_ page: Int64, of segment: Int64) throws(StoreError) -> [UInt8] {
        let read = try database.prepare("SELECT block FROM article_search_data WHERE id = ?1", operation)
        // A leaf's row id: the segment id above 37 bits, the page number below.
        try read.bind((segment << 37) + page, at: 1)
        return try read.step() ? read.bytes(at: 0) : []
    }

    /// The keys on a leaf page, or nil when the page does not read as one. The page starts
    /// with two 16-bit big-endian numbers, the second where the footer begins; the footer
    /// is varints, the offset of the page's first key and then the distance to each next.
    /// The first key is a varint length and its bytes; each next one a varint count of
    /// bytes shared with the key before, a varint count of new bytes, and those bytes.
    static func terms(onLeaf page: [UInt8]) -> [[UInt8]]? {
        guard !page.isEmpty else { return [] }
        guard page.count >= 4 else { return nil }
        let footer = Int(page[2]) << 8 | Int(page[3])
        guard footer >= 4, footer <= page.count else { return nil }
        var terms: [[UInt8]] = []
        var reader = VarintReader(bytes: page, offset: footer)
        var termOffset = 0
        while reader.offset < page.count {
            guard let step = reader.next() else { return nil }
            termOffset += Int(step)
            var term = VarintReader(bytes: page, offset: termOffset)
            let shared = terms.isEmpty ? 0 : term.next().map(Int.init)
            guard let shared, let length = term.next().map(Int.init), let previous = terms.last ?? (shared == 0 ? [] : nil),
                  shared <= previous.count, term.offset + length <= footer else { return nil }
            terms.append(Array(previous[..<shared]) + page[term.offset..<(term.offset + length)])
        }
        return terms
    }

    /// The same list from the fts5vocab table, which reads every row list in the range.
    private func listedByVocabularyTable(_ prefix: String) throws(StoreError) -> [String] {
        let list = try database.prepare(
            "SELECT term FROM article_search_terms WHERE term >= ?1 AND term <= ?2", operation)
        try list.bind(prefix, at: 1)
        // No trigram beginning with the prefix sorts after it followed by the highest scalars.
        try list.bind(prefix + "\u{10FFFF}\u{10FFFF}", at: 2)
        var terms: [String] = []
        while try list.step() { terms.append(list.string(at: 0) ?? "") }
        return terms
    }
}

/// SQLite's varints as FTS5 writes them: big-endian groups of seven bits, the high bit
/// set on every byte but the last, and a ninth byte carrying eight.
struct VarintReader {
    let bytes: [UInt8]
    var offset: Int

    mutating func next() -> UInt64? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset < bytes.count else { return nil }
            let byte = bytes[offset]
            offset += 1
            if index == 8 { return value << 8 | UInt64(byte) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}
