// The `plain` style (NewsPass): labels on a line, the selected one underlined in its colour.

struct PlainHeader: StyleHeader {
    static let height = 3
    static let spacing = 3
    /// Lines the first label up with the article titles.
    static let indent = 2

    let context: RenderContext
    var cellOverhead: Int { 0 }
    var nameOffset: Int { 0 }

    func lines(items: [TabItem], selected: Int, accent: Ink, indicator: IndicatorSpan?) -> [StyledLine] {
        let strip = place(items, selected: selected)
        let bar = labelRow(items, in: strip) { row, index, item in
            appendLabel(
                item, to: &row,
                nameStyle: index == selected ? TextStyle(bold: true, ink: item.ink) : .plain,
                badgeStyle: .faint)
        }
        // Seed 000's `menuBottomLine`: under the name only, exactly as wide.
        var indicatorLine = context.newLine()
        if let span = indicatorSpan(items, in: strip, selected: selected, slide: indicator) {
            indicatorLine.advance(to: span.start)
            indicatorLine.append(context.rule(context.glyphs.heavy, span.width), TextStyle(ink: accent))
        }
        var separator = context.newLine()
        separator.append(context.rule(context.glyphs.light, context.width), .faint)
        return [bar, indicatorLine, separator]
    }
}
