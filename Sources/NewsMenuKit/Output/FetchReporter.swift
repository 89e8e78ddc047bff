// What `fetch` tells the user, by mode: a live progress line on a terminal, only errors
// under cron, one line per feed with --verbose, JSON lines with --json.
import Foundation

struct FetchReporter {
    enum Mode {
        /// A terminal: a progress line while running, then the summary.
        case progress
        /// No terminal (cron): errors and moved feeds only, then the summary if anything failed.
        case errorsOnly
        /// `--quiet` (cron, systemd): a feed's failure on the run it begins failing (cron mails
        /// what a run prints: a dead feed or an offline laptop must not mail every run), one
        /// line for a run that found the machine offline, and a permanent move on the run
        /// that finds it.
        case quiet
        /// `--verbose`: one line per feed, then the summary.
        case verbose
        /// `--json`: one object per feed on stdout, nothing else.
        case json
    }

    let mode: Mode
    let total: Int
    var now: () -> Date = Date.init
    private var done = 0
    private var bytes = 0
    private var failed = 0
    private var lastDrawn = Date.distantPast
    /// `--quiet`: the lines of the feeds that began failing this run, said at the end, when
    /// it is known whether the machine was offline.
    private var newFailures: [String] = []
    /// The most warnings listed per feed in verbose mode.
    private static let warningsShown = 3

    init(mode: Mode, total: Int) {
        self.mode = mode
        self.total = total
    }

    mutating func record(_ outcome: FeedOutcome) {
        done += 1
        bytes += outcome.bytes
        if outcome.failure != nil { failed += 1 }
        switch mode {
        case .json:
            Console.out(Self.json(outcome))
        case .verbose:
            Console.err(verboseLine(outcome))
            for warning in outcome.warnings.prefix(Self.warningsShown) { Console.err("    warning: \(warning)") }
            if outcome.warnings.count > Self.warningsShown {
                Console.err("    … and \(outcome.warnings.count - Self.warningsShown) more warnings (newsmenu parse \(outcome.url))")
            }
        case .progress:
            printNotices(outcome, clearingProgress: true)
            drawProgress(force: done == total)
        case .errorsOnly:
            printNotices(outcome, clearingProgress: false)
        case .quiet:
            if let failure = outcome.failure, !outcome.failedLastTime {
                newFailures.append("failed (\(failure.stage.rawValue)): \(failure.message)")
            }
            // Said once, on the run that found the move (cron mails what a run prints);
            // the fetch log repeats it every run until the config is updated.
            if outcome.movedThisRun, let moved = RefreshReport.movedLine(outcome) { Console.err(moved) }
        }
    }

    func finish(_ report: RefreshReport) {
        switch mode {
        case .progress:
            Console.write("\r\u{1B}[K", to: STDERR_FILENO)
            Console.err(report.summaryLine())
        case .verbose:
            Console.err(report.summaryLine())
        case .errorsOnly where !report.allSucceeded:
            Console.err(report.summaryLine())
        case .quiet:
            if report.noServerAnswered, !newFailures.isEmpty {
                let count = report.failures.count
                Console.err("offline: no server answered, \(count) feed\(count == 1 ? "" : "s") not fetched; "
                            + "each is tried again when it is due (newsmenu status lists them)")
            } else {
                newFailures.forEach(Console.err)
            }
            // A stopped run is worth a line even where only errors are said.
            if report.interruptedBy != nil { Console.err(report.summaryLine()) }
        case .json where report.interruptedBy != nil:
            // A stopped run is worth a line even where only errors are said.
            Console.err(report.summaryLine())
        case .errorsOnly, .json:
            break
        }
    }

    private func printNotices(_ outcome: FeedOutcome, clearingProgress: Bool) {
        var lines: [String] = []
        if let failure = outcome.failure { lines.append("failed (\(failure.stage.rawValue)): \(failure.message)") }
        if let moved = RefreshReport.movedLine(outcome) { lines.append(moved) }
        guard !lines.isEmpty else { return }
        if clearingProgress { Console.write("\r\u{1B}[K", to: STDERR_FILENO) }
        lines.forEach(Console.err)
    }

