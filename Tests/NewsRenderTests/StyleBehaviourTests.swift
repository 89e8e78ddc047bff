// What holds in every style: the indicator under the selected name, scrolling tabs,
// colour modes that change no column, markers for new articles, the footer and height.
import Foundation
import Testing
import NewsModel
import NewsRender

@Suite("Style behaviour")
struct StyleBehaviourTests {
    func render(
        _ style: MenuStyle, tabs: [MenuTab] = MenuFixtures.englishTabs, selected: Int = 2,
        articles: [ArticleRow] = MenuFixtures.englishArticles, width: Int = 80,
        height: Int? = nil, colors: ColorMode = .none, layout: ArticleLayout = .compact,
        newSince: Date? = nil, selectedArticle: Int? = nil
    ) -> [String] {
        PageMenu.render(MenuFixtures.state(
            tabs: tabs, selected: selected, articles: articles, width: width, height: height,
            colors: colors, language: .english, selectedArticle: selectedArticle, style: style,
            layout: layout, newSince: newSince))
    }

    /// The display column where `text` starts in `line`, if it is there.
    func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.width(of: String(line[..<range.lowerBound]))
    }

    @Test("the heavy indicator sits directly beneath the selected name and is exactly as wide",
          arguments: MenuStyle.allCases)
    func indicatorBeneathName(style: MenuStyle) {
        for (tabs, width) in [(MenuFixtures.englishTabs, 80), (MenuFixtures.japaneseTabs, 80),
                              (MenuFixtures.manyTabs, 40), (MenuFixtures.manyTabs, 20)] {
            for selected in tabs.indices {
                let frame = render(style, tabs: tabs, selected: selected, articles: [], width: width)
                let name = tabs[selected].name
                // At 20 columns a long name is cut; its first characters still lead the label.
                let lead = String(name.prefix(2))
                guard let labelRow = frame.firstIndex(where: { column(of: lead, in: $0) != nil })
                else {
                    Issue.record("\(style) \(width): \(name) not shown")
                    continue
                }
                let beneath = frame[labelRow + 1]
                let heavyWidth = DisplayWidth.width(of: String(beneath.filter { $0 == "━" }))
                if frame[labelRow].contains(name) {
                    #expect(heavyWidth == DisplayWidth.width(of: name), "\(style) \(width): \(beneath)")
                } else {
                    #expect(heavyWidth > 0 && heavyWidth < DisplayWidth.width(of: name))
                }
                #expect(column(of: "━", in: beneath) == column(of: lead, in: frame[labelRow]),
                        "\(style) \(width) \(name)")
            }
        }
    }

    @Test("overflowing tabs keep the selected one shown, with ‹ and › for hidden ones",
          arguments: MenuStyle.allCases)
    func overflowInEveryStyle(style: MenuStyle) {
        let tabs = MenuFixtures.manyTabs
        for width in [20, 40, 60] {
            for selected in [0, 4, tabs.count - 1] {
                let frame = render(style, tabs: tabs, selected: selected, articles: [], width: width)
                let header = frame.prefix(3).joined(separator: "\n")
                #expect(header.contains(tabs[selected].name), "\(style) \(width) \(selected)")
                let firstShown = header.contains(tabs[0].name)
                let lastShown = header.contains(tabs[tabs.count - 1].name)
                #expect(header.contains("‹") == !firstShown, "\(style) \(width) \(selected)")
                #expect(header.contains("›") == !lastShown, "\(style) \(width) \(selected)")
            }
        }
        let fitting = render(style, width: 80).prefix(3).joined()
        #expect(!fitting.contains("‹") && !fitting.contains("›"))
    }

    @Test("stripped of escapes, a frame in any colour mode is the frame without colour",
          arguments: MenuStyle.allCases)
    func colourChangesNoColumn(style: MenuStyle) {
        for width in [20, 40, 80] {
            for layout in ArticleLayout.allCases {
                let plain = render(style, width: width, layout: layout)
                for mode in [ColorMode.monochrome, .ansi16, .ansi256, .truecolor] {
                    let coloured = render(style, width: width, colors: mode, layout: layout)
                    #expect(coloured.map(MenuFixtures.stripped) == plain, "\(style) \(width) \(mode)")
                }
            }
        }
    }

    @Test("NO_COLOR sends bold, underline and reverse only, never a colour",
          arguments: MenuStyle.allCases)
    func monochromeHasNoColour(style: MenuStyle) {
        let frame = render(style, colors: .monochrome, selectedArticle: 0).joined()
        #expect(frame.contains("\u{1B}[7m") || frame.contains(";7m"))
        #expect(frame.contains("\u{1B}[1"))
        var parameters: Set<String> = []
        var rest = Substring(frame)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            parameters.formUnion(rest[..<end].split(separator: ";").map(String.init))
            rest = rest[rest.index(after: end)...]
        }
        #expect(parameters.isSubset(of: ["0", "1", "4", "7"]), "\(style): \(parameters)")
    }

    @Test("TERM=dumb draws only ASCII around ASCII feed text, and no escape",
          arguments: MenuStyle.allCases)
    func dumbTerminalIsASCII(style: MenuStyle) {
        let articles = [MenuFixtures.row(1, "Plain title", source: "Feed", minutesAgo: 3)]
        for width in [20, 40, 80] {
            for selected in [0, 4] {
                let frame = render(
                    style, tabs: MenuFixtures.englishTabs + MenuFixtures.englishTabs,
                    selected: selected, articles: articles + articles, width: width,
                    colors: .plainASCII, layout: .comfortable, selectedArticle: 1)
                for line in frame {
                    #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F },
                            "\(style) \(width): \(line)")
                }
            }
        }
    }

    @Test("an unread article first seen since the tab was last viewed is marked new")
    func newMarker() {
        let now = MenuFixtures.now
        func row(_ id: Int64, seenMinutesAgo: Double, read: Bool) -> ArticleRow {
            ArticleRow(id: id, title: "Story \(id)", link: nil, source: "S", published: nil,
                       firstSeen: now.addingTimeInterval(-seenMinutesAgo * 60), isRead: read)
        }
        let articles = [row(1, seenMinutesAgo: 5, read: false), row(2, seenMinutesAgo: 90, read: false),
                        row(3, seenMinutesAgo: 5, read: true)]
        let since = render(.plain, articles: articles, newSince: now.addingTimeInterval(-3600))
        #expect(since[3].hasPrefix("✦  Story 1"))
        #expect(since[4].hasPrefix("●  Story 2"))
        #expect(since[5].hasPrefix("   Story 3"))
        let never = render(.plain, articles: articles)
        #expect(never[3].hasPrefix("●  Story 1"))
        let ascii = render(.hacka, articles: articles, colors: .plainASCII,
                           newSince: now.addingTimeInterval(-3600))
        #expect(ascii[3].hasPrefix("+  Story 1") && ascii[4].hasPrefix("*  Story 2"))
    }

    @Test("a starred article shows a star beside its read-state marker in every style and layout; titles stay aligned",
          arguments: MenuStyle.allCases)
    func starMarker(style: MenuStyle) {
        let now = MenuFixtures.now
        func row(_ id: Int64, read: Bool, starred: Bool) -> ArticleRow {
            ArticleRow(id: id, title: "Story \(id)", link: nil, source: "S", published: nil,
                       firstSeen: now, summary: "Text \(id)", isRead: read, isStarred: starred)
        }
        let articles = [row(1, read: false, starred: true), row(2, read: true, starred: true),
                        row(3, read: false, starred: false)]
        for layout in ArticleLayout.allCases {
            let frame = render(style, articles: articles, layout: layout).map(MenuFixtures.stripped)
            let story = { (id: Int) in frame.first { $0.contains("Story \(id)") } ?? "" }
            #expect(story(1).contains("●★ Story 1"), "\(style) \(layout): \(story(1))")
            #expect(story(2).contains(" ★ Story 2"), "\(style) \(layout): \(story(2))")
            #expect(story(3).contains("●  Story 3") && !story(3).contains("★"), "\(style) \(layout): \(story(3))")
            #expect(Set(articles.indices.map { column(of: "Story", in: story($0 + 1)) }).count == 1)
        }
        let colour = render(style, articles: articles, colors: .ansi16)
        #expect(colour.contains { $0.contains("\u{1B}[1;33m★") })
        let ascii = render(style, articles: articles, colors: .plainASCII)
        #expect(ascii.contains { $0.contains("*! Story 1") } && ascii.contains { $0.contains(" ! Story 2") })
    }

    @Test("the footer says the page and the article count in the menu's language")
    func footer() {
        func footer(page: Int, of pages: Int, total: Int, _ language: UILanguage) -> String? {
            PageMenu.render(MenuFixtures.state(
                tabs: MenuFixtures.japaneseTabs, selected: 0, articles: [], width: 40,
                language: language, page: page, pageCount: pages, totalArticles: total))
                .last.map(MenuFixtures.trimmingTrailingSpaces)
        }
        #expect(footer(page: 2, of: 7, total: 143, .japanese) == "  2/7 · 143件")
        #expect(footer(page: 2, of: 7, total: 143, .english) == "  page 2/7 · 143 articles")
        #expect(footer(page: 1, of: 1, total: 1, .english) == "  page 1/1 · 1 article")
        #expect(footer(page: 9, of: 7, total: 3, .english) == "  page 7/7 · 3 articles")
        #expect(footer(page: 0, of: 0, total: -5, .japanese) == "  1/1 · 0件")
    }

    @Test("a height bounds the frame, footer included, however many articles the tab holds",
          arguments: MenuStyle.allCases)
    func heightBoundsTheFrame(style: MenuStyle) {
        let articles = (0..<10_000).map {
            MenuFixtures.row(Int64($0), "Story \($0)", source: "S", minutesAgo: Double($0))
        }
        for layout in ArticleLayout.allCases {
            let perArticle = layout == .comfortable ? 2 : 1
            for height in [12, 25, 40] {
                let frame = render(style, articles: articles, height: height, layout: layout)
                let shown = frame.filter { $0.contains("Story") }.count
                #expect(shown == PageMenu.articlesPerPage(height: height, style: style, layout: layout))
                #expect(frame.count <= height && frame.count > height - perArticle,
                        "\(style) \(layout) \(height): \(frame.count) lines")
                #expect(frame.last?.contains("page 1/1 · 10000 articles") == true)
            }
            for height in [0, 1, 2] {
                #expect(render(style, articles: articles, height: height, layout: layout).count == height)
            }
        }
    }

    @Test("hacka shows unread badges in a red cell, capped at 999+")
    func hackaBadges() {
        let tabs = [MenuTab(name: "A", unread: 7), MenuTab(name: "B", unread: 12_345)]
        let frame = render(.hacka, tabs: tabs, selected: 0, articles: [], colors: .truecolor)
        #expect(frame[1].contains("\u{1B}[1;38;2;255;255;255;48;2;255;59;48m7\u{1B}[0m"))
        #expect(frame[1].contains("999+"))
        #expect(render(.hacka, tabs: tabs, selected: 0, articles: [], colors: .ansi16)[1]
            .contains("\u{1B}[1;97;101m7"))
    }

    @Test("smart frames the page in the selected tab's colour; tab hangs it from that colour")
    func pageAccent() {
        let smart = render(.smart, colors: .ansi256)
        #expect(smart[1].hasPrefix("\u{1B}[38;5;168m╭"))
        #expect(smart[3].hasPrefix("\u{1B}[38;5;168m│"))
        #expect(smart.last?.hasPrefix("\u{1B}[38;5;168m╰─") == true)
        let tab = render(.tab, colors: .truecolor)
        #expect(tab[1].hasPrefix("\u{1B}[38;2;224;108;117m─"))
        #expect(tab[0].contains("\u{1B}[1;38;2;0;0;0;48;2;224;108;117m Tech 2 "))
    }
}
