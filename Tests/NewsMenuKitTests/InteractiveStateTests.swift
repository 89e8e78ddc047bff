// The interactive page menu's state machine: every key and mouse action on tabs of known
// sizes, checked by the state it leaves and the effects it asks for. No terminal involved.
import Testing
import TerminalIO
@testable import NewsMenuKit

/// Titles per tab, matched as the loop's search matches them (every word, any case).
private struct TitleSearch: TabSearching {
    var titles: [[String]]

    func match(_ query: String, inTab tab: Int, from start: Int, forward: Bool) -> Int? {
        TitleMatcher.match(query, in: titles[tab], from: start, forward: forward)
    }

    func unread(inTab tab: Int, from start: Int, forward: Bool) -> Int? { nil }
}

@Suite("Interactive state")
struct InteractiveStateTests {
    /// Three tabs of 100, 5 and 0 articles; 10 rows on screen; tab cells 10 columns wide
    /// from column 2, on a 3-row header.
    private func state(rows: Int = 10) -> InteractiveState {
        InteractiveState(
            tabs: [InteractiveTab(name: "おすすめ", total: 100, unread: 40),
                   InteractiveTab(name: "ニュース", total: 5, unread: 5),
                   InteractiveTab(name: "空", total: 0, unread: 0)],
            current: 0,
            layout: ScreenLayout(headerRows: 3, tabColumns: [2..<12, 15..<25, nil], linesPerArticle: 1, articleRows: rows))
    }

    private let titles = TitleSearch(titles: [
        (0..<100).map { $0 % 10 == 7 ? "Swift \($0)" : "記事 \($0)" }, ["a", "b", "c", "d", "e"], [],
    ])

    @discardableResult
    private func press(_ keys: [Key], on state: inout InteractiveState) -> [InteractiveEffect] {
        keys.flatMap { state.handle($0, search: titles) }
    }

    private func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test("right, l and Tab go to the next tab and wrap; left, h and Shift-Tab go back and wrap")
    func tabSwitching() {
        var menu = state()
        #expect(press([.right], on: &menu) == [.switchedTab(from: 0, to: 1)])
        press([.character("l")], on: &menu)
        #expect(menu.current == 2)
        press([.tab], on: &menu)
        #expect(menu.current == 0)
        #expect(press([.backTab], on: &menu) == [.switchedTab(from: 0, to: 2)])
        press([.left, .character("h")], on: &menu)
        #expect(menu.current == 0)
    }

    @Test("digits jump to a tab, a digit past the last does nothing, 0 and $ are the first and last")
    func tabJumps() {
        var menu = state()
        press([.character("2")], on: &menu)
        #expect(menu.current == 1)
        #expect(press([.character("9")], on: &menu).isEmpty)
        #expect(menu.current == 1)
        press([.character("$")], on: &menu)
        #expect(menu.current == 2)
        press([.character("0")], on: &menu)
        #expect(menu.current == 0)
    }

