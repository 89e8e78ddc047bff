// How long until a feed is due, as `status` and `fetch --verbose` say it: the next unit down
// is kept, so 2 h 59 min is not shown as 2h.
import Foundation
import Testing
@testable import NewsMenuKit
@testable import NewsStore

@Suite("Waits in words")
struct WaitTextTests {
    @Test("seconds, minutes, hours with minutes, days with hours", arguments: [
        (0, "0s"), (119, "119s"), (120, "2m"), (7199, "119m"), (7200, "2h"), (10_740, "2h 59m"),
        (86_340, "23h 59m"), (172_799, "47h 59m"), (172_800, "2d"), (190_800, "2d 5h"),
    ])
    func wait(seconds: Int, text: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(FetchReporter.wait(until: now.addingTimeInterval(TimeInterval(seconds)), from: now) == text)
    }
}

@Suite("The status table")
struct StatusTableTests {
    @Test("LAST OK and NEXT show their longest waits whole")
    func longestWaitsWhole() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let row = FeedHealth(url: "https://a.example/rss", title: "A", tabs: ["T"], lastSuccess: now.addingTimeInterval(-172_000),
                             lastAttempt: now, lastStatus: 200, lastError: nil, failureCount: 0,
                             nextDue: now.addingTimeInterval(172_000), fetchCount: 1, notModifiedCount: 0,
                             articleCount: 3, movedTo: nil, isGone: false)
        let lines = StatusCommand.table([row], now: now)
        #expect(lines[1].contains("47h 46m ago") && lines[1].contains("in 47h 46m"), "\(lines[1])")
    }
}
