// The interactive page menu driven through a real pseudo-terminal (tmux): keys, SGR mouse
// reports, search, opening a link with a recording browser, resizing, suspending, and every
// way out (an error included) — after each, the terminal's settings and modes are what they were before.
import Foundation
import Testing
import NewsRender
import NewsTestSupport
@testable import NewsStore
#if canImport(Glibc)
import Glibc
#endif

@Suite("Interactive page menu in a terminal", .serialized)
struct InteractiveTerminalTests {
    @Test("keys switch tabs, move, page and search; q quits and the terminal is as before")
    func keys() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try menu.waitForSelection(pane, containing: "記事 40")
        // Each tab key, and the text of the tab it should show.
        try menu.expectScreens(pane, [("l", "Tech 3"), ("Tab", "危険なリンク"), ("Tab", "記事 40"), ("BTab", "危険なリンク")])
        // Keys (then text typed, if any) and the article they should select.
        let moves: [(keys: [String], typed: String, selected: String)] = [
            (["0"], "", "記事 40"), (["j", "j"], "", "記事 38"), (["PageDown"], "", "記事 19"),
            // Every word anywhere: 記事 13 holds 記事 and 3.
            (["/"], "記事 3", "記事 13"), (["Enter", "n"], "", "記事 3 "), (["G"], "", "記事 1 "),
        ]
        for move in moves {
            try pane.tmux(["send-keys", "-t", "menu"] + move.keys)
            if !move.typed.isEmpty { try pane.type(move.typed) }
            try menu.waitForSelection(pane, containing: move.selected)
        }
        try menu.quit(pane)
    }

    @Test("a paste is text: in the search it is the query, in the list it commands nothing")
    func pasteIsText() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try menu.waitForSelection(pane, containing: "記事 40")
        // What a terminal sends for a paste once the view asked for bracketed pastes (-p).
        try pane.tmux(["set-buffer", "-b", "query", "記事 3\nAy"])
        try pane.keys("/")
        try pane.tmux(["paste-buffer", "-p", "-b", "query", "-t", "menu"])
        try pane.waitForText("/記事 3 Ay")
        try pane.keys("Escape")
        // Typed, these would star the article, ask to mark the tab read and say yes, open it
        // and quit.
        try pane.tmux(["set-buffer", "-b", "keys", "sAy\nq"])
        try pane.tmux(["paste-buffer", "-p", "-b", "keys", "-t", "menu"])
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "記事 39")
        #expect(try pane.flag("alternate_on") == "1")
        try menu.quit(pane)
        let rows = try FeedStore(path: menu.path + "/news.db").articles(inTab: "ニュース", limit: 100)
        #expect(rows.count == 40 && rows.allSatisfy { !$0.isRead && !$0.isStarred })
    }

    @Test("on a terminal without an alternate screen, leaving clears the frame: the prompt is not left inside it")
    func leavingWithoutAlternateScreen() throws {
        let menu = try MenuFixture()
        let pane = try menu.pane()
        // The Linux console and GNU screen's default: the view draws on the normal screen.
        _ = try pane.tmux(["set-window-option", "-t", "menu", "alternate-screen", "off"])
        try pane.run("clear; '\(NewsmenuProcess.binary.path)' show; echo EXIT=$?")
        try menu.waitForSelection(pane, containing: "記事 40")
        try pane.keys("j", "q")
        try pane.waitForText("EXIT=0")
        let screen = try pane.screen()
        #expect(!screen.contains("記事") && !screen.contains("ニュース"), "\(screen)")
    }

    @Test("under TERM=dumb a terminal gets one printed frame in plain ASCII, fitted to it, and no full-screen view")
    func dumbTerminalPrints() throws {
        let menu = try MenuFixture()
        let pane = try menu.pane(columns: 60, rows: 12)
        let output = menu.path + "/dumb.out"
        try pane.recordOutput(to: output)
        try pane.run("clear; TERM=dumb '\(NewsmenuProcess.binary.path)' show; echo EXIT=$?")
        try pane.waitForText("EXIT=0")
        #expect(try pane.flag("alternate_on") == "0")
        // The frame fills the pane's height: the shell's lines after it scroll its top away.
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("ニュース") && written.contains("記事 40"), "\(written.debugDescription)")
        #expect(!written.contains("\u{1B}[?1049h") && !written.contains("━"), "\(written.debugDescription)")
    }

    @Test("SGR mouse reports: a click on a tab, the wheel, a sideways wheel and Shift+wheel")
    func mouse() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        let tabBar = try #require(try pane.screen().split(separator: "\n").first.map(String.init))
        let label = try #require(tabBar.range(of: "テック"))
        let column = DisplayWidth.width(of: String(tabBar[..<label.lowerBound])) + 2
        try pane.type("\u{1B}[<0;\(column);1M\u{1B}[<0;\(column);1m")
        try pane.waitForText("Tech 3")
        try pane.type("\u{1B}[<66;10;10M")
        try pane.waitForText("記事 40")
        try pane.type("\u{1B}[<65;10;10M")
        try pane.waitFor("the list to scroll by three") {
            try pane.screen().split(separator: "\n").dropFirst(3).first?.contains("記事 37") == true
        }
        try menu.waitForSelection(pane, containing: "記事 37")
        try pane.type("\u{1B}[<69;10;10M")
        try pane.waitForText("Tech 3")
        try pane.type("\u{1B}[<67;10;10M")
        try pane.waitForText("危険なリンク")
        try menu.quit(pane)
    }

    @Test("opening a link runs the browser as an argument vector on the restored terminal; shell syntax in it runs nothing")
    func openLink() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "危険なリンク", arguments: "--tab 危険")
        #expect(try pane.screen().contains("危険 1"))
        // A click selects the article, a second click on it shows its page, where o opens it.
        try pane.type("\u{1B}[<0;10;4M\u{1B}[<0;10;4m")
        try menu.waitForSelection(pane, containing: "危険なリンク")
        try pane.type("\u{1B}[<0;10;4M\u{1B}[<0;10;4m")
        try pane.waitForText("J K")
        try pane.keys("o")
        try pane.waitFor("the browser to record its arguments") { FileManager.default.fileExists(atPath: menu.path + "/argv") }
        try pane.waitFor("the article's page to come back") { try pane.flag("alternate_on") == "1" && pane.screen().contains("J K") }
        try pane.keys("q")
        try pane.waitFor("the menu to come back, the article read") {
            try pane.selectedRow()?.contains("危険なリンク") == true && !(try pane.screen().contains("危険 1"))
        }
        let argv = try String(contentsOfFile: menu.path + "/argv", encoding: .utf8)
        #expect(argv == "--new-tab\n" + menu.hostileLink + "\n")
        let before = try String(contentsOfFile: menu.path + "/before", encoding: .utf8)
        #expect(try String(contentsOfFile: menu.path + "/during", encoding: .utf8) == before)
        for index in 1...3 {
            #expect(!FileManager.default.fileExists(atPath: menu.path + "/pwned\(index)"))
        }
        try menu.quit(pane)
    }

    @Test("--page opens the view at that page and --limit shortens its pages, as a printed frame's")
    func pageAndLimit() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "page 2/8", arguments: "--tab ニュース --page 2 --limit 5")
        try menu.waitForSelection(pane, containing: "記事 35")
        let screen = try pane.screen()
        #expect(screen.contains("記事 31"))
        #expect(!screen.contains("記事 36"))
        #expect(!screen.contains("記事 30"))
        try pane.keys("PageDown")
        try menu.waitForSelection(pane, containing: "記事 30")
        try pane.waitForText("page 3/8 · 40 articles")
        try menu.quit(pane)
    }

    @Test("under a Japanese locale the status line, its messages and the key help are Japanese too")
    func japaneseStatusLine() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane(showing: "? キー操作 · / 検索 · r 取得 · q 終了", assignments: "LANG=ja_JP.UTF-8")
        try menu.expectScreens(pane, [("/", "/"), ("z", "見つかりません")])
        // Esc alone, then ?: sent together they read as one Alt-? key.
        try pane.keys("Escape")
        try pane.waitForText("? キー操作")
        try pane.keys("?")
        try pane.waitForText("newsmenu — キー操作")
        try pane.waitForText("ブラウザで開いて既読にする")
        try pane.keys("q")
        try pane.waitFor("the help to close") { try !pane.screen().contains("newsmenu — キー操作") }
        try menu.quit(pane)
    }

    @Test("a resized terminal gets a frame of its new size")
    func resize() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try pane.resize(columns: 50, rows: 12)
        try pane.waitFor("a 50-column frame") {
            let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 2 && lines[2] == Substring(String(repeating: "─", count: 50))
        }
        let screen = try pane.screen()
        #expect(screen.contains("記事 40"))
        #expect(!screen.contains("記事 31"))
        try pane.resize(columns: 80, rows: 24)
        try pane.waitForText("記事 31")
        try menu.quit(pane)
    }

    @Test("the layout is decided again at each size: comfortable from 100 columns, compact below, and compact where two lines do not fit")
    func layoutFollowsResize() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        // Compact at 80 columns: 19 articles, down to 記事 22.
        try pane.waitForText("記事 25")
        try pane.resize(columns: 120, rows: 24)
        // Comfortable: two lines each, 9 articles, down to 記事 32.
        try pane.waitFor("the comfortable layout") {
            let screen = try pane.screen()
            return screen.contains("記事 32") && !screen.contains("記事 31")
        }
        try pane.resize(columns: 80, rows: 24)
        try pane.waitForText("記事 25")
        // One row for articles: the selected one is drawn, on one line, and follows j.
        try pane.resize(columns: 120, rows: 6)
        try menu.waitForSelection(pane, containing: "記事 40")
        try menu.expectSelections(pane, [("j", "記事 39")])
        try pane.resize(columns: 120, rows: 5)
        try pane.waitForText("window too small: 120×5")
        try pane.resize(columns: 80, rows: 24)
        try menu.waitForSelection(pane, containing: "記事 39")
        try menu.quit(pane)
    }

    @Test("each way out restores the terminal", arguments: ["q", "Escape", "C-c", "SIGTERM", "SIGHUP"])
    func waysOut(_ way: String) throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        switch way {
        case "SIGTERM", "SIGHUP":
            let pid = try #require(try pane.childProcess())
            kill(pid, way == "SIGTERM" ? SIGTERM : SIGHUP)
        default:
            try pane.keys(way)
        }
        let expected = way == "SIGTERM" ? 128 + Int(SIGTERM) : way == "SIGHUP" ? 128 + Int(SIGHUP) : 0
        #expect(try menu.expectRestored(pane) == expected)
    }

    @Test("a database error mid-run restores the terminal, then reports the error and exits 1")
    func databaseBreaks() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        // Another program renames the articles away: the view's next read fails.
        try FeedStore(path: menu.path + "/news.db").database.execute(
            "ALTER TABLE articles RENAME TO articles_gone", "breaking the database")
        try pane.keys("l")
        #expect(try menu.expectRestored(pane) == 1)
        let screen = try pane.screen()
        #expect(screen.contains("newsmenu: database"), "\(screen)")
        #expect(screen.contains("articles"), "\(screen)")
    }

    @Test("Ctrl-Z and SIGTSTP hand the terminal back to the shell as it was; fg brings the menu back")
    func suspend() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        for way in ["C-z", "SIGTSTP"] {
            if way == "C-z" {
                try pane.keys("C-z")
            } else {
                kill(try #require(try pane.childProcess()), SIGTSTP)
            }
            try pane.waitForText("Stopped")
            try pane.waitFor("the normal screen") { try pane.flag("alternate_on") == "0" }
            #expect(try pane.flag("cursor_flag") == "1")
            #expect(try pane.flag("mouse_any_flag") == "0")
            try pane.run("clear; stty -g > suspended; fg")
            try pane.waitFor("the menu again") { try pane.flag("alternate_on") == "1" }
            try pane.waitForText("記事 40")
            let before = try String(contentsOfFile: menu.path + "/before", encoding: .utf8)
            #expect(try String(contentsOfFile: menu.path + "/suspended", encoding: .utf8) == before)
        }
        try pane.keys("j")
        try menu.waitForSelection(pane, containing: "記事 39")
        try pane.keys("q")
        // bash drops the rest of a command line whose job stopped: `fg`'s status is the menu's.
        try pane.waitFor("the shell") { try pane.flag("alternate_on") == "0" }
        try? FileManager.default.removeItem(atPath: menu.path + "/after")
        try pane.run("echo EXIT=$?; stty -g > after")
        #expect(try menu.expectRestored(pane) == 0)
    }

    @Test("r fetches in the background and reports in the status line; A marks the tab read once confirmed")
    func refreshAndMarkRead() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try menu.expectScreens(pane, [("r", "fetched"), ("A", "mark all 40 unread articles in ニュース read? y/n"),
                                      ("n", "not marked")])
        try pane.keys("A", "y")
        try pane.waitForText("marked 40 articles read")
        #expect(try !pane.screen().contains("ニュース 40"))
        try menu.quit(pane)
    }

    @Test("r runs the on_new hook with the articles it stored, the hook's output kept off the screen")
    func refreshRunsHook() throws {
        // The hook writes its input beside the database and talks on both of its outputs.
        let hook = #"["/bin/sh", "-c", "cat > \"${NEWSMENU_DB%/*}/hook.json\"; echo HOOK-OUT; echo HOOK-ERR >&2"]"#
        let menu = try MenuFixture(onNew: hook)
        let written = menu.path + "/hook.json"
        #expect(FileManager.default.fileExists(atPath: written), "the first fetch ran the hook")
        try FileManager.default.removeItem(atPath: written)
        // A feed new to the config is due at once, so `r` fetches it (the others are not due).
        try MenuFixture.writeFeed(in: menu.directory, name: "extra.atom", titles: [("新着の記事", "https://example.org/extra/1")])
        let configPath = menu.path + "/feeds.json"
        let config = try String(contentsOfFile: configPath, encoding: .utf8)
        try config.replacingOccurrences(of: "/news.atom\"]", with: "/news.atom\", \"file://\(menu.path)/extra.atom\"]")
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        let pane = try menu.startedPane(showing: "記事 40")
        try pane.keys("r")
        try pane.waitForText("fetched")
        let input = try String(contentsOfFile: written, encoding: .utf8)
        #expect(input.contains("新着の記事"))
        #expect(!input.contains("記事 40"))
        let screen = try pane.screen()
        #expect(!screen.contains("HOOK-OUT") && !screen.contains("HOOK-ERR"), "\(screen)")
        try menu.quit(pane)
    }
}
