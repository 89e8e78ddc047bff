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
            now.addingTimeInterval(-secondsAgo), now: now, zone: ZoneOffsets(zone ?? tokyo),
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
            Date(timeIntervalSinceReferenceDate: .nan), now: now, zone: ZoneOffsets(tokyo),
            language: .japanese) == "たった今")
        #expect(age(1e15, .english) != "now")
        #expect(age(1e300, .english) != "now")
    }

    @Test("yesterday across a change of clocks: New York's 25-hour day in November")
    func yesterdayAcrossDaylightSavingEnd() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        // 2025-11-03 00:30 EST; clocks went back at 02:00 EDT on Nov 2.
        let now = Date(timeIntervalSince1970: 1_762_147_800)
        func age(_ secondsAgo: TimeInterval) -> String {
            ArticleAge.describe(now.addingTimeInterval(-secondsAgo), now: now, zone: ZoneOffsets(newYork),
                                language: .english)
        }
        // Nov 1 23:59 EDT is 25 h 31 m back: the day before yesterday.
        #expect(age(25 * 3600 + 31 * 60) == "Nov 1")
        // Nov 2 00:01 EDT is 25 h 29 m back: yesterday, though more than a day ago.
        #expect(age(25 * 3600 + 29 * 60) == "yesterday")
    }

    @Test("the process's zone, read through the C library, agrees with Foundation's")
    func systemZoneAgreesWithFoundation() {
        let current = TimeZone.current
        for day in stride(from: -400, through: 800, by: 7) {
            let date = now.addingTimeInterval(Double(day) * 86400 + 3600 * Double(day % 24))
            #expect(ZoneOffsets.system.seconds(at: date) == current.secondsFromGMT(for: date))
        }
    }

    @Test("calendar dates from day counts agree with Foundation's Gregorian calendar")
    func civilDatesAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        // 1900 to 2100, leap days and century years included, every 13th day.
        for days in stride(from: -25567, through: 47482, by: 13) {
            let date = Date(timeIntervalSince1970: Double(days) * 86400 + 43200)
            let expected = calendar.dateComponents([.year, .month, .day], from: date)
            let age = ArticleAge.describe(date, now: Date(timeIntervalSince1970: 4_200_000_000),
                                          zone: ZoneOffsets(.gmt), language: .english)
            let year = try #require(expected.year), month = try #require(expected.month), day = try #require(expected.day)
            let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            #expect(age == "\(year)-\(twoDigits(month))-\(twoDigits(day))")
        }
    }
}
