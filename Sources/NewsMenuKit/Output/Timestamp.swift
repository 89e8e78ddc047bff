// Dates written the two ways feeds and tooling expect, without DateFormatter (slow, and
// locale-dependent when misconfigured).
import Foundation
import NewsModel
#if canImport(Glibc)
import Glibc
#endif

enum Timestamp {
    /// `2026-11-30T05:05:00Z`: RFC 3339 in UTC, the `parse --json` date format
    /// (RFC3339Digits, which the JSON writer also uses to write dates in place).
    static func rfc3339(_ date: Date) -> String {
        String(unsafeUninitializedCapacity: RFC3339Digits.count) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            RFC3339Digits.write(date, to: start)
            return RFC3339Digits.count
        }
    }

    /// `Mon, 30 Nov 2026 14:05:00 +0900`: RFC 822 in the given fixed offset.
    static func rfc822(_ date: Date, offsetMinutes: Int) -> String {
        let parts = calendarParts(date, offsetSeconds: offsetMinutes * 60)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let sign = offsetMinutes < 0 ? "-" : "+"
        let day = String(format: "%02d", parts.tm_mday)
        let time = String(format: "%04d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_hour, parts.tm_min, parts.tm_sec)
        let zone = String(format: "%02d%02d", abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
        return "\(days[Int(parts.tm_wday)]), \(day) \(months[Int(parts.tm_mon)]) \(time) \(sign)\(zone)"
    }

    private static func calendarParts(_ date: Date, offsetSeconds: Int) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(offsetSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
