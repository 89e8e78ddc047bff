// Reads a large XML feed as two halves on two threads, split before an item start tag near
// the middle, and joins them into exactly what one reading of the whole would give.
import Foundation
import Glibc

/// The first half is read on the calling thread by a reader that stops at the split item;
/// the second half on a new thread by a reader fed the document's head (everything before
/// the first item) and then the bytes from the split. The split is only trusted when the
/// first reader meets that item at the first item's depth under the same ancestors, and
/// the halves are only joined when neither reader saw anything unusual (a libxml2 message,
/// an entity warning); otherwise the first reader reads on to the end, or the document is
/// read again whole, so the result never depends on the split.
enum SplitRead {
    /// Below this a second thread costs more than it saves.
    static let minimumSize = 1 << 20
    /// How far into the document the first item must start for a split.
    private static let headLimit = 1 << 20
    /// The head is fed in small chunks: everything fed before the first item is seen is read
    /// before the second thread starts (a whole 256 KB chunk took 4 ms of the 50 MB feed).
    private static let headChunkSize = 16 * 1024

    enum Reading {
        /// Read as two halves and joined.
        case joined(XMLFeedParser.Pass)
        /// Read whole by the first reader: no split point, or the split was not where an item
        /// starts (inside a CDATA section, say).
        case whole(XMLFeedParser.Pass)

        var pass: XMLFeedParser.Pass {
            switch self {
            case .joined(let pass), .whole(let pass): return pass
            }
        }
    }

    /// The first reading of `bytes`: nil when the document is too small to split, or when
    /// the halves could not be joined and it has to be read whole. The split is the first
    /// item tag from `splitFrom` on (the middle; the tests pick a place).
    /// `observer` is told about the halves as they are read (SplitReadObserver). `bytes` are
    /// well-formed UTF-8, as XMLFeedParser.parse's.
    static func reading(
        _ bytes: UnsafeRawBufferPointer, documentURL: String?, splitFrom: Int? = nil, observer: (any SplitReadObserver)? = nil
    ) -> Reading? {
        // A reader that cannot be made here cannot be made for the whole reading either,
        // which then reports why.
        guard bytes.count >= minimumSize, let reader = try? SAXFeedReader(documentURL: documentURL, checkedUTF8: true)
        else { return nil }
        reader.watchItems(of: bytes)
        let head = UnsafeRawBufferPointer(rebasing: bytes[..<min(headLimit, bytes.count)])
        let fed = reader.feed(head, chunkSize: headChunkSize) { reader.firstItem != nil }
        guard let first = reader.firstItem, reader.readCleanly,
              let split = itemTag(like: first.offset, in: bytes, from: max(fed, splitFrom ?? bytes.count / 2))
        else {
            reader.feed(UnsafeRawBufferPointer(rebasing: bytes[fed...]))
            reader.end()
            return .whole(XMLFeedParser.Pass(reader))
        }
        observer?.splitReadingStarted()
        let progress = HalfProgress()
        let second = SecondHalfReading(
            document: UncheckedBytes(bytes), headEnd: first.offset, split: split, documentURL: documentURL,
            progress: progress, observer: observer)
        second.start()
        reader.stop(atItemTag: split)
        reader.feed(UnsafeRawBufferPointer(rebasing: bytes[fed...]))
        if progress.finish(.first), let observer, reader.stoppedAtSplit, reader.readCleanly {
            observer.halfRead(.first, articles: reader.walker.articlesRead) { progress.isReading(.second) }
        }
        // The second reader reads the document the caller owns: it must be done before this returns.
        let half = second.wait()
        guard reader.stoppedAtSplit else {
            reader.end()
            return .whole(XMLFeedParser.Pass(reader))
        }
        guard reader.readCleanly, let half,
              reader.entities.expandedBytes + half.expandedBytes <= EntityTable.expansionBudget
        else { return nil }
        let firstCount = reader.walker.articlesRead.count
        reader.join(half.walked)
        observer?.halvesJoined(firstCount: firstCount)
        return .joined(XMLFeedParser.Pass(reader))
    }

    /// The offset of the first start tag from `start` with the same name as the tag at
    /// `model` (`<item>`, `<item ` or `<entry …`), nil if there is none.
    private static func itemTag(like model: Int, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var nameEnd = model + 1
        while nameEnd < bytes.count, !endsName(bytes[nameEnd]) { nameEnd += 1 }
        let tag = UnsafeRawBufferPointer(rebasing: bytes[model..<nameEnd])
        guard let base = bytes.baseAddress, let tagBase = tag.baseAddress, tag.count > 1 else { return nil }
        var index = start
        while index + tag.count < bytes.count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index - tag.count) else { return nil }
            index = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + index, tagBase, tag.count) == 0, endsName(bytes[index + tag.count]) { return index }
            index += 1
        }
        return nil
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09 || byte == 0x0A
            || byte == 0x0D
    }
}

/// The caller's document, read on the second thread while the caller waits for it before
/// the bytes go away (SplitRead.pass), and never written.
struct UncheckedBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }
}

/// The second half's reading: started once, waited for once. The result is written on the
/// second thread before the semaphore is signalled and read after the wait, so the
/// semaphore orders the two.
final class SecondHalfReading: @unchecked Sendable {
    struct Result: Sendable {
        let walked: FeedWalker.SecondHalf
        let expandedBytes: Int
    }

    private let document: UncheckedBytes
    private let headEnd: Int
    private let split: Int
    private let documentURL: String?
    private let progress: HalfProgress
    private let observer: (any SplitReadObserver)?
    private let done = DispatchSemaphore(value: 0)
    private var result: Result?

    init(
        document: UncheckedBytes, headEnd: Int, split: Int, documentURL: String?, progress: HalfProgress,
        observer: (any SplitReadObserver)?
    ) {
        self.document = document
        self.headEnd = headEnd
        self.split = split
        self.documentURL = documentURL
        self.progress = progress
        self.observer = observer
    }

    /// The observer works on the half here, before the signal, when this half is read first.
    func start() {
        Thread.detachNewThread { [self] in
            result = read()
            let otherHalfReading = progress.finish(.second)
            if otherHalfReading, let observer, let result {
                observer.halfRead(.second, articles: result.walked.articles) { progress.isReading(.first) }
            }
            done.signal()
        }
    }

    /// nil when the second half did not read cleanly.
    func wait() -> Result? {
        done.wait()
        return result
    }

    private func read() -> Result? {
        let bytes = document.bytes
        guard let reader = try? SAXFeedReader(documentURL: documentURL, checkedUTF8: true) else { return nil }
        reader.lineOffset = ByteScan.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: bytes[headEnd..<split]))
        reader.feed(UnsafeRawBufferPointer(rebasing: bytes[..<headEnd]))
        reader.feed(UnsafeRawBufferPointer(rebasing: bytes[split...]))
        reader.end()
        guard reader.readCleanly, case .feed = reader.walker.outcome else { return nil }
        return Result(walked: reader.walker.secondHalf, expandedBytes: reader.entities.expandedBytes)
    }
}
