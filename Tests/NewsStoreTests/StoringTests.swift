// Storing fetches: upsert by (feed, article id), read state kept, failures recorded.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Storing fetched feeds")
struct StoringTests {
    let temp: TemporaryDirectory
    let path: String
    let store: FeedStore
    let url = "https://example.org/feed"

    init() throws {
        temp = try TemporaryDirectory()
        path = temp.path("news.db")
        store = try FeedStore(path: path)
        try store.syncTabs([Tab(name: "News", feeds: [Subscription(url: url)])])
    }

    @Test("storing the same feed twice inserts each article once")
    func storingTwiceInsertsOnce() throws {
        let fetched = feed([article("a", published: 100), article("b", published: 200)])
        #expect(try store.store(fetched, from: url, fetchedAt: date(1_000)) == 2)
        #expect(try store.store(fetched, from: url, fetchedAt: date(2_000)) == 0)
        #expect(try store.articleCount() == 2)
    }

    @Test("only articles not seen before are counted as new")
    func onlyUnseenArticlesCount() throws {
        try store.store(feed([article("a"), article("b")]), from: url, fetchedAt: date(1_000))
        let next = feed([article("b"), article("c"), article("d")])
        #expect(try store.store(next, from: url, fetchedAt: date(2_000)) == 2)
        #expect(try store.articleCount() == 4)
    }

    @Test("an article id repeated in one document is stored and counted once")
    func repeatedIdInOneDocument() throws {
        let doubled = feed([article("a", title: "first"), article("a", title: "second")])
        #expect(try store.store(doubled, from: url, fetchedAt: date(1_000)) == 1)
        #expect(try store.articles(inTab: "News", limit: 10).map(\.title) == ["second"])
    }

    @Test("the same article id under two feeds is two articles, one story: the second source is no news")
    func sameIdUnderTwoFeeds() throws {
        try store.store(feed([article("a")]), from: url, fetchedAt: date(1_000))
        #expect(try store.store(feed([article("a")]), from: "https://other.example/feed",
                                fetchedAt: date(1_000)) == 0)
        #expect(try store.articleCount() == 2)
        #expect(try store.store(feed([article("a"), article("b")]), from: "https://third.example/feed",
                                fetchedAt: date(1_000)) == 1)
    }

    @Test("a changed article is updated in place, keeping read, starred and first seen")
    func changedArticleUpdatesInPlace() throws {
        try store.store(feed([article("a", published: 100, title: "Old title")]),
                        from: url, fetchedAt: date(1_000))
        let before = try #require(try store.articles(inTab: "News", limit: 10).first)

        // The reader's state is set by a second connection, as another process would.
        try RawConnection(path: path).execute(
            "UPDATE articles SET is_read = 1, is_starred = 1 WHERE id = ?1", [.integer(before.id)])

        var changed = article("a", published: 150, title: "New title")
        changed.summary = "<p>Now with a summary</p>"
        #expect(try store.store(feed([changed]), from: url, fetchedAt: date(5_000)) == 0)

        let after = try store.articles(inTab: "News", limit: 10)
        #expect(after.count == 1)
        #expect(after.first?.id == before.id)
        #expect(after.first?.title == "New title")
        #expect(after.first?.published == date(150))
        #expect(after.first?.summary == "<p>Now with a summary</p>")
        #expect(after.first?.isRead == true)
        #expect(after.first?.isStarred == true)
        #expect(after.first?.firstSeen == date(1_000))
    }

    @Test("content, categories and enclosures round-trip, and an update replaces them")
    func fullArticleRoundTrips() throws {
        let original = Article(
            id: "urn:uuid:1", title: "ニュース\u{0}見出し", link: "https://example.org/1",
            author: "Ada", published: date(100), updated: date(160),
            summary: "<p>sum</p>", content: "<p>body</p>",
            categories: ["tech", "日本"],
            enclosures: [Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 1234),
                         Enclosure(url: "https://example.org/b.jpg")])
        try store.store(feed([original]), from: url, fetchedAt: date(1_000))
        let id = try #require(try store.articles(inTab: "News", limit: 1).first?.id)
        #expect(try store.article(id: id) == original)

        var revised = original
        revised.categories = ["science"]
        revised.enclosures = []
        try store.store(feed([revised]), from: url, fetchedAt: date(2_000))
        #expect(try store.article(id: id) == revised)
        #expect(try store.article(id: id + 1000) == nil)
    }

    @Test("a successful fetch records the feed's title, link and time")
    func successUpdatesFeedMetadata() throws {
        try store.store(feed(title: "Example News", [article("a")]), from: url, fetchedAt: date(1_000))
        let raw = try RawConnection(path: path)
        #expect(try raw.texts("SELECT title FROM feeds") == ["Example News"])
        #expect(try raw.texts("SELECT link FROM feeds") == ["https://example.org/"])
        #expect(try raw.integer("SELECT last_fetched FROM feeds") == 1_000)
        #expect(try raw.integer("SELECT last_ok FROM feeds") == 1)
    }

    @Test("recording a failure keeps the articles and notes the error")
    func failureKeepsArticles() throws {
        try store.store(feed([article("a"), article("b")]), from: url, fetchedAt: date(1_000))
        try store.recordFailure(feedURL: url, message: "HTTP 503", at: date(2_000))
        try store.recordFailure(feedURL: url, message: "timed out", at: date(3_000))

        #expect(try store.articleCount() == 2)
        #expect(try store.articles(inTab: "News", limit: 10).count == 2)
        let raw = try RawConnection(path: path)
        #expect(try raw.texts("SELECT last_error FROM feeds") == ["timed out"])
        #expect(try raw.integer("SELECT failure_count FROM feeds") == 2)
        #expect(try raw.integer("SELECT last_ok FROM feeds") == 0)
        #expect(try raw.integer("SELECT last_fetched FROM feeds") == 1_000)

        try store.store(feed([article("a")]), from: url, fetchedAt: date(4_000))
        #expect(try raw.integer("SELECT failure_count FROM feeds") == 0)
        #expect(try raw.texts("SELECT last_error FROM feeds") == [nil])
    }
}
