// Opening, migrating and refusing database files.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Opening a database")
struct OpeningTests {
    @Test("a fresh database is created with the current schema version")
    func freshDatabaseHasVersion() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("nested/dir/news.db")
        let store = try FeedStore(path: path)
        let raw = try RawConnection(path: path)
        #expect(try raw.integer("PRAGMA user_version") == Int64(Migrations.latestVersion))
        #expect(try raw.texts("PRAGMA journal_mode") == ["wal"])
        let tables = "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
        #expect(try raw.texts(tables) == ["article_categories", "article_enclosures", "articles", "feeds", "search_log",
                                          "settings", "synced_tabs", "tab_articles", "tab_feeds", "tab_stats", "tabs"])
        // The search index is a file of its own beside the database (v13), holding newsmenu's
        // own postings (v18): no FTS5 table, nor any of its shadow tables.
        #expect(store.searchIndexPath == path + ".search")
        let index = try RawConnection(path: store.searchIndexPath)
        #expect(try index.texts("PRAGMA journal_mode") == ["wal"])
        #expect(try index.texts(tables) == ["search_postings", "search_segments", "search_state"])
        // Both files are made with the store's page size, not SQLite's 4 KB.
        #expect(try raw.integer("PRAGMA page_size") == Int64(Database.newFilePageSize))
        #expect(try index.integer("PRAGMA page_size") == Int64(Database.newFilePageSize))
        // A writer checkpoints at 4 MB of log whatever the page size: 250 pages of 16 KB.
        #expect(try raw.integer("PRAGMA wal_autocheckpoint") == 250)
        // v14 dropped the per-feed date and unread indexes: every article paid for them.
        #expect(try raw.texts(Self.articleIndexes) == ["articles_by_link_key"])
    }

    /// The indexes of `articles` a schema declares (not the one its UNIQUE key makes).
    private static let articleIndexes =
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'articles' AND sql IS NOT NULL ORDER BY name"

    @Test("a database made with 4 KB pages keeps them, and stores and finds as before")
    func olderPageSizeIsKept() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        // Every released version made its files with SQLite's 4 KB pages.
        try FileManager.default.copyItem(atPath: FixtureDatabases.path(version: 12), toPath: path)
        #expect(try RawConnection(path: path, readOnly: true).integer("PRAGMA page_size") == 4096)
        let store = try FeedStore(path: path)
        try store.store(feed([article("a", title: "東京都の天気"), article("b")]), from: "https://wire.example/feed",
                        fetchedAt: date(1_000))
        #expect(try store.search("天気").map(\.article.title) == ["東京都の天気"])
        #expect(try RawConnection(path: path).integer("PRAGMA page_size") == 4096)
        #expect(try RawConnection(path: path).integer("PRAGMA wal_autocheckpoint") == 1000)
        #expect(try store.integrityCheck() == "ok")
        #expect(try RawConnection(path: path).texts(Self.articleIndexes) == ["articles_by_link_key"])
        // The index file v13 moved out is new, and made like any other.
        #expect(try RawConnection(path: store.searchIndexPath).integer("PRAGMA page_size")
                == Int64(Database.newFilePageSize))
    }

    @Test("reopening keeps the data and does not run the migrations again")
    func reopeningKeepsData() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        do {
            let store = try FeedStore(path: path)
            try store.store(feed([article("a"), article("b")]), from: "https://example.org/feed",
                            fetchedAt: date(1_000))
        }
        // Running v1 again would fail on CREATE TABLE; the marker shows the rows it
        // created were left as they were.
        try RawConnection(path: path).execute(
            "UPDATE feeds SET failure_count = 7 WHERE url = 'https://example.org/feed'")
        let reopened = try FeedStore(path: path)
        #expect(try reopened.articleCount() == 2)
        let raw = try RawConnection(path: path)
        #expect(try raw.integer("PRAGMA user_version") == Int64(Migrations.latestVersion))
        #expect(try raw.integer("SELECT failure_count FROM feeds") == 7)
    }

    @Test("an up-to-date database opens while another process holds the write lock")
    func opensBesideAWriter() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        _ = try FeedStore(path: path)
        let writer = try RawConnection(path: path)
        try writer.execute("BEGIN IMMEDIATE")
        // Checking the version in a write transaction would wait out the busy timeout here
        // and fail with "database is locked".
        let store = try FeedStore(path: path)
        #expect(try store.articleCount() == 0)
        try writer.execute("COMMIT")
    }

    @Test("a file that is not a database is refused, naming the path")
    func garbageFileIsRefused() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("garbage.db")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) { try FeedStore(path: path) }
        #expect(error?.path == path)
        #expect(error?.description.contains(path) == true)
        #expect(error?.message.contains("not a database") == true)
    }

    @Test("a directory that cannot be created is refused, naming the path")
    func uncreatableDirectoryIsRefused() throws {
        let temp = try TemporaryDirectory()
        let blocker = temp.path("plain-file")
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: blocker))
        let path = blocker + "/sub/news.db"
        let error = #expect(throws: StoreError.self) { try FeedStore(path: path) }
        #expect(error?.path == path)
        #expect(error?.description.contains(path) == true)
        #expect(error?.message.contains("not a directory") == true)
    }

    @Test("a directory the system refuses to make is reported with the system's reason")
    func mkdirFailureIsReported() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path(String(repeating: "長", count: 200) + "/news.db")
        let error = #expect(throws: StoreError.self) { try FeedStore(path: path) }
        #expect(error?.path == path)
        #expect(error?.message == String(cString: strerror(ENAMETOOLONG)))
    }

    @Test("a directory in place of the database file is refused, naming the path")
    func directoryAsFileIsRefused() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let error = #expect(throws: StoreError.self) { try FeedStore(path: path) }
        #expect(error?.path == path)
    }

    @Test("a database from a newer schema version is refused, naming both versions")
    func newerVersionIsRefused() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("news.db")
        _ = try FeedStore(path: path)
        try RawConnection(path: path).execute("PRAGMA user_version = 42")
        let error = #expect(throws: StoreError.self) { try FeedStore(path: path) }
        #expect(error?.path == path)
        #expect(error?.message.contains("42") == true)
        #expect(error?.message.contains("\(Migrations.latestVersion)") == true)
        #expect(try RawConnection(path: path).integer("PRAGMA user_version") == 42)
    }
}
