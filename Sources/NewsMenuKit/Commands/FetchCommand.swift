// `newsmenu fetch`: the cron job. Takes the database's fetch lock, fetches the feeds that
// are due, stores new articles, and reports as the mode asks. Exit 0 when every fetched
// feed succeeded (or none was due), 1 when any failed, 75 when another fetch holds the lock.
import Foundation
import NewsFetch
import NewsModel
import NewsStore
import TerminalIO

enum FetchCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        // Five threads fill their heaps with bodies, parsed feeds, SQLite's pages and the
        // index's postings: about a thousand mprotects in a cold fetch of 500 feeds otherwise.
        HeapGrowth.reserveAhead()
        Fetcher.loadLibraryInBackground()
        defer { Fetcher.waitForBackgroundLoad() }
        let invocation = context.invocation
        let mode = try reportMode(invocation)
        let wait = try waitSeconds(invocation, default: mode == .quiet ? 0 : 30)
        // Checked before waiting for the lock, so that a broken config is said at once.
        var config = try checkedConfig(context, warn: true)
        let lock: FileLock
        do {
            lock = try FileLock(databasePath: context.databasePath, wait: wait)
        } catch {
            throw error.commandFailure(wait: wait)
        }
        // Read again after waiting: the config may have been edited while the other fetch
        // ran, and this one must not put the tabs back as they were.
        if lock.waited { config = try checkedConfig(context, warn: false) }
        let outcome = try withExtendedLifetime(lock) { () throws(CommandFailure) -> FetchRun.Outcome in
            let cancellation = FetchCancellation()
            let options = RefreshOptions(force: invocation.flag("--force"), tabs: invocation.values("--tab"),
                                         cancellation: cancellation)
            let startedEarly = FetchRun.startBeforeOpening(config: config, databasePath: context.databasePath,
                                                           options: options)
            // Downloads started early stop when the database cannot be made.
            let store: FeedStore
            do throws(CommandFailure) {
                store = try context.openStore()
            } catch {
                cancellation.cancel()
                throw error
            }
            let run: FetchRun
            do {
                run = try FetchRun(config: config, store: store, options: options, startedEarly: startedEarly)
            } catch {
                cancellation.cancel()
                throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
            }
            var reporter = FetchReporter(mode: mode, total: run.plannedFeedCount)
            let interruption = FetchInterruption(cancelling: cancellation)
            defer { interruption.end() }
            do throws(FetchRunFailure) {
                var outcome = try run.run { reporter.record($0) }
                if let signal = interruption.signal {
                    outcome.report.interruptedBy = signal
                    outcome.report.unfetched = run.plannedFeedCount - outcome.report.outcomes.count
                }
                reporter.finish(outcome.report)
                return outcome
            } catch {
                throw CommandFailure(message: error.description, status: ExitStatus.failure)
            }
        }
        let report = outcome.report
        if let problem = OnNewHook.run(config.onNew, articles: outcome.newArticles, environment: context.environment) {
            Console.err(problem)
        }
        // --quiet is how cron and systemd run it: those runs leave a line in the log.
        if mode == .quiet, let problem = FetchLog(locations: context.locations).append(report) { Console.err(problem) }
        if let signal = report.interruptedBy { return 128 + signal }
        return report.allSucceeded ? ExitStatus.success : ExitStatus.failure
    }

    /// The config, every `--tab` checked against it.
    private static func checkedConfig(_ context: CommandContext, warn: Bool) throws(CommandFailure) -> Config {
        let config = try context.loadConfig(cachedBesideDatabase: true, warn: warn)
        for name in context.invocation.values("--tab") {
            _ = try MenuSelection.selectedIndex(of: name, in: config, configPath: context.configPath)
        }
        return config
    }

    private static func reportMode(_ invocation: Invocation) throws(CommandFailure) -> FetchReporter.Mode {
        let chosen = ["--quiet", "--verbose", "--json"].filter(invocation.flag)
        guard chosen.count <= 1 else { throw .usage("choose one of \(chosen.joined(separator: ", "))") }
        switch chosen.first {
        case "--quiet": return .quiet
        case "--verbose": return .verbose
        case "--json": return .json
        default: return Terminal.isTerminal(STDERR_FILENO) ? .progress : .errorsOnly
        }
    }

    /// `--wait SECONDS`: how long to wait for the fetch lock, `default` without the option.
    static func waitSeconds(_ invocation: Invocation, default: TimeInterval) throws(CommandFailure) -> TimeInterval {
        guard let text = invocation.option("--wait") else { return `default` }
        guard let seconds = TimeInterval(text), seconds >= 0, seconds <= 86400 else {
            throw .usage("option '--wait' needs a number of seconds from 0 to 86400, not '\(text)'")
        }
        return seconds
    }
}
