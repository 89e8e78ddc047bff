// The `/` prompt on the status line: a long query shows the end being typed; Ctrl-W's word.
import Testing
@testable import NewsMenuKit

@Suite("Search prompt")
struct SearchPromptTests {
    private func prompt(_ draft: String, _ message: String? = nil, width: Int) -> String {
        SearchPrompt.text(draft: draft, message: message, width: width, ellipsis: "…", ambiguousWide: false).text
    }

    @Test("a query that fits is shown whole, its note after it")
    func fits() {
        #expect(prompt("swift", width: 20) == "/swift")
        #expect(prompt("swift", "no match", width: 40) == "/swift   (no match)")
    }

    @Test("a query too long for the line and the cursor's cell shows its end, whole characters only, wide ones counted as two")
    func longQueryShowsItsEnd() {
        #expect(prompt("abcdefghijklmnopqrstuvwxyz", width: 11) == "/…stuvwxyz")
        #expect(prompt("abcdefgh", width: 10) == "/abcdefgh")
        #expect(prompt("abcdefghi", width: 10) == "/…cdefghi")
        #expect(prompt("東京都の大雨と洪水の情報", width: 11) == "/…水の情報")
        #expect(prompt("東京都の大雨と洪水の情報x", width: 11) == "/…の情報x")
    }

    @Test("the note keeps its place while enough of the query's end is left, else gives way")
    func noteGivesWay() {
        let draft = String(repeating: "word ", count: 10) + "end"
        #expect(prompt(draft, "no match", width: 40) == "/… word word word word end   (no match)")
        #expect(prompt(draft, "no match", width: 20) == "/…ord word word end")
    }

    @Test("Ctrl-W drops the last word and the spaces after it, as a shell does")
    func droppingLastWord() {
        #expect(SearchPrompt.droppingLastWord("swift concurrency  ") == "swift ")
        #expect(SearchPrompt.droppingLastWord("swift") == "")
        #expect(SearchPrompt.droppingLastWord("") == "")
        #expect(SearchPrompt.droppingLastWord("東京 大雨") == "東京 ")
    }
}
