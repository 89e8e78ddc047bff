// Escape sequences: only when colour is on, in the right form per mode, always reset.
import Testing
import NewsModel
import NewsRender

@Suite("Colour output")
struct ColorOutputTests {
    func lines(
        _ tabs: [MenuTab], selected: Int, colors: ColorMode, width: Int = 80,
        articles: [ArticleRow] = MenuFixtures.japaneseArticles
    ) -> [String] {
        PageMenu.render(MenuFixtures.state(
            tabs: tabs, selected: selected, articles: articles, width: width, colors: colors,
            language: .japanese))
    }

    @Test("with no colour the frame carries no escape character at all")
    func noColourNoEscape() {
        for width in [20, 40, 80] {
            for language in UILanguage.allCases {
                let frame = PageMenu.render(MenuFixtures.state(
                    tabs: MenuFixtures.japaneseTabs + MenuFixtures.englishTabs, selected: 5,
                    articles: MenuFixtures.japaneseArticles + MenuFixtures.englishArticles,
                    width: width, colors: .none, language: language))
                #expect(!frame.joined().contains("\u{1B}"))
                #expect(frame.joined().contains("●"))
            }
        }
    }

    @Test("16 colours: the selected tab is bold in its SGR 30–37 or 90–97 colour")
    func ansi16() {
        let frame = lines(MenuFixtures.japaneseTabs, selected: 2, colors: .ansi16)
        #expect(frame[0].contains("\u{1B}[1;32mニュース\u{1B}[0m"))
        #expect(frame[1].contains("\u{1B}[32m━━━━━━━━\u{1B}[0m"))
        #expect(frame[3].hasPrefix("\u{1B}[32m●\u{1B}[0m"))
        let brightTab = [MenuTab(name: "A", color: .named(.brightMagenta))]
        #expect(lines(brightTab, selected: 0, colors: .ansi16)[0].contains("\u{1B}[1;95mA"))
    }

    /// The colours of README.md, feeds.example.json and the demo, the test fixtures', a few
    /// common themes', and xterm's own 16 values, each of which must come back as itself.
    @Test("16 colours: a config colour stands in by hue, and only a grey turns grey", arguments: [
        ("#ff6b6b", NamedColor.brightRed), ("#51cf66", .brightGreen), ("#4dabf7", .brightBlue),
        ("#fcc419", .brightYellow), ("#339af0", .brightBlue), ("#cc5de8", .brightMagenta),
        ("#e06c75", .brightRed), ("#ff8800", .brightYellow), ("#ff0800", .brightRed),
        ("#ff0a00", .brightRed), ("#1e90ff", .brightBlue),
        ("#8b0000", .red), ("#2e7d32", .green), ("#1565c0", .blue), ("#b8860b", .yellow),
        ("#008b8b", .cyan), ("#800080", .magenta), ("#88c0d0", .brightCyan), ("#ff1493", .brightMagenta),
        ("#808080", .brightBlack), ("#5c6370", .brightBlack), ("#abb2bf", .white), ("#1e1e2e", .black),
        ("#ffe0e0", .white),
        ("#000000", .black), ("#cd0000", .red), ("#00cd00", .green), ("#cdcd00", .yellow),
        ("#0000ee", .blue), ("#cd00cd", .magenta), ("#00cdcd", .cyan), ("#e5e5e5", .white),
        ("#7f7f7f", .brightBlack), ("#ff0000", .brightRed), ("#00ff00", .brightGreen),
        ("#ffff00", .brightYellow), ("#5c5cff", .brightBlue), ("#ff00ff", .brightMagenta),
        ("#00ffff", .brightCyan), ("#ffffff", .brightWhite),
    ])
    func ansi16StandIn(hex: String, expected: NamedColor) throws {
        let value = try #require(UInt32(hex.dropFirst(), radix: 16))
        let tab = MenuTab(name: "A", color: .rgb(
            red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
        let index = expected.ansiIndex
        let sgr = index < 8 ? 30 + index : 90 + index - 8
        #expect(lines([tab], selected: 0, colors: .ansi16)[0].contains("\u{1B}[1;\(sgr)mA"))
    }

    @Test("256 colours: named colours by index, exact colours by the 6×6×6 cube")
    func ansi256() {
        let named = lines(MenuFixtures.japaneseTabs, selected: 2, colors: .ansi256)
        #expect(named[0].contains("\u{1B}[1;38;5;2mニュース"))
        // #E06C75 → cube levels (4, 1, 2) → 16 + 144 + 6 + 2.
        let exact = lines(MenuFixtures.englishTabs, selected: 2, colors: .ansi256)
        #expect(exact[0].contains("\u{1B}[1;38;5;168mTech"))
        #expect(exact[1].contains("\u{1B}[38;5;168m━━━━"))
    }

    @Test("truecolor: exact colours as 38;2;r;g;b")
    func truecolor() {
        let frame = lines(MenuFixtures.englishTabs, selected: 2, colors: .truecolor)
        #expect(frame[0].contains("\u{1B}[1;38;2;224;108;117mTech"))
        #expect(frame[1].contains("\u{1B}[38;2;224;108;117m━━━━"))
    }

    @Test("a tab without a colour takes the default palette's, distinct for each tab")
    func defaultPalette() {
        let tabs = (1...8).map { MenuTab(name: "T\($0)") }
        for mode in [ColorMode.ansi16, .ansi256, .truecolor] {
            let indicators = tabs.indices.map { lines(tabs, selected: $0, colors: mode)[1] }
            #expect(Set(indicators.map { $0.drop { $0 == " " } }).count == tabs.count, "\(mode)")
        }
        #expect(lines(tabs, selected: 0, colors: .truecolor)[0]
            .contains("\u{1B}[1;38;2;10;132;255mT1"))
    }

    @Test("every line with an escape ends with a reset", arguments: [
        ColorMode.ansi16, .ansi256, .truecolor,
    ])
    func linesEndWithReset(mode: ColorMode) {
        for width in [20, 40, 80] {
            let frame = lines(MenuFixtures.japaneseTabs, selected: 1, colors: mode, width: width)
                + lines(MenuFixtures.japaneseTabs, selected: 0, colors: mode, articles: [])
            for line in frame where line.contains("\u{1B}") {
                #expect(line.hasSuffix("\u{1B}[0m"), "\(line)")
            }
            #expect(frame.contains { $0.contains("\u{1B}") })
        }
    }

    @Test("colour changes no column: stripped of escapes, the frame is the plain one")
    func widthsIgnoreEscapes() {
        for width in [20, 24, 40, 80] {
            for mode in [ColorMode.ansi16, .ansi256, .truecolor] {
                for selected in MenuFixtures.japaneseTabs.indices {
                    let coloured = lines(
                        MenuFixtures.japaneseTabs, selected: selected, colors: mode, width: width)
                    let plain = lines(
                        MenuFixtures.japaneseTabs, selected: selected, colors: .none, width: width)
                    #expect(coloured.map(MenuFixtures.stripped) == plain)
                }
            }
        }
    }
}
