// What `/` matches: a title containing the query, ignoring case, diacritics and full- or
// half-width forms, scanned from a start point around the tab once.
import Foundation
import NewsStore

enum TitleMatcher {
    /// Both sides width-folded as `newsmenu search` folds them first: Foundation's
    /// width-insensitive comparison leaves ｶﾞ (two scalars) apart from ガ.
    static func matches(_ title: String, _ query: String) -> Bool {
        WidthFolding.folded(title).range(of: WidthFolding.folded(query),
                                         options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) != nil
    }

    /// The first index at or after `start` going `forward` (else at or before it going
    /// back), wrapping once, whose title matches; nil when none does.
    static func match(_ query: String, in titles: [String], from start: Int, forward: Bool) -> Int? {
        guard !titles.isEmpty else { return nil }
        let count = titles.count
        let first = min(max(start, 0), count - 1)
        for step in 0..<count {
            let index = ((first + (forward ? step : -step)) % count + count) % count
            if matches(titles[index], query) { return index }
        }
        return nil
    }
}
