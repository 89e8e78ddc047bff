// One screen of the interactive view as lines: the renderer's page menu for the shown tab's
// visible articles, then the status line; or an article's text, or the key help. Pure,
// given the rows to show.
import Foundation
import NewsModel
import NewsRender
import TerminalIO

struct InteractiveFrame {
    var columns: Int
    var rows: Int
    var display: DisplaySettings
    var now: Date
    /// `--limit`: at most this many articles a page, where more would fit.
    var pageLimit: Int?

    /// Rows the page menu gets: all but the status line.
    var menuHeight: Int { max(rows - 1, 1) }

    /// Rows between the tab bar and the footer, where articles go.
    private var articleLines: Int { menuHeight - PageMenu.headerHeight(style: display.style) - 1 }

    /// The layout for this size, decided again at every size: comfortable only where the
    /// width asks for it and an article's two lines fit, so that the selection is never
    /// on a row left out.
    var layout: ArticleLayout {
        let wanted = display.layout(forColumns: columns)
        return wanted == .comfortable && articleLines < 2 ? .compact : wanted
    }

    /// Whether not even one article's line fits: the screen says so instead of hiding the
    /// selection.
    var isTooSmall: Bool { articleLines < 1 }

    /// Articles that fit, and the geometry clicks are read against.
    func layout(for state: PageMenuState) -> ScreenLayout {
        ScreenLayout(
            headerRows: PageMenu.headerHeight(style: display.style),
            tabColumns: PageMenu.tabColumns(state),
            linesPerArticle: layout == .comfortable ? 2 : 1,
            articleRows: min(PageMenu.articlesPerPage(height: menuHeight, style: display.style, layout: layout),
                             pageLimit ?? .max),
            helpRows: helpRows(.list),
            readingHelpRows: helpRows(.reading),
            readingRows: menuHeight)
    }

    /// Columns an article's text is laid out in while it is read: the window's, less a
    /// column each side, and no wider than a comfortable line of reading.
    var readingWidth: Int { max(min(columns - (columns > 2 ? 2 : 0), Self.longestReadingLine), 1) }

    /// The article's lines start one column in, as the status line's text does, or, in a
    /// window wider than the longest line, where they stand in its middle.
    private var readingMargin: Int { columns > 2 ? max((columns - readingWidth) / 2, 1) : 0 }

    /// Wider lines are hard to follow back to their start; a wide window leaves the rest blank.
    private static let longestReadingLine = 100

    /// Whether the key help shows every entry under a title set off by blank lines.
    private func helpFits(_ topic: HelpTopic) -> Bool { menuHeight >= InteractiveHelp.count(topic) + 3 }

    /// Entries of the key help on screen: all where they fit, else as many as the rows under
    /// the title hold, scrolled through with the keys `helpHint` names.
    func helpRows(_ topic: HelpTopic) -> Int {
        helpFits(topic) ? InteractiveHelp.count(topic) : max(menuHeight - 1, 1)
    }

    /// The renderer's state for the shown tab, whose visible articles are `visible`.
    func menuState(
        _ state: InteractiveState, tabs: [MenuTab], visible: [ArticleRow], newSince: Date?
    ) -> PageMenuState {
        let tab = state.shownTab
        let perPage = max(state.rows, 1)
        return PageMenuState(
            tabs: tabs, selectedTab: state.current, articles: visible, now: now,
            width: columns, height: menuHeight, colors: display.colors, language: display.language,
            selectedArticle: visible.isEmpty ? nil : tab.cursor.selection - tab.cursor.offset,
            style: display.style, layout: layout, newSince: newSince,
            ambiguousWide: display.ambiguousWide, page: tab.cursor.selection / perPage + 1,
            pageCount: MenuSelection.pageCount(total: tab.total, pageSize: perPage), totalArticles: tab.total)
    }

