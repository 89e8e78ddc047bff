// Feed text is untrusted on the reading view's page as in the menu: whatever a title, a
// source, an author, a body, an alt text or a link holds, nothing reaches the terminal as a
// control, and the page's own escapes appear only where the colour mode allows them.
import Foundation
import Testing
import NewsModel
import NewsRender

@Suite("Article page safety")
struct ArticlePageSafetyTests {
    static let clear = "\u{1B}[2J"
    static let clipboard = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
    static let override = "\u{202E}"
    static let hostile = "A\(clear)B\(clipboard)C\(override)D\u{9B}31mE\u{07}\u{08}F\u{2066}G"

    static var hostileArticle: ReadableArticle {
        let html = """
            <p>\(hostile)</p><p>&#27;[2J&#x1B;]52;c;eA==&#7; &#x202E;reversed &#155;31m</p>
            <img alt="\(hostile)"><a href="https://e.example/\(clear)">\(hostile)</a>
            <pre>\(hostile)\tend</pre><table><tr><td>\(hostile)</td></tr></table>
            """
        return ReadableArticle(
            title: "Title \(hostile)", sources: ["Src\(clipboard)", "Two\(override)"], author: "Au\(clear)thor",
            published: ArticlePageFixtures.now, firstSeen: ArticlePageFixtures.now,
            link: "https://example.com/\(clipboard)x", summary: nil, content: html, isStarred: true)
    }

    /// The line without the page's own SGR sequences.
    static func visible(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    @Test("no escape sequence, control or bidi override from the feed reaches any line")
    func hostileText() {
        for colors in ColorMode.allCases {
            for language in UILanguage.allCases {
                let lines = ArticlePageFixtures.page(
                    Self.hostileArticle, width: 50, language: language, colors: colors)
                for line in lines {
                    let shown = Self.visible(line)
                    #expect(!shown.unicodeScalars.contains(where: Self.isControl), "\(colors): \(shown.debugDescription)")
                    #expect(!shown.contains("52;c;"))
                }
                // The text around the hostile sequences is kept.
                #expect(lines.contains { Self.visible($0).contains("ABCDEFG") })
            }
        }
    }

    @Test("without colour no line carries an escape at all; with colour only SGR")
    func escapesOnlyWithColour() {
        let article = ArticlePageFixtures.article(
            content: "<h1>Head</h1><p><b>bold</b> <i>it</i> <a href=\"/x\">l</a></p><hr>", author: "Jane",
            published: ArticlePageFixtures.now, starred: true)
        for colors in ColorMode.allCases {
            let lines = ArticlePageFixtures.page(article, width: 40, colors: colors)
            let escapes = lines.joined().filter { $0 == "\u{1B}" }.count
            if colors.usesEscapes {
                #expect(escapes > 0, "\(colors)")
                for line in lines where line.contains("\u{1B}") {
                    #expect(!Self.visible(line).contains("\u{1B}"))
                    #expect(line.hasSuffix("\u{1B}[0m"))
                }
            } else {
                #expect(escapes == 0, "\(colors)")
            }
        }
    }

    @Test("monochrome shows bold and underline, never dim or a colour; colour modes dim the marks")
    func monochrome() {
        let article = ArticlePageFixtures.article(
            content: "<p><b>bold</b> <em>em</em> <a href=\"/x\">l</a></p>", starred: true)
        let mono = ArticlePageFixtures.page(article, width: 40, colors: .monochrome).joined()
        #expect(mono.contains("\u{1B}[1mbold\u{1B}[0m"))
        #expect(mono.contains("\u{1B}[4mem\u{1B}[0m"))
        #expect(!mono.contains("\u{1B}[2m") && !mono.contains(";2m") && !mono.contains("[3"))
        let coloured = ArticlePageFixtures.page(article, width: 40, colors: .truecolor).joined()
        #expect(coloured.contains("l\u{1B}[2m[1]\u{1B}[0m"))
    }

    @Test("plainASCII draws ASCII marks and leaves feed text in its script")
    func plainASCII() {
        let html = "<ul><li>項目</li></ul><blockquote>引用</blockquote><pre>0123456789abcdef</pre><hr><table><tr><td>a</td><td>b</td></tr></table>"
        let lines = ArticlePageFixtures.body(html, width: 12, colors: .plainASCII)
        #expect(lines == ["* 項目", "", "| 引用", "", "0123456789ab", "> cdef", "", "------------", "", "a | b"])
    }
}
