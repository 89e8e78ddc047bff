// Repainting a damaged screen through a real terminal: the view draws only the rows that
// changed, so text another program wrote on the screen stays until Ctrl-L, or until the view
// repaints on its own after a browser had the terminal.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Repainting in a terminal", .serialized)
struct RepaintTerminalTests {
    static let damage = "DAMAGE FROM ANOTHER PROGRAM"

    /// Writes `damage` over the middle of the pane's screen, as another process would.
    func damageScreen(of pane: TmuxPane) throws {
        let descriptor = open(try pane.flag("pane_tty"), O_WRONLY | O_NOCTTY)
        #expect(descriptor >= 0)
        let bytes = "\u{1B}[8;10H" + Self.damage
        #expect(bytes.withCString { write(descriptor, $0, strlen($0)) } == bytes.utf8.count)
        close(descriptor)
    }

    @Test("Ctrl-L draws every row again, wiping text another program wrote over the view")
    func controlLRepaints() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try damageScreen(of: pane)
        try pane.waitForText(Self.damage)
        try pane.keys("C-l")
        try pane.waitFor("the damage to be painted over") { try !pane.screen().contains(Self.damage) }
        try menu.waitForSelection(pane, containing: "記事 40")
        try menu.quit(pane)
    }

    @Test("what a browser writes after the view is back is painted over without a key")
    func lateBrowserOutputIsPaintedOver() throws {
        let menu = try MenuFixture()
        // Returns at once, as xdg-open does, leaving a child that writes to the terminal later.
        let browser = try menu.directory.write("late-browser.sh", """
            #!/bin/sh
            (sleep 0.5; printf '\\033[8;10H%s' '\(Self.damage)' >&2; touch '\(menu.path)/written') &
            exit 0
            """)
        chmod(browser, 0o755)
        let pane = try menu.startedPane(assignments: "BROWSER='\(browser)'")
        try pane.keys("o")
        try pane.waitFor("the late output to be written") {
            FileManager.default.fileExists(atPath: menu.path + "/written")
        }
        try pane.waitFor("the late output to be painted over") { try !pane.screen().contains(Self.damage) }
        try menu.waitForSelection(pane, containing: "記事 40")
        try menu.quit(pane)
    }
}
