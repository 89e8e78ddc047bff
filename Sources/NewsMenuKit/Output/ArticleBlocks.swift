// Writes the JSON of a long article list on two threads, in blocks emitted in order.
import NewsModel

enum ArticleBlocks {
    /// Articles per block: about half a megabyte of JSON for a typical article.
    static let blockSize = 256
    /// Below this a second thread costs more than it saves.
    static let minimumCount = 4 * blockSize

    /// Calls `emit` with the bytes of every block of `articles` in order, on the calling
    /// thread; `block` makes a block's bytes and runs on either thread (InOrder).
    static func write<Block: Sendable>(
        _ articles: [Article], block: @escaping @Sendable (Range<Int>) -> Block, emit: (Block) -> Void
    ) {
        let count = articles.count
        let blocks = (count + blockSize - 1) / blockSize
        InOrder.map(count: blocks, make: { index in
            block((index * blockSize)..<min((index + 1) * blockSize, count))
        }, emit: { _, bytes in emit(bytes) })
    }
}
