// How long until a feed is due, as `status` and `fetch --verbose` say it: the next unit down
// is kept, so 2 h 59 min is not shown as 2h.
import Foundation
import Testing
@testable import NewsMenuKit

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
