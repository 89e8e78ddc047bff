// The search index of schema v8 (in its own file since v13, newsmenu's own postings since
// v18): it holds plain text, only ever adds (a changed or deleted article's old trigrams stay
// listed until vacuum drops the deleted ones), never lets a stale entry into the results, and
// relevance ranks only the newest matches.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Search index")
struct SearchIndexTests {
    let fixture: NewsAndTechStore
    var store: FeedStore { fixture.store }
    let raw: RawConnection
    /// The index file, read once the store has indexed what it stored.
    var index: RawConnection {
        get throws { try fixture.indexConnection() }
    }

    init() throws {
        fixture = try NewsAndTechStore()
        raw = try RawConnection(path: fixture.temp.path("news.db"))
    }

    private func ids(_ hits: [SearchHit]) -> [Int64] { hits.map(\.article.id) }

    /// The articles the index itself lists under `trigram`, without the store's check.
    private func indexed(_ trigram: String) throws -> [Int64] {
        try index.indexedArticles(trigram)
    }

    @Test("markup is not searched; the text inside it and its decoded references are")
    func plainText() throws {
        try store.store(feed([Article(id: "a", title: "Note", link: "https://n.example/a",
                                      content: "<div class=\"story\"><p>AT&amp;T 決算</p></div>")]),
                        from: fixture.news, fetchedAt: date(1_000))
        #expect(try store.search("div").isEmpty && store.search("class").isEmpty && store.search("p").isEmpty)
        #expect(try store.search("story").isEmpty)
        #expect(ids(try store.search("AT&T")).count == 1)
        let hit = try #require(try store.search("決算").first)
        #expect(hit.markedSnippet == "AT&T \u{02}決算\u{03}")
    }

    @Test("a changed article is found by its new text only: its old trigrams stay listed for it, even after vacuum, and the search passes over them")
    func updateFindsNewTextOnly() throws {
        try store.store(feed([Article(id: "a", title: "Alpha report", link: "https://n.example/a", summary: "<b>zebra</b>")]),
                        from: fixture.news, fetchedAt: date(1_000))
        let id = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'a'"))
        #expect(try indexed("zeb") == [id])
        try store.store(feed([Article(id: "a", title: "Alpha report", link: "https://n.example/a", summary: "yak")]),
                        from: fixture.news, fetchedAt: date(2_000))
        #expect(try indexed("yak") == [id] && indexed("alp") == [id])
        // The index only adds: "zebra"'s trigrams still list the article, so only the search's
        // check of the candidate's text keeps it out of the results.
        #expect(try indexed("zeb") == [id] && indexed("bra") == [id])
        #expect(try store.search("zebra").isEmpty && ids(store.search("yak")) == [id])
        #expect(try index.searchIndexProblems().isEmpty)
        // Vacuum drops only articles that no longer exist: this one keeps its old trigrams.
        _ = try store.vacuum()
        #expect(try indexed("zeb") == [id] && indexed("yak") == [id])
        #expect(try store.search("zebra").isEmpty && ids(store.search("yak")) == [id] && ids(store.search("alpha")) == [id])
        #expect(try index.searchIndexProblems().isEmpty)
    }

    @Test("an article retention deleted is not found; its id stays listed until vacuum, which lists it under no trigram")
    func retentionDeletesFromSearch() throws {
        try store.store(feed([Article(id: "old", title: "Walrus", link: "https://n.example/o", published: date(0))]),
                        from: fixture.news, fetchedAt: date(1_000))
        try store.store(feed([]), from: fixture.news, fetchedAt: date(2_000))
        // A younger article stored after it: retention always keeps the one stored last.
        try store.store(feed([Article(id: "new", title: "Newt", link: "https://t.example/n", published: date(399 * 86_400))]),
                        from: fixture.tech, fetchedAt: date(399 * 86_400))
        let walrus = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'old'"))
        let newt = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'new'"))
        #expect(try indexed("wal") == [walrus])
        #expect(try ids(store.search("walrus")) == [walrus])
        #expect(try store.applyRetention(RetentionPolicy(days: 1), now: date(400 * 86_400)) == 1)
        #expect(try store.search("walrus").isEmpty && store.search("wal").isEmpty)
        // The index only adds: the deleted article stays listed, and the search's join with
        // the articles passes over it.
        #expect(try indexed("wal") == [walrus])
        _ = try store.vacuum()
        #expect(try index.everyIndexedArticle() == [newt])
        #expect(try indexed("wal").isEmpty && indexed("new") == [newt])
        #expect(try store.search("walrus").isEmpty && ids(store.search("newt")) == [newt])
        #expect(try index.searchIndexProblems().isEmpty)
    }

