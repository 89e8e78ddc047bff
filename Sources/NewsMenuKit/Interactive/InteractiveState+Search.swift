// `/` searches the shown tab's titles for every word of the query as it is typed (or
// pasted); Enter keeps the match, Esc goes back to where the search started; Ctrl-U clears
// the query and Ctrl-W deletes its last word, as in a shell; `n` / `N` go to the next and
// previous match.
import TerminalIO

extension InteractiveState {
    mutating func typeSearch(
        _ key: Key, draft: String, origin: Int, search: some TabSearching
    ) -> [InteractiveEffect] {
        switch key {
        case .enter:
            mode = .browsing
            if !Self.isBlank(draft) { query = draft }
            return []
        case .escape, .control("c"), .control("g"):
            mode = .browsing
            withCursor { $0.select(origin, total: $1, rows: $2) }
            return []
        default:
            switch SearchPrompt.edit(draft, with: key) {
            case .edited(let draft): return updateSearch(draft: draft, origin: origin, search: search)
            case .leave: mode = .browsing
            case .notAnEdit: break
            }
            return []
        }
    }

    /// Pasted text goes into the query being typed (in the list or an article), as one line
    /// (`SearchPrompt.pastedLine`);
    /// anywhere else it does nothing (a link pasted into the wrong window must not star, open
    /// or mark anything) but answer no to `A`'s question.
    mutating func paste(_ text: String, search: some TabSearching) -> [InteractiveEffect] {
        lastClicked = nil
        switch mode {
        case .searching(let draft, let origin):
            message = nil
            return updateSearch(draft: draft + SearchPrompt.pastedLine(text), origin: origin, search: search)
        case .confirmingMarkRead:
            mode = .browsing
            message = .notMarked
            return []
        case .searchingArticle(let draft, let origin, _):
            message = nil
            pasteIntoArticleSearch(text, draft: draft, origin: origin)
            return []
        case .help, .browsing, .reading, .choosingLink:
            return []
        }
    }

    /// The query is now `draft`: the first title from the search's origin matching it is
    /// selected, the origin itself when the query has no word yet.
    private mutating func updateSearch(draft: String, origin: Int, search: some TabSearching) -> [InteractiveEffect] {
        mode = .searching(draft: draft, origin: origin)
        guard !Self.isBlank(draft) else {
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

    /// Empty or only spaces: no word to search for (`TitleMatcher.words`), so no match to
    /// report missing either.
    private static func isBlank(_ draft: String) -> Bool {
        draft.allSatisfy(\.isWhitespace)
    }

    mutating func repeatSearch(forward: Bool, search: some TabSearching) {
        guard let query else {
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
