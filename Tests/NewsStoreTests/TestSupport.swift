// Shared test helpers: a fresh temp directory per test, a second raw connection, sample feeds.
import Foundation
import NewsModel
@testable import NewsStore

/// A new empty directory, removed when the test drops it.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("NewsStoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// A value bound into a raw test query.
enum RawValue {
    case integer(Int64)
    case text(String)
}

/// A second connection to the store's file, to look at and poke the rows directly
/// instead of trusting the API under test to report on itself.
struct RawConnection {
    let database: Database

    init(path: String, readOnly: Bool = false) throws {
        database = readOnly ? try Database(readingAt: path) : try Database(path: path)
    }

    /// Every row of a query, each column as text (NULL as nil).
    func rows(_ sql: String) throws -> [[String?]] {
        let statement = try prepare(sql, [])
        var rows: [[String?]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.string(at: $0) })
        }
        return rows
    }

    func integer(_ sql: String, _ values: [RawValue] = []) throws -> Int64? {
        let statement = try prepare(sql, values)
        guard try statement.step() else { return nil }
        return statement.optionalInt64(at: 0)
    }

    func texts(_ sql: String, _ values: [RawValue] = []) throws -> [String?] {
        let statement = try prepare(sql, values)
        var rows: [String?] = []
        while try statement.step() { rows.append(statement.string(at: 0)) }
        return rows
    }

    func execute(_ sql: String, _ values: [RawValue] = []) throws {
        try prepare(sql, values).run()
    }

    private func prepare(_ sql: String, _ values: [RawValue]) throws -> Statement {
        let statement = try database.prepare(sql, "test query")
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let number): try statement.bind(number, at: index)
            case .text(let text): try statement.bind(text, at: index)
            }
        }
        return statement
    }
}

/// Whole-second dates, as the store keeps them.
func date(_ seconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
}

func feed(title: String? = "Example", _ articles: [Article]) -> Feed {
    Feed(format: .rss20, title: title, link: "https://example.org/", articles: articles)
}

func article(_ id: String, published: Int64? = nil, title: String? = nil) -> Article {
    Article(id: id, title: title ?? "Title \(id)", link: "https://example.org/\(id)",
            published: published.map(date))
}

/// A fresh store whose tabs ニュース and Tech each show one feed, `news` and `tech`,
/// optionally titled by the subscription.
struct NewsAndTechStore {
    let temp: TemporaryDirectory
    let store: FeedStore
    let news = "https://news.example/feed"
    let tech = "https://tech.example/feed"

    init(newsTitle: String? = nil, techTitle: String? = nil) throws {
        temp = try TemporaryDirectory()
        store = try FeedStore(path: temp.path("news.db"))
        try store.syncTabs([Tab(name: "ニュース", feeds: [Subscription(url: news, title: newsTitle)]),
                            Tab(name: "Tech", feeds: [Subscription(url: tech, title: techTitle)])])
    }

    /// A second connection to the store's file (`RawConnection`).
    func rawConnection() throws -> RawConnection {
        try RawConnection(path: temp.path("news.db"))
    }

    /// A connection to the search index file, once the store has indexed everything it stored.
    func indexConnection() throws -> RawConnection {
        try store.finishIndexing()
        return try RawConnection(path: store.searchIndexPath)
    }
}
