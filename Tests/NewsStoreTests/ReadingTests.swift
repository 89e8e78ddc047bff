// Reading a tab's page: order, paging, titles and sources, unread counts, read state.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Reading tabs")
struct ReadingTests {
    let temp: TemporaryDirectory
    let path: String
    let store: FeedStore
    let news = "https://news.example/feed"
    let tech = "https://tech.example/feed"

    init() throws {
        temp = try TemporaryDirectory()
        path = temp.path("news.db")
        store = try FeedStore(path: path)
        try store.syncTabs([
            Tab(name: "ニュース", feeds: [Subscription(url: news)]),
            Tab(name: "Tech", feeds: [Subscription(url: tech)]),
            Tab(name: "Both", feeds: [Subscription(url: news), Subscription(url: tech)]),
            Tab(name: "Empty", feeds: []),
        ])
    }

    @Test("articles are newest first, undated ones placed by when they were first seen")
    func newestFirstWithUndatedByFirstSeen() throws {
        try store.store(feed([article("dated-300", published: 300), article("undated-early"),
                              article("dated-100", published: 100)]),
                        from: news, fetchedAt: date(350))
        try store.store(feed([article("dated-500", published: 500), article("undated-late")]),
                        from: tech, fetchedAt: date(600))
        let titles = try store.articles(inTab: "Both", limit: 10).map(\.title)
        #expect(titles == ["Title undated-late", "Title dated-500", "Title undated-early",
                           "Title dated-300", "Title dated-100"])
    }

    @Test("an article dated only by `updated` sorts and shows by it")
    func updatedOnly() throws {
        var atomEntry = article("atom")
        atomEntry.updated = date(100)
        try store.store(feed([atomEntry, article("dated-200", published: 200)]), from: news, fetchedAt: date(1_000))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.title) == ["Title dated-200", "Title atom"])
        #expect(rows.last?.date == date(100))
    }

    @Test("an article dated after it was first seen is placed at first seen, not pinned to the top")
    func futureDatesClamped() throws {
        try store.store(feed([article("year-2999", published: 32_472_144_000)]), from: news, fetchedAt: date(1_000))
        try store.store(feed([article("later", published: 1_500)]), from: news, fetchedAt: date(2_000))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.title) == ["Title later", "Title year-2999"])
        #expect(rows.last?.date == date(1_000))
    }

    @Test("paging returns consecutive slices that together are the whole list")
    func pagingSlices() throws {
        let articles = (1...7).map { article("a\($0)", published: Int64($0) * 10) }
        try store.store(feed(articles), from: news, fetchedAt: date(1_000))
        let all = try store.articles(inTab: "ニュース", limit: 100)
        let first = try store.articles(inTab: "ニュース", limit: 3)
        let second = try store.articles(inTab: "ニュース", limit: 3, offset: 3)
        let third = try store.articles(inTab: "ニュース", limit: 3, offset: 6)
        #expect(all.count == 7)
        #expect(first.map(\.id) == Array(all[0..<3]).map(\.id))
        #expect(second.map(\.id) == Array(all[3..<6]).map(\.id))
        #expect(third.map(\.id) == [all[6].id])
        #expect(try store.articles(inTab: "ニュース", limit: 3, offset: 7).isEmpty)
        #expect(try store.articles(inTab: "ニュース", limit: 0).isEmpty)
        #expect(try store.articles(inTab: "ニュース", limit: 2, offset: -5).map(\.id)
                == Array(all[0..<2]).map(\.id))
    }

    @Test("any page of a long tab, however deep, is that slice of the whole list, equal dates included")
    func deepPages() throws {
        // Three articles per date: the page must break ties the same way at every depth.
        // Past 1,000 rows, pages in the older half are read from the oldest end.
        let articles = (0..<3_000).map { article("a\($0)", published: Int64($0 / 3) * 10) }
        try store.store(feed(articles), from: news, fetchedAt: date(10_000))
        let all = try store.articles(inTab: "ニュース", limit: 5_000)
        #expect(all.count == 3_000)
        #expect(zip(all, all.dropFirst()).allSatisfy { ($0.date, $0.id) > ($1.date, $1.id) })
        for offset in [0, 1, 127, 1_001, 1_499, 1_500, 1_501, 2_000, 2_900, 2_990, 2_999] {
            let page = try store.articles(inTab: "ニュース", limit: 128, offset: offset)
            #expect(page.map(\.id) == all[offset..<min(offset + 128, 3_000)].map(\.id))
        }
        #expect(try store.articles(inTab: "ニュース", limit: 128, offset: 3_000).isEmpty)
    }

    @Test("an unknown or empty tab has no articles")
    func unknownTabIsEmpty() throws {
        try store.store(feed([article("a")]), from: news, fetchedAt: date(1_000))
        #expect(try store.articles(inTab: "Nowhere", limit: 10).isEmpty)
        #expect(try store.articles(inTab: "Empty", limit: 10).isEmpty)
    }

    @Test("an untitled article is listed by the start of its text, else by its link, else by its id")
    func untitledFallsBack() throws {
        let titled = Article(id: "titled", title: "Titled", link: "https://news.example/t", published: date(5),
                             summary: "<p>Its summary</p>")
        let fromSummary = Article(id: "from-summary", link: "https://news.example/s", published: date(4),
                                  summary: "<p>Rates rise &amp; markets <b>fall</b></p>",
                                  content: "<p>The body</p>")
        let fromContent = Article(id: "from-content", link: "https://news.example/c", published: date(3),
                                  content: "<figure><img src=\"https://news.example/a.png\"></figure><p>Only a body</p>")
        let markupOnly = Article(id: "markup-only", link: "https://news.example/m", published: date(2),
                                 summary: "<img src=\"https://news.example/b.png\">")
        let withLink = Article(id: "with-link", link: "https://news.example/x", published: date(1))
        let bare = Article(id: "tag:news.example,2024:bare", title: "", published: date(0))
        try store.store(feed([titled, fromSummary, fromContent, markupOnly, withLink, bare]),
                        from: news, fetchedAt: date(1_000))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        #expect(rows.map(\.title) == ["Titled", "Rates rise & markets fall", "Only a body", "https://news.example/m",
                                      "https://news.example/x", "tag:news.example,2024:bare"])
        #expect(rows.map(\.isUntitled) == [false, true, true, true, true, true])
        #expect(try RawConnection(path: path).integer(
            "SELECT COUNT(*) FROM articles WHERE title IS NULL") == 5)
    }

    @Test("an article without a summary is listed with the start of its content, cut long")
    func contentStandsInForSummary() throws {
        let both = Article(id: "both", title: "Both", published: date(3), summary: "<p>The summary</p>",
                           content: "<p>The content</p>")
        let contentOnly = Article(id: "content-only", title: "Content only", published: date(2),
                                  content: "<p>Only content</p>" + String(repeating: "x", count: 10_000))
        let neither = Article(id: "neither", title: "Neither", published: date(1))
        try store.store(feed([both, contentOnly, neither]), from: news, fetchedAt: date(1_000))
        let summaries = try store.articles(inTab: "ニュース", limit: 10).map(\.summary)
        #expect(summaries.count == 3)
        #expect(summaries[0] == "<p>The summary</p>")
        #expect(summaries[1]?.hasPrefix("<p>Only content</p>xxx") == true)
        #expect(summaries[1]?.count == 4_000)
        #expect(summaries[2] == nil)
    }

    @Test("the source is the subscription title, else the feed's title, else its URL")
    func sourceFallsBack() throws {
        let untitled = "https://untitled.example/feed"
        try store.syncTabs([
            Tab(name: "All", feeds: [Subscription(url: news, title: "My News"),
                                     Subscription(url: tech), Subscription(url: untitled)]),
        ])
        try store.store(feed(title: "News Feed", [article("n", published: 3)]), from: news, fetchedAt: date(9))
        try store.store(feed(title: "Tech Feed", [article("t", published: 2)]), from: tech, fetchedAt: date(9))
        try store.store(feed(title: nil, [article("u", published: 1)]), from: untitled, fetchedAt: date(9))
        let sources = try store.articles(inTab: "All", limit: 10).map(\.source)
        #expect(sources == ["My News", "Tech Feed", untitled])
    }

    @Test("unread counts cover every tab in one answer, empty tabs included")
    func unreadCountsForAllTabs() throws {
        try store.store(feed([article("n1"), article("n2"), article("n3")]), from: news, fetchedAt: date(1))
        try store.store(feed([article("t1"), article("t2")]), from: tech, fetchedAt: date(1))
        let first = try #require(try store.articles(inTab: "ニュース", limit: 1).first)
        #expect(try store.setRead(true, articleID: first.id))

        #expect(try store.unreadCounts() == ["ニュース": 2, "Tech": 2, "Both": 4, "Empty": 0])
        #expect(try store.articles(inTab: "ニュース", limit: 1).first?.isRead == true)

        #expect(try store.setRead(false, articleID: first.id))
        #expect(try store.unreadCounts()["ニュース"] == 3)
        #expect(try store.setRead(true, articleID: first.id + 10_000) == false)
    }

    @Test("the articles stored after an id are exactly a later fetch's new ones, updates of older ones excluded")
    func storedAfter() throws {
        #expect(try store.newestArticleID() == 0)
        try store.store(feed([article("old-1", published: 100), article("old-2", published: 200)]),
                        from: news, fetchedAt: date(300))
        let before = try store.newestArticleID()
        #expect(before > 0)
        // old-2 comes back changed (an update in place, keeping its id) beside two new ones.
        try store.store(feed([article("old-2", published: 200, title: "Retitled"), article("new-1", published: 400),
                              article("new-2", published: 500)]),
                        from: news, fetchedAt: date(600))
        try store.store(feed([article("tech-new", published: 450)]), from: tech, fetchedAt: date(600))
        #expect(try store.articles(inTab: "ニュース", storedAfter: before).map(\.title)
                == ["Title new-2", "Title new-1"])
        #expect(try store.articles(inTab: "Both", storedAfter: before).map(\.title)
                == ["Title new-2", "Title tech-new", "Title new-1"])
        #expect(try store.articles(inTab: "Both", storedAfter: try store.newestArticleID()).isEmpty)
        #expect(try store.articles(inTab: "Empty", storedAfter: 0).isEmpty)
    }
}
