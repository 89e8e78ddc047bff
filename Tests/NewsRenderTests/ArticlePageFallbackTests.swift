// Which of an article's texts the page shows: content that only looks like text (spaces,
// no-break spaces, empty paragraphs) or only repeats the title gives way to the summary,
// then to the notice; a description escaped twice is read as the HTML it was.
import Testing
import NewsModel
import NewsRender

@Suite("Article page fallback")
struct ArticlePageFallbackTests {
    typealias Fixtures = ArticlePageFixtures

    func page(_ article: ReadableArticle, language: UILanguage = .english) -> [String] {
        let lines = Fixtures.page(article, width: 60, language: language)
        return Array(lines[(lines.firstIndex(of: "").map { $0 + 1 } ?? 0)...])
    }

    @Test("content of only spaces, no-break spaces and empty blocks falls back to the summary")
    func blankContent() {
        for content in ["<p>&nbsp;</p><div> </div>", " \n\t", "&nbsp;&#160;", "<p></p><div><span> </span></div>",
                        "<p>\u{3000}\u{200B}</p>", "<hr>", "<pre>\n   \n</pre>"] {
            let article = Fixtures.article(content: content, summary: "Summary exists here.")
            #expect(page(article) == ["Summary exists here."], "\(content.debugDescription)")
        }
        let neither = Fixtures.article(content: "<p>&nbsp;</p>", summary: "&nbsp;")
        #expect(page(neither, language: .japanese) == ["フィードに本文がありません。o でリンクを開きます。"])
    }

    @Test("a body that is the title again, spaces aside, is no text")
    func titleRepeated() {
        let same = Fixtures.article(content: nil, summary: "同じ本文", title: "同じ本文")
        #expect(page(same, language: .japanese) == ["フィードに本文がありません。o でリンクを開きます。"])
        let spaced = Fixtures.article(content: "<p>  Rates \n held </p>", summary: "Rates held", title: "Rates held")
        #expect(page(spaced) == ["No text in the feed: o opens the link."])
        // Content that repeats the title gives way to a summary that says more.
        let more = Fixtures.article(content: "Rates held", summary: "Rates held at 5%.", title: "Rates held")
        #expect(page(more) == ["Rates held at 5%."])
        let longer = Fixtures.article(content: "<p>Rates held, and more.</p>", title: "Rates held")
        #expect(page(longer) == ["Rates held, and more."])
        // An untitled article is listed by the start of its text: its body is the article.
        var untitled = Fixtures.article(content: "<p>短い投稿です。</p>", title: "短い投稿です。")
        untitled.isUntitled = true
        #expect(page(untitled, language: .japanese) == ["短い投稿です。"])
    }

    @Test("a description escaped twice is read as HTML once more")
    func doubleEscaped() {
        let escaped = "&lt;p&gt;二重にエスケープされた&lt;b&gt;本文&lt;/b&gt;です。&lt;/p&gt;&lt;p&gt;次の段落&lt;/p&gt;"
        #expect(page(Fixtures.article(summary: escaped), language: .japanese) == [
            "二重にエスケープされた本文です。", "", "次の段落",
        ])
        let withLink = "  &lt;p&gt;See &lt;a href=&quot;/x&quot;&gt;this&lt;/a&gt; &amp;amp; that&lt;/p&gt;\n"
        #expect(page(Fixtures.article(summary: withLink)) == [
            "See this[1] & that", "", "Links", "[1] https://example.com/x",
        ])
    }

    @Test("plain text that only mentions a tag stays plain text")
    func mentionsTags() {
        #expect(page(Fixtures.article(summary: "Use the &lt;p&gt; tag for paragraphs.")) == [
            "Use the <p> tag for paragraphs.",
        ])
        #expect(page(Fixtures.article(summary: "&lt;p&gt; starts a paragraph")) == ["<p> starts a paragraph"])
        #expect(page(Fixtures.article(summary: "a &lt; b and c &gt; d")) == ["a < b and c > d"])
    }
}
