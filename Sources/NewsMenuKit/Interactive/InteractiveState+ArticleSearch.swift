// `/` while an article is read searches its lines as the query is typed, as `/` in the list
// searches titles (every word, any case, accents and widths alike): the first line from
// where the search started that holds every word (with the next line, for a phrase the
// layout broke) comes to the top of the screen, the words marked on screen. Enter keeps it
// and says which of the lines holding it this is ("2 of 7"), Esc goes back; `n` / `N` go on
// to the next / previous such line, wrapping.
import TerminalIO

extension InteractiveState {
    /// The words marked on the article's lines: those of the query being typed, else of the
    /// last search made in an article (`n` / `N` go on with it).
    var articleSearchWords: [String] {
        if case .searchingArticle(let draft, _, _) = mode { return TitleMatcher.words(of: draft) }
        guard mode.isReading, let articleQuery else { return [] }
        return TitleMatcher.words(of: articleQuery)
    }

    mutating func typeArticleSearch(_ key: Key, draft: String, origin: Int) {
        switch key {
        case .enter:
            let scroll = mode.readingScroll ?? origin
            if !draft.allSatisfy(\.isWhitespace) {
                articleQuery = draft
                tellPosition(of: scroll, for: draft)
            }
            mode = .reading(scroll: scroll)
        case .escape, .control("c"), .control("g"):
            mode = .reading(scroll: origin)
        default:
            switch SearchPrompt.edit(draft, with: key) {
            case .edited(let draft): updateArticleSearch(draft: draft, origin: origin)
            case .leave: mode = .reading(scroll: origin)
            case .notAnEdit: break
            }
        }
    }

    /// Pasted text goes into the query, as one line.
    mutating func pasteIntoArticleSearch(_ text: String, draft: String, origin: Int) {
        updateArticleSearch(draft: draft + SearchPrompt.pastedLine(text), origin: origin)
    }

    /// The query is now `draft`: the first line from the search's start holding it comes to
    /// the top; the start itself while the query has no word.
    private mutating func updateArticleSearch(draft: String, origin: Int) {
        var scroll = origin
        if !draft.allSatisfy(\.isWhitespace) {
            if let found = lineMatching(draft, from: origin, forward: true) {
                scroll = found
                articleMatch = found
            } else {
                message = .noMatch
            }
        }
        mode = .searchingArticle(draft: draft, origin: origin, scroll: scroll)
        clampReadingScroll()
    }

    /// The first line at or after `start` going `forward` (else at or before it), wrapping
    /// once, that holds every word of `query` (`ReadingMatches.holds`).
    private func lineMatching(_ query: String, from start: Int, forward: Bool) -> Int? {
        let words = TitleMatcher.words(of: query)
        guard !readingText.isEmpty, !words.isEmpty else { return nil }
        let count = readingText.count
        let first = min(max(start, 0), count - 1)
        for step in 0..<count {
            let index = ((first + (forward ? step : -step)) % count + count) % count
            if ReadingMatches.holds(readingText, index, words) { return index }
        }
        return nil
    }

    /// Says which of the lines holding `query` the search went to, `line` (nothing when it
    /// holds none: the search found nothing).
    private mutating func tellPosition(of line: Int, for query: String) {
        let lines = ReadingMatches.lines(of: readingText, holding: TitleMatcher.words(of: query))
        guard let position = lines.firstIndex(of: line) else { return }
        message = .articleMatch(position: position + 1, count: lines.count, query: query)
    }

    /// `n` / `N` while reading: the next line after (before) the last one found, else the
    /// screen's first, holding the last query, wrapping round the article.
    mutating func repeatArticleSearch(from scroll: Int, forward: Bool) {
        guard let query = articleQuery else {
            message = .noSearchYet
            return
        }
        guard !readingText.isEmpty else { return }
        let from = articleMatch ?? scroll
        let start = (from + (forward ? 1 : -1) + readingText.count) % readingText.count
        guard let found = lineMatching(query, from: start, forward: forward) else {
            message = .noMatchFor(query: query)
            return
        }
        articleMatch = found
        tellPosition(of: found, for: query)
        mode = .reading(scroll: found)
        clampReadingScroll()
    }
}
