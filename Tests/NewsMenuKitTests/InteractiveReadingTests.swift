// Reading an article in the interactive view: Enter shows it, the keys scroll its text
// within its length, J and K step through the tab, and the list comes back where it was.
import Testing
import TerminalIO
@testable import NewsMenuKit

@Suite("Interactive state: reading an article")
struct InteractiveReadingTests {
    /// Tabs of 3 and 0 articles; 10 article rows, and 20 rows for an article's text.
    private func state() -> InteractiveState {
        InteractiveState(
            tabs: [InteractiveTab(name: "ニュース", total: 3, unread: 3), InteractiveTab(name: "空", total: 0, unread: 0)],
            current: 0,
            layout: ScreenLayout(headerRows: 3, tabColumns: [2..<12, 15..<25], linesPerArticle: 1, articleRows: 10,
                                 readingRows: 20))
    }

    /// Finds no title; the unread articles are the first tab's `unread`.
    private struct NoSearch: TabSearching {
        var unread: Set<Int> = []

        func match(_ query: String, inTab tab: Int, from start: Int, forward: Bool) -> Int? { nil }

        func unread(inTab tab: Int, from start: Int, forward: Bool) -> Int? {
            guard tab == 0 else { return nil }
            return forward ? unread.filter { $0 > start }.min() : unread.filter { $0 < start }.max()
        }
    }

    @discardableResult
    private func press(_ keys: [Key], on state: inout InteractiveState, unread: Set<Int> = []) -> [InteractiveEffect] {
        keys.flatMap { state.handle($0, search: NoSearch(unread: unread)) }
    }

    /// The state reading the first article, whose page is `length` lines.
    private func reading(length: Int) -> InteractiveState {
        var menu = state()
        press([.enter], on: &menu)
        menu.setReadingLength(length)
        return menu
    }

    @Test("Enter reads the selected article from its top; an empty tab has nothing to read")
    func enter() {
        var menu = state()
        press([.down], on: &menu)
        #expect(press([.enter], on: &menu) == [.read(tab: 0, article: 1)])
        #expect(menu.mode == .reading(scroll: 0))
        press([.escape, .right], on: &menu)
        #expect(press([.enter], on: &menu).isEmpty)
        #expect(menu.mode == .browsing)
    }

