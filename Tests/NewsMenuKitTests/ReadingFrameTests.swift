// The screen while an article is read: its page's lines from the scroll on, one column in
// (centred in a wide window), under no tab bar; laid out no wider than a comfortable line;
// the status line dim.
import Foundation
import Testing
import NewsRender
import TerminalIO
@testable import NewsMenuKit

@Suite("Reading frame")
struct ReadingFrameTests {
    private func frame(columns: Int, rows: Int, colors: ColorMode = .none) -> InteractiveFrame {
        let display = DisplaySettings(width: columns, height: rows, colors: colors, language: .english, style: .plain,
                                      chosenLayout: .compact, ambiguousWide: false)
        return InteractiveFrame(columns: columns, rows: rows, display: display, now: Date(), pageLimit: nil)
    }

    private func screen(_ frame: InteractiveFrame, scroll: Int, page: [String], status: String = "50%") -> ScreenFrame {
        let menu = PageMenuState(tabs: [MenuTab(name: "ニュース")], selectedTab: 0, articles: [], now: Date(),
                                 width: frame.columns, height: frame.menuHeight)
        return frame.screen(menu: menu, mode: .reading(scroll: scroll), status: StatusText(status), article: page)
    }

    @Test("the page's lines from the scroll on fill every row but the status line, one column in; blank lines stay empty")
    func slice() {
        let page = ["Title", "", "line 1", "line 2", "line 3", "line 4", "line 5"]
        let shown = screen(frame(columns: 30, rows: 4), scroll: 1, page: page)
        #expect(shown.lines == ["", " line 1", " line 2", " 50%"])
    }

    @Test("past its end the page leaves the rest of the screen blank")
    func shortPage() {
        let shown = screen(frame(columns: 30, rows: 5), scroll: 0, page: ["Title", "line 1"])
        #expect(shown.lines == [" Title", " line 1", "", "", " 50%"])
    }

    @Test("the page is laid out a margin in from each side, and no wider than 100 columns")
    func readingWidth() {
        #expect(frame(columns: 80, rows: 24).readingWidth == 78)
        #expect(frame(columns: 200, rows: 24).readingWidth == 100)
        #expect(frame(columns: 2, rows: 24).readingWidth == 2)
        #expect(frame(columns: 1, rows: 24).readingWidth == 1)
    }

    @Test("in a window wider than the longest line the text stands in its middle")
    func centred() {
        let shown = screen(frame(columns: 140, rows: 3), scroll: 0, page: ["Title", "", "text"])
        #expect(shown.lines == [String(repeating: " ", count: 20) + "Title", "", " 50%"])
        let odd = screen(frame(columns: 103, rows: 2), scroll: 0, page: ["Title"])
        #expect(odd.lines.first == " Title")
    }

    @Test("all rows but the status line hold the article, and the layout says so for scrolling")
    func layoutRows() {
        let frame = frame(columns: 80, rows: 24)
        let menu = PageMenuState(tabs: [MenuTab(name: "ニュース")], selectedTab: 0, articles: [], now: Date(),
                                 width: 80, height: frame.menuHeight)
        #expect(frame.layout(for: menu).readingRows == 23)
    }

    @Test("the help over an article lists the keys there under its own title; in a short window it scrolls")
    func readingHelp() {
        let menu = PageMenuState(tabs: [MenuTab(name: "ニュース")], selectedTab: 0, articles: [], now: Date(),
                                 width: 80, height: 23)
        let tall = frame(columns: 80, rows: 24)
        let shown = tall.screen(menu: menu, mode: .help(scroll: 0), status: StatusText(tall.helpHint(scroll: 0, topic: .reading)),
                                helpTopic: .reading)
        #expect(shown.lines[1] == "  newsmenu — keys while reading an article")
        #expect(shown.lines.contains { $0.hasPrefix("  J K ") && $0.hasSuffix("next / previous article of the tab") })
        #expect(!shown.lines.contains { $0.contains("quit") })
        #expect(shown.lines.last == " q Esc close this help")
        let short = frame(columns: 80, rows: 8)
        #expect(short.helpRows(.reading) == 6)
        #expect(short.helpHint(scroll: 2, topic: .reading) == "q Esc close this help · ↑ ↓ j k scroll · 3–8 of 12")
    }

    @Test("the words of a search in the article are marked in reverse video on the lines shown; without styles they are not")
    func marked() {
        let page = ["Title", "Tokyo news", "more from TOKYO"]
        let menu = PageMenuState(tabs: [MenuTab(name: "ニュース")], selectedTab: 0, articles: [], now: Date(),
                                 width: 30, height: 3)
        let styled = frame(columns: 30, rows: 4, colors: .truecolor)
        let shown = styled.screen(menu: menu, mode: .reading(scroll: 1), status: StatusText("50%"), article: page,
                                  marking: ["tokyo"])
        #expect(shown.lines.prefix(2) == [" \u{1B}[7mTokyo\u{1B}[27m news", " more from \u{1B}[7mTOKYO\u{1B}[27m"])
        let plain = frame(columns: 30, rows: 4).screen(menu: menu, mode: .reading(scroll: 1), status: StatusText("50%"),
                                                       article: page, marking: ["tokyo"])
        #expect(plain.lines.prefix(2) == [" Tokyo news", " more from TOKYO"])
    }

    @Test("the status line under an article is dim, not a prompt's bold")
    func dimStatus() {
        let shown = screen(frame(columns: 30, rows: 3, colors: .truecolor), scroll: 0, page: ["Title"])
        #expect(shown.lines.last == " \u{1B}[2m50%\u{1B}[m")
    }
}
