// Lets a caller work on the articles of one half of a large document while the other half
// is still being read (SplitRead), on the thread that finished its half first.
import Foundation
import NewsModel

/// Which half of a document read in two halves.
public enum DocumentHalf: Sendable {
    case first, second
}

/// Told about a document read in two halves on two threads (SplitRead). A reading starts
/// with `splitReadingStarted`; the half read first is handed to `halfRead` on its own thread
/// while the other thread still reads; `halvesJoined` follows only when the halves were
/// joined, and then the parsed feed's articles are the first half's followed by the
/// second half's. A reading that is not joined (the document is read again whole) is
/// followed by another `splitReadingStarted` or by nothing.
public protocol SplitReadObserver: AnyObject, Sendable {
    func splitReadingStarted()

    /// `articles` are the half's final articles in order. `otherHalfReading` turns false
    /// once the other half is read: the work should stop then, since the joined feed waits
    /// for this call to return.
    func halfRead(_ half: DocumentHalf, articles: [Article], otherHalfReading: () -> Bool)

    /// The halves were joined; the first half held `firstCount` articles.
    func halvesJoined(firstCount: Int)
}

/// Which of the two readers are still reading; the first to finish learns that it was first.
final class HalfProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var firstReading = true
    private var secondReading = true

    /// Marks `half` read; true when the other half is still being read.
    func finish(_ half: DocumentHalf) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        switch half {
        case .first:
            firstReading = false
            return secondReading
        case .second:
            secondReading = false
            return firstReading
        }
    }

    func isReading(_ half: DocumentHalf) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return half == .first ? firstReading : secondReading
    }
}
