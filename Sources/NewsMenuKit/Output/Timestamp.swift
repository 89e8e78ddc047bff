// Dates written the two ways feeds and tooling expect, without DateFormatter (slow, and
// locale-dependent when misconfigured).
import Foundation
import NewsModel
#if canImport(Glibc)
import Glibc
#endif

enum Timestamp {
    /// `2026-11-30T05:05:00Z`: RFC 3339 in UTC, the `parse --json` date format. Built from
    /// digits directly: `parse --json` writes two dates per article.
    static func rfc3339(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        rfc3339(date) { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same 20 bytes, each handed to `write` (the JSON writer puts them straight into
    /// its buffer instead of making a String per date).
    @inline(__always)
    static func rfc3339(_ date: Date, _ write: (UInt8) -> Void) {
        // Years 0001–9999: what RFC 3339 can write, and no Double-to-Int trap on a wild date.
        let raw = date.timeIntervalSince1970
        let seconds = raw.isFinite ? Int(min(max(raw, -62_135_596_800), 253_402_300_799).rounded(.down)) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate(days: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                write(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(year, 4); write(UInt8(ascii: "-")); digits(month, 2); write(UInt8(ascii: "-")); digits(day, 2)
        write(UInt8(ascii: "T"))
        digits(secondOfDay / 3_600, 2); write(UInt8(ascii: ":")); digits(secondOfDay / 60 % 60, 2)
        write(UInt8(ascii: ":")); digits(secondOfDay % 60, 2); write(UInt8(ascii: "Z"))
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
