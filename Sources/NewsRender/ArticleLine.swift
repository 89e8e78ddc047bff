// One article row: unread marker, title, and `source · age` flush with the right edge.
import Foundation
import NewsModel

enum ArticleLine {
    /// Columns before the title: the unread marker and a space.
    static let markerColumns = 2
    /// Least space between the title and the right-hand column.
    static let gap = 2
    /// The title keeps at least this many columns (or its whole width, if less) before
    /// the source, and then the age, give way on narrow terminals.
    static let shortestTitle = 10
    /// A source cut shorter than this says nothing; it is dropped instead.
    static let shortestSource = 6
    /// The source never takes more than a quarter of the row (and at most this), so the
    /// title stays the thing the eye lands on.
    static let longestSource = 24

    /// A line of exactly `width` columns for `article`. The row under the cursor is drawn
    /// in reverse video; without colour, where no attribute may be sent, a `>` takes the
    /// marker's place instead.
    static func line(
        for article: ArticleRow, width: Int, now: Date, timeZone: TimeZone,
        language: UILanguage, ink: Ink, isSelected: Bool, colors: ColorMode
    ) -> StyledLine {
        var title = TerminalText.sanitize(article.title)
        if title.isEmpty { title = MenuText.untitled(language) }
        let available = width - markerColumns
        let sourceCap = min(longestSource, max(shortestSource, available / 4))
        let source = DisplayWidth.truncate(
            TerminalText.sanitize(article.source), toWidth: sourceCap)
        let age = ArticleAge.describe(
            article.date, now: now, timeZone: timeZone, language: language)

        let meta = rightColumn(
            source: source, age: age, available: available,
            titleNeeds: min(DisplayWidth.width(of: title), shortestTitle))
        let titleWidth = available - (meta.map { gap + DisplayWidth.width(of: $0) } ?? 0)

        let cursor = isSelected && colors != .none
        func styled(_ style: TextStyle) -> TextStyle {
            var style = style
            style.reverse = cursor
            return style
        }
        var line = StyledLine()
        if isSelected && colors == .none {
            line.append(">")
        } else if article.isRead {
            line.append(" ", styled(.plain))
        } else {
            line.append("●", styled(TextStyle(ink: ink)))
        }
        line.append(" ", styled(.plain))
        line.append(DisplayWidth.fit(title, toWidth: titleWidth),
                    styled(article.isRead ? .faint : .plain))
        if let meta {
            line.append(String(repeating: " ", count: gap), styled(.plain))
            line.append(meta, styled(.faint))
        }
        return line
    }

    /// The right-hand column that leaves the title `titleNeeds` columns: the source and
    /// age, else a shortened source and the age, else the age alone, else nothing.
    private static func rightColumn(
        source: String, age: String, available: Int, titleNeeds: Int
    ) -> String? {
        let ageWidth = DisplayWidth.width(of: age)
        let room = available - titleNeeds - gap
        if !source.isEmpty {
            let joiner = " · "
            let sourceRoom = room - ageWidth - DisplayWidth.width(of: joiner)
            if DisplayWidth.width(of: source) <= sourceRoom || sourceRoom >= shortestSource {
                return DisplayWidth.truncate(source, toWidth: sourceRoom) + joiner + age
            }
        }
        return ageWidth <= room ? age : nil
    }
}