    @Test("lines, pages, half pages and the ends scroll the text, never past its last screen")
    func scrolling() {
        var menu = reading(length: 50)
        press([.down, .character("j"), .down], on: &menu)
        #expect(menu.mode == .reading(scroll: 3))
        press([.up], on: &menu)
        #expect(menu.mode == .reading(scroll: 2))
        // A page keeps one line of the screen before it in view.
        press([.character(" ")], on: &menu)
        #expect(menu.mode == .reading(scroll: 21))
        press([.pageDown], on: &menu)
        #expect(menu.mode == .reading(scroll: 30))
        press([.pageUp, .control("u")], on: &menu)
        #expect(menu.mode == .reading(scroll: 1))
        press([.control("d")], on: &menu)
        #expect(menu.mode == .reading(scroll: 11))
        press([.character("G")], on: &menu)
        #expect(menu.mode == .reading(scroll: 30))
        press([.character("j")], on: &menu)
        #expect(menu.mode == .reading(scroll: 30))
        press([.character("g"), .character("k")], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
    }

    @Test("a text shorter than the screen does not scroll")
    func shortText() {
        var menu = reading(length: 8)
        press([.down, .pageDown, .end], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
    }

    @Test("a shorter page (a wider window, another article) pulls the scroll back within it")
    func lengthChanges() {
        var menu = reading(length: 100)
        press([.end], on: &menu)
        #expect(menu.mode == .reading(scroll: 80))
        menu.setReadingLength(30)
        #expect(menu.mode == .reading(scroll: 10))
        menu.relayout(ScreenLayout(headerRows: 3, tabColumns: [2..<12, 15..<25], linesPerArticle: 1, articleRows: 10,
                                   readingRows: 25))
        #expect(menu.mode == .reading(scroll: 5))
    }

    @Test("J and K read the next and previous article from its top; at either end the status line says so")
    func neighbours() {
        var menu = reading(length: 50)
        press([.pageDown], on: &menu)
        #expect(press([.character("J")], on: &menu) == [.read(tab: 0, article: 1)])
        #expect(menu.mode == .reading(scroll: 0))
        #expect(menu.shownTab.cursor.selection == 1)
        #expect(press([.character("J")], on: &menu) == [.read(tab: 0, article: 2)])
        #expect(press([.character("J")], on: &menu).isEmpty)
        #expect(menu.message == .lastArticle)
        #expect(menu.shownTab.cursor.selection == 2)
        #expect(press([.character("K"), .character("K")], on: &menu) == [.read(tab: 0, article: 1), .read(tab: 0, article: 0)])
        #expect(press([.character("K")], on: &menu).isEmpty)
        #expect(menu.message == .firstArticle)
        // The message lasts until the next key.
        press([.down], on: &menu)
        #expect(menu.message == nil)
    }

    @Test("u and U select the next and previous unread article in the list; none that way says so and stays")
    func unreadInList() {
        var menu = state()
        #expect(press([.character("u")], on: &menu, unread: [2]).isEmpty)
        #expect(menu.shownTab.cursor.selection == 2)
        #expect(menu.mode == .browsing)
        press([.character("u")], on: &menu, unread: [2])
        #expect(menu.message == .noUnreadBelow)
        #expect(menu.shownTab.cursor.selection == 2)
        press([.character("U")], on: &menu, unread: [0, 2])
        #expect(menu.shownTab.cursor.selection == 0)
        press([.character("U")], on: &menu, unread: [0, 2])
        #expect(menu.message == .noUnreadAbove)
    }

    @Test("while reading, u and U read the next and previous unread article from its top")
    func unreadWhileReading() {
        var menu = reading(length: 50)
        press([.pageDown], on: &menu)
        #expect(press([.character("u")], on: &menu, unread: [2]) == [.read(tab: 0, article: 2)])
        #expect(menu.mode == .reading(scroll: 0))
        #expect(press([.character("u")], on: &menu, unread: [2]).isEmpty)
        #expect(menu.message == .noUnreadBelow)
        #expect(menu.shownTab.cursor.selection == 2)
        #expect(press([.character("U")], on: &menu, unread: [1]) == [.read(tab: 0, article: 1)])
    }

    @Test("o and Enter open the article, m and s toggle it, and the text stays on screen")
    func commands() {
        var menu = reading(length: 50)
        press([.down], on: &menu)
        #expect(press([.character("o"), .enter], on: &menu) == [.open(tab: 0, article: 0), .open(tab: 0, article: 0)])
        #expect(press([.character("m"), .character("s")], on: &menu) == [.toggleRead(tab: 0, article: 0),
                                                                         .toggleStar(tab: 0, article: 0)])
        #expect(menu.mode == .reading(scroll: 1))
    }

    @Test("q, Esc, h, left and Backspace go back to the list with the article still selected; Ctrl-C quits")
    func leaving() {
        for key in [Key.character("q"), .escape, .character("h"), .left, .backspace] {
            var menu = reading(length: 50)
            press([.character("J"), .down], on: &menu)
            #expect(press([key], on: &menu).isEmpty)
            #expect(menu.mode == .browsing)
            #expect(menu.current == 0)
            #expect(menu.shownTab.cursor.selection == 1)
        }
        var menu = reading(length: 50)
        #expect(press([.control("c")], on: &menu) == [.quit])
    }

    @Test("keys of the list do nothing while reading: no tab switch, no mark-all question")
    func listKeysIgnored() {
        var menu = reading(length: 50)
        #expect(press([.right, .tab, .character("A"), .character("l"), .character("$")], on: &menu).isEmpty)
        #expect(menu.mode == .reading(scroll: 0))
        #expect(menu.current == 0)
    }

    @Test("the wheel scrolls the text; clicks and sideways wheels change nothing")
    func mouse() {
        var menu = reading(length: 50)
        #expect(menu.handle(MouseEvent(action: .wheel(.down), column: 0, row: 5)).isEmpty)
        #expect(menu.mode == .reading(scroll: InteractiveState.wheelStep))
        _ = menu.handle(MouseEvent(action: .wheel(.up), column: 0, row: 5))
        #expect(menu.mode == .reading(scroll: 0))
        #expect(menu.handle(MouseEvent(action: .wheel(.right), column: 0, row: 5)).isEmpty)
        #expect(menu.handle(MouseEvent(action: .press(.left), column: 5, row: 1)).isEmpty)
        #expect(menu.current == 0)
        #expect(menu.mode == .reading(scroll: 0))
    }

