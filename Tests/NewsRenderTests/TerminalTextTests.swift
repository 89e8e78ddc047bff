// Feed text is untrusted: nothing in it may reach the terminal as a control.
import Testing
import NewsRender

@Suite("Terminal text sanitizing")
struct TerminalTextTests {
    @Test("colour and cursor sequences are removed, text around them kept")
    func csiRemoved() {
        #expect(TerminalText.sanitize("Breaking\u{1B}[31;1m red\u{1B}[0m news") == "Breaking red news")
        #expect(TerminalText.sanitize("a\u{1B}[2J\u{1B}[Hb") == "ab")
        #expect(TerminalText.sanitize("x\u{9B}31my") == "xy")
    }

    @Test("window-title and hyperlink strings are removed through their terminator")
    func oscRemoved() {
        #expect(TerminalText.sanitize("a\u{1B}]0;pwned\u{07}b") == "ab")
        #expect(TerminalText.sanitize("a\u{1B}]8;;https://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
        #expect(TerminalText.sanitize("a\u{1B}P1$r\u{1B}\\b") == "ab")
        #expect(TerminalText.sanitize("title\u{1B}]0;never ends") == "title")
    }

    @Test("two-byte escapes and charset switches are removed")
    func shortEscapesRemoved() {
        #expect(TerminalText.sanitize("a\u{1B}7b\u{1B}8c") == "abc")
        #expect(TerminalText.sanitize("a\u{1B}(0b") == "ab")
        #expect(TerminalText.sanitize("trailing escape\u{1B}") == "trailing escape")
    }

    @Test("bidi overrides and isolates are removed")
    func bidiRemoved() {
        #expect(TerminalText.sanitize("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        for value: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let scalar = Unicode.Scalar(value).map { String(Character($0)) } ?? ""
            #expect(TerminalText.sanitize("a\(scalar)b") == "ab")
        }
    }

    @Test("other control characters and DEL are dropped")
    func controlsDropped() {
        #expect(TerminalText.sanitize("bell\u{07}\u{08}\u{7F}\u{00}\u{85}x") == "bell x")
        #expect(TerminalText.sanitize("c1\u{80}\u{8D}\u{9A}x") == "c1x")
        // C1 APC opens a string the terminal swallows up to ST, and so does sanitize.
        #expect(TerminalText.sanitize("a\u{9F}hidden\u{9C}b") == "ab")
    }

    @Test("tabs and line breaks become single spaces and the ends are trimmed")
    func whitespaceCollapsed() {
        #expect(TerminalText.sanitize("  two\r\nlines\tand   gaps \n") == "two lines and gaps")
        #expect(TerminalText.sanitize("para\u{2028}graph") == "para graph")
        #expect(TerminalText.sanitize("\u{1B}[0m") == "")
    }

    @Test("a single space at either end or doubled, a no-break space kept, each next to clean text")
    func strayWhitespaceBesideCleanText() {
        #expect(TerminalText.sanitize("news ") == "news")
        #expect(TerminalText.sanitize(" news") == "news")
        #expect(TerminalText.sanitize("two  spaces") == "two spaces")
        #expect(TerminalText.sanitize("no\u{A0}break") == "no\u{A0}break")
        #expect(TerminalText.sanitize("isolate\u{2066}d\u{2069}") == "isolated")
        #expect(TerminalText.sanitize("ends in NEL\u{85}") == "ends in NEL")
        #expect(TerminalText.sanitize("dash\u{2014}and\u{2026}") == "dash\u{2014}and\u{2026}")
        #expect(TerminalText.sanitize(" ") == "")
    }

    @Test("a message or a table keeps its line feeds and spacing while losing controls, escapes and bidi")
    func layoutKept() {
        let table = "TAB    FEED\n  news   https://example.org/\n"
        #expect(TerminalText.sanitizeKeepingLayout(table) == table)
        #expect(TerminalText.sanitizeKeepingLayout("  indented  twice  ") == "  indented  twice  ")
        #expect(TerminalText.sanitizeKeepingLayout("failed: file:///x\u{1B}]0;owned\u{07}.xml\n  next")
                == "failed: file:///x.xml\n  next")
        #expect(TerminalText.sanitizeKeepingLayout("a\u{1B}[2Jb\u{9B}31mc\u{202E}d\u{00}e\u{7F}f") == "abcdef")
        #expect(TerminalText.sanitizeKeepingLayout("col\tumn\r\nline\u{2028}sep") == "col umn \nline sep")
        #expect(TerminalText.sanitizeKeepingLayout("ニュース 速報\n") == "ニュース 速報\n")
    }

    @Test("ordinary text in any script passes unchanged")
    func textKept() {
        for text in ["ニュース速報", "café", "👨\u{200D}👩\u{200D}👧", "한국어", "مرحبا", "🇯🇵"] {
            #expect(TerminalText.sanitize(text) == text)
        }
    }

    @Test("an escape sequence and a bidi override in a title never reach the frame")
    func titleSanitizedInFrame() {
        let hostile = MenuFixtures.row(
            9, "\u{1B}]0;owned\u{07}Evil\u{1B}[31m title\u{202E}txt.exe", source: "x\u{1B}[2Jfeed",
            minutesAgo: 10)
        let tabs = [MenuTab(name: "Tab\u{1B}[5m\u{202D}1"), MenuTab(name: "two")]
        let lines = PageMenu.render(MenuFixtures.state(
            tabs: tabs, selected: 0, articles: [hostile], width: 60, language: .english))
        let frame = lines.joined(separator: "\n")
        #expect(!frame.contains("\u{1B}"))
        #expect(!frame.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        #expect(MenuFixtures.trimmingTrailingSpaces(lines[0]) == "  Tab1   two")
        #expect(lines[3].hasPrefix("●  Evil titletxt.exe "))
        #expect(lines[3].hasSuffix("xfeed · 10m ago"))
        #expect(lines.last?.hasPrefix("  page 1/1 · 1 article ") == true)
    }
}

@Suite("Styles removed from finished lines")
struct UnstyledLineTests {
    @Test("an article's page in colour, its styles removed, is the page laid out without colour", arguments: [
        ColorMode.truecolor, .ansi256, .ansi16, .monochrome,
    ])
    func pageWithoutStyles(colors: ColorMode) {
        let html = """
            <h2>見出し</h2><p>本文の<b>太字</b>と<a href="https://a.example/">リンク</a>、<i>斜体</i>。</p>
            <blockquote>引用</blockquote><ul><li>項目</li></ul><pre>code\tline</pre><img src="/i.png" alt="絵">
            """
        var article = ArticlePageFixtures.article(content: html, author: "著者", starred: true)
        article.categories = ["政治"]
        let styled = ArticlePageFixtures.page(article, width: 30, language: .japanese, colors: colors)
        #expect(styled.contains { $0.contains("\u{1B}[") })
        #expect(styled.map(TerminalText.unstyled) == ArticlePageFixtures.page(article, width: 30, language: .japanese))
    }

    @Test("a line without escapes is returned as it is")
    func plain() {
        #expect(TerminalText.unstyled("東京 [1]") == "東京 [1]")
    }
}
