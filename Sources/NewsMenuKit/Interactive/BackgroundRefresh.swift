// `r`: the same fetch as `newsmenu fetch --force` (its lock, its code: retention and the
// on_new hook included): the reader asked for news now, so every feed is fetched, due or
// not, but one its server said is gone (410); conditional requests keep that polite and a
// server's Retry-After still binds. It runs on a thread of its own with its own database
// connection, reporting progress the loop reads between frames. Quitting stops it cleanly
// rather than exiting under it.
import Foundation
import NewsFetch
import NewsStore

/// Shared between the fetch thread and the loop; every access holds the lock.
final class BackgroundRefresh: @unchecked Sendable {
    enum Phase: Equatable {
        case running(done: Int, total: Int)
        /// Another fetch (cron) or a vacuum (`command`) holds the lock: a fetch's results show
        /// when it commits.
        case busy(holder: String, command: String)
        case finished(RefreshReport, hookProblem: String?)
        case failed(String)
    }

    private let lock = NSLock()
    private var current: Phase = .running(done: 0, total: 0)
    private let cancellation = FetchCancellation()
    /// Left when the fetch thread is done with libcurl, the database and the lock.
    private let ended = DispatchGroup()

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

    /// Starts the fetch for `config` into the database at `databasePath`; `environment`
    /// is the on_new hook's (its PATH).
    static func start(config: Config, databasePath: String, environment: [String: String]) -> BackgroundRefresh {
        let refresh = BackgroundRefresh()
        refresh.ended.enter()
        let thread = Thread {
            refresh.run(config: config, databasePath: databasePath, environment: environment)
            refresh.ended.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
        return refresh
    }

    /// Stops the downloads and returns once the thread has stored what had arrived, run the
    /// hook for it and let go of the lock. Exiting under the thread instead would run the
    /// libraries' exit handlers (OpenSSL's among them) while it is inside libcurl.
    func stop() {
        cancellation.cancel()
        ended.wait()
    }

    private func run(config: Config, databasePath: String, environment: [String: String]) {
        let lock: FileLock
        do {
            lock = try FileLock(databasePath: databasePath, wait: 0)
        } catch {
            switch error {
            case .busy(_, let holder, let command): set(.busy(holder: holder, command: command))
            case .failure(let message): set(.failed(message))
            }
            return
        }
        let outcome = withExtendedLifetime(lock) { () -> FetchRun.Outcome? in
            let run: FetchRun
            do {
                run = try FetchRun(config: config, store: try FeedStore(path: databasePath),
                                   options: RefreshOptions(force: true, skipGone: true, cancellation: cancellation))
            } catch {
                set(.failed("database \(error)"))
                return nil
            }
            let total = run.plannedFeedCount
            var done = 0
            set(.running(done: 0, total: total))
            do throws(FetchRunFailure) {
                return try run.run { _ in
                    done += 1
                    set(.running(done: done, total: total))
                }
            } catch {
                set(.failed(error.description))
                return nil
            }
        }
        guard let outcome else { return }
        // After the lock is let go, as `fetch` does; the hook's output would land on the
        // view's screen, so it goes nowhere and a failure is told in the status line.
        let problem = OnNewHook.run(config.onNew, articles: outcome.newArticles, environment: environment, quiet: true)
        set(.finished(outcome.report, hookProblem: problem))
    }
}
