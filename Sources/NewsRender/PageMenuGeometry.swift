// Where a frame puts things, for the interactive view's mouse and indicator slide: the rows
// the tab bar takes, the columns each tab's cell covers, and where the indicator rests.
// Computed by the same layout code that draws them.

extension PageMenu {
    /// Rows above the first article in `style`.
    public static func headerHeight(style: MenuStyle) -> Int {
        style.header.height
    }

    /// The columns each tab's cell covers in the frame for `state`, by tab index; nil for
    /// a tab scrolled out of view.
    public static func tabColumns(_ state: PageMenuState) -> [Range<Int>?] {
        let bar = TabBarGeometry(state)
        return bar.items.indices.map { index in
            bar.strip.columns[index].map { $0..<($0 + bar.items[index].labelWidth + bar.header.cellOverhead) }
        }
    }

    /// Where the frame for `state` draws the indicator at rest: beneath the selected tab's
    /// name, exactly as wide. nil when there is no tab or it is scrolled out of view.
    /// `state.indicator` is not consulted.
    public static func restingIndicator(_ state: PageMenuState) -> IndicatorSpan? {
        let bar = TabBarGeometry(state)
        return bar.header.indicatorSpan(bar.items, in: bar.strip, selected: bar.selected, slide: nil)
    }
}

/// The tab bar of a frame laid out, nothing drawn.
private struct TabBarGeometry {
    let header: any StyleHeader
    let items: [TabItem]
    let selected: Int
    let strip: TabStrip

    init(_ state: PageMenuState) {
        let context = RenderContext(for: state)
        header = state.style.header.init(context: context)
        let inks = state.tabs.indices.map { TabPalette.ink(at: $0) }
        selected = min(max(state.selectedTab, 0), max(state.tabs.count - 1, 0))
        items = TabItem.items(for: state.tabs, selected: selected, inks: inks, overhead: header.cellOverhead,
                              context: context)
        strip = header.place(items, selected: selected)
    }
}
