// The main job: decide which feeds are due, fetch them all at once on a thread of their
// own, and parse and store each one on this thread as soon as its body arrives, while the
// rest are still downloading. Every feed ends in exactly one outcome; one feed's failure,
// at any stage, never stops the others.
import Foundation
import NewsModel
import NewsFetch
import NewsParse
import NewsStore

struct RefreshOptions {
    /// Fetch feeds that are not due, and gone ones, too.
    var force = false
    /// Only these tabs' feeds; empty means every enabled tab.
    var tabs: [String] = []
}

/// One feed to fetch this run and what is known about it.
private struct PlannedFetch {
    var subscription: Subscription
    var state: FeedFetchState?
    var request: FetchRequest
}

struct FeedRefresh {
    var config: Config
    var store: FeedStore
    var options = RefreshOptions()
    var now: () -> Date = Date.init
    /// 0..<1, to spread the retries of feeds that failed together.
    var jitter: () -> Double = { Double.random(in: 0..<1) }

    private var schedule: FetchSchedule { FetchSchedule(settings: config.schedule) }

    /// How many feeds the run will account for (fetched or skipped).
    var plannedFeedCount: Int { subscriptions().count }

    /// Runs the fetch, calling `onOutcome` for each feed as it is settled.
    func run(onOutcome: (FeedOutcome) -> Void) throws(StoreError) -> RefreshReport {
        let started = Date()
        var report = RefreshReport()
        func settle(_ outcome: FeedOutcome) {
            report.outcomes.append(outcome)
            onOutcome(outcome)
        }
        let states = try store.fetchStates()
        var planned: [PlannedFetch] = []
        for subscription in subscriptions() {
            let state = states[subscription.url]
            if let skipped = skipReason(state) {
                settle(FeedOutcome(url: subscription.url, result: skipped, status: state?.lastStatus,
                                   nextDue: state?.nextDue, movedTo: state?.movedTo))
                continue
            }
            let request = FetchRequest(url: state?.movedTo ?? subscription.url, etag: state?.etag,
                                       lastModified: state?.lastModified, tag: planned.count)
            planned.append(PlannedFetch(subscription: subscription, state: state, request: request))
        }

        let channel = ResultChannel<(Int, Result<FetchResponse, FetchError>)>()
        let fetcher = Fetcher(options: config.fetch)
        let requests = planned.map(\.request)
        let downloads = Thread {
            fetcher.fetchAll(requests) { request, result in channel.send((request.tag, result)) }
            channel.close()
        }
        downloads.stackSize = 4 << 20
        downloads.start()
        while let (tag, result) = channel.receive() {
            settle(settleFetched(planned[tag], result))
        }
        report.elapsed = Date().timeIntervalSince(started)
        return report
    }

    /// The feeds of the chosen tabs, each URL once; a feed's interval is its own, else
    /// that of the first tab listing it.
    private func subscriptions() -> [Subscription] {
        let tabs = config.visibleTabs.filter { options.tabs.isEmpty || options.tabs.contains($0.name) }
        var seen = Set<String>()
        var result: [Subscription] = []
        for tab in tabs {
            for feed in tab.feeds where seen.insert(feed.url).inserted {
                var subscription = feed
                subscription.interval = feed.interval ?? tab.interval
                result.append(subscription)
            }
        }
        return result
    }

    private func skipReason(_ state: FeedFetchState?) -> FeedOutcome.Result? {
        guard let state else { return nil }
        if state.isGone && !options.force { return .gone }
        guard let due = state.nextDue, due > now() else { return nil }
        // A server's explicit Retry-After binds even a forced run.
        if state.lastStatus == 429 || state.lastStatus == 503 { return .retryLater }
        return options.force ? nil : .notDue
    }

