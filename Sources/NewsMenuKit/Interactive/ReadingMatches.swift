// What `/` found in the article being read, shown: every place a word of the query occurs in
// the lines on screen, in reverse video, and which of the lines holding them the last search
// went to ("2 of 7").
import Foundation
import NewsModel
import NewsRender
import NewsStore

enum ReadingMatches {
    /// `line` (as `ArticlePage` styled it, SGR sequences and all) with each occurrence of each
    /// of `words` (`TitleMatcher.words`) in reverse video, matched as `/` matches: any case,
    /// accents and full- or half-width forms. Reverse video is switched on and off alone
    /// (SGR 7 and 27), so the line's own colours and weights go on around and under it; a
    /// sequence of the line's own inside a match (a link's end resets every attribute) is
    /// followed by reverse video again.
    static func marked(_ line: String, words: [String]) -> String {
        guard !words.isEmpty else { return line }
        let ranges = visibleRanges(in: TerminalText.unstyled(line), of: words)
        guard !ranges.isEmpty else { return line }
        var output = String.UnicodeScalarView()
        var visible = 0
        var next = 0
        var inside = false
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if inside, visible == ranges[next].upperBound {
                output.append(contentsOf: reverseOff.unicodeScalars)
                inside = false
                next += 1
            }
            if scalar == "\u{1B}" {
                output.append(scalar)
                while let part = scalars.next() {
                    output.append(part)
                    if part == "m" { break }
                }
                if inside { output.append(contentsOf: reverse.unicodeScalars) }
                continue
            }
            if !inside, next < ranges.count, visible == ranges[next].lowerBound {
                output.append(contentsOf: reverse.unicodeScalars)
                inside = true
            }
            output.append(scalar)
            visible += 1
        }
        if inside { output.append(contentsOf: reverseOff.unicodeScalars) }
        return String(output)
    }

    /// The lines (their text without styles) that hold every one of `words`, or hold them
    /// with the line after, as `/` finds them: where `n` and `N` go.
    static func lines(of text: [String], holding words: [String]) -> [Int] {
        guard !words.isEmpty else { return [] }
        return text.indices.filter { holds(text, $0, words) }
    }

    /// Whether line `index` of `text` holds every word, or holds them joined with the next
    /// line where that one alone does not: a phrase the layout broke (確認す / るため) is
    /// found where it starts, whatever the window's width.
    static func holds(_ text: [String], _ index: Int, _ words: [String]) -> Bool {
        if TitleMatcher.matches(text[index], words: words) { return true }
        guard index + 1 < text.count, !TitleMatcher.matches(text[index + 1], words: words) else { return false }
        let next = text[index + 1].drop { $0.isWhitespace }
        return TitleMatcher.matches(text[index] + next, words: words)
    }

    private static let reverse = "\u{1B}[7m"
    private static let reverseOff = "\u{1B}[27m"

    /// Where the words occur in `text`, as offsets of its Unicode scalars, ascending, those
    /// that overlap or touch joined.
    private static func visibleRanges(in text: String, of words: [String]) -> [Range<Int>] {
        let (folded, origins) = WidthFolding.foldedWithOrigins(text)
        let scalars = folded.unicodeScalars
        var found: [Range<Int>] = []
        for word in words {
            var from = folded.startIndex
            while let range = folded.range(of: word, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                           range: from..<folded.endIndex), !range.isEmpty {
                let lower = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
                let upper = scalars.distance(from: scalars.startIndex, to: range.upperBound)
                found.append(origins[lower]..<origins[upper])
                from = range.upperBound
            }
        }
        return found.joinedRanges()
    }
}
