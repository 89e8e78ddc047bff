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
    /// Columns from the start of a cell to its name.
    var nameOffset: Int { get }
    /// The header for `items` with `selected` highlighted; `accent` is the selected tab's
    /// ink (the palette's first when there are no tabs). The indicator is drawn at
    /// `indicator` when given, else beneath the selected name.
    func lines(items: [TabItem], selected: Int, accent: Ink, indicator: IndicatorSpan?) -> [StyledLine]
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
    /// its column); the scroll marks close the row.
    func labelRow(
        _ items: [TabItem], in strip: TabStrip, _ drawCell: (inout StyledLine, _ index: Int, TabItem) -> Void
    ) -> StyledLine {
        var row = strip.labelRow(context)
        forEachShown(items, in: strip) { index, item, column in
            row.advance(to: column)
            drawCell(&row, index, item)
        }
        strip.closeLabelRow(&row, context)
        return row
    }

    /// Where the indicator goes: `slide` when the view is moving it, else beneath the
    /// selected name (nil when that tab is scrolled out of view), kept inside the frame.
    func indicatorSpan(
        _ items: [TabItem], in strip: TabStrip, selected: Int, slide: IndicatorSpan?
    ) -> IndicatorSpan? {
        let resting = items.indices.contains(selected)
            ? strip.columns[selected].map { IndicatorSpan(start: $0 + nameOffset, width: items[selected].nameWidth) }
            : nil
        return (slide ?? resting)?.clamped(to: context.width)
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

    /// A rule across `width` columns in `ink`, light except for a heavy stretch at
    /// `heavy` (columns of the rule): the selected tab's indicator.
    func accentRule(width: Int, heavy: IndicatorSpan?, ink: Ink) -> StyledLine {
        var line = context.newLine()
        let light = TextStyle(ink: ink)
        guard let heavy = heavy?.clamped(to: width) else {
            line.append(context.rule(context.glyphs.light, width), light)
            return line
        }
        line.append(context.rule(context.glyphs.light, heavy.start), light)
        line.append(context.rule(context.glyphs.heavy, heavy.width), TextStyle(bold: true, ink: ink))
        line.append(context.rule(context.glyphs.light, width - heavy.start - heavy.width), light)
        return line
    }
}
