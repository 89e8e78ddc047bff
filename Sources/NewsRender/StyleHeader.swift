// What each menu style draws above the articles, and how it frames them.

/// The tab bar of one style: the columns its cells add around a label, and its lines.
protocol StyleHeader {
    /// Lines the header takes, whatever the tabs.
    static var height: Int { get }
    /// Columns between two cells.
    static var spacing: Int { get }
    /// Columns before the first cell when the bar fits.
    static var indent: Int { get }
    init(context: RenderContext)
    var context: RenderContext { get }
    /// Columns a cell adds around its label (name and badge).
    var cellOverhead: Int { get }
    /// The header for `items` with `selected` highlighted; `accent` is the selected tab's
    /// ink (the palette's first when there are no tabs).
    func lines(items: [TabItem], selected: Int, accent: Ink) -> [StyledLine]
}

extension MenuStyle {
    var header: any StyleHeader.Type {
        switch self {
        case .plain: PlainHeader.self
        case .tab: TabHeader.self
        case .smart: SmartHeader.self
        case .hacka: HackaHeader.self
        }
    }

    /// Whether the page is drawn inside a frame in the selected tab's colour.
    var framesPage: Bool { self == .smart }
}

extension StyleHeader {
    /// The cells placed for `items`, scrolled to keep `selected` in view.
    func place(_ items: [TabItem], selected: Int) -> TabStrip {
        TabStrip.place(
            cellWidths: items.map { $0.labelWidth + cellOverhead }, spacing: Self.spacing,
            indent: Self.indent, selected: selected, width: context.width)
    }

    /// Calls `draw` with the index, item and starting column of each cell in view.
    func forEachShown(
        _ items: [TabItem], in strip: TabStrip, _ draw: (Int, TabItem, Int) -> Void
    ) {
        for (index, item) in items.enumerated() {
            if let column = strip.columns[index] { draw(index, item, column) }
        }
    }

    /// The row of labels: `drawCell` draws each cell in view (the row already advanced to
    /// its column) and returns the columns from the cell's start to its name; the scroll
    /// marks close the row. Returns the row and the column of the selected tab's name.
    func labelRow(
        _ items: [TabItem], in strip: TabStrip, selected: Int,
        _ drawCell: (inout StyledLine, _ index: Int, TabItem) -> Int
    ) -> (row: StyledLine, nameColumn: Int?) {
        var row = strip.labelRow(context)
        var nameColumn: Int?
        forEachShown(items, in: strip) { index, item, column in
            row.advance(to: column)
            let nameOffset = drawCell(&row, index, item)
            if index == selected { nameColumn = column + nameOffset }
        }
        strip.closeLabelRow(&row, context)
        return (row, nameColumn)
    }

    /// A label's name and badge in `nameStyle` and `badgeStyle`, a space between.
    func appendLabel(
        _ item: TabItem, to line: inout StyledLine, nameStyle: TextStyle, badgeStyle: TextStyle,
        gapStyle: TextStyle = .plain
    ) {
        line.append(item.name, nameStyle)
        guard !item.badge.isEmpty else { return }
        line.append(" ", gapStyle)
        line.append(item.badge, badgeStyle)
    }

    /// A rule across `width` columns in `ink`, light except for a heavy stretch of
    /// `heavyWidth` columns from `heavyStart`: the selected tab's indicator, beneath its name.
    func accentRule(width: Int, heavyStart: Int?, heavyWidth: Int, ink: Ink) -> StyledLine {
        var line = context.newLine()
        let light = TextStyle(ink: ink)
        guard let heavyStart else {
            line.append(context.rule(context.glyphs.light, width), light)
            return line
        }
        line.append(context.rule(context.glyphs.light, heavyStart), light)
        line.append(context.rule(context.glyphs.heavy, heavyWidth), TextStyle(bold: true, ink: ink))
        line.append(context.rule(context.glyphs.light, width - heavyStart - heavyWidth), light)
        return line
    }
}
