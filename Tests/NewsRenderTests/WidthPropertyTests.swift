// A property of every frame: whatever the titles and tab names (any script, emoji, marks,
// controls), at any width from 20 to 200, each line is exactly the requested width and
// carries no control character but the colour escapes.
import Foundation
import Testing
import NewsModel
import NewsRender
import NewsTestSupport

@Suite("Width property")
struct WidthPropertyTests {
    /// Pieces titles are built from: every kind of text a width table can get wrong.
    static let pieces = [
        "news", "Swift 6", " ", "  ", "漢字", "ニュース", "ｶﾀｶﾅ", "Ａｂｃ", "한국어", "\u{1100}\u{1161}\u{11A8}",
        "😀", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "🇯🇵", "🇺🇸🇫", "👍🏽", "❤\u{FE0F}", "❤\u{FE0E}", "⌚\u{FE0E}",
        "☺\u{FE0F}", "1\u{FE0F}\u{20E3}", "e\u{0301}", "a\u{0308}\u{0323}", "\u{0301}", "\u{200D}",
        "\u{FE0F}", "Ω", "①", "★", "…", "·", "─", "Ελληνικά", "Кириллица", "مرحبا", "ที่นี่",
        "क्षि", "\u{200B}", "\u{00AD}", "\u{1B}[31m", "\u{1B}]0;title\u{07}", "\u{9B}2J", "\u{07}",
        "\t", "\n", "\r\n", "\u{202E}", "\u{2066}", "\u{7F}", "\u{85}", "&amp;", "<b>",
    ]

    static func text(_ random: inout SeededGenerator, maxPieces: Int) -> String {
        let count = Int.random(in: 0...maxPieces, using: &random)
        return (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    static func state(seed: UInt64, style: MenuStyle, layout: ArticleLayout) -> PageMenuState {
        var random = SeededGenerator(seed: seed)
        let now = MenuFixtures.now
        let tabs = (0..<Int.random(in: 0...12, using: &random)).map { _ in
            MenuTab(
                name: text(&random, maxPieces: 6),
                color: Bool.random(using: &random)
                    ? .rgb(red: .random(in: 0...255, using: &random),
                           green: .random(in: 0...255, using: &random),
                           blue: .random(in: 0...255, using: &random))
                    : NamedColor.allCases.randomElement(using: &random).map(TabColor.named),
                unread: Int.random(in: 0...20_000, using: &random))
        }
        let articles = (0..<Int.random(in: 0...8, using: &random)).map { index in
            ArticleRow(
                id: Int64(index), title: text(&random, maxPieces: 30), link: nil,
                source: text(&random, maxPieces: 5),
                published: Bool.random(using: &random)
                    ? now.addingTimeInterval(-.random(in: -1e5...1e9, using: &random)) : nil,
                firstSeen: now.addingTimeInterval(-.random(in: 0...1e6, using: &random)),
                summary: Bool.random(using: &random) ? text(&random, maxPieces: 40) : nil,
                isRead: Bool.random(using: &random))
        }
        return PageMenuState(
            tabs: tabs, selectedTab: Int.random(in: -1...13, using: &random), articles: articles,
            now: now, zone: ZoneOffsets(MenuFixtures.tokyo), width: Int.random(in: 20...200, using: &random),
            height: Bool.random(using: &random) ? Int.random(in: 0...30, using: &random) : nil,
            colors: ColorMode.allCases.randomElement(using: &random) ?? .none,
            language: Bool.random(using: &random) ? .japanese : .english,
            selectedArticle: Bool.random(using: &random) ? Int.random(in: 0...8, using: &random) : nil,
            style: style, layout: layout,
            newSince: now.addingTimeInterval(-.random(in: 0...1e6, using: &random)),
            ambiguousWide: Bool.random(using: &random),
            page: Int.random(in: -2...300, using: &random),
            pageCount: Int.random(in: 0...300, using: &random),
            totalArticles: Int.random(in: 0...100_000, using: &random))
    }

    static let cases = MenuStyle.allCases.flatMap { style in
        ArticleLayout.allCases.map { (style, $0) }
    }

    @Test("every line of a random frame is exactly its width, in every style and layout",
          arguments: cases)
    func linesAreExactlyTheWidth(style: MenuStyle, layout: ArticleLayout) {
        for seed in UInt64(1)...150 {
            let state = Self.state(seed: seed, style: style, layout: layout)
            let lines = PageMenu.render(state)
            if let height = state.height { #expect(lines.count <= height, "seed \(seed)") }
            for line in lines {
                let visible = MenuFixtures.stripped(line)
                let columns = DisplayWidth.width(of: visible, ambiguousWide: state.ambiguousWide)
                #expect(columns == state.width, "seed \(seed), \(style), \(layout): \(visible)")
                let controls = visible.unicodeScalars.filter {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
                }
                #expect(controls.isEmpty, "seed \(seed): control characters in \(visible)")
                if !state.colors.usesEscapes { #expect(!line.contains("\u{1B}"), "seed \(seed)") }
            }
        }
    }
}
