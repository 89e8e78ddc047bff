// Retention: what goes after a fetch and what always stays.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Retention")
struct RetentionTests {
    let temp: TemporaryDirectory
    let store: FeedStore
    let raw: RawConnection
    let url = "https://news.example/feed"
    let day: Int64 = 86_400
    /// "Now" for every test: day 200.
    var now: Date { date(200 * day) }

    init() throws {
        temp = try TemporaryDirectory()
        store = try FeedStore(path: temp.path("news.db"))
        raw = try RawConnection(path: temp.path("news.db"))
        try store.syncTabs([Tab(name: "ニュース", feeds: [Subscription(url: url)])])
    }

    /// Stores articles dated on the given days, then a later document without them, so
    /// they are no longer in the feed's current document.
    private func storeGone(days: [Int64]) throws {
        try store.store(feed(days.map { article("d\($0)", published: $0 * day) }), from: url, fetchedAt: date(days.max()! * day))
        try store.store(feed([]), from: url, fetchedAt: date(199 * day))
    }

    private func titles() throws -> Set<String> {
        Set(try raw.texts("SELECT title FROM articles WHERE guid NOT LIKE 'anchor%'").compactMap { $0 })
    }

    /// Stores a young article in a feed of its own, so that the article with the highest
    /// id, which retention always keeps (`newestRowKeepsIDs`), is not one a test looks at.
    private func storeAnchor(_ name: String) throws {
        try store.store(feed([article("anchor-\(name)", published: 199 * day)]), from: "https://anchor.example/\(name)",
                        fetchedAt: date(199 * day))
    }

    private func id(_ guid: String) throws -> Int64 {
        try #require(try raw.integer("SELECT id FROM articles WHERE guid = ?1", [.text(guid)]))
    }

