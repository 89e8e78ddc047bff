// The rest of the keys through a real terminal: arrows, digits and `$`, paging by Space and
// half pages, `N`, the key help, read and star toggles, and opening with `o`.
import Foundation
import Testing

@Suite("Interactive keys in a terminal", .serialized)
struct InteractiveKeysTerminalTests {
    @Test("arrows, h, digits, 0 and $ switch tabs (wrapping); arrows, Space, Ctrl-D/U, PgUp, g and G move")
    func movement() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try menu.expectScreens(pane, [("Right", "Tech 3"), ("Left", "記事 40"), ("h", "危険なリンク"), ("0", "記事 40"),
                                      ("$", "危険なリンク"), ("1", "記事 40")])
        // 19 articles fit the page: a page is 19, half a page 9.
        try menu.expectSelections(pane, [("Down", "記事 39"), ("Up", "記事 40"), ("k", "記事 40"), ("Space", "記事 21"),
                                         ("C-u", "記事 30"), ("C-d", "記事 21"), ("PageUp", "記事 40"), ("G", "記事 1 "),
                                         ("g", "記事 40")])
        try menu.quit(pane)
    }

    @Test("/ finds forward, N goes back wrapping round; ? shows the key help until a key that does not scroll it")
    func searchBackAndHelp() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try pane.keys("/")
        try pane.type("記事 3")
        try menu.expectSelections(pane, [("Enter", "記事 39"), ("N", "記事 3 ")])
        try menu.expectScreens(pane, [("?", "newsmenu — keys")])
        #expect(try !pane.screen().contains("記事 3 "))
        // The key that closes the help does nothing else.
        try menu.expectSelections(pane, [("x", "記事 3 ")])
        #expect(try !pane.screen().contains("close this help"))
        try menu.quit(pane)
    }

    @Test("in a short window the key help scrolls, always says how to close it, and q closes it without quitting")
    func helpInShortWindow() throws {
        let menu = try MenuFixture()
        let pane = try menu.pane(columns: 60, rows: 8)
        try menu.startMenu(in: pane, showing: "記事 40")
        try menu.expectScreens(pane, [("?", "q Esc close this help · ↑ ↓ j k scroll · 1–6 of 19")])
        #expect(try !pane.screen().contains("mouse"))
        try menu.expectScreens(pane, [("G", "14–19 of 19")])
        let bottom = try pane.screen()
        #expect(bottom.contains("newsmenu — keys") && bottom.contains("mouse") && bottom.contains("q Esc close this help"))
        try menu.expectScreens(pane, [("k", "13–18 of 19"), ("q", "記事 40")])
        #expect(try !pane.screen().contains("close this help"))
        #expect(try pane.flag("alternate_on") == "1")
        try menu.quit(pane)
    }

    @Test("a query longer than the status line shows its end as it is typed; Ctrl-W and Ctrl-U take words back")
    func longSearchQuery() throws {
        let menu = try MenuFixture()
        let pane = try menu.pane(columns: 30, rows: 12)
        try menu.startMenu(in: pane, showing: "記事 40")
        try pane.keys("/")
        try pane.type("a very long query about 記事 3")
        try pane.waitForText("about 記事 3 (no match)")
        #expect(try !pane.screen().contains("/a very"))
        try pane.keys("C-u")
        try pane.waitFor("the query to be cleared") { try pane.screen().split(separator: "\n").last == " /" }
        try pane.type("記事 39 zz")
        try pane.waitForText("(no match)")
        try menu.expectSelections(pane, [("C-w", "記事 39")])
        try menu.expectScreens(pane, [("Enter", "? keys")])
        try menu.quit(pane)
    }

    @Test("m toggles read, s stars, o opens the selected link, in the list and on the article's page; the store agrees afterwards")
    func articleCommands() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try menu.expectScreens(pane, [("m", "ニュース 39"), ("m", "ニュース 40"), ("s", "starred"), ("o", "ニュース 39")])
        try pane.waitFor("the browser to record the link") {
            (try? String(contentsOfFile: menu.path + "/argv", encoding: .utf8))?.contains("news/40") == true
        }
        try menu.expectScreens(pane, [("j", "記事 39"), ("Enter", "J K"), ("o", "J K")])
        try pane.waitFor("the browser to record the second link") {
            (try? String(contentsOfFile: menu.path + "/argv", encoding: .utf8))?.contains("news/39") == true
        }
        try menu.expectScreens(pane, [("q", "ニュース 38")])
        try menu.quit(pane)
        let argv = try String(contentsOfFile: menu.path + "/argv", encoding: .utf8)
        #expect(argv == "--new-tab\nhttps://example.org/news/40\n--new-tab\nhttps://example.org/news/39\n")
        let json = try NewsmenuProcess.run(["show", "--json", "--limit", "2"], environment: menu.environment)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let articles = try #require(document["articles"] as? [[String: Any]])
        #expect(articles.map { $0["title"] as? String } == ["記事 40", "記事 39"])
        #expect(articles.map { $0["read"] as? Bool } == [true, true])
        #expect(articles.map { $0["starred"] as? Bool } == [true, false])
    }
}
