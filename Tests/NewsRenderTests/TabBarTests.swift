// The tab bar: the indicator under the selected label, and scrolling when tabs overflow.
import Testing
import NewsRender

@Suite("Tab bar")
struct TabBarTests {
    static let weekdays = ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日",
                           "Technology", "Science"].map { MenuTab(name: $0) }

    func lines(_ tabs: [MenuTab], selected: Int, width: Int) -> [String] {
        PageMenu.render(MenuFixtures.state(
            tabs: tabs, selected: selected, articles: [], width: width, language: .japanese))
            .map(MenuFixtures.trimmingTrailingSpaces)
    }

    /// The display column where `label` starts in `line`, if it is there.
    func column(of label: String, in line: String) -> Int? {
        guard let range = line.range(of: label) else { return nil }
        return DisplayWidth.width(of: String(line[..<range.lowerBound]))
    }

    @Test("the indicator sits exactly under the selected label and is exactly as wide")
    func indicatorUnderLabel() {
        for tabs in [MenuFixtures.japaneseTabs, MenuFixtures.englishTabs] {
            for selected in tabs.indices {
                let frame = lines(tabs, selected: selected, width: 80)
                let name = tabs[selected].name
                let indicator = frame[1]
                let bars = indicator.filter { $0 == "━" }.count
                #expect(bars == DisplayWidth.width(of: name))
                #expect(column(of: name, in: frame[0]) == column(of: "━", in: indicator))
                #expect(indicator.hasSuffix("━"))
            }
        }
    }

    @Test("overflowing tabs scroll so the selected one is centred, marked by ‹ and ›")
    func overflowFrames() {
        #expect(lines(Self.weekdays, selected: 0, width: 40).prefix(2).joined(separator: "\n") == """
                             月曜日   火曜日       ›
                             ━━━━━━
            """)
        #expect(lines(Self.weekdays, selected: 3, width: 40).prefix(2).joined(separator: "\n") == """
            ‹       水曜日   木曜日   金曜日       ›
                             ━━━━━━
            """)
        #expect(lines(Self.weekdays, selected: 8, width: 40).prefix(2).joined(separator: "\n") == """
            ‹   Technology   Science
                             ━━━━━━━
            """)
    }

    @Test("every tab, first and last included, can be selected and is centred")
    func everyTabCentred() {
        for width in [20, 33, 40, 41, 60] {
            let viewportCentre = 2 + (width - 4) / 2
            for selected in Self.weekdays.indices {
                let frame = lines(Self.weekdays, selected: selected, width: width)
                let name = Self.weekdays[selected].name
                let start = column(of: name, in: frame[0])
                #expect(start != nil, "tab \(selected) hidden at \(width)")
                let labelWidth = DisplayWidth.width(of: name)
                #expect(start.map { $0 + labelWidth / 2 } == viewportCentre,
                        "tab \(selected) at \(width): \(frame[0])")
                #expect(column(of: "━", in: frame[1]) == start)
                let firstShown = column(of: Self.weekdays[0].name, in: frame[0]) != nil
                let lastShown = column(of: "Science", in: frame[0]) != nil
                #expect(frame[0].hasPrefix("‹") == !firstShown)
                #expect(frame[0].hasSuffix("›") == !lastShown)
                if selected == 0 { #expect(firstShown) }
                if selected == Self.weekdays.count - 1 { #expect(lastShown) }
                #expect(DisplayWidth.width(of: frame[0]) <= width)
            }
        }
    }

    @Test("tabs that fit are drawn from the left, with no scroll marks")
    func fittingTabsDoNotScroll() {
        let frame = lines(MenuFixtures.japaneseTabs, selected: 3, width: 60)
        #expect(frame[0] == "  おすすめ   トレンド 3   ニュース 12   エンタメ")
        #expect(!frame[0].contains("‹") && !frame[0].contains("›"))
    }

    @Test("unread counts follow their label, and large ones are capped")
    func unreadBadges() {
        let tabs = [MenuTab(name: "A", unread: 0), MenuTab(name: "B", unread: 7),
                    MenuTab(name: "C", unread: 12_345)]
        #expect(lines(tabs, selected: 0, width: 40)[0] == "  A   B 7   C 999+")
    }

    @Test("a tab name longer than the bar is cut with an ellipsis and still underlined")
    func longTabName() {
        let tabs = [MenuTab(name: "とても長いカテゴリー名のタブがここにあります"), MenuTab(name: "短い")]
        for (width, selected) in [(20, 0), (30, 0), (80, 1), (132, 1)] {
            let frame = lines(tabs, selected: selected, width: width)
            #expect(frame[0].contains("…"))
            #expect(DisplayWidth.width(of: frame[0]) <= width)
            guard selected == 0 else { continue }
            let label = frame[0].split(separator: " ").first { $0.hasSuffix("…") }
            let underline = frame[1].filter { $0 == "━" }.count
            #expect(label.map { DisplayWidth.width(of: String($0)) } == underline)
        }
    }

    @Test("the selected tab's name is whole wherever it fits the bar; the others are cut at a fifth of a wide one")
    func selectedTabNameWhole() {
        let long = "とても長いカテゴリー名のタブがここにあります"
        let tabs = [MenuTab(name: long), MenuTab(name: "短い")]
        let frame = lines(tabs, selected: 0, width: 80)
        #expect(frame[0].contains(long))
        #expect(frame[1].filter { $0 == "━" }.count == DisplayWidth.width(of: long))
        let wide = lines(tabs, selected: 1, width: 200)[0]
        let cut = wide.split(separator: " ").first { $0.hasSuffix("…") }.map { DisplayWidth.width(of: String($0)) }
        #expect(cut.map { $0 > 24 && $0 <= 200 / 5 } == true, "\(wide)")
    }

    @Test("a tab name with nothing printable is shown by its position")
    func unprintableTabName() {
        let tabs = [MenuTab(name: "\u{1B}[31m\u{202E}"), MenuTab(name: "News")]
        #expect(lines(tabs, selected: 0, width: 40)[0] == "  #1   News")
    }
}
