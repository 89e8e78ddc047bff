// The tab bar and the indicator line beneath it, scrolled to keep the selected tab centred
// when the tabs are wider than the terminal.

enum TabBar {
    /// Columns between two tab labels.
    static let spacing = 3
    /// Columns before the first label when the bar fits; lines labels up with titles.
    static let indent = 2
    /// No label takes more columns than this, so one long name cannot hide the others.
    static let longestLabel = 24
    /// When the bar overflows, this many columns on each side hold `‹` / `›` and a space.
    static let markGutter = 2

    /// One tab as laid out: its sanitized, capped name and its unread badge.
    struct Item {
        var name: String
        var nameWidth: Int
        var badge: String
        var ink: Ink

        var width: Int { nameWidth + DisplayWidth.width(of: badge) }
    }

    /// The bar line and the indicator line for `tabs` with `selected` highlighted.
    static func lines(
        tabs: [MenuTab], inks: [Ink], selected: Int, width: Int
    ) -> (bar: StyledLine, indicator: StyledLine) {
        guard !tabs.isEmpty else { return (StyledLine(), StyledLine()) }
        let viewport = width - 2 * markGutter
        let items = tabs.indices.map { index in
            item(for: tabs[index], position: index, ink: inks[index], viewport: viewport)
        }
        var starts: [Int] = []
        var next = 0
        for item in items {
            starts.append(next)
            next += item.width + spacing
        }
        let stripWidth = next - spacing

        let columns: [Int?]
        let hiddenBefore: Bool
        let hiddenAfter: Bool
        if indent + stripWidth <= width {
            columns = starts.map { indent + $0 }
            hiddenBefore = false
            hiddenAfter = false
        } else {
            // Centre the selected tab in the viewport. The offset is not clamped: blank
            // space beyond either end lets the first and last tabs sit in the centre too.
            let offset = starts[selected] + items[selected].width / 2 - viewport / 2
            columns = items.indices.map { index in
                let start = starts[index] - offset
                let fits = start >= 0 && start + items[index].width <= viewport
                return fits ? markGutter + start : nil
            }
            hiddenBefore = columns.first.flatMap { $0 } == nil
            hiddenAfter = columns.last.flatMap { $0 } == nil
        }
        return (
            bar(items: items, columns: columns, selected: selected, width: width,
                hiddenBefore: hiddenBefore, hiddenAfter: hiddenAfter),
            indicator(under: items[selected], at: columns[selected] ?? indent)
        )
    }

    private static func item(for tab: MenuTab, position: Int, ink: Ink, viewport: Int) -> Item {
        let nameCap = max(1, min(longestLabel, viewport - 4))
        var cleanName = TerminalText.sanitize(tab.name)
        // A name made only of control characters still needs something to select and underline.
        if cleanName.isEmpty { cleanName = "#\(position + 1)" }
        let name = DisplayWidth.truncate(cleanName, toWidth: nameCap)
        let nameWidth = DisplayWidth.width(of: name)
        var badge = ""
        if tab.unread > 0 {
            badge = tab.unread > 999 ? " 999+" : " \(tab.unread)"
        }
        // The selected tab must fit the viewport whole, so a badge that would not is left off.
        if nameWidth + DisplayWidth.width(of: badge) > viewport { badge = "" }
        return Item(name: name, nameWidth: nameWidth, badge: badge, ink: ink)
    }

    private static func bar(
        items: [Item], columns: [Int?], selected: Int, width: Int,
        hiddenBefore: Bool, hiddenAfter: Bool
    ) -> StyledLine {
        var line = StyledLine()
        if hiddenBefore { line.append("‹", .faint) }
        for index in items.indices {
            guard let column = columns[index] else { continue }
            let item = items[index]
            line.appendSpaces(column - line.width)
            let labelStyle = index == selected
                ? TextStyle(bold: true, ink: item.ink) : TextStyle.plain
            line.append(item.name, labelStyle)
            line.append(item.badge, .faint)
        }
        if hiddenAfter {
            line.appendSpaces(width - 1 - line.width)
            line.append("›", .faint)
        }
        return line
    }

    /// `━` under the selected label's name only, exactly as wide, as seed 000's
    /// `menuBottomLine` sits under its menu item.
    private static func indicator(under item: Item, at column: Int) -> StyledLine {
        var line = StyledLine()
        line.appendSpaces(column)
        line.append(String(repeating: "━", count: item.nameWidth), TextStyle(ink: item.ink))
        return line
    }
}
