// The interactive page menu driven through a real pseudo-terminal (tmux): keys, SGR mouse
// reports, search, opening a link with a recording browser, resizing, suspending, and every
// way out — after each, the terminal's settings and modes are what they were before.
import Foundation
import Testing
import NewsRender
import NewsTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Three tabs fetched from files: ニュース (40 articles, 記事 1…40), テック (3, Tech 1…3) and
/// 危険 (one article whose link is full of shell syntax). A `browser.sh` records its argv.
private final class MenuFixture {
    let directory: TemporaryDirectory
    let environment: [String: String]
    /// The link of the 危険 tab's article, byte for byte.
    static let hostileLink = "https://example.org/a?x=1;touch${IFS}PWNED1&y=$(touch${IFS}PWNED2)`touch PWNED3`"

    var path: String { directory.path }
    var hostileLink: String { Self.hostileLink.replacingOccurrences(of: "PWNED", with: path + "/pwned") }

    init() throws {
        directory = try TemporaryDirectory()
        try Self.writeFeed(in: directory, name: "news.atom", titles: (1...40).map { ("記事 \($0)", "https://example.org/news/\($0)") })
        try Self.writeFeed(in: directory, name: "tech.atom", titles: (1...3).map { ("Tech \($0)", "https://example.org/tech/\($0)") })
        let hostile = Self.hostileLink.replacingOccurrences(of: "PWNED", with: directory.path + "/pwned")
        try Self.writeFeed(in: directory, name: "danger.atom", titles: [("危険なリンク", hostile)])
        let config = try directory.write("feeds.json", """
            {"tabs": [
              {"name": "ニュース", "feeds": ["file://\(directory.path)/news.atom"]},
              {"name": "テック", "feeds": ["file://\(directory.path)/tech.atom"]},
              {"name": "危険", "feeds": ["file://\(directory.path)/danger.atom"]}
            ]}
            """)
        let browser = try directory.write("browser.sh", """
            #!/bin/sh
            stty -g > '\(directory.path)/during'
            for argument in "$@"; do printf '%s\\n' "$argument" >> '\(directory.path)/argv'; done
            """)
        chmod(browser, 0o755)
        environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db",
                       "BROWSER": "no-such-browser-here:\(browser) --new-tab %s"]
        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 0)
    }

    /// An Atom feed of `titles` with their links, the first one the newest.
    private static func writeFeed(in directory: TemporaryDirectory, name: String, titles: [(String, String)]) throws {
        let entries = titles.enumerated().map { index, entry in
            let escapedLink = entry.1.replacingOccurrences(of: "&", with: "&amp;")
            return """
                <entry><title>\(entry.0)</title><id>urn:\(name):\(index)</id><link href="\(escapedLink)"/>
                <published>2020-01-0\(1 + index / 24)T\(String(format: "%02d", index % 24)):00:00Z</published></entry>
                """
        }
        try directory.write(name, """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>\(name)</title><id>urn:\(name)</id>
            <updated>2020-01-01T00:00:00Z</updated>
            \(entries.joined(separator: "\n"))
            </feed>
            """)
    }

    func pane(columns: Int = 80, rows: Int = 24) throws -> TmuxPane {
        try TmuxPane(directory: path, columns: columns, rows: rows, environment: environment)
    }

    /// A new pane with the menu up, `text` on screen.
    func startedPane(showing text: String = "記事 40", arguments: String = "") throws -> TmuxPane {
        let pane = try pane()
        try startMenu(in: pane, showing: text, arguments: arguments)
        return pane
    }

    /// Quits with `q`: exit status 0 and the terminal as it was.
    func quit(_ pane: TmuxPane) throws {
        try pane.keys("q")
        #expect(try expectRestored(pane) == 0)
    }

    /// Starts `newsmenu show` from the shell, recording `stty -g` before and after it, and
    /// waits until the menu is up with `text` on screen.
    func startMenu(in pane: TmuxPane, showing text: String, arguments: String = "") throws {
        try? FileManager.default.removeItem(atPath: path + "/after")
        try pane.run("clear; stty -g > before; '\(NewsmenuProcess.binary.path)' show \(arguments); "
                     + "echo EXIT=$?; stty -g > after")
        try pane.waitFor("the alternate screen") { try pane.flag("alternate_on") == "1" }
        try pane.waitForText(text)
    }

    /// Waits for the menu to end and checks that the terminal is back as it was: the same
    /// settings, the normal screen, a visible cursor and no mouse reporting. Returns the
    /// exit status the shell saw.
    func expectRestored(_ pane: TmuxPane) throws -> Int? {
        try pane.waitFor("newsmenu to exit") { FileManager.default.fileExists(atPath: path + "/after") }
        try pane.waitForText("EXIT=")
        let before = try String(contentsOfFile: path + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: path + "/after", encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(after == before)
        #expect(try pane.flag("alternate_on") == "0")
        #expect(try pane.flag("cursor_flag") == "1")
        #expect(try pane.flag("mouse_any_flag") == "0")
        #expect(try pane.flag("mouse_sgr_flag") == "0")
        let screen = try pane.screen()
        let exitLine = screen.split(separator: "\n").last { $0.hasPrefix("EXIT=") }
        #expect(exitLine != nil, "no exit status on the screen:\n\(screen)")
        return exitLine.flatMap { Int($0.dropFirst(5)) }
    }

    /// The text of the row drawn in reverse video: the selected article.
    func selectedRow(_ pane: TmuxPane) throws -> String? {
        let screen = try pane.tmux(["capture-pane", "-p", "-e", "-t", "menu"])
        let reverse = try NSRegularExpression(pattern: "\u{1B}\\[([0-9]*;)*7(;[0-9]*)*m")
        return screen.split(separator: "\n").first { line in
            let text = String(line)
            return reverse.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }.map { line in
            line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
    }

    func waitForSelection(_ pane: TmuxPane, containing text: String) throws {
        try pane.waitFor("the selection on '\(text)'") { try self.selectedRow(pane)?.contains(text) == true }
    }
}

@Suite("Interactive page menu in a terminal", .serialized)
struct InteractiveTerminalTests {
    @Test("keys switch tabs, move, page and search; q quits and the terminal is as before")
    func keys() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try menu.waitForSelection(pane, containing: "記事 40")
        // Each tab key, and the text of the tab it should show.
        for (key, text) in [("l", "Tech 3"), ("Tab", "危険なリンク"), ("Tab", "記事 40"), ("BTab", "危険なリンク")] {
            try pane.keys(key)
            try pane.waitForText(text)
        }
        // Keys (then text typed, if any) and the article they should select.
        let moves: [(keys: [String], typed: String, selected: String)] = [
            (["0"], "", "記事 40"), (["j", "j"], "", "記事 38"), (["PageDown"], "", "記事 19"),
            (["/"], "記事 3", "記事 3 "), (["Enter", "n"], "", "記事 39"), (["G"], "", "記事 1 "),
        ]
        for move in moves {
            try pane.tmux(["send-keys", "-t", "menu"] + move.keys)
            if !move.typed.isEmpty { try pane.type(move.typed) }
            try menu.waitForSelection(pane, containing: move.selected)
        }
        try menu.quit(pane)
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
        // A click selects the article, a second click on it opens it.
        try pane.type("\u{1B}[<0;10;4M\u{1B}[<0;10;4m")
        try menu.waitForSelection(pane, containing: "危険なリンク")
        try pane.type("\u{1B}[<0;10;4M\u{1B}[<0;10;4m")
        try pane.waitFor("the browser to record its arguments") { FileManager.default.fileExists(atPath: menu.path + "/argv") }
        try pane.waitFor("the menu to come back, the article read") {
            try pane.flag("alternate_on") == "1" && !(try pane.screen().contains("危険 1"))
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
        try pane.keys("r")
        try pane.waitForText("fetched")
        try pane.keys("A")
        try pane.waitForText("mark all 40 unread articles in ニュース read? y/n")
        try pane.keys("n")
        try pane.waitForText("not marked")
        try pane.keys("A", "y")
        try pane.waitForText("marked 40 articles read")
        #expect(try !pane.screen().contains("ニュース 40"))
        try menu.quit(pane)
    }

    @Test("the tab shown last opens next time")
    func lastTab() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        try pane.keys("2")
        try pane.waitForText("Tech 3")
        try menu.quit(pane)
        try menu.startMenu(in: pane, showing: "Tech 3")
        try menu.quit(pane)
    }
}