    private mutating func drawProgress(force: Bool) {
        let current = now()
        guard force || current.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = current
        var line = "fetching \(done)/\(total) · \(Self.size(bytes))"
        if failed > 0 { line += " · \(failed) failed" }
        Console.write("\r\u{1B}[K" + line, to: STDERR_FILENO)
    }

    /// `  200  0.31s  stored 12 new           https://…`: status, time, what happened, feed.
    private func verboseLine(_ outcome: FeedOutcome) -> String {
        // A feed not fetched has no status in this run (its last one is in `status`).
        let thisRun = outcome.wasFetched ? outcome.status : nil
        let status = (thisRun.map { String($0) } ?? "-").padding(toLength: 3, withPad: " ", startingAt: 0)
        let timing = outcome.wasFetched ? String(format: "%5.2fs", outcome.seconds) : "      "
        let detail: String
        var subject = outcome.url
        switch outcome.result {
        case .stored(let count): detail = "stored \(count) new"
        case .notModified: detail = "unchanged (304)"
        case .sameBody: detail = "unchanged (same body)"
        case .notDue: detail = "not due" + (outcome.nextDue.map { " for \(Self.wait(until: $0, from: now()))" } ?? "")
        case .gone: detail = "gone (410; not fetched without --force)"
        case .retryLater:
            // The server's wait, and then the feed's own schedule (its back-off), which may be longer.
            let asked = "the server asked to wait" + (outcome.retryAfterUntil.map { " \(Self.wait(until: $0, from: now()))" } ?? "")
            detail = outcome.nextDue.map { due in
                due > (outcome.retryAfterUntil ?? .distantPast) ? asked + "; due in \(Self.wait(until: due, from: now()))" : asked
            } ?? asked
        case .failed(let stage, let message):
            detail = "FAILED (\(stage.rawValue))"
            subject = message
        }
        var line = "  \(status)  \(timing)  \(detail.padding(toLength: max(24, detail.count), withPad: " ", startingAt: 0))  \(subject)"
        if let movedTo = outcome.movedTo, outcome.wasFetched { line += "  (moved to \(movedTo))" }
        return line
    }

    static func json(_ outcome: FeedOutcome) -> String {
        var text = ""
        JSONOut.object([
            ("url", .string(outcome.url)),
            ("result", .string(outcome.resultName)),
            ("status", (outcome.wasFetched ? outcome.status : nil).map { .integer(Int64($0)) } ?? .null),
            ("bytes", .integer(Int64(outcome.bytes))),
            ("new_articles", .integer(Int64(outcome.newArticles))),
            ("seconds", .number((outcome.seconds * 1000).rounded() / 1000)),
            ("error", .optional(outcome.failure?.message)),
            ("next_due", .optional(outcome.nextDue.map(Timestamp.rfc3339))),
            ("moved_to", .optional(outcome.movedTo)),
            ("warnings", .integer(Int64(outcome.warnings.count))),
        ]).write(to: &text, indent: nil)
        return text
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / (1024 * 1024))
    }

    /// `25m`, `3h`, `2d`: how long until `date`.
    static func wait(until date: Date, from now: Date) -> String {
        let seconds = max(0, Int(date.timeIntervalSince(now).rounded()))
        if seconds < 120 { return "\(seconds)s" }
        if seconds < 7200 { return "\(seconds / 60)m" }
        // Whole hours alone would say 2h for 2h 59m: the next unit down is kept.
        if seconds < 172_800 { return joined(seconds / 3600, "h", seconds % 3600 / 60, "m") }
        return joined(seconds / 86400, "d", seconds % 86400 / 3600, "h")
    }

    /// `2h 59m`, or `2h` when the smaller part is nothing.
    private static func joined(_ large: Int, _ largeUnit: String, _ small: Int, _ smallUnit: String) -> String {
        small == 0 ? "\(large)\(largeUnit)" : "\(large)\(largeUnit) \(small)\(smallUnit)"
    }
}