    @Test("? shows the key help over the article; closing it by key or click goes back to the article where it was")
    func helpWhileReading() {
        var menu = reading(length: 50)
        press([.pageDown], on: &menu)
        press([.character("?")], on: &menu)
        #expect(menu.mode == .help(scroll: 0))
        #expect(menu.helpTopic == .reading)
        press([.character("q")], on: &menu)
        #expect(menu.mode == .reading(scroll: 19))
        #expect(menu.helpTopic == .list)
        press([.character("?")], on: &menu)
        _ = menu.handle(MouseEvent(action: .press(.left), column: 5, row: 5))
        #expect(menu.mode == .reading(scroll: 19))
        // From the list, the help goes back to the list.
        press([.character("q"), .character("?"), .character("q")], on: &menu)
        #expect(menu.mode == .browsing)
    }

    @Test("the help over an article of a tab that leaves the config closes to the list")
    func helpOverRemovedTab() {
        var menu = reading(length: 50)
        press([.character("?")], on: &menu)
        _ = menu.replaceTabs(with: [InteractiveTab(name: "空", total: 0, unread: 0)])
        press([.escape], on: &menu)
        #expect(menu.mode == .browsing)
    }

    /// The state reading the first article, whose page numbers `links` links.
    private func reading(links: Int) -> InteractiveState {
        var menu = state()
        press([.enter], on: &menu)
        menu.setReadingLength(50, links: links)
        return menu
    }

