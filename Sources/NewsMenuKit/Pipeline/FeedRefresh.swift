// The main job, as a three-stage pipeline: downloads run on a thread of their own (one
// libcurl multi handle); each body is checked and parsed on a parse thread (one per core)
// as soon as it arrives; the calling thread stores the parsed feeds, committing them in batches. The
// stages overlap, so a run costs about as long as its slowest stage. Every feed ends in
// exactly one outcome (unless the run is cancelled: a feed not downloaded by then has none);
// one feed's failure, at any stage, never stops the others.
import Foundation
import NewsModel
import NewsFetch
import NewsParse
import NewsStore

struct RefreshOptions {
    /// Fetch feeds that are not due, and gone ones, too.
    var force = false
    /// With `force`, still leave out the feeds their servers said are gone (410): the
    /// interactive `r` fetches everything now, but asking a server again for what it said
    /// is gone, at every key press, is not polite; `fetch --force` is how to ask.
    var skipGone = false
    /// Only these tabs' feeds; empty means every enabled tab.
    var tabs: [String] = []
    /// Stops the downloads early (the interactive view quitting): what was downloaded by
    /// then is still parsed and stored.
    var cancellation: FetchCancellation?
}

/// One feed to fetch this run and what is known about it.
private struct PlannedFetch: Sendable {
    var subscription: Subscription
    var state: FeedFetchState?
    var request: FetchRequest
}

/// A download after the parse stage.
private enum Received: Sendable {
    case failed(FetchError)
    case notModified(FetchResponse)
    case sameBody(FetchResponse)
    /// With the store's derived values worked out on the parse thread.
    case parsed(FetchResponse, StorableFeed, digest: String)
    case unparseable(FetchResponse, FeedParseError)
}

struct FeedRefresh {
    var config: Config
    var store: FeedStore
    var options = RefreshOptions()
    var now: () -> Date = Date.init
    /// 0..<1, to spread the retries of feeds that failed together.
    var jitter: () -> Double = { Double.random(in: 0..<1) }
    /// A commit holds the feeds that arrive within `batchWindow` of the first, at most
    /// `batchLimit`: each commit writes every page it touched to the WAL again, so one
    /// commit per feed wrote about nine times as much as the database holds.
    private let batchLimit = 64
    private let batchWindow: TimeInterval = 0.1

    private var schedule: FetchSchedule { FetchSchedule(settings: config.schedule) }

    /// How many feeds the run will account for (fetched or skipped).
    var plannedFeedCount: Int { config.feedsToFetch(inTabs: options.tabs).count }

    /// What a run will do, worked out from the stored fetch states before anything is
    /// downloaded or written.
    struct Plan {
        fileprivate var planned: [PlannedFetch] = []
        /// The feeds not fetched this run (not due, gone, told to wait), with why.
        fileprivate var skipped: [FeedOutcome] = []

        /// Whether any feed is to be downloaded (and libcurl needed).
        var downloads: Bool { !planned.isEmpty }
    }

    /// A plan's downloads under way, each body parsed as it arrives, for `run` to store.
    struct StartedDownloads {
        fileprivate let plan: Plan
        fileprivate let channel: ResultChannel<(Int, Received)>

        /// Whether any feed is being downloaded (and libcurl needed).
        var downloads: Bool { plan.downloads }
    }

    /// Reads the feeds' fetch states and decides which are fetched.
    func plan() throws(StoreError) -> Plan {
        Self.plan(config, options, states: try store.fetchStates(), now: now())
    }

    /// Starts the downloads for a database that does not exist yet, before it is made: no
    /// feed has a fetch state there, so the plan is every chosen feed, without validators.
    /// The caller checks `Fetcher.libraryProblem()` before it stores anything.
    static func startForNewDatabase(_ config: Config, _ options: RefreshOptions) -> StartedDownloads {
        start(plan(config, options, states: [:], now: Date()), options: config.fetch, cancellation: options.cancellation)
    }

