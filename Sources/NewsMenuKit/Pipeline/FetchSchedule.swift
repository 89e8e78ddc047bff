// When each feed is due again: the config's interval, else the feed's or server's hint
// (never more often than the floor), else the default; failures back off exponentially
// with jitter up to a day, and a server's Retry-After is always honoured.
import Foundation

struct FetchSchedule {
    var settings: ScheduleSettings
    /// No feed waits longer than this, whatever its server or failures say.
    static let longestWait: TimeInterval = 24 * 3600

    /// The interval a healthy feed is fetched at.
    func interval(configured: TimeInterval?, feedHint: TimeInterval?, serverHint: TimeInterval?) -> TimeInterval {
        if let configured { return configured }
        // A feed or server may claim anything: infinite, negative, not a number.
        guard let hint = [feedHint, serverHint].compactMap({ $0 }).first(where: { $0.isFinite && $0 >= 0 }) else {
            return max(settings.defaultInterval, settings.minimumInterval)
        }
        return min(max(hint, settings.minimumInterval), Self.longestWait)
    }

    func nextDue(afterSuccessAt now: Date, interval: TimeInterval) -> Date {
        now.addingTimeInterval(interval)
    }

    /// `failures` counts this one: the first failure waits one interval, then two, four, …
    /// `jitter` in 0..<1 spreads feeds that failed together (±20 %). A Retry-After longer than
    /// a day is read as a day: a server cannot switch a feed off for good.
    func nextDue(afterFailureAt now: Date, failures: Int, interval: TimeInterval,
                 retryAfter: TimeInterval?, jitter: Double) -> Date {
        let doublings = Double(min(max(failures - 1, 0), 16))
        let backoff = min(interval * pow(2, doublings), Self.longestWait) * (0.8 + 0.4 * jitter)
        let wait = max(min(backoff, Self.longestWait), min(retryAfter ?? 0, Self.longestWait))
        return now.addingTimeInterval(wait)
    }
}
