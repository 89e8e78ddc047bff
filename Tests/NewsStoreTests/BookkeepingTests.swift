// What the store remembers between fetches: validators, moves, gone feeds, due times,
// health counts, and the upgrade of a version 1 file.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Fetch bookkeeping")
struct BookkeepingTests {
    let temp: TemporaryDirectory
    let path: String
    let store: FeedStore
    let url = "https://example.org/feed"

    init() throws {
        temp = try TemporaryDirectory()
        path = temp.path("news.db")
        store = try FeedStore(path: path)
        try store.syncTabs([Tab(name: "News", feeds: [Subscription(url: url, title: "Example")]),
                            Tab(name: "All", feeds: [Subscription(url: url)])])
    }

    private func state() throws -> FeedFetchState {
        try #require(try store.fetchStates()[url])
    }

    @Test("validators are stored as sent, kept over a 304 and replaced by the next 200")
    func validators() throws {
        try store.store(feed([article("a")]), from: url, fetchedAt: date(1_000), bookkeeping: FetchBookkeeping(
            status: 200, etag: "W/\"v1\"", lastModified: "Mon, 30 Nov 2026 01:02:03 GMT", bodyHash: "h1",
            nextDue: date(2_800)))
        #expect(try state().etag == "W/\"v1\"")
        #expect(try state().lastModified == "Mon, 30 Nov 2026 01:02:03 GMT")
        #expect(try state().bodyHash == "h1")
        #expect(try state().nextDue == date(2_800))

        try store.recordUnchanged(feedURL: url, at: date(3_000), bookkeeping: FetchBookkeeping(status: 304, nextDue: date(4_800)))
        #expect(try state().etag == "W/\"v1\"")
        #expect(try state().bodyHash == "h1")
        #expect(try state().nextDue == date(4_800))

        try store.store(feed([article("a")]), from: url, fetchedAt: date(5_000),
                        bookkeeping: FetchBookkeeping(status: 200, etag: "\"v2\"", bodyHash: "h2"))
        #expect(try state().etag == "\"v2\"")
        #expect(try state().lastModified == nil)
        #expect(try state().bodyHash == "h2")
    }

    @Test("validators that are not UTF-8 are kept byte for byte")
    func validatorBytes() throws {
        let etag = HTTPValidator(bytes: Array("\"r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9, 0x22])
        let modified = HTTPValidator(bytes: Array("Mon, 30 Nov 2026 01:02:03 GMT".utf8) + [0xA0])
        try store.store(feed([article("a")]), from: url, fetchedAt: date(1_000),
                        bookkeeping: FetchBookkeeping(status: 200, etag: etag, lastModified: modified))
        #expect(try state().etag == etag)
        #expect(try state().lastModified == modified)
        #expect(try RawConnection(path: path).texts("SELECT hex(etag) FROM feeds") == ["2272E973756DE922"])
        try store.recordUnchanged(feedURL: url, at: date(2_000), bookkeeping: FetchBookkeeping(status: 304))
        #expect(try state().etag == etag)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a validator an older version stored as text is sent as the same bytes")
    func validatorStoredAsText() throws {
        try store.store(feed([article("a")]), from: url, fetchedAt: date(1_000), bookkeeping: FetchBookkeeping(status: 200))
        try RawConnection(path: path).execute("UPDATE feeds SET etag = ?1", [.text("\"é\"")])
        #expect(try state().etag?.bytes == [0x22, 0xC3, 0xA9, 0x22])
    }

    @Test("a feed's update hint is kept while it is unchanged and cleared by a document without one")
    func updateHint() throws {
        try store.store(feed([article("a")]), from: url, fetchedAt: date(1_000),
                        bookkeeping: FetchBookkeeping(status: 200, updateInterval: 86_400))
        #expect(try state().updateInterval == 86_400)
        try store.recordUnchanged(feedURL: url, at: date(2_000), bookkeeping: FetchBookkeeping(status: 304))
        try store.recordUnchanged(feedURL: url, at: date(3_000), bookkeeping: FetchBookkeeping(status: 200))
        #expect(try state().updateInterval == 86_400)
        try store.store(feed([article("b")]), from: url, fetchedAt: date(4_000), bookkeeping: FetchBookkeeping(status: 200))
        #expect(try state().updateInterval == nil)
    }

    @Test("a failure counts up, can mark the feed gone, and a success clears both")
    func failuresAndGone() throws {
        try store.recordFailure(feedURL: url, message: "HTTP 503", at: date(1_000),
                                bookkeeping: FetchBookkeeping(status: 503, nextDue: date(1_600)))
        try store.recordFailure(feedURL: url, message: "HTTP 410 Gone", at: date(2_000),
                                bookkeeping: FetchBookkeeping(status: 410, isGone: true))
        #expect(try state().failureCount == 2)
        #expect(try state().isGone)
        try store.store(feed([article("a")]), from: url, fetchedAt: date(3_000), bookkeeping: FetchBookkeeping(status: 200))
        #expect(try state().failureCount == 0)
        #expect(try !state().isGone)
    }

    @Test("a permanent move is remembered and survives later fetches that do not move")
    func moved() throws {
        try store.store(feed([article("a")]), from: url, fetchedAt: date(1_000),
                        bookkeeping: FetchBookkeeping(status: 200, movedTo: "https://new.example.org/feed"))
        try store.recordUnchanged(feedURL: url, at: date(2_000), bookkeeping: FetchBookkeeping(status: 304))
        #expect(try state().movedTo == "https://new.example.org/feed")
    }

    @Test("health lists each tabbed feed once with its tabs, counts and last outcome")
    func health() throws {
        try store.store(feed([article("a"), article("b")]), from: url, fetchedAt: date(1_000),
                        bookkeeping: FetchBookkeeping(status: 200))
        try store.recordUnchanged(feedURL: url, at: date(2_000), bookkeeping: FetchBookkeeping(status: 304))
        try store.recordFailure(feedURL: url, message: "timed out", at: date(3_000))
        let rows = try store.feedHealth()
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.tabs == ["News", "All"])
        #expect(row.title == "Example")
        #expect(row.fetchCount == 3)
        #expect(row.notModifiedCount == 1)
        #expect(row.articleCount == 2)
        #expect(row.failureCount == 1)
        #expect(row.lastError == "timed out")
        #expect(row.lastSuccess == date(2_000))
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a version 1 database is upgraded in place, keeping its articles and their order")
    func upgradeFromVersion1() throws {
        let oldPath = temp.path("v1.db")
        do {
            let raw = try RawConnection(path: oldPath)
            for sql in Migrations.steps[0] { try raw.execute(sql) }
            try raw.execute("PRAGMA user_version = 1")
            try raw.execute("INSERT INTO feeds (id, url) VALUES (1, 'https://old.example/feed')")
            try raw.execute("""
                INSERT INTO articles (feed_id, guid, title, updated, first_seen) VALUES
                    (1, 'only-updated', 'Only updated', 500, 1000),
                    (1, 'undated', 'Undated', NULL, 800)
                """)
            try raw.execute("INSERT INTO tabs (id, name, position) VALUES (1, 'Old', 0)")
            try raw.execute("INSERT INTO tab_feeds (tab_id, feed_id, position) VALUES (1, 1, 0)")
        }
        let upgraded = try FeedStore(path: oldPath)
        #expect(try RawConnection(path: oldPath).integer("PRAGMA user_version") == Int64(Migrations.latestVersion))
        #expect(try upgraded.articles(inTab: "Old", limit: 10).map(\.title) == ["Undated", "Only updated"])
        #expect(try upgraded.integrityCheck() == "ok")
    }
}
