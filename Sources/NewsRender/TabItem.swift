// One tab as every style lays it out: its sanitized, capped name, its unread badge, its ink.

struct TabItem: Sendable {
    var name: String
    var nameWidth: Int
    /// The unread count as shown ("12", "999+"), empty when there is nothing unread.
    var badge: String
    var badgeWidth: Int
    var ink: Ink

    /// No label but the selected one takes more columns than this, or a fifth of a wider
    /// viewport, so one long name cannot hide the others.
    static let longestName = 24

    /// Name and badge with a space between: what sits between a cell's decorations.
    var labelWidth: Int { badge.isEmpty ? nameWidth : nameWidth + 1 + badgeWidth }

    /// The items for `tabs`. `overhead` is the columns a style's cell adds around a label;
    /// names are cut so that a whole cell fits the scrolling viewport (the selected tab's
    /// in full where it does), and a badge that would not fit beside its name is left off.
    static func items(
        for tabs: [MenuTab], selected: Int, inks: [Ink], overhead: Int, context: RenderContext
    ) -> [TabItem] {
        let viewport = TabStrip.viewport(width: context.width)
        let wholeViewport = max(1, viewport - 4 - overhead)
        let othersCap = min(max(longestName, viewport / 5), wholeViewport)
        return tabs.indices.map { position in
            let nameCap = position == selected ? wholeViewport : othersCap
            var cleanName = TerminalText.sanitize(tabs[position].name)
            // A name made only of control characters still needs something to select and underline.
            if cleanName.isEmpty { cleanName = "#\(position + 1)" }
            let name = context.truncate(cleanName, to: nameCap)
            let unread = tabs[position].unread
            var item = TabItem(
                name: name, nameWidth: context.columns(of: name),
                badge: unread > 999 ? "999+" : unread > 0 ? "\(unread)" : "", badgeWidth: 0,
                ink: inks[position])
            item.badgeWidth = context.columns(of: item.badge)
            if overhead + item.labelWidth > viewport { item.badge = "" }
            return item
        }
    }
}
