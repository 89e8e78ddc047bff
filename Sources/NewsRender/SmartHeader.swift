// The `smart` style (SmartNews): a cell filled with each tab's own colour, the selected one
// bold and underlined; the page below is framed in the selected colour, and the frame's
// top edge turns heavy beneath the selected name.

struct SmartHeader: StyleHeader {
    static let height = 2
    static let spacing = 1
    /// Lines the first cell up inside the frame.
    static let indent = 1

    let context: RenderContext
    /// A space each side of the label.
    var cellOverhead: Int { 2 }
    var nameOffset: Int { 1 }

    func lines(items: [TabItem], selected: Int, accent: Ink, indicator: IndicatorSpan?) -> [StyledLine] {
        let strip = place(items, selected: selected)
        let bar = labelRow(items, in: strip) { row, index, item in
            let cell: TextStyle
            if index == selected {
                cell = TextStyle(bold: true, underline: true, ink: item.ink.contrasting, fill: item.ink)
            } else if context.colors.usesColor {
                cell = TextStyle(ink: item.ink.contrasting, fill: item.ink)
            } else {
                // Without colour only the selected cell is filled (in reverse video).
                cell = .plain
            }
            row.append(" ", cell)
            appendLabel(item, to: &row, nameStyle: cell, badgeStyle: cell, gapStyle: cell)
            row.append(" ", cell)
        }

        let glyphs = context.glyphs
        let cornerWidth = context.columns(of: glyphs.topLeft)
        var top = context.newLine()
        top.append(glyphs.topLeft, TextStyle(ink: accent))
        let inner = context.width - cornerWidth - context.columns(of: glyphs.topRight)
        let heavy = indicatorSpan(items, in: strip, selected: selected, slide: indicator).map { span in
            IndicatorSpan(start: span.start - cornerWidth, width: span.width)
        }
        let edge = accentRule(width: inner, heavy: heavy, ink: accent)
        for run in edge.runs { top.append(run.text, run.style) }
        top.append(glyphs.topRight, TextStyle(ink: accent))
        return [bar, top]
    }
}
