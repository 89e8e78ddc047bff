// The interactive tests' world: three tabs of articles fetched from files, a browser that
// records its argv, and a tmux pane to run the menu in with `stty -g` kept before and after.
import Foundation
import Testing
import NewsTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Three tabs fetched from files: ニュース (40 articles, 記事 1…40), テック (3, Tech 1…3) and
/// 危険 (one article whose link is full of shell syntax). A `browser.sh` records its argv.
final class MenuFixture {
    let directory: TemporaryDirectory
    let environment: [String: String]
    /// The link of the 危険 tab's article, byte for byte.
    static let hostileLink = "https://example.org/a?x=1;touch${IFS}PWNED1&y=$(touch${IFS}PWNED2)`touch PWNED3`"

    var path: String { directory.path }
    var hostileLink: String { Self.hostileLink.replacingOccurrences(of: "PWNED", with: path + "/pwned") }

    /// `techFeed`: a second feed for テック (a loopback server's), besides the file.
    /// `onNew`: the config's on_new hook, as JSON (an array of strings).
    init(techFeed: String? = nil, onNew: String? = nil) throws {
        directory = try TemporaryDirectory()
        // The entries are dated 2020, and one a feed adds later that is older than
        // retention.days arrives read: the tests' later entries are news under a century's.
        try Self.writeFeed(in: directory, name: "news.atom", titles: (1...40).map { ("記事 \($0)", "https://example.org/news/\($0)") })
        try Self.writeFeed(in: directory, name: "tech.atom", titles: (1...3).map { ("Tech \($0)", "https://example.org/tech/\($0)") })
        let hostile = Self.hostileLink.replacingOccurrences(of: "PWNED", with: directory.path + "/pwned")
        try Self.writeFeed(in: directory, name: "danger.atom", titles: [("危険なリンク", hostile)])
        let config = try directory.write("feeds.json", """
            {"tabs": [
              {"name": "ニュース", "feeds": ["file://\(directory.path)/news.atom"]},
              {"name": "テック", "feeds": ["file://\(directory.path)/tech.atom"\(techFeed.map { ", \"\($0)\"" } ?? "")]},
              {"name": "危険", "feeds": ["file://\(directory.path)/danger.atom"]}
            ], "retention": {"days": 36500}\(onNew.map { ", \"on_new\": \($0)" } ?? "")}
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

    /// An Atom feed of `titles` with their links, each newer than the one before; entry
    /// ids go by position, so a feed rewritten with more titles keeps the earlier ones.
    static func writeFeed(in directory: TemporaryDirectory, name: String, titles: [(String, String)]) throws {
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
    func startedPane(
        showing text: String = "記事 40", arguments: String = "", command: String = "show", assignments: String = ""
    ) throws -> TmuxPane {
        let pane = try pane()
        try startMenu(in: pane, showing: text, arguments: arguments, command: command, assignments: assignments)
        return pane
    }

    /// Quits with `q`: exit status 0 and the terminal as it was.
    func quit(_ pane: TmuxPane) throws {
        try pane.keys("q")
        #expect(try expectRestored(pane) == 0)
    }

    /// Starts `newsmenu show` (or `command`) from the shell, `assignments` before it,
    /// recording `stty -g` before and after it, and waits until the menu is up with `text`
    /// on screen.
    func startMenu(
        in pane: TmuxPane, showing text: String, arguments: String = "", command: String = "show",
        assignments: String = ""
    ) throws {
        try? FileManager.default.removeItem(atPath: path + "/after")
        try pane.run("clear; stty -g > before; \(assignments) '\(NewsmenuProcess.binary.path)' \(command) \(arguments); "
                     + "echo EXIT=$?; stty -g > after")
        try pane.waitFor("the alternate screen") { try pane.flag("alternate_on") == "1" }
        try pane.waitForText(text)
    }

    /// Waits for the menu to end and checks that the terminal is back as it was: the same
    /// settings, the normal screen, a visible cursor and no mouse reporting. Returns the
    /// exit status the shell saw.
    func expectRestored(_ pane: TmuxPane) throws -> Int? {
        // The shell creates the file before stty writes into it: wait for its line.
        try pane.waitFor("newsmenu to exit") {
            ((try? String(contentsOfFile: path + "/after", encoding: .utf8)) ?? "").hasSuffix("\n")
        }
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

    /// Presses each key in turn, waiting after each for its text on screen.
    func expectScreens(_ pane: TmuxPane, _ steps: [(key: String, text: String)]) throws {
        for step in steps {
            try pane.keys(step.key)
            try pane.waitForText(step.text)
        }
    }

    /// Presses each key in turn, waiting after each for the selection on its article.
    func expectSelections(_ pane: TmuxPane, _ steps: [(key: String, selected: String)]) throws {
        for step in steps {
            try pane.keys(step.key)
            try waitForSelection(pane, containing: step.selected)
        }
    }

    func waitForSelection(_ pane: TmuxPane, containing text: String) throws {
        try pane.waitForSelection(containing: text)
    }
}
