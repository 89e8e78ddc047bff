// The config editor changes only what an edit needs: other entries, unknown-to-the-edit
// fields, order and indentation come through byte for byte.
import Foundation
import Testing
@testable import NewsMenuKit

@Suite("Config editor")
struct ConfigEditorTests {
    private let sample = """
        {
            "style": "smart",
            "tabs": [
                {
                    "name": "おすすめ",
                    "color": "#ff6b6b",
                    "feeds": [
                        { "url": "https://a.example/rss", "title": "A & B" }
                    ]
                },
                {"name": "テック", "feeds": ["https://t.example/feed"]},
                {"name": "空", "enabled": false}
            ],
            "fetch": { "timeout": 30 }
        }

        """

    private func validated(_ editor: ConfigEditor) throws -> Config {
        try ConfigLoader.parse(editor.bytes, file: "feeds.json")
    }

    @Test("adding a feed appends one line in the neighbours' style and touches nothing else")
    func addFeedKeepsFormatting() throws {
        var editor = try ConfigEditor(text: sample)
        try editor.addFeed(url: "https://n.example/atom", title: "N \"quoted\"", toTab: "おすすめ")
        let expected = sample.replacingOccurrences(
            of: "\"title\": \"A & B\" }\n",
            with: "\"title\": \"A & B\" },\n                { \"url\": \"https://n.example/atom\", \"title\": \"N \\\"quoted\\\"\" }\n")
        #expect(editor.text == expected)
        let config = try validated(editor)
        #expect(config.tabs[0].feeds.map(\.title) == ["A & B", "N \"quoted\""])
        #expect(config.display.style == .smart)
    }

    @Test("a list of bare URLs gets a bare URL; a tab without feeds gets a feeds array")
    func shortFormsAndMissingFeeds() throws {
        var editor = try ConfigEditor(text: sample)
        try editor.addFeed(url: "https://t.example/two", title: nil, toTab: "テック")
        try editor.addFeed(url: "https://e.example/rss", title: nil, toTab: "空")
        #expect(editor.text.contains("{\"name\": \"テック\", \"feeds\": [\"https://t.example/feed\", \"https://t.example/two\"]}"))
        #expect(editor.text.contains("{\"name\": \"空\", \"enabled\": false, \"feeds\": [\"https://e.example/rss\"]}"))
        let config = try validated(editor)
        #expect(config.tabs[2].feeds.map(\.url) == ["https://e.example/rss"])
        #expect(config.tabs[2].enabled == false)
    }

