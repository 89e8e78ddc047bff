// The 20 bytes of an RFC 3339 UTC timestamp written at a pointer, two digits at a time: the
// JSON writer's dates in place, and Timestamp.rfc3339's String.
import Foundation
import NewsModel

enum RFC3339Digits {
    /// `2026-11-30T05:05:00Z`.
    static let count = 20

    /// Writes `date` as `count` bytes at `target`. Years 0001–9999, what RFC 3339 can
    /// write: a wild date is clamped (no Double-to-Int trap), a NaN or infinite one is 1970.
    @inline(__always)
    static func write(_ date: Date, to target: UnsafeMutablePointer<UInt8>) {
        let raw = date.timeIntervalSince1970
        let seconds = raw.isFinite ? Int(min(max(raw, -62_135_596_800), 253_402_300_799).rounded(.down)) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate(days: days)
        pair(civil.year / 100, at: target)
        pair(civil.year % 100, at: target + 2)
        target[4] = UInt8(ascii: "-")
        pair(civil.month, at: target + 5)
        target[7] = UInt8(ascii: "-")
        pair(civil.day, at: target + 8)
        target[10] = UInt8(ascii: "T")
        pair(secondOfDay / 3_600, at: target + 11)
        target[13] = UInt8(ascii: ":")
        pair(secondOfDay / 60 % 60, at: target + 14)
        target[16] = UInt8(ascii: ":")
        pair(secondOfDay % 60, at: target + 17)
        target[19] = UInt8(ascii: "Z")
    }

    /// Two decimal digits of `value` (0–99).
    @inline(__always)
    private static func pair(_ value: Int, at target: UnsafeMutablePointer<UInt8>) {
        let tens = value / 10
        target[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        target[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
    }
}
