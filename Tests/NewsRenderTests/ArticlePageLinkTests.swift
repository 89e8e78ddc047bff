// The body's links: a reference marker after each link's text, and the numbered list of
// their URLs at the end of the page, whole.
import Foundation
import Testing
import NewsModel
import NewsRender

@Suite("Article page links")
struct ArticlePageLinkTests {
    @Test("links are numbered in order; the same URL twice has one number")
    func numbering() {
        let html = """
            <p>Read <a href="https://a.example/one">the report</a>, <a href="https://b.example/">this</a>
            and <a href="https://a.example/one">it again</a>.</p>
            """
        #expect(ArticlePageFixtures.body(html, width: 40) == [
            "Read the report[1], this[2] and it",
            "again[1].",
            "",
            "Links",
            "[1] https://a.example/one",
            "[2] https://b.example/",
        ])
    }

    @Test("the same address with and without a slash at its end has one number, shown as first written")
    func trailingSlash() {
        let html = "<a href=\"http://same.com/\">a</a> <a href=\"http://same.com\">b</a> <a href=\"/p\">c</a> <a href=\"/p/\">d</a>"
        #expect(ArticlePageFixtures.body(html) == [
            "a[1] b[1] c[2] d[2]", "", "Links", "[1] http://same.com/", "[2] https://example.com/p",
        ])
    }

    @Test("a link to a place on the page itself (a footnote) gets no number")
    func fragmentOnly() {
        #expect(ArticlePageFixtures.body("see<a href=\"#fn1\">note</a> <a href=\" #top\">top</a> <a href=\"/p#x\">p</a>") == [
            "seenote top p[1]", "", "Links", "[1] https://example.com/p#x",
        ])
    }

    @Test("a link whose text is its URL gets a marker too")
    func textIsURL() {
        #expect(ArticlePageFixtures.body("<a href=\"https://x.example/\">https://x.example/</a>") == [
            "https://x.example/[1]", "", "Links", "[1] https://x.example/",
        ])
    }

    @Test("relative links resolve against the article's web address")
    func relative() {
        let html = "<a href=\"/top\">a</a> <a href=\"img/b.png\">b</a> <a href=\"?q=1#c\">c</a> <a href=\"//cdn.example/d\">d</a>"
        #expect(ArticlePageFixtures.body(html, width: 60) == [
            "a[1] b[2] c[3] d[4]",
            "",
            "Links",
            "[1] https://example.com/top",
            "[2] https://example.com/news/img/b.png",
            "[3] https://example.com/news/1?q=1#c",
            "[4] https://cdn.example/d",
        ])
    }

    @Test("a relative link with no web address to resolve against gets no number")
    func relativeWithoutBase() {
        #expect(ArticlePageFixtures.body("<a href=\"/top\">a</a> <a href=\"//cdn.example/d\">d</a>", link: "feed.xml") == [
            "a d[1]", "", "Links", "[1] https://cdn.example/d",
        ])
    }

    @Test("javascript: and other schemes keep their text but get no number; mailto gets one")
    func schemes() {
        let html = """
            <a href="javascript:alert(1)">run</a> <a href="data:text/html,x">data</a> \
            <a href="file:///etc/passwd">file</a> <a href="mailto:a@example.com">mail</a> <a>anchor</a>
            """
        #expect(ArticlePageFixtures.body(html) == [
            "run data file mail[1] anchor", "", "Links", "[1] mailto:a@example.com",
        ])
    }

    @Test("the marker stays beside its text: before a space, and never alone at a line's start")
    func markerPlacement() {
        #expect(ArticlePageFixtures.body("<a href=\"https://e.example/\"> spaced </a>out") == [
            "spaced[1] out", "", "Links", "[1] https://e.example/",
        ])
        // The marker and the character before it move to the next line together.
        #expect(ArticlePageFixtures.body("<a href=\"https://e.example/\">日本語の記事</a>", width: 10).prefix(2) == [
            "日本語の記", "事[1]",
        ])
    }

    @Test("a link without text is its marker alone, set apart; an image in a link takes the marker")
    func emptyLink() {
        #expect(ArticlePageFixtures.body("<a href=\"/a\"><img alt=\"photo\"></a> <a href=\"/b\"></a> end") == [
            "[image: photo][1] [2] end", "", "Links", "[1] https://example.com/a", "[2] https://example.com/b",
        ])
    }

    @Test("a link around a block puts its marker at the block's end")
    func blockLink() {
        #expect(ArticlePageFixtures.body("<a href=\"/c\"><p>block link</p></a><p>next</p>") == [
            "block link[1]", "", "next", "", "Links", "[1] https://example.com/c",
        ])
    }

    @Test("a URL longer than the width is broken across lines, never cut")
    func longURL() {
        let url = "https://example.com/a/very/long/path/that/goes/on/and/on?with=query&and=more"
        let lines = ArticlePageFixtures.body("<a href=\"\(url)\">x</a>", width: 30)
        #expect(lines == [
            "x[1]",
            "",
            "Links",
            "[1] https://example.com/a/very",
            "    /long/path/that/goes/on/an",
            "    d/on?with=query&and=more",
        ])
        let rejoined = lines[3...].map { $0.dropFirst(4) }.joined()
        #expect(rejoined == url)
    }

    @Test("numbers are right-aligned once there are ten links")
    func alignment() {
        let html = (1...10).map { "<a href=\"https://e.example/\($0)\">\($0)</a>" }.joined(separator: " ")
        let lines = ArticlePageFixtures.body(html, width: 60)
        #expect(lines.suffix(10).first == " [1] https://e.example/1")
        #expect(lines.last == "[10] https://e.example/10")
    }

    @Test("the list's heading follows the interface language")
    func japaneseHeading() {
        let lines = ArticlePageFixtures.body("<a href=\"/x\">リンク先</a>", language: .japanese)
        #expect(lines == ["リンク先[1]", "", "リンク", "[1] https://example.com/x"])
    }

    @Test("link references are decoded, and a control in an href reaches the terminal only percent-encoded")
    func hrefSafety() {
        let lines = ArticlePageFixtures.body("<a href=\"https://e.example/?a=1&amp;b=2\u{1B}[2J\">x</a>")
        #expect(lines.last == "[1] https://e.example/?a=1&b=2%1B[2J")
        // A browser drops line breaks and tabs inside a URL.
        #expect(ArticlePageFixtures.body("<a href=\" https://e.example/a\n\tb \">x</a>").last == "[1] https://e.example/ab")
    }

    @Test("spaces, bidi overrides and invisible characters in a URL are percent-encoded, not dropped; letters stay")
    func copyableURLs() {
        let html = """
            <a href="http://u.com/&#x202e;gpj.exe">bidi</a> <a href=" http://u.com/with space/and
            newline ">spaces</a> <a href="https://ja.example/日本語 ページ?q=&#x200B;x&#xA0;y">ja</a>             <a href="/rel path/&#x2066;x">rel</a>
            """
        let article = ArticlePageFixtures.article(content: html)
        let urls = [
            "http://u.com/%E2%80%AEgpj.exe",
            "http://u.com/with%20space/andnewline",
            "https://ja.example/日本語%20ページ?q=%E2%80%8Bx%C2%A0y",
            "https://example.com/rel%20path/%E2%81%A6x",
        ]
        #expect(ArticlePage.links(of: article) == urls)
        #expect(Array(ArticlePageFixtures.page(article, width: 80).suffix(4)) == urls.enumerated().map { "[\($0.offset + 1)] \($0.element)" })
    }
}

@Suite("Article page link numbers")
struct ArticlePageLinkNumberTests {
    @Test("links(of:) are the page's numbered URLs in order, the media files' included, whatever the width")
    func linksOfPage() {
        var article = ArticlePageFixtures.article(
            content: "<p><a href=\"/a\">a</a> <a href=\"https://b.example/\">b</a> <a href=\"/a\">a again</a></p>")
        article.enclosures = [Enclosure(url: "https://cdn.example/ep.mp3", type: "audio/mpeg")]
        let urls = ["https://example.com/a", "https://b.example/", "https://cdn.example/ep.mp3"]
        #expect(ArticlePage.links(of: article) == urls)
        for width in [12, 40, 100] {
            let page = ArticlePageFixtures.page(article, width: width, language: .japanese)
            // A URL longer than the line goes on, indented, on the next ones.
            let listed = page.drop { $0 != "リンク" }.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.joined()
            #expect(listed == urls.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(),
                    "the list at \(width) columns: \(page)")
        }
    }

    @Test("an article with no links has none")
    func none() {
        #expect(ArticlePage.links(of: ArticlePageFixtures.article(content: "<p>plain</p>")).isEmpty)
    }
}
