// Feed dates: RFC 822/1123 (RSS pubDate) and RFC 3339 / ISO 8601 (Atom, dc:date, JSON Feed),
// parsed by hand because DateFormatter is slow, locale-bound and too lenient.
import Foundation

public enum FeedDate {
    /// The instant the text names, or nil when it is neither an RFC 822 nor an ISO 8601 date.
    /// A date without a zone is taken as UTC.
    public static func parse(_ text: String) -> Date? {
        var scanner = DateScanner(text)
        scanner.skipSpaces()
        let moment = scanner.startsWithISODate
            ? ISO8601DateParser.parse(&scanner) : RFC822DateParser.parse(&scanner)
        return moment?.date
    }
}

/// A calendar date and wall-clock time with its UTC offset, validated into a `Date`.
struct CivilMoment {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    var offsetSeconds = 0

    var date: Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilMoment.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // A leap second names the last second of its minute; Date cannot hold it.
        let wholeSeconds = min(second, 59)
        let days = CivilMoment.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + wholeSeconds - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days-from-civil: proleptic Gregorian, no Calendar needed.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
