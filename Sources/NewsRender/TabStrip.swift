// Where each tab cell goes on the bar: from the left when all fit, else scrolled so that
// the selected cell is centred, with `‹` / `›` marking hidden tabs (seed 004).

struct TabStrip {
    /// When the bar overflows, this many columns on each side hold `‹` / `›` and a space.
    static let markGutter = 2

    /// The line column where each cell starts, nil for a cell scrolled out of view.
    var columns: [Int?]
    var hiddenBefore: Bool
    var hiddenAfter: Bool

    static func viewport(width: Int) -> Int { width - 2 * markGutter }

    /// Cells `spacing` columns apart, starting `indent` columns in when they all fit.
    static func place(
        cellWidths: [Int], spacing: Int, indent: Int, selected: Int, width: Int
    ) -> TabStrip {
        guard !cellWidths.isEmpty else {
            return TabStrip(columns: [], hiddenBefore: false, hiddenAfter: false)
        }
        var starts: [Int] = []
        var next = 0
        for cellWidth in cellWidths {
            starts.append(next)
            next += cellWidth + spacing
        }
        if indent + next - spacing <= width {
            return TabStrip(
                columns: starts.map { indent + $0 }, hiddenBefore: false, hiddenAfter: false)
        }
        // Centre the selected cell in the viewport. The offset is not clamped: blank space
        // beyond either end lets the first and last tabs sit in the centre too.
        let viewport = viewport(width: width)
        let offset = starts[selected] + cellWidths[selected] / 2 - viewport / 2
        let columns: [Int?] = cellWidths.indices.map { index in
            let start = starts[index] - offset
            let fits = start >= 0 && start + cellWidths[index] <= viewport
            return fits ? markGutter + start : nil
        }
        return TabStrip(
            columns: columns, hiddenBefore: columns.first.flatMap { $0 } == nil,
            hiddenAfter: columns.last.flatMap { $0 } == nil)
    }

    /// A label row, opened with `‹` when tabs are hidden before the first shown one.
    func labelRow(_ context: RenderContext) -> StyledLine {
        var line = context.newLine()
        if hiddenBefore { line.append(context.glyphs.moreBefore, .faint) }
        return line
    }

    /// Closes a label row whose cells are drawn: `›` at the right edge when tabs are
    /// hidden after the last shown one.
    func closeLabelRow(_ line: inout StyledLine, _ context: RenderContext) {
        guard hiddenAfter else { return }
        line.advance(to: context.width - context.columns(of: context.glyphs.moreAfter))
        line.append(context.glyphs.moreAfter, .faint)
    }
}
