// The `plain` style (NewsPass): labels on a line, the selected one underlined in its colour.

struct PlainHeader: StyleHeader {
    static let height = 3
    static let spacing = 3
    /// Lines the first label up with the article titles.
    static let indent = 2

    let context: RenderContext
    var cellOverhead: Int { 0 }

    func lines(items: [TabItem], selected: Int, accent: Ink) -> [StyledLine] {
        let (bar, nameColumn) = labelRow(
            items, in: place(items, selected: selected), selected: selected
        ) { row, index, item in
            appendLabel(
                item, to: &row,
                nameStyle: index == selected ? TextStyle(bold: true, ink: item.ink) : .plain,
                badgeStyle: .faint)
            return 0
        }
        // Seed 000's `menuBottomLine`: under the name only, exactly as wide.
        var indicator = context.newLine()
        if let nameColumn {
            indicator.advance(to: nameColumn)
            indicator.append(
                context.rule(context.glyphs.heavy, items[selected].nameWidth), TextStyle(ink: accent))
        }
        var separator = context.newLine()
        separator.append(context.rule(context.glyphs.light, context.width), .faint)
        return [bar, indicator, separator]
    }
}
