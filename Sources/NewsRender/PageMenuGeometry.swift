// Where a frame puts things, for the interactive view's mouse: the rows the tab bar takes
// and the columns each tab's cell covers. Computed by the same layout code that draws them.

extension PageMenu {
    /// Rows above the first article in `style`.
    public static func headerHeight(style: MenuStyle) -> Int {
        style.header.height
    }

    /// The columns each tab's cell covers in the frame for `state`, by tab index; nil for
    /// a tab scrolled out of view.
    public static func tabColumns(_ state: PageMenuState) -> [Range<Int>?] {
        let context = RenderContext(
            width: min(max(state.width, minimumWidth), maximumWidth), colors: state.colors,
            glyphs: Glyphs.forMode(state.colors), ambiguousWide: state.ambiguousWide,
            language: state.language)
        let header = state.style.header.init(context: context)
        let inks = state.tabs.indices.map { TabPalette.ink(at: $0) }
        let items = TabItem.items(for: state.tabs, inks: inks, overhead: header.cellOverhead, context: context)
        let selected = min(max(state.selectedTab, 0), max(state.tabs.count - 1, 0))
        let strip = header.place(items, selected: selected)
        return items.indices.map { index in
            strip.columns[index].map { $0..<($0 + items[index].labelWidth + header.cellOverhead) }
        }
    }
}
