// Loads fixture documents from Fixtures/ next to this file and parses them.
import Foundation
import NewsModel
import NewsParse

enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func parse(
        _ name: String, documentURL: String? = "https://example.com/feed.xml", charsetHint: String? = nil
    ) throws -> Feed {
        try FeedParser.parse(data(name), documentURL: documentURL, charsetHint: charsetHint)
    }

    /// The parse error a document gives, or nil when it parses.
    static func error(of data: Data, documentURL: String? = "https://example.com/feed.xml") -> FeedParseError? {
        do {
            _ = try FeedParser.parse(data, documentURL: documentURL)
            return nil
        } catch {
            return error
        }
    }

    /// A UTC instant written as numbers, for comparing parsed dates.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components) ?? Date.distantPast
    }
}
