// The border around the page in styles that frame it (smart), and the footer line, which
// a frame carries in its bottom edge.

struct PageFrame {
    let isFramed: Bool
    let accent: Ink
    let context: RenderContext
    let sideWidth: Int

    init(style: MenuStyle, accent: Ink, context: RenderContext) {
        isFramed = style.framesPage
        self.accent = accent
        self.context = context
        sideWidth = isFramed ? context.columns(of: context.glyphs.vertical) : 0
    }

    /// Columns left for the rows inside the frame.
    var innerWidth: Int { context.width - 2 * sideWidth }

    /// `rows` between the frame's sides, or unchanged without a frame.
    func enclose(_ rows: [StyledLine]) -> [StyledLine] {
        guard isFramed else { return rows }
        let side = TextStyle(ink: accent)
        return rows.map { row in
            var line = context.newLine()
            line.append(context.glyphs.vertical, side)
            var inner = row
            inner.advance(to: innerWidth)
            for run in inner.runs { line.append(run.text, run.style) }
            line.append(context.glyphs.vertical, side)
            return line
        }
    }

    /// The footer: indented and faint, or set into the frame's bottom edge.
    func footer(_ text: String) -> StyledLine {
        var line = context.newLine()
        guard isFramed else {
            line.appendSpaces(2)
            line.append(context.truncate(text, to: context.width - 2), .faint)
            return line
        }
        let glyphs = context.glyphs
        let edge = TextStyle(ink: accent)
        let cornerWidth = context.columns(of: glyphs.bottomLeft)
        let inner = context.width - cornerWidth - context.columns(of: glyphs.bottomRight)
        // One rule column, a space each side of the text, and at least one rule column after.
        let label = context.truncate(text, to: inner - 4)
        line.append(glyphs.bottomLeft + context.rule(glyphs.light, 1), edge)
        line.append(" " + label + " ", .faint)
        line.append(context.rule(glyphs.light, context.width - cornerWidth - line.width), edge)
        line.append(glyphs.bottomRight, edge)
        return line
    }
}
