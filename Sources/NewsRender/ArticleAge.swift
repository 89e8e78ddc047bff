// How long ago an article appeared, in a few columns: "5h ago", "昨日", "Nov 28".
import Foundation
import NewsModel

/// Ages relative to one moment. The calendar facts every older date is compared with
/// (today's local day, this year) are worked out once, not once per article.
public struct ArticleAge {
    private let now: Date
    private let zone: ZoneOffsets
    private let today: Int
    private let currentYear: Int

    /// Calendar days are those of `zone`.
    public init(now: Date, zone: ZoneOffsets) {
        self.now = now
        self.zone = zone
        today = zone.day(of: now) ?? 0
        currentYear = CivilDate(days: today).year
    }

    /// `date` relative to `now`: under a minute, minutes, hours (under a day), the
    /// previous calendar day, then the date, with the year only when it differs from
    /// `now`'s. A date in the future (a feed's clock running ahead) reads as "now", as does
    /// a date no clock can reach (NaN, infinity).
    public static func describe(
        _ date: Date, now: Date, zone: ZoneOffsets, language: UILanguage
    ) -> String {
        ArticleAge(now: now, zone: zone).describe(date, language: language)
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
        guard let days = zone.day(of: date) else { return language == .japanese ? "たった今" : "now" }
        // At least a day ago, yet on today's date only on a day a clock was set back.
        if days >= today - 1 {
            return language == .japanese ? "昨日" : "yesterday"
        }
        let civil = CivilDate(days: days)
        let (year, month, dayOfMonth) = (civil.year, civil.month, civil.day)
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
