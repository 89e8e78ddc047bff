// The page menu as lines of text: tab bar, indicator, separator, article rows.
import NewsModel

public enum PageMenu {
    /// Narrowest layout drawn; a smaller `width` is treated as this.
    public static let minimumWidth = 20
    /// Widest layout drawn; a larger `width` is treated as this, so a bogus terminal size
    /// cannot make the renderer build enormous strings.
    public static let maximumWidth = 1000

    /// The frame for `state`, one string per terminal line, without newlines. Every
    /// article row is exactly `width` columns (clamped to 20...1000); no line is wider. With a `height`, at most
    /// that many lines. Escape sequences appear only when `state.colors` is not `.none`,
    /// and every line carrying one ends with a reset.
    public static func render(_ state: PageMenuState) -> [String] {
        let width = min(max(state.width, minimumWidth), maximumWidth)
        let inks = state.tabs.indices.map { index in
            state.tabs[index].color.map(Ink.init) ?? TabPalette.ink(at: index)
        }
        let selected = min(max(state.selectedTab, 0), max(state.tabs.count - 1, 0))
        let accent = inks.isEmpty ? TabPalette.ink(at: 0) : inks[selected]

        let (bar, indicator) = TabBar.lines(
            tabs: state.tabs, inks: inks, selected: selected, width: width)
        var lines = [bar, indicator]
        var separator = StyledLine()
        separator.append(String(repeating: "─", count: width), .faint)
        lines.append(separator)

        if state.articles.isEmpty {
            var hint = StyledLine()
            hint.appendSpaces(ArticleLine.markerColumns)
            hint.append(DisplayWidth.truncate(
                MenuText.emptyTab(state.language),
                toWidth: width - ArticleLine.markerColumns), .faint)
            lines.append(hint)
        }
        let limit = state.height.map { max($0, 0) } ?? Int.max
        for (index, article) in state.articles.enumerated() {
            if lines.count >= limit { break }
            lines.append(ArticleLine.line(
                for: article, width: width, now: state.now, timeZone: state.timeZone,
                language: state.language, ink: accent,
                isSelected: index == state.selectedArticle, colors: state.colors))
        }
        return lines.prefix(limit).map { $0.rendered(in: state.colors) }
    }
}
