// The cursor through a real terminal while `/` is typed: shown in the cell after the query on
// the status line, following it as it grows and across a resize, hidden again once the
// search ends either way.
import Foundation
import Testing

@Suite("Search prompt cursor in a terminal", .serialized)
struct SearchCursorTerminalTests {
    /// Waits for the cursor to show at `column` and `row`, from 0 as tmux counts them.
    private func waitForCursor(_ pane: TmuxPane, column: Int, row: Int) throws {
        try pane.waitFor("the cursor shown at column \(column), row \(row)") {
            try pane.flag("cursor_flag") == "1" && pane.flag("cursor_x") == "\(column)" && pane.flag("cursor_y") == "\(row)"
        }
    }

    private func waitForHiddenCursor(_ pane: TmuxPane) throws {
        try pane.waitFor("the cursor hidden") { try pane.flag("cursor_flag") == "0" }
    }

    @Test("while /記事 is typed the cursor shows after the query; Enter and Esc hide it again")
    func cursorAtTheQueryEnd() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        #expect(try pane.flag("cursor_flag") == "0")
        try pane.keys("/")
        try pane.type("記事")
        try pane.waitForText(" /記事")
        // After " /記事": the line's leading space, the slash and two wide characters.
        try waitForCursor(pane, column: 6, row: 23)
        try pane.type(" 3")
        try waitForCursor(pane, column: 8, row: 23)
        try pane.resize(columns: 60, rows: 12)
        try waitForCursor(pane, column: 8, row: 11)
        try pane.keys("Enter")
        try waitForHiddenCursor(pane)
        try pane.keys("/")
        try waitForCursor(pane, column: 2, row: 11)
        try pane.keys("Escape")
        try waitForHiddenCursor(pane)
        try menu.quit(pane)
    }
}
