// The JSON blocks of a large feed's half read first, made on the thread that read it while
// the other half is still being read: `parse --json` overlaps writing one with reading the other.
import Foundation
import NewsModel
import NewsParse

/// Blocks made while the halves are read and taken by the JSON writer once they are joined.
/// Made on a reading thread, taken on the writer's two threads: every field is read and
/// written under `lock`.
final class PreparedArticleBlocks: SplitReadObserver, @unchecked Sendable {
    /// At most this many blocks (about half a megabyte each) are held, which bounds the
    /// memory; the rest of the half is written as usual.
    static let limit = 32

    /// The indentation the blocks are made for: only a writer at the same one takes them.
    let indent: Int
    let indented: Bool
    private let lock = NSLock()
    private var half: DocumentHalf?
    /// By the first article's index within the half.
    private var blocks: [Int: (range: Range<Int>, block: JSONBlock)] = [:]
    private var firstCount: Int?

    init(indent: Int, indented: Bool) {
        self.indent = indent
        self.indented = indented
    }

    func splitReadingStarted() {
        lock.lock()
        defer { lock.unlock() }
        half = nil
        blocks = [:]
        firstCount = nil
    }

    func halfRead(_ half: DocumentHalf, articles: [Article], otherHalfReading: () -> Bool) {
        for range in ArticleBlocks.blocks(of: articles.indices).prefix(PreparedArticleBlocks.limit) {
            guard otherHalfReading() else { return }
            let block = JSONBlock(articles[range], first: half == .first && range.lowerBound == 0, indent: indent, indented: indented)
            lock.lock()
            self.half = half
            blocks[range.lowerBound] = (range, block)
            lock.unlock()
        }
    }

    func halvesJoined(firstCount: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.firstCount = firstCount
    }

    /// How the feed's articles are cut into blocks so that the prepared ones fit: the
    /// halves apart when they were joined, all in one otherwise. nil when the blocks do not
    /// belong to a feed of `articleCount` articles written at `indent`: none is taken then.
    func segments(articleCount: Int, indent: Int, indented: Bool) -> [Range<Int>]? {
        lock.lock()
        defer { lock.unlock() }
        guard let firstCount, let half, !blocks.isEmpty, indent == self.indent, indented == self.indented,
              firstCount <= articleCount,
              // The second half's blocks were made to follow an article: the first half's.
              half == .first || firstCount > 0
        else { return nil }
        return [0..<firstCount, firstCount..<articleCount]
    }

    /// The block made for the feed's articles in `range`, handed over once; nil if none was.
    func take(_ range: Range<Int>) -> JSONBlock? {
        lock.lock()
        defer { lock.unlock() }
        guard let half, let firstCount else { return nil }
        let offset = half == .first ? 0 : firstCount
        let start = range.lowerBound - offset
        guard let made = blocks[start], made.range == start..<(range.upperBound - offset) else { return nil }
        blocks[start] = nil
        return made.block
    }
}