    private static func plan(_ config: Config, _ options: RefreshOptions, states: [String: FeedFetchState],
                             now: Date) -> Plan {
        var plan = Plan()
        for subscription in config.feedsToFetch(inTabs: options.tabs) {
            let state = states[subscription.url]
            if let skipped = skipReason(state, options, now: now) {
                plan.skipped.append(FeedOutcome(url: subscription.url, result: skipped, status: state?.lastStatus,
                                                nextDue: state?.nextDue, retryAfterUntil: state?.retryAfterUntil,
                                                movedTo: state?.movedTo))
                continue
            }
            let request = FetchRequest(url: state?.movedTo ?? subscription.url, etag: state?.etag,
                                       lastModified: state?.lastModified, validatorsURL: state?.validatorsURL,
                                       tag: plan.planned.count)
            plan.planned.append(PlannedFetch(subscription: subscription, state: state, request: request))
        }
        return plan
    }

    /// Starts the downloads `plan` says.
    func start(_ plan: Plan) -> StartedDownloads {
        Self.start(plan, options: config.fetch, cancellation: options.cancellation)
    }

    /// Stores what `downloads` bring, calling `onOutcome` for each feed once its outcome is
    /// settled (a skipped feed at once; a stored feed once its batch is committed).
    func run(_ downloads: StartedDownloads, onOutcome: (FeedOutcome) -> Void) throws(StoreError) -> RefreshReport {
        let started = Date()
        var report = RefreshReport()
        func settle(_ outcome: FeedOutcome) {
            report.outcomes.append(outcome)
            onOutcome(outcome)
        }
        downloads.plan.skipped.forEach(settle)
        let planned = downloads.plan.planned
        let channel = downloads.channel
        while let first = channel.receive() {
            storeBatch(first, receivingUntil: Date().addingTimeInterval(batchWindow), from: channel, planned)
                .forEach(settle)
        }
        try forgiveIfOffline(&report, planned)
        report.elapsed = Date().timeIntervalSince(started)
        return report
    }

    /// When no server answered any feed, on two hosts or more, the machine was offline (or
    /// its proxy down): backing every feed off would leave them hours behind once it is
    /// back. Their failures stay recorded (`status` shows them), but each is due again after
    /// its usual interval. One host's feeds all failing is that server's trouble, and backs off.
    private func forgiveIfOffline(_ report: inout RefreshReport, _ planned: [PlannedFetch]) throws(StoreError) {
        let fetched = report.outcomes.filter(\.wasFetched)
        guard fetched.count >= 2, fetched.allSatisfy(\.reachedNoServer) else { return }
        let hosts = Set(fetched.map { URLComponents(string: $0.url)?.host?.lowercased() ?? $0.url })
        guard hosts.count >= 2 else { return }
        let byURL = Dictionary(planned.map { ($0.subscription.url, $0) }, uniquingKeysWith: { first, _ in first })
        let at = now()
        var schedules: [(url: String, nextDue: Date)] = []
        for index in report.outcomes.indices where report.outcomes[index].wasFetched {
            guard let plan = byURL[report.outcomes[index].url] else { continue }
            let interval = schedule.interval(configured: plan.subscription.interval,
                                             feedHint: plan.state?.updateInterval, serverHint: nil)
            let due = schedule.nextDue(afterSuccessAt: at, interval: interval)
            schedules.append((report.outcomes[index].url, due))
            report.outcomes[index].nextDue = due
        }
        try store.reschedule(schedules)
        report.noServerAnswered = true
    }

    /// Stores `first` and the feeds that arrive before `deadline`, at most `batchLimit`, in
    /// one transaction whose writes take no savepoints. When a feed's write fails, the
    /// transaction is rolled back and the same feeds are stored again, each write isolated,
    /// so that the failure is that feed's alone. Failures are rare; the savepoints they
    /// need cost every batch a seventh of its storing.
    private func storeBatch(_ first: (Int, Received), receivingUntil deadline: Date,
                            from channel: ResultChannel<(Int, Received)>, _ planned: [PlannedFetch]) -> [FeedOutcome] {
        var batch = [first]
        var settled: [FeedOutcome] = []
        var aFeedFailed = false
        do {
            try store.batch { () throws(StoreError) in
                let abandonBatch = { (error: StoreError) throws(StoreError) in
                    aFeedFailed = true
                    throw error
                }
                settled.append(try storeReceived(planned[first.0], first.1, onWriteFailure: abandonBatch))
                while settled.count < batchLimit, let next = channel.receive(before: deadline) {
                    batch.append(next)
                    settled.append(try storeReceived(planned[next.0], next.1, onWriteFailure: abandonBatch))
                }
            }
            return settled
        } catch {
            guard aFeedFailed else { return failedToCommit(batch, planned, settled, error) }
        }
        settled = []
        do {
            try store.batch(isolatingWrites: true) { () throws(StoreError) in
                for (tag, received) in batch {
                    // Isolated, a feed's write failure is its outcome.
                    settled.append(storeReceived(planned[tag], received, onWriteFailure: { _ in }))
                }
            }
            return settled
        } catch {
            return failedToCommit(batch, planned, settled, error)
        }
    }

