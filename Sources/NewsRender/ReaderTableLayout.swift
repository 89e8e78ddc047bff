// A table's rows at a width. Where every row fits on a line, a line per row with its cells
// between separators, as a small table reads best. Where one does not, a separator would
// land in the middle of a wrapped line and the columns could not be told apart: then every
// row is a group of lines, its first cell at the left and each other cell on lines of its
// own, indented, with a blank line between rows.

struct ReaderTableLayout {
    /// Columns for the table's text, after the marks of the frames it is in.
    let room: Int
    let separator: String
    let ambiguousWide: Bool

    /// Columns a row's second and later cells are indented by when the row is set out a
    /// cell to a line.
    static let cellIndent = 2

    /// The table's lines, without the frames' marks; an empty line is a blank one.
    func lines(_ rows: [[[ReaderPiece]]]) -> [[ReaderPiece]] {
        let separator = ReaderPiece(self.separator, .faint)
        var oneLineRows: [[ReaderPiece]] = []
        for row in rows {
            let joined = Array(row.enumerated().map { $0.offset == 0 ? $0.element : [separator] + $0.element }.joined())
            let wrapped = wrap(joined, width: room)
            guard wrapped.count <= 1 else { return stacked(rows) }
            oneLineRows += wrapped
        }
        return oneLineRows
    }

    /// Every row a cell to a line, rows apart.
    private func stacked(_ rows: [[[ReaderPiece]]]) -> [[ReaderPiece]] {
        let indent = room > 2 * Self.cellIndent ? Self.cellIndent : 0
        let indentPiece = ReaderPiece(String(repeating: " ", count: indent))
        var lines: [[ReaderPiece]] = []
        for row in rows {
            var rowLines: [[ReaderPiece]] = []
            for cell in row {
                let cellLines = wrap(cell, width: room - (rowLines.isEmpty ? 0 : indent))
                rowLines += rowLines.isEmpty ? cellLines : cellLines.map { [indentPiece] + $0 }
            }
            guard !rowLines.isEmpty else { continue }
            if !lines.isEmpty { lines.append([]) }
            lines += rowLines
        }
        return lines
    }

    private func wrap(_ pieces: [ReaderPiece], width: Int) -> [[ReaderPiece]] {
        ReaderWrap.lines(pieces, firstWidth: width, restWidth: width, breaksAnywhere: false, ambiguousWide: ambiguousWide)
    }
}
