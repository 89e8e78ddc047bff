// Full-text search: Japanese and English, short terms, tabs, order, marks, and the index
// following the articles as they change.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Search")
struct SearchTests {
    let fixture: NewsAndTechStore
    var store: FeedStore { fixture.store }
    var temp: TemporaryDirectory { fixture.temp }
    var news: String { fixture.news }
    var tech: String { fixture.tech }

    init() throws {
        fixture = try NewsAndTechStore(newsTitle: "ニュース社", techTitle: "Tech Daily")
        try store.store(feed([
            Article(id: "tokyo", title: "東京都庁で会見", link: "https://n.example/1", published: date(300),
                    summary: "都知事は本日、東京都の新しい防災計画を発表した。"),
            Article(id: "osaka", title: "大阪の天気", link: "https://n.example/2", published: date(200),
                    summary: "明日は晴れ。株価は上昇。"),
            Article(id: "quake", title: "地震速報", link: "https://n.example/3", published: date(100),
                    content: "<p>東京で震度3の地震がありました。</p>"),
        ]), from: news, fetchedAt: date(1_000))
        try store.store(feed([
            Article(id: "swift", title: "Swift 6 released", link: "https://t.example/1", published: date(250),
                    summary: "The Swift team announced strict CONCURRENCY checking. Swift swift swift."),
            Article(id: "ai", title: "AI and the newsroom", link: "https://t.example/2", published: date(150),
                    summary: "Tokyo papers try AI."),
        ]), from: tech, fetchedAt: date(1_000))
    }

    private func titles(_ hits: [SearchHit]) -> [String] { hits.map(\.article.title) }

    private func plain(_ marked: String) -> String {
        marked.replacingOccurrences(of: "\u{02}", with: "[").replacingOccurrences(of: "\u{03}", with: "]")
    }

    @Test("a Japanese word inside a longer word is found in title, summary and content")
    func japaneseSubstring() throws {
        let hits = try store.search("東京都")
        #expect(titles(hits) == ["東京都庁で会見"])
        #expect(plain(hits[0].markedTitle) == "[東京都]庁で会見")
        #expect(plain(hits[0].markedSnippet).contains("[東京都]の新しい"))
        #expect(titles(try store.search("震度3の")) == ["地震速報"])
    }

    @Test("an untitled hit is listed by the start of its text, as the page lists it")
    func untitledHit() throws {
        try store.store(feed([Article(id: "untitled", link: "https://t.example/u", published: date(400),
                                      content: "<p>Kernel &amp; compiler notes</p>")]),
                        from: tech, fetchedAt: date(2_000))
        let hits = try store.search("compiler")
        #expect(titles(hits) == ["Kernel & compiler notes"])
        #expect(hits[0].article.isUntitled)
        #expect(titles(hits) == (try store.articles(inTab: "Tech", limit: 1).map(\.title)))
    }

    @Test("English matching ignores case; several terms must all match")
    func englishTerms() throws {
        #expect(titles(try store.search("concurrency")) == ["Swift 6 released"])
        #expect(titles(try store.search("SWIFT team")) == ["Swift 6 released"])
        #expect(try store.search("swift newsroom").isEmpty)
    }

    @Test("terms shorter than three characters are found without the index, and marked")
    func shortTerms() throws {
        let ai = try store.search("AI")
        #expect(titles(ai) == ["AI and the newsroom"])
        #expect(plain(ai[0].markedTitle) == "[AI] and the newsroom")
        #expect(titles(try store.search("株")) == ["大阪の天気"])
        // Newest stored first: the quake report was stored after the press conference.
        #expect(titles(try store.search("東京")) == ["地震速報", "東京都庁で会見"])
        // A short and a long term together: both must match.
        #expect(titles(try store.search("AI Tokyo")) == ["AI and the newsroom"])
        #expect(try store.search("%").isEmpty && store.search("_").isEmpty)
    }

