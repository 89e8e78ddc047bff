// A second connection reading while a fetch writes: WAL gives it the last committed state,
// without waiting and without seeing half a feed.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Concurrent reader")
struct ConcurrentReaderTests {
    @Test("a reader during a write transaction sees the state before it, then the whole feed after")
    func readerDuringWrite() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        let url = "https://news.example/feed"
        let writer = try FeedStore(path: path)
        try writer.syncTabs([Tab(name: "ニュース", feeds: [Subscription(url: url)])])
        try writer.store(feed([article("first", published: 10)]), from: url, fetchedAt: date(100))
        let reader = try FeedStore(readingAt: path)
        try writer.batch { () throws(StoreError) in
            try writer.store(feed((1...50).map { article("n\($0)", published: 20) }), from: url, fetchedAt: date(200))
            // Mid-transaction: the reader is not blocked and sees only the committed article.
            #expect(try reader.articles(inTab: "ニュース", limit: 100).map(\.title) == ["Title first"])
            #expect(try reader.search("n49").isEmpty)
        }
        #expect(try reader.articles(inTab: "ニュース", limit: 100).count == 51)
        #expect(try reader.search("n49").count == 1)
    }

    @Test("a read-only store writes nothing: syncing and marking viewed are no-ops, writes throw")
    func readOnlyStore() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        let writer = try FeedStore(path: path)
        try writer.syncTabs([Tab(name: "A", feeds: [Subscription(url: "https://a.example/feed")])])
        try writer.store(feed([article("one")]), from: "https://a.example/feed", fetchedAt: date(1))
        let reader = try FeedStore(readingAt: path)
        #expect(reader.isReadOnly && !writer.isReadOnly)
        try reader.syncTabs([Tab(name: "B", feeds: [])])
        #expect(try reader.markViewed(tab: "A", at: date(5)) == false)
        #expect(try reader.tabCounts().keys.sorted() == ["A"])
        let id = try #require(try reader.articles(inTab: "A", limit: 1).first?.id)
        #expect(throws: StoreError.self) { try reader.setRead(true, articleIDs: [id]) }
    }

    @Test("a read-only open of an older schema asks for a writable run instead of migrating")
    func readOnlyOldSchema() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("old.db")
        let raw = try Database(path: path)
        for sql in Migrations.steps[0] { try raw.execute(sql, "test") }
        try raw.execute("PRAGMA user_version = 1", "test")
        #expect {
            try FeedStore(readingAt: path)
        } throws: { error in
            (error as? StoreError)?.message.contains("cannot be upgraded while the file is read-only") == true
        }
    }
}
