// Fills a paragraph's styled text into lines of a given number of columns: greedily, at the
// last place `ReaderBreakRules` allows, and where a word (or a run of characters kinsoku
// binds together) is longer than a whole line, at a grapheme cluster boundary, so that no
// line ever exceeds its width and no wide character straddles the edge.

enum ReaderWrap {
    /// `pieces` as lines: the first at most `firstWidth` columns, the others `restWidth`
    /// (both at least 1). Spaces where a line breaks are dropped, as are spaces at the start
    /// of every line. `breaksAnywhere` lets a line break between any two clusters (a URL).
    /// A cluster wider than a whole line (a kanji in one column) cannot be drawn and is left
    /// out.
    static func lines(
        _ pieces: [ReaderPiece], firstWidth: Int, restWidth: Int, breaksAnywhere: Bool, ambiguousWide: Bool
    ) -> [[ReaderPiece]] {
        let cells = self.cells(of: pieces, ambiguousWide: ambiguousWide)
        var lines: [[ReaderPiece]] = []
        var start = skipSpaces(cells, from: 0)
        while start < cells.count {
            let room = lines.isEmpty ? firstWidth : restWidth
            var used = 0
            var lastBreak = start
            var end = cells.count
            var index = start
            while index < cells.count {
                let cell = cells[index]
                if index > start, breaksAnywhere || cell.kind.has(.space)
                    || (!cells[index - 1].kind.has(.space)
                        && ReaderBreakRules.mayBreak(between: cells[index - 1].kind, and: cell.kind)) {
                    lastBreak = index
                }
                if used + cell.width > room {
                    if lastBreak > start {
                        end = lastBreak
                    } else {
                        end = index == start ? start : hardBreak(cells, start: start, overflow: index)
                    }
                    break
                }
                used += cell.width
                index += 1
            }
            if end == start {
                // The first cluster alone is wider than the line.
                start = skipSpaces(cells, from: start + 1)
                continue
            }
            // A line of nothing visible (zero-width characters alone) is no line.
            if cells[start..<end].contains(where: { $0.width > 0 }) {
                lines.append(line(cells, start..<end, pieces: pieces))
            }
            start = skipSpaces(cells, from: end)
        }
        return lines
    }

    /// One grapheme cluster: where it starts in its piece's text (in UTF-8 bytes), its
    /// columns and its break class.
    private struct Cell {
        var offset: Int
        var width: Int
        var kind: ReaderBreakClass
        var piece: Int
    }

    private static func cells(of pieces: [ReaderPiece], ambiguousWide: Bool) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(pieces.reduce(0) { $0 + $1.text.utf8.count })
        for (pieceIndex, piece) in pieces.enumerated() {
            var offset = 0
            for character in piece.text {
                var kind = ReaderBreakRules.classify(character)
                if offset == 0 ? piece.glued : piece.unbreakable { kind = kind.adding(.glued) }
                // Only a hyphen joining letters offers a break after it; not "-5", not "--".
                if kind.has(.hyphen), !(cells.last?.kind.has(.letter) ?? false) {
                    kind = kind.removing(.hyphen)
                }
                cells.append(Cell(
                    offset: offset, width: DisplayWidth.width(of: character, ambiguousWide: ambiguousWide),
                    kind: kind, piece: pieceIndex))
                offset += character.utf8.count
            }
        }
        return cells
    }

    /// Where to cut a line when no break is allowed before the cluster at `overflow`, which
    /// does not fit: at the last no-break space before it, else right before it, moved back a few clusters if that keeps closing
    /// punctuation from starting the next line or an opening bracket from ending this one.
    /// When no such place is near, the kinsoku rule gives way, never the width.
    private static func hardBreak(_ cells: [Cell], start: Int, overflow: Int) -> Int {
        // A no-break space holds words together only while they fit on a line together: a
        // date and its time wider than the line part there rather than inside a number.
        if let space = (start + 1..<overflow).last(where: { cells[$0].kind.has(.blank) }) { return space }
        var cut = overflow
        for _ in 0..<3 {
            let violates = cells[cut].kind.has(.noStart) || cells[cut - 1].kind.has(.noEnd)
            guard violates, cut - 1 > start else { break }
            cut -= 1
        }
        let settled = !(cells[cut].kind.has(.noStart) || cells[cut - 1].kind.has(.noEnd))
        return settled ? cut : overflow
    }

    private static func skipSpaces(_ cells: [Cell], from index: Int) -> Int {
        var index = index
        while index < cells.count, cells[index].kind.has(.blank) { index += 1 }
        return index
    }

    /// The cells of `range` as pieces, without the spaces that end it. A no-break space,
    /// which held words together, is drawn as a space.
    private static func line(_ cells: [Cell], _ range: Range<Int>, pieces: [ReaderPiece]) -> [ReaderPiece] {
        var end = range.upperBound
        while end > range.lowerBound, cells[end - 1].kind.has(.blank) { end -= 1 }
        var line: [ReaderPiece] = []
        var first = range.lowerBound
        while first < end {
            var last = first
            while last + 1 < end, cells[last + 1].piece == cells[first].piece { last += 1 }
            let piece = pieces[cells[first].piece]
            let utf8 = piece.text.utf8
            let endOffset = last + 1 < cells.count && cells[last + 1].piece == cells[first].piece
                ? cells[last + 1].offset : utf8.count
            let lower = utf8.index(utf8.startIndex, offsetBy: cells[first].offset)
            var text = String(piece.text[lower..<utf8.index(utf8.startIndex, offsetBy: endOffset)])
            if containsNoBreakSpace(text) {
                text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{A0}" ? " " : $0 }))
            }
            line.append(ReaderPiece(text, piece.style))
            first = last + 1
        }
        return line
    }

    /// U+00A0 is C2 A0 in UTF-8, and C2 only ever leads a character.
    private static func containsNoBreakSpace(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0xC2, byte == 0xA0 { return true }
            previous = byte
        }
        return false
    }
}