    private func settleFetched(_ plan: PlannedFetch, _ result: Result<FetchResponse, FetchError>) -> FeedOutcome {
        let url = plan.subscription.url
        let fetchedAt = now()
        switch result {
        case .failure(let error):
            var outcome = FeedOutcome(url: url, result: .failed(stage: .fetch, message: error.description),
                                      status: error.status, seconds: error.duration)
            outcome.nextDue = recordFailure(plan, outcome: &outcome, at: fetchedAt, retryAfter: error.retryAfter)
            return outcome
        case .success(let response):
            var outcome = FeedOutcome(url: url, result: .notModified, status: response.status,
                                      bytes: response.body.count, seconds: response.duration,
                                      movedTo: response.permanentURL ?? plan.state?.movedTo)
            storeFetched(plan, response, at: fetchedAt, into: &outcome)
            return outcome
        }
    }

    private func storeFetched(_ plan: PlannedFetch, _ response: FetchResponse, at fetchedAt: Date,
                              into outcome: inout FeedOutcome) {
        let url = plan.subscription.url
        var bookkeeping = FetchBookkeeping(status: response.status, etag: response.etag,
                                           lastModified: response.lastModified, movedTo: response.permanentURL)
        var feedHint = plan.state?.updateInterval
        let digest = BodyDigest.of(response.body)
        do {
            if response.isNotModified {
                bookkeeping.nextDue = nextDue(plan, feedHint: feedHint, serverHint: response.freshnessLifetime, at: fetchedAt)
                try store.recordUnchanged(feedURL: url, at: fetchedAt, bookkeeping: bookkeeping)
                outcome.result = .notModified
            } else if digest == plan.state?.bodyHash {
                bookkeeping.nextDue = nextDue(plan, feedHint: feedHint, serverHint: response.freshnessLifetime, at: fetchedAt)
                try store.recordUnchanged(feedURL: url, at: fetchedAt, bookkeeping: bookkeeping)
                outcome.result = .sameBody
            } else {
                let feed: Feed
                do {
                    feed = try FeedParser.parse(response.body, documentURL: response.effectiveURL,
                                                charsetHint: response.charset)
                } catch {
                    outcome.result = .failed(stage: .parse, message: "\(url): \(error)")
                    outcome.nextDue = recordFailure(plan, outcome: &outcome, at: fetchedAt, retryAfter: nil)
                    return
                }
                feedHint = feed.updateInterval ?? feedHint
                bookkeeping.bodyHash = digest
                bookkeeping.updateInterval = feed.updateInterval
                bookkeeping.nextDue = nextDue(plan, feedHint: feedHint, serverHint: response.freshnessLifetime, at: fetchedAt)
                let newArticles = try store.store(feed, from: url, fetchedAt: fetchedAt, bookkeeping: bookkeeping)
                outcome.result = .stored(newArticles: newArticles)
                outcome.warnings = feed.warnings
            }
            outcome.nextDue = bookkeeping.nextDue
        } catch {
            outcome.result = .failed(stage: .store, message: "\(url): \(error)")
        }
    }

    private func nextDue(_ plan: PlannedFetch, feedHint: TimeInterval?, serverHint: TimeInterval?, at date: Date) -> Date {
        let interval = schedule.interval(configured: plan.subscription.interval, feedHint: feedHint, serverHint: serverHint)
        return schedule.nextDue(afterSuccessAt: date, interval: interval)
    }

    /// Records a fetch or parse failure with its back-off; a store failure while doing so
    /// replaces the outcome's message (the feed is still one failure, not two).
    private func recordFailure(_ plan: PlannedFetch, outcome: inout FeedOutcome, at date: Date,
                               retryAfter: TimeInterval?) -> Date? {
        guard let failure = outcome.failure else { return nil }
        let isGone = outcome.status == 410
        let interval = schedule.interval(configured: plan.subscription.interval,
                                         feedHint: plan.state?.updateInterval, serverHint: nil)
        let nextDue = isGone ? nil : schedule.nextDue(
            afterFailureAt: date, failures: (plan.state?.failureCount ?? 0) + 1, interval: interval,
            retryAfter: retryAfter, jitter: jitter())
        do {
            try store.recordFailure(feedURL: plan.subscription.url, message: failure.message, at: date,
                                    bookkeeping: FetchBookkeeping(status: outcome.status, isGone: isGone, nextDue: nextDue))
        } catch {
            outcome.result = .failed(stage: failure.stage, message: "\(failure.message) (and recording it failed: \(error))")
        }
        return nextDue
    }
}
