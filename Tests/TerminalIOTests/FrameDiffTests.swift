// The frame update rewrites only the rows that changed, each positioned and cleared.
import Testing
import TerminalIO

@Suite("Frame updates")
struct FrameDiffTests {
    @Test("the first frame writes every row at its position")
    func firstFrame() {
        let update = FrameDiff.update(from: nil, to: ["one", "two"])
        #expect(update == "\u{1B}[?2026h\u{1B}[1;1H\u{1B}[m\u{1B}[Kone\u{1B}[m\u{1B}[2;1H\u{1B}[m\u{1B}[Ktwo\u{1B}[m\u{1B}[?2026l")
    }

    @Test("only changed rows are rewritten")
    func changedRows() {
        let update = FrameDiff.update(from: ["a", "b", "c"], to: ["a", "B", "c"])
        #expect(update == "\u{1B}[?2026h\u{1B}[2;1H\u{1B}[m\u{1B}[KB\u{1B}[m\u{1B}[?2026l")
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() {
        #expect(FrameDiff.update(from: ["a", "b"], to: ["a", "b"]).isEmpty)
    }

    @Test("rows beyond a shorter previous frame are written")
    func grownScreen() {
        let update = FrameDiff.update(from: ["a"], to: ["a", "b"])
        #expect(update.contains("\u{1B}[2;1H\u{1B}[m\u{1B}[Kb"))
        #expect(!update.contains("\u{1B}[1;1H"))
    }
}
