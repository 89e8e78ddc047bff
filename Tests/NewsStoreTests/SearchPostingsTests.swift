// The search index's own postings (schema v18): what a text adds, how lists are written,
// merged and checked, on a real index file.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Search postings")
struct SearchPostingsTests {
    let temp: TemporaryDirectory
    let index: Database

    init() throws {
        temp = try TemporaryDirectory()
        index = try SearchIndexFile.open(for: temp.path("news.db"))
    }

    /// Adds each (id, text) and writes them as one segment.
    private func write(_ documents: [(Int64, String)]) throws {
        let postings = try SearchPostings(path: index.path)
        for (id, text) in documents {
            var text = text
            try text.withUTF8 { try postings.add(id, text: $0, "test") }
        }
        try index.transaction("test") { () throws(StoreError) in try postings.write(into: index, "test") }
    }

    /// Every trigram the index lists, with its ids (the union over segments).
    private func listed() throws -> [String: [Int64]] {
        var all: [String: [Int64]] = [:]
        let rows = try index.prepare("SELECT trigram, article_ids FROM search_postings", "test")
        while try rows.step() {
            var ids: [Int64] = []
            rows.withBlob(at: 1) { PostingList.decode($0, into: &ids) }
            all[String(decoding: rows.bytes(at: 0), as: UTF8.self), default: []] += ids
        }
        return all.mapValues { Array(Set($0)).sorted() }
    }

    @Test("the reader adds a trigram's articles from every segment to a set, and the set gives them newest first")
    func readerAddsEverySegment() throws {
        try write([(3, "abc"), (70, "abc xyz")])
        try write([(64, "abc"), (200, "abc")])
        let reader = SearchPostingsReader(database: index, schema: "main", operation: "test")
        var ids = ArticleIDSet(upTo: 150)
        try reader.addArticles(holding: Array("abc".utf8), to: &ids)
        #expect(Array(ids.descending(from: 150)) == [70, 64, 3])
        #expect(Array(ids.descending(from: 69)) == [64, 3])
        #expect(Array(ids.descending(from: 63)) == [3])
        var xyz = ArticleIDSet(upTo: 150)
        try reader.addArticles(holding: Array("xyz".utf8), to: &xyz)
        ids.formIntersection(xyz)
        #expect(Array(ids.descending(from: .max)) == [70] && !ids.isEmpty)
        ids.removeAll()
        #expect(ids.isEmpty && Array(ids.descending(from: .max)).isEmpty)
    }

    private func segments() throws -> Int64 {
        let count = try index.prepare("SELECT COUNT(*) FROM search_segments", "test")
        return try count.step() ? count.int64(at: 0) : -1
    }

    @Test("each distinct trigram of a text is listed once for its article, ASCII lowercased")
    func distinctTrigrams() throws {
        try write([(5, "Abc aBC"), (6, "bc!")])
        #expect(try listed() == ["abc": [5], "bc ": [5], "c a": [5], " ab": [5], "bc!": [6]])
        #expect(try SearchSegments.problems(in: index, "test").isEmpty)
    }

    @Test("a text with case beyond ASCII is lowercased as the search's check lowercases it")
    func otherScripts() throws {
        try write([(1, "ÉCOLE Straße"), (2, "ΑΘΗΝΑ"), (3, "東京都ＡＢ")])
        let all = try listed()
        #expect(all["éco"] == [1] && all["col"] == [1] && all["raß"] == [1])
        #expect(all["αθη"] == [2] && all["ηνα"] == [2])
        // A text with width forms (here only in a test: `SearchText` folds them before) is
        // lowercased by `CaseFolding`, which folds them too.
        #expect(all["東京都"] == [3] && all["京都a"] == [3])
        for (text, id) in [("ÉCOLE Straße", Int64(1)), ("ΑΘΗΝΑ", 2)] {
            let scalars = Array(CaseFolding.lowercased(text).unicodeScalars)
            for start in 0..<(scalars.count - 2) {
                var piece = String.UnicodeScalarView()
                piece.append(contentsOf: scalars[start..<(start + 3)])
                #expect(all[String(piece)]?.contains(id) == true, "\(String(piece)) of \(text)")
            }
        }
    }

    @Test("characters beyond the basic plane make trigrams of three characters")
    func supplementaryCharacters() throws {
        try write([(1, "𠮷野家🍜の")])
        #expect(try listed() == ["𠮷野家": [1], "野家🍜": [1], "家🍜の": [1]])
    }

