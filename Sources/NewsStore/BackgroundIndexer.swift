// The thread that writes the search index while a fetch stores articles: woken after each
// committed batch, it applies what the log holds, so the storing thread never waits for it.
import Foundation

/// Runs `SearchIndexUpdater.catchUp` on a thread of its own with connections of its own (the
/// index file, and the main file only read). Batches that commit while it works are applied
/// together next time: fewer, larger index transactions.
///
/// Sendable through its lock: `wake` and `finish` come from the storing thread, everything
/// else runs on the indexing thread, which alone touches the connections.
final class BackgroundIndexer: @unchecked Sendable {
    private let condition = NSCondition()
    private var woken = false
    private var finishing = false
    private var stopped = false
    private var failure: StoreError?
    /// The log seq the last catch-up applied through.
    private var applied: Int64 = 0

    /// Starts the thread for the database at `databasePath`; it applies what is logged at once.
    init(databasePath: String) {
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
        while true {
            let last = condition.withLock {
                while !woken && !finishing { condition.wait() }
                woken = false
                return finishing
            }
            do {
                if let through = try updater?.catchUp() { condition.withLock { applied = through } }
            } catch {
                record(error)
                updater = nil
            }
            if last { break }
        }
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private func record(_ error: StoreError) {
        condition.withLock { failure = failure ?? error }
    }
}