    @Test("the snippet is cut around the first match, at spaces where there are any, and every match in it is marked")
    func snippetMarks() throws {
        let swift = try store.search("swift")
        #expect(plain(swift[0].markedSnippet) == "The [Swift] team announced strict CONCURRENCY checking. [Swift]…")
        let far = String(repeating: "x", count: 100) + " the Needle, a needle and NEEDLES" + String(repeating: "y", count: 100)
        try store.store(feed([Article(id: "far", title: "Far", link: "https://t.example/far", content: far)]),
                        from: tech, fetchedAt: date(2_000))
        let hits = try store.search("needle")
        #expect(titles(hits) == ["Far"])
        // Cut at the spaces around the words, not through them.
        #expect(plain(hits[0].markedSnippet) == "…the [Needle], a [needle] and…")
        let japanese = String(repeating: "前", count: 40) + "の本文に針がある" + String(repeating: "後", count: 80)
        try store.store(feed([Article(id: "ja", title: "Ja", link: "https://t.example/ja", content: japanese)]),
                        from: tech, fetchedAt: date(3_000))
        // Japanese has no spaces: cut by characters as before.
        let snippet = plain(try store.search("針")[0].markedSnippet)
        #expect(snippet == "…" + String(repeating: "前", count: 16) + "の本文に[針]がある" + String(repeating: "後", count: 36) + "…",
                "\(snippet)")
    }

    @Test("a word with a ruby reading is found as it is written, and its snippet reads without the reading")
    func rubyReadings() throws {
        try store.store(feed([Article(id: "ruby", title: "天気", link: "https://n.example/ruby", published: date(400),
                                      summary: "<p>明日の<ruby>東京<rp>(</rp><rt>とうきょう</rt><rp>)</rp></ruby>都は晴れ。</p>")]),
                        from: news, fetchedAt: date(2_000))
        let hits = try store.search("東京都は")
        #expect(titles(hits) == ["天気"])
        #expect(plain(try #require(hits.first).markedSnippet) == "明日の[東京都は]晴れ。")
        #expect(try store.search("とうきょう").isEmpty)
    }

    @Test("FTS5 syntax in the text is searched for, never obeyed or an error")
    func syntaxIsText() throws {
        for text in ["\"", "AND", "OR NOT", "swi*", "title:東京", "(", "NEAR(a b)", "-", "\"\"\""] {
            #expect(throws: Never.self) { try store.search(text) }
        }
        #expect(try store.search("swi*").isEmpty)
        #expect(try store.search("").isEmpty && store.search("   ").isEmpty)
    }

    @Test("--tab limits the search to the articles that tab lists")
    func tabFilter() throws {
        #expect(titles(try store.search("東京", inTabs: ["Tech"])).isEmpty)
        #expect(titles(try store.search("tokyo", inTabs: ["Tech"])) == ["AI and the newsroom"])
        #expect(try store.search("東京", inTabs: ["no such tab"]).isEmpty)
    }

    @Test("relevance puts the article that matches most first")
    func relevance() throws {
        try store.store(feed([Article(id: "swift-brief", title: "Briefly", link: "https://t.example/3", published: date(900),
                                      summary: "A note on swift birds.")]),
                        from: tech, fetchedAt: date(1_000))
        #expect(titles(try store.search("swift")) == ["Briefly", "Swift 6 released"])
        #expect(titles(try store.search("swift", order: .relevance)) == ["Swift 6 released", "Briefly"])
    }

    @Test("the index follows updated and deleted articles")
    func indexFollows() throws {
        try store.store(feed([Article(id: "swift", title: "Kotlin news", link: "https://t.example/1", published: date(250))]),
                        from: tech, fetchedAt: date(2_000))
        #expect(try store.search("concurrency").isEmpty)
        #expect(titles(try store.search("kotlin")) == ["Kotlin news"])
        let raw = try RawConnection(path: temp.path("news.db"))
        try raw.execute("DELETE FROM articles WHERE guid = 'swift'")
        #expect(try store.search("kotlin").isEmpty)
        try store.finishIndexing()
        #expect(try RawConnection(path: store.searchIndexPath).searchIndexProblems().isEmpty)
    }

    @Test("the same story from two feeds is one hit listing both; the limit counts hits")
    func twinsAndLimit() throws {
        try store.store(feed([Article(id: "tokyo-copy", title: "東京都庁で会見（速報）", link: "https://n.example/1/?utm_source=x",
                                      published: date(300))]), from: tech, fetchedAt: date(1_000))
        let hits = try store.search("会見")
        #expect(hits.count == 1)
        #expect(Set(hits[0].article.sources) == ["ニュース社", "Tech Daily"])
        #expect(try store.search("の", limit: 1).count == 1)
    }
}
