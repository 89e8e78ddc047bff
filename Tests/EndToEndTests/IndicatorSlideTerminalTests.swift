// The indicator's slide as the terminal receives it: the bytes the menu writes after a tab
// switch, read back row by row, show several frames each nearer the new tab — or exactly
// one with --no-animation, TERM=dumb or the config's "animation": false.
import Foundation
import Testing
import NewsRender

@Suite("Indicator slide in a terminal", .serialized)
struct IndicatorSlideTerminalTests {
    /// Each write of the indicator row (the plain style's second) in `output`, in order, as
    /// the columns its heavy rule covers.
    static func indicatorWrites(_ output: String) throws -> [IndicatorSpan] {
        let rowStart = "\u{1B}[2;1H\u{1B}[m\u{1B}[K"
        let rowEnd = try NSRegularExpression(pattern: "\u{1B}\\[([0-9]+;1H|\\?2026l)")
        return output.components(separatedBy: rowStart).dropFirst().map { piece in
            let end = rowEnd.firstMatch(in: piece, range: NSRange(piece.startIndex..., in: piece))
                .flatMap { Range($0.range, in: piece)?.lowerBound } ?? piece.endIndex
            let text = String(piece[..<end])
                .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            let rule = text.drop { $0 == " " }
            return IndicatorSpan(start: text.count - rule.count, width: rule.filter { $0 == "━" || $0 == "=" }.count)
        }
    }

    /// Where the indicator rests under `label` on the screen's first row.
    static func resting(under label: String, in pane: TmuxPane) throws -> IndicatorSpan {
        let tabBar = try #require(try pane.screen().split(separator: "\n").first.map(String.init))
        let range = try #require(tabBar.range(of: label))
        return IndicatorSpan(start: DisplayWidth.width(of: String(tabBar[..<range.lowerBound])),
                             width: DisplayWidth.width(of: label))
    }

    /// Presses `keys` one tmux call apart, waits for `text` and for the indicator to rest
    /// under `label`, and returns every indicator row written since the first key.
    static func switchTabs(
        _ menu: MenuFixture, _ pane: TmuxPane, keys: [String], showing text: String, label: String
    ) throws -> [IndicatorSpan] {
        let outputPath = menu.path + "/output"
        try pane.recordOutput(to: outputPath)
        for key in keys { try pane.keys(key) }
        try pane.waitForText(text)
        let target = try resting(under: label, in: pane)
        let output = try pane.waitForOutput(at: outputPath, "the indicator to rest under \(label)") { output in
            try indicatorWrites(output).last == target
        }
        return try indicatorWrites(output)
    }

    @Test("switching tabs slides the indicator: several frames, each nearer the new tab, resting under it")
    func slides() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        let from = try Self.resting(under: "ニュース", in: pane)
        let writes = try Self.switchTabs(menu, pane, keys: ["l"], showing: "Tech 3", label: "テック")
        #expect(writes.count >= 3, "\(writes)")
        let starts = [from.start] + writes.map(\.start)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }, "\(writes)")
        try menu.quit(pane)
    }

    @Test("a key during the slide is answered at once: no frame of the old slide after it, and the indicator rests under the last tab")
    func keyCutsTheSlide() throws {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        let writes = try Self.switchTabs(menu, pane, keys: ["l", "Tab"], showing: "危険なリンク", label: "危険")
        let starts = writes.map(\.start)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }, "\(writes)")
        try menu.quit(pane)
    }

    @Test("no slide: the indicator jumps in one frame", arguments: ["--no-animation", "config"])
    func jumps(_ way: String) throws {
        let menu = try MenuFixture()
        var arguments = way == "--no-animation" ? way : ""
        if way == "config" {
            let config = try #require(menu.environment["NEWSMENU_CONFIG"])
            let text = try String(contentsOfFile: config, encoding: .utf8)
                .replacingOccurrences(of: "{\"tabs\"", with: "{\"animation\": false, \"tabs\"")
            try text.write(toFile: menu.path + "/still.json", atomically: true, encoding: .utf8)
            arguments = "--config '\(menu.path)/still.json'"
        }
        let pane = try menu.pane()
        try menu.startMenu(in: pane, showing: "記事 40", arguments: arguments)
        let writes = try Self.switchTabs(menu, pane, keys: ["l"], showing: "Tech 3", label: "テック")
        #expect(writes.count == 1, "\(writes)")
        try menu.quit(pane)
    }
}
