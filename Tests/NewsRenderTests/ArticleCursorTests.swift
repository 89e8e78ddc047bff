// The interactive cursor on one article row.
import Testing
import NewsRender

@Suite("Article cursor")
struct ArticleCursorTests {
    func lines(cursor: Int?, colors: ColorMode) -> [String] {
        PageMenu.render(MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 0,
            articles: MenuFixtures.japaneseArticles, width: 40, colors: colors,
            language: .japanese, selectedArticle: cursor))
    }

    @Test("without colour the cursor row starts with > and the others are unchanged")
    func plainCursor() {
        let withCursor = lines(cursor: 1, colors: .none)
        let without = lines(cursor: nil, colors: .none)
        #expect(withCursor[4] == ">" + without[4].dropFirst())
        #expect(withCursor.enumerated().allSatisfy { $0.offset == 4 || $0.element == without[$0.offset] })
        #expect(DisplayWidth.width(of: withCursor[4]) == 40)
    }

    @Test("with colour the cursor row is drawn in reverse video and keeps its text")
    func reverseVideoCursor() {
        let frame = lines(cursor: 0, colors: .ansi256)
        #expect(frame[3].hasPrefix("\u{1B}[7;38;5;33m●\u{1B}[0m"))
        #expect(frame[3].contains("\u{1B}[7m  日本銀行"))
        #expect(frame[3].hasSuffix("\u{1B}[0m"))
        #expect(!frame[4].contains("[7"))
        #expect(lines(cursor: nil, colors: .ansi256)[4] == frame[4])
    }

    @Test("a cursor outside the articles draws no cursor")
    func cursorOutOfRange() {
        #expect(lines(cursor: 17, colors: .none) == lines(cursor: nil, colors: .none))
        #expect(lines(cursor: -1, colors: .truecolor) == lines(cursor: nil, colors: .truecolor))
    }
}
