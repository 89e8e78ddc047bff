// Conversion between Date and the whole unix seconds the schema stores.
import Foundation

enum UnixTime {
    /// Whole seconds since 1970, rounded down. A date no Int64 can hold (a feed can
    /// claim any year) is clamped rather than allowed to trap the conversion.
    static func seconds(_ date: Date) -> Int64 {
        let interval = date.timeIntervalSince1970.rounded(.down)
        guard interval.isFinite else { return interval > 0 ? .max : .min }
        if interval >= 9.2e18 { return .max }
        if interval <= -9.2e18 { return .min }
        return Int64(interval)
    }

    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
