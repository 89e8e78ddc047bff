// When feeds are due: intervals from config, hints and defaults; back-off; Retry-After.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Fetch schedule")
struct FetchScheduleTests {
    let schedule = FetchSchedule(settings: ScheduleSettings())
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test("a configured interval wins, even below the floor")
    func configured() {
        #expect(schedule.interval(configured: 120, feedHint: 3600, serverHint: 60) == 120)
    }

    @Test("hints are clamped to the floor and to a day; without any, the default")
    func hints() {
        #expect(schedule.interval(configured: nil, feedHint: 60, serverHint: nil) == 300)
        #expect(schedule.interval(configured: nil, feedHint: nil, serverHint: 900) == 900)
        #expect(schedule.interval(configured: nil, feedHint: 7200, serverHint: 900) == 7200)
        #expect(schedule.interval(configured: nil, feedHint: 30 * 86400, serverHint: nil) == 86400)
        #expect(schedule.interval(configured: nil, feedHint: nil, serverHint: nil) == 1800)
    }

    @Test("failures back off from one interval, doubling, within ±20 %, never past a day")
    func backoff() {
        let waits = (1...12).map { failures in
            schedule.nextDue(afterFailureAt: now, failures: failures, interval: 1800, retryAfter: nil, jitter: 0.5)
                .timeIntervalSince(now)
        }
        #expect(Array(waits.prefix(5)) == [1800, 3600, 7200, 14400, 28800])
        #expect(waits.last == 86400)
        let low = schedule.nextDue(afterFailureAt: now, failures: 1, interval: 1800, retryAfter: nil, jitter: 0)
        let high = schedule.nextDue(afterFailureAt: now, failures: 1, interval: 1800, retryAfter: nil, jitter: 0.999)
        #expect(low.timeIntervalSince(now) == 1440)
        #expect(high.timeIntervalSince(now) < 2160 && high.timeIntervalSince(now) > 2150)
    }

    @Test("Retry-After is honoured when it asks for longer than the back-off")
    func retryAfter() {
        let due = schedule.nextDue(afterFailureAt: now, failures: 1, interval: 300, retryAfter: 7200, jitter: 0.5)
        #expect(due.timeIntervalSince(now) == 7200)
        let shorter = schedule.nextDue(afterFailureAt: now, failures: 1, interval: 1800, retryAfter: 10, jitter: 0.5)
        #expect(shorter.timeIntervalSince(now) == 1800)
    }

    @Test("durations are read with units", arguments: [
        ("90s", 90.0), ("15m", 900.0), ("2h", 7200.0), ("1d", 86400.0), ("1h30m", 5400.0), ("1w", 604_800.0),
    ])
    func durations(text: String, seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test("whole seconds are written largest units first and read back the same", arguments: [
        (7200, "2h"), (5400, "1h30m"), (90, "1m30s"), (900, "15m"), (86_400, "1d"), (2_592_000, "30d"), (93_784, "1d2h3m4s"),
    ])
    func durationTexts(seconds: Int, text: String) {
        #expect(DurationText.text(seconds: seconds) == text)
        #expect(DurationText.seconds(text) == TimeInterval(seconds))
    }

    @Test("malformed durations are refused", arguments: ["", "15", "m", "1.5h", "-5m", "10 minutes", "1h30"])
    func badDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }
}