    /// The outcomes of a batch that could not start (the database stayed busy) or commit:
    /// none of its feeds was stored.
    private func failedToCommit(_ batch: [(Int, Received)], _ planned: [PlannedFetch], _ settled: [FeedOutcome],
                                _ error: StoreError) -> [FeedOutcome] {
        batch.indices.map { index in
            let url = planned[batch[index].0].subscription.url
            let failed = FeedOutcome.Result.failed(stage: .store, message: "\(url): \(error)")
            guard index < settled.count else { return FeedOutcome(url: url, result: failed) }
            var outcome = settled[index]
            if outcome.failure == nil { outcome.result = failed }
            return outcome
        }
    }

    /// Downloads on one thread; each body is checked and parsed on a pool of parse threads
    /// (one per core) and then handed to the downloads' channel, which is closed when every
    /// feed has gone through. A failure or a 304 has nothing to parse and goes to the channel
    /// at once: an operation for each cost an unchanged refresh 500 wake-ups of a parse thread.
    private static func start(_ plan: Plan, options: FetchOptions, cancellation: FetchCancellation?) -> StartedDownloads {
        let planned = plan.planned
        let channel = ResultChannel<(Int, Received)>()
        let parsing = OperationQueue()
        parsing.name = "newsmenu.parse"
        parsing.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let downloads = Thread {
            // Downloads started before the store opened may find that libcurl does not load;
            // the run says so itself, rather than every feed failing with it.
            guard Fetcher.libraryProblem() == nil else { return channel.close() }
            Fetcher(options: options).fetchAll(planned.map(\.request), cancellation: cancellation) { request, result in
                switch result {
                case .failure(let error):
                    channel.send((request.tag, .failed(error)))
                case .success(let response) where response.isNotModified:
                    channel.send((request.tag, .notModified(response)))
                case .success(let response):
                    let knownDigest = planned[request.tag].state?.bodyHash
                    parsing.addOperation { channel.send((request.tag, Self.receive(response, knownDigest: knownDigest))) }
                }
            }
            parsing.waitUntilAllOperationsAreFinished()
            channel.close()
        }
        downloads.stackSize = 4 << 20
        downloads.start()
        return StartedDownloads(plan: plan, channel: channel)
    }

    /// The parse stage for a body: one identical to the last one needs no parsing.
    private static func receive(_ response: FetchResponse, knownDigest: String?) -> Received {
        let digest = BodyDigest.of(response.body)
        if digest == knownDigest { return .sameBody(response.droppingBody()) }
        do {
            let feed = try FeedParser.parse(response.body, documentURL: response.effectiveURL,
                                            charsetHint: response.charset)
            return .parsed(response.droppingBody(), StorableFeed(feed), digest: digest)
        } catch {
            return .unparseable(response.droppingBody(), error)
        }
    }

    private static func skipReason(_ state: FeedFetchState?, _ options: RefreshOptions, now: Date) -> FeedOutcome.Result? {
        guard let state else { return nil }
        // A server's explicit Retry-After binds even a forced run.
        if let until = state.retryAfterUntil, until > now { return .retryLater }
        if state.isGone && (!options.force || options.skipGone) { return .gone }
        guard let due = state.nextDue, due > now, !options.force else { return nil }
        return .notDue
    }

