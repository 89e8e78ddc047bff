// Inputs Fuzz/run (FuzzTerminalText) found breaking a property of sanitising and measuring
// text, each kept as it was found.
import Testing
import NewsRender

@Suite("Fuzz findings: terminal text")
struct TerminalTextFuzzFindingTests {
    /// The input's first byte picked 5 columns; the rest was "\u{FFFD}\u{0D4E}": Malayalam's
    /// dot reph, a Prepend letter, joins the space after it into one cluster, which was
    /// measured by its first letter alone, so the padded line came out 4 columns wide.
    @Test("a prepended letter keeps its column when spaces or an ellipsis follow it")
    func prependedLetterBeforeSpace() {
        let text = TerminalText.sanitize("\u{FFFD}\u{0D4E}")
        #expect(DisplayWidth.width(of: text) == 2)
        #expect(DisplayWidth.width(of: DisplayWidth.fit(text, toWidth: 5)) == 5)
        #expect(DisplayWidth.width(of: "\u{0D4E} ") == 2)
        #expect(DisplayWidth.width(of: "\u{0D4E}…") == 2)
        #expect(DisplayWidth.width(of: DisplayWidth.fit("ab\u{0D4E}cdef", toWidth: 4)) == 4)
        #expect(DisplayWidth.width(of: "\u{0D4E}\u{0D4E}x") == 3)
    }

    @Test("a prepended format character still takes no column")
    func prependedFormatCharacter() {
        #expect(DisplayWidth.width(of: "\u{0600}1") == 1)
        #expect(DisplayWidth.width(of: DisplayWidth.fit("\u{0600}", toWidth: 3)) == 3)
    }

    /// Found in the second run: a run of Prepend characters, a format one among the letters,
    /// before the padding spaces ("…\u{0D4E}\u{0600}\u{0D4E}\u{0D4E}" fitted to 53 columns
    /// was 52 wide): every Prepend in the run joins the next, so all of them are counted.
    @Test("a run of prepended characters, letters and format ones mixed, keeps every letter's column")
    func runOfPrepends() {
        let text = "I\u{0D4E}\u{0D4E}\u{0600}\u{0D4E}\u{0D4E}"
        #expect(DisplayWidth.width(of: text) == 5)
        #expect(DisplayWidth.width(of: "\u{0D4E}\u{0600}\u{0D4E} ") == 3)
        for limit in 1...12 {
            #expect(DisplayWidth.width(of: DisplayWidth.fit(text, toWidth: limit)) == limit, "limit \(limit)")
        }
    }
}
