// Writes the JSON of a long article list on two threads: blocks of articles, the even ones
// made on the calling thread, the odd ones on a second thread, emitted in order.
import Foundation
import NewsModel

enum ArticleBlocks {
    /// Articles per block: about half a megabyte of JSON for a typical article.
    static let blockSize = 256
    /// Below this a second thread costs more than it saves.
    static let minimumCount = 4 * blockSize

    /// Calls `emit` with the bytes of every block of `articles` in order, on the calling
    /// thread; `block` makes a block's bytes and runs on either thread.
    static func write(
        _ articles: [Article], block: @escaping @Sendable (Range<Int>) -> [UInt8], emit: ([UInt8]) -> Void
    ) {
        let ranges = stride(from: 0, to: articles.count, by: blockSize).map { $0..<min($0 + blockSize, articles.count) }
        let handoff = BlockHandoff()
        let oddRanges = ranges.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        Thread.detachNewThread {
            for range in oddRanges { handoff.put(block(range)) }
        }
        for (index, range) in ranges.enumerated() {
            emit(index % 2 == 0 ? block(range) : handoff.take())
        }
    }
}

/// The odd blocks, passed from the second thread to the first in order. The second thread
/// runs at most `ahead` blocks in front, so that memory stays at a few blocks whatever the
/// feed's size. The lock guards `blocks`; the semaphores count free places and full ones.
private final class BlockHandoff: @unchecked Sendable {
    private static let ahead = 2
    private let lock = NSLock()
    private var blocks: [[UInt8]] = []
    private let free = DispatchSemaphore(value: BlockHandoff.ahead)
    private let full = DispatchSemaphore(value: 0)

    func put(_ bytes: [UInt8]) {
        free.wait()
        lock.withLock { blocks.append(bytes) }
        full.signal()
    }

    func take() -> [UInt8] {
        full.wait()
        let bytes = lock.withLock { blocks.removeFirst() }
        free.signal()
        return bytes
    }
}
