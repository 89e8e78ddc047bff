// Article blocks made while a feed's halves were read, taken by the JSON writer, give the
// bytes the writer makes on its own; blocks that do not fit the feed are never taken.
import Foundation
import NewsModel
import NewsParse
import Testing
@testable import NewsMenuKit

@Suite("Article blocks made while the feed was read")
struct PreparedArticleBlocksTests {
    static let articles = (0..<1000).map { index in
        Article(
            id: "urn:a:\(index)", title: "記事 \(index) \"quoted\"", link: "https://example.com/\(index)",
            published: Date(timeIntervalSince1970: Double(index) * 3600), summary: index % 3 == 0 ? nil : "line\nbreak",
            categories: ["c\(index % 7)"], enclosures: [Enclosure(url: "https://example.com/\(index).mp3", length: Int64(index))])
    }

    static func bytes(of block: JSONBlock) -> [UInt8] {
        block.withBytes { Array($0) }
    }

    /// The blocks of `segments`, taken from `prepared` where it has them, joined.
    static func written(segments: [Range<Int>], prepared: PreparedArticleBlocks?) -> (bytes: [UInt8], taken: Int) {
        var bytes: [UInt8] = [], taken = 0
        for range in segments.flatMap(ArticleBlocks.blocks(of:)) {
            if let made = prepared?.take(range) {
                taken += 1
                bytes += Self.bytes(of: made)
            } else {
                bytes += Self.bytes(of: JSONBlock(articles[range], first: range.lowerBound == 0, indent: 2, indented: true))
            }
        }
        return (bytes, taken)
    }

    static var alone: [UInt8] {
        bytes(of: JSONBlock(articles[...], first: true, indent: 2, indented: true))
    }

    @Test("either half's blocks, taken by the writer, give the bytes of the list written alone",
          arguments: [DocumentHalf.first, .second])
    func sameBytes(half: DocumentHalf) throws {
        let firstCount = 600
        let prepared = PreparedArticleBlocks(indent: 2, indented: true)
        prepared.splitReadingStarted()
        let halfArticles = half == .first ? Array(Self.articles[..<firstCount]) : Array(Self.articles[firstCount...])
        prepared.halfRead(half, articles: halfArticles) { true }
        prepared.halvesJoined(firstCount: firstCount)
        let segments = try #require(prepared.segments(articleCount: 1000, indent: 2, indented: true))
        #expect(segments == [0..<600, 600..<1000])
        let written = Self.written(segments: segments, prepared: prepared)
        #expect(written.taken == (half == .first ? 3 : 2))
        #expect(written.bytes == Self.alone)
        // Taken once: a second writing makes its own.
        #expect(Self.written(segments: segments, prepared: prepared).taken == 0)
    }

    @Test("work stops as soon as the other half is read, and at the limit")
    func stopsWhenTold() {
        let prepared = PreparedArticleBlocks(indent: 2, indented: true)
        var asked = 0
        prepared.halfRead(.first, articles: Self.articles) {
            asked += 1
            return asked <= 2
        }
        prepared.halvesJoined(firstCount: 1000)
        let twoMade = Self.written(segments: [0..<1000], prepared: prepared)
        #expect(twoMade.taken == 2)
        #expect(twoMade.bytes == Self.alone)
        let many = (0..<(PreparedArticleBlocks.limit + 3) * ArticleBlocks.blockSize).map { Article(id: "\($0)") }
        let limited = PreparedArticleBlocks(indent: 2, indented: true)
        limited.halfRead(.first, articles: many) { true }
        limited.halvesJoined(firstCount: many.count)
        let taken = ArticleBlocks.blocks(of: many.indices).filter { limited.take($0) != nil }.count
        #expect(taken == PreparedArticleBlocks.limit)
    }

    @Test("blocks are not offered without a join, at another indentation, after a new reading, or after an empty first half")
    func notOffered() {
        let notJoined = PreparedArticleBlocks(indent: 2, indented: true)
        notJoined.halfRead(.first, articles: Array(Self.articles[..<600])) { true }
        #expect(notJoined.segments(articleCount: 1000, indent: 2, indented: true) == nil)

        let joined = PreparedArticleBlocks(indent: 2, indented: true)
        joined.halfRead(.first, articles: Array(Self.articles[..<600])) { true }
        joined.halvesJoined(firstCount: 600)
        #expect(joined.segments(articleCount: 1000, indent: 3, indented: true) == nil)
        #expect(joined.segments(articleCount: 1000, indent: 2, indented: false) == nil)
        #expect(joined.segments(articleCount: 500, indent: 2, indented: true) == nil)

        let restarted = PreparedArticleBlocks(indent: 2, indented: true)
        restarted.halfRead(.first, articles: Array(Self.articles[..<600])) { true }
        restarted.splitReadingStarted()
        restarted.halvesJoined(firstCount: 600)
        #expect(restarted.segments(articleCount: 1000, indent: 2, indented: true) == nil)

        let emptyFirst = PreparedArticleBlocks(indent: 2, indented: true)
        emptyFirst.halfRead(.second, articles: Self.articles) { true }
        emptyFirst.halvesJoined(firstCount: 0)
        #expect(emptyFirst.segments(articleCount: 1000, indent: 2, indented: true) == nil)
    }
}
