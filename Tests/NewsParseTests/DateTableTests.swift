// The date table: every form feeds were seen to write, each with the UTC instant it names.
import Foundation
import NewsParse
import Testing

@Suite("Date table")
struct DateTableTests {
    private static func at(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
        Fixture.utc(y, mo, d, h, mi, s)
    }

    /// Text as found in feeds → the UTC instant. 2026-11-30 10:00:00 JST is 01:00:00 UTC.
    static let table: [(text: String, instant: Date)] = [
        // RFC 822 / 1123 / 2822 and their sloppy variants.
        ("Mon, 30 Nov 2026 01:00:00 GMT", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00 UT", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00 Z", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00 +0000", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00 -0000", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00:00 +09:00", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00:00 JST", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00:00 KST", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 02:00:00 CET", at(2026, 11, 30, 1)),
        ("Sun, 30 Aug 2026 03:00:00 CEST", at(2026, 8, 30, 1)),
        ("Sun, 29 Nov 2026 20:00:00 EST", at(2026, 11, 30, 1)),
        ("Sat, 29 Aug 2026 21:00:00 EDT", at(2026, 8, 30, 1)),
        ("Sun, 29 Nov 2026 19:00:00 CST", at(2026, 11, 30, 1)),
        ("Sat, 29 Aug 2026 20:00:00 CDT", at(2026, 8, 30, 1)),
        ("Sun, 29 Nov 2026 18:00:00 MST", at(2026, 11, 30, 1)),
        ("Sat, 29 Aug 2026 19:00:00 MDT", at(2026, 8, 30, 1)),
        ("Sun, 29 Nov 2026 17:00:00 PST", at(2026, 11, 30, 1)),
        ("Sat, 29 Aug 2026 18:00:00 PDT", at(2026, 8, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00 A", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00 N", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00 +0900", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 26 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 99 10:00:00 +0900", at(1999, 11, 30, 1)),
        ("MON, 30 NOV 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("mon, 30 nov 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Fri, 30 Nov 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Monday, 30 November 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon., 30 Nov. 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon,30 Nov 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon,  30  Nov  2026   10:00:00   +0900", at(2026, 11, 30, 1)),
        ("  Mon, 30 Nov 2026 10:00:00 +0900  ", at(2026, 11, 30, 1)),
        ("30 Nov 2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon, 30-Nov-2026 10:00:00 +0900", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 1:00:00 GMT", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00:00 GMT+0900", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 10:00:00 +0900 (JST)", at(2026, 11, 30, 1)),
        ("Mon, 30 Nov 2026 01:00:00.250 GMT", at(2026, 11, 30, 1).addingTimeInterval(0.25)),
        ("Mon, 30 Sept 2026 01:00:00 GMT", at(2026, 9, 30, 1)),
        ("Mon Nov 30 01:00:00 2026", at(2026, 11, 30, 1)),
        ("Mon Nov 30 01:00:00 UTC 2026", at(2026, 11, 30, 1)),
        ("Nov 30, 2026 1:00 AM", at(2026, 11, 30, 1)),
        ("Nov 30, 2026 12:30 PM", at(2026, 11, 30, 12, 30)),
        ("Mon, 30 Nov 2026 01:00:00", at(2026, 11, 30, 1)),
        ("30 Nov 2026", at(2026, 11, 30)),
        // RFC 3339 / ISO 8601 / W3C-DTF.
        ("2026-11-30T01:00:00Z", at(2026, 11, 30, 1)),
        ("2026-11-30t01:00:00z", at(2026, 11, 30, 1)),
        ("2026-11-30T10:00:00+09:00", at(2026, 11, 30, 1)),
        ("2026-11-30T10:00:00+0900", at(2026, 11, 30, 1)),
        ("2026-11-30T10:00:00+09", at(2026, 11, 30, 1)),
        ("2026-11-29T20:00:00-05:00", at(2026, 11, 30, 1)),
        ("2026-11-30 01:00:00Z", at(2026, 11, 30, 1)),
        ("2026-11-30 10:00:00 +09:00", at(2026, 11, 30, 1)),
        ("2026-11-30 10:00:00 JST", at(2026, 11, 30, 1)),
        ("2026-11-30T01:00:00.5Z", at(2026, 11, 30, 1).addingTimeInterval(0.5)),
        ("2026-11-30T01:00:00,5Z", at(2026, 11, 30, 1).addingTimeInterval(0.5)),
        ("2026-11-30T01:00Z", at(2026, 11, 30, 1)),
        ("2026-11-30T01:00:00", at(2026, 11, 30, 1)),
        ("2026-11-30", at(2026, 11, 30)),
        ("2026-11", at(2026, 11, 1)),
        ("2026", at(2026, 1, 1)),
        // Found by Fuzz/run (FuzzFeedDate): spaces after a year or a year and month made
        // the date unreadable, while spaces before it were skipped.
        ("2026 ", at(2026, 1, 1)),
        (" 2026-11\t", at(2026, 11, 1)),
        ("2026-11-30T01:00:00Z \n", at(2026, 11, 30, 1)),
        ("2016-12-31T23:59:60Z", at(2016, 12, 31, 23, 59, 59)),
        // Japanese forms: without a zone they are Japan time.
        ("2026年11月30日 10:00", at(2026, 11, 30, 1)),
        ("2026年11月30日 10:00:00", at(2026, 11, 30, 1)),
        ("2026年11月30日(月) 10:00", at(2026, 11, 30, 1)),
        ("2026年11月30日（月） 10:00", at(2026, 11, 30, 1)),
        ("2026年11月30日 10時00分", at(2026, 11, 30, 1)),
        ("2026年11月30日 10時", at(2026, 11, 30, 1)),
        ("2026年11月30日", at(2026, 11, 29, 15)),
        ("2026/11/30 10:00:00", at(2026, 11, 30, 1)),
        ("2026/11/30 10:00", at(2026, 11, 30, 1)),
        ("2026/1/5 9:05", at(2026, 1, 5, 0, 5)),
        ("2026/11/30", at(2026, 11, 29, 15)),
        ("2026/11/30 01:00:00 +0000", at(2026, 11, 30, 1)),
    ]

    @Test("every form in the table names its UTC instant", arguments: table)
    func form(_ row: (text: String, instant: Date)) throws {
        let parsed = try #require(FeedDate.parse(row.text))
        #expect(abs(parsed.timeIntervalSince(row.instant)) < 0.000_001)
    }

    @Test("the table holds at least sixty forms")
    func tableSize() {
        #expect(DateTableTests.table.count >= 60)
    }

    @Test("a time without a zone gives a warning saying how it was read")
    func noZoneWarnings() throws {
        let xml = """
            <rss version="2.0"><channel><title>t</title>
            <item><title>a</title><pubDate>2026-11-30T01:00:00</pubDate></item>
            <item><title>b</title><pubDate>2026/11/30 10:00</pubDate></item>
            <item><title>c</title><pubDate>2026-11-30</pubDate></item>
            </channel></rss>
            """
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        #expect(feed.articles.map(\.published) == [Self.at(2026, 11, 30, 1), Self.at(2026, 11, 30, 1), Self.at(2026, 11, 30)])
        #expect(feed.warnings.filter { $0.contains("has no time zone; read as UTC") }.count == 1)
        #expect(feed.warnings.filter { $0.contains("read as Japan time") }.count == 1)
    }
}
