// The `plain` style (NewsPass): labels on a line, the selected one underlined in its colour.

struct PlainHeader: StyleHeader {
    static let height = 3
    static let spacing = 3
    /// Lines the first label up with the article titles.
    static let indent = 2

    let context: RenderContext
    var cellOverhead: Int { 0 }

    func lines(items: [TabItem], selected: Int, accent: Ink) -> [StyledLine] {
        let strip = place(items, selected: selected)
        var bar = strip.labelRow(context)
        var indicator = context.newLine()
        forEachShown(items, in: strip) { index, item, column in
            bar.advance(to: column)
            let isSelected = index == selected
            appendLabel(
                item, to: &bar,
                nameStyle: isSelected ? TextStyle(bold: true, ink: item.ink) : .plain,
                badgeStyle: .faint)
            if isSelected {
                // Seed 000's `menuBottomLine`: under the name only, exactly as wide.
                indicator.advance(to: column)
                indicator.append(
                    context.rule(context.glyphs.heavy, item.nameWidth), TextStyle(ink: item.ink))
            }
        }
        strip.closeLabelRow(&bar, context)
        var separator = context.newLine()
        separator.append(context.rule(context.glyphs.light, context.width), .faint)
        return [bar, indicator, separator]
    }
}