    @Test("j and k move the selection and scroll only when it leaves the screen")
    func lineMoves() {
        var menu = state()
        press(Array(repeating: .character("j"), count: 9), on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 9, offset: 0))
        press([.down], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 10, offset: 1))
        press([.character("k"), .up, .up], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 7, offset: 1))
        press([.character("g"), .character("k")], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 0, offset: 0))
    }

    @Test("PgDn, Space and Ctrl-D page by a screen or half; PgUp and Ctrl-U back; G and g the ends")
    func paging() {
        var menu = state()
        press([.pageDown], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 10, offset: 10))
        press([.character(" ")], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 20, offset: 20))
        press([.control("d")], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 25, offset: 25))
        press([.control("u"), .pageUp], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 10, offset: 10))
        press([.character("G")], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 99, offset: 90))
        press([.pageDown], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 99, offset: 90))
        press([.home], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 0, offset: 0))
    }

    @Test("show --page opens the shown tab at that page, its first article selected; past the end, the last page")
    func openPage() {
        var menu = state()
        menu.openPage(3)
        #expect(menu.shownTab.cursor == TabCursor(selection: 20, offset: 20))
        menu.openPage(11)
        #expect(menu.shownTab.cursor == TabCursor(selection: 90, offset: 90))
        menu.current = 1
        menu.openPage(2)
        #expect(menu.shownTab.cursor == TabCursor(selection: 0, offset: 0))
        menu.current = 2
        menu.openPage(2)
        #expect(menu.shownTab.cursor == TabCursor(selection: 0, offset: 0))
        // 100 articles at 7 a page: the 15th page holds two, on a screen that ends with the last.
        var sevens = state(rows: 7)
        sevens.openPage(15)
        #expect(sevens.shownTab.cursor == TabCursor(selection: 98, offset: 93))
    }

    @Test("each tab keeps its own selection and scroll while the reader moves between tabs")
    func crossScroll() {
        var menu = state()
        press([.pageDown, .pageDown, .character("j")], on: &menu)
        press([.right, .character("j"), .character("j")], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 2, offset: 0))
        press([.left], on: &menu)
        #expect(menu.shownTab.cursor == TabCursor(selection: 21, offset: 20))
        press([.right], on: &menu)
        #expect(menu.shownTab.cursor.selection == 2)
    }

    @Test("Enter reads the selected article, o opens it, m and s toggle its read and starred state")
    func articleCommands() {
        var menu = state()
        press([.character("j")], on: &menu)
        #expect(press([.enter], on: &menu) == [.read(tab: 0, article: 1)])
        #expect(menu.mode == .reading(scroll: 0))
        press([.character("q")], on: &menu)
        #expect(press([.character("o")], on: &menu) == [.open(tab: 0, article: 1)])
        #expect(press([.character("m")], on: &menu) == [.toggleRead(tab: 0, article: 1)])
        #expect(press([.character("s")], on: &menu) == [.toggleStar(tab: 0, article: 1)])
        press([.character("3")], on: &menu)
        #expect(press([.enter, .character("m"), .character("s")], on: &menu).isEmpty)
    }

    @Test("A asks first: y marks the tab read, anything else does not")
    func markTabRead() {
        var menu = state()
        #expect(press([.character("A")], on: &menu).isEmpty)
        #expect(menu.mode == .confirmingMarkRead)
        #expect(press([.character("n")], on: &menu).isEmpty)
        #expect(menu.mode == .browsing)
        #expect(press([.character("A"), .character("y")], on: &menu) == [.markTabRead(tab: 0)])
        press([.character("3"), .character("A")], on: &menu)
        #expect(menu.mode == .browsing)
        #expect(menu.message == .nothingUnread(tab: "空"))
    }

    @Test("/ searches as the query is typed, Enter keeps the match, n and N go on and back, wrapping")
    func search() {
        var menu = state()
        press([.character("/")] + typed("swi"), on: &menu)
        #expect(menu.mode == .searching(draft: "swi", origin: 0))
        #expect(menu.shownTab.cursor.selection == 7)
        press([.enter], on: &menu)
        #expect(menu.mode == .browsing)
        #expect(menu.query == "swi")
        press([.character("n"), .character("n")], on: &menu)
        #expect(menu.shownTab.cursor.selection == 27)
        press([.character("N")], on: &menu)
        #expect(menu.shownTab.cursor.selection == 17)
        press([.character("G"), .character("n")], on: &menu)
        #expect(menu.shownTab.cursor.selection == 7)
        press([.character("g"), .character("N")], on: &menu)
        #expect(menu.shownTab.cursor.selection == 97)
    }

    @Test("Esc ends a search where it started; Backspace widens it; a query that matches nothing says so")
    func searchCancelAndMiss() {
        var menu = state()
        press([.character("j"), .character("/")] + typed("Swift 3"), on: &menu)
        #expect(menu.shownTab.cursor.selection == 37)
        press([.backspace], on: &menu)
        #expect(menu.shownTab.cursor.selection == 7)
        press([.escape], on: &menu)
        #expect(menu.shownTab.cursor.selection == 1)
        #expect(menu.query == nil)
        press([.character("/")] + typed("zzz"), on: &menu)
        #expect(menu.message == .noMatch)
        #expect(menu.shownTab.cursor.selection == 1)
        press([.enter, .character("n")], on: &menu)
        #expect(menu.message == .noMatchFor(query: "zzz"))
    }

    @Test("while searching Ctrl-W deletes the last word and Ctrl-U the whole query, searching again from the start")
    func searchEditing() {
        var menu = state()
        press([.character("/")] + typed("swift 2  "), on: &menu)
        #expect(menu.mode == .searching(draft: "swift 2  ", origin: 0))
        press([.control("w")], on: &menu)
        #expect(menu.mode == .searching(draft: "swift ", origin: 0))
        #expect(menu.shownTab.cursor.selection == 7)
        press([.control("w"), .control("w")], on: &menu)
        #expect(menu.mode == .searching(draft: "", origin: 0))
        #expect(menu.shownTab.cursor.selection == 0)
        press(typed("swift 3"), on: &menu)
        #expect(menu.shownTab.cursor.selection == 37)
        press([.control("u")], on: &menu)
        #expect(menu.mode == .searching(draft: "", origin: 0))
        #expect(menu.shownTab.cursor.selection == 0)
        press(typed("Swift 4") + [.enter], on: &menu)
        #expect(menu.query == "Swift 4" && menu.shownTab.cursor.selection == 47)
    }

    @Test("/ finds a title holding every word typed, in any order; a space before the next word is no miss")
    func searchWords() {
        var menu = state()
        press([.character("/")] + typed("37 swift"), on: &menu)
        #expect(menu.shownTab.cursor.selection == 37 && menu.message == nil)
        press([.control("u")] + typed("swift 4 "), on: &menu)
        #expect(menu.shownTab.cursor.selection == 47 && menu.message == nil)
        press([.control("u")] + typed("swift 記事"), on: &menu)
        #expect(menu.message == .noMatch)
    }

    @Test("a query of only spaces is as an empty one: the search stays where it started, and Enter keeps no query")
    func blankSearch() {
        var menu = state()
        press([.character("j"), .character("/")] + typed("   "), on: &menu)
        #expect(menu.mode == .searching(draft: "   ", origin: 1))
        #expect(menu.shownTab.cursor.selection == 1 && menu.message == nil)
        press([.enter, .character("n")], on: &menu)
        #expect(menu.query == nil && menu.message == .noSearchYet)
    }

    @Test("a paste goes into the query as one line; in the list it does nothing, and to A's question it is no")
    func paste() {
        var menu = state()
        press([.character("/")] + typed("swift"), on: &menu)
        #expect(menu.paste(" 3\nAy\u{1B}[A\t\r\n", search: titles).isEmpty)
        #expect(menu.mode == .searching(draft: "swift 3 Ay [A", origin: 0))
        press([.control("u")], on: &menu)
        #expect(menu.paste("Swift 4\n", search: titles).isEmpty)
        #expect(menu.mode == .searching(draft: "Swift 4", origin: 0) && menu.shownTab.cursor.selection == 47)
        press([.escape], on: &menu)
        // In the list: a pasted link's letters would have starred (s), opened (o) and
        // switched tabs (h, l); a pasted line break would have opened the article.
        let browsing = menu
        #expect(menu.paste("https://news.example/story?s=1&o=2\n", search: titles).isEmpty)
        #expect(menu == browsing)
        press([.character("A")], on: &menu)
        #expect(menu.mode == .confirmingMarkRead)
        #expect(menu.paste("y", search: titles).isEmpty)
        #expect(menu.mode == .browsing && menu.message == .notMarked)
    }

    @Test("? shows the help until a key that does not scroll it, q and Esc included; then q, Esc, Ctrl-C quit; Ctrl-Z suspends; r refreshes")
    func helpAndQuit() {
        var menu = state()
        for key in [Key.character("q"), .escape, .character("x")] {
            press([.character("?")], on: &menu)
            #expect(menu.mode == .help(scroll: 0))
            #expect(press([key], on: &menu).isEmpty)
            #expect(menu.mode == .browsing)
        }
        #expect(menu.shownTab.cursor.selection == 0)
        #expect(press([.character("q")], on: &menu) == [.quit])
        #expect(press([.escape], on: &menu) == [.quit])
        #expect(press([.control("c")], on: &menu) == [.quit])
        #expect(press([.control("z")], on: &menu) == [.suspend])
        #expect(press([.character("r")], on: &menu) == [.refresh])
    }

    @Test("where the help does not fit, j k arrows, pages, g G and the wheel scroll it within its entries, and nothing else moves")
    func helpScrolls() {
        var menu = state()
        menu.layout.helpRows = 5
        let last = InteractiveHelp.entries.count - 5
        press([.character("?"), .character("j"), .down], on: &menu)
        #expect(menu.mode == .help(scroll: 2))
        press([.character("k"), .up, .up], on: &menu)
        #expect(menu.mode == .help(scroll: 0))
        press([.pageDown, .character(" ")], on: &menu)
        #expect(menu.mode == .help(scroll: 10))
        press([.character("G"), .character("j")], on: &menu)
        #expect(menu.mode == .help(scroll: last))
        press([.pageUp, .character("g")], on: &menu)
        #expect(menu.mode == .help(scroll: 0))
        #expect(menu.handle(MouseEvent(action: .wheel(.down), column: 5, row: 5)).isEmpty)
        #expect(menu.mode == .help(scroll: 3))
        #expect(menu.shownTab.cursor.selection == 0 && menu.shownTab.cursor.offset == 0)
        // A taller window shows more entries: the scroll stays within them.
        press([.end], on: &menu)
        var taller = menu.layout
        taller.helpRows = 10
        menu.relayout(taller)
        #expect(menu.mode == .help(scroll: InteractiveHelp.entries.count - 10))
    }

    @Test("a click on a tab's cell shows it; a click beside every cell does nothing")
    func clickTabs() {
        var menu = state()
        #expect(menu.handle(MouseEvent(action: .press(.left), column: 20, row: 0)) == [.switchedTab(from: 0, to: 1)])
        #expect(menu.handle(MouseEvent(action: .press(.left), column: 13, row: 1)).isEmpty)
        #expect(menu.current == 1)
    }

    @Test("a click on an article selects it and a second click on it reads it, as Enter does")
    func clickArticles() {
        var menu = state()
        press([.pageDown], on: &menu)
        #expect(menu.handle(MouseEvent(action: .press(.left), column: 5, row: 5)).isEmpty)
        #expect(menu.shownTab.cursor.selection == 12)
        #expect(menu.handle(MouseEvent(action: .press(.left), column: 30, row: 5)) == [.read(tab: 0, article: 12)])
        #expect(menu.mode == .reading(scroll: 0))
        press([.escape], on: &menu)
        #expect(menu.handle(MouseEvent(action: .press(.left), column: 5, row: 40)).isEmpty)
        #expect(menu.shownTab.cursor.selection == 12)
    }

    @Test("in the comfortable layout each article takes two rows of clicks")
    func clickComfortable() {
        var menu = state()
        menu.relayout(ScreenLayout(headerRows: 3, tabColumns: [2..<12, 15..<25, nil], linesPerArticle: 2, articleRows: 5))
        _ = menu.handle(MouseEvent(action: .press(.left), column: 5, row: 8))
        #expect(menu.shownTab.cursor.selection == 2)
    }

    @Test("the wheel scrolls the list, dragging the selection along; sideways or with Shift it switches tabs")
    func wheel() {
        var menu = state()
        _ = menu.handle(MouseEvent(action: .wheel(.down), column: 0, row: 5))
        #expect(menu.shownTab.cursor == TabCursor(selection: 3, offset: 3))
        _ = menu.handle(MouseEvent(action: .wheel(.up), column: 0, row: 5))
        #expect(menu.shownTab.cursor == TabCursor(selection: 3, offset: 0))
        #expect(menu.handle(MouseEvent(action: .wheel(.right), column: 0, row: 5)) == [.switchedTab(from: 0, to: 1)])
        #expect(menu.handle(MouseEvent(action: .wheel(.left), column: 0, row: 5)) == [.switchedTab(from: 1, to: 0)])
        #expect(menu.handle(MouseEvent(action: .wheel(.up), column: 0, row: 5, shift: true)) == [.switchedTab(from: 0, to: 2)])
        #expect(menu.handle(MouseEvent(action: .wheel(.down), column: 0, row: 5, shift: true)) == [.switchedTab(from: 2, to: 0)])
    }

    @Test("new articles above the selection shift the view with it, so the reader's article stays put")
    func mergeKeepsSelection() {
        var menu = state()
        press([.pageDown, .character("j")], on: &menu)
        menu.updateCounts([(total: 103, unread: 43), (total: 5, unread: 5), (total: 0, unread: 0)], selections: [0: 14])
        #expect(menu.shownTab.cursor == TabCursor(selection: 14, offset: 13))
        #expect(menu.shownTab.unread == 43)
    }

    @Test("a smaller screen keeps the selection in view")
    func shrink() {
        var menu = state()
        press(Array(repeating: .character("j"), count: 9), on: &menu)
        menu.relayout(ScreenLayout(headerRows: 3, tabColumns: [2..<12, 15..<25, nil], linesPerArticle: 1, articleRows: 4))
        #expect(menu.shownTab.cursor == TabCursor(selection: 9, offset: 6))
    }

    @Test("after new counts, Esc ends a search on the article it started on, at that article's new index")
    func searchOriginFollowsItsArticle() {
        var menu = state()
        press([.character("j"), .character("j"), .character("/")] + typed("Swift"), on: &menu)
        #expect(menu.shownTab.cursor.selection == 7)
        menu.updateCounts([(total: 102, unread: 42), (total: 5, unread: 5), (total: 0, unread: 0)],
                          selections: [0: 9], searchOrigin: 4)
        press([.escape], on: &menu)
        #expect(menu.shownTab.cursor.selection == 4)
    }

    @Test("a message that came while the help was open is still there once a key closes it, until the next key")
    func messageWaitsForTheHelpToClose() {
        var menu = state()
        press([.character("?")], on: &menu)
        menu.message = .fetchAlreadyRunning
        press([.character("j"), .character("q")], on: &menu)
        #expect(menu.mode == .browsing)
        #expect(menu.message == .fetchAlreadyRunning)
        press([.character("j")], on: &menu)
        #expect(menu.message == nil)
    }
}
