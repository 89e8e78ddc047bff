// The scheduled-fetch log: a summary line and a line per failure, and rotation at 1 MiB
// keeping three old files.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Fetch log")
struct FetchLogTests {
    private let report = RefreshReport(outcomes: [
        FeedOutcome(url: "https://a.example/rss", result: .stored(newArticles: 2)),
        FeedOutcome(url: "https://b.example/rss",
                    result: .failed(stage: .fetch, message: "https://b.example/rss: HTTP 404 Not Found")),
    ], elapsed: 1.25)

    @Test("one run is a summary line and one line per failed feed, all stamped with the run's time")
    func lines() {
        let lines = FetchLog.lines(for: report, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(lines == [
            "2027-01-15T08:00:00Z fetched 2 feeds in 1.2 s: 1 ok, 1 failed; 2 new articles",
            "2027-01-15T08:00:00Z   failed (fetch): https://b.example/rss: HTTP 404 Not Found",
        ])
    }

    @Test("feeds a run did not fetch are counted by why; a fetched feed that moved is logged with the new URL")
    func skippedAndMoved() {
        let report = RefreshReport(outcomes: [
            FeedOutcome(url: "https://a.example/rss", result: .notModified, movedTo: "https://a.example/feed"),
            FeedOutcome(url: "https://b.example/rss", result: .notDue, movedTo: "https://b.example/feed"),
            FeedOutcome(url: "https://c.example/rss", result: .notDue),
            FeedOutcome(url: "https://d.example/rss", result: .gone),
            FeedOutcome(url: "https://e.example/rss", result: .retryLater),
        ], elapsed: 0.5)
        #expect(FetchLog.lines(for: report, at: Date(timeIntervalSince1970: 1_800_000_000)) == [
            "2027-01-15T08:00:00Z fetched 1 feed in 0.5 s: 1 ok, 0 failed; 0 new articles; 2 not due; 1 gone (410); "
                + "1 waiting for the server's Retry-After",
            "2027-01-15T08:00:00Z   moved: https://a.example/rss now redirects permanently to https://a.example/feed; "
                + "update the config",
        ])
    }

    @Test("a log at 1 MiB is rotated before the next run, one byte less is not; three old logs are kept")
    func rotation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fetchlog-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = FetchLog(path: directory + "/state/fetch.log")
        #expect(log.append(report) == nil)
        let almost = Data(repeating: UInt8(ascii: "x"), count: FetchLog.rotationBytes - 1)
        try almost.write(to: URL(fileURLWithPath: log.path))
        #expect(log.append(report) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: log.path)).prefix(almost.count) == almost)
        #expect(!FileManager.default.fileExists(atPath: log.path + ".1"))
        let big = Data(repeating: UInt8(ascii: "x"), count: FetchLog.rotationBytes)
        for _ in 1...4 {
            try big.write(to: URL(fileURLWithPath: log.path))
            #expect(log.append(report) == nil)
            let fresh = try String(contentsOfFile: log.path, encoding: .utf8)
            #expect(fresh.split(separator: "\n").count == 2)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/state").sorted()
        #expect(names == ["fetch.log", "fetch.log.1", "fetch.log.2", "fetch.log.3"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: log.path + ".3")).count == FetchLog.rotationBytes)
        #expect(FetchLog.rotationBytes == 1 << 20 && FetchLog.keptFiles == 3)
    }
}
