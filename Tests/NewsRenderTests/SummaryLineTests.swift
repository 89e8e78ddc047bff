// The comfortable layout's summary line: a feed's HTML as one cut line of safe text.
import Foundation
import Testing
import NewsModel
import NewsRender

@Suite("Summary line")
struct SummaryLineTests {
    func summaryLine(_ summary: String?, width: Int = 60) -> String {
        let article = ArticleRow(
            id: 1, title: "Title", link: nil, source: "S", published: nil,
            firstSeen: MenuFixtures.now, summary: summary)
        let lines = PageMenu.render(MenuFixtures.state(
            tabs: [], selected: 0, articles: [article], width: width, language: .english,
            layout: .comfortable))
        return MenuFixtures.trimmingTrailingSpaces(lines[4])
    }

    @Test("tags are dropped, words they separate stay apart, entities are decoded")
    func tagsAndEntities() {
        #expect(summaryLine("<p>One</p><p>two &amp; three&nbsp;&#8212; &#x263A; &lt;4&gt;</p>")
            == "   One two & three — ☺ <4>")
        #expect(summaryLine("a &bogus; b &#xZZ; c & d") == "   a &bogus; b &#xZZ; c & d")
    }

    @Test("every named entity the parser knows is decoded, accented letters included")
    func namedEntitiesAsTheParserKnowsThem() {
        #expect(summaryLine("Summary &amp; &eacute;t&eacute; &Auml;&szlig; &frac12; &rarr; &hearts;")
            == "   Summary & été Äß ½ → ♥")
        #expect(summaryLine("C1 &#x80;&#150; invalid &#0;") == "   C1 €– invalid \u{FFFD}")
    }

    @Test("inline tags sit inside a word, and a ruby's reading is left out, its end tag or not")
    func inlineTagsAndRuby() {
        #expect(summaryLine("<p><ruby>漢字<rt>かんじ</rt></ruby>の<ruby>読<rp>(</rp><rt>よ</rt><rp>)</rp></ruby>み方を学ぶ。</p>")
            == "   漢字の読み方を学ぶ。")
        #expect(summaryLine("東京<b>都</b>の<a href=\"https://e.x/\">ニュース</a><br>二行目") == "   東京都のニュース 二行目")
        #expect(summaryLine("<ruby>漢<rt>かん</ruby>字<ruby>東<rt>とう<rt>きょう</ruby>") == "   漢字東")
    }

    @Test("script and style bodies are dropped with their tags")
    func scriptsDropped() {
        #expect(summaryLine("<style>p { color: red }</style>Text<SCRIPT>alert('<b>x</b>')</SCRIPT> after")
            == "   Text after")
    }

    @Test("a long summary is cut with an ellipsis at the width")
    func longSummaryCut() {
        let line = summaryLine(String(repeating: "word ", count: 10_000), width: 30)
        #expect(line.hasPrefix("   word word") && line.hasSuffix("…"))
        #expect(DisplayWidth.width(of: line) == 30)
    }

    @Test("control characters and escapes in a summary never reach the terminal")
    func summarySanitized() {
        // An escape written as an entity is decoded first, then removed with its sequence.
        #expect(summaryLine("safe\u{1B}]0;owned\u{07} &#27;[31mtext\u{202E}") == "   safe text")
    }

    @Test("a missing or empty summary leaves a blank line, keeping the page's rhythm")
    func missingSummary() {
        #expect(summaryLine(nil) == "")
        #expect(summaryLine("  <br/> ") == "")
    }
}
