// Where the cursor shows while a `/` query is typed: on the status line (the last row), in
// the cell after the query's last character, counted in display columns as the frame lays
// the line out (the line's leading space, wide characters, a cut query's ellipsis).
import Foundation
import Testing
import NewsRender
import TerminalIO
@testable import NewsMenuKit

@Suite("Search prompt cursor")
struct SearchCursorTests {
    private func frame(columns: Int, rows: Int = 24, ambiguousWide: Bool = false) -> InteractiveFrame {
        let display = DisplaySettings(width: columns, height: rows, colors: .truecolor, language: .english, style: .plain,
                                      chosenLayout: .compact, ambiguousWide: ambiguousWide)
        return InteractiveFrame(columns: columns, rows: rows, display: display, now: Date(), pageLimit: nil)
    }

    private func screen(_ draft: String, _ message: String? = nil, in frame: InteractiveFrame) -> ScreenFrame {
        let menu = PageMenuState(tabs: [MenuTab(name: "ニュース")], selectedTab: 0, articles: [], now: Date(),
                                 width: frame.columns, height: frame.menuHeight)
        return frame.screen(menu: menu, mode: .searching(draft: draft, origin: 0),
                            status: frame.searchStatus(draft: draft, message: message))
    }

    /// The status line's text before the cursor's cell, escapes left out.
    private func beforeCursor(_ screen: ScreenFrame, ambiguousWide: Bool = false) throws -> String {
        let cursor = try #require(screen.cursor)
        let line = screen.lines[cursor.row - 1].replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "",
                                                                     options: .regularExpression)
        var text = ""
        for character in line {
            guard DisplayWidth.width(of: text + String(character), ambiguousWide: ambiguousWide) < cursor.column else { break }
            text.append(character)
        }
        return text
    }

    @Test("after an ASCII query, a CJK one, and one with an ambiguous-width character where those are wide", arguments: [
        ("swift", false, 8), ("記事", false, 7), ("東京都 大雨", false, 14), ("±5°", false, 6), ("±5°", true, 8),
    ])
    func afterTheQuery(draft: String, ambiguousWide: Bool, column: Int) throws {
        let frame = frame(columns: 80, ambiguousWide: ambiguousWide)
        let screen = screen(draft, in: frame)
        #expect(screen.cursor == ScreenFrame.Cell(row: 24, column: column))
        #expect(try beforeCursor(screen, ambiguousWide: ambiguousWide) == " /" + draft)
    }

    @Test("after the query, not after the note that follows it")
    func beforeTheNote() throws {
        let screen = screen("zzz", "no match", in: frame(columns: 80))
        #expect(screen.cursor == ScreenFrame.Cell(row: 24, column: 6))
        #expect(try beforeCursor(screen) == " /zzz")
    }

    @Test("a query cut at its start: after its end, its cell still on the line", arguments: [
        ("abcdefghijklmnopqrstuvwxyz", " /…tuvwxyz"), ("東京都の大雨と洪水の情報", " /…の情報"), ("東京都の大雨と洪水の情報x", " /…の情報x"),
    ])
    func cutQuery(draft: String, shown: String) throws {
        let screen = screen(draft, in: frame(columns: 11))
        #expect(try beforeCursor(screen) == shown)
        #expect(screen.cursor == ScreenFrame.Cell(row: 24, column: DisplayWidth.width(of: shown) + 1))
        #expect(try #require(screen.cursor).column <= 11)
    }

    @Test("no cursor while browsing, and none without a status line")
    func hiddenElsewhere() {
        let frame = frame(columns: 80)
        let menu = PageMenuState(tabs: [MenuTab(name: "ニュース")], selectedTab: 0, articles: [], now: Date(), width: 80)
        #expect(frame.screen(menu: menu, mode: .browsing, status: StatusText("? keys")).cursor == nil)
        #expect(frame.screen(menu: menu, mode: .help(scroll: 0), status: StatusText(frame.helpHint(scroll: 0))).cursor == nil)
        #expect(screen("swift", in: self.frame(columns: 80, rows: 1)).cursor == nil)
    }
}
