// Terms of one or two characters (schema v10): found in every article however old, through the
// trigrams that begin with them, and the index lists exactly the trigrams of the texts it holds.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Short-term search")
struct ShortTermSearchTests {
    let fixture: NewsAndTechStore
    var store: FeedStore { fixture.store }

    init() throws {
        fixture = try NewsAndTechStore()
    }

    private func titles(_ hits: [SearchHit]) -> [String] { hits.map(\.article.title) }

    /// `count` articles titled "filler N", stored after everything before them.
    private func storeFiller(_ count: Int, from url: String, at seconds: Int64) throws {
        try store.store(feed((1...count).map { Article(id: "filler-\(seconds)-\($0)", title: "filler \($0)",
                                                       link: "https://n.example/f\(seconds)/\($0)", summary: "nothing here") }),
                        from: url, fetchedAt: date(seconds))
    }

    @Test("a two-character term is found in the oldest article and as the last characters of its text")
    func oldestAndLast() throws {
        try store.store(feed([Article(id: "old", title: "決算", link: "https://n.example/old",
                                      content: "<p>本日の株価は允叚</p>")]), from: fixture.news, fetchedAt: date(1_000))
        try storeFiller(30, from: fixture.news, at: 2_000)
        for window: Int64 in [1, 1_000] {
            for term in ["允叚", "叚", "は允"] {
                let hits = try store.search(term, inTabs: nil, order: .newest, limit: 50, bounds: (ranked: 500, window: window))
                #expect(titles(hits) == ["決算"])
                #expect(hits.first?.markedSnippet.contains("\u{02}\(term)\u{03}") == true)
            }
        }
        #expect(titles(try store.search("叚", order: .relevance)) == ["決算"])
        #expect(try store.search("叚x").isEmpty && store.search("ab").isEmpty)
    }

    @Test("markup and character references inside the text do not hide a short term")
    func plainTextIsSearched() throws {
        try store.store(feed([Article(id: "a", title: "One", link: "https://n.example/a", content: "<p>東京<b>都</b>庁</p>"),
                              Article(id: "b", title: "Two", link: "https://n.example/b", summary: "&#26481; &amp;x")]),
                        from: fixture.news, fetchedAt: date(1_000))
        #expect(titles(try store.search("京都")) == ["One"])
        #expect(titles(try store.search("東")) == ["Two", "One"])
        #expect(titles(try store.search("&x")) == ["Two"])
        #expect(try store.search("b>").isEmpty)
    }

    @Test("a term that lowercasing makes longer than two characters is looked up by its trigrams")
    func lengthenedByLowercasing() throws {
        // İ lowercases to i and a combining dot: "İİ" is two characters typed, four searched.
        try store.store(feed([Article(id: "dotted", title: "İİ capital", link: "https://n.example/d"),
                              Article(id: "plain", title: "ii plain", link: "https://n.example/p")]),
                        from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        #expect(titles(try store.search("İİ")) == ["İİ capital"])
        #expect(titles(try store.search("i̇i̇")) == ["İİ capital"])
    }

    @Test("a common single character is read from the newest articles, then from the index, with nothing missed")
    func commonCharacter() throws {
        // "x" followed by 70 different characters: more trigrams than a rare character has.
        let followers = (0..<70).compactMap { Unicode.Scalar(0x3041 + $0) }.map { "x" + String(Character($0)) }
        try store.store(feed([Article(id: "many", title: "Many", link: "https://n.example/many",
                                      summary: followers.joined(separator: " "))]), from: fixture.news, fetchedAt: date(1_000))
        try storeFiller(10, from: fixture.news, at: 2_000)
        try store.store(feed([Article(id: "ref", title: "Reference", link: "https://t.example/ref", summary: "&#120;-ray"),
                              Article(id: "upper", title: "UPPER X", link: "https://t.example/up")]),
                        from: fixture.tech, fetchedAt: date(3_000))
        try storeFiller(10, from: fixture.news, at: 4_000)
        let index = try fixture.indexConnection()
        #expect(try SearchPostingsReader(database: index.database, schema: "main", operation: "test")
                    .trigrams(beginningWith: Array("x".utf8)).count > FeedStore.commonCharacterTrigrams)
        for window: Int64 in [1, 5, 15, 1_000] {
            let hits = try store.search("x", inTabs: nil, order: .newest, limit: 50, bounds: (ranked: 500, window: window))
            #expect(titles(hits) == ["UPPER X", "Reference", "Many"])
            let ranked = try store.search("X", inTabs: nil, order: .relevance, limit: 50, bounds: (ranked: 500, window: window))
            #expect(ranked.first?.article.title == "Many" && ranked.count == 3)
            let tech = try store.search("x", inTabs: ["Tech"], order: .newest, limit: 50, bounds: (ranked: 500, window: window))
            #expect(titles(tech) == ["UPPER X", "Reference"])
        }
    }

