// The reading view's blocks laid out at a width: each line its frames' marks (quote bars,
// list markers, cut when nesting would leave the text too little room), then its text,
// wrapped (preformatted lines at the width, marked where they go on), ruled or set out as
// a table, closed into a string with the escapes the colour mode allows and no trailing
// space.

struct ReaderLayout {
    let width: Int
    let colors: ColorMode
    let glyphs: ReaderGlyphs
    let ambiguousWide: Bool

    /// The marks before a line never take more than this share of the width, so that deep
    /// nesting on a narrow terminal still leaves the text half of it.
    private var prefixLimit: Int { width / 2 }

    func lines(_ blocks: [ReaderBlock]) -> [String] {
        var output: [String] = []
        var previous: ReaderBlock?
        var blankOwed = false
        for block in blocks {
            // A block with nothing to show (a no-break space, a character too wide for the
            // line) passes its blank line on rather than leaving two in a row.
            let blockLines = lines(of: block)
            blankOwed = blankOwed || block.blankBefore
            guard !blockLines.isEmpty else { continue }
            if blankOwed, !output.isEmpty {
                output.append(render(blankLinePrefix(between: previous, and: block)))
            }
            output += blockLines
            previous = block
            blankOwed = false
        }
        return output
    }

    private func lines(of block: ReaderBlock) -> [String] {
        let first = cut(zip(block.frames, block.opensFrames).map { $1 ? $0.first : $0.rest }, to: prefixLimit)
        let rest = cut(block.frames.map(\.rest), to: prefixLimit)
        let firstRoom = width - columns(of: first)
        let restRoom = width - columns(of: rest)
        switch block.content {
        case .flow(let pieces, let breaksAnywhere):
            let wrapped = ReaderWrap.lines(
                pieces, firstWidth: firstRoom, restWidth: restRoom, breaksAnywhere: breaksAnywhere,
                ambiguousWide: ambiguousWide)
            return wrapped.enumerated().map { index, line in render((index == 0 ? first : rest) + line) }
        case .preformatted(let lines):
            let mark = ReaderPiece(glyphs.continuation, .faint)
            var output: [String] = []
            for line in lines {
                let segments = ReaderPreformattedWrap.segments(
                    line, firstWidth: output.isEmpty ? firstRoom : restRoom, restWidth: restRoom, mark: mark,
                    ambiguousWide: ambiguousWide)
                for segment in segments { output.append(render((output.isEmpty ? first : rest) + segment)) }
            }
            return output
        case .rule:
            return [render(first + [ReaderPiece(rule(firstRoom), .faint)])]
        case .table(let rows):
            let table = ReaderTableLayout(
                room: min(firstRoom, restRoom), separator: glyphs.cellSeparator, ambiguousWide: ambiguousWide)
            return table.lines(rows).enumerated()
                .map { index, line in render((index == 0 ? first : rest) + line) }
        }
    }

    /// Before a blank line: the marks of the frames both blocks are in (the bars of a quote
    /// that goes on), so that the quote is not seen to end.
    private func blankLinePrefix(between previous: ReaderBlock?, and next: ReaderBlock) -> [ReaderPiece] {
        guard let previous else { return [] }
        let shared = zip(previous.frames, next.frames).prefix { $0.id == $1.id }.count
        return cut(next.frames.prefix(shared).map(\.rest), to: prefixLimit)
    }

    /// `rule` repeated to exactly `count` columns; when its glyph is drawn two columns wide
    /// an odd count ends in the narrow stand-in.
    private func rule(_ count: Int) -> String {
        let glyphWidth = max(DisplayWidth.width(of: glyphs.rule.glyph, ambiguousWide: ambiguousWide), 1)
        return String(repeating: glyphs.rule.glyph, count: count / glyphWidth)
            + String(repeating: glyphs.rule.narrow, count: count % glyphWidth)
    }

    private func columns(of pieces: [ReaderPiece]) -> Int {
        pieces.reduce(0) { $0 + DisplayWidth.width(of: $1.text, ambiguousWide: ambiguousWide) }
    }

    /// `pieces` cut at a cluster boundary to at most `limit` columns.
    private func cut(_ pieces: [ReaderPiece], to limit: Int) -> [ReaderPiece] {
        guard columns(of: pieces) > limit else { return pieces }
        var budget = limit
        var kept: [ReaderPiece] = []
        for piece in pieces {
            var text = ""
            for character in piece.text {
                let characterColumns = DisplayWidth.width(of: character, ambiguousWide: ambiguousWide)
                if characterColumns > budget {
                    budget = 0
                    break
                }
                budget -= characterColumns
                text.append(character)
            }
            if !text.isEmpty { kept.append(ReaderPiece(text, piece.style)) }
            if budget == 0 { break }
        }
        return kept
    }

    /// The line's text with no space at its end, in the colour mode's escapes.
    private func render(_ pieces: [ReaderPiece]) -> String {
        var pieces = pieces
        while var last = pieces.popLast() {
            while last.text.utf8.last == UInt8(ascii: " ") { last.text.removeLast() }
            if !last.text.isEmpty {
                pieces.append(last)
                break
            }
        }
        var line = StyledLine(ambiguousWide: ambiguousWide)
        for piece in pieces { line.append(piece.text, piece.style) }
        return line.rendered(in: colors)
    }
}
