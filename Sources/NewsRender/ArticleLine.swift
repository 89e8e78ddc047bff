// One article: a row with its markers (read state, then a star), title, and `source · age`
// flush with the right edge, and in the comfortable layout a line of its summary beneath the
// title.
import Foundation
import NewsModel

struct ArticleLine {
    /// Least space between the title and the right-hand column.
    static let gap = 2
    /// The title keeps at least this many columns (or its whole width, if less) before
    /// the source, and then the age, give way on narrow terminals.
    static let shortestTitle = 10
    /// A source cut shorter than this says nothing; it is dropped instead.
    static let shortestSource = 6
    /// The source never takes more than a quarter of the row, nor more than this or a fifth
    /// of a wider row (where feeds named alike differ in their last words), so the title
    /// stays the thing the eye lands on.
    static let longestSource = 24

    /// The star's colour, the same in every tab: it marks the reader's choice, not the tab.
    static let starInk = Ink(rgb: nil, named: .yellow)

    let context: RenderContext
    /// Columns of the row: the frame's width, less any frame around the page.
    let width: Int
    /// Ages against the frame's moment and time zone.
    let age: ArticleAge
    /// The selected tab's ink, for the markers.
    let accent: Ink
    let newSince: Date?
    /// Columns of the read-state marker: the widest of them.
    private var stateColumns: Int { context.stateMarkerColumns }

    /// Columns before the title: the read-state marker, the star's place (kept on every
    /// row, so titles line up whether starred or not) and a space.
    var markerColumns: Int { context.stateMarkerColumns + context.starColumns + 1 }

    /// The lines for `article`: one in the compact layout, two in the comfortable one.
    /// The rows under the cursor are drawn in reverse video; where no attribute may be
    /// sent, a `>` takes the marker's place instead.
    func lines(for article: ArticleRow, layout: ArticleLayout, isSelected: Bool) -> [StyledLine] {
        let cursor = isSelected && context.colors.usesEscapes
        var row = headline(for: article, isSelected: isSelected, cursor: cursor)
        row.advance(to: width)
        guard layout == .comfortable else { return [row] }
        var summary = context.newLine()
        summary.appendSpaces(markerColumns, TextStyle(reverse: cursor))
        let text = HTMLExcerpt.text(fromHTML: article.summary ?? "", enough: width - markerColumns)
        summary.append(
            context.fit(TerminalText.sanitize(text), to: width - markerColumns),
            TextStyle(dim: true, reverse: cursor))
        return [row, summary]
    }

    private func headline(for article: ArticleRow, isSelected: Bool, cursor: Bool) -> StyledLine {
        let language = context.language
        var title = TerminalText.sanitize(article.title)
        if title.isEmpty { title = MenuText.untitled(language) }
        let available = width - markerColumns
        let sourceCap = min(max(Self.longestSource, available / 5), max(Self.shortestSource, available / 4))
        let source = context.truncate(TerminalText.sanitize(article.source), to: sourceCap)
        let age = self.age.describe(article.date, language: language)

        let meta = rightColumn(
            source: source, age: age, available: available,
            titleNeeds: min(context.columns(of: title), Self.shortestTitle))
        let titleWidth = available - (meta.map { Self.gap + context.columns(of: $0) } ?? 0)

        func styled(_ style: TextStyle) -> TextStyle {
            var style = style
            style.reverse = cursor
            return style
        }
        var line = context.newLine()
        let glyphs = context.glyphs
        if isSelected && !cursor {
            line.append(glyphs.cursor)
        } else if article.isRead {
            line.append(" ", styled(.plain))
        } else if let newSince, article.firstSeen > newSince {
            line.append(glyphs.fresh, styled(TextStyle(bold: true, ink: accent)))
        } else {
            line.append(glyphs.unread, styled(TextStyle(ink: accent)))
        }
        line.appendSpaces(stateColumns - line.width, styled(.plain))
        if article.isStarred {
            line.append(glyphs.starred, styled(TextStyle(bold: true, ink: Self.starInk)))
        }
        line.appendSpaces(markerColumns - line.width, styled(.plain))
        line.append(context.fit(title, to: titleWidth), styled(article.isRead ? .faint : .plain))
        if let meta {
            line.appendSpaces(Self.gap, styled(.plain))
            line.append(meta, styled(.faint))
        }
        return line
    }

    /// The right-hand column that leaves the title `titleNeeds` columns: the source and
    /// age, else a shortened source and the age, else the age alone, else nothing.
    private func rightColumn(
        source: String, age: String, available: Int, titleNeeds: Int
    ) -> String? {
        let ageWidth = context.columns(of: age)
        let room = available - titleNeeds - Self.gap
        if !source.isEmpty {
            let joiner = context.glyphs.joiner
            let sourceRoom = room - ageWidth - context.columns(of: joiner)
            if context.columns(of: source) <= sourceRoom || sourceRoom >= Self.shortestSource {
                return context.truncate(source, to: sourceRoom) + joiner + age
            }
        }
        return ageWidth <= room ? age : nil
    }
}
