// What happened to one feed in a fetch run, for the report and `fetch --json`.
import Foundation

struct FeedOutcome: Equatable {
    enum Stage: String {
        case fetch, parse, store
    }

    enum Result: Equatable {
        /// Parsed and stored.
        case stored(newArticles: Int)
        /// 304: the server said nothing changed.
        case notModified
        /// The body was byte for byte the last one, so it was not parsed again.
        case sameBody
        /// Not fetched: not due yet.
        case notDue
        /// Not fetched: the server said 410 Gone (until `--force`).
        case gone
        /// Not fetched: the server's Retry-After has not passed (even with `--force`).
        case retryLater
        case failed(stage: Stage, message: String)
    }

    /// The feed's URL as the config names it.
    var url: String
    var result: Result
    var status: Int?
    var bytes = 0
    var seconds: TimeInterval = 0
    var nextDue: Date?
    /// Until when the server's Retry-After holds the feed back (a `retryLater` feed).
    var retryAfterUntil: Date?
    /// Where the feed now lives when the server moved it permanently: the config should
    /// be updated.
    var movedTo: String?
    /// This run followed the permanent redirect (later runs go to `movedTo` directly).
    var movedThisRun = false
    /// The fetch failed before any server answered (`FetchError.reachedNoServer`).
    var reachedNoServer = false
    /// A failure of a feed whose last attempt had failed too: no news to a `--quiet` run,
    /// which said so when the feed began failing.
    var failedLastTime = false
    var warnings: [String] = []
    /// New articles stored from a feed that still failed: a document cut short keeps its
    /// complete items.
    var newArticlesKept = 0

    var wasFetched: Bool {
        switch result {
        case .notDue, .gone, .retryLater: return false
        default: return true
        }
    }

    var failure: (stage: Stage, message: String)? {
        if case .failed(let stage, let message) = result { return (stage, message) }
        return nil
    }

    /// The word `fetch --json` uses for the result.
    var resultName: String {
        switch result {
        case .stored: return "stored"
        case .notModified: return "not_modified"
        case .sameBody: return "unchanged"
        case .notDue: return "not_due"
        case .gone: return "gone"
        case .retryLater: return "retry_later"
        case .failed: return "failed"
        }
    }

    var newArticles: Int {
        if case .stored(let count) = result { return count }
        return newArticlesKept
    }
}

/// The whole run, summed up.
struct RefreshReport: Equatable {
    var outcomes: [FeedOutcome] = []
    var elapsed: TimeInterval = 0
    /// The signal that stopped the run, nil when none did.
    var interruptedBy: Int32?
    /// Planned feeds a stopped run left unfetched: they keep their state and are due as before.
    var unfetched = 0
    /// No server answered any feed, on two hosts or more: the machine was offline (or its
    /// proxy down), so the failures were not held against the feeds' schedules.
    var noServerAnswered = false

    var fetched: Int { outcomes.filter(\.wasFetched).count }
    var failures: [FeedOutcome] { outcomes.filter { $0.failure != nil } }
    /// Fetched feeds whose server moved them permanently: the config still names the old URL.
    var moved: [FeedOutcome] { outcomes.filter { $0.movedTo != nil && $0.wasFetched } }
    var newArticles: Int { outcomes.map(\.newArticles).reduce(0, +) }
    var allSucceeded: Bool { failures.isEmpty && interruptedBy == nil }

    /// What a fetched feed's permanent move asks of the user.
    static func movedLine(_ outcome: FeedOutcome) -> String? {
        guard let movedTo = outcome.movedTo, outcome.wasFetched else { return nil }
        return "moved: \(outcome.url) now redirects permanently to \(movedTo); update the config"
    }

    func summaryLine() -> String {
        let seconds = String(format: "%.1f", elapsed)
        let ok = fetched - failures.count
        var line = "fetched \(fetched) feed\(fetched == 1 ? "" : "s") in \(seconds) s: \(ok) ok, \(failures.count) failed; "
            + "\(newArticles) new article\(newArticles == 1 ? "" : "s")"
        for (result, words) in [(FeedOutcome.Result.notDue, "not due"), (.gone, "gone (410)"),
                                (.retryLater, "waiting for the server's Retry-After")] {
            let count = outcomes.count { $0.result == result }
            if count > 0 { line += "; \(count) \(words)" }
        }
        if noServerAnswered {
            line += "; no server answered (offline, or a proxy that does not?): the feeds are due again as usual, without back-off"
        }
        if let interruptedBy {
            line += "; interrupted by \(FetchInterruption.name(of: interruptedBy)) with \(unfetched) "
                + "feed\(unfetched == 1 ? "" : "s") not fetched"
        }
        return line
    }
}
