// The top of the reading view's page: title, byline (sources, author, date and age) and link,
// in both interface languages.
import Foundation
import Testing
import NewsModel
import NewsRender

@Suite("Article page header")
struct ArticlePageHeaderTests {
    typealias Fixtures = ArticlePageFixtures
    static let fiveHoursAgo = Fixtures.now.addingTimeInterval(-5 * 3600)

    func header(_ article: ReadableArticle, width: Int = 40, language: UILanguage = .english,
                colors: ColorMode = .none) -> [String] {
        let lines = Fixtures.page(article, width: width, language: language, colors: colors)
        return Array(lines.prefix { $0 != "" })
    }

    @Test("title, sources · by author · local date and time · age, link")
    func english() {
        let article = Fixtures.article(
            content: "x", title: "Rates held", sources: ["Daily", "Wire"], author: "Jane Doe",
            published: Self.fiveHoursAgo)
        #expect(header(article, width: 60) == [
            "Rates held",
            "Daily · Wire · by Jane Doe · 2025-11-30 14:53 · 5h ago",
            "https://example.com/news/1",
        ])
    }

    @Test("Japanese: the date in Japanese form and the age in Japanese")
    func japanese() {
        let article = Fixtures.article(
            content: "x", title: "金利据え置き", sources: ["日経"], author: "山田太郎", published: Self.fiveHoursAgo)
        #expect(header(article, width: 60, language: .japanese) == [
            "金利据え置き",
            "日経 · 著者: 山田太郎 · 2025年11月30日 14:53 · 5時間前",
            "https://example.com/news/1",
        ])
    }

    @Test("the star hangs before a starred title, which wraps and is never cut")
    func starredLongTitle() {
        let article = Fixtures.article(
            content: "x", title: "A very long title that certainly needs more than one line", starred: true)
        let lines = header(article, width: 24)
        #expect(lines.prefix(3) == ["★ A very long title that", "  certainly needs more", "  than one line"])
        let ascii = header(article, width: 24, colors: .plainASCII)
        #expect(ascii.first == "* A very long title that")
    }

    @Test("no author line part when there is none or it names a source; undated shows first seen")
    func optionalParts() {
        let article = Fixtures.article(content: "x", sources: ["NHK"], author: "nhk", published: nil)
        // First seen an hour ago: 18:53 in Tokyo.
        #expect(header(article)[1] == "NHK · 2025-11-30 18:53 · 1h ago")
        let anonymous = Fixtures.article(content: "x", author: nil, published: nil)
        #expect(header(anonymous, language: .japanese)[1] == "Feed · 2025年11月30日 18:53 · 1時間前")
    }

    @Test("an older date gives no age, which would only repeat it; yesterday does")
    func ages() {
        let old = Fixtures.article(content: "x", published: Fixtures.now.addingTimeInterval(-10 * 86400))
        #expect(header(old)[1] == "Feed · 2025-11-20 19:53")
        let yesterday = Fixtures.article(content: "x", published: Fixtures.now.addingTimeInterval(-30 * 3600))
        #expect(header(yesterday)[1] == "Feed · 2025-11-29 13:53 · yesterday")
        #expect(header(yesterday, language: .japanese)[1] == "Feed · 2025年11月29日 13:53 · 昨日")
    }

    @Test("without a link there is no link line; a long link breaks across lines whole")
    func links() {
        let unlinked = Fixtures.article(content: "x", link: nil)
        #expect(header(unlinked).count == 2)
        let long = "https://example.com/articles/2025/11/30/a-rather-long-slug"
        let lines = header(Fixtures.article(content: "x", link: long), width: 20)
        #expect(lines.suffix(3) == ["https://example.com/", "articles/2025/11/30/", "a-rather-long-slug"])
    }

    @Test("the date stays whole on a narrow line: it moves down with its time")
    func narrowByline() {
        let article = Fixtures.article(content: "x", sources: ["Source"], published: Self.fiveHoursAgo)
        #expect(header(article, width: 18).dropFirst().prefix(3) == ["Source ·", "2025-11-30 14:53 ·", "5h ago"])
    }

    @Test("the author's label stays with the name's first word, which wraps as other text")
    func authorLabel() {
        let article = Fixtures.article(
            content: "x", sources: ["別の新聞", "テスト速報"], author: "気象 太郎", published: Self.fiveHoursAgo)
        #expect(header(article, width: 26, language: .japanese).dropFirst().prefix(3) == [
            "別の新聞 · テスト速報 ·", "著者: 気象 太郎 ·", "2025年11月30日 14:53 ·",
        ])
        let english = Fixtures.article(content: "x", sources: ["Wire"], author: "Jane Doe", published: nil)
        #expect(header(english, width: 12).dropFirst().prefix(2) == ["Wire ·", "by Jane Doe"])
    }

    @Test("a date wider than the line breaks between date and time, never inside a number")
    func dateWiderThanLine() {
        let article = Fixtures.article(content: "x", sources: ["テスト速報"], published: Self.fiveHoursAgo)
        let lines = header(article, width: 18, language: .japanese)
        #expect(lines.dropFirst().prefix(3) == ["テスト速報 ·", "2025年11月30日", "14:53 · 5時間前"])
        #expect(header(Fixtures.article(content: "x", published: Self.fiveHoursAgo), width: 12)[1...4] == [
            "Feed ·", "2025-11-30", "14:53 ·", "5h ago",
        ])
    }

    @Test("a blank line ends the header, and the body follows")
    func separation() {
        let lines = Fixtures.page(Fixtures.article(content: "<p>Body</p>"), width: 40)
        #expect(lines.suffix(2) == ["", "Body"])
    }

    @Test("colours: the title bold, the star in its colour, the byline and link dim")
    func styles() {
        let article = Fixtures.article(content: "x", title: "T", starred: true)
        let coloured = header(article, colors: .ansi16)
        #expect(coloured[0] == "\u{1B}[1;33m★ \u{1B}[0m\u{1B}[1mT\u{1B}[0m")
        #expect(coloured[1].hasPrefix("\u{1B}[2mFeed"))
        #expect(coloured[2] == "\u{1B}[2mhttps://example.com/news/1\u{1B}[0m")
        let monochrome = header(article, colors: .monochrome)
        #expect(monochrome[0] == "\u{1B}[1m★ T\u{1B}[0m")
        #expect(monochrome[1] == "Feed · 2025-11-30 18:53 · 1h ago")
        #expect(header(article, colors: .plainASCII) == [
            "* T", "Feed - 2025-11-30 18:53 - 1h ago", "https://example.com/news/1",
        ])
    }
}

@Suite("Article page header categories")
struct ArticlePageCategoryTests {
    private func header(_ categories: [String], width: Int = 60, language: UILanguage = .english) -> [String] {
        var article = ArticlePageFixtures.article(content: "x", title: "T", sources: ["Feed"], published: nil)
        article.categories = categories
        let lines = ArticlePageFixtures.page(article, width: width, language: language)
        return Array(lines.prefix { $0 != "" })
    }

    @Test("the categories follow the byline after a label, each once, hostile bytes cleaned")
    func shown() {
        let lines = header(["Politics", "経済", "politics", " ", "Tech\u{1B}[2J"])
        #expect(lines[2] == "in Politics · 経済 · Tech")
        #expect(header(["政治"], language: .japanese)[2] == "カテゴリ: 政治")
    }

    @Test("none given, no line")
    func none() {
        #expect(header([]).count == 3)
        #expect(header([]).last == "https://example.com/news/1")
    }

    @Test("a narrow page wraps them between categories, the label with the first")
    func narrow() {
        let lines = header(["International", "Economy", "Markets"], width: 20)
        #expect(lines.contains("in International ·"))
        #expect(lines.allSatisfy { $0.count <= 20 })
    }
}
