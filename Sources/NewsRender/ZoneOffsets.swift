// How far local clocks are from UTC at an instant, which decides the calendar day an
// article's age is counted in: the process's zone as the C library reads it, or a fixed
// Foundation zone where a test or a caller names one.
import Foundation
import Glibc

public struct ZoneOffsets: Sendable {
    private let secondsAt: @Sendable (Date) -> Int

    private init(secondsAt: @escaping @Sendable (Date) -> Int) {
        self.secondsAt = secondsAt
    }

    public init(_ timeZone: TimeZone) {
        self.init { timeZone.secondsFromGMT(for: $0) }
    }

    /// The process's zone (TZ, else /etc/localtime) through `localtime_r`. Foundation's
    /// `TimeZone.current` would load ICU's zone data first: a sixteenth of a cold `show`.
    public static let system = ZoneOffsets { date in
        let seconds = date.timeIntervalSince1970
        // No zone has rules for an instant this far off, and time_t must not overflow.
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        var clock = time_t(seconds.rounded(.down))
        var local = tm()
        guard localtime_r(&clock, &local) != nil else { return 0 }
        return local.tm_gmtoff
    }

    /// Seconds to add to UTC to read local clocks at `date`.
    public func seconds(at date: Date) -> Int {
        secondsAt(date)
    }

    /// The local calendar day of `date`, counted from 1970-01-01; nil for an instant no
    /// calendar holds (NaN, infinity).
    func day(of date: Date) -> Int? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return nil }
        let days = ((seconds + Double(self.seconds(at: date))) / 86400).rounded(.down)
        // Clamped so that an absurd date reads as some far year rather than trapping.
        return Int(min(max(days, -1e12), 1e12))
    }
}
