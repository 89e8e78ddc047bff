// What each menu style draws above the articles, and how it frames them.

/// The tab bar of one style: the columns its cells add around a label, and its lines.
protocol StyleHeader {
    /// Lines the header takes, whatever the tabs.
    static var height: Int { get }
    init(context: RenderContext)
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
    /// The cells placed for `items` at `spacing` and `indent`, with the selected clamped.
    func place(
        _ items: [TabItem], spacing: Int, indent: Int, selected: Int, context: RenderContext
    ) -> TabStrip {
        TabStrip.place(
            cellWidths: items.map { $0.labelWidth + cellOverhead }, spacing: spacing,
            indent: indent, selected: selected, width: context.width)
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
    func accentRule(
        width: Int, heavyStart: Int?, heavyWidth: Int, ink: Ink, context: RenderContext
    ) -> StyledLine {
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
