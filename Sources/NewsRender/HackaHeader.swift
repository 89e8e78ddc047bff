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

    func lines(items: [TabItem], selected: Int, accent: Ink) -> [StyledLine] {
        let strip = place(items, selected: selected)
        let glyphs = context.glyphs
        var top = context.newLine()
        var middle = strip.labelRow(context)
        var bottom = context.newLine()
        forEachShown(items, in: strip) { index, item, column in
            let isSelected = index == selected
            let border = TextStyle(bold: isSelected, dim: !isSelected, ink: item.ink)
            let inner = item.labelWidth + 2

            top.advance(to: column)
            top.append(glyphs.topLeft + context.rule(glyphs.light, inner) + glyphs.topRight, border)

            middle.advance(to: column)
            middle.append(glyphs.vertical, border)
            middle.append(" ")
            appendLabel(
                item, to: &middle,
                nameStyle: isSelected ? TextStyle(bold: true, ink: item.ink) : .plain,
                badgeStyle: TextStyle(
                    bold: true, ink: Self.badgeInk.contrasting, fill: Self.badgeInk))
            middle.append(" ")
            middle.append(glyphs.vertical, border)

            bottom.advance(to: column)
            bottom.append(glyphs.bottomLeft, border)
            if isSelected {
                bottom.append(context.rule(glyphs.light, 1), border)
                bottom.append(context.rule(glyphs.heavy, item.nameWidth), border)
                bottom.append(context.rule(glyphs.light, inner - 1 - item.nameWidth), border)
            } else {
                bottom.append(context.rule(glyphs.light, inner), border)
            }
            bottom.append(glyphs.bottomRight, border)
        }
        strip.closeLabelRow(&middle, context)
        return [top, middle, bottom]
    }
}