    /// The store stage for one feed. A failed write is first given to `onWriteFailure`: in a
    /// batch without savepoints it throws, abandoning the batch; otherwise the failure
    /// becomes the feed's outcome.
    private func storeReceived<Failure>(
        _ plan: PlannedFetch, _ received: Received, onWriteFailure: (StoreError) throws(Failure) -> Void
    ) throws(Failure) -> FeedOutcome {
        let fetchedAt = now()
        switch received {
        case .failed(let error):
            var outcome = FeedOutcome(url: plan.subscription.url, result: .failed(stage: .fetch, message: error.description),
                                      status: error.status, seconds: error.duration)
            outcome.reachedNoServer = error.reachedNoServer
            outcome.nextDue = try recordFailure(plan, outcome: &outcome, at: fetchedAt, retryAfter: error.retryAfter,
                                                onWriteFailure: onWriteFailure)
            return outcome
        case .unparseable(let response, let error):
            var outcome = answered(plan, response)
            outcome.result = .failed(stage: .parse, message: "\(plan.subscription.url): \(error)")
            outcome.nextDue = try recordFailure(plan, outcome: &outcome, at: fetchedAt, retryAfter: nil,
                                                onWriteFailure: onWriteFailure)
            return outcome
        case .notModified(let response):
            return try storeUnchanged(plan, response, result: .notModified, at: fetchedAt, onWriteFailure: onWriteFailure)
        case .sameBody(let response):
            return try storeUnchanged(plan, response, result: .sameBody, at: fetchedAt, onWriteFailure: onWriteFailure)
        case .parsed(let response, let storable, let digest):
            let feed = storable.feed
            var outcome = answered(plan, response)
            var bookkeeping = bookkeeping(for: response)
            bookkeeping.bodyHash = digest
            // A document without a hint means the publisher no longer gives one (or never
            // did): the last one's hint does not outlive it.
            bookkeeping.updateInterval = feed.updateInterval
            bookkeeping.nextDue = nextDue(plan, feedHint: feed.updateInterval,
                                          serverHint: response.freshnessLifetime, at: fetchedAt)
            let cutShort = Self.cutShortByContentLength(feed, response, url: plan.subscription.url)
            if let cutShort {
                // Its complete items are stored; nothing is kept that would make the next
                // fetch skip the rest (validators, the body's digest), and it backs off. The
                // hint may have been lost with the document's end, so the stored one stays.
                bookkeeping = FetchBookkeeping(
                    status: response.status, movedTo: response.permanentURL,
                    updateInterval: feed.updateInterval ?? plan.state?.updateInterval,
                    validatorsURL: response.effectiveURL, failure: cutShort)
                bookkeeping.nextDue = failureNextDue(plan, at: fetchedAt, retryAfter: nil)
            }
            do {
                let newArticles = try store.store(storable, from: plan.subscription.url, fetchedAt: fetchedAt,
                                                  bookkeeping: bookkeeping, retention: config.retention)
                if let cutShort {
                    outcome.result = .failed(stage: .fetch, message: cutShort)
                    outcome.newArticlesKept = newArticles
                } else {
                    outcome.result = .stored(newArticles: newArticles)
                }
                outcome.warnings = feed.warnings
                outcome.nextDue = bookkeeping.nextDue
            } catch {
                try onWriteFailure(error)
                // Recorded as a failure like any other, so `status` shows it and it backs off.
                outcome.result = .failed(stage: .store, message: "\(plan.subscription.url): \(error)")
                outcome.nextDue = try recordFailure(plan, outcome: &outcome, at: fetchedAt, retryAfter: nil,
                                                    onWriteFailure: onWriteFailure)
            }
            return outcome
        }
    }

    /// Why a feed whose document stops before its end, where the server's Content-Length
    /// said the body ends, failed: libcurl reads no further than that length, so a server
    /// announcing too few bytes looks like a complete transfer. Nil for any other feed.
    private static func cutShortByContentLength(_ feed: Feed, _ response: FetchResponse, url: String) -> String? {
        guard feed.isCutShort, let announced = response.announcedLength else { return nil }
        let kept = switch feed.articles.count {
        case 0: "no item before the cut was complete"
        case 1: "the one complete item before the cut was stored"
        case let count: "the \(count) complete items before the cut were stored"
        }
        // libcurl does not report a compressed stream that stops early; blaming the
        // Content-Length there sent operators looking for a bug they did not have.
        let cut = if let compression = response.compression {
            "where its compressed (\(compression)) body ends early: the \(announced) bytes the server's "
                + "Content-Length announced end before the compressed stream does"
        } else {
            "at the \(announced) bytes the server's Content-Length announced (probably too few)"
        }
        return "\(url): the feed stops before its end, \(cut); \(kept), and the next fetch downloads it whole"
    }

