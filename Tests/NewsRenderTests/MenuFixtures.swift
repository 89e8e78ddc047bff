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
        _ id: Int64, _ title: String, source: String, minutesAgo: Double, read: Bool = false
    ) -> ArticleRow {
        ArticleRow(
            id: id, title: title, link: "https://example.com/\(id)", source: source,
            published: now.addingTimeInterval(-minutesAgo * 60), firstSeen: now, isRead: read)
    }

    static let japaneseArticles = [
        row(1, "日本銀行が政策金利を据え置き、円相場は小幅に反発した背景を専門家が解説",
            source: "NHKニュース", minutesAgo: 5),
        row(2, "東京都、新しい防災アプリを公開", source: "東京新聞", minutesAgo: 180, read: true),
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

    static func state(
        tabs: [MenuTab], selected: Int, articles: [ArticleRow], width: Int,
        height: Int? = nil, colors: ColorMode = .none, language: UILanguage,
        selectedArticle: Int? = nil
    ) -> PageMenuState {
        PageMenuState(
            tabs: tabs, selectedTab: selected, articles: articles, now: now, timeZone: tokyo,
            width: width, height: height, colors: colors, language: language,
            selectedArticle: selectedArticle)
    }

    /// The frame as one string, one line per terminal row.
    static func frame(_ state: PageMenuState) -> String {
        PageMenu.render(state).joined(separator: "\n")
    }
}