    @Test("an entry left by a delete behind the store's back matches nothing, even when its row id is reused")
    func staleEntries() throws {
        try store.store(feed([article("first", title: "Narwhal"), article("second", title: "Okapi")]),
                        from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        let okapi = try #require(try store.search("okapi").first?.article.id)
        try raw.execute("DELETE FROM articles WHERE id = ?1", [.integer(okapi)])
        #expect(try store.search("okapi").isEmpty)
        try store.store(feed([article("third", title: "Quokka")]), from: fixture.news, fetchedAt: date(2_000))
        let quokka = try #require(try store.search("quokka").first?.article.id)
        #expect(quokka == okapi)
        // Okapi's trigrams now list Quokka's id: "oka" is not one of Quokka's.
        #expect(try indexed("oka") == [okapi])
        #expect(try store.search("okapi").isEmpty)
    }

    @Test("a title that is not UTF-8 is indexed as reading it as text repairs it; changed, it is found by its new text only")
    func textThatIsNotUTF8() throws {
        try store.store(feed([Article(id: "a", title: "Walrus tusk", link: "https://n.example/a")]),
                        from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        // Behind the store's back: an overlong NUL in the title (read as text, two U+FFFD),
        // and the log entry the store would have written for the change.
        let id = try #require(try raw.integer("SELECT id FROM articles"))
        try raw.execute("UPDATE articles SET title = CAST(X'57616C7275732074C08075736B' AS TEXT)")
        try raw.execute("INSERT INTO search_log (article_id, old_text) VALUES (?1, ?2)",
                        [.integer(id), .text(SearchText.of(title: "Walrus tusk", summary: nil, content: nil))])
        #expect(try indexed("t\u{FFFD}\u{FFFD}") == [id] && indexed("\u{FFFD}\u{FFFD}u") == [id])
        // Every trigram is three characters of UTF-8: none holds the bytes as they are.
        #expect(try index.searchIndexProblems().isEmpty)
        let repaired = SearchText.of(title: "Walrus t\u{FFFD}\u{FFFD}usk", summary: nil, content: nil)
        let first = SearchText.of(title: "Walrus tusk", summary: nil, content: nil)
        #expect(try index.indexedTrigrams(of: id) == trigrams(of: first).union(trigrams(of: repaired)))
        #expect(try ids(store.search("usk")) == [id] && store.search("tusk").isEmpty)
        try store.store(feed([Article(id: "a", title: "Walrus", link: "https://n.example/a")]),
                        from: fixture.news, fetchedAt: date(2_000))
        try store.finishIndexing()
        // The index only adds: the article is listed under the trigrams of each text it had,
        // exactly, and found by its new one only.
        let now = SearchText.of(title: "Walrus", summary: nil, content: nil)
        #expect(try index.indexedTrigrams(of: id) == trigrams(of: first).union(trigrams(of: repaired)).union(trigrams(of: now)))
        #expect(try store.search("usk").isEmpty && store.search("tusk").isEmpty && ids(store.search("walrus")) == [id])
        #expect(try index.searchIndexProblems().isEmpty)
    }

    @Test("relevance ranks only the newest matches it is bounded to")
    func boundedRelevance() throws {
        try store.store(feed([Article(id: "old", title: "Heron heron heron", link: "https://n.example/old",
                                      summary: "heron heron")]), from: fixture.news, fetchedAt: date(1_000))
        try store.store(feed((1...3).map { Article(id: "n\($0)", title: "Note \($0)", link: "https://n.example/\($0)",
                                                   summary: "a heron") }), from: fixture.tech, fetchedAt: date(2_000))
        let all = try store.search("heron", inTabs: nil, order: .relevance, limit: 10, bounds: (ranked: 10, window: 10))
        #expect(all.first?.article.title == "Heron heron heron" && all.count == 4)
        let newest = try store.search("heron", inTabs: nil, order: .relevance, limit: 10, bounds: (ranked: 3, window: 10))
        #expect(newest.count == 3 && !newest.map(\.article.title).contains("Heron heron heron"))
    }

    @Test("a long term is checked as a whole, not as trigrams found apart")
    func trigramsMustBeAdjacent() throws {
        try store.store(feed([Article(id: "a", title: "abc xyz bcd", link: "https://n.example/a"),
                              Article(id: "b", title: "abcd", link: "https://n.example/b")]),
                        from: fixture.news, fetchedAt: date(1_000))
        #expect(try store.search("abcd").map(\.article.title) == ["abcd"])
    }
}
