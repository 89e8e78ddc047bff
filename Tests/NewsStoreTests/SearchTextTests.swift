// The plain text the search index holds: markup dropped, references decoded, white space collapsed.
import Testing
@testable import NewsStore

@Suite("Search text")
struct SearchTextTests {
    @Test("tags go; a block tag separates words, an inline one does not")
    func tags() {
        #expect(SearchText.plain("<p>東京<b>都</b>の</p><p>会見</p>") == "東京都の 会見")
        #expect(SearchText.plain("<div class=\"x\">one<br/>two</div>") == "one two")
        #expect(SearchText.plain("<A HREF='/x'>link</A>ed") == "linked")
    }

    @Test("script, style and comments vanish with their content")
    func hiddenContent() {
        #expect(SearchText.plain("a<script>var div = 1;</script>b<style>p { }</style>c<!-- note -->d") == "a b cd")
        // The closing tag is matched as written in lower case; an unclosed script hides the rest.
        #expect(SearchText.plain("a<Script>x</SCRIPT>b") == "a")
        #expect(SearchText.plain("a<!-->b<!-- open") == "ab<!-- open")
    }

    @Test("a tag name longer than any inline element's separates words")
    func longNames() {
        #expect(SearchText.plain("x<blockquote>y</blockquote>z<strongest>w") == "x y z w")
        #expect(SearchText.plain("x<sup>2</sup>y<h1>t</h1>") == "x2y t")
    }

    @Test("character references are decoded, unknown ones kept as written")
    func references() {
        #expect(SearchText.plain("AT&amp;T &lt;3 &#26481;&#x4EAC; a&nbsp;b &bogus; &") == "AT&T <3 東京 a b &bogus; &")
    }

    @Test("a < that starts no tag is text, and white space collapses")
    func literalText() {
        #expect(SearchText.plain("  a < b\n\n and 1<2 <  ") == "a < b and 1<2 <")
        #expect(SearchText.plain("") == "")
    }

    @Test("any mix of text, tags, references and white space gives collapsed text no longer than its HTML")
    func mixedFragments() {
        // Fragments at their edges: references as long as or longer than what they decode to,
        // white space of every kind around tags, unclosed tags and comments, script to the end.
        let fragments = ["&#128512;", "&#x10FFFF;", "&nbsp;", "&amp;", "&amp", "&#0;", "&", "<", "<p>", "</p>", "<b>",
                         "<br/>", "<!-- c -->", "<!--", "<script>x</script>", "<style>", " ", "\t", "\n", "\r\n",
                         "\u{0C}", "\u{01}", "東京", "ＡＢ", "ｶﾞ", "word", ">", "&lt;p&gt;"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var html = ""
            for _ in 0..<(1 + Int(state % 12)) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                html += fragments[Int(state >> 33) % fragments.count]
            }
            let plain = SearchText.plainUTF8(html)
            #expect(plain.count <= html.utf8.count)
            #expect(plain.first != 0x20 && plain.last != 0x20, "\(html.debugDescription)")
            #expect(!zip(plain, plain.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }, "\(html.debugDescription)")
            #expect(!plain.contains { [0x09, 0x0A, 0x0D, 0x0C].contains($0) }, "\(html.debugDescription)")
        }
    }

    @Test("the indexed text is the title, the plain summary and the plain content, one per line, then two line ends")
    func wholeArticle() {
        #expect(SearchText.of(title: "T", summary: "<p>s</p>", content: nil) == "T\ns\n\n\n")
        #expect(SearchText.of(title: "T", summary: nil, content: "<p>c</p>") == "T\n\nc\n\n")
        // White space at either end of a part is dropped within that part, never carried over.
        #expect(SearchText.of(title: " T ", summary: " <p> s </p> ", content: "\n<b>c</b>  d<br>") == " T \ns\nc d\n\n")
        #expect(SearchText.body(summary: nil, content: "<p>c</p>") == "c")
    }

    @Test("ruby readings and their parentheses are left out, end tags or not; v12 to v15 kept them")
    func rubyReadings() {
        let ruby = "<p><ruby>東京<rp>(</rp><rt>とうきょう</rt><rp>)</rp></ruby>都の<RUBY>天気<RT>てんき</RUBY>予報</p>"
        let omitted = "<ruby>漢<rt>かん</rt>字<rt>じ</ruby>"
        #expect(SearchText.body(summary: ruby, content: omitted) == "東京都の天気予報 漢字")
        #expect(SearchText.of(title: "<rt>x</rt>", summary: ruby, content: omitted) == "<rt>x</rt>\n東京都の天気予報\n漢字\n\n")
        #expect(SearchText.withReadings(title: nil, summary: ruby, content: omitted)
                == "\n東京(とうきょう)都の天気てんき予報\n漢かん字じ\n\n")
        // What the index is given for a text without ruby is what it held before.
        let plain = "<p>東京<b>都</b>の天気</p>"
        #expect(SearchText.of(title: "T", summary: plain, content: nil) == SearchText.withReadings(title: "T", summary: plain, content: nil))
    }
}

@Suite("Folded search text")
struct FoldedSearchTextTests {
    @Test("the folded bytes a candidate is checked against are the indexed text lowercased", arguments: [
        ("Swift 6 RELEASED", "<p>The <b>Swift</b> team &amp; ÄÖÜ</p>", nil),
        (nil, nil, "<div>東京<b>都</b>ＡＢＣ İstanbul ΑΘΗΝΑ</div>"),
        ("T", "", ""), ("ÉTÉ", "s", "<p>c</p>"),
    ] as [(String?, String?, String?)])
    func matchesLoweredText(title: String?, summary: String?, content: String?) {
        let text = SearchText.of(title: title, summary: summary, content: content)
        let folded = SearchText.foldedUTF8(title: Array((title ?? "").utf8), summary: Array((summary ?? "").utf8),
                                           content: Array((content ?? "").utf8))
        #expect(folded == Array(text.lowercased().utf8))
    }
}

@Suite("Case folding")
struct CaseFoldingTests {
    @Test("folds exactly as String.lowercased() of the width-folded text across scripts", arguments: [
        "Swift CONCURRENCY", "東京都ＡＢＣの株価", "ÄÖÜ straße İstanbul", "ΑΘΗΝΑ Москва", "한국어 ＡＢ", "𠀋 emoji 😀 X", "",
        "ｶﾞｲﾄﾞﾌﾞｯｸ ＮＨＫ２０２６",
    ])
    func matchesStandardLibrary(text: String) {
        #expect(CaseFolding.lowercased(text) == WidthFolding.folded(text).lowercased())
    }
}
