// HTTP dates (RFC 9110 §5.6.7) as `Expires`, `Date` and `Retry-After` carry them: the
// IMF-fixdate servers send today, and the two obsolete forms a recipient must still read.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun",
                                 "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or
    /// `Sun Nov  6 08:49:37 1994`; nil for anything else.
    static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { " ,-:".contains($0) }).map { $0.lowercased() }
        guard let monthIndex = tokens.firstIndex(where: { months.contains(String($0.prefix(3))) && $0.count == 3 }),
              let month = months.firstIndex(of: tokens[monthIndex]) else { return nil }
        let numbers = tokens.compactMap { Int($0) }
        guard numbers.count == 5 else { return nil }
        let day, year, hour, minute, second: Int
        if tokens.firstIndex(where: { Int($0) != nil }).map({ $0 > monthIndex }) == true {
            // asctime: month, day, time, year.
            (day, hour, minute, second, year) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        } else {
            (day, year, hour, minute, second) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        }
        // RFC 850's two-digit year: RFC 9110 says read it as the most recent past year
        // with those digits; 1970–2069 is that for any date a feed server sends.
        let fullYear = year < 100 ? (year < 70 ? 2000 + year : 1900 + year) : year
        guard (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1970...9999).contains(fullYear) else { return nil }
        var parts = tm()
        parts.tm_year = Int32(fullYear - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
