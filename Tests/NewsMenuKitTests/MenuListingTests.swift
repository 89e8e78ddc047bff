// Paging arithmetic, the `tabs` table and the JSON of one article and one tab.
import Foundation
import Testing
@testable import NewsMenuKit
import NewsModel
import NewsRender
import NewsStore

@Suite("Menu listings")
struct MenuListingTests {
    @Test("page counts round up, and an empty tab still has one page")
    func pageCounts() {
        #expect(MenuSelection.pageCount(total: 0, pageSize: 10) == 1)
        #expect(MenuSelection.pageCount(total: 10, pageSize: 10) == 1)
        #expect(MenuSelection.pageCount(total: 11, pageSize: 10) == 2)
        #expect(MenuSelection.pageCount(total: 143, pageSize: 21) == 7)
    }

    @Test("the tabs table lines up Japanese names by display columns, numbers to the right")
    func tabsTable() {
        let tabs = [Tab(name: "ニュース", feeds: []), Tab(name: "Tech", feeds: []), Tab(name: "エンタメ🎬", feeds: [])]
        let counts = [
            "ニュース": TabCounts(unread: 12, total: 143, new: 3, lastViewed: nil),
            "Tech": TabCounts(unread: 0, total: 7, new: 0, lastViewed: nil),
        ]
        let lines = TabsCommand.table(tabs, counts: counts)
        #expect(lines == [
            "TAB         UNREAD  TOTAL  NEW",
            "ニュース        12    143    3",
            "Tech             0      7    0",
            "エンタメ🎬       0      0    0",
        ])
        #expect(Set(lines.map { DisplayWidth.width(of: $0) }) == [30])
    }

    @Test("the tabs table never cuts a name: it is what --tab takes")
    func tabsTableKeepsLongNames() {
        let name = "国際ニュース（アジア太平洋）と経済"
        let lines = TabsCommand.table([Tab(name: name, feeds: [])], counts: [:])
        #expect(lines[1].hasPrefix(name + "  "))
    }

    @Test("the table drops escape sequences and control characters from names and cuts long ones at a column boundary")
    func tableSanitises() {
        let lines = TextTable.lines([["A", "N"], ["\u{1B}[31m赤\u{7}", "1"], [String(repeating: "長", count: 20), "2"]],
                                    limits: [9, 3], rightAligned: [1])
        #expect(lines == ["A          N", "赤         1", "長長長長…  2"])
    }

    @Test("an article's JSON lists its source, dates in UTC, and new only when unread since the look")
    func articleJSON() {
        let row = ArticleRow(id: 7, title: "見出し", link: nil, source: "テスト新聞",
                             published: Date(timeIntervalSince1970: 0), firstSeen: Date(timeIntervalSince1970: 100))
        #expect(MenuJSON.text(MenuJSON.article(row, lastViewed: Date(timeIntervalSince1970: 99)))
                == """
                {
                  "id": 7,
                  "title": "見出し",
                  "link": null,
                  "sources": [
                    "テスト新聞"
                  ],
                  "published": "1970-01-01T00:00:00Z",
                  "first_seen": "1970-01-01T00:01:40Z",
                  "read": false,
                  "starred": false,
                  "new": true
                }
                """)
        #expect(!MenuJSON.isNew(row, since: Date(timeIntervalSince1970: 100)))
        #expect(!MenuJSON.isNew(row, since: nil))
        var read = row
        read.isRead = true
        #expect(!MenuJSON.isNew(read, since: Date(timeIntervalSince1970: 0)))
    }

    @Test("an untitled article's JSON title is null, not the text the menu lists it by")
    func untitledArticleJSON() {
        let row = ArticleRow(id: 8, title: "Rates rise & markets fall", link: "https://news.example/s", source: "S",
                             published: nil, firstSeen: Date(timeIntervalSince1970: 0), isUntitled: true)
        let json = MenuJSON.text(MenuJSON.article(row, lastViewed: nil))
        #expect(json.contains(#""title": null,"#))
        #expect(!json.contains("Rates rise"))
    }

    @Test("JSON escapes every control character and bidi override a feed could send to a terminal")
    func jsonEscapesControls() {
        let title = "a\u{1B}[2Jb\u{9B}c\u{202E}d\u{2067}e\u{7F}日本"
        #expect(MenuJSON.text(.string(title)) == #""a\u001b[2Jb\u009bc\u202ed\u2067e\u007f日本""#)
    }

    @Test("a tab's JSON has its config colour, counts, and selected only when asked")
    func tabJSON() {
        let tab = Tab(name: "ニュース", color: .rgb(red: 0xFF, green: 0x0A, blue: 0), feeds: [])
        let counts = TabCounts(unread: 2, total: 5, new: 1, lastViewed: nil)
        #expect(MenuJSON.text(MenuJSON.tab(tab, counts: counts, selected: true)) == """
            {
              "name": "ニュース",
              "color": "#ff0a00",
              "unread": 2,
              "total": 5,
              "new": 1,
              "selected": true
            }
            """)
        let plain = MenuJSON.text(MenuJSON.tab(Tab(name: "x", feeds: []), counts: nil))
        #expect(plain.contains("\"color\": null"))
        #expect(plain.contains("\"total\": 0"))
        #expect(!plain.contains("selected"))
    }
}
