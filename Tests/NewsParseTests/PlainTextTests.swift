// PlainText.fromHTML: the one-line text of a piece of HTML.
import NewsParse
import Testing

@Suite("PlainText")
struct PlainTextTests {
    static let cases: [(html: String, text: String)] = [
        ("<p>Hello, <b>world</b>!</p>", "Hello, world!"),
        ("a</p><p>b", "a b"),
        ("line<br>break", "line break"),
        ("Tom &amp; Jerry", "Tom & Jerry"),
        ("&lt;b&gt;not a tag&lt;/b&gt;", "<b>not a tag</b>"),
        ("x < y and y > z", "x < y and y > z"),
        ("Wait&hellip; &mdash; &ldquo;quoted&rdquo; &rsquo;", "Wait… — “quoted” ’"),
        ("&quot;q&quot; &apos;a&apos;", "\"q\" 'a'"),
        ("&#26085;&#x672C;&#X8A9E;", "日本語"),
        ("a&nbsp;&nbsp;b", "a b"),
        ("&#150;", "–"),
        ("&unknown; & &;", "&unknown; & &;"),
        ("<!-- hidden --> shown", "shown"),
        ("<script>var x = '<p>';</script>text<style>p{}</style>", "text"),
        ("<a href=\"/x?a=1&amp;b=2\" title=\"a > b\">link</a>", "link"),
        ("  spaced \n\t out  ", "spaced out"),
        ("全角\u{3000}スペース", "全角\u{3000}スペース"),
        ("", ""),
    ]

    @Test("tags are stripped, entities decoded once, whitespace collapsed", arguments: cases)
    func converts(_ example: (html: String, text: String)) {
        #expect(PlainText.fromHTML(example.html) == example.text)
    }
}
