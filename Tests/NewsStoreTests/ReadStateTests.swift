// Read and starred state by id and for a whole tab, through updates of the articles.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Read state")
struct ReadStateTests {
    let fixture: NewsAndTechStore
    var store: FeedStore { fixture.store }
    var tech: String { fixture.tech }

    init() throws {
        fixture = try NewsAndTechStore()
        let (store, news, tech) = (fixture.store, fixture.news, fixture.tech)
        try store.store(feed((1...5).map { article("n\($0)", published: Int64($0) * 86_400) }),
                        from: news, fetchedAt: date(10 * 86_400))
        try store.store(feed([article("t1", published: 86_400)]), from: tech, fetchedAt: date(10 * 86_400))
    }

    private func ids(_ tab: String) throws -> [Int64] {
        try store.articles(inTab: tab, limit: 100).map(\.id)
    }

    @Test("unknown ids are returned and the known ones still marked")
    func unknownIDs() throws {
        let known = try ids("ニュース")
        let unknown = try store.setRead(true, articleIDs: [known[0], 999_999, known[1], -4])
        #expect(unknown == [999_999, -4])
        #expect(try store.articles(inTab: "ニュース", limit: 100).filter(\.isRead).map(\.id) == Array(known[0...1]))
        #expect(try store.setStarred(true, articleIDs: [424_242]) == [424_242])
    }

    @Test("star and unstar leave the read state alone")
    func starring() throws {
        let id = try ids("Tech")[0]
        try store.setStarred(true, articleIDs: [id])
        var row = try #require(try store.articles(inTab: "Tech", limit: 1).first)
        #expect(row.isStarred && !row.isRead)
        try store.setStarred(false, articleIDs: [id])
        row = try #require(try store.articles(inTab: "Tech", limit: 1).first)
        #expect(!row.isStarred)
    }

    @Test("read state survives the article being updated by a later fetch")
    func survivesUpdate() throws {
        let id = try ids("Tech")[0]
        try store.setRead(true, articleIDs: [id])
        try store.setStarred(true, articleIDs: [id])
        try store.store(feed([article("t1", published: 86_400, title: "Retitled")]), from: tech, fetchedAt: date(20 * 86_400))
        let row = try #require(try store.articles(inTab: "Tech", limit: 1).first)
        #expect(row.title == "Retitled" && row.isRead && row.isStarred && row.id == id)
    }

    @Test("a whole tab is marked read, and only that tab")
    func wholeTab() throws {
        #expect(try store.markTabRead("ニュース") == 5)
        #expect(try store.tabCounts()["ニュース"]?.unread == 0)
        #expect(try store.tabCounts()["Tech"]?.unread == 1)
        #expect(try store.markTabRead("ニュース") == 0)
        #expect(try store.markTabRead("no such tab") == 0)
    }

    @Test("--older-than marks only articles dated before the cut")
    func olderThan() throws {
        // Dated days 1…5; everything before day 3 is read, day 3 itself is not.
        #expect(try store.markTabRead("ニュース", olderThan: date(3 * 86_400)) == 2)
        let unread = try store.articles(inTab: "ニュース", limit: 100).filter { !$0.isRead }.map(\.title)
        #expect(unread == ["Title n5", "Title n4", "Title n3"])
    }

    @Test("storedUpTo marks only articles stored by then: a later fetch's articles stay unread")
    func storedUpTo() throws {
        let listed = try store.newestArticleID()
        try store.store(feed((6...8).map { article("n\($0)", published: Int64($0) * 86_400) }),
                        from: fixture.news, fetchedAt: date(20 * 86_400))
        #expect(try store.markTabRead("ニュース", storedUpTo: listed) == 5)
        let unread = try store.articles(inTab: "ニュース", limit: 100).filter { !$0.isRead }.map(\.title)
        #expect(unread == ["Title n8", "Title n7", "Title n6"])
    }
}
