// The page menu as lines of text: the style's tab bar, the selected tab's articles, and a
// footer with the page and article count.
import NewsModel

public enum PageMenu {
    /// Narrowest layout drawn; a smaller `width` is treated as this.
    public static let minimumWidth = 20
    /// Widest layout drawn; a larger `width` is treated as this, so a bogus terminal size
    /// cannot make the renderer build enormous strings.
    public static let maximumWidth = 1000

    /// The frame for `state`, one string per terminal line, without newlines. Every line
    /// is exactly `width` columns (clamped to 20...1000) when its escape sequences are
    /// left out. With a `height`, at most that many lines: the header, the articles that
    /// fit whole, and the footer. Escape sequences appear only when `state.colors` allows
    /// them, and every line carrying one ends with a reset.
    public static func render(_ state: PageMenuState) -> [String] {
        let context = RenderContext(for: state)
        let inks = state.tabs.indices.map { index in
            state.tabs[index].color.map(Ink.init) ?? TabPalette.ink(at: index)
        }
        let selected = min(max(state.selectedTab, 0), max(state.tabs.count - 1, 0))
        let accent = inks.isEmpty ? TabPalette.ink(at: 0) : inks[selected]

        let header = state.style.header.init(context: context)
        let items = TabItem.items(
            for: state.tabs, selected: selected, inks: inks, overhead: header.cellOverhead, context: context)
        var lines = header.lines(items: items, selected: selected, accent: accent, indicator: state.indicator)

        let frame = PageFrame(style: state.style, accent: accent, context: context)
        let budget = state.height.map { max($0 - lines.count - 1, 0) } ?? Int.max
        lines += frame.enclose(body(of: state, width: frame.innerWidth, budget: budget,
                                    accent: accent, context: context))
        let footer = PageFooter.text(
            page: state.page, pageCount: state.pageCount, total: state.totalArticles,
            language: state.language, joiner: context.glyphs.joiner)
        lines.append(frame.footer(footer))
        return lines.prefix(state.height.map { max($0, 0) } ?? Int.max).map(context.finish)
    }

    /// How many articles one page holds at `height` rows in `style` and `layout`: what the
    /// caller asks the store for. At least one.
    public static func articlesPerPage(height: Int, style: MenuStyle, layout: ArticleLayout) -> Int {
        let rows = height - style.header.height - 1
        return max(1, rows / (layout == .comfortable ? 2 : 1))
    }

    /// The article lines that fit `budget` rows: whole articles only, and only those, so
    /// a tab of any size costs the same per frame.
    private static func body(
        of state: PageMenuState, width: Int, budget: Int, accent: Ink, context: RenderContext
    ) -> [StyledLine] {
        let articleLine = ArticleLine(
            context: context, width: width, age: ArticleAge(now: state.now, zone: state.zone),
            accent: accent, newSince: state.newSince)
        guard !state.articles.isEmpty else {
            guard budget > 0 else { return [] }
            // Cut where it does not fit, visibly: the same command without its --config or
            // --db would look whole and act on other files.
            var hint = context.newLine()
            hint.appendSpaces(articleLine.markerColumns)
            hint.append(context.truncate(MenuText.emptyTab(state.language, state.emptyTab),
                                         to: width - articleLine.markerColumns), .faint)
            return [hint]
        }
        let perArticle = state.layout == .comfortable ? 2 : 1
        let shown = min(state.articles.count, budget / perArticle)
        var lines: [StyledLine] = []
        lines.reserveCapacity(shown * perArticle)
        for index in 0..<shown {
            lines += articleLine.lines(
                for: state.articles[index], layout: state.layout,
                isSelected: index == state.selectedArticle)
        }
        return lines
    }
}