    @Test("ids that come out of order are written ascending, each once, large ids too")
    func outOfOrder() throws {
        try write([(9, "abc"), (3, "abc xyz"), (9, "abc"), (1 << 40, "abc"), (7, "abc"), (3, "abc")])
        let all = try listed()
        #expect(all["abc"] == [3, 7, 9, 1 << 40])
        #expect(all["xyz"] == [3])
        #expect(try SearchSegments.problems(in: index, "test").isEmpty)
    }

    @Test("the folding done in C leaves alone only what lowercasing leaves alone")
    func caselessBlocks() {
        // trigram_postings.h folds ASCII and passes these blocks through; everything else is
        // lowercased by `CaseFolding`. Text reaches the index width-folded already.
        let blocks: [ClosedRange<UInt32>] = [0x2000...0x206F, 0x3000...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                             0x20000...0x3FFFF]
        var changed: [UInt32] = []
        for block in blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                guard WidthFolding.folded(text) == text else { continue }
                if CaseFolding.lowercased(text) != text { changed.append(value) }
            }
        }
        #expect(changed.isEmpty)
        #expect(CaseFolding.lowercased("ABCXYZ") == "abcxyz")
    }

    @Test("four segments of a level are merged into one holding every id; fewer are left as they are")
    func levelsMerge() throws {
        for batch in 0..<3 { try write([(Int64(batch * 2 + 1), "abc"), (Int64(batch * 2 + 2), "abd")]) }
        try index.transaction("test") { () throws(StoreError) in try SearchSegments.mergeFullLevels(in: index, liveArticles: { nil }, "test") }
        #expect(try segments() == 3)
        try write([(7, "abc")])
        try index.transaction("test") { () throws(StoreError) in try SearchSegments.mergeFullLevels(in: index, liveArticles: { nil }, "test") }
        #expect(try segments() == 1)
        #expect(try listed() == ["abc": [1, 3, 5, 7], "abd": [2, 4, 6]])
        #expect(try SearchSegments.problems(in: index, "test").isEmpty)
    }

    @Test("a level merge of many postings leaves out the articles deleted since, reading which exist once for all its merges; a smaller one keeps every id")
    func levelMergeDropsDeleted() throws {
        var live = ArticleIDSet(upTo: 32)
        for id: Int64 in [1, 4, 9, 12, 25, 26, 27, 30, 31] { live.insert(id) }
        var reads = 0
        let liveArticles = { () throws(StoreError) -> ArticleIDSet? in
            reads += 1
            return live
        }
        func merge(filteringFrom: Int64) throws {
            try index.transaction("test") { () throws(StoreError) in
                try SearchSegments.mergeFullLevels(in: index, filteringFrom: filteringFrom, liveArticles: liveArticles, "test")
            }
        }
        // Three segments of eight postings (ids 1–24), each merged from four of two: too
        // small to filter.
        for round in 0..<3 {
            for batch in 0..<4 {
                let first = Int64((round * 4 + batch) * 2 + 1)
                try write([(first, "abc"), (first + 1, "abd")])
            }
            try merge(filteringFrom: 9)
        }
        #expect(try segments() == 3 && reads == 0)
        #expect(try listed() == ["abc": Array(stride(from: 1, through: 23, by: 2)), "abd": Array(stride(from: 2, through: 24, by: 2))])

        // Four more of two (ids 25–32): their merge keeps five ids, a fourth segment of the
        // level above, whose merge follows in the same call. Both filter; one read.
        for batch in 12..<16 { try write([(Int64(batch * 2 + 1), "abc"), (Int64(batch * 2 + 2), "abd")]) }
        try merge(filteringFrom: 8)
        #expect(try segments() == 1 && reads == 1)
        #expect(try listed() == ["abc": [1, 9, 25, 27, 31], "abd": [4, 12, 26, 30]])
        #expect(try SearchSegments.problems(in: index, "test").isEmpty)
    }

    @Test("lists of overlapping ids from several segments merge into one ascending list")
    func overlappingMerge() throws {
        try write([(5, "abc"), (9, "abc")])
        try write([(2, "abc"), (9, "abc"), (12, "abc")])
        #expect(try listed()["abc"] == [2, 5, 9, 12])
        var live = ArticleIDSet(upTo: 12)
        for id: Int64 in [2, 9, 12] { live.insert(id) }
        try index.transaction("test") { () throws(StoreError) in _ = try SearchSegments.mergeAll(in: index, keeping: live, "test") }
        #expect(try segments() == 1)
        #expect(try listed() == ["abc": [2, 9, 12]])
        #expect(try SearchSegments.problems(in: index, "test").isEmpty)
    }

    @Test("a list that does not decode, a bad trigram or a miscounted segment is reported")
    func problemsFound() throws {
        try write([(1, "abcd")])
        #expect(try SearchSegments.problems(in: index, "test").isEmpty)
        try index.execute("UPDATE search_postings SET article_ids = x'0280' WHERE trigram = CAST('abc' AS BLOB)", "test")
        try index.execute("INSERT INTO search_postings VALUES (1, x'6162', x'01')", "test")
        try index.execute("INSERT INTO search_postings VALUES (8, CAST('xyz' AS BLOB), x'01')", "test")
        let problems = try SearchSegments.problems(in: index, "test")
        #expect(problems.contains { $0.contains("trigram abc") && $0.contains("not ascending ids") })
        #expect(problems.contains { $0.contains("not three characters") })
        #expect(problems.contains { $0.hasPrefix("segment 8:") && $0.contains("no segment") })
        #expect(problems.contains { $0.hasPrefix("segment 1:") && $0.contains("listed as 2") })
    }
}

