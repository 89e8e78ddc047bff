// Feeds that put escape sequences, C1 controls, bidi overrides and NUL in every field never
// get a byte that drives the terminal out of newsmenu: not from fetch's messages, lines, JSON
// or log, not from show, tabs, status, search or parse, and not from the interactive view,
// whose only escapes are its own. Links that are not web links are shown, never opened.
import Foundation
import Testing
import NewsTestSupport

@Suite("Terminal safety against hostile feeds", .serialized)
struct TerminalSafetyTests {
    @Test("the check finds what could drive a terminal and lets newsmenu's own drawing through")
    func checkerFindsEveryKind() {
        #expect(TerminalBytes.violations(in: "plain 日本語 text\nnext line").isEmpty)
        #expect(TerminalBytes.violations(in: "\u{1B}[1;38;5;208mbold\u{1B}[m", ownEscapes: true).isEmpty)
        #expect(TerminalBytes.violations(in: "\u{1B}[?1049h\u{1B}[3;1H\u{1B}[K\u{1B}[?2026l", ownEscapes: true).isEmpty)
        #expect(TerminalBytes.violations(in: "\rprogress\u{1B}[K", ownEscapes: true, carriageReturns: true).isEmpty)
        let hostile: [(String, String)] = [
            ("\u{1B}[1m", "escape sequence"), ("\u{1B}]8;;https://e.example/\u{07}x", "escape sequence"),
            ("\u{1B}]52;c;cHduZWQ=\u{1B}\\", "escape sequence"), ("\u{1B}[?1000;1h", "escape sequence"),
            ("\u{1B}[6n", "escape sequence"), ("\u{1B}7", "escape sequence"), ("\u{9B}2J", "C1 control"),
            ("\u{202E}txt", "bidi"), ("\u{2066}", "bidi"), ("a\u{00}b", "control"), ("\u{07}", "control"),
            ("\u{7F}", "control"), ("tab\there", "control"), ("\r", "carriage return"), ("\u{2028}", "separator"),
        ]
        for (text, kind) in hostile {
            let found = TerminalBytes.violations(in: "ok " + text + " ok", ownEscapes: !kind.hasPrefix("escape"))
            #expect(found.count == 1 && found[0].contains(kind), "\(text.debugDescription): \(found)")
        }
        // Newsmenu's own sequences are violations where it must draw none (a pipe).
        #expect(TerminalBytes.violations(in: "\u{1B}[1mbold\u{1B}[m").count == 2)
    }

