// `/` searches the shown tab's titles as the query is typed; Enter keeps the match, Esc goes
// back to where the search started; Ctrl-U clears the query and Ctrl-W deletes its last
// word, as in a shell; `n` / `N` go to the next and previous match.
import TerminalIO

extension InteractiveState {
    mutating func typeSearch(
        _ key: Key, draft: String, origin: Int, search: some TabSearching
    ) -> [InteractiveEffect] {
        var draft = draft
        switch key {
        case .enter:
            mode = .browsing
            if !draft.isEmpty { query = draft }
            return []
        case .escape, .control("c"), .control("g"):
            mode = .browsing
            withCursor { $0.select(origin, total: $1, rows: $2) }
            return []
        case .backspace, .control("h"):
            guard !draft.isEmpty else {
                mode = .browsing
                return []
            }
            draft.removeLast()
        case .control("u"):
            draft = ""
        case .control("w"):
            draft = SearchPrompt.droppingLastWord(draft)
        case .character(let character):
            draft.append(character)
        default:
            return []
        }
        mode = .searching(draft: draft, origin: origin)
        guard !draft.isEmpty else {
            withCursor { $0.select(origin, total: $1, rows: $2) }
            return []
        }
        if let found = search.match(draft, inTab: current, from: origin, forward: true) {
            withCursor { $0.select(found, total: $1, rows: $2) }
        } else {
            message = .noMatch
        }
        return []
    }

    mutating func repeatSearch(forward: Bool, search: some TabSearching) {
        guard let query, !query.isEmpty else {
            message = .noSearchYet
            return
        }
        let total = shownTab.total
        guard total > 0 else { return }
        let start = (shownTab.cursor.selection + (forward ? 1 : -1) + total) % total
        guard let found = search.match(query, inTab: current, from: start, forward: forward) else {
            message = .noMatchFor(query: query)
            return
        }
        withCursor { $0.select(found, total: $1, rows: $2) }
    }
}
