// The same story from two feeds of a tab is one row listing both sources; reading it reads both.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Dedupe across feeds")
struct DedupeTests {
    let temp: TemporaryDirectory
    let store: FeedStore
    let wire = "https://wire.example/feed"
    let paper = "https://paper.example/feed"
    let other = "https://other.example/feed"

    init() throws {
        temp = try TemporaryDirectory()
        store = try FeedStore(path: temp.path("news.db"))
        try store.syncTabs([
            Tab(name: "ニュース", feeds: [Subscription(url: wire, title: "通信社"), Subscription(url: paper, title: "新聞")]),
            Tab(name: "Wire", feeds: [Subscription(url: wire)]),
            Tab(name: "Other", feeds: [Subscription(url: other)]),
        ])
    }

    private func story(_ id: String, link: String, published: Int64) -> Article {
        Article(id: id, title: "Story \(id)", link: link, published: date(published))
    }

    @Test("two feeds with the same canonical link give one row listing both sources")
    func oneRowTwoSources() throws {
        try store.store(feed([story("w1", link: "https://Site.example/a/?utm_source=wire", published: 100),
                              story("w2", link: "https://site.example/b", published: 200)]),
                        from: wire, fetchedAt: date(1_000))
        try store.store(feed([story("p1", link: "https://site.example/a#top", published: 150)]),
                        from: paper, fetchedAt: date(2_000))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.title) == ["Story w2", "Story w1"])
        #expect(rows.last?.sources == ["通信社", "新聞"])
        #expect(rows.first?.sources == ["通信社"])
        #expect(try store.articleCount(inTab: "ニュース") == 2)
        #expect(try store.tabCounts()["ニュース"]?.unread == 2)
        // A tab holding only one of the feeds lists the story from it alone.
        #expect(try store.articles(inTab: "Wire", limit: 10).map(\.sources) == [["通信社"], ["通信社"]])
    }

    @Test("reading the row reads both articles, and unreading unreads both")
    func readingReadsBoth() throws {
        try store.store(feed([story("w1", link: "https://site.example/a", published: 100)]), from: wire, fetchedAt: date(1_000))
        try store.store(feed([story("p1", link: "https://site.example/a/", published: 100)]), from: paper, fetchedAt: date(1_000))
        let row = try #require(try store.articles(inTab: "ニュース", limit: 10).first)
        #expect(try store.setRead(true, articleIDs: [row.id]).isEmpty)
        let raw = try RawConnection(path: temp.path("news.db"))
        #expect(try raw.integer("SELECT COUNT(*) FROM articles WHERE is_read = 1") == 2)
        #expect(try store.tabCounts()["ニュース"]?.unread == 0)
        try store.setRead(false, articleIDs: [row.id])
        #expect(try raw.integer("SELECT COUNT(*) FROM articles WHERE is_read = 0") == 2)
    }

    @Test("a twin arriving after the story was read or starred arrives read and starred")
    func lateTwinInheritsState() throws {
        try store.store(feed([story("w1", link: "https://site.example/a", published: 100)]), from: wire, fetchedAt: date(1_000))
        let id = try #require(try store.articles(inTab: "Wire", limit: 1).first?.id)
        try store.setRead(true, articleIDs: [id])
        try store.setStarred(true, articleIDs: [id])
        try store.store(feed([story("o1", link: "https://site.example/a?fbclid=zz", published: 100)]),
                        from: other, fetchedAt: date(2_000))
        let twin = try #require(try store.articles(inTab: "Other", limit: 1).first)
        #expect(twin.isRead && twin.isStarred)
    }

    @Test("articles with different links, or none, are never merged")
    func differentOrMissingLinks() throws {
        let noLink = Article(id: "n1", title: "No link")
        let noLinkToo = Article(id: "n2", title: "No link either")
        try store.store(feed([noLink, story("w1", link: "https://site.example/a?id=1", published: 100)]),
                        from: wire, fetchedAt: date(1_000))
        try store.store(feed([noLinkToo, story("p1", link: "https://site.example/a?id=2", published: 100)]),
                        from: paper, fetchedAt: date(1_000))
        #expect(try store.articles(inTab: "ニュース", limit: 10).count == 4)
        #expect(try store.articleCount(inTab: "ニュース") == 4)
    }

    @Test("articles sharing a javascript: or mailto: link are never merged, in one feed or across two")
    func nonWebLinksNeverMerge() throws {
        try store.store(feed([story("w1", link: "javascript:void(0)", published: 100),
                              story("w2", link: "javascript:void(0)", published: 200),
                              story("w3", link: "mailto:desk@site.example", published: 300)]),
                        from: wire, fetchedAt: date(1_000))
        try store.store(feed([story("p1", link: "JavaScript:void(0)", published: 150),
                              story("p2", link: "mailto:desk@site.example", published: 250)]),
                        from: paper, fetchedAt: date(1_000))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.title) == ["Story w3", "Story p2", "Story w2", "Story p1", "Story w1"])
        #expect(rows.allSatisfy { $0.otherSources.isEmpty })
        #expect(rows.first?.link == "mailto:desk@site.example", "the link is stored as given")
        #expect(try store.articleCount(inTab: "ニュース") == 5)
    }

    @Test("a story's row moves with a re-link, and leaving the tab takes a feed's twins with it")
    func membershipAndRelink() throws {
        try store.store(feed([story("w1", link: "https://site.example/a", published: 100)]), from: wire, fetchedAt: date(1_000))
        try store.store(feed([story("p1", link: "https://site.example/a", published: 100)]), from: paper, fetchedAt: date(1_000))
        #expect(try store.articles(inTab: "ニュース", limit: 10).count == 1)
        // The paper changes its link: now two stories.
        try store.store(feed([story("p1", link: "https://site.example/other", published: 100)]), from: paper, fetchedAt: date(2_000))
        #expect(try store.articles(inTab: "ニュース", limit: 10).count == 2)
        // Dropping the paper from the tab drops its article from the tab's list.
        try store.syncTabs([Tab(name: "ニュース", feeds: [Subscription(url: wire)])])
        #expect(try store.articles(inTab: "ニュース", limit: 10).map(\.title) == ["Story w1"])
        let raw = try RawConnection(path: temp.path("news.db"))
        #expect(try raw.integer("SELECT COUNT(*) FROM tab_articles") == 1)
    }

    @Test("a tab's titles and an article's index count each story once, as its rows do")
    func titlesAndIndexCountStories() throws {
        try store.store(feed([story("w1", link: "https://site.example/a", published: 100),
                              story("w2", link: "https://site.example/b", published: 300)]),
                        from: wire, fetchedAt: date(1_000))
        try store.store(feed([story("p1", link: "https://site.example/a", published: 200),
                              story("p2", link: "https://site.example/c", published: 50)]),
                        from: paper, fetchedAt: date(2_000))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.title) == ["Story w2", "Story w1", "Story p2"])
        #expect(try store.articleTitles(inTab: "ニュース") == rows.map(\.title))
        for (index, row) in rows.enumerated() {
            #expect(try store.articleIndex(id: row.id, inTab: "ニュース") == index)
        }
    }
}
