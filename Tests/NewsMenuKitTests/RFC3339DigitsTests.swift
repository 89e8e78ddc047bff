// The RFC 3339 digits (the JSON writer's dates, and Timestamp.rfc3339) agree with a plain
// reference across eras, leap days, the clamped ends of the range and dates that are not
// numbers.
import Foundation
import Testing
import NewsModel
@testable import NewsMenuKit

@Suite("RFC 3339 digits")
struct RFC3339DigitsTests {
    static func written(_ date: Date) -> String {
        var bytes = [UInt8](repeating: 0, count: RFC3339Digits.count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            RFC3339Digits.write(date, to: start)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same form made the obvious way: whole seconds, clamped to years 1–9999, a NaN or
    /// infinite date taken as 1970, the civil date, then printf.
    static func reference(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970
        let clamped = raw.isFinite ? min(max(raw, -62_135_596_800), 253_402_300_799) : 0
        let seconds = Int(clamped.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let second = seconds - days * 86_400
        let civil = CivilDate(days: days)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", civil.year, civil.month, civil.day,
                      second / 3_600, second / 60 % 60, second % 60)
    }

    @Test("the same text as the reference for dates from year 1 to 9999 and beyond, as bytes and as a String")
    func agreesWithReference() {
        var seconds: [Double] = [
            0, -1, -0.5, 0.999, 59, 60, 3_599, 86_399, 86_400, 951_782_400, 951_868_800, 1_709_164_800,
            -62_135_596_800, -62_135_596_801, 253_402_300_799, 253_402_300_800, 1e300, -1e300,
            .nan, .infinity, -.infinity,
        ]
        // Every 7 days and 13 hours 17 minutes 3 seconds across the range.
        var moment = -62_135_596_800.0
        while moment < 253_402_300_799 {
            seconds.append(moment)
            moment += 7 * 86_400 + 13 * 3_600 + 17 * 60 + 3
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(Self.written(date) == Self.reference(date), "\(value)")
            #expect(Timestamp.rfc3339(date) == Self.reference(date), "\(value)")
        }
        #expect(Self.written(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }
}
