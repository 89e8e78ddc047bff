// The keys of the interactive page menu, by mode: tabs across, articles down, and the
// commands on the selected article.
import TerminalIO

extension InteractiveState {
    mutating func handle(_ key: Key, search: some TabSearching) -> [InteractiveEffect] {
        lastClicked = nil
        switch mode {
        case .help(let scroll):
            // The help covers the status line: a message that came meanwhile (a background
            // fetch's result) waits there for the help to close, until the key after.
            return readHelp(key, scroll: scroll)
        case .confirmingMarkRead:
            message = nil
            mode = .browsing
            guard key == .character("y") || key == .character("Y") else {
                message = .notMarked
                return []
            }
            return [.markTabRead(tab: current)]
        case .searching(let draft, let origin):
            message = nil
            return typeSearch(key, draft: draft, origin: origin, search: search)
        case .reading(let scroll):
            message = nil
            return read(key, scroll: scroll, search: search)
        case .choosingLink(let number, let scroll):
            message = nil
            return chooseLink(key, number: number, scroll: scroll)
        case .searchingArticle(let draft, let origin, _):
            message = nil
            typeArticleSearch(key, draft: draft, origin: origin)
            return []
        case .browsing:
            message = nil
            return browse(key, search: search)
        }
    }

    private mutating func browse(_ key: Key, search: some TabSearching) -> [InteractiveEffect] {
        let total = shownTab.total
        let selection = shownTab.cursor.selection
        switch key {
        case .right, .character("l"), .tab: return stepTab(by: 1)
        case .left, .character("h"), .backTab: return stepTab(by: -1)
        case .character("0"): return switchTab(to: 0)
        case .character("$"): return switchTab(to: tabs.count - 1)
        case .character(let digit) where ("1"..."9").contains(digit):
            return switchTab(to: Int(String(digit)).map { $0 - 1 } ?? current)
        case .down, .character("j"): withCursor { $0.move(by: 1, total: $1, rows: $2) }
        case .up, .character("k"): withCursor { $0.move(by: -1, total: $1, rows: $2) }
        case .pageDown, .character(" "), .control("f"): withCursor { $0.page(by: $2, total: $1, rows: $2) }
        case .pageUp, .control("b"): withCursor { $0.page(by: -$2, total: $1, rows: $2) }
        case .control("d"): withCursor { $0.page(by: max($2 / 2, 1), total: $1, rows: $2) }
        case .control("u"): withCursor { $0.page(by: -max($2 / 2, 1), total: $1, rows: $2) }
        case .home, .character("g"): withCursor { $0.select(0, total: $1, rows: $2) }
        case .end, .character("G"): withCursor { $0.select($1 - 1, total: $1, rows: $2) }
        case .enter: return startReading()
        case .character("o"):
            return total > 0 ? [.open(tab: current, article: selection)] : []
        case .character("m"):
            return total > 0 ? [.toggleRead(tab: current, article: selection)] : []
        case .character("s"):
            return total > 0 ? [.toggleStar(tab: current, article: selection)] : []
        case .character("A"):
            if shownTab.unread == 0 {
                message = .nothingUnread(tab: shownTab.name)
            } else {
                mode = .confirmingMarkRead
            }
        case .character("/"): mode = .searching(draft: "", origin: selection)
        case .character("u"): selectUnread(forward: true, search: search)
        case .character("U"): selectUnread(forward: false, search: search)
        case .character("n"): repeatSearch(forward: true, search: search)
        case .character("N"): repeatSearch(forward: false, search: search)
        case .character("r"): return [.refresh]
        case .character("?"): mode = .help(scroll: 0)
        case .character("q"), .escape, .control("c"): return [.quit]
        case .control("z"): return [.suspend]
        case .control("l"): return [.repaint]
        default: break
        }
        return []
    }

    /// `u` / `U`: the nearest unread article below or above the selection; none that way
    /// leaves the selection and says so.
    @discardableResult
    mutating func selectUnread(forward: Bool, search: some TabSearching) -> Bool {
        guard let found = search.unread(inTab: current, from: shownTab.cursor.selection, forward: forward) else {
            message = forward ? .noUnreadBelow : .noUnreadAbove
            return false
        }
        withCursor { $0.select(found, total: $1, rows: $2) }
        return true
    }
}
