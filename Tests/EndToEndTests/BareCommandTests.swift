// `newsmenu` with no command is `show`: on a terminal the interactive menu on the tab viewed
// last, piped or with --print one printed frame; `newsmenu --help` is still the overview.
import Foundation
import Testing

@Suite("newsmenu with no command", .serialized)
struct BareCommandTests {
    @Test("on a terminal it opens the interactive menu on the tab viewed last, as show does")
    func interactiveOnTheLastTab() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(command: "")
        try menu.expectScreens(pane, [("2", "Tech 3")])
        try menu.quit(pane)
        try menu.startMenu(in: pane, showing: "Tech 3", command: "show")
        try menu.expectScreens(pane, [("3", "危険なリンク")])
        try menu.quit(pane)
        try menu.startMenu(in: pane, showing: "危険なリンク", command: "")
        #expect(try !pane.screen().contains("記事 40"))
        try menu.quit(pane)
    }

    @Test("--print on a terminal prints one frame on the normal screen and returns at once")
    func printOnATerminal() throws {
        let menu = try MenuFixture()
        let pane = try menu.pane()
        try pane.run("clear; stty -g > before; '\(NewsmenuProcess.binary.path)' --print; echo EXIT=$?; stty -g > after")
        #expect(try menu.expectRestored(pane) == 0)
        // The frame fills the terminal but its last row, so the tab bar has scrolled away.
        let screen = try pane.screen()
        #expect(screen.contains("記事 40"))
        #expect(screen.contains("page 1/3 · 40 articles"))
    }

    @Test("piped it prints one frame of the page menu, as show does")
    func printsOneFrame() throws {
        let menu = try MenuFixture()
        let bare = try NewsmenuProcess.run([], environment: menu.environment.merging(["COLUMNS": "60"]) { $1 })
        let show = try NewsmenuProcess.run(["show"], environment: menu.environment.merging(["COLUMNS": "60"]) { $1 })
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("ニュース 40"))
        #expect(bare.stdout.contains("記事 40"))
        #expect(!bare.stdout.contains("\u{1B}"))
        #expect(bare.stdout == show.stdout)
    }

    @Test("--help alone is still the overview, which says what no command does")
    func helpStaysHelp() throws {
        let help = try NewsmenuProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("newsmenu: a terminal news reader"))
        #expect(help.stdout.contains("usage: newsmenu [COMMAND] [OPTIONS]"))
        #expect(help.stdout.contains("With no command, newsmenu is 'newsmenu show'"))
    }
}
