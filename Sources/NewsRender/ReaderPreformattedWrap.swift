// A preformatted line (code, a poem, ASCII art) longer than the reading width, in segments
// that fit it. Code has no place where a break would be right, so it is cut at the width,
// between any two clusters, and nothing is dropped; every segment after the first starts
// with a dim mark, so that it is not taken for a line of its own.

enum ReaderPreformattedWrap {
    /// `line` as segments of at most `firstWidth` columns, then `restWidth`, the later ones
    /// after `mark` where it leaves room for the cluster that begins them. A line that fits
    /// is one segment, as written; an empty line is one empty segment. A cluster wider than
    /// a whole line (a kanji in one column) cannot be drawn and is left out.
    static func segments(
        _ line: [ReaderPiece], firstWidth: Int, restWidth: Int, mark: ReaderPiece, ambiguousWide: Bool
    ) -> [[ReaderPiece]] {
        let markColumns = DisplayWidth.width(of: mark.text, ambiguousWide: ambiguousWide)
        var segments: [[ReaderPiece]] = [[]]
        var used = 0
        var room = firstWidth
        for piece in line {
            var text = ""
            for character in piece.text {
                let columns = DisplayWidth.width(of: character, ambiguousWide: ambiguousWide)
                if used + columns > room {
                    guard columns <= restWidth else { continue }
                    if !text.isEmpty { segments[segments.count - 1].append(ReaderPiece(text, piece.style)) }
                    text = ""
                    // A segment holding the mark alone, whose cluster did not fit after it, is
                    // taken back rather than drawn empty.
                    if segments.count > 1, segments[segments.count - 1].count == 1, used == markColumns {
                        segments.removeLast()
                    }
                    let marked = markColumns + columns <= restWidth
                    segments.append(marked ? [mark] : [])
                    used = marked ? markColumns : 0
                    room = restWidth
                }
                text.append(character)
                used += columns
            }
            if !text.isEmpty { segments[segments.count - 1].append(ReaderPiece(text, piece.style)) }
        }
        return segments
    }
}
