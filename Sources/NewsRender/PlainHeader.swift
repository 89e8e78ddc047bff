// The `plain` style (NewsPass): labels on a line, the selected one underlined in its colour.

struct PlainHeader: StyleHeader {
    static let height = 3
    /// Columns between two labels.
    static let spacing = 3
    /// Columns before the first label when the bar fits; lines labels up with titles.
    static let indent = 2

    let context: RenderContext
    let cellOverhead = 0

    init(context: RenderContext) {
        self.context = context
    }

    func lines(items: [TabItem], selected: Int, accent: Ink) -> [StyledLine] {
        let strip = place(
            items, spacing: Self.spacing, indent: Self.indent, selected: selected, context: context)
        var bar = strip.labelRow(context)
        var indicator = context.newLine()
        for (index, item) in items.enumerated() {
            guard let column = strip.columns[index] else { continue }
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
