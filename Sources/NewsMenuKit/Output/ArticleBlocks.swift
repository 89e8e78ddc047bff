// Writes the JSON of a long article list on two threads, in blocks emitted in order.
import NewsModel

enum ArticleBlocks {
    /// Articles per block: about half a megabyte of JSON for a typical article.
    static let blockSize = 256
    /// Below this a second thread costs more than it saves.
    static let minimumCount = 4 * blockSize

    /// `segment` cut into blocks from its start, the last one shorter.
    static func blocks(of segment: Range<Int>) -> [Range<Int>] {
        stride(from: segment.lowerBound, to: segment.upperBound, by: blockSize).map { start in
            start..<min(start + blockSize, segment.upperBound)
        }
    }

    /// Calls `emit` with the bytes of every block of the articles in `segments` (consecutive
    /// ranges, each cut into blocks from its own start) in order, on the calling thread;
    /// `block` makes a block's bytes and runs on either thread (InOrder).
    static func write<Block: Sendable>(
        segments: [Range<Int>], block: @escaping @Sendable (Range<Int>) -> Block, emit: (Block) -> Void
    ) {
        let ranges = segments.flatMap(blocks(of:))
        InOrder.map(count: ranges.count, make: { index in block(ranges[index]) }, emit: { _, bytes in emit(bytes) })
    }
}
