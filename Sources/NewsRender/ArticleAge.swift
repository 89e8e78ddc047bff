// How long ago an article appeared, in a few columns: "5h ago", "昨日", "Nov 28".
import Foundation

/// Ages relative to one moment. The calendar facts every older date is compared with (the
/// start of yesterday, this year) are worked out once, not once per article: a Gregorian
/// calendar built for each row was a fifth of drawing a page.
public struct ArticleAge {
    private let now: Date
    private let calendar: Calendar
    private let startOfYesterday: Date?
    private let currentYear: Int

    /// Calendar days are those of `timeZone`.
    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        startOfYesterday = calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now))
        currentYear = calendar.component(.year, from: now)
    }

    /// `date` relative to `now`: under a minute, minutes, hours (under a day), the
    /// previous calendar day, then the date, with the year only when it differs from
    /// `now`'s. A date in the future (a feed's clock running ahead) reads as "now", as does
    /// a date no clock can reach (NaN, infinity).
    public static func describe(
        _ date: Date, now: Date, timeZone: TimeZone, language: UILanguage
    ) -> String {
        ArticleAge(now: now, timeZone: timeZone).describe(date, language: language)
    }

    public func describe(_ date: Date, language: UILanguage) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite, seconds >= 60 else {
            return language == .japanese ? "たった今" : "now"
        }
        // Converted to Int only once known small: a date centuries off must not trap.
        if seconds < 3600 {
            let minutes = Int(seconds / 60)
            return language == .japanese ? "\(minutes)分前" : "\(minutes)m ago"
        }
        if seconds < 86400 {
            let hours = Int(seconds / 3600)
            return language == .japanese ? "\(hours)時間前" : "\(hours)h ago"
        }
        if let startOfYesterday, date >= startOfYesterday {
            return language == .japanese ? "昨日" : "yesterday"
        }
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let year = day.year ?? 0
        let month = day.month ?? 1
        let dayOfMonth = day.day ?? 1
        let sameYear = year == currentYear
        switch language {
        case .japanese:
            return sameYear ? "\(month)月\(dayOfMonth)日" : "\(year)年\(month)月\(dayOfMonth)日"
        case .english:
            if sameYear { return "\(Self.englishMonths[min(max(month - 1, 0), 11)]) \(dayOfMonth)" }
            return "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(dayOfMonth))"
        }
    }

    /// Fixed English names: the menu's words must not change with the process locale.
    private static let englishMonths = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
