// The key help `?` shows: arrows, j k, pages, g G and the wheel scroll it where it does not
// fit the window; any other key (q and Esc among them) closes it and does nothing else, so
// a reader who pressed q to leave the help is back in the view (in the list, or in the
// article being read), not out of the program.
import TerminalIO

extension InteractiveState {
    /// The first help entry a window of the layout's help rows may start at, at most.
    private var lastHelpScroll: Int {
        max(InteractiveHelp.count(helpTopic) - max(layout.helpRows(helpTopic), 1), 0)
    }

    mutating func readHelp(_ key: Key, scroll: Int) -> [InteractiveEffect] {
        let page = max(layout.helpRows(helpTopic), 1)
        switch key {
        case .down, .character("j"): scrollHelp(to: scroll + 1)
        case .up, .character("k"): scrollHelp(to: scroll - 1)
        case .pageDown, .character(" "): scrollHelp(to: scroll + page)
        case .pageUp: scrollHelp(to: scroll - page)
        case .home, .character("g"): scrollHelp(to: 0)
        case .end, .character("G"): scrollHelp(to: lastHelpScroll)
        default: closeHelp()
        }
        return []
    }

    /// Back to what the help covered: the list, or the article being read where it was.
    mutating func closeHelp() {
        mode = readingUnderHelp.map { .reading(scroll: $0) } ?? .browsing
        readingUnderHelp = nil
        clampReadingScroll()
    }

    /// Scrolls the help by the wheel's `lines`; false when the help is not shown.
    mutating func scrollHelp(byWheel lines: Int) -> Bool {
        guard case .help(let scroll) = mode else { return false }
        scrollHelp(to: scroll + lines)
        return true
    }

    /// Keeps the help's scroll within its entries after the window changed size.
    mutating func clampHelpScroll() {
        if case .help(let scroll) = mode { scrollHelp(to: scroll) }
    }

    private mutating func scrollHelp(to scroll: Int) {
        mode = .help(scroll: min(max(scroll, 0), lastHelpScroll))
    }
}
