// The reading view's body: each kind of HTML block as lines of text at a fixed width.
import Testing
import NewsModel
import NewsRender

@Suite("Article page blocks")
struct ArticlePageBlockTests {
    func body(_ html: String, width: Int = 40, language: UILanguage = .english) -> [String] {
        ArticlePageFixtures.body(html, width: width, language: language)
    }

    @Test("paragraphs wrap at spaces and are separated by one blank line")
    func paragraphs() {
        #expect(body("<p>The quick brown fox jumps over the lazy dog and keeps running.</p>\n\n<div>Second <section>third</section></div>", width: 20) == [
            "The quick brown fox",
            "jumps over the lazy",
            "dog and keeps",
            "running.",
            "",
            "Second",
            "",
            "third",
        ])
    }

    @Test("br breaks the line; two in a row leave one blank line, more no more")
    func lineBreaks() {
        #expect(body("one<br>two<br/><br>three<br><br><br><br>four") == ["one", "two", "", "three", "", "four"])
    }

    @Test("whitespace in HTML collapses; a blank line in the text starts a paragraph")
    func whitespace() {
        #expect(body("<b>  lots   of\n\t space </b>  here\n\n next  paragraph") == [
            "lots of space here", "", "next paragraph",
        ])
    }

    @Test("a line break in HTML between two CJK characters is no space; beside Latin it is one")
    func cjkLineBreaks() {
        #expect(body("<p>日本語の\n文章です。English\nwords と\n日本語</p>") == ["日本語の文章です。English words と日本語"])
    }

    @Test("dt is bold, dd indented beneath it")
    func definitions() {
        #expect(body("<dl><dt>Term</dt><dd>Definition long enough to wrap</dd></dl>", width: 24) == [
            "Term", "    Definition long", "    enough to wrap",
        ])
        // Without its end tags, the term's bold and the definition's indent end with the list.
        #expect(ArticlePageFixtures.body("<dl><dt>Term<dd>Def</dl>After", colors: .monochrome) == [
            "\u{1B}[1mTerm\u{1B}[0m", "    Def", "", "After",
        ])
    }

    @Test("a list inside a quote keeps both the bar and the hanging indent")
    func quotedList() {
        #expect(body("<blockquote><ul><li>quoted item that wraps around</li></ul></blockquote>", width: 20) == [
            "│ • quoted item that", "│   wraps around",
        ])
    }

    @Test("headings are set apart by blank lines; h1 and h2 bold and underlined, h3 bold, h4 to h6 bold and dim")
    func headings() {
        #expect(body("<h1>Title</h1>text<h3>Sub</h3>more") == ["Title", "", "text", "", "Sub", "", "more"])
        let html = "<h1>Big one</h1><h2>Two</h2><h3>Mid</h3><h4><b>Four</b></h4><h6>Six</h6>after"
        #expect(ArticlePageFixtures.body(html, colors: .monochrome) == [
            "\u{1B}[1;4mBig one\u{1B}[0m", "", "\u{1B}[1;4mTwo\u{1B}[0m", "", "\u{1B}[1mMid\u{1B}[0m", "",
            "\u{1B}[1mFour\u{1B}[0m", "", "\u{1B}[1mSix\u{1B}[0m", "", "after",
        ])
        #expect(ArticlePageFixtures.body(html, colors: .ansi16).suffix(5) == [
            "\u{1B}[1;2mFour\u{1B}[0m", "", "\u{1B}[1;2mSix\u{1B}[0m", "", "after",
        ])
    }

    @Test("a heading or paragraph first in a list item adds no blank line before the item")
    func headingInList() {
        #expect(body("<ul><li>項目一</li><li><h3>Heading in list</h3>text after heading</li><li>nested</li></ul>") == [
            "• 項目一", "• Heading in list", "", "  text after heading", "• nested",
        ])
        #expect(body("<ul><li><p>one</p></li><li><p>two</p></li></ul>") == ["• one", "", "• two"])
        #expect(body("<dl><dt>Term</dt><dd><p>Def</p></dd></dl>") == ["Term", "    Def"])
    }

    @Test("list items take markers and hang their wrapped lines; nested lists indent further")
    func lists() {
        let html = """
            <p>Intro</p><ul><li>first item that is long enough to wrap</li>
            <li>second<ol><li>one</li><li>two and a long tail to wrap over</li></ol></li></ul><p>After</p>
            """
        #expect(body(html, width: 24) == [
            "Intro",
            "",
            "• first item that is",
            "  long enough to wrap",
            "• second",
            "  1. one",
            "  2. two and a long tail",
            "     to wrap over",
            "",
            "After",
        ])
    }

    @Test("ordered lists count from start, and li without a closing tag ends at the next")
    func orderedStart() {
        #expect(body("<ol start=\"9\"><li>nine<li>ten</ol>") == ["9. nine", "10. ten"])
        #expect(body("<li>stray item</li>") == ["• stray item"])
    }

    @Test("a blockquote bars every wrapped line, blank lines inside it too; nested quotes add bars")
    func blockquote() {
        let html = "<p>Before</p><blockquote><p>Quoted text long enough to wrap</p><p>More</p><blockquote>Inner</blockquote></blockquote>After"
        #expect(body(html, width: 20) == [
            "Before",
            "",
            "│ Quoted text long",
            "│ enough to wrap",
            "│",
            "│ More",
            "│",
            "│ │ Inner",
            "",
            "After",
        ])
    }

    @Test("pre keeps lines and spaces, expands tabs to stops of 4, and wraps long lines, marked")
    func preformatted() {
        let html = "<p>Code:</p><pre>\nfunc f() {\n\tlet x = 1\t// one\n  return \"a very long string\"\n}\n</pre>"
        #expect(body(html, width: 24) == [
            "Code:",
            "",
            "func f() {",
            "    let x = 1   // one",
            "  return \"a very long st",
            "↪ ring\"",
            "}",
        ])
    }

    @Test("a preformatted line many times the width goes on over several lines, every character kept")
    func preformattedLongLine() {
        let code = "let x = 1; // a very long line of code that goes well past the width"
        let lines = body("<pre><code>\(code)\n  indented line</code></pre>", width: 30)
        #expect(lines == [
            "let x = 1; // a very long line",
            "↪  of code that goes well past",
            "↪  the width",
            "  indented line",
        ])
        #expect(lines.prefix(3).map { $0.hasPrefix("↪ ") ? String($0.dropFirst(2)) : $0 }.joined() == code)
    }

    @Test("wide characters in a preformatted line go on whole; inside a quote the bar stays")
    func preformattedWide() {
        #expect(body("<pre>漢字かな交じりの行</pre>", width: 9) == ["漢字かな", "↪ 交じり", "↪ の行"])
        #expect(body("<blockquote><pre>0123456789</pre></blockquote>", width: 8) == [
            "│ 012345", "│ ↪ 6789",
        ])
    }

    @Test("hr is a dim rule across the width")
    func rule() {
        #expect(body("a<hr>b", width: 10) == ["a", "", "──────────", "", "b"])
        #expect(ArticlePageFixtures.body("a<hr>", width: 5, colors: .ansi16) == ["a", "", "\u{1B}[2m─────\u{1B}[0m"])
    }

    @Test("images show their alternative text and the number of their address; a one-pixel counter shows nothing")
    func images() {
        #expect(body("<p><img src=\"a.png\" alt=\"A cat\">text<img src=\"b.png\"></p><img src=t width=1 height=1>") == [
            "[image: A cat][1] text [image][2]",
            "",
            "Links",
            "[1] https://example.com/news/a.png",
            "[2] https://example.com/news/b.png",
        ])
        #expect(body("<img alt=\"猫\">", language: .japanese) == ["[画像: 猫]"])
    }

    @Test("a table whose rows fit is one line per row, cells between bars, header cells bold")
    func table() {
        let html = """
            <table><tr><th>Name</th><th>Price</th></tr>
            <tr><td>Apple</td><td><p>120 yen</p></td></tr>
            <tr><td>A much longer cell</td><td>9</td></tr></table>after
            """
        #expect(body(html, width: 24) == [
            "Name │ Price",
            "Apple │ 120 yen",
            "A much longer cell │ 9",
            "",
            "after",
        ])
        #expect(ArticlePageFixtures.body("<table><tr><th>都市</th><th>気温</th></tr></table>", colors: .monochrome) == [
            "\u{1B}[1m都市\u{1B}[0m │ \u{1B}[1m気温\u{1B}[0m",
        ])
        // A blank line inside a cell is a space: the row stays one line.
        #expect(body("<table><tr><td>one\n\ntwo</td><td>three</td></tr></table>") == ["one two │ three"])
    }

    @Test("ruby keeps its base text and drops the readings")
    func ruby() {
        #expect(body("<ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字<rt>じ</rt></ruby>を読む") == ["漢字を読む"])
        #expect(body("<ruby><rb>東京</rb><rt>とうきょう</ruby>都") == ["東京都"])
    }

    @Test("character references are decoded once; unknown or invalid ones stay as written")
    func entities() {
        #expect(body("Tom &amp; Jerry &lt;b&gt; &#8230; &#x41;&hellip; &bogus; &#xZZ; AT&T &amp;amp;") == [
            "Tom & Jerry <b> … A… &bogus; &#xZZ; AT&T",
            "&amp;",
        ])
    }

    @Test("script, style, head, comments, doctype and CDATA markers are dropped")
    func dropped() {
        let html = """
            <!DOCTYPE html><html><head><title>Page</title><style>p{}</style></head><body>
            <script>alert("x<p>")</script><!-- hidden <b>text</b> --><p>Shown</p><![CDATA[<p>wrapped</p>]]></body></html>
            """
        #expect(body(html) == ["Shown", "", "wrapped"])
    }

    @Test("malformed HTML keeps every word: unclosed tags, stray < and a < b")
    func malformed() {
        #expect(body("<p>a < b and c<d <b>bold<p>next <i>open") == ["a < b and c<d bold", "", "next open"])
        #expect(body("x <3 y <a href=\"/p\" unterminated") == ["x <3 y <a href=\"/p\" unterminated"])
        #expect(body("cut off <im") == ["cut off <im"])
    }

    @Test("unknown block-level tags separate words; inline ones do not")
    func unknownTags() {
        #expect(body("東京<span>都</span>と<custom-tag>word</custom-tag>end<x:y>z") == ["東京都と word end z"])
    }

    @Test("plain text keeps its line breaks and blank-line paragraphs, collapsing other spaces")
    func plainText() {
        #expect(body("First  line\nsecond line\n\n\n  Paragraph   two\r\nend") == [
            "First line", "second line", "", "Paragraph two", "end",
        ])
    }

    @Test("content without text falls back to the summary, then to a notice")
    func fallback() {
        let summaryOnly = ArticlePageFixtures.article(content: "<p> </p>", summary: "The summary")
        #expect(ArticlePageFixtures.page(summaryOnly, width: 40).last == "The summary")
        let none = ArticlePageFixtures.article(content: nil, summary: "")
        #expect(ArticlePageFixtures.page(none, width: 40).last == "No text in the feed: o opens the link.")
        #expect(ArticlePageFixtures.page(none, width: 60, language: .japanese).last
            == "フィードに本文がありません。o でリンクを開きます。")
        let unlinked = ArticlePageFixtures.article(content: nil, link: nil)
        #expect(ArticlePageFixtures.page(unlinked, width: 40).last == "No text in the feed.")
    }
}