    @Test("fetch's summary, failures, verbose lines, JSON lines and log carry no control byte from hostile feeds")
    func fetchOutput() throws {
        let world = try HostileTextWorld()
        let verbose = try NewsmenuProcess.run(["fetch", "--verbose"], environment: world.environment)
        #expect(verbose.status == 1, "the missing file and the web page fail: \(verbose.stderr)")
        expectSafe(verbose.stdout + verbose.stderr, "fetch --verbose")
        #expect(verbose.stderr.contains("missing"), "the missing file is named: \(verbose.stderr)")
        #expect(verbose.stderr.contains("HTML page"), "the web page is named as one: \(verbose.stderr)")

        let json = try NewsmenuProcess.run(["fetch", "--force", "--json"], environment: world.environment)
        expectSafe(json.stdout + json.stderr, "fetch --json")
        let objects = json.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 6, "one JSON object per feed: \(json.stdout)")
        #expect(objects.contains { ($0["url"] as? String)?.contains("\u{1B}]0;owned\u{07}") == true },
                "the URL as configured, escapes kept inside JSON strings: \(json.stdout)")

        let quiet = try NewsmenuProcess.run(["fetch", "--force", "--quiet"], environment: world.environment)
        expectSafe(quiet.stdout + quiet.stderr, "fetch --quiet")
        let log = try String(contentsOfFile: world.path + "/state/newsmenu/fetch.log", encoding: .utf8)
        #expect(log.contains("failed"), "the log has the failures: \(log)")
        expectSafe(log, "the fetch log")
    }

    @Test("show, tabs, status, search and parse print hostile text without a byte that drives the terminal")
    func readingCommands() throws {
        let world = try HostileTextWorld()
        _ = try NewsmenuProcess.run(["fetch"], environment: world.environment)
        let plainRuns: [[String]] = [
            ["show"], ["show", "--tab", "Faults"], ["show", "--json"], ["tabs"], ["tabs", "--json"], ["status"],
            ["status", "--json"], ["search", "Hostile"], ["search", "Hostile", "--json"],
            ["parse", world.path + "/hostile.json"], ["parse", world.path + "/hostile.json", "--json"],
            ["parse", world.path + "/hostile.rss"], ["parse", world.path + "/hostile.rss", "--json"],
            ["parse", world.path + "/raw.rss"], ["parse", world.path + "/raw.rss", "--json"],
            ["parse", world.server.baseURL + "/page.html"],
        ]
        for arguments in plainRuns {
            let run = try NewsmenuProcess.run(arguments, environment: world.environment)
            expectSafe(run.stdout + run.stderr, arguments.joined(separator: " "))
        }
        let show = try NewsmenuProcess.run(["show", "--color", "always"], environment: world.environment)
        #expect(show.stdout.contains("Hostile title"), "the hostile article is shown: \(show.stdout)")
        #expect(show.stdout.contains("Hostile reference"))
        expectSafe(show.stdout + show.stderr, "show --color always", ownEscapes: true)
        let search = try NewsmenuProcess.run(["search", "Hostile", "--color", "always"], environment: world.environment)
        #expect(search.stdout.contains("title"))
        expectSafe(search.stdout + search.stderr, "search --color always", ownEscapes: true)
        let page = try NewsmenuProcess.run(["parse", world.server.baseURL + "/page.html"], environment: world.environment)
        #expect(page.status != 0)
        #expect(page.stderr.contains("/feed"), "the advertised feeds are listed: \(page.stderr)")
    }

    @Test("the interactive view draws hostile titles, tab names, messages and help with only its own escapes")
    func interactiveView() throws {
        let world = try HostileTextWorld()
        _ = try NewsmenuProcess.run(["fetch"], environment: world.environment)
        let pane = try TmuxPane(directory: world.path, environment: world.environment)
        let outputPath = world.path + "/output"
        try pane.recordOutput(to: outputPath)
        try pane.run("'\(NewsmenuProcess.binary.path)' show; echo EXIT=$?")
        try pane.waitForSelection(containing: "Hostile title")
        // The article's own page: its title, author, link and content, hostile bytes cleaned.
        try pane.keys("Enter")
        try pane.waitForText("Hostile content")
        try pane.keys("q")
        try pane.waitForSelection(containing: "Hostile title")
        // Links that are not web links are kept and shown in the refusal, hostile bytes
        // cleaned; nothing is opened.
        for (title, scheme) in [("Hostile javascript link", "javascript"), ("Hostile file link", "file")] {
            try pane.keys("j")
            try pane.waitForSelection(containing: title)
            try pane.keys("o")
            try pane.waitForText("not opening a \(scheme): link")
        }
        try pane.keys("Tab")
        try pane.waitForText("Faults")
        try pane.keys("r")
        try pane.waitForText("failed")
        try pane.keys("Tab")
        try pane.type("/Hostile")
        try pane.keys("Enter")
        try pane.keys("?")
        try pane.waitForText("close this help")
        // Space scrolls the help (here it fits, so nothing moves); q closes it, a second q quits.
        try pane.keys("Space")
        try pane.keys("q")
        try pane.waitFor("the help to close") { try !pane.screen().contains("close this help") }
        try pane.keys("q")
        // "EXIT=$?" is in the echoed command line too; the status is a digit.
        let output = try pane.waitForOutput(at: outputPath, "the view to end") {
            $0.range(of: "EXIT=[0-9]", options: .regularExpression) != nil
        }
        #expect(output.contains("EXIT=0"))
        #expect(!world.anythingOpened, "no browser was started")
        let start = try #require(output.range(of: "\u{1B}[?1049h"), "the view's output: \(output.debugDescription)")
        let end = try #require(output.range(of: "\u{1B}[?1049l", options: .backwards))
        expectSafe(String(output[start.lowerBound..<end.upperBound]), "the interactive view", ownEscapes: true,
                   carriageReturns: true)
    }

    private func expectSafe(_ text: String, _ what: String, ownEscapes: Bool = false, carriageReturns: Bool = false,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let violations = TerminalBytes.violations(in: text, ownEscapes: ownEscapes, carriageReturns: carriageReturns)
        #expect(violations.isEmpty, "\(what): \(violations.prefix(5)) in \(text.debugDescription.prefix(600))",
                sourceLocation: sourceLocation)
    }
}
