// The thread that writes the search index while a fetch stores articles: woken after each
// committed batch, it applies what the log holds, so the storing thread never waits for it.
import Foundation

/// Applies the search log on a thread of its own with connections of its own (the index file,
/// and the main file only read). Batches that commit while it works are applied together next
/// time, and its index transaction stays open across catch-ups for `commitInterval`: each
/// commit writes a segment, and every fourth of a level is merged (`SearchSegments`). A cold
/// fetch of 500 feeds committed once per batch, 7–8 times, which with FTS5's index took a
/// third longer than one transaction (Benchmarks/fetch/NOTES.md, tenth round). While the
/// transaction is open, searches check the articles it has not committed themselves, and a
/// store opening does not wait for its lock (`SearchIndexUpdater.catchUpUnlessBusy`).
///
/// Sendable through its lock: `wake` and `finish` come from the storing thread, everything
/// else runs on the indexing thread, which alone touches the connections.
final class BackgroundIndexer: @unchecked Sendable {
    private let condition = NSCondition()
    private var woken = false
    private var finishing = false
    private var stopped = false
    private var failure: StoreError?
    /// The log seq the index has committed through.
    private var applied: Int64 = 0
    /// How long the index transaction stays open across catch-ups.
    private let commitInterval: TimeInterval

    /// Starts the thread for the database at `databasePath`; it applies what is logged at once.
    init(databasePath: String, commitInterval: TimeInterval = 1) {
        self.commitInterval = commitInterval
        woken = true
        let thread = Thread { [self] in run(databasePath) }
        thread.name = "newsmenu.index"
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// A batch committed: there is more to apply.
    func wake() {
        condition.withLock {
            woken = true
            condition.signal()
        }
    }

    /// Applies everything logged so far, stops the thread and returns once it has, with the
    /// log seq the index now holds everything through; throws the first error the thread met
    /// (what it had applied before that is kept).
    func finish() throws(StoreError) -> Int64 {
        let (failure, applied) = condition.withLock {
            finishing = true
            condition.signal()
            while !stopped { condition.wait() }
            return (self.failure, self.applied)
        }
        if let failure { throw failure }
        return applied
    }

    private func run(_ databasePath: String) {
        var updater: SearchIndexUpdater?
        do {
            updater = SearchIndexUpdater(index: try SearchIndexFile.open(for: databasePath),
                                         main: try Database(readingAt: databasePath))
        } catch {
            record(error)
        }
        var open: OpenTransaction?
        while true {
            let last = condition.withLock {
                while !woken && !finishing {
                    guard let open else {
                        condition.wait()
                        continue
                    }
                    if !condition.wait(until: open.commitBy) { break }
                }
                woken = false
                return finishing
            }
            if let current = updater {
                do {
                    if let through = try catchUp(current, last: last, open: &open) {
                        condition.withLock { applied = through }
                    }
                } catch {
                    if current.index.isInTransaction { current.index.rollBack() }
                    open = nil
                    record(error)
                    updater = nil
                }
            }
            if last { break }
        }
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// The index transaction left open across catch-ups.
    private struct OpenTransaction {
        /// When it commits, woken or not.
        var commitBy: Date
        /// The log seq applied in it so far.
        var through: Int64
    }

    /// Applies what is logged inside the `open` index transaction, beginning one when there is
    /// something to apply, and records and commits it once its `commitBy` has passed, or on
    /// the `last` catch-up. Returns the seq the index has committed through, nil when this
    /// committed nothing.
    private func catchUp(_ updater: SearchIndexUpdater, last: Bool,
                         open: inout OpenTransaction?) throws(StoreError) -> Int64? {
        let operation = SearchIndexUpdater.catchingUp
        if open == nil {
            if let seen = try updater.caughtUpSeq() { return seen }
            try updater.index.beginWriting(operation)
            // Read again under the write lock: a store opening may have applied some meanwhile.
            open = OpenTransaction(commitBy: Date(timeIntervalSinceNow: commitInterval), through: try updater.appliedSeq())
        }
        guard var transaction = open else { return nil }
        transaction.through = try updater.apply(after: transaction.through)
        open = transaction
        if !last, Date() < transaction.commitBy { return nil }
        try updater.record(applied: transaction.through)
        try updater.index.commit(operation)
        open = nil
        return transaction.through
    }

    private func record(_ error: StoreError) {
        condition.withLock { failure = failure ?? error }
    }
}
