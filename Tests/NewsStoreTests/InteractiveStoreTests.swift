// What the interactive view adds to the store: starring, marking a tab read, a tab's titles
// in order, an article's place after new ones arrive, another connection's writes, settings.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

/// The same tabs and feeds as reading a tab's page: ニュース, Tech, Both (news and tech), Empty.
extension ReadingTests {
    @Test("starring and unstarring an article shows in its row; an unknown id changes nothing")
    func starring() throws {
        try store.store(feed([article("a", published: 1)]), from: news, fetchedAt: date(100))
        let id = try #require(try store.articles(inTab: "ニュース", limit: 1).first?.id)
        #expect(try store.setStarred(true, articleID: id))
        #expect(try store.articles(inTab: "ニュース", limit: 1).first?.isStarred == true)
        #expect(try store.setStarred(false, articleID: id))
        #expect(try store.articles(inTab: "ニュース", limit: 1).first?.isStarred == false)
        #expect(try !store.setStarred(true, articleID: id + 1000))
    }

    @Test("marking a tab read marks its feeds' articles only, and counts what was unread")
    func markingATabRead() throws {
        try store.store(feed([article("n1", published: 1), article("n2", published: 2)]), from: news, fetchedAt: date(100))
        try store.store(feed([article("t1", published: 3)]), from: tech, fetchedAt: date(100))
        let first = try #require(try store.articles(inTab: "ニュース", limit: 1).first?.id)
        try store.setRead(true, articleID: first)
        #expect(try store.markTabRead("ニュース") == 1)
        #expect(try store.unreadCounts() == ["ニュース": 0, "Tech": 1, "Both": 1, "Empty": 0])
        #expect(try store.markTabRead("Empty") == 0)
    }

    @Test("a tab's titles come in the tab's order, untitled ones named as the page lists them")
    func titlesInOrder() throws {
        let untitled = Article(id: "untitled", link: "https://news.example/u", published: date(3),
                               content: "<p>A post with no title</p>")
        let bare = Article(id: "bare", link: "https://news.example/b", published: date(2))
        try store.store(feed([article("old", published: 1, title: "Old"), article("new", published: 5, title: "New"),
                              untitled, bare]), from: news, fetchedAt: date(100))
        try store.store(feed([article("mid", published: 4, title: "Mid")]), from: tech, fetchedAt: date(100))
        let titles = try store.articleTitles(inTab: "Both")
        #expect(titles == (try store.articles(inTab: "Both", limit: 10).map(\.title)))
        #expect(titles == ["New", "Mid", "A post with no title", "https://news.example/b", "Old"])
    }

    @Test("an article's index follows it when newer articles arrive; one not in the tab has none")
    func articleIndex() throws {
        try store.store(feed([article("a", published: 10), article("b", published: 20)]), from: news, fetchedAt: date(100))
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        let older = try #require(rows.last)
        #expect(try store.articleIndex(id: older.id, inTab: "ニュース") == 1)
        try store.store(feed([article("c", published: 30), article("d", published: 40)]), from: news, fetchedAt: date(200))
        #expect(try store.articleIndex(id: older.id, inTab: "ニュース") == 3)
        #expect(try store.articleIndex(id: older.id, inTab: "Tech") == nil)
    }

    @Test("the next and previous unread story from a place in the tab, skipping read ones and twins; none past either end")
    func unreadIndex() throws {
        try store.store(feed((1...6).map { article("n\($0)", published: Int64($0)) }), from: news, fetchedAt: date(100))
        // Newest first: n6 n5 n4 n3 n2 n1 at 0…5; n5, n4 and n1 read.
        let rows = try store.articles(inTab: "ニュース", limit: 10)
        for index in [1, 2, 5] { try store.setRead(true, articleID: rows[index].id) }
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 0, forward: true) == 3)
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 3, forward: true) == 4)
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 4, forward: true) == nil)
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 5, forward: false) == 4)
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 3, forward: false) == 0)
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 0, forward: false) == nil)
        #expect(try store.unreadArticleIndex(inTab: "ニュース", from: 40, forward: true) == nil)
        #expect(try store.unreadArticleIndex(inTab: "Empty", from: 0, forward: true) == nil)
        #expect(try store.unreadArticleIndex(inTab: "no such tab", from: 0, forward: true) == nil)
        // A story two feeds of a tab carry is one place, as the list shows it: Both lists
        // n2 once though Tech brings it too, and an older unread story of Tech's after it.
        try store.store(feed([article("n2", published: 2), article("t0", published: 0)]), from: tech, fetchedAt: date(100))
        #expect(try store.articles(inTab: "Both", limit: 10).count == 7)
        #expect(try store.unreadArticleIndex(inTab: "Both", from: 3, forward: true) == 4)
        #expect(try store.unreadArticleIndex(inTab: "Both", from: 4, forward: true) == 6)
    }

    @Test("another connection's commit changes the data version; the store's own does not")
    func dataVersion() throws {
        let before = try store.dataVersion()
        try store.store(feed([article("a", published: 1)]), from: news, fetchedAt: date(100))
        #expect(try store.dataVersion() == before)
        let other = try FeedStore(path: path)
        try other.store(feed([article("b", published: 2)]), from: news, fetchedAt: date(100))
        #expect(try store.dataVersion() != before)
    }

    @Test("a setting is stored, replaced and kept across opening the file again")
    func settings() throws {
        #expect(try store.setting("last_tab") == nil)
        try store.setSetting("last_tab", to: "ニュース")
        try store.setSetting("last_tab", to: "Tech")
        #expect(try FeedStore(path: path).setting("last_tab") == "Tech")
    }
}
