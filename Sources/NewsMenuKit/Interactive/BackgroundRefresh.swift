// `r`: the same fetch as `newsmenu fetch` (its lock, its code) on a thread of its own with its
// own database connection, reporting progress the loop reads between frames.
import Foundation
import NewsStore

/// Shared between the fetch thread and the loop; every access holds the lock.
final class BackgroundRefresh: @unchecked Sendable {
    enum Phase: Equatable {
        case running(done: Int, total: Int)
        /// Another fetch (cron) holds the lock: its results show when it commits.
        case busy(holder: String)
        case finished(summary: String)
        case failed(String)
    }

    private let lock = NSLock()
    private var current: Phase = .running(done: 0, total: 0)

    var phase: Phase {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    private func set(_ phase: Phase) {
        lock.lock()
        current = phase
        lock.unlock()
    }

    /// Starts the fetch for `config` into the database at `databasePath`.
    static func start(config: Config, databasePath: String) -> BackgroundRefresh {
        let refresh = BackgroundRefresh()
        let thread = Thread { refresh.run(config: config, databasePath: databasePath) }
        thread.stackSize = 4 << 20
        thread.start()
        return refresh
    }

    private func run(config: Config, databasePath: String) {
        let lock: FetchLock
        do {
            lock = try FetchLock(databasePath: databasePath, wait: 0)
        } catch {
            switch error {
            case .busy(_, let holder): set(.busy(holder: holder))
            case .failure(let message): set(.failed(message))
            }
            return
        }
        withExtendedLifetime(lock) {
            do {
                let store = try FeedStore(path: databasePath)
                try store.syncTabs(config.tabs)
                let refresh = FeedRefresh(config: config, store: store)
                let total = refresh.plannedFeedCount
                var done = 0
                set(.running(done: 0, total: total))
                let report = try refresh.run { _ in
                    done += 1
                    set(.running(done: done, total: total))
                }
                set(.finished(summary: report.summaryLine()))
            } catch {
                set(.failed("database \(error)"))
            }
        }
    }
}