@Suite("Posting lists")
struct PostingListTests {
    @Test("lists are encoded and decoded back, large gaps and ids too")
    func roundTrip() {
        let ids: [Int64] = [1, 2, 127, 128, 300, 16_384, 1 << 35, Int64.max / 2]
        let bytes = PostingList.encode(ids)
        var decoded: [Int64] = []
        bytes.withUnsafeBytes { PostingList.decode($0, into: &decoded) }
        #expect(decoded == ids)
        #expect(PostingList.encode([1, 2, 3]) == [1, 1, 1])
        #expect(PostingList.encode([128]) == [0x80, 0x01])
    }

    @Test("the union is ascending and distinct whether the lists overlap or are apart")
    func union() {
        var state: UInt64 = 11
        func next(_ bound: Int64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(bound))
        }
        for spread: Int64 in [50, 5_000, 50_000_000] {
            for listCount in [1, 2, 7, 40] {
                let lists = (0..<listCount).map { _ in Array(Set((0..<Int(next(60))).map { _ in next(spread) + 1 })).sorted() }
                #expect(PostingList.union(lists) == Array(Set(lists.flatMap { $0 })).sorted(), "spread \(spread), \(listCount) lists")
            }
        }
        #expect(PostingList.union([[5, 9], [1, 3], [], [10]]) == [1, 3, 5, 9, 10])
        #expect(PostingList.union([]) == [])
    }

    @Test("lists whose ids do not overlap are joined as stored, as if encoded whole; overlapping ones are not")
    func joined() {
        func encoded(_ ids: [Int64]) -> PostingList.Encoded {
            PostingList.encode(ids).withUnsafeBytes { PostingList.Encoded($0) }
        }
        let parts: [[Int64]] = [[300, 301, 9_000], [1, 5], [20_000], [], [1 << 33, (1 << 33) + 1]]
        #expect(PostingList.joined(parts.map(encoded)) == PostingList.encode(parts.flatMap { $0 }.sorted()))
        let list = encoded([3, 200, 70_000])
        #expect(list.first == 3 && list.last == 70_000 && list.count == 3 && list.firstLength == 1)
        #expect(PostingList.joined([encoded([1, 10]), encoded([5, 20])]) == nil)
        #expect(PostingList.joined([encoded([1, 10]), encoded([10, 20])]) == nil)
    }

}

