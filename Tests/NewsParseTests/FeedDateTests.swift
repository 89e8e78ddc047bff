// The hand-written date parser against a table of RFC 822 and ISO 8601 forms.
import Foundation
import NewsParse
import Testing

@Suite("FeedDate")
struct FeedDateTests {
    /// 2006-01-02 15:04:05 UTC, the instant most rows below name.
    static let reference = Fixture.utc(2006, 1, 2, 15, 4, 5)

    static let sameInstantForms: [String] = [
        "Mon, 02 Jan 2006 15:04:05 GMT",
        "Mon, 02 Jan 2006 15:04:05 +0000",
        "Mon, 02 Jan 2006 15:04:05 UT",
        "Mon, 02 Jan 2006 15:04:05 UTC",
        "Mon, 02 Jan 2006 15:04:05 Z",
        "02 Jan 2006 15:04:05 GMT",
        "Mon, 2 Jan 2006 15:04:05 GMT",
        "Monday, 02 January 2006 15:04:05 GMT",
        "Tue, 03 Jan 2006 00:04:05 +0900",
        "Tue, 03 Jan 2006 00:04:05 JST",
        "Tue, 03 Jan 2006 00:04:05 KST",
        "Tue, 03 Jan 2006 00:04:05 +09:00",
        "Mon, 02 Jan 2006 10:04:05 EST",
        "Mon, 02 Jan 2006 11:04:05 EDT",
        "Mon, 02 Jan 2006 09:04:05 CST",
        "Mon, 02 Jan 2006 08:04:05 MST",
        "Mon, 02 Jan 2006 07:04:05 PST",
        "Mon, 02 Jan 2006 08:04:05 PDT",
        "Mon, 02 Jan 06 15:04:05 GMT",
        "Mon, 02 Jan 2006 15:04:05 GMT (Greenwich)",
        "  Mon, 02 Jan 2006 15:04:05 GMT  ",
        "2006-01-02T15:04:05Z",
        "2006-01-02T15:04:05z",
        "2006-01-02T15:04:05+00:00",
        "2006-01-03T00:04:05+09:00",
        "2006-01-03T00:04:05+0900",
        "2006-01-02T10:04:05-05:00",
        "2006-01-02 15:04:05Z",
        "2006-01-02T15:04:05",
    ]

    @Test("RFC 822 and ISO 8601 forms of the same instant agree", arguments: sameInstantForms)
    func sameInstant(_ text: String) {
        #expect(FeedDate.parse(text) == FeedDateTests.reference)
    }

    @Test("without seconds, the seconds are zero")
    func withoutSeconds() {
        #expect(FeedDate.parse("Mon, 02 Jan 2006 15:04 +0900") == Fixture.utc(2006, 1, 2, 6, 4))
        #expect(FeedDate.parse("2006-01-02T15:04Z") == Fixture.utc(2006, 1, 2, 15, 4))
    }

    @Test("fractional seconds are kept")
    func fractional() throws {
        let date = try #require(FeedDate.parse("2006-01-02T15:04:05.123456+09:00"))
        let expected = Fixture.utc(2006, 1, 2, 6, 4, 5).addingTimeInterval(0.123456)
        #expect(abs(date.timeIntervalSince(expected)) < 0.000_001)
    }

    @Test("a date alone is midnight UTC, in either grammar")
    func dateOnly() {
        #expect(FeedDate.parse("2006-01-02") == Fixture.utc(2006, 1, 2))
        #expect(FeedDate.parse("02 Jan 2006") == Fixture.utc(2006, 1, 2))
    }

    @Test("two-digit years: 00–49 are 20xx, 50–99 are 19xx")
    func twoDigitYears() {
        #expect(FeedDate.parse("Fri, 31 Dec 99 23:59:59 GMT") == Fixture.utc(1999, 12, 31, 23, 59, 59))
        #expect(FeedDate.parse("Sat, 01 Jan 00 00:00:00 GMT") == Fixture.utc(2000, 1, 1))
    }

    @Test("a military zone letter is read as UTC, as RFC 2822 asks")
    func militaryZone() {
        #expect(FeedDate.parse("Mon, 02 Jan 2006 15:04:05 A") == FeedDateTests.reference)
    }

    @Test("leap days are checked against the year")
    func leapDays() {
        #expect(FeedDate.parse("2024-02-29") == Fixture.utc(2024, 2, 29))
        #expect(FeedDate.parse("2023-02-29") == nil)
    }

    static let garbageForms: [String] = [
        "", "   ", "yesterday", "someday soon", "2006-13-02", "2006-01-32T00:00:00Z", "2006-01-02T25:00:00Z",
        "Mon, 32 Jan 2006 15:04:05 GMT", "Mon, 02 Foo 2006 15:04:05 GMT", "Mon, 02 Jan 2006 15:04:05 XYZ",
        "Mon, 02 Jan 2006 15:04:05 GMT trailing", "2006-01-02T15:04:05+25:00", "2006/13/02", "1136214245",
        "Mon, 02 Jan 2006 15:4:05 GMT",
    ]

    @Test("garbage is nil, never a guess", arguments: garbageForms)
    func garbageIsNil(_ text: String) {
        #expect(FeedDate.parse(text) == nil)
    }
}
