// Whitespace in a short field: collapsed to single spaces, no space where a line break falls
// between two CJK characters, and the ideographic space trimmed from the ends only.
import Testing
@testable import NewsParse

@Suite("Whitespace in short fields")
struct WhitespaceTests {
    @Test("a line break between CJK characters goes; elsewhere it is a space", arguments: [
        ("改行が\nタイトルに\r\n入っている記事", "改行がタイトルに入っている記事"),
        ("改行が \n  タイトル", "改行がタイトル"),
        ("ｶﾀｶﾅ\n漢字", "ｶﾀｶﾅ漢字"),
        ("English\nwords", "English words"),
        ("漢字\nEnglish", "漢字 English"),
        ("東京 大阪", "東京 大阪"),
        ("東京\t大阪", "東京 大阪"),
        ("한국\n어", "한국 어"),
        ("𠮷野家\n牛丼", "𠮷野家牛丼"),
    ])
    func lineBreaks(text: String, expected: String) {
        #expect(Whitespace.collapse(text) == expected)
    }

    @Test("the ideographic space is trimmed from the ends and kept inside; a field of nothing else is empty", arguments: [
        ("\u{3000} \u{3000}", ""),
        ("\u{3000}見出し\u{3000}", "見出し"),
        ("あ\u{3000}い\u{3000} \u{3000}", "あ\u{3000}い"),
        (" \u{3000}あ", "あ"),
        ("あ\u{3000}い", "あ\u{3000}い"),
    ])
    func ideographicSpace(text: String, expected: String) {
        #expect(Whitespace.collapse(text) == expected)
    }
}
