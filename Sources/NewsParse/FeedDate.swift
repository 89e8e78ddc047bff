// Feed dates: RFC 822/1123/2822 (RSS pubDate), RFC 3339 / ISO 8601 / W3C-DTF (Atom, dc:date,
// JSON Feed) and the forms Japanese sites write, parsed by hand because DateFormatter is
// slow, locale-bound and too lenient.
import Foundation
import NewsModel

public enum FeedDate {
    /// The instant the text names, or nil when it is no date form newsmenu knows. A date with
    /// a time but no zone is taken as UTC, or as Japan time when written the Japanese way.
    public static func parse(_ text: String) -> Date? {
        read(text)?.date
    }

    /// A parsed date and, when the text named no zone, the one that was assumed.
    struct Reading {
        let date: Date
        let assumption: ZoneAssumption?
    }

    enum ZoneAssumption {
        case utc, japan

        /// Completes a warning sentence.
        var note: String {
            switch self {
            case .utc: return "has no time zone; read as UTC"
            case .japan: return "has no time zone; read as Japan time (+09:00), as Japanese sites mean it"
            }
        }
    }

    /// `read`, with a time written without a zone in a feed whose language is Japanese
    /// taken as Japan time whatever its form: a Japanese site writing `2025-06-10 13:00:00`
    /// means 13:00 in Japan as much as when it writes `2025/06/10 13:00:00`, and read as UTC
    /// its articles would be dated nine hours ahead.
    static func read(_ text: String, feedLanguage: String?) -> Reading? {
        guard let reading = read(text) else { return nil }
        guard reading.assumption == .utc, let feedLanguage, isJapanese(feedLanguage) else { return reading }
        return Reading(date: reading.date.addingTimeInterval(-9 * 3_600), assumption: .japan)
    }

    /// `ja`, `ja-JP`, `JA_jp`: BCP 47 tags, and the underscore some feeds write.
    static func isJapanese(_ language: String) -> Bool {
        let tag = language.lowercased()
        return tag == "ja" || tag.hasPrefix("ja-") || tag.hasPrefix("ja_")
    }

    static func read(_ text: String) -> Reading? {
        if let common = CommonDateShapes.read(text) { return common }
        var scanner = DateScanner(text)
        scanner.skipSpaces()
        let moment: CivilMoment?
        let assumed: ZoneAssumption
        if scanner.startsWithISODate {
            moment = ISO8601DateParser.parse(&scanner)
            assumed = .utc
        } else if scanner.startsWithJapaneseDate {
            moment = JapaneseDateParser.parse(&scanner)
            assumed = .japan
        } else {
            moment = RFC822DateParser.parse(&scanner)
            assumed = .utc
        }
        guard var moment else { return nil }
        let zoneWritten = moment.offsetSeconds != nil
        if !zoneWritten, assumed == .japan { moment.offsetSeconds = 9 * 3_600 }
        guard let date = moment.date else { return nil }
        // A date alone names a day, not an instant; only a time without a zone is a guess.
        let guessed = moment.hasTime && !zoneWritten
        return Reading(date: date, assumption: guessed ? assumed : nil)
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
    var hasTime = false
    /// nil while no zone was written (read as UTC unless the grammar says otherwise).
    var offsetSeconds: Int?

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    var date: Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilMoment.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // A leap second names the last second of its minute; Date cannot hold it.
        let wholeSeconds = min(second, 59)
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + wholeSeconds - (offsetSeconds ?? 0)
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
}
