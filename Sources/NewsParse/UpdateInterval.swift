// How often a feed says it changes: the syndication module's period and frequency, else
// RSS `ttl` (minutes). Feeds write junk here often; junk gives nil.
import Foundation

enum UpdateInterval {
    private static let periodSeconds: [String: Double] = [
        "hourly": 3_600, "daily": 86_400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000,
    ]

    static func seconds(period: String?, frequency: String?, ttl: String?) -> TimeInterval? {
        if period != nil || frequency != nil {
            // The module's defaults: daily, once.
            let base = periodSeconds[Whitespace.trim(period ?? "daily").lowercased()]
            let times = frequency.map { Int(Whitespace.trim($0)) } ?? 1
            if let base, let times, times > 0 { return base / Double(times) }
        }
        if let ttl, let minutes = Int(Whitespace.trim(ttl)), minutes > 0 { return Double(minutes) * 60 }
        return nil
    }
}