    @Test("articles older than the days are deleted, read or unread; younger ones stay")
    func age() throws {
        try storeGone(days: [100, 109, 111, 150])
        try store.setRead(true, articleIDs: [try id("d100")])
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 1000), now: now) == 2)
        #expect(try titles() == ["Title d111", "Title d150"])
    }

    @Test("the newest row stays however old, so a new article never takes a deleted one's id")
    func newestRowKeepsIDs() throws {
        // Stored last, so the highest id: the oldest date of all.
        try store.store(feed([article("new", published: 150 * day), article("old", published: 10 * day)]), from: url,
                        fetchedAt: date(150 * day))
        try store.store(feed([]), from: url, fetchedAt: date(199 * day))
        let oldID = try id("old")
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 1000), now: now) == 0)
        try store.store(feed([article("next", published: 199 * day)]), from: url, fetchedAt: date(199 * day))
        #expect(try id("next") > oldID)
        // Once a newer row exists, the old one goes at the next look.
        try store.store(feed([]), from: url, fetchedAt: date(200 * day))
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 1000), now: now) == 1)
        #expect(try titles() == ["Title new", "Title next"])
    }

    @Test("starred articles are never deleted, however old or far down")
    func starred() throws {
        try storeGone(days: [1, 2, 190, 191])
        try store.setStarred(true, articleIDs: [try id("d1")])
        try store.setRead(true, articleIDs: [try id("d190"), try id("d191")])
        try store.setStarred(true, articleIDs: [try id("d190")])
        try store.applyRetention(RetentionPolicy(days: 90, perFeed: 1), now: now)
        #expect(try titles() == ["Title d1", "Title d190", "Title d191"])
    }

    @Test("the per-feed cap deletes read articles beyond the newest N but never recent unread ones")
    func perFeedCap() throws {
        try storeGone(days: [180, 181, 182, 183, 184])
        try store.setRead(true, articleIDs: [try id("d180"), try id("d181"), try id("d184")])
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 2), now: now) == 2)
        // Newest two are d184 (read, kept: within the cap) and d183; d182 is unread and young.
        #expect(try titles() == ["Title d182", "Title d183", "Title d184"])
    }

    @Test("a cap exactly met deletes nothing")
    func capMet() throws {
        try storeGone(days: [180, 181])
        try store.setRead(true, articleIDs: [try id("d180"), try id("d181")])
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 2), now: now) == 0)
    }

    @Test("what the feed still carries stays, however old, so it does not come back as new")
    func currentDocumentKept() throws {
        try store.store(feed([article("old", published: 1), article("older", published: 0)]), from: url, fetchedAt: date(199 * day))
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 1), now: now) == 0)
        #expect(try store.store(feed([article("old", published: 1)]), from: url, fetchedAt: date(200 * day)) == 0)
        try storeAnchor("a")
        // Now "older" has left the feed and is both old and beyond the cap.
        #expect(try store.applyRetention(RetentionPolicy(days: 90, perFeed: 1), now: now) == 1)
        #expect(try titles() == ["Title old"])
    }

    @Test("a feed no tab lists carries nothing: the day's look deletes its old and read articles, not starred or young unread ones")
    func unsubscribedFeed() throws {
        let policy = RetentionPolicy(days: 90, perFeed: 1)
        #expect(try store.applyRetentionIfDue(policy, now: now) == 0)
        try store.store(feed([1, 100, 150, 180, 190, 199].map { article("d\($0)", published: $0 * day) }),
                        from: url, fetchedAt: now.addingTimeInterval(1))
        try store.setRead(true, articleIDs: [try id("d190")])
        try store.setStarred(true, articleIDs: [try id("d1")])
        // Carried by the feed's current document, every article stays.
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(1)) == 0)
        try store.syncTabs([Tab(name: "ニュース", feeds: [])])
        // Not fetched any more, the feed waits for the look at every feed.
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(3600)) == nil)
        // d100 is old, d190 read and beyond the newest one; d1 is starred.
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(Double(day) + 1)) == 2)
        #expect(try titles() == ["Title d1", "Title d150", "Title d180", "Title d199"])
    }

    @Test("deleted articles leave the tab's list, its counts and the search's results, and the search index at vacuum")
    func cascades() throws {
        try storeGone(days: [10, 150])
        let d10 = try id("d10"), d150 = try id("d150")
        // Indexed before retention deletes one (an article deleted before its entry is
        // applied is never added).
        try store.finishIndexing()
        #expect(try RawConnection(path: store.searchIndexPath).indexedArticles("d10") == [d10])
        try store.applyRetention(RetentionPolicy(), now: now)
        #expect(try store.articles(inTab: "ニュース", limit: 10).map(\.title) == ["Title d150"])
        #expect(try store.tabCounts()["ニュース"]?.total == 1)
        #expect(try raw.integer("SELECT COUNT(*) FROM tab_articles") == 1)
        try store.finishIndexing()
        #expect(try store.search("d10").isEmpty && store.search("d150").map(\.article.id) == [d150])
        let index = try RawConnection(path: store.searchIndexPath)
        // The index only adds: the deleted article stays listed until vacuum, and the search's
        // join with the articles passes over it.
        #expect(try index.indexedArticles("d10") == [d10])
        #expect(try index.indexedArticles("d15") == [d150] && index.indexedArticles("150") == [d150])
        #expect(try raw.texts("PRAGMA integrity_check") == ["ok"] && index.texts("PRAGMA integrity_check") == ["ok"])
        _ = try store.vacuum()
        let vacuumed = try RawConnection(path: store.searchIndexPath)
        #expect(try vacuumed.everyIndexedArticle() == [d150] && vacuumed.indexedArticles("d10").isEmpty)
        #expect(try vacuumed.indexedArticles("d15") == [d150] && vacuumed.indexedArticles("150") == [d150])
        #expect(try vacuumed.texts("PRAGMA integrity_check") == ["ok"] && vacuumed.searchIndexProblems().isEmpty)
        #expect(try store.search("d10").isEmpty && store.search("d150").map(\.article.id) == [d150])
    }

    @Test("after a run that stored nothing, retention waits an hour unless the policy changed")
    func skippedWhenNothingStored() throws {
        try storeGone(days: [10])
        try storeAnchor("a")
        let policy = RetentionPolicy(days: 90, perFeed: 1000)
        #expect(try store.applyRetentionIfDue(policy, now: now) == 1)
        // Fetched at times before that run (a fetch whose clock lags): nothing counts as
        // stored since it, so within the hour the next run does not look, and d20 waits.
        try store.store(feed([article("d20", published: 20 * day)]), from: url, fetchedAt: date(197 * day))
        try store.store(feed([]), from: url, fetchedAt: date(198 * day))
        try storeAnchor("b")
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(60)) == nil)
        #expect(try titles() == ["Title d20"])
        #expect(try store.applyRetentionIfDue(RetentionPolicy(days: 91, perFeed: 1000), now: now.addingTimeInterval(60)) == 1)
        #expect(try titles().isEmpty)
    }

    @Test("retention looks again once articles were stored, or a day has passed")
    func rerunAfterStoreOrDay() throws {
        let policy = RetentionPolicy(days: 90, perFeed: 1000)
        #expect(try store.applyRetentionIfDue(policy, now: now) == 0)
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(3600)) == nil)
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(Double(day) - 1)) == nil)
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(Double(day))) == 0)
        try store.store(feed([]), from: url, fetchedAt: now.addingTimeInterval(Double(day) + 1))
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(Double(day) + 2)) == 0)
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(Double(day) + 3)) == nil)
        // A clock set back, or a record no newsmenu wrote, means every feed is looked at.
        #expect(try store.applyRetentionIfDue(policy, now: now) == 0)
        for record in ["-9223372036854775808 90 1000", "soon", "1 90 x 1000", "1 90 1000 2 3"] {
            try raw.execute("UPDATE settings SET value = ?1 WHERE key = 'retention.last_run'", [.text(record)])
            #expect(try store.applyRetentionIfDue(policy, now: now) == 0, "\(record)")
        }
    }

    @Test("after a fetch retention looks only at the feeds it stored; the others wait for the day's look")
    func onlyStoredFeedsUntilTheDaysLook() throws {
        let other = "https://other.example/feed"
        try store.syncTabs([Tab(name: "ニュース", feeds: [Subscription(url: url), Subscription(url: other)])])
        try storeGone(days: [10])
        try store.store(feed([article("o10", published: 10 * day)]), from: other, fetchedAt: date(10 * day))
        try store.store(feed([]), from: other, fetchedAt: date(199 * day))
        try storeAnchor("a")
        let policy = RetentionPolicy(days: 90, perFeed: 1000)
        // Written by a newsmenu before the last field: both looks half a day before now.
        let lastLook = 199 * day + day / 2
        try raw.execute("INSERT INTO settings (key, value) VALUES ('retention.last_run', ?1)", [.text("\(lastLook) 90 1000")])
        // Only the first feed is stored again: its old article goes, the other feed's stays.
        try store.store(feed([]), from: url, fetchedAt: now)
        #expect(try store.applyRetentionIfDue(policy, now: now) == 1)
        #expect(try titles() == ["Title o10"])
        #expect(try store.applyRetentionIfDue(policy, now: now.addingTimeInterval(60)) == nil)
        // A day after the last look at every feed, every feed is looked at.
        let dayLater = lastLook + day
        #expect(try store.applyRetentionIfDue(policy, now: date(dayLater)) == 1)
        #expect(try titles().isEmpty)
        #expect(try raw.texts("SELECT value FROM settings WHERE key = 'retention.last_run'")
                == ["\(dayLater) 90 1000 \(dayLater + 1)"])
    }

    @Test("vacuum keeps every article and does not grow the file")
    func vacuum() throws {
        try store.store(feed((1...300).map { article("a\($0)", published: 150 * day) }), from: url, fetchedAt: date(190 * day))
        try store.store(feed([]), from: url, fetchedAt: now)
        try store.setRead(true, articleIDs: try raw.texts("SELECT id FROM articles").compactMap { $0.flatMap { Int64($0) } })
        try store.applyRetention(RetentionPolicy(days: 90, perFeed: 10), now: now)
        let sizes = try store.vacuum()
        #expect(sizes.after <= sizes.before)
        #expect(try store.articleCount() == 10)
        #expect(try raw.texts("PRAGMA integrity_check") == ["ok"])
    }
}