    @Test("a common kanji is read from the newest articles wherever it stands, and characters sharing its bytes are not it")
    func commonKanji() throws {
        // 允 is E5 85 81; 偁 (E5 84 81) and 兂 (E5 85 82) share all but one of its bytes.
        let followers = (0..<70).compactMap { Unicode.Scalar(0x3041 + $0) }.map { "允" + String(Character($0)) }
        try store.store(feed([Article(id: "many", title: "Many", link: "https://n.example/many",
                                      summary: followers.joined(separator: " "))]), from: fixture.news, fetchedAt: date(1_000))
        try store.store(feed([Article(id: "start", title: "允許", link: "https://n.example/start"),
                              Article(id: "end", title: "End", link: "https://n.example/end", content: "<p>末尾は允</p>"),
                              Article(id: "near", title: "偁兂", link: "https://n.example/near", summary: "偁 兂 偁兂")]),
                        from: fixture.news, fetchedAt: date(2_000))
        try storeFiller(5, from: fixture.news, at: 3_000)
        let index = try fixture.indexConnection()
        #expect(try SearchPostingsReader(database: index.database, schema: "main", operation: "test")
                    .trigrams(beginningWith: Array("允".utf8)).count > FeedStore.commonCharacterTrigrams)
        for window: Int64 in [1, 3, 1_000] {
            let hits = try store.search("允", inTabs: nil, order: .newest, limit: 50, bounds: (ranked: 500, window: window))
            #expect(Set(titles(hits)) == ["允許", "End", "Many"] && hits.count == 3)
            #expect(hits.first { $0.article.title == "End" }?.markedSnippet == "末尾は\u{02}允\u{03}")
        }
    }

    @Test("the trigrams listed for a prefix are those of the indexed texts, across segments and their merges")
    func vocabularyMatchesTheTexts() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcdeかきくけこ東京都株価ÉÀ")
        // Each store indexed at once is its own index transaction and so its own segment; every
        // fourth of a level is merged.
        var texts: [String] = []
        for batch in 0..<40 {
            let articles = (0..<60).map { number in
                Article(id: "r\(batch)-\(number)", title: String((0..<12).map { _ in alphabet[next(alphabet.count)] }),
                        link: "https://n.example/r\(batch)/\(number)",
                        summary: "ka " + String((0..<40).map { _ in alphabet[next(alphabet.count)] }))
            }
            texts += articles.map { SearchText.of(title: $0.title, summary: $0.summary, content: $0.content) }
            try store.store(feed(articles), from: batch.isMultiple(of: 2) ? fixture.news : fixture.tech, fetchedAt: date(Int64(batch)))
            try store.finishIndexing()
        }
        let raw = try fixture.indexConnection()
        #expect(try raw.integer("SELECT COUNT(*) FROM search_segments") ?? 0 > 1)
        #expect(try raw.searchIndexProblems().isEmpty)
        let expected = texts.reduce(into: Set<[UInt8]>()) { $0.formUnion(trigrams(of: $1)) }
        let index = SearchPostingsReader(database: raw.database, schema: "main", operation: "test")
        let prefixes = alphabet.map { CaseFolding.lowercased(String($0)) }
            + alphabet.flatMap { first in alphabet.prefix(6).map { CaseFolding.lowercased(String(first) + String($0)) } }
            + ["k", "ka", "a ", "x", "\n", "é"]
        for prefix in prefixes {
            let listed = expected.filter { $0.starts(with: Array(prefix.utf8)) }.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(try index.trigrams(beginningWith: Array(prefix.utf8)) == listed, "prefix \(prefix)")
        }
    }

    @Test("upgrading from v9 adds what the line ends add: a short term at the end is found, and after an update none of it is")
    func upgradeFromV9() throws {
        try store.store(feed([Article(id: "end", title: "決算", link: "https://n.example/end", content: "<p>本日は允叚</p>"),
                              Article(id: "other", title: "Other", link: "https://n.example/other", summary: "s")]),
                        from: fixture.news, fetchedAt: date(1_000))
        // The database as v9 (and v8) left it: the index inside it (declared as v8 declared
        // it), each article's text without the line ends, and no search log.
        let raw = try fixture.rawConnection()
        try raw.execute("DROP TABLE search_log")
        try raw.execute(try #require(Migrations.steps[7].first { $0.contains("CREATE VIRTUAL TABLE") }))
        for row in try raw.rows("SELECT id, title, summary, content FROM articles") {
            let text = SearchText.of(title: row[1], summary: row[2], content: row[3]).dropLast(SearchText.tail.count)
            try raw.execute("INSERT INTO article_search (rowid, indexed_text) VALUES (?1, ?2)",
                            [.integer(Int64(row[0] ?? "") ?? 0), .text(String(text))])
        }
        try raw.execute("PRAGMA user_version = 9")
        let matching = "SELECT COUNT(*) FROM article_search WHERE article_search MATCH ?1"
        #expect(try raw.integer(matching, [.text("\"允叚\n\"")]) == 0)

        let end = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'end'"))

        let upgraded = try FeedStore(path: fixture.temp.path("news.db"))
        let index = try RawConnection(path: upgraded.searchIndexPath)
        #expect(try index.indexedArticles("允叚\n") == [end])
        #expect(try titles(upgraded.search("允叚")) == ["決算"] && titles(upgraded.search("叚")) == ["決算"])
        #expect(titles(try upgraded.search("s")) == ["Other"])
        try upgraded.store(feed([Article(id: "end", title: "決算", link: "https://n.example/end", content: "<p>更新</p>")]),
                           from: fixture.news, fetchedAt: date(2_000))
        #expect(try upgraded.search("叚").isEmpty && titles(upgraded.search("更新")) == ["決算"])
        try upgraded.finishIndexing()
        // The index only adds: the old text's trigrams stay listed for the article, and the
        // search's check of its text passes over them.
        #expect(try index.indexedArticles("允叚\n") == [end] && index.indexedArticles("本日は") == [end])
        for term in ["叚", "允叚", "日は", "本日は"] {
            #expect(try upgraded.search(term).isEmpty, "\(term)")
        }
        #expect(try titles(upgraded.search("更新")) == ["決算"] && titles(upgraded.search("決算")) == ["決算"])
        #expect(try index.searchIndexProblems().isEmpty)
    }
}
