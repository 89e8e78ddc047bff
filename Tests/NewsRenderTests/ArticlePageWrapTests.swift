// Wrapping the reading view's text: Latin at spaces, CJK between characters with Japanese
// line-breaking rules, long words broken at cluster boundaries, never past the width.
import Testing
import NewsModel
import NewsRender

@Suite("Article page wrapping")
struct ArticlePageWrapTests {
    func body(_ text: String, width: Int, ambiguousWide: Bool = false) -> [String] {
        ArticlePageFixtures.body(text, width: width, ambiguousWide: ambiguousWide)
    }

    func columns(_ line: String, ambiguousWide: Bool = false) -> Int {
        DisplayWidth.width(of: line, ambiguousWide: ambiguousWide)
    }

    @Test("Japanese text breaks between any two characters, filling the line")
    func japanese() {
        #expect(body("吾輩は猫である。名前はまだ無い。", width: 10) == ["吾輩は猫で", "ある。名前", "はまだ無", "い。"])
    }

    @Test("no line starts with closing punctuation or a small kana: the character before moves down")
    func noLineStartsWithClosing() {
        // At 8 columns 。 would start the second line; あ goes down with it.
        #expect(body("あいうえ。かきく", width: 8) == ["あいう", "え。かき", "く"])
        #expect(body("あいうえっと", width: 8) == ["あいう", "えっと"])
        #expect(body("あいうえー", width: 8) == ["あいう", "えー"])
        #expect(body("あいう」か", width: 6) == ["あい", "う」か"])
        #expect(body("あいう…か", width: 6) == ["あい", "う…か"])
        #expect(body("ｱｲｳｴｵｶ｡ｷ", width: 6) == ["ｱｲｳｴｵ", "ｶ｡ｷ"])
    }

    @Test("no line ends with an opening bracket: it moves to the next line")
    func noLineEndsWithOpening() {
        #expect(body("あいう「かき」", width: 8) == ["あいう", "「かき」"])
        #expect(body("これは（注）", width: 8) == ["これは", "（注）"])
    }

    @Test("a run kinsoku cannot break is broken anyway, within the width")
    func unsatisfiable() {
        let lines = body("「「「「「「「「「「", width: 6)
        #expect(lines == ["「「「", "「「「", "「「「", "「"])
        #expect(body("。。。。。。。", width: 4) == ["。。", "。。", "。。", "。"])
    }

    @Test("an English word inside Japanese stays whole where it fits")
    func mixed() {
        #expect(body("日本語とEnglishが混ざった文章です。", width: 12) == ["日本語と", "Englishが混", "ざった文章で", "す。"])
        #expect(body("今日はSwift 6とLinuxの話", width: 14) == ["今日はSwift 6", "とLinuxの話"])
    }

    @Test("a word longer than the line is broken at the width; hyphens offer a break")
    func longWord() {
        #expect(body("a supercalifragilisticexpialidocious word", width: 10) == [
            "a", "supercalif", "ragilistic", "expialidoc", "ious word",
        ])
        #expect(body("a well-known thing", width: 8) == ["a well-", "known", "thing"])
        #expect(body("a -5 value", width: 3) == ["a", "-5", "val", "ue"])
    }

    @Test("wide characters never straddle the edge")
    func wideAtEdge() {
        // Four columns of Latin leave one: the kanji goes down whole.
        #expect(body("abcd漢字", width: 5) == ["abcd", "漢字"])
        #expect(body("漢字漢字漢", width: 5) == ["漢字", "漢字", "漢"])
    }

    @Test("emoji sequences and combining marks are never split")
    func clusters() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        #expect(body("ab\(family)\(family)", width: 4) == ["ab\(family)", family])
        let accented = "e\u{0301}"
        #expect(body(String(repeating: accented, count: 5), width: 3) == [
            String(repeating: accented, count: 3), String(repeating: accented, count: 2),
        ])
        #expect(body("🇯🇵🇯🇵🇯🇵", width: 5) == ["🇯🇵🇯🇵", "🇯🇵"])
    }

    @Test("ambiguous characters count two columns when the terminal draws them wide")
    func ambiguous() {
        let narrow = body("<ul><li>αβγδε ζηθ</li></ul>", width: 10)
        #expect(narrow == ["• αβγδε", "  ζηθ"])
        let wide = body("<ul><li>αβγδε ζηθ</li></ul>", width: 10, ambiguousWide: true)
        #expect(wide.allSatisfy { columns($0, ambiguousWide: true) <= 10 })
        // The bullet is two columns too, and so is the indent that hangs from it.
        #expect(wide == ["• αβγ", "   δε", "   ζηθ"])
    }

    @Test("leading spaces of the HTML are dropped; a no-break space holds words together")
    func spaces() {
        #expect(body("<p>   indented</p><p>&nbsp;&nbsp;nbsp</p>", width: 20) == ["indented", "", "nbsp"])
        #expect(body("a 100&nbsp;km b", width: 7) == ["a", "100 km", "b"])
    }

    @Test("every width from 1 to 10 terminates with every line within it")
    func narrowWidths() {
        let html = "<blockquote><ul><li>日本語「テスト」です。English words 👨\u{200D}👩\u{200D}👧 e\u{0301}</li></ul></blockquote><pre>\tcode</pre><hr>"
        for width in 1...10 {
            for ambiguousWide in [false, true] {
                let lines = ArticlePageFixtures.page(
                    ArticlePageFixtures.article(content: html, starred: true), width: width,
                    ambiguousWide: ambiguousWide)
                #expect(!lines.isEmpty)
                for line in lines {
                    #expect(columns(line, ambiguousWide: ambiguousWide) <= width, "\(width): \(line)")
                }
            }
        }
    }
}
