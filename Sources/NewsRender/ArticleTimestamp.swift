// An article's date as its local date and time on the reading view's page: numbers only, in
// a fixed form, whatever the process's locale.
import Foundation
import NewsModel

enum ArticleTimestamp {
    /// `2026-12-01 14:05`, or `2026年12月1日 14:05`, in `zone`; the space is a no-break space,
    /// so that the two stay on one line. Nil for an instant no calendar holds.
    static func text(for date: Date, zone: ZoneOffsets, language: UILanguage) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, let days = zone.day(of: date) else { return nil }
        let local = seconds + Double(zone.seconds(at: date))
        let secondOfDay = Int(min(max(local - Double(days) * 86400, 0), 86399))
        let civil = CivilDate(days: days)
        let time = "\(secondOfDay / 3600):\(twoDigits(secondOfDay % 3600 / 60))"
        let clock = secondOfDay / 3600 < 10 ? "0" + time : time
        switch language {
        case .english:
            return "\(civil.year)-\(twoDigits(civil.month))-\(twoDigits(civil.day))\u{A0}\(clock)"
        case .japanese:
            return "\(civil.year)年\(civil.month)月\(civil.day)日\u{A0}\(clock)"
        }
    }

    /// Whether `date` is recent enough that its age says more than its date does: today,
    /// yesterday, or ahead of the clock. Older ages are dates (`Nov 28`), which the
    /// timestamp already gives.
    static func isRecent(_ date: Date, now: Date, zone: ZoneOffsets) -> Bool {
        guard let day = zone.day(of: date), let today = zone.day(of: now) else { return false }
        return day >= today - 1 || now.timeIntervalSince(date) < 86400
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
