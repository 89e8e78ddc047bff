// Config loading: valid files become tabs, and every kind of mistake is named by file,
// field path, line and column.
import Foundation
import Testing
@testable import NewsMenuKit
import NewsModel

@Suite("Config")
struct ConfigTests {
    private func parse(_ text: String) throws(ConfigError) -> Config {
        try ConfigLoader.parse(Array(text.utf8), file: "/home/u/feeds.json")
    }

    private func error(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("tabs keep their order, colours, titles and shorthand URLs")
    func validConfig() throws {
        let config = try parse("""
            {"tabs": [
              {"name": "おすすめ", "color": "#FF6B6B", "feeds": [{"url": "https://a.example/rss", "title": " A "}]},
              {"name": "ニュース", "color": "bright-blue", "feeds": ["https://a.example/rss", "file:///tmp/b.xml"]},
              {"name": "隠し", "enabled": false, "feeds": ["https://c.example/rss"]}
            ],
             "fetch": {"concurrency": 4, "timeout": 12.5}}
            """)
        #expect(config.tabs.map(\.name) == ["おすすめ", "ニュース", "隠し"])
        #expect(config.tabs[0].color == .rgb(red: 0xFF, green: 0x6B, blue: 0x6B))
        #expect(config.tabs[1].color == .named(.brightBlue))
        #expect(config.tabs[0].feeds == [Subscription(url: "https://a.example/rss", title: "A")])
        #expect(config.visibleTabs.map(\.name) == ["おすすめ", "ニュース"])
        #expect(config.feedsToFetch().map(\.url) == ["https://a.example/rss", "file:///tmp/b.xml"])
        #expect(config.fetch.maxConcurrent == 4)
        #expect(config.fetch.timeout == 12.5)
    }

    @Test("the feeds to fetch are those of the named visible tabs, each once, with the first listing tab's interval as default")
    func feedsToFetchInTabs() throws {
        let config = try parse("""
            {"tabs": [
              {"name": "a", "interval": "2h", "feeds": ["https://a.example/rss", {"url": "https://b.example/rss", "interval": "10m"}]},
              {"name": "b", "interval": "1d", "feeds": ["https://a.example/rss", "https://c.example/rss"]},
              {"name": "hidden", "enabled": false, "feeds": ["https://d.example/rss"]}
            ]}
            """)
        let all = config.feedsToFetch()
        #expect(all.map(\.url) == ["https://a.example/rss", "https://b.example/rss", "https://c.example/rss"])
        #expect(all.map(\.interval) == [7200, 600, 86400])
        let inB = config.feedsToFetch(inTabs: ["b"])
        #expect(inB.map(\.url) == ["https://a.example/rss", "https://c.example/rss"])
        #expect(inB.map(\.interval) == [86400, 86400])
        #expect(config.feedsToFetch(inTabs: ["hidden"]).isEmpty)
    }

    @Test("fetch settings and intervals are read, with durations in units or seconds")
    func fetchSettings() throws {
        let config = try parse("""
            {"tabs": [{"name": "a", "interval": "2h", "feeds": [{"url": "https://a.example/rss", "interval": "10m"}]}],
             "fetch": {"per_host": 4, "low_speed_limit": 500, "low_speed_time": 20, "max_redirects": 3,
                       "user_agent": "my-reader/1.0", "interval": 3600, "min_interval": "2m", "connect_timeout": 0.5}}
            """)
        #expect(config.tabs[0].interval == 7200)
        #expect(config.tabs[0].feeds[0].interval == 600)
        #expect(config.fetch.maxPerHost == 4)
        #expect(config.fetch.lowSpeedBytesPerSecond == 500)
        #expect(config.fetch.lowSpeedTime == 20)
        #expect(config.fetch.maxRedirects == 3)
        #expect(config.fetch.userAgent == "my-reader/1.0")
        #expect(config.fetch.connectTimeout == 0.5)
        #expect(config.schedule.defaultInterval == 3600)
        #expect(config.schedule.minimumInterval == 120)
        #expect(error("{\"tabs\": [{\"name\": \"a\", \"interval\": \"soon\"}]}")?.field == "tabs[0].interval")
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"fetch\": {\"interval\": 5}}")?.field == "fetch.interval")
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"fetch\": {\"timeout\": 0.0001}}")?.field == "fetch.timeout")
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"fetch\": {\"user_agent\": \"bad\\nagent\"}}")?.field
                == "fetch.user_agent")
    }

    @Test("a syntax error names the line and column")
    func syntaxError() throws {
        let failure = try #require(error("{\n  \"tabs\": [\n    {\"name\": \"x\",}\n  ]\n}"))
        #expect(failure.line == 3)
        #expect(failure.column == 18)
        #expect(failure.description.hasPrefix("/home/u/feeds.json:3:18: not valid JSON"))
    }

    @Test("a wrong type names the field's JSON path and position")
    func wrongType() throws {
        let failure = try #require(error("""
            {"tabs": [{"name": "a", "feeds": []},
                      {"name": "b", "feeds": [{"url": 42}]}]}
            """))
        #expect(failure.field == "tabs[1].feeds[0].url")
        #expect(failure.line == 2)
        #expect(failure.description == "/home/u/feeds.json:2:43: tabs[1].feeds[0].url: must be a string, not a number")
    }

    @Test("a file that is not UTF-8 is named as such")
    func notUTF8() {
        do {
            _ = try ConfigLoader.parse([0xFF, 0xFE, 0x7B, 0x00], file: "/home/u/feeds.json")
            Issue.record("a UTF-16 file was accepted")
        } catch {
            #expect(error.description
                    == "/home/u/feeds.json:1:1: not valid JSON: unexpected byte 0xFF, expected a value (is the file UTF-8?)")
        }
    }

    @Test("missing or empty tabs are refused")
    func noTabs() throws {
        #expect(error("{}")?.message.contains("at least one tab") == true)
        #expect(error("{\"tabs\": []}")?.field == "tabs")
        #expect(error("[]")?.message == "must be an object, not an array")
    }

    @Test("file URLs on this machine are taken, with or without localhost")
    func localFileURLs() throws {
        let config = try parse("{\"tabs\": [{\"name\": \"a\", \"feeds\": [\"file:///tmp/a.xml\", \"file://localhost/tmp/b.xml\"]}]}")
        #expect(config.feedsToFetch().map(\.url) == ["file:///tmp/a.xml", "file://localhost/tmp/b.xml"])
    }

    @Test("a tab name holding a control character is refused: it could be neither shown nor typed",
          arguments: ["\\u001b[31mRED", "Line\\nBreak", "tab\\tname", "c1\\u0085x", "del\\u007f"])
    func controlCharacterInTabName(name: String) throws {
        let failure = try #require(error("{\"tabs\": [{\"name\": \"\(name)\"}]}"))
        #expect(failure.field == "tabs[0].name")
        #expect(failure.message.contains("control character"))
        // The name is quoted escaped: the message itself drives no terminal.
        #expect(!failure.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("duplicate tab names are refused, naming both")
    func duplicateTabs() throws {
        let failure = try #require(error("{\"tabs\": [{\"name\": \"ニュース\"}, {\"name\": \" ニュース \"}]}"))
        #expect(failure.field == "tabs[1].name")
        #expect(failure.message == "duplicate tab name \"ニュース\" (also tabs[0])")
    }

    @Test("feed URLs must be http, https or file", arguments: [
        "ftp://example.com/feed", "javascript:alert(1)", "example.com/rss", "https://", "", "file:relative.xml",
        "file://host.example/feed.xml",
    ])
    func badURL(url: String) throws {
        let failure = try #require(error("{\"tabs\": [{\"name\": \"a\", \"feeds\": [\"\(url)\"]}]}"))
        #expect(failure.field == "tabs[0].feeds[0]")
        #expect(failure.message.contains("not an http, https or file URL"))
    }

    @Test("bad values of known fields are named")
    func badValues() throws {
        #expect(error("{\"tabs\": [{\"name\": \"a\", \"color\": \"mauve\"}]}")?.message.hasPrefix("\"mauve\" is not a colour") == true)
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"fetch\": {\"concurrency\": 0}}")?.field == "fetch.concurrency")
        #expect(error("{\"tabs\": [{\"name\": \"a\", \"enabled\": \"no\"}]}")?.field == "tabs[0].enabled")
        #expect(error("{\"tabs\": [{\"name\": \"\"}]}")?.message == "is empty")
    }

    @Test("style, layout and ambiguous_wide are read, defaulting to none, none and false")
    func displayPreferences() throws {
        let config = try parse("{\"tabs\": [{\"name\": \"a\"}], \"style\": \"smart\", \"layout\": \"compact\", \"ambiguous_wide\": true}")
        #expect(config.display == DisplayPreferences(style: .smart, layout: .compact, ambiguousWide: true))
        #expect(try parse("{\"tabs\": [{\"name\": \"a\"}]}").display == DisplayPreferences())
    }

    @Test("a bad style, layout or ambiguous_wide is named by its path and position")
    func badDisplayPreferences() throws {
        let style = try #require(error("{\"tabs\": [{\"name\": \"a\"}],\n \"style\": \"fancy\"}"))
        #expect(style.description == "/home/u/feeds.json:2:11: style: \"fancy\" is not one of plain, tab, smart, hacka")
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"layout\": \"cosy\"}")?.message
                == "\"cosy\" is not one of compact, comfortable")
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"style\": 3}")?.field == "style")
        #expect(error("{\"tabs\": [{\"name\": \"a\"}], \"ambiguous_wide\": \"yes\"}")?.field == "ambiguous_wide")
        var warnings: [ConfigWarning] = []
        let miscased = try ConfigLoader.parse(Array("{\"tabs\": [{\"name\": \"a\"}], \"Style\": \"tab\"}".utf8),
                                              file: "f.json", warnings: &warnings)
        #expect(miscased.display.style == nil)
        #expect(warnings.map(\.field) == ["Style"] && warnings.map(\.suggestion) == ["style"])
    }

    @Test("the JSON reader decodes escapes and surrogate pairs, and refuses bad ones")
    func jsonStrings() throws {
        let node = try JSONDocument.parse(Array(#"["a\"b\\c\n", "\u65e5\u672c", "\ud83d\ude00"]"#.utf8))
        guard case .array(let items) = node.value else {
            Issue.record("expected an array")
            return
        }
        let strings = items.compactMap { item -> String? in
            if case .string(let text) = item.value { return text }
            return nil
        }
        #expect(strings == ["a\"b\\c\n", "日本", "😀"])
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array(#"["\ud83d"]"#.utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array("[1] x".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array("[01]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array("[1.]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
        #expect(throws: Never.self) { try JSONDocument.parse(Array("[-0.5e3, 0, 10]".utf8)) }
        #expect(throws: JSONSyntaxError.self) {
            try JSONDocument.parse(Array((String(repeating: "[", count: 10_000)).utf8))
        }
    }

    @Test("the bundled example config is the repository's feeds.example.json and is valid")
    func exampleConfig() throws {
        let repositoryFile = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("feeds.example.json")
        #expect(try String(contentsOf: repositoryFile, encoding: .utf8) == ExampleConfig.text)
        let config = try ConfigLoader.parse(Array(ExampleConfig.text.utf8), file: "feeds.example.json")
        #expect(config.tabs.map(\.name) == ["おすすめ", "トレンド", "ニュース", "エンタメ"])
        #expect(config.tabs.allSatisfy { $0.color != nil && $0.feeds.count >= 4 })
    }
}
