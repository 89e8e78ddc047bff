// Relative ages in both languages, counted in a fixed zone.
import Foundation
import Testing
import NewsRender

@Suite("Article ages")
struct ArticleAgeTests {
    /// 2025-11-30 19:53:20 in Tokyo.
    let now = MenuFixtures.now
    let tokyo = MenuFixtures.tokyo

    func age(_ secondsAgo: TimeInterval, _ language: UILanguage, zone: TimeZone? = nil) -> String {
        ArticleAge.describe(
            now.addingTimeInterval(-secondsAgo), now: now, timeZone: zone ?? tokyo,
            language: language)
    }

    @Test("English ages: now, minutes, hours, yesterday, same year, other year")
    func english() {
        #expect(age(0, .english) == "now")
        #expect(age(59, .english) == "now")
        #expect(age(60, .english) == "1m ago")
        #expect(age(3 * 60 + 30, .english) == "3m ago")
        #expect(age(5 * 3600, .english) == "5h ago")
        #expect(age(23 * 3600 + 3599, .english) == "23h ago")
        #expect(age(30 * 3600, .english) == "yesterday")
        #expect(age(3 * 86400, .english) == "Nov 27")
        #expect(age(330 * 86400, .english) == "Jan 4")
        #expect(age(365 * 86400, .english) == "2024-11-30")
    }

    @Test("Japanese ages: たった今, 分前, 時間前, 昨日, 月日, 年月日")
    func japanese() {
        #expect(age(10, .japanese) == "たった今")
        #expect(age(3 * 60, .japanese) == "3分前")
        #expect(age(5 * 3600, .japanese) == "5時間前")
        #expect(age(30 * 3600, .japanese) == "昨日")
        #expect(age(2 * 86400, .japanese) == "11月28日")
        #expect(age(365 * 86400, .japanese) == "2024年11月30日")
    }

    @Test("yesterday is a calendar day of the given zone, not 24 hours")
    func yesterdayFollowsZone() {
        // now is Nov 30 10:53 UTC, 19:53 in Tokyo.
        // 28 hours back: Nov 29 in both zones.
        #expect(age(28 * 3600, .english) == "yesterday")
        #expect(age(28 * 3600, .english, zone: .gmt) == "yesterday")
        // 36 hours back: Nov 29 07:53 in Tokyo, but Nov 28 22:53 in UTC.
        #expect(age(36 * 3600, .english) == "yesterday")
        #expect(age(36 * 3600, .english, zone: .gmt) == "Nov 28")
        // 44 hours back: Nov 28 in both zones.
        #expect(age(44 * 3600, .english) == "Nov 28")
    }

    @Test("a date in the future, or no date a clock can reach, reads as now")
    func futureAndAbsurdDates() {
        #expect(age(-3600, .english) == "now")
        #expect(ArticleAge.describe(
            Date(timeIntervalSinceReferenceDate: .nan), now: now, timeZone: tokyo,
            language: .japanese) == "たった今")
        #expect(age(1e15, .english) != "now")
    }
}
