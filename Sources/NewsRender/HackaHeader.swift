// The `hacka` style (Hackadoll): each tab in a rounded box of its colour with its unread
// badge; the selected box is bold and its bottom edge turns heavy beneath the name.

struct HackaHeader: StyleHeader {
    static let height = 3
    static let spacing = 0
    static let indent = 0
    /// The badge's colour: the red of a notification badge.
    static let badgeInk = Ink(rgb: (255, 59, 48), named: .brightRed)

    let context: RenderContext
    /// The two sides, and a space each side of the label.
    var cellOverhead: Int { 2 * context.columns(of: context.glyphs.vertical) + 2 }

    var nameOffset: Int { context.columns(of: context.glyphs.vertical) + 1 }

    func lines(items: [TabItem], selected: Int, accent: Ink, indicator: IndicatorSpan?) -> [StyledLine] {
        let strip = place(items, selected: selected)
        let glyphs = context.glyphs
        func border(_ index: Int, _ item: TabItem) -> TextStyle {
            TextStyle(bold: index == selected, dim: index != selected, ink: item.ink)
        }
        let middle = labelRow(items, in: strip) { row, index, item in
            row.append(glyphs.vertical, border(index, item))
            row.append(" ")
            appendLabel(
                item, to: &row,
                nameStyle: index == selected ? TextStyle(bold: true, ink: item.ink) : .plain,
                badgeStyle: TextStyle(
                    bold: true, ink: Self.badgeInk.contrasting, fill: Self.badgeInk))
            row.append(" ")
            row.append(glyphs.vertical, border(index, item))
        }
        let heavy = indicatorSpan(items, in: strip, selected: selected, slide: indicator)
        var top = context.newLine()
        var bottom = context.newLine()
        forEachShown(items, in: strip) { index, item, column in
            let style = border(index, item)
            let inner = item.labelWidth + 2
            top.advance(to: column)
            top.append(glyphs.topLeft + context.rule(glyphs.light, inner) + glyphs.topRight, style)
            bottom.advance(to: column)
            bottom.append(glyphs.bottomLeft, style)
            // The indicator is heavy where it crosses this box's bottom edge; a sliding
            // one passes over the boxes between, never over their corners.
            let edgeStart = bottom.width
            let heavyStart = min(max((heavy?.start ?? edgeStart) - edgeStart, 0), inner)
            let heavyEnd = min(max((heavy.map { $0.start + $0.width } ?? edgeStart) - edgeStart, heavyStart), inner)
            bottom.append(context.rule(glyphs.light, heavyStart), style)
            bottom.append(context.rule(glyphs.heavy, heavyEnd - heavyStart), TextStyle(bold: true, ink: accent))
            bottom.append(context.rule(glyphs.light, inner - heavyEnd), style)
            bottom.append(glyphs.bottomRight, style)
        }
        return [top, middle, bottom]
    }
}
