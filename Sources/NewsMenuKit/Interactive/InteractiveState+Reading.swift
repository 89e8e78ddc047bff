// Reading an article in the view: Enter shows the selected article's text in place of the
// list, as newsboat's article view does; the keys scroll it, step to the tab's next or
// previous article (or unread one), search its text, open it or one of its numbered links
// in the browser, and go back to the list where it was left.
import TerminalIO

extension InteractiveState {
    /// Enter on the list: the selected article's text, from its top.
    mutating func startReading() -> [InteractiveEffect] {
        guard shownTab.total > 0 else { return [] }
        mode = .reading(scroll: 0)
        return [.read(tab: current, article: shownTab.cursor.selection)]
    }

    mutating func read(_ key: Key, scroll: Int, search: some TabSearching) -> [InteractiveEffect] {
        let page = max(layout.readingRows - 1, 1)
        let selection = shownTab.cursor.selection
        switch key {
        case .down, .character("j"): scrollReading(to: scroll + 1)
        case .up, .character("k"): scrollReading(to: scroll - 1)
        case .pageDown, .character(" "), .control("f"): scrollReading(to: scroll + page)
        case .pageUp, .control("b"), .character("b"): scrollReading(to: scroll - page)
        case .control("d"): scrollReading(to: scroll + max(layout.readingRows / 2, 1))
        case .control("u"): scrollReading(to: scroll - max(layout.readingRows / 2, 1))
        case .home, .character("g"): scrollReading(to: 0)
        case .end, .character("G"): scrollReading(to: lastReadingScroll)
        case .character("J"): return readNeighbour(by: 1)
        case .character("K"): return readNeighbour(by: -1)
        case .character("u"), .character("U"):
            guard selectUnread(forward: key == .character("u"), search: search) else { return [] }
            mode = .reading(scroll: 0)
            return [.read(tab: current, article: shownTab.cursor.selection)]
        case .enter, .character("o"): return [.open(tab: current, article: selection)]
        case .character("m"): return [.toggleRead(tab: current, article: selection)]
        case .character("s"): return [.toggleStar(tab: current, article: selection)]
        case .character("q"), .escape, .left, .character("h"), .backspace: mode = .browsing
        case .character("r"): return [.refresh]
        case .character("?"):
            readingUnderHelp = scroll
            mode = .help(scroll: 0)
        case .character(let digit) where ("1"..."9").contains(digit):
            return typeLinkNumber(Int(String(digit)) ?? 0, scroll: scroll)
        case .character("/"): mode = .searchingArticle(draft: "", origin: scroll, scroll: scroll)
        case .character("n"): repeatArticleSearch(from: scroll, forward: true)
        case .character("N"): repeatArticleSearch(from: scroll, forward: false)
        case .control("c"): return [.quit]
        case .control("z"): return [.suspend]
        case .control("l"): return [.repaint]
        default: break
        }
        return []
    }

    /// Keeps the article's scroll within its text after the window or the text changed.
    mutating func clampReadingScroll() {
        switch mode {
        case .reading(let scroll): scrollReading(to: scroll)
        case .choosingLink(let number, let scroll):
            mode = .choosingLink(number: number, scroll: min(max(scroll, 0), lastReadingScroll))
        case .searchingArticle(let draft, let origin, let scroll):
            mode = .searchingArticle(draft: draft, origin: origin, scroll: min(max(scroll, 0), lastReadingScroll))
        default: break
        }
    }

    /// Scrolls the article by the wheel's `lines`; false when no article is being read.
    mutating func scrollReading(byWheel lines: Int) -> Bool {
        guard case .reading(let scroll) = mode else { return false }
        scrollReading(to: scroll + lines)
        return true
    }

    /// The first line a screen of the article may start at, at most: its last screen ends
    /// with its last line.
    private var lastReadingScroll: Int { max(readingLength - max(layout.readingRows, 1), 0) }

    private mutating func scrollReading(to scroll: Int) {
        mode = .reading(scroll: min(max(scroll, 0), lastReadingScroll))
    }

    /// Digits name one of the page's numbered links, as newsboat's do, and Enter opens it:
    /// a reader used to typing the number and Enter must not have Enter open the article
    /// too. Backspace takes a digit back, Esc or any other key gives up.
    mutating func chooseLink(_ key: Key, number: Int, scroll: Int) -> [InteractiveEffect] {
        switch key {
        case .character(let digit) where ("0"..."9").contains(digit):
            return typeLinkNumber(number * 10 + (Int(String(digit)) ?? 0), scroll: scroll)
        case .enter:
            guard (1...max(readingLinkCount, 1)).contains(number), readingLinkCount > 0 else {
                message = .noSuchLink(number, count: readingLinkCount)
                return []
            }
            mode = .reading(scroll: scroll)
            return [.openLink(tab: current, article: shownTab.cursor.selection, number: number)]
        case .backspace, .control("h"):
            mode = number >= 10 ? .choosingLink(number: number / 10, scroll: scroll) : .reading(scroll: scroll)
        default:
            mode = .reading(scroll: scroll)
        }
        return []
    }

    /// `number` typed so far, waiting for Enter; a number past the last link says so at once
    /// and keeps the prompt, so that the Enter that follows opens nothing.
    private mutating func typeLinkNumber(_ number: Int, scroll: Int) -> [InteractiveEffect] {
        mode = .choosingLink(number: min(number, Self.longestLinkNumber), scroll: scroll)
        if number > readingLinkCount { message = .noSuchLink(number, count: readingLinkCount) }
        return []
    }

    /// Digits beyond any page's links are not kept growing without bound.
    private static let longestLinkNumber = 99_999

    /// `J` / `K`: the tab's next or previous article, from its top; at either end of the
    /// tab, the article stays and the status line says why.
    private mutating func readNeighbour(by delta: Int) -> [InteractiveEffect] {
        let selection = shownTab.cursor.selection
        withCursor { $0.move(by: delta, total: $1, rows: $2) }
        guard shownTab.cursor.selection != selection else {
            message = delta > 0 ? .lastArticle : .firstArticle
            return []
        }
        mode = .reading(scroll: 0)
        return [.read(tab: current, article: shownTab.cursor.selection)]
    }
}