@Suite("Search index rebuild notice")
struct RebuildNoticeTests {
    @Test("a build from many articles is left out of opening the store, to the first search or the end of a fetch, each announcing their number before it starts; one from few is built at the open, unannounced")
    func announced() throws {
        let fixture = try NewsAndTechStore()
        let path = fixture.temp.path("news.db")
        let count = SearchIndexUpdater.longBuildArticles
        let articles = (0..<count).map { number in
            Article(id: "a\(number)", title: "Story \(number)", link: "https://n.example/\(number)")
        }
        try fixture.store.store(feed(articles), from: fixture.news, fetchedAt: date(1_000))
        try fixture.store.finishIndexing()
        let heard = Heard()
        try SearchIndexFile.remove(for: path)
        let store = try FeedStore(path: path, noticing: { heard.notices.append($0) })
        #expect(heard.notices.isEmpty)
        let unbuilt = "SELECT applied_seq FROM search_state"
        #expect(try RawConnection(path: store.searchIndexPath).integer(unbuilt) == SearchIndexFile.mustRebuildSeq)
        #expect(try store.search("story 9999").map(\.article.title) == ["Story 9999"])
        #expect(heard.notices == [.building(articles: count)])

        // A fetch's end builds it, with or without its indexing thread.
        for threaded in [false, true] {
            try SearchIndexFile.remove(for: path)
            let fetching = try FeedStore(path: path, noticing: { heard.notices.append($0) })
            if threaded { fetching.startIndexing(commitInterval: 0) }
            try fetching.store(feed([Article(id: "late\(threaded)", title: "Okapi", link: "https://n.example/late\(threaded)")]),
                               from: fixture.news, fetchedAt: date(2_000))
            try fetching.finishIndexing()
            try SearchIndexMoveTests.expectBuiltFromTheArticles(path)
        }
        #expect(heard.notices == [.building(articles: count), .building(articles: count + 1), .building(articles: count + 2)])

        let few = try NewsAndTechStore()
        try few.store.store(feed(Array(articles.prefix(3))), from: few.news, fetchedAt: date(1_000))
        try few.store.finishIndexing()
        try SearchIndexFile.remove(for: few.temp.path("news.db"))
        let quiet = Heard()
        let opened = try FeedStore(path: few.temp.path("news.db"), noticing: { quiet.notices.append($0) })
        #expect(quiet.notices.isEmpty)
        #expect(try RawConnection(path: opened.searchIndexPath).integer(unbuilt) ?? -1 >= 0)
    }

    private final class Heard {
        var notices: [SearchIndexNotice] = []
    }
}

@Suite("Search index of a store that deletes articles")
struct DeletedArticlesMergeTests {
    @Test("a fetch's level merge of many postings leaves out the articles deleted since; the others stay found")
    func fetchMergeDropsDeleted() throws {
        let fixture = try NewsAndTechStore()
        let raw = try fixture.rawConnection()
        var ids: [Int64] = []
        // Four segments of one level, each from one fetch. Their counts are raised to a
        // quarter of a merge that filters, so that the fourth fills the level without a
        // merge of its own.
        let raised = SearchSegments.filteredMergePostings / 4 + 1
        for (number, word) in ["Pangolin", "Tapir", "Quetzal", "Axolotl"].enumerated() {
            try fixture.store.store(feed([Article(id: "a\(number)", title: word, link: "https://n.example/\(number)")]),
                                    from: fixture.news, fetchedAt: date(Int64(1_000 * (number + 1))))
            try fixture.store.finishIndexing()
            ids.append(try #require(try raw.integer("SELECT id FROM articles WHERE guid = ?1", [.text("a\(number)")])))
            let index = try RawConnection(path: fixture.store.searchIndexPath)
            try index.execute("UPDATE search_segments SET postings = ?1 WHERE id = (SELECT MAX(id) FROM search_segments)",
                              [.integer(raised)])
        }
        try raw.execute("DELETE FROM articles WHERE id = ?1", [.integer(ids[1])])
        let index = try RawConnection(path: fixture.store.searchIndexPath)
        #expect(try index.everyIndexedArticle() == Set(ids))

        // The next fetch's segment is of a level below; the full level is merged after it.
        try fixture.store.store(feed([Article(id: "a4", title: "Okapi", link: "https://n.example/4")]),
                                from: fixture.news, fetchedAt: date(5_000))
        try fixture.store.finishIndexing()
        let okapi = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'a4'"))
        #expect(try index.integer("SELECT COUNT(*) FROM search_segments") == 2)
        #expect(try index.everyIndexedArticle() == Set([ids[0], ids[2], ids[3], okapi]))
        #expect(try index.indexedArticles("tap").isEmpty)
        for (term, id) in [("pangolin", ids[0]), ("quetzal", ids[2]), ("axolotl", ids[3]), ("okapi", okapi)] {
            #expect(try fixture.store.search(term).map(\.article.id) == [id], "\(term)")
        }
    }
}