    /// A 304, or a body identical to the last one: only the bookkeeping changes.
    private func storeUnchanged<Failure>(
        _ plan: PlannedFetch, _ response: FetchResponse, result: FeedOutcome.Result, at fetchedAt: Date,
        onWriteFailure: (StoreError) throws(Failure) -> Void
    ) throws(Failure) -> FeedOutcome {
        var outcome = answered(plan, response)
        var bookkeeping = bookkeeping(for: response)
        bookkeeping.nextDue = nextDue(plan, feedHint: plan.state?.updateInterval,
                                      serverHint: response.freshnessLifetime, at: fetchedAt)
        do {
            try store.recordUnchanged(feedURL: plan.subscription.url, at: fetchedAt, bookkeeping: bookkeeping)
            outcome.result = result
            outcome.nextDue = bookkeeping.nextDue
        } catch {
            try onWriteFailure(error)
            outcome.result = .failed(stage: .store, message: "\(plan.subscription.url): \(error)")
        }
        return outcome
    }

    /// The outcome's facts about a server's answer, before its result is known.
    private func answered(_ plan: PlannedFetch, _ response: FetchResponse) -> FeedOutcome {
        FeedOutcome(url: plan.subscription.url, result: .notModified, status: response.status,
                    bytes: response.bodyByteCount, seconds: response.duration,
                    movedTo: response.permanentURL ?? plan.state?.movedTo, movedThisRun: response.permanentURL != nil)
    }

    private func bookkeeping(for response: FetchResponse) -> FetchBookkeeping {
        FetchBookkeeping(status: response.status, etag: response.etag, lastModified: response.lastModified,
                         movedTo: response.permanentURL, validatorsURL: response.effectiveURL)
    }

    private func nextDue(_ plan: PlannedFetch, feedHint: TimeInterval?, serverHint: TimeInterval?, at date: Date) -> Date {
        let interval = schedule.interval(configured: plan.subscription.interval, feedHint: feedHint, serverHint: serverHint)
        return schedule.nextDue(afterSuccessAt: date, interval: interval)
    }

    /// When a feed that failed once more in a row is due again: backed off, or after the
    /// server's Retry-After.
    private func failureNextDue(_ plan: PlannedFetch, at date: Date, retryAfter: TimeInterval?) -> Date {
        let interval = schedule.interval(configured: plan.subscription.interval,
                                         feedHint: plan.state?.updateInterval, serverHint: nil)
        return schedule.nextDue(afterFailureAt: date, failures: (plan.state?.failureCount ?? 0) + 1, interval: interval,
                                retryAfter: retryAfter, jitter: jitter())
    }

    /// Records a fetch or parse failure with its back-off; a store failure while doing so
    /// replaces the outcome's message (the feed is still one failure, not two).
    private func recordFailure<Failure>(
        _ plan: PlannedFetch, outcome: inout FeedOutcome, at date: Date, retryAfter: TimeInterval?,
        onWriteFailure: (StoreError) throws(Failure) -> Void
    ) throws(Failure) -> Date? {
        guard let failure = outcome.failure else { return nil }
        outcome.failedLastTime = (plan.state?.failureCount ?? 0) > 0
        let isGone = outcome.status == 410
        let wait = retryAfter.map { min($0, FetchSchedule.longestWait) }
        let nextDue = isGone ? nil : failureNextDue(plan, at: date, retryAfter: wait)
        do {
            try store.recordFailure(feedURL: plan.subscription.url, message: failure.message, at: date,
                                    bookkeeping: FetchBookkeeping(status: outcome.status, isGone: isGone, nextDue: nextDue,
                                                                  retryAfterUntil: wait.map { date.addingTimeInterval($0) }))
        } catch {
            try onWriteFailure(error)
            outcome.result = .failed(stage: failure.stage, message: "\(failure.message) (and recording it failed: \(error))")
        }
        return nextDue
    }
}
