// The frame update rewrites only the rows that changed, each positioned and cleared, and
// shows the cursor only where the frame asks for it.
import Testing
import TerminalIO

@Suite("Frame updates")
struct FrameDiffTests {
    private func frame(_ lines: [String], cursor: (row: Int, column: Int)? = nil) -> ScreenFrame {
        ScreenFrame(lines: lines, cursor: cursor.map { ScreenFrame.Cell(row: $0.row, column: $0.column) })
    }

    private let hide = "\u{1B}[?25l"
    private let show = "\u{1B}[?25h"

    @Test("the first frame writes every row at its position, the cursor hidden as its state is unknown")
    func firstFrame() {
        let update = FrameDiff.update(from: nil, to: frame(["one", "two"]))
        #expect(update == "\u{1B}[?2026h" + hide
                + "\u{1B}[1;1H\u{1B}[m\u{1B}[Kone\u{1B}[m\u{1B}[2;1H\u{1B}[m\u{1B}[Ktwo\u{1B}[m\u{1B}[?2026l")
    }

    @Test("only changed rows are rewritten")
    func changedRows() {
        let update = FrameDiff.update(from: frame(["a", "b", "c"]), to: frame(["a", "B", "c"]))
        #expect(update == "\u{1B}[?2026h\u{1B}[2;1H\u{1B}[m\u{1B}[KB\u{1B}[m\u{1B}[?2026l")
    }

    @Test("an unchanged frame writes nothing, a shown cursor in the same cell included")
    func unchanged() {
        #expect(FrameDiff.update(from: frame(["a", "b"]), to: frame(["a", "b"])).isEmpty)
        #expect(FrameDiff.update(from: frame(["a", "/x"], cursor: (2, 3)), to: frame(["a", "/x"], cursor: (2, 3))).isEmpty)
    }

    @Test("rows beyond a shorter previous frame are written")
    func grownScreen() {
        let update = FrameDiff.update(from: frame(["a"]), to: frame(["a", "b"]))
        #expect(update.contains("\u{1B}[2;1H\u{1B}[m\u{1B}[Kb"))
        #expect(!update.contains("\u{1B}[1;1H"))
    }

    @Test("a cursor the frame asks for is placed and shown after the rows, in the same update")
    func cursorShownAfterRows() {
        let update = FrameDiff.update(from: frame(["a", " /"]), to: frame(["a", " /x"], cursor: (2, 4)))
        #expect(update == "\u{1B}[?2026h\u{1B}[2;1H\u{1B}[m\u{1B}[K /x\u{1B}[m\u{1B}[2;4H" + show + "\u{1B}[?2026l")
    }

    @Test("a shown cursor is hidden while rows are written and put back in its cell after")
    func cursorHiddenWhileRowsAreWritten() {
        let update = FrameDiff.update(from: frame(["a", " /x"], cursor: (2, 4)), to: frame(["A", " /xy"], cursor: (2, 5)))
        #expect(update == "\u{1B}[?2026h" + hide + "\u{1B}[1;1H\u{1B}[m\u{1B}[KA\u{1B}[m\u{1B}[2;1H\u{1B}[m\u{1B}[K /xy\u{1B}[m"
                + "\u{1B}[2;5H" + show + "\u{1B}[?2026l")
    }

    @Test("a cursor that moves with no row changed is only moved; one no longer asked for is hidden")
    func cursorAlone() {
        let shown = frame(["a"], cursor: (1, 2))
        #expect(FrameDiff.update(from: shown, to: frame(["a"], cursor: (1, 3))) == "\u{1B}[?2026h\u{1B}[1;3H" + show + "\u{1B}[?2026l")
        #expect(FrameDiff.update(from: shown, to: frame(["a"])) == "\u{1B}[?2026h" + hide + "\u{1B}[?2026l")
        #expect(FrameDiff.update(from: frame(["a"]), to: frame(["a"], cursor: (1, 2))) == "\u{1B}[?2026h\u{1B}[1;2H" + show + "\u{1B}[?2026l")
    }
}
