// Per-tab counts and last-viewed times: what the footer, the badges and "new" come from.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

/// The same tabs and feeds as reading a tab's page: ニュース, Tech, Both (news and tech), Empty.
extension ReadingTests {
    @Test("a tab's article count spans all its pages and counts a twice-listed feed once")
    func articleCountInTab() throws {
        try store.store(feed((1...7).map { article("n\($0)", published: Int64($0)) }), from: news, fetchedAt: date(100))
        try store.store(feed([article("t1"), article("t2")]), from: tech, fetchedAt: date(100))
        try store.syncTabs([
            Tab(name: "ニュース", feeds: [Subscription(url: news), Subscription(url: news, title: "again")]),
            Tab(name: "Both", feeds: [Subscription(url: news), Subscription(url: tech)]),
            Tab(name: "Empty", feeds: []),
        ])
        #expect(try store.articleCount(inTab: "ニュース") == 7)
        #expect(try store.articleCount(inTab: "Both") == 9)
        #expect(try store.articleCount(inTab: "Both")
                == store.articles(inTab: "Both", limit: 100).count)
        #expect(try store.articleCount(inTab: "Empty") == 0)
        #expect(try store.articleCount(inTab: "Nowhere") == 0)
    }

    @Test("a tab never viewed has no last-viewed time and nothing new")
    func neverViewed() throws {
        try store.store(feed([article("a"), article("b")]), from: news, fetchedAt: date(100))
        #expect(try store.lastViewed(tab: "ニュース") == nil)
        #expect(try store.tabCounts()["ニュース"] == TabCounts(unread: 2, total: 2, new: 0, lastViewed: nil))
    }

    @Test("marking a tab that lists nothing viewed stores the second before the look, which survives a sync")
    func markViewedPersists() throws {
        #expect(try store.markViewed(tab: "ニュース", at: date(500)))
        #expect(try RawConnection(path: path).integer(
            "SELECT last_viewed FROM tabs WHERE name = ?1", [.text("ニュース")]) == 499)
        try store.syncTabs([
            Tab(name: "Empty", feeds: []),
            Tab(name: "ニュース", color: .named(.red), feeds: [Subscription(url: tech)]),
        ])
        #expect(try store.lastViewed(tab: "ニュース") == date(499))
        #expect(try store.lastViewed(tab: "Empty") == nil)
        #expect(try store.markViewed(tab: "Nowhere", at: date(500)) == false)
    }

    @Test("a look at the second already recorded reports the tab and adds nothing to the log")
    func sameSecondLookWritesNothing() throws {
        #expect(try store.markViewed(tab: "ニュース", at: date(500)))
        let log = path + "-wal"
        let logged = try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int
        #expect(try store.markViewed(tab: "ニュース", at: Date(timeIntervalSince1970: 500.7)))
        #expect(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int == logged)
        #expect(try store.lastViewed(tab: "ニュース") == date(499))
        #expect(try store.markViewed(tab: "ニュース", at: date(501)))
        #expect(try store.lastViewed(tab: "ニュース") == date(500))
    }

    @Test("new counts only unread articles first seen after the tab's last look, per tab")
    func newSinceLastLook() throws {
        try store.store(feed([article("old1"), article("old2")]), from: news, fetchedAt: date(100))
        try store.markViewed(tab: "ニュース", at: date(200))
        try store.markViewed(tab: "Both", at: date(50))
        try store.store(feed([article("fresh1"), article("fresh2"), article("fresh3")]), from: news, fetchedAt: date(300))
        try store.store(feed([article("t1")]), from: tech, fetchedAt: date(300))
        let fresh = try #require(try store.articles(inTab: "ニュース", limit: 10).first { $0.title == "Title fresh1" })
        #expect(try store.setRead(true, articleID: fresh.id))

        let counts = try store.tabCounts()
        // The look at 200 covered the stories first seen up to 100, the newest it listed.
        #expect(counts["ニュース"] == TabCounts(unread: 4, total: 5, new: 2, lastViewed: date(100)))
        #expect(counts["Both"] == TabCounts(unread: 5, total: 6, new: 5, lastViewed: date(50)))
        #expect(counts["Tech"] == TabCounts(unread: 1, total: 1, new: 0, lastViewed: nil))
        #expect(counts["Empty"] == TabCounts(unread: 0, total: 0, new: 0, lastViewed: nil))
        #expect(counts.count == 4)
    }

    @Test("an article the look listed is not new, even first seen in the look's own second")
    func sameSecondIsNotNew() throws {
        try store.store(feed([article("a")]), from: news, fetchedAt: date(200))
        try store.markViewed(tab: "ニュース", at: Date(timeIntervalSince1970: 200.9))
        #expect(try store.tabCounts()["ニュース"]?.new == 0)
    }

    @Test("an article stored after the look in the look's own second is new, whether the look listed stories or none")
    func storedLaterInTheLooksSecondIsNew() throws {
        try store.store(feed([article("a")]), from: news, fetchedAt: date(100))
        try store.markViewed(tab: "ニュース", at: date(200))
        try store.store(feed([article("b")]), from: news, fetchedAt: date(200))
        #expect(try store.tabCounts()["ニュース"]?.new == 1)

        let listed = try store.articles(inTab: "ニュース", limit: 10)
        for row in listed { #expect(try store.setRead(true, articleID: row.id)) }
        try store.markViewed(tab: "ニュース", at: date(300))
        try store.store(feed([article("c")]), from: news, fetchedAt: date(300))
        #expect(try store.tabCounts()["ニュース"]?.new == 1)
    }
}

extension ReadingTests {
    @Test("a look, a setting or one article's mark leaves a long log for the writers to checkpoint")
    func smallWritesLeaveTheLog() throws {
        try store.store(feed([article("a", published: 1)]), from: news, fetchedAt: date(100))
        let id = try #require(try store.articles(inTab: "ニュース", limit: 1).first?.id)
        // More than the auto-checkpoint's 4 MB in the log (1,200 rows of about a page each),
        // none of them in the file yet.
        let other = try RawConnection(path: path)
        try other.execute("PRAGMA wal_autocheckpoint = 0")
        try other.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
            INSERT INTO settings (key, value) SELECT 'filler' || i, hex(randomblob(\(Database.newFilePageSize / 2))) FROM n
            """)
        let fileSize = { () throws -> Int in
            try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        }
        let before = try fileSize()
        try store.markViewed(tab: "ニュース", at: date(200))
        try store.setSetting("last_tab", to: "ニュース")
        try store.setRead(true, articleID: id)
        try store.setStarred(true, articleID: id)
        #expect(try fileSize() == before)
        // A writer's commit still checkpoints: the log's pages reach the file.
        try store.store(feed([article("b", published: 2)]), from: news, fetchedAt: date(300))
        #expect(try fileSize() > before)
    }
}
