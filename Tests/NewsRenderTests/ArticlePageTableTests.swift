// Tables whose rows do not fit the width: each row's cells on lines of their own, the first
// at the left and the others indented, rows a blank line apart, so that no separator lands
// in the middle of a wrapped line.
import Testing
import NewsModel
import NewsRender

@Suite("Article page tables")
struct ArticlePageTableTests {
    static let long = """
        <table><tr><td>Very long cell content that goes on and on and on and on to exceed the width of the screen</td>\
        <td>Second column also long-ish text here</td><td>third</td></tr>\
        <tr><td>short</td><td>row</td></tr></table><p>after</p>
        """

    @Test("a row too long for 80 columns sets every row out a cell to a line")
    func eighty() {
        #expect(ArticlePageFixtures.body(Self.long, width: 80) == [
            "Very long cell content that goes on and on and on and on to exceed the width of",
            "the screen",
            "  Second column also long-ish text here",
            "  third",
            "",
            "short",
            "  row",
            "",
            "after",
        ])
    }

    @Test("at 40 columns each cell wraps within its indent")
    func forty() {
        #expect(ArticlePageFixtures.body(Self.long, width: 40).prefix(7) == [
            "Very long cell content that goes on and",
            "on and on and on to exceed the width of",
            "the screen",
            "  Second column also long-ish text here",
            "  third",
            "",
            "short",
        ])
    }

    @Test("Japanese cells wrap between characters; a table in a quote keeps its bars, blank lines too")
    func japanese() {
        let html = "<blockquote><table><tr><th>都市</th><th>説明</th></tr><tr><td>東京</td><td>日本の首都で、人口が最も多い都市です。</td></tr></table></blockquote>"
        #expect(ArticlePageFixtures.body(html, width: 24, language: .japanese) == [
            "│ 都市",
            "│   説明",
            "│",
            "│ 東京",
            "│   日本の首都で、人口が",
            "│   最も多い都市です。",
        ])
    }

    @Test("empty cells and rows take no line; a caption is a row of its own")
    func emptyCells() {
        let html = "<table><caption>Prices in a long caption</caption><tr><td></td><td>only cell with text</td></tr><tr><td> </td></tr></table>"
        #expect(ArticlePageFixtures.body(html, width: 20) == [
            "Prices in a long",
            "caption",
            "",
            "only cell with text",
        ])
        #expect(ArticlePageFixtures.body("<table><tr><td>a</td><td></td><td>c</td></tr></table>") == ["a │  │ c"])
    }
}
