// Unknown config keys are warnings, not errors: each is named by file, line:column and JSON
// path, with a "did you mean" when one known key is close; `_` keys are comments.
import Testing
@testable import NewsMenuKit

@Suite("Unknown config keys")
struct UnknownConfigKeyTests {
    private func parse(_ text: String) throws(ConfigError) -> (Config, [ConfigWarning]) {
        var warnings: [ConfigWarning] = []
        let config = try ConfigLoader.parse(Array(text.utf8), file: "/home/u/feeds.json", warnings: &warnings)
        return (config, warnings)
    }

    @Test("unknown keys at the top, in a tab, in a feed and in a section are warned about in file order and the rest is read")
    func warnedAndRead() throws {
        let (config, warnings) = try parse("""
            {"tabs": [
              {"name": "ニュース", "intervl": "1h", "feeds": [
                {"url": "https://a.example/rss", "titel": "A", "interval": "2h"}
              ]}
            ],
             "theme": "dark",
             "fetch": {"timeout": 5, "timeuot": 9},
             "retention": {"keep": 3}}
            """)
        #expect(config.tabs.map(\.name) == ["ニュース"])
        #expect(config.tabs[0].interval == nil)
        #expect(config.tabs[0].feeds[0].title == nil)
        #expect(config.tabs[0].feeds[0].interval == 7200)
        #expect(config.fetch.timeout == 5)
        #expect(warnings.map(\.description) == [
            "/home/u/feeds.json:2:20: tabs[0].intervl: unknown key, ignored (did you mean `interval`?)",
            "/home/u/feeds.json:3:38: tabs[0].feeds[0].titel: unknown key, ignored (did you mean `title`?)",
            "/home/u/feeds.json:6:2: theme: unknown key, ignored (known keys here: tabs, fetch, style, layout, ambiguous_wide, animation, on_new, retention)",
            "/home/u/feeds.json:7:26: fetch.timeuot: unknown key, ignored (did you mean `timeout`?)",
            "/home/u/feeds.json:8:16: retention.keep: unknown key, ignored (known keys here: days, per_feed)",
        ])
    }

    @Test("keys starting with _ are comments: accepted silently, even repeated")
    func commentKeys() throws {
        let (config, warnings) = try parse("""
            {"_comment": "my feeds", "_comment": "twice is fine",
             "tabs": [{"_note": 1, "name": "A", "feeds": [{"_why": ["x"], "url": "https://a.example/rss"}]}]}
            """)
        #expect(warnings.isEmpty)
        #expect(config.tabs[0].feeds.map(\.url) == ["https://a.example/rss"])
    }

    @Test("wrong types and values of known keys stay errors")
    func knownKeysStillChecked() {
        #expect(throws: ConfigError.self) { try parse(#"{"tabs": [{"name": "A", "interval": "soon"}], "future": 1}"#) }
        #expect(throws: ConfigError.self) { try parse(#"{"tabs": [{"name": "A", "enabled": "no"}]}"#) }
        #expect(throws: ConfigError.self) { try parse(#"{"tabs": [{"name": "A"}], "fetch": {"timeout": 5, "timeout": 6}}"#) }
    }

    @Test("the suggestion is the one known key a small edit away, case aside",
          arguments: [("colour", "color"), ("intreval", "interval"), ("Interval", "interval"), ("feed", "feeds"),
                      ("nmae", "name"), ("enable", "enabled"), ("intervall", "interval")])
    func suggestion(typed: String, meant: String) {
        #expect(KeySuggestion.closest(to: typed, among: ["name", "color", "enabled", "interval", "feeds"]) == meant)
    }

    @Test("no suggestion when nothing is close or two keys are equally close")
    func noSuggestion() {
        #expect(KeySuggestion.closest(to: "theme", among: ["tabs", "fetch", "style", "layout"]) == nil)
        #expect(KeySuggestion.closest(to: "ab", among: ["a", "b"]) == nil)
        #expect(KeySuggestion.closest(to: "x", among: ["url", "title"]) == nil)
    }

    @Test("edit distance counts a swap of neighbours as one edit")
    func distance() {
        #expect(KeySuggestion.distance(Array("intreval"), Array("interval")) == 1)
        #expect(KeySuggestion.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(KeySuggestion.distance(Array(""), Array("abc")) == 3)
        #expect(KeySuggestion.distance(Array("ニュース"), Array("ニュース")) == 0)
    }
}
