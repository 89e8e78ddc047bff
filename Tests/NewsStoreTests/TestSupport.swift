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

// The search index file (schema v18): newsmenu's own postings, read here with plain SQL and
// `PostingList` rather than through the search's own reader.
extension RawConnection {
    /// The ids of the articles the search index in this connection's file lists under
    /// `trigram` (three characters, lowercased here as the index lowercases the text,
    /// `CaseFolding`), ascending: the union of its lists in every segment.
    func indexedArticles(_ trigram: String) throws -> [Int64] {
        let key = Array(CaseFolding.lowercased(trigram).utf8)
        let lists = try database.prepare("SELECT article_ids FROM search_postings WHERE trigram = ?1", "test query")
        try key.withUnsafeBytes { bytes in try lists.bind(blob: bytes, at: 1) }
        var ids: [Int64] = []
        while try lists.step() { lists.withBlob(at: 0) { PostingList.decode($0, into: &ids) } }
        return Set(ids).sorted()
    }

    /// The trigrams (UTF-8) under which the index in this connection's file lists `article`,
    /// in any segment.
    func indexedTrigrams(of article: Int64) throws -> Set<[UInt8]> {
        var trigrams = Set<[UInt8]>()
        for (trigram, ids) in try indexedLists() where ids.contains(article) { trigrams.insert(trigram) }
        return trigrams
    }

    /// The ids of every article the index in this connection's file lists under any trigram.
    func everyIndexedArticle() throws -> Set<Int64> {
        try indexedLists().reduce(into: Set<Int64>()) { $0.formUnion($1.ids) }
    }

    /// Every row of `search_postings`: its trigram and the ids it lists.
    private func indexedLists() throws -> [(trigram: [UInt8], ids: [Int64])] {
        let rows = try database.prepare("SELECT trigram, article_ids FROM search_postings", "test query")
        var lists: [(trigram: [UInt8], ids: [Int64])] = []
        while try rows.step() {
            var ids: [Int64] = []
            rows.withBlob(at: 1) { PostingList.decode($0, into: &ids) }
            lists.append((rows.bytes(at: 0), ids))
        }
        return lists
    }

    /// What `SearchSegments.problems` finds wrong with the index in this connection's file
    /// (the check that stands where FTS5's 'integrity-check' did): nothing when it is sound.
    func searchIndexProblems() throws -> [String] {
        try SearchSegments.problems(in: database, "test")
    }

    /// Writes `postings` (trigram as written, lowercased here; its article ids) into the index
    /// in this connection's file as a segment of its own, as an index transaction would.
    func addIndexSegment(_ postings: [String: [Int64]]) throws {
        let segment = (try integer("SELECT COALESCE(MAX(id), 0) + 1 FROM search_segments")) ?? 1
        try execute("INSERT INTO search_segments (id, postings) VALUES (?1, ?2)",
                    [.integer(segment), .integer(Int64(postings.values.reduce(0) { $0 + $1.count }))])
        let insert = try database.prepare(
            "INSERT INTO search_postings (segment, trigram, article_ids) VALUES (?1, ?2, ?3)", "test query")
        for (trigram, ids) in postings {
            insert.reset()
            try insert.bind(segment, at: 1)
            try Array(CaseFolding.lowercased(trigram).utf8).withUnsafeBytes { bytes in try insert.bind(blob: bytes, at: 2) }
            try PostingList.encode(ids.sorted()).withUnsafeBytes { bytes in try insert.bind(blob: bytes, at: 3) }
            try insert.run()
        }
    }
}

/// The trigrams (UTF-8) the search index lists a text under: every three consecutive
/// scalars of the text lowercased (`CaseFolding`).
func trigrams(of text: String) -> Set<[UInt8]> {
    let scalars = Array(CaseFolding.lowercased(text).unicodeScalars)
    var trigrams = Set<[UInt8]>()
    for start in 0..<max(scalars.count - 2, 0) {
        var piece = String.UnicodeScalarView()
        piece.append(contentsOf: scalars[start..<(start + 3)])
        trigrams.insert(Array(String(piece).utf8))
    }
    return trigrams
}

/// Puts in place of the search index of the database at `databasePath` an index file in the
/// format of schemas v13–v17: FTS5's `article_search`, declared as they declared it, holding
/// `rows` (article id, indexed text), its vocabulary table, and `search_state` at `appliedSeq`.
func writeFTS5SearchIndex(for databasePath: String, rows: [(id: Int64, text: String)], appliedSeq: Int64) throws {
    try SearchIndexFile.remove(for: databasePath)
    let index = try RawConnection(path: SearchIndexFile.path(for: databasePath))
    try index.execute("""
        CREATE VIRTUAL TABLE article_search USING fts5(
            indexed_text, content = '', detail = none, columnsize = 0, tokenize = 'trigram')
        """)
    try index.execute("CREATE VIRTUAL TABLE article_search_terms USING fts5vocab(article_search, row)")
    try index.execute("INSERT INTO article_search (article_search, rank) VALUES ('hashsize', 16777216)")
    try index.execute("CREATE TABLE search_state (applied_seq INTEGER NOT NULL) STRICT")
    try index.execute("INSERT INTO search_state (applied_seq) VALUES (?1)", [.integer(appliedSeq)])
    for row in rows {
        try index.execute("INSERT INTO article_search (rowid, indexed_text) VALUES (?1, ?2)", [.integer(row.id), .text(row.text)])
    }
}
