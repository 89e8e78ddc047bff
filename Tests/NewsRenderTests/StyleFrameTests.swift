// The four styles at 60 columns without colour, written out: the key frames, inline.
import Testing
import NewsModel
import NewsRender

@Suite("Style frames")
struct StyleFrameTests {
    func frame(_ style: MenuStyle, colors: ColorMode = .none, layout: ArticleLayout = .compact) -> String {
        MenuFixtures.frame(MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 2,
            articles: Array(MenuFixtures.englishArticles.prefix(3)), width: 60, colors: colors,
            language: .english, style: style, layout: layout, page: 2, pageCount: 7,
            totalArticles: 143))
    }

    /// Each style's frame, and what it shows.
    static let expected: [(MenuStyle, String)] = [
        // plain: labels on a line, the selected one underlined, a faint rule.
        (.plain, """
                  Top   World 5   Tech 2   Sports
                                  ━━━━
                ────────────────────────────────────────────────────────────
                ●  Swift 6.3 released with faster builds a…  Swift.org · now
                   Why terminal UIs are having a moment   The Verge · 5h ago
                ●  東京の天気: 週末は晴れ                    NHK · yesterday
                  page 2/7 · 143 articles
                """),
        // tab: a block per tab, the page hanging from a rule heavy under the selected name.
        (.tab, """
                 ▌ Top  ▌ World 5  ▌ Tech 2  ▌ Sports
                ─────────────────────━━━━───────────────────────────────────
                ●  Swift 6.3 released with faster builds a…  Swift.org · now
                   Why terminal UIs are having a moment   The Verge · 5h ago
                ●  東京の天気: 週末は晴れ                    NHK · yesterday
                  page 2/7 · 143 articles
                """),
        // smart: a cell per tab, the page framed, the footer set in the frame's bottom edge.
        (.smart, """
                  Top   World 5   Tech 2   Sports
                ╭─────────────────━━━━─────────────────────────────────────╮
                │●  Swift 6.3 released with faster builds…  Swift.org · now│
                │   Why terminal UIs are having a mome…  The Verge · 5h ago│
                │●  東京の天気: 週末は晴れ                  NHK · yesterday│
                ╰─ page 2/7 · 143 articles ────────────────────────────────╯
                """),
        // hacka: each tab boxed with its badge, the selected box's bottom heavy under the name.
        (.hacka, """
                ╭─────╮╭─────────╮╭────────╮╭────────╮
                │ Top ││ World 5 ││ Tech 2 ││ Sports │
                ╰─────╯╰─────────╯╰─━━━━───╯╰────────╯
                ●  Swift 6.3 released with faster builds a…  Swift.org · now
                   Why terminal UIs are having a moment   The Verge · 5h ago
                ●  東京の天気: 週末は晴れ                    NHK · yesterday
                  page 2/7 · 143 articles
                """),
    ]

    @Test("each style draws its own frame", arguments: expected)
    func styleFrame(style: MenuStyle, text: String) {
        #expect(frame(style) == text)
    }

    @Test("TERM=dumb: the same frames in ASCII only")
    func plainASCII() {
        #expect(frame(.hacka, colors: .plainASCII) == """
            +-----++---------++--------++--------+
            | Top || World 5 || Tech 2 || Sports |
            +-----++---------++-====---++--------+
            *  Swift 6.3 released with faster builds...  Swift.org - now
               Why terminal UIs are having a moment   The Verge - 5h ago
            *  東京の天気: 週末は晴れ                    NHK - yesterday
              page 2/7 - 143 articles
            """)
        #expect(frame(.smart, colors: .plainASCII) == """
              Top   World 5   Tech 2   Sports
            +-----------------====-------------------------------------+
            |*  Swift 6.3 released with faster buil...  Swift.org - now|
            |   Why terminal UIs are having a mo...  The Verge - 5h ago|
            |*  東京の天気: 週末は晴れ                  NHK - yesterday|
            +- page 2/7 - 143 articles --------------------------------+
            """)
    }

    @Test("comfortable: a summary line under each title, HTML stripped and entities decoded")
    func comfortable() {
        let state = MenuFixtures.state(
            tabs: MenuFixtures.englishTabs, selected: 0,
            articles: Array(MenuFixtures.mixedArticles.prefix(2)), width: 60, language: .english,
            layout: .comfortable)
        #expect(MenuFixtures.frame(state) == """
              Top   World 5   Tech 2   Sports
              ━━━
            ────────────────────────────────────────────────────────────
            ●★ 🎉 Swift 6.3 リリース: 並行処理…   Swift.org ブ… · 1m ago
               The Swift team & community are happy to announce 6.3 — w…
            ●  とても長いタイトルが続きます、…   An extraordin… · 2h ago
               概要: 日本語の要約 📰 日本 &unknown; 1 < 2
              page 1/1 · 2 articles
            """)
    }
}
