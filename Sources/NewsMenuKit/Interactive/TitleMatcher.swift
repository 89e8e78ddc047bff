// What `/` matches: a title containing every word of the query, anywhere and in any order
// (as `newsmenu search` takes its words), ignoring case, diacritics and full- or half-width
// forms, scanned from a start point around the tab once.
import Foundation
import NewsStore

enum TitleMatcher {
    /// The query's whitespace-separated words, width-folded as `newsmenu search` folds
    /// them first (Foundation's width-insensitive comparison leaves ｶﾞ, two scalars, apart
    /// from ガ). Empty for a query of only spaces, which matches nothing, as an empty one.
    static func words(of query: String) -> [String] {
        WidthFolding.folded(query).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether `title` holds each of `words` (`words(of:)`).
    static func matches(_ title: String, words: [String]) -> Bool {
        let folded = WidthFolding.folded(title)
        return words.allSatisfy { word in
            folded.range(of: word, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil
        }
    }

    /// The first index at or after `start` going `forward` (else at or before it going
    /// back), wrapping once, whose title matches `query`; nil when none does.
    static func match(_ query: String, in titles: [String], from start: Int, forward: Bool) -> Int? {
        let words = words(of: query)
        guard !titles.isEmpty, !words.isEmpty else { return nil }
        let count = titles.count
        let first = min(max(start, 0), count - 1)
        for step in 0..<count {
            let index = ((first + (forward ? step : -step)) % count + count) % count
            if matches(titles[index], words: words) { return index }
        }
        return nil
    }
}
