// The `tab` style (Gunosy): a block per tab edged in its colour, the selected one filled;
// the page hangs from a rule in the selected colour, heavy beneath the selected name.

struct TabHeader: StyleHeader {
    static let height = 2
    static let spacing = 1
    static let indent = 1

    let context: RenderContext
    var edgeWidth: Int { context.columns(of: context.glyphs.tabEdge) }
    /// The edge glyph, then a space each side of the label.
    var cellOverhead: Int { edgeWidth + 2 }
    var nameOffset: Int { edgeWidth + 1 }

    func lines(items: [TabItem], selected: Int, accent: Ink, indicator: IndicatorSpan?) -> [StyledLine] {
        let strip = place(items, selected: selected)
        let bar = labelRow(items, in: strip) { row, index, item in
            row.append(context.glyphs.tabEdge, TextStyle(ink: item.ink))
            let isSelected = index == selected
            let block = TextStyle(bold: true, ink: item.ink.contrasting, fill: item.ink)
            let padding = isSelected ? block : .plain
            row.append(" ", padding)
            appendLabel(
                item, to: &row, nameStyle: isSelected ? block : TextStyle(ink: item.ink),
                badgeStyle: isSelected ? block : .faint, gapStyle: padding)
            row.append(" ", padding)
        }
        let rule = accentRule(
            width: context.width, heavy: indicatorSpan(items, in: strip, selected: selected, slide: indicator),
            ink: accent)
        return [bar, rule]
    }
}
