// The main job: fetch every feed of the config at once, parse and store each one as soon as
// its body arrives, and account for every feed in a report. One feed's failure, at any
// stage, never stops the others.
import Foundation
import NewsModel
import NewsFetch
import NewsParse
import NewsStore

struct RefreshReport: Equatable {
    struct Failure: Equatable {
        enum Stage: String {
            case fetch, parse, store
        }

        var url: String
        var stage: Stage
        var message: String
    }

    var feedCount = 0
    var succeeded = 0
    var unchanged = 0
    var newArticles = 0
    var warnings: [String] = []
    var failures: [Failure] = []
    var elapsed: TimeInterval = 0

    var allSucceeded: Bool { failures.isEmpty }

    /// The lines `fetch` prints on stderr.
    func summaryLines() -> [String] {
        let seconds = String(format: "%.1f", elapsed)
        var lines = ["fetched \(feedCount) feed\(feedCount == 1 ? "" : "s") in \(seconds) s: "
                     + "\(succeeded) ok, \(failures.count) failed; "
                     + "\(newArticles) new article\(newArticles == 1 ? "" : "s")"]
        lines += warnings.map { "  warning: \($0)" }
        lines += failures.map { "  failed (\($0.stage.rawValue)): \($0.message)" }
        return lines
    }
}

enum FeedRefresh {
    static func run(config: Config, store: FeedStore, now: () -> Date = Date.init) -> RefreshReport {
        let started = Date()
        var report = RefreshReport()
        let subscriptions = config.feedsToFetch
        report.feedCount = subscriptions.count
        let requests = subscriptions.map { FetchRequest(url: $0.url) }
        Fetcher(options: config.fetch).fetchAll(requests) { request, result in
            let fetchedAt = now()
            switch result {
            case .failure(let error):
                record(.init(url: request.url, stage: .fetch, message: error.description), at: fetchedAt, store: store, into: &report)
            case .success(let response) where response.isNotModified:
                report.succeeded += 1
                report.unchanged += 1
            case .success(let response):
                let feed: Feed
                do {
                    feed = try FeedParser.parse(response.body, documentURL: response.effectiveURL, charsetHint: response.charset)
                } catch {
                    record(.init(url: request.url, stage: .parse, message: "\(request.url): \(error)"),
                           at: fetchedAt, store: store, into: &report)
                    return
                }
                do {
                    report.newArticles += try store.store(feed, from: request.url, fetchedAt: fetchedAt)
                    report.succeeded += 1
                    report.warnings += feed.warnings.map { "\(request.url): \($0)" }
                } catch {
                    report.failures.append(.init(url: request.url, stage: .store, message: "\(request.url): \(error)"))
                }
            }
        }
        report.elapsed = Date().timeIntervalSince(started)
        return report
    }

    private static func record(_ failure: RefreshReport.Failure, at date: Date, store: FeedStore,
                               into report: inout RefreshReport) {
        report.failures.append(failure)
        do {
            try store.recordFailure(feedURL: failure.url, message: failure.message, at: date)
        } catch {
            report.failures.append(.init(url: failure.url, stage: .store, message: "\(failure.url): \(error)"))
        }
    }
}