    @Test("adding to a missing tab creates it at the end, indented like its siblings")
    func addCreatesTab() throws {
        var editor = try ConfigEditor(text: sample)
        try editor.addFeed(url: "https://w.example/rss", title: "W", toTab: "海外")
        #expect(editor.text.contains("""
                    {"name": "空", "enabled": false},
                    {
                        "name": "海外",
                        "feeds": [
                            { "url": "https://w.example/rss", "title": "W" }
                        ]
                    }
                ],
            """))
        #expect(try validated(editor).tabs.map(\.name) == ["おすすめ", "テック", "空", "海外"])
    }

    @Test("feeds added to several tabs in one edit give the text that adding them one at a time gives")
    func batchMatchesOneByOne() throws {
        let additions: [(tab: String, feeds: [ConfigEditor.NewFeed])] = [
            (tab: "おすすめ", feeds: [.init(url: "https://b.example/rss", title: "B"), .init(url: "https://c.example/rss", title: nil)]),
            (tab: "テック", feeds: [.init(url: "https://t.example/two", title: nil), .init(url: "https://t.example/three", title: "3"),
                                 .init(url: "https://t.example/four", title: nil)]),
            (tab: "空", feeds: [.init(url: "https://e.example/rss", title: nil), .init(url: "https://e.example/atom", title: nil)]),
            (tab: "海外", feeds: [.init(url: "https://w.example/rss", title: "W"), .init(url: "https://w.example/atom", title: nil)]),
            (tab: "新しい空", feeds: []),
        ]
        var oneByOne = try ConfigEditor(text: sample)
        for (tab, feeds) in additions {
            if feeds.isEmpty { try oneByOne.addTab(tab) }
            for feed in feeds { try oneByOne.addFeed(url: feed.url, title: feed.title, toTab: tab) }
        }
        var batch = try ConfigEditor(text: sample)
        try batch.addFeeds(additions)
        #expect(batch.text == oneByOne.text)
        let config = try validated(batch)
        #expect(config.tabs.map(\.name) == ["おすすめ", "テック", "空", "海外", "新しい空"])
        #expect(config.tabs[1].feeds.map(\.url) == ["https://t.example/feed", "https://t.example/two", "https://t.example/three",
                                                    "https://t.example/four"])
    }

    @Test("edits of a CRLF config end the lines they insert with CRLF, as the same edits of the LF config with LF")
    func crlfConfig() throws {
        func edited(_ text: String) throws -> String {
            var editor = try ConfigEditor(text: text)
            try editor.addFeed(url: "https://n.example/atom", title: "N", toTab: "おすすめ")
            try editor.addFeed(url: "https://t.example/two", title: nil, toTab: "テック")
            try editor.addFeed(url: "https://e.example/rss", title: nil, toTab: "空")
            try editor.addFeed(url: "https://w.example/rss", title: "W", toTab: "海外")
            try editor.addTab("後")
            try editor.addFeed(url: "https://later.example/rss", title: nil, toTab: "後")
            try editor.moveTab("後", to: 1)
            _ = try editor.removeFeed(url: "https://a.example/rss", fromTab: nil)
            return editor.text
        }
        let crlf = try edited(sample.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf == (try edited(sample)).replacingOccurrences(of: "\n", with: "\r\n"))
        // No line ends with LF alone.
        #expect(!crlf.replacingOccurrences(of: "\r\n", with: "").utf8.contains(UInt8(ascii: "\n")))
        #expect(try ConfigLoader.parse(Array(crlf.utf8), file: "feeds.json").tabs.map(\.name) == ["後", "おすすめ", "テック", "空", "海外"])
    }

    @Test("an empty CRLF config grows its first tab on CRLF lines")
    func crlfFromEmpty() throws {
        var editor = try ConfigEditor(text: "{\r\n  \"tabs\": []\r\n}\r\n")
        try editor.addFeed(url: "https://a.example/rss", title: "A", toTab: "ニュース")
        #expect(editor.text == Self.firstTabGrown.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test("a duplicate feed in the same tab is refused; the same feed in another tab is fine")
    func duplicateRefused() throws {
        var editor = try ConfigEditor(text: sample)
        #expect(throws: ConfigEditError.self) {
            try editor.addFeed(url: "https://a.example/rss", title: nil, toTab: "おすすめ")
        }
        try editor.addFeed(url: "https://a.example/rss", title: nil, toTab: "テック")
        #expect(try validated(editor).tabs[1].feeds.count == 2)
    }

    @Test("removing a feed takes its comma with it, from one tab or from all")
    func removeFeed() throws {
        var editor = try ConfigEditor(text: sample)
        try editor.addFeed(url: "https://a.example/rss", title: nil, toTab: "テック")
        let onlyOne = try { var copy = editor; return (try copy.removeFeed(url: "https://a.example/rss", fromTab: "テック"), copy) }()
        #expect(onlyOne.0 == ["テック"])
        #expect(onlyOne.1.text == sample)
        let tabs = try editor.removeFeed(url: "https://a.example/rss", fromTab: nil)
        #expect(tabs == ["おすすめ", "テック"])
        let config = try validated(editor)
        #expect(config.tabs[0].feeds.isEmpty)
        #expect(config.tabs[1].feeds.map(\.url) == ["https://t.example/feed"])
        #expect(throws: ConfigEditError(message: "https://gone.example/ is not in any tab")) {
            try editor.removeFeed(url: "https://gone.example/", fromTab: nil)
        }
    }

    @Test("rename changes only the name; move reorders whole tabs; remove needs --force for a tab with feeds")
    func tabEdits() throws {
        var editor = try ConfigEditor(text: sample)
        try editor.renameTab("テック", to: "Tech")
        #expect(editor.text == sample.replacingOccurrences(of: "\"テック\"", with: "\"Tech\""))
        try editor.moveTab("空", to: 1)
        #expect(try validated(editor).tabs.map(\.name) == ["空", "おすすめ", "Tech"])
        try editor.moveTab("空", to: 3)
        #expect(editor.text == sample.replacingOccurrences(of: "\"テック\"", with: "\"Tech\""))
        #expect(throws: ConfigEditError.self) { try editor.removeTab("Tech", evenWithFeeds: false) }
        #expect(throws: ConfigEditError.self) { try editor.renameTab("Tech", to: "おすすめ") }
        try editor.removeTab("Tech", evenWithFeeds: true)
        try editor.removeTab("おすすめ", evenWithFeeds: true)
        #expect(try validated(editor).tabs.map(\.name) == ["空"])
        #expect(editor.text.contains("\"fetch\": { \"timeout\": 30 }"))
    }

    /// An empty config after its first feed is added to a new tab ニュース.
    private static let firstTabGrown = """
        {
          "tabs": [
            {
              "name": "ニュース",
              "feeds": [
                { "url": "https://a.example/rss", "title": "A" }
              ]
            }
          ]
        }

        """

    @Test("an empty config grows its first tab on its own lines")
    func fromEmpty() throws {
        var editor = try ConfigEditor(text: ConfigEditor.emptyConfig)
        try editor.addFeed(url: "https://a.example/rss", title: "A", toTab: "ニュース")
        #expect(editor.text == Self.firstTabGrown)
    }

    @Test("the example config survives add and remove byte for byte")
    func exampleRoundTrip() throws {
        var editor = try ConfigEditor(text: ExampleConfig.text)
        try editor.addFeed(url: "https://x.example/rss", title: "X", toTab: "トレンド")
        _ = try editor.removeFeed(url: "https://x.example/rss", fromTab: nil)
        #expect(editor.text == ExampleConfig.text)
        try editor.addTab("追加")
        try editor.removeTab("追加", evenWithFeeds: false)
        #expect(editor.text == ExampleConfig.text)
    }
}
