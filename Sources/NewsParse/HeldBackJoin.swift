// Passes a split reading's news on to the caller's observer, holding back the join until
// the parser knows whether the joined halves' articles are the feed's final articles.
import NewsModel

/// A SplitReadObserver is promised that after `halvesJoined` the feed's articles are the
/// halves' (a `parse --json` writes the blocks it made of them); the parser may still change
/// them after the join (DistinctArticleIDs, FeedAuthorInheritance), and then the join must go
/// unannounced.
/// `splitReadingStarted` and `halvesJoined` are called on the parsing thread, as is
/// `announceJoin`; `halfRead` comes from either reading thread and touches nothing here.
final class HeldBackJoin: SplitReadObserver, @unchecked Sendable {
    private let observer: any SplitReadObserver
    private var firstCount: Int?

    init(_ observer: any SplitReadObserver) {
        self.observer = observer
    }

    func splitReadingStarted() {
        firstCount = nil
        observer.splitReadingStarted()
    }

    func halfRead(_ half: DocumentHalf, articles: [Article], otherHalfReading: () -> Bool) {
        observer.halfRead(half, articles: articles, otherHalfReading: otherHalfReading)
    }

    func halvesJoined(firstCount: Int) {
        self.firstCount = firstCount
    }

    /// Tells the observer of the join held back, if the halves were joined. Call once, when
    /// the feed's articles are final and the same as when they were joined.
    func announceJoin() {
        guard let firstCount else { return }
        observer.halvesJoined(firstCount: firstCount)
    }
}