    /// The whole screen: `rows` lines, and the cursor where the status line asks for it.
    /// `article` is the page of the article being read (`ArticlePage`, at `readingWidth`), on
    /// which the words of a search in it, `marking` (`TitleMatcher.words`), are marked.
    func screen(menu: PageMenuState, mode: InputMode, status: StatusText, article: [String] = [],
                marking words: [String] = [], helpTopic: HelpTopic = .list) -> ScreenFrame {
        var lines: [String]
        switch mode {
        case .help(let scroll):
            lines = helpLines(scroll: scroll, topic: helpTopic)
        case .reading(let scroll), .choosingLink(_, let scroll), .searchingArticle(_, _, let scroll):
            let margin = String(repeating: " ", count: readingMargin)
            // Reverse video is a style: a terminal without them is shown the lines as they are.
            let marked = display.colors.usesEscapes && !words.isEmpty
            lines = article.dropFirst(scroll).prefix(menuHeight).map { line in
                line.isEmpty ? "" : margin + (marked ? ReadingMatches.marked(line, words: words) : line)
            }
        default:
            lines = isTooSmall ? tooSmallLines() : PageMenu.render(menu)
        }
        lines = Array(lines.prefix(menuHeight))
        while lines.count < menuHeight { lines.append("") }
        guard rows > 1 else { return ScreenFrame(lines: lines) }
        let isPrompt = switch mode {
        case .browsing, .reading: false
        default: true
        }
        lines.append(statusLine(status.text, prompt: isPrompt))
        // The status text starts after the line's leading space, in column 2.
        let cursor = status.cursorOffset.map { ScreenFrame.Cell(row: rows, column: min(2 + $0, columns)) }
        return ScreenFrame(lines: lines, cursor: cursor)
    }

    /// Columns of the status line's text, after its leading space.
    private var statusWidth: Int { max(columns - 1, 1) }

    /// The `/` prompt for the status line, its end in view however long the query grows.
    func searchStatus(draft: String, message: String?) -> StatusText {
        SearchPrompt.text(
            draft: TerminalText.sanitize(draft), message: message, width: statusWidth, ellipsis: "…",
            ambiguousWide: display.ambiguousWide)
    }

    private func statusLine(_ text: String, prompt: Bool) -> String {
        let clean = TerminalText.sanitize(text)
        let fitted = DisplayWidth.truncate(
            clean, toWidth: statusWidth, ellipsis: "…", ambiguousWide: display.ambiguousWide)
        guard display.colors.usesEscapes else { return " " + fitted }
        return " " + (prompt ? "\u{1B}[1m" : "\u{1B}[2m") + fitted + "\u{1B}[m"
    }

    private func tooSmallLines() -> [String] {
        [ViewText.tooSmall(columns: columns, rows: rows, display.language, ambiguousWide: display.ambiguousWide)]
    }

    /// The help's title and the entries from `scroll` on that fit. Without a status line
    /// (one row) the row is the hint instead, so how to close the help always shows.
    private func helpLines(scroll: Int, topic: HelpTopic) -> [String] {
        let entries = InteractiveHelp.entries(display.language, topic)
        let keyWidth = entries.map { DisplayWidth.width(of: $0.keys) }.max() ?? 0
        let body = entries.dropFirst(scroll).prefix(helpRows(topic)).map { entry in
            "  " + DisplayWidth.pad(entry.keys, toWidth: keyWidth) + "   " + entry.meaning
        }
        let title = "  " + InteractiveHelp.title(display.language, topic)
        let lines = rows == 1 ? [helpHint(scroll: scroll, topic: topic)]
            : helpFits(topic) ? ["", title, ""] + body : [title] + body
        return lines.map { line in DisplayWidth.truncate(line, toWidth: columns, ellipsis: "…") }
    }

    /// The status line under the help: how to close it first, so a narrow window keeps that,
    /// then, where not every entry fits, how to scroll and which entries show.
    func helpHint(scroll: Int, topic: HelpTopic = .list) -> String {
        let count = InteractiveHelp.count(topic)
        let closing = InteractiveHelp.closingHint(display.language)
        guard !helpFits(topic) else { return closing }
        return closing + " · " + InteractiveHelp.scrollHint(
            first: scroll + 1, last: min(scroll + helpRows(topic), count), of: count, display.language)
    }
}