    @Test("a link's number and Enter open it, on a page of a few links as of many")
    func numberAndEnter() {
        var menu = reading(links: 3)
        press([.down], on: &menu)
        #expect(press([.character("2")], on: &menu).isEmpty)
        #expect(menu.mode == .choosingLink(number: 2, scroll: 1))
        #expect(press([.enter], on: &menu) == [.openLink(tab: 0, article: 0, number: 2)])
        #expect(menu.mode == .reading(scroll: 1))
        var many = reading(links: 120)
        #expect(press([.character("1"), .character("2"), .character("0"), .enter], on: &many)
                == [.openLink(tab: 0, article: 0, number: 120)])
    }

    @Test("a number past the last link says so at once, and the Enter after it opens nothing")
    func pastTheLast() {
        var menu = reading(links: 120)
        #expect(press([.character("1"), .character("2"), .character("1")], on: &menu).isEmpty)
        #expect(menu.message == .noSuchLink(121, count: 120))
        #expect(press([.enter], on: &menu).isEmpty)
        #expect(menu.message == .noSuchLink(121, count: 120))
        #expect(menu.mode == .choosingLink(number: 121, scroll: 0))
        press([.escape], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
    }

    @Test("Backspace takes a digit back, Esc or another key gives up; a page without links says so")
    func cancelling() {
        var menu = reading(links: 25)
        press([.character("2"), .backspace], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
        press([.character("2"), .escape], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
        #expect(press([.character("1"), .character("j")], on: &menu).isEmpty)
        #expect(menu.mode == .reading(scroll: 0))
        var bare = reading(links: 0)
        #expect(press([.character("1"), .enter], on: &bare).isEmpty)
        #expect(bare.message == .noSuchLink(1, count: 0))
    }

    /// The state reading a page of `lines`.
    private func reading(lines: [String]) -> InteractiveState {
        var menu = state()
        press([.enter], on: &menu)
        menu.setReadingPage(lines, links: 0)
        return menu
    }

    /// Forty lines: "line 0" … "line 39", with Tokyo on 12 and 30 and ＴＯＫＹＯ on 25.
    private let page = (0..<40).map { index in
        index == 12 || index == 30 ? "line \(index) Tokyo news" : index == 25 ? "line 25 ＴＯＫＹＯ" : "line \(index)"
    }

    @Test("/ brings the first line holding the query to the top as it is typed; Enter keeps it, Esc goes back")
    func searchTyping() {
        var menu = reading(lines: page)
        press([.down, .down], on: &menu)
        press([.character("/")], on: &menu)
        #expect(menu.mode == .searchingArticle(draft: "", origin: 2, scroll: 2))
        press("tokyo".map { Key.character($0) }, on: &menu)
        #expect(menu.mode == .searchingArticle(draft: "tokyo", origin: 2, scroll: 12))
        press([.enter], on: &menu)
        #expect(menu.mode == .reading(scroll: 12))
        press([.character("/")] + "zzz".map { Key.character($0) }, on: &menu)
        #expect(menu.message == .noMatch)
        #expect(menu.mode == .searchingArticle(draft: "zzz", origin: 12, scroll: 12))
        press([.escape], on: &menu)
        #expect(menu.mode == .reading(scroll: 12))
    }

    @Test("n and N go to the next and previous line holding the last query, full- and half-width alike, wrapping")
    func searchRepeat() {
        var menu = reading(lines: page)
        press([.character("n")], on: &menu)
        #expect(menu.message == .noSearchYet)
        press([.character("/")] + "tokyo".map { Key.character($0) } + [.enter], on: &menu)
        #expect(menu.mode == .reading(scroll: 12))
        #expect(menu.message == .articleMatch(position: 1, count: 3, query: "tokyo"))
        #expect(menu.articleSearchWords == ["tokyo"])
        press([.character("n")], on: &menu)
        #expect(menu.mode == .reading(scroll: 20), "line 25 is found, and the text stops at its last screen")
        #expect(menu.message == .articleMatch(position: 2, count: 3, query: "tokyo"))
        press([.character("n")], on: &menu)
        #expect(menu.articleMatch == 30, "on from the line found, not from the screen's first")
        #expect(menu.message == .articleMatch(position: 3, count: 3, query: "tokyo"))
        press([.character("n")], on: &menu)
        #expect(menu.mode == .reading(scroll: 12), "wrapped round to line 12")
        #expect(menu.message == .articleMatch(position: 1, count: 3, query: "tokyo"))
        press([.character("N")], on: &menu)
        #expect(menu.articleMatch == 30, "back round to line 30")
        #expect(menu.mode == .reading(scroll: 20))
        press([.character("/")] + "zzz".map { Key.character($0) } + [.enter], on: &menu)
        #expect(menu.message == nil, "a query found nowhere tells no position")
    }

    @Test("the words marked are those being typed, else the last search's, and none in the list")
    func markedWords() {
        var menu = reading(lines: page)
        #expect(menu.articleSearchWords.isEmpty)
        press([.character("/")] + "tokyo ne".map { Key.character($0) }, on: &menu)
        #expect(menu.articleSearchWords == ["tokyo", "ne"])
        press([.enter], on: &menu)
        #expect(menu.articleSearchWords == ["tokyo", "ne"])
        press([.character("/")] + "line".map { Key.character($0) }, on: &menu)
        #expect(menu.articleSearchWords == ["line"])
        press([.escape, .escape], on: &menu)
        #expect(menu.mode == .browsing && menu.articleSearchWords.isEmpty)
    }

    @Test("a phrase the layout broke across two lines is found where it starts, and only once")
    func brokenPhrase() {
        var menu = reading(lines: ["見出し", "日本語の文章です。禁則処理を確認す", "  るための文です。", "おわり"])
        press([.character("/")] + "確認するため".map { Key.character($0) } + [.enter], on: &menu)
        #expect(menu.articleMatch == 1)
        press([.character("n")], on: &menu)
        #expect(menu.articleMatch == 1, "the one phrase, not a second match on the line after")
    }

    @Test("Backspace on an empty query and Ctrl-C leave the search where it started; a paste is typed")
    func searchLeaving() {
        var menu = reading(lines: page)
        press([.character("/"), .character("x"), .backspace, .backspace], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
        press([.character("/")], on: &menu)
        _ = menu.paste("Tokyo\nnews", search: NoSearch())
        #expect(menu.mode == .searchingArticle(draft: "Tokyo news", origin: 0, scroll: 12))
        press([.control("c")], on: &menu)
        #expect(menu.mode == .reading(scroll: 0))
    }

    @Test("a paste does nothing while reading")
    func paste() {
        var menu = reading(length: 50)
        #expect(menu.paste("https://example.com/\n", search: NoSearch()).isEmpty)
        #expect(menu.mode == .reading(scroll: 0))
    }

    @Test("the shown tab leaving the config ends the reading")
    func tabRemoved() {
        var menu = reading(length: 50)
        _ = menu.replaceTabs(with: [InteractiveTab(name: "空", total: 0, unread: 0)])
        #expect(menu.mode == .browsing)
    }
}
