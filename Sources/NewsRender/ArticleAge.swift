// How long ago an article appeared, in a few columns: "5h ago", "昨日", "Nov 28".
import Foundation

public enum ArticleAge {
    /// `date` relative to `now`: under a minute, minutes, hours (under a day), the
    /// previous calendar day, then the date, with the year only when it differs from
    /// `now`'s. Calendar days are those of `timeZone`. A date in the future (a feed's clock
    /// running ahead) reads as "now", as does a date no clock can reach (NaN, infinity).
    public static func describe(
        _ date: Date, now: Date, timeZone: TimeZone, language: UILanguage
    ) -> String {
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

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let startOfToday = calendar.startOfDay(for: now)
        if let startOfYesterday = calendar.date(byAdding: .day, value: -1, to: startOfToday),
           date >= startOfYesterday {
            return language == .japanese ? "昨日" : "yesterday"
        }
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let year = day.year ?? 0
        let month = day.month ?? 1
        let dayOfMonth = day.day ?? 1
        let sameYear = year == calendar.component(.year, from: now)
        switch language {
        case .japanese:
            return sameYear ? "\(month)月\(dayOfMonth)日" : "\(year)年\(month)月\(dayOfMonth)日"
        case .english:
            if sameYear { return "\(englishMonths[min(max(month - 1, 0), 11)]) \(dayOfMonth)" }
            return "\(year)-\(twoDigits(month))-\(twoDigits(dayOfMonth))"
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
