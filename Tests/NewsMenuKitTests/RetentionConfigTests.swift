// The config's "retention" section: defaults, values, and mistakes named by field and place.
import Testing
@testable import NewsMenuKit
import NewsStore

@Suite("Retention config")
struct RetentionConfigTests {
    private let tabs = #"{"tabs": [{"name": "A", "feeds": []}]"#

    private func parse(_ rest: String) throws(ConfigError) -> Config {
        try ConfigLoader.parse(Array((tabs + rest + "}").utf8), file: "/home/u/feeds.json")
    }

    @Test("without a retention section the store keeps 90 days and 1000 per feed")
    func defaults() throws {
        #expect(try parse("").retention == RetentionPolicy(days: 90, perFeed: 1000))
    }

    @Test("either key may be given alone")
    func values() throws {
        #expect(try parse(#", "retention": {"days": 30}"#).retention == RetentionPolicy(days: 30, perFeed: 1000))
        #expect(try parse(#", "retention": {"per_feed": 50}"#).retention == RetentionPolicy(days: 90, perFeed: 50))
    }

    @Test("a bad value names the field, line and column",
          arguments: [(#", "retention": {"days": 0}"#, "retention.days"),
                      (#", "retention": {"days": 1.5}"#, "retention.days"),
                      (#", "retention": {"per_feed": "many"}"#, "retention.per_feed"),
                      (#", "retention": 90"#, "retention")])
    func mistakes(rest: String, field: String) {
        #expect(throws: ConfigError.self) { try parse(rest) }
        do {
            _ = try parse(rest)
        } catch {
            #expect(error.field == field && error.line == 1 && error.column != nil)
        }
    }
}
