// Shared inputs for the reading view's page tests: an article from a body, and its page's
// lines with the header left out.
import Foundation
import NewsModel
import NewsRender

enum ArticlePageFixtures {
    /// 2025-11-30 10:53:20 UTC, 19:53:20 in Tokyo.
    static let now = MenuFixtures.now
    static let tokyo = ZoneOffsets(MenuFixtures.tokyo)

    static func article(
        content: String? = nil, summary: String? = nil, title: String = "Title",
        sources: [String] = ["Feed"], author: String? = nil, published: Date? = nil,
        link: String? = "https://example.com/news/1", starred: Bool = false
    ) -> ReadableArticle {
        ReadableArticle(
            title: title, sources: sources, author: author, published: published,
            firstSeen: now.addingTimeInterval(-3600), link: link, summary: summary, content: content,
            isStarred: starred)
    }

    static func page(
        _ article: ReadableArticle, width: Int, language: UILanguage = .english,
        colors: ColorMode = .none, ambiguousWide: Bool = false
    ) -> [String] {
        ArticlePage.lines(
            article, width: width, now: now, zone: tokyo, language: language, colors: colors,
            ambiguousWide: ambiguousWide)
    }

    /// The lines after the header's blank line: the body and the link list.
    static func body(
        _ html: String, width: Int = 40, language: UILanguage = .english, colors: ColorMode = .none,
        link: String? = "https://example.com/news/1", ambiguousWide: Bool = false
    ) -> [String] {
        let lines = page(
            article(content: html, link: link), width: width, language: language, colors: colors,
            ambiguousWide: ambiguousWide)
        guard let blank = lines.firstIndex(of: "") else { return lines }
        return Array(lines[(blank + 1)...])
    }
}
