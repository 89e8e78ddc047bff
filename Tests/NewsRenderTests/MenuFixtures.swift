// Shared inputs for the page-menu tests: a fixed clock and zone, and sample tabs and rows.
import Foundation
import NewsModel
import NewsRender

enum MenuFixtures {
    /// 2025-11-30 10:53:20 UTC, 19:53:20 in Tokyo.
    static let now = Date(timeIntervalSince1970: 1_764_500_000)
    static let tokyo = TimeZone(secondsFromGMT: 9 * 3600) ?? TimeZone.gmt

    static let japaneseTabs = [
        MenuTab(name: "おすすめ"),
        MenuTab(name: "トレンド", unread: 3),
        MenuTab(name: "ニュース", color: .named(.green), unread: 12),
        MenuTab(name: "エンタメ"),
    ]

    static let englishTabs = [
        MenuTab(name: "Top"),
        MenuTab(name: "World", unread: 5),
        MenuTab(name: "Tech", color: .rgb(red: 0xE0, green: 0x6C, blue: 0x75), unread: 2),
        MenuTab(name: "Sports"),
    ]

    static func row(
        _ id: Int64, _ title: String, source: String, minutesAgo: Double, read: Bool = false,
        starred: Bool = false
    ) -> ArticleRow {
        ArticleRow(
            id: id, title: title, link: "https://example.com/\(id)", source: source,
            published: now.addingTimeInterval(-minutesAgo * 60), firstSeen: now, isRead: read,
            isStarred: starred)
    }

    static let japaneseArticles = [
        row(1, "日本銀行が政策金利を据え置き、円相場は小幅に反発した背景を専門家が解説",
            source: "NHKニュース", minutesAgo: 5),
        row(2, "東京都、新しい防災アプリを公開", source: "東京新聞", minutesAgo: 180, read: true,
            starred: true),
        row(3, "量子コンピューターの実用化に向けた新たな一歩", source: "日経", minutesAgo: 40 * 60),
        row(4, "年末年始の帰省ラッシュ予測", source: "共同通信", minutesAgo: 20 * 24 * 60),
    ]

    static let englishArticles = [
        row(1, "Swift 6.3 released with faster builds and better diagnostics",
            source: "Swift.org", minutesAgo: 0.5),
        row(2, "Why terminal UIs are having a moment", source: "The Verge", minutesAgo: 300,
            read: true),
        row(3, "東京の天気: 週末は晴れ", source: "NHK", minutesAgo: 30 * 60),
        row(4, "A quiet year for RSS, and why that is fine", source: "Blog", minutesAgo: 400 * 24 * 60),
    ]

    /// Titles that stress widths: emoji with joiners and selectors, mixed scripts, a
    /// title far longer than any terminal, and HTML summaries with entities.
    static let mixedArticles = [
        ArticleRow(
            id: 11, title: "🎉 Swift 6.3 リリース: 並行処理がさらに安全に 👨‍👩‍👧 ❤️ ⌚︎",
            link: nil, source: "Swift.org ブログ", published: now.addingTimeInterval(-90),
            firstSeen: now,
            summary: "<p>The <b>Swift</b> team &amp; community are happy to announce&nbsp;6.3 &mdash; with <a href=\"x\">faster builds</a>.</p>",
            isStarred: true),
        ArticleRow(
            id: 12, title: String(repeating: "とても長いタイトルが続きます、", count: 12)
                + String(repeating: " and a very long English tail", count: 6),
            link: nil, source: "An extraordinarily long source name for a feed",
            published: now.addingTimeInterval(-7200), firstSeen: now.addingTimeInterval(-7200),
            summary: "<script>var x = '<p>never</p>';</script>概要: 日本語の要約 &#x1F4F0; &#26085;本 &unknown; 1 &lt; 2"),
        ArticleRow(
            id: 13, title: "Ελληνικά ① ★ αβγ — ambiguous characters",
            link: nil, source: "Ω", published: now.addingTimeInterval(-40 * 3600),
            firstSeen: now.addingTimeInterval(-40 * 3600), isRead: true),
        ArticleRow(
            id: 14, title: "한국어 뉴스 🇰🇷 e\u{0301}te\u{0301} café", link: nil, source: "KBS",
            published: nil, firstSeen: now.addingTimeInterval(-5 * 86400),
            summary: "   "),
    ]

    /// Nine tabs, wider together than any narrow terminal, some with unread badges.
    static let manyTabs = ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日",
                           "Technology", "Science"].enumerated().map { index, name in
        MenuTab(name: name, unread: index % 3 == 1 ? index * 7 : 0)
    }

    static func state(
        tabs: [MenuTab], selected: Int, articles: [ArticleRow], width: Int,
        height: Int? = nil, colors: ColorMode = .none, language: UILanguage,
        selectedArticle: Int? = nil, style: MenuStyle = .plain, layout: ArticleLayout = .compact,
        newSince: Date? = nil, ambiguousWide: Bool = false, page: Int = 1, pageCount: Int = 1,
        totalArticles: Int? = nil
    ) -> PageMenuState {
        PageMenuState(
            tabs: tabs, selectedTab: selected, articles: articles, now: now, zone: ZoneOffsets(tokyo),
            width: width, height: height, colors: colors, language: language,
            selectedArticle: selectedArticle, style: style, layout: layout, newSince: newSince,
            ambiguousWide: ambiguousWide, page: page, pageCount: pageCount,
            totalArticles: totalArticles)
    }

    /// The frame as one string, one line per terminal row, with the spaces that pad each
    /// line to the width left off so expectations can be written as text.
    static func frame(_ state: PageMenuState) -> String {
        PageMenu.render(state).map(trimmingTrailingSpaces).joined(separator: "\n")
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// `text` with every SGR sequence removed.
    static func stripped(_ text: String) -> String {
        var output = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if scalar == "m" { inEscape = false }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
