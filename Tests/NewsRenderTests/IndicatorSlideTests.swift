// The indicator line between two tabs: the renderer draws it wherever the interactive view
// says while it slides, in every style, and at rest exactly where it said it would be.
import Testing
import NewsRender

@Suite("Indicator slide frames")
struct IndicatorSlideTests {
    /// The header lines of the frame with ニュース selected and the indicator at `span`.
    func header(_ style: MenuStyle, _ span: IndicatorSpan?, width: Int = 60) -> String {
        var state = MenuFixtures.state(
            tabs: MenuFixtures.japaneseTabs, selected: 2, articles: [], width: width, language: .japanese,
            style: style)
        state.indicator = span
        return PageMenu.render(state).prefix(PageMenu.headerHeight(style: style))
            .map(MenuFixtures.trimmingTrailingSpaces).joined(separator: "\n")
    }

    @Test("plain: each frame of the slide from おすすめ to ニュース moves and stretches the underline")
    func plainFrames() {
        #expect(header(.plain, IndicatorSpan(start: 2, width: 8)) == """
              おすすめ   トレンド 3   ニュース 12   エンタメ
              ━━━━━━━━
            ────────────────────────────────────────────────────────────
            """)
        #expect(header(.plain, IndicatorSpan(start: 11, width: 9)) == """
              おすすめ   トレンド 3   ニュース 12   エンタメ
                       ━━━━━━━━━
            ────────────────────────────────────────────────────────────
            """)
        #expect(header(.plain, nil) == """
              おすすめ   トレンド 3   ニュース 12   エンタメ
                                      ━━━━━━━━
            ────────────────────────────────────────────────────────────
            """)
    }

    @Test("tab and smart: the heavy stretch of the rule moves, the rule keeps its length")
    func ruleFrames() {
        #expect(header(.tab, IndicatorSpan(start: 11, width: 9)) == """
             ▌ おすすめ  ▌ トレンド 3  ▌ ニュース 12  ▌ エンタメ
            ───────────━━━━━━━━━────────────────────────────────────────
            """)
        #expect(header(.smart, IndicatorSpan(start: 11, width: 9)) == """
              おすすめ   トレンド 3   ニュース 12   エンタメ
            ╭──────────━━━━━━━━━───────────────────────────────────────╮
            """)
    }

    @Test("hacka: the indicator crosses the boxes between along their bottom edges, never their corners")
    func hackaFrames() {
        #expect(header(.hacka, IndicatorSpan(start: 7, width: 9)) == """
            ╭──────────╮╭────────────╮╭─────────────╮╭──────────╮
            │ おすすめ ││ トレンド 3 ││ ニュース 12 ││ エンタメ │
            ╰──────━━━━╯╰━━━─────────╯╰─────────────╯╰──────────╯
            """)
        #expect(header(.hacka, nil) == """
            ╭──────────╮╭────────────╮╭─────────────╮╭──────────╮
            │ おすすめ ││ トレンド 3 ││ ニュース 12 ││ エンタメ │
            ╰──────────╯╰────────────╯╰─━━━━━━━━────╯╰──────────╯
            """)
    }

    @Test("a span reaching past either edge is cut at the edge; every line stays the frame's width")
    func spanPastTheEdges() {
        #expect(header(.plain, IndicatorSpan(start: 55, width: 20)).split(separator: "\n")[1]
                == Substring(String(repeating: " ", count: 55) + String(repeating: "━", count: 5)))
        #expect(header(.tab, IndicatorSpan(start: -3, width: 6)).split(separator: "\n")[1]
                == Substring("━━━" + String(repeating: "─", count: 57)))
        for style in MenuStyle.allCases {
            for span in [IndicatorSpan(start: -40, width: 90), IndicatorSpan(start: 59, width: 1000),
                         IndicatorSpan(start: 1000, width: 5), IndicatorSpan(start: 3, width: -4)] {
                var state = MenuFixtures.state(
                    tabs: MenuFixtures.japaneseTabs, selected: 1, articles: [], width: 60, colors: .truecolor,
                    language: .japanese, style: style)
                state.indicator = span
                for line in PageMenu.render(state) {
                    #expect(DisplayWidth.width(of: MenuFixtures.stripped(line)) == 60, "\(style) \(span)")
                }
            }
        }
    }

    @Test("the resting indicator is where a frame without a slide draws it, in every style, width and scroll")
    func restingIndicatorMatchesTheFrame() {
        for style in MenuStyle.allCases {
            for width in [20, 41, 60, 120] {
                for ambiguousWide in [false, true] {
                    for selected in MenuFixtures.manyTabs.indices {
                        var state = MenuFixtures.state(
                            tabs: MenuFixtures.manyTabs, selected: selected, articles: [], width: width,
                            colors: .ansi256, language: .japanese, style: style, ambiguousWide: ambiguousWide)
                        let atRest = PageMenu.render(state)
                        let resting = PageMenu.restingIndicator(state)
                        #expect(resting != nil)
                        state.indicator = resting
                        #expect(PageMenu.render(state) == atRest, "\(style) at \(width), tab \(selected)")
                    }
                }
            }
        }
    }
}
