// The mouse: a click on a tab shows it; a click on an article selects it and a second click
// on the same article shows its text, as Enter does; the wheel scrolls; a horizontal wheel or Shift+wheel is the
// terminal's swipe between tabs.
import TerminalIO

extension InteractiveState {
    /// Lines the wheel scrolls per step.
    static let wheelStep = 3

    mutating func handle(_ event: MouseEvent) -> [InteractiveEffect] {
        // An article being read fills the screen: the wheel scrolls its text, and nothing
        // else of the list is under the pointer.
        if mode.isReading {
            switch event.action {
            case .wheel(.up): _ = scrollReading(byWheel: -Self.wheelStep)
            case .wheel(.down): _ = scrollReading(byWheel: Self.wheelStep)
            default: break
            }
            return []
        }
        switch event.action {
        case .wheel(.left): return stepTab(by: -1)
        case .wheel(.right): return stepTab(by: 1)
        case .wheel(.up) where event.shift: return stepTab(by: -1)
        case .wheel(.down) where event.shift: return stepTab(by: 1)
        case .wheel(.up) where scrollHelp(byWheel: -Self.wheelStep): break
        case .wheel(.down) where scrollHelp(byWheel: Self.wheelStep): break
        case .wheel(.up):
            withCursor { $0.scroll(by: -Self.wheelStep, total: $1, rows: $2) }
        case .wheel(.down):
            withCursor { $0.scroll(by: Self.wheelStep, total: $1, rows: $2) }
        case .press(.left):
            return click(column: event.column, row: event.row)
        default:
            break
        }
        return []
    }

    private mutating func click(column: Int, row: Int) -> [InteractiveEffect] {
        // Any click ends a pending question or the help.
        if mode.isHelp {
            closeHelp()
            return []
        }
        if mode != .browsing {
            mode = .browsing
            return []
        }
        message = nil
        if row < layout.headerRows {
            guard let tab = layout.tabColumns.firstIndex(where: { $0?.contains(column) == true }) else { return [] }
            return switchTab(to: tab)
        }
        let line = (row - layout.headerRows) / max(layout.linesPerArticle, 1)
        guard line < rows else { return [] }
        let article = shownTab.cursor.offset + line
        guard article < shownTab.total else { return [] }
        if lastClicked == article, shownTab.cursor.selection == article {
            lastClicked = nil
            return startReading()
        }
        withCursor { $0.select(article, total: $1, rows: $2) }
        lastClicked = article
        return []
    }
}
