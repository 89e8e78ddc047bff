// What the interactive view writes, read back from the terminal's input: a key rewrites only
// the rows it changed, inside one synchronized update; a resize redraws every row in place,
// never clearing the screen first (no flicker).
import Foundation
import Testing

@Suite("Frame writes in a terminal", .serialized)
struct FrameWritesTerminalTests {
    static let beginUpdate = "\u{1B}[?2026h"
    static let endUpdate = "\u{1B}[?2026l"

    /// The rows, from 1, that `output` moves to the start of to rewrite, in order.
    static func rewrittenRows(_ output: String) throws -> [Int] {
        let rowStart = try NSRegularExpression(pattern: "\u{1B}\\[([0-9]+);1H")
        return rowStart.matches(in: output, range: NSRange(output.startIndex..., in: output)).compactMap { match in
            Range(match.range(at: 1), in: output).flatMap { Int(output[$0]) }
        }
    }

    /// The menu up in a pane whose output from now on is recorded at the path returned.
    static func recordingMenu() throws -> (MenuFixture, TmuxPane, String) {
        let menu = try MenuFixture()
        let pane = try menu.startedPane()
        let outputPath = menu.path + "/output"
        try pane.recordOutput(to: outputPath)
        return (menu, pane, outputPath)
    }

    @Test("j rewrites the two rows whose selection changed, in one synchronized update")
    func keyRewritesChangedRows() throws {
        let (menu, pane, outputPath) = try Self.recordingMenu()
        try menu.expectSelections(pane, [("j", "記事 39")])
        let output = try pane.waitForOutput(at: outputPath, "the frame's update to end") { $0.contains(Self.endUpdate) }
        #expect(output.components(separatedBy: Self.beginUpdate).count == 2, "one update: \(output.debugDescription)")
        #expect(try Self.rewrittenRows(output) == [4, 5])
        try menu.quit(pane)
    }

    @Test("a resize redraws every row in place in synchronized updates, never clearing the screen")
    func resizeRedrawsInPlace() throws {
        let (menu, pane, outputPath) = try Self.recordingMenu()
        try pane.resize(columns: 50, rows: 12)
        let output = try pane.waitForOutput(at: outputPath, "a full 12-row frame") { output in
            try Self.rewrittenRows(output).suffix(12) == Array(1...12) && output.hasSuffix(Self.endUpdate)
        }
        #expect(!output.contains("\u{1B}[2J"))
        #expect(output.components(separatedBy: Self.beginUpdate).count == output.components(separatedBy: Self.endUpdate).count)
        try menu.quit(pane)
    }
}
