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

    func lines(items: [TabItem], selected: Int, accent: Ink) -> [StyledLine] {
        let strip = place(items, selected: selected)
        var bar = strip.labelRow(context)
        var nameColumn: Int?
        forEachShown(items, in: strip) { index, item, column in
            bar.advance(to: column)
            bar.append(context.glyphs.tabEdge, TextStyle(ink: item.ink))
            if index == selected {
                let block = TextStyle(bold: true, ink: item.ink.contrasting, fill: item.ink)
                bar.append(" ", block)
                appendLabel(item, to: &bar, nameStyle: block, badgeStyle: block, gapStyle: block)
                bar.append(" ", block)
                nameColumn = column + edgeWidth + 1
            } else {
                bar.append(" ")
                appendLabel(
                    item, to: &bar, nameStyle: TextStyle(ink: item.ink), badgeStyle: .faint)
                bar.append(" ")
            }
        }
        strip.closeLabelRow(&bar, context)
        let rule = accentRule(
            width: context.width, heavyStart: nameColumn,
            heavyWidth: nameColumn == nil ? 0 : items[selected].nameWidth, ink: accent)
        return [bar, rule]
    }
}
