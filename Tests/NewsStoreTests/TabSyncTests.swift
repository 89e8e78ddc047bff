// Mirroring the config's tabs and their feeds into the store.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Syncing tabs from the config")
struct TabSyncTests {
    let temp: TemporaryDirectory
    let path: String
    let store: FeedStore

    init() throws {
        temp = try TemporaryDirectory()
        path = temp.path("news.db")
        store = try FeedStore(path: path)
    }

    private func storedTabs() throws -> [String?] {
        try RawConnection(path: path).texts("SELECT name FROM tabs ORDER BY position")
    }

    private func feedURLs(ofTab name: String) throws -> [String?] {
        try RawConnection(path: path).texts(
            """
            SELECT f.url FROM tabs t
            JOIN tab_feeds tf ON tf.tab_id = t.id JOIN feeds f ON f.id = tf.feed_id
            WHERE t.name = ?1 ORDER BY tf.position
            """, [.text(name)])
    }

    @Test("tabs and their feeds are stored in config order")
    func tabsKeepOrder() throws {
        try store.syncTabs([
            Tab(name: "おすすめ", color: .named(.blue), feeds: [
                Subscription(url: "https://b.example/feed"), Subscription(url: "https://a.example/feed"),
            ]),
            Tab(name: "トレンド", color: .rgb(red: 255, green: 8, blue: 0), feeds: [
                Subscription(url: "https://c.example/feed"),
            ]),
            Tab(name: "ニュース", feeds: []),
        ])
        #expect(try storedTabs() == ["おすすめ", "トレンド", "ニュース"])
        #expect(try feedURLs(ofTab: "おすすめ") == ["https://b.example/feed", "https://a.example/feed"])
        #expect(try feedURLs(ofTab: "トレンド") == ["https://c.example/feed"])
        #expect(try feedURLs(ofTab: "ニュース") == [])
        #expect(try RawConnection(path: path).texts("SELECT color FROM tabs ORDER BY position")
                == ["blue", "#ff0800", nil])
    }

    @Test("a second sync reorders, removes and changes membership, keeping surviving tabs' state")
    func resyncReplacesEverything() throws {
        try store.syncTabs([
            Tab(name: "A", feeds: [Subscription(url: "https://one.example/")]),
            Tab(name: "B", feeds: [Subscription(url: "https://two.example/")]),
            Tab(name: "C", feeds: []),
        ])
        let raw = try RawConnection(path: path)
        try raw.execute("UPDATE tabs SET last_viewed = 777 WHERE name = 'B'")

        try store.syncTabs([
            Tab(name: "B", feeds: [Subscription(url: "https://three.example/"),
                                   Subscription(url: "https://two.example/")]),
            Tab(name: "A", feeds: []),
        ])
        #expect(try storedTabs() == ["B", "A"])
        #expect(try feedURLs(ofTab: "B") == ["https://three.example/", "https://two.example/"])
        #expect(try feedURLs(ofTab: "A") == [])
        #expect(try raw.integer("SELECT last_viewed FROM tabs WHERE name = 'B'") == 777)
        #expect(try raw.integer("SELECT COUNT(*) FROM tab_feeds") == 2)
    }

    @Test("a second sync keeps each feed's id, sets changed display titles, moves and retitles memberships in place")
    func resyncUpdatesInPlace() throws {
        try store.syncTabs([
            Tab(name: "A", feeds: [Subscription(url: "https://one.example/", title: "One"),
                                   Subscription(url: "https://two.example/")]),
        ])
        let raw = try RawConnection(path: path)
        let ids = try raw.texts("SELECT id FROM feeds ORDER BY url")
        try store.store(feed([article("a")]), from: "https://two.example/", fetchedAt: date(1_000))
        try store.syncTabs([
            Tab(name: "A", feeds: [Subscription(url: "https://two.example/", title: "Two"),
                                   Subscription(url: "https://one.example/"),
                                   Subscription(url: "https://three.example/", title: "Three")]),
        ])
        #expect(try raw.texts("SELECT id FROM feeds WHERE url <> 'https://three.example/' ORDER BY url") == ids)
        #expect(try raw.rows("SELECT url, display_title FROM feeds ORDER BY url")
                == [["https://one.example/", nil], ["https://three.example/", "Three"], ["https://two.example/", "Two"]])
        #expect(try raw.rows("SELECT f.url, tf.position, tf.title FROM tab_feeds tf JOIN feeds f ON f.id = tf.feed_id ORDER BY tf.position")
                == [["https://two.example/", "0", "Two"], ["https://one.example/", "1", nil], ["https://three.example/", "2", "Three"]])
        // The feed that stayed kept its article in the tab, listed once.
        #expect(try store.articles(inTab: "A", limit: 10).map(\.source) == ["Two"])
    }

    @Test("a feed in two tabs is one feed row, and its articles show in both tabs")
    func feedInTwoTabs() throws {
        let shared = "https://shared.example/feed"
        try store.syncTabs([
            Tab(name: "News", feeds: [Subscription(url: shared, title: "Shared in News")]),
            Tab(name: "Tech", feeds: [Subscription(url: shared, title: "Shared in Tech")]),
        ])
        try store.store(feed([article("a"), article("b")]), from: shared, fetchedAt: date(1_000))

        #expect(try RawConnection(path: path).integer("SELECT COUNT(*) FROM feeds") == 1)
        let news = try store.articles(inTab: "News", limit: 10)
        let tech = try store.articles(inTab: "Tech", limit: 10)
        #expect(news.map(\.id) == tech.map(\.id))
        #expect(news.count == 2)
        #expect(Set(news.map(\.source)) == ["Shared in News"])
        #expect(Set(tech.map(\.source)) == ["Shared in Tech"])
    }

    @Test("a feed listed twice in one tab shows each article once")
    func feedListedTwiceInOneTab() throws {
        let url = "https://twice.example/feed"
        try store.syncTabs([
            Tab(name: "News", feeds: [Subscription(url: url, title: "First"), Subscription(url: url)]),
        ])
        try store.store(feed([article("a"), article("b")]), from: url, fetchedAt: date(1_000))
        let rows = try store.articles(inTab: "News", limit: 10)
        #expect(rows.count == 2)
        #expect(Set(rows.map(\.source)) == ["First"])
    }

    @Test("a tab renamed in the store keeps its id under the new name; a tab synced in anew gets an id of its own")
    func renamedTabKeepsItsID() throws {
        try store.syncTabs([Tab(name: "News", feeds: []), Tab(name: "Tech", feeds: [])])
        let before = try store.tabIDs()
        #expect(Set(before.keys) == ["News", "Tech"])
        try store.renameTab("Tech", to: "Technik", settingKey: { "cursor:" + $0 }, settingsNamingTab: [])
        try store.syncTabs([Tab(name: "News", feeds: []), Tab(name: "Technik", feeds: []), Tab(name: "Tech", feeds: [])])
        let after = try store.tabIDs()
        #expect(after["News"] == before["News"])
        #expect(after["Technik"] == before["Tech"])
        #expect(after["Tech"] != nil)
        #expect(Set(after.values).count == 3)
    }
}
