// The search index in its own file (schema v13): written from the log on another thread,
// exact before it has caught up, caught up on the next open after a crash, built again when
// missing, damaged, not this database's or in the FTS5 format of schemas v13–v17, and built
// from the articles when a v12 database is upgraded.
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Search index file")
struct SearchIndexFileTests {
    let fixture: NewsAndTechStore
    var store: FeedStore { fixture.store }
    var databasePath: String { fixture.temp.path("news.db") }

    init() throws {
        fixture = try NewsAndTechStore()
    }

    private func titles(_ hits: [SearchHit]) -> [String] { hits.map(\.article.title) }

    /// How many articles the index file lists under `trigram`, as it is now (nothing applied first).
    private func indexedNow(_ trigram: String) throws -> Int {
        try RawConnection(path: store.searchIndexPath).indexedArticles(trigram).count
    }

    /// What is wrong with the index file's postings, nothing when they are sound.
    private func indexProblems() throws -> [String] {
        try RawConnection(path: store.searchIndexPath).searchIndexProblems()
    }

    private func logCount() throws -> Int64? {
        try fixture.rawConnection().integer("SELECT COUNT(*) FROM search_log")
    }

    /// Every search of `terms`, newest and ranked, in every tab and none.
    private func answers(_ terms: [String]) throws -> [[String]] {
        try terms.flatMap { term in
            try [nil, ["ニュース"], ["Tech"]].flatMap { tabs in
                [titles(try store.search(term, inTabs: tabs)), titles(try store.search(term, inTabs: tabs, order: .relevance))]
            }
        }
    }

    @Test("articles stored but not indexed yet are found, changed ones by their new text only, deleted ones not at all")
    func exactBeforeIndexing() throws {
        try store.store(feed([Article(id: "a", title: "Walrus tusk", link: "https://n.example/a", summary: "氷の上の允叚"),
                              Article(id: "b", title: "Old title", link: "https://n.example/b", published: date(0))]),
                        from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        try store.store(feed([Article(id: "b", title: "Quokka smile", link: "https://n.example/b", published: date(0)),
                              Article(id: "c", title: "Zebra 鷗", link: "https://n.example/c", summary: "x")]),
                        from: fixture.news, fetchedAt: date(2_000))
        try store.store(feed([Article(id: "t", title: "Yak", link: "https://t.example/t")]), from: fixture.tech, fetchedAt: date(2_000))
        // The feed's current document is now only c: a and b may go.
        try store.store(feed([Article(id: "c", title: "Zebra 鷗", link: "https://n.example/c", summary: "x")]),
                        from: fixture.news, fetchedAt: date(3_000))
        // Nothing of the second fetch is in the index: "鷗" has no trigram there at all.
        #expect(try indexedNow("quo") == 0 && indexedNow("old") == 1)
        let terms = ["quokka", "old title", "鷗", "允叚", "walrus", "yak", "x", "a", "o"]
        let before = try answers(terms)
        #expect(before[0] == ["Quokka smile"] && before[1] == ["Quokka smile"])
        #expect(try store.search("old title").isEmpty && titles(store.search("鷗")) == ["Zebra 鷗"])
        #expect(try titles(store.search("x")) == ["Zebra 鷗"])
        #expect(try titles(store.search("yak", inTabs: ["Tech"])) == ["Yak"] && store.search("yak", inTabs: ["ニュース"]).isEmpty)
        // Retention's deletions are logged like a change: gone before and after indexing.
        #expect(try store.applyRetention(RetentionPolicy(days: 1), now: date(400 * 86_400)) == 2)
        #expect(try store.search("quokka").isEmpty && store.search("walrus").isEmpty)
        let afterRetention = try answers(terms)
        try store.finishIndexing()
        // b was deleted before its new text was indexed: nothing of it was added.
        #expect(try indexedNow("quo") == 0)
        // The index only adds: b's first title stays listed for it until vacuum, and the
        // search's join with the articles passes over it.
        #expect(try indexedNow("old") == 1)
        #expect(try indexedNow("zeb") == 1)
        #expect(try answers(terms) == afterRetention)
        _ = try store.vacuum()
        #expect(try indexedNow("old") == 0 && indexedNow("wal") == 0 && indexedNow("zeb") == 1)
        #expect(try answers(terms) == afterRetention)
        #expect(try indexProblems().isEmpty)
    }

    @Test("a trim through a seq keeps every entry from it on, and empties the log only when it is the newest")
    func trimKeepsWhatIsNotApplied() throws {
        try store.store(feed((1...5).map { article("a\($0)") }), from: fixture.news, fetchedAt: date(1_000))
        let raw = try fixture.rawConnection()
        let writer = try Database(path: databasePath)
        // As if the index had applied through seq 3 while a fetch had logged two more.
        try SearchIndexUpdater.trimLog(on: writer, appliedThrough: 3)
        #expect(try raw.texts("SELECT seq FROM search_log ORDER BY seq") == ["3", "4", "5"])
        try SearchIndexUpdater.trimLog(on: writer, appliedThrough: 5)
        #expect(try raw.texts("SELECT seq FROM search_log") == ["5"])
    }

    @Test("a log the index has applied is trimmed to its newest entry, and new entries follow on from it")
    func trimmedLog() throws {
        try store.store(feed((1...5).map { article("a\($0)") }), from: fixture.news, fetchedAt: date(1_000))
        #expect(try logCount() == 5)
        try store.finishIndexing()
        #expect(try logCount() == 1)
        let raw = try fixture.rawConnection()
        let newest = try raw.integer("SELECT seq FROM search_log")
        #expect(try newest == 5 && raw.integer("SELECT article_id FROM search_log") == raw.integer("SELECT MAX(id) FROM articles"))
        try store.store(feed([article("b1")]), from: fixture.news, fetchedAt: date(2_000))
        #expect(try raw.integer("SELECT MAX(seq) FROM search_log") == (newest ?? 0) + 1)
        try store.finishIndexing()
        let applied = try RawConnection(path: store.searchIndexPath).integer("SELECT applied_seq FROM search_state")
        #expect(applied == (newest ?? 0) + 1)
    }

    @Test("batches stored while the indexing thread runs are all indexed when it finishes")
    func backgroundIndexing() throws {
        store.startIndexing()
        for batch in 0..<6 {
            _ = try store.batch { () throws(StoreError) in
                try store.store(feed((0..<40).map { Article(id: "b\(batch)-\($0)", title: "batch\(batch) item\($0) heron",
                                                            link: "https://n.example/\(batch)/\($0)") }),
                                from: batch.isMultiple(of: 2) ? fixture.news : fixture.tech, fetchedAt: date(Int64(1_000 + batch)))
            }
            #expect(try store.search("heron", limit: 1_000).count == 40 * (batch + 1))
        }
        try store.finishIndexing()
        #expect(try indexedNow("her") == 240)
        #expect(try store.search("batch5 item39").count == 1 && store.search("heron", limit: 1_000).count == 240)
        #expect(try indexProblems().isEmpty)
    }

    /// The index file's segments.
    private func segmentCount() throws -> Int64? {
        try RawConnection(path: store.searchIndexPath).integer("SELECT COUNT(*) FROM search_segments")
    }

    /// Stores a batch of `count` articles in the news tab, each titled with `word`.
    private func storeBatch(_ batch: Int, count: Int = 20, word: String = "heron") throws {
        _ = try store.batch { () throws(StoreError) in
            try store.store(feed((0..<count).map { Article(id: "b\(batch)-\($0)", title: "batch\(batch) item\($0) \(word)",
                                                           link: "https://n.example/\(batch)/\($0)") }),
                            from: fixture.news, fetchedAt: date(Int64(1_000 + batch)))
        }
    }

    @Test("a fetch's indexer applies every batch in one index transaction: one segment, committed when it finishes")
    func oneTransactionPerRun() throws {
        store.startIndexing(commitInterval: 3_600)
        for batch in 0..<6 {
            try storeBatch(batch)
            // Time for the indexer to apply each batch on its own: with a commit per catch-up,
            // or a segment written at each (`record(applied:)`), this run would leave three
            // segments (six of one size, four of which merge into one).
            Thread.sleep(forTimeInterval: 0.2)
            #expect(try RawConnection(path: store.searchIndexPath).integer("SELECT applied_seq FROM search_state") == 0)
            #expect(try store.search("heron", limit: 1_000).count == 20 * (batch + 1))
        }
        try store.finishIndexing()
        #expect(try segmentCount() == 1)
        #expect(try indexedNow("her") == 120)
        #expect(try indexProblems().isEmpty)
        #expect(try RawConnection(path: store.searchIndexPath).integer("SELECT applied_seq FROM search_state")
            == fixture.rawConnection().integer("SELECT MAX(seq) FROM search_log"))
    }

    @Test("the indexer commits its transaction once it is its commit interval old, without being woken again")
    func commitsOnItsOwn() throws {
        store.startIndexing(commitInterval: 0.05)
        try storeBatch(0)
        let logged = try fixture.rawConnection().integer("SELECT MAX(seq) FROM search_log")
        let deadline = Date(timeIntervalSinceNow: 20)
        var applied: Int64?
        repeat {
            Thread.sleep(forTimeInterval: 0.02)
            applied = try RawConnection(path: store.searchIndexPath).integer("SELECT applied_seq FROM search_state")
        } while applied != logged && Date() < deadline
        #expect(applied == logged)
        #expect(try indexedNow("her") == 20)
        try store.finishIndexing()
    }

    @Test("a store opening while another connection writes the index does not wait for it, and finds what it lacks")
    func openingBesideAWriter() throws {
        try storeBatch(0, word: "ibis")
        let writer = try RawConnection(path: store.searchIndexPath)
        try writer.execute("BEGIN IMMEDIATE")
        // With the index's lock held, a catch-up at the open would wait out the 5 s busy
        // timeout and fail the open.
        let opened = Date()
        let reopened = try FeedStore(path: databasePath)
        #expect(Date().timeIntervalSince(opened) < 2.5)
        #expect(try reopened.search("ibis").count == 20)
        #expect(try indexedNow("ibi") == 0)
        try writer.execute("COMMIT")
        _ = try FeedStore(path: databasePath)
        #expect(try indexedNow("ibi") == 20)
    }

    @Test("what a process stored without indexing (killed before the index's commit) is indexed on the next open")
    func caughtUpOnOpen() throws {
        try store.store(feed([article("a1", title: "Capybara")]), from: fixture.news, fetchedAt: date(1_000))
        #expect(try indexedNow("cap") == 0 && logCount() == 1)
        let reopened = try FeedStore(path: databasePath)
        #expect(try indexedNow("cap") == 1)
        #expect(try titles(reopened.search("capybara")) == ["Capybara"])
        // Replaying from an older applied seq than the index holds (a lost commit of it) would
        // write the same postings again as another segment; the index's own transaction keeps
        // both together, so the next open applies nothing.
        let postings = "SELECT segment, hex(trigram), hex(article_ids) FROM search_postings ORDER BY segment, trigram"
        let before = try RawConnection(path: store.searchIndexPath).rows(postings)
        #expect(try segmentCount() == 1)
        _ = try FeedStore(path: databasePath)
        #expect(try indexedNow("cap") == 1)
        #expect(try segmentCount() == 1 && RawConnection(path: store.searchIndexPath).rows(postings) == before)
        #expect(try indexProblems().isEmpty)
    }

    @Test("a missing index file is built again on opening for writing; one ahead of the log (another database's) by a fetch's end")
    func rebuiltWhenMissingOrForeign() throws {
        try store.store(feed([article("a1", title: "Armadillo"), article("a2", title: "Bison")]),
                        from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        try SearchIndexFile.remove(for: databasePath)
        let reopened = try FeedStore(path: databasePath)
        #expect(logSize(store.searchIndexPath) == 0)
        #expect(try indexedNow("arm") == 1 && indexedNow("bis") == 1)
        #expect(try titles(reopened.search("bison")) == ["Bison"])
        try RawConnection(path: store.searchIndexPath).execute("UPDATE search_state SET applied_seq = 1000")
        try RawConnection(path: store.searchIndexPath).addIndexSegment(["str": [99], "tra": [99], "ran": [99]])
        #expect(try indexedNow("str") == 1)
        try reopened.finishIndexing()
        #expect(try indexedNow("str") == 0 && indexedNow("arm") == 1)
        #expect(try indexProblems().isEmpty)
        // One behind what the log kept (made new after a trim) is built again on opening.
        try reopened.store(feed([article("a3", title: "Caracal")]), from: fixture.news, fetchedAt: date(2_000))
        try reopened.finishIndexing()
        try RawConnection(path: store.searchIndexPath).execute("UPDATE search_state SET applied_seq = 0")
        try RawConnection(path: store.searchIndexPath).execute("DELETE FROM search_postings")
        try RawConnection(path: store.searchIndexPath).execute("DELETE FROM search_segments")
        try fixture.rawConnection().execute("DELETE FROM settings WHERE key = 'search_index.applied'")
        _ = try FeedStore(path: databasePath)
        #expect(try indexedNow("arm") == 1 && indexedNow("car") == 1)
        #expect(try indexProblems().isEmpty)
    }

    @Test("a damaged index file is built again by a writable store's search and by vacuum, and named when read-only",
          arguments: ["search", "vacuum", "read-only"])
    func damagedIndex(way: String) throws {
        try store.store(feed([article("a1", title: "Dugong")]), from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        // The file, and its log gone with it (a log holding every page would mend it).
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        try SearchIndexFile.remove(for: databasePath)
        try garbage.write(to: URL(fileURLWithPath: store.searchIndexPath))
        switch way {
        case "search":
            #expect(try titles(FeedStore(path: databasePath).search("dugong")) == ["Dugong"])
        case "vacuum":
            _ = try store.vacuum()
            #expect(try indexedNow("dug") == 1)
            #expect(try titles(store.search("dugong")) == ["Dugong"])
        default:
            let reader = try FeedStore(readingAt: databasePath)
            let error = #expect(throws: StoreError.self) { try reader.search("dugong") }
            #expect(error?.path == store.searchIndexPath && error?.message.contains("newsmenu vacuum") == true)
            #expect(try reader.articleCount() == 1)
        }
    }

    @Test("a read-only store searches the index file and the articles not indexed yet; a missing index is named")
    func readOnlySearch() throws {
        try store.store(feed([article("a1", title: "Ibis")]), from: fixture.news, fetchedAt: date(1_000))
        try store.finishIndexing()
        try store.store(feed([article("a2", title: "Ibex")]), from: fixture.news, fetchedAt: date(2_000))
        let reader = try FeedStore(readingAt: databasePath)
        #expect(try titles(reader.search("ibis")) == ["Ibis"] && titles(reader.search("ibex")) == ["Ibex"])
        #expect(try titles(reader.search("ib", order: .relevance)).sorted() == ["Ibex", "Ibis"])
        try SearchIndexFile.remove(for: databasePath)
        let blind = try FeedStore(readingAt: databasePath)
        let error = #expect(throws: StoreError.self) { try blind.search("ibis") }
        #expect(error?.path == store.searchIndexPath && error?.message.contains("missing") == true)
    }

    @Test("vacuum compacts the index file and keeps every match")
    func vacuumCompactsIndex() throws {
        for batch in 0..<20 {
            try store.store(feed((0..<20).map { Article(id: "v\(batch)-\($0)", title: "manatee \(batch) \($0)",
                                                        link: "https://n.example/v\(batch)/\($0)") }),
                            from: fixture.news, fetchedAt: date(Int64(1_000 + batch)))
            try store.finishIndexing()
        }
        // Twenty segments, one a transaction: a merge turns four into one, so no number of
        // merges leaves one of twenty (20 - 3k is never 1).
        #expect(try segmentCount() ?? 0 > 1)
        _ = try store.vacuum()
        #expect(try segmentCount() == 1)
        #expect(try indexedNow("man") == 400)
        #expect(try store.search("manatee", limit: 1_000).count == 400)
        #expect(try indexProblems().isEmpty)
    }
}

@Suite("Search index move (schema v13)")
struct SearchIndexMoveTests {
    /// The tables of an index file in the current format (v18).
    static let postingsTables = ["search_postings", "search_segments", "search_state"]
    static let tables = "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"

    /// Checks that the index beside the database at `path` is in the current format, sound,
    /// up to the log, and lists each article under exactly the trigrams of its text: built
    /// from the articles, nothing carried over from the file or the database before.
    static func expectBuiltFromTheArticles(_ path: String) throws {
        let raw = try RawConnection(path: path)
        let index = try RawConnection(path: SearchIndexFile.path(for: path))
        #expect(try index.texts(tables) == postingsTables)
        #expect(try index.searchIndexProblems().isEmpty)
        #expect(try index.integer("SELECT applied_seq FROM search_state")
                == raw.integer("SELECT COALESCE(MAX(seq), 0) FROM search_log"))
        var listed = Set<Int64>()
        for row in try raw.rows("SELECT id, title, summary, content FROM articles") {
            let id = try #require(row[0].flatMap { Int64($0) })
            let text = SearchText.of(title: row[1], summary: row[2], content: row[3])
            #expect(try index.indexedTrigrams(of: id) == trigrams(of: text), "article \(id)")
            if !trigrams(of: text).isEmpty { listed.insert(id) }
        }
        #expect(try index.everyIndexedArticle() == listed)
    }

    @Test("upgrading a v12 database builds its index file from the articles, in the current format, and it goes on working")
    func builtFromTheArticles() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("v12.db")
        try FileManager.default.copyItem(atPath: FixtureDatabases.path(version: 12), toPath: path)
        // The fixture's FTS5 index, inside the database as v12 kept it.
        #expect(try RawConnection(path: path).integer("SELECT COUNT(*) FROM article_search_data") ?? 0 > 2)
        let secureDelete = "PRAGMA secure_delete"
        let defaultSecureDelete = try RawConnection(path: path).integer(secureDelete)
        let store = try FeedStore(path: path)
        // Turned off only to drop the old index: set back after.
        let setting = try store.database.prepare(secureDelete, "test")
        #expect(try setting.step() && setting.int64(at: 0) == defaultSecureDelete)
        // The build went through the index's log, which a cold search would otherwise read whole.
        #expect(logSize(store.searchIndexPath) == 0)
        #expect(try RawConnection(path: path).integer(
            "SELECT COUNT(*) FROM sqlite_schema WHERE name LIKE 'article_search%'") == 0)
        try Self.expectBuiltFromTheArticles(path)
        #expect(try store.search("大雨").map(\.article.id) == [2])
        #expect(try store.search("concurrency").map(\.article.id) == [3])
        #expect(try store.search("(新聞)").map(\.article.id) == [2])
        try store.store(feed([Article(id: "w-9", title: "Axolotl", link: "https://site.example/ax")]),
                        from: "https://wire.example/feed", fetchedAt: date(1_600_000_000))
        try store.finishIndexing()
        #expect(try store.search("axolotl").count == 1)
        #expect(try RawConnection(path: store.searchIndexPath).searchIndexProblems().isEmpty)
    }

    @Test("an index file left beside a v12 database (an interrupted move, in either format) is replaced by one built from the articles",
          arguments: ["FTS5", "postings"])
    func interruptedMove(format: String) throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("v12.db")
        try FileManager.default.copyItem(atPath: FixtureDatabases.path(version: 12), toPath: path)
        if format == "FTS5" {
            // As an older build's move left it, part copied: stale rows, an article missing.
            try writeFTS5SearchIndex(for: path, rows: [(1, "stranger"), (3, "zzz yyy")], appliedSeq: 0)
        } else {
            let index = try RawConnection(path: SearchIndexFile.path(for: path))
            for sql in SearchIndexFile.tables { try index.execute(sql) }
            try index.execute("INSERT INTO search_state (applied_seq) VALUES (0)")
            try index.addIndexSegment(["str": [1], "zzz": [3], "東京都": [4]])
        }
        let store = try FeedStore(path: path)
        #expect(try store.search("大雨").map(\.article.id) == [2])
        #expect(try store.search("stranger").isEmpty && store.search("zzz").isEmpty)
        let index = try RawConnection(path: store.searchIndexPath)
        #expect(try index.indexedArticles("str").isEmpty && index.indexedArticles("zzz").isEmpty)
        #expect(try index.indexedArticles("東京都") == [1, 2])
        try Self.expectBuiltFromTheArticles(path)
    }
}

/// The size of the write-ahead log beside `path`, 0 when there is none.
func logSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
}

@Suite("Search without ruby readings (schema v16)")
struct RubyReadingMigrationTests {
    @Test("upgrading from v15 replaces the index that held the readings by one built from the text as written: the words are found as written")
    func readingsForgotten() throws {
        let fixture = try NewsAndTechStore()
        let path = fixture.temp.path("news.db")
        let summary = "<p>明日の<ruby>東京<rp>(</rp><rt>とうきょう</rt><rp>)</rp></ruby>都は晴れ。</p>"
        try fixture.store.store(feed([
            Article(id: "ruby", title: "天気", link: "https://n.example/ruby", summary: summary),
            Article(id: "plain", title: "株価", link: "https://n.example/plain", summary: "<p>東京都の株価</p>"),
        ]), from: fixture.news, fetchedAt: date(1_000))
        try fixture.store.finishIndexing()
        let raw = try fixture.rawConnection()
        let ruby = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'ruby'"))
        let plain = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'plain'"))
        // The index as v15 left it, in FTS5's format: the article's text with its reading in the line.
        try writeFTS5SearchIndex(
            for: path,
            rows: [(ruby, SearchText.withReadings(title: "天気", summary: summary, content: nil)),
                   (plain, SearchText.of(title: "株価", summary: "<p>東京都の株価</p>", content: nil))],
            appliedSeq: try #require(try raw.integer("SELECT MAX(seq) FROM search_log")))
        let old = try RawConnection(path: SearchIndexFile.path(for: path))
        let matching = "SELECT rowid FROM article_search WHERE article_search MATCH ?1"
        #expect(try old.texts(matching, [.text("\"とうき\"")]) == ["\(ruby)"])
        #expect(try old.texts(matching, [.text("\"東京都\"")]) == ["\(plain)"])
        try raw.execute("PRAGMA user_version = 15")

        let store = try FeedStore(path: path)
        try store.finishIndexing()
        let index = try RawConnection(path: store.searchIndexPath)
        #expect(try index.texts(SearchIndexMoveTests.tables) == SearchIndexMoveTests.postingsTables)
        #expect(try index.indexedArticles("とうき").isEmpty)
        #expect(try index.indexedArticles("東京都") == [ruby, plain].sorted())
        #expect(try store.search("東京都は").map(\.article.title) == ["天気"])
        #expect(try store.search("東京都").count == 2)
        #expect(try store.search("とうきょう").isEmpty)
        try SearchIndexMoveTests.expectBuiltFromTheArticles(path)
    }
}

@Suite("Search index of newsmenu's own postings (schema v18)")
struct OwnPostingsMigrationTests {
    @Test("an index file in FTS5's format beside a v17 database is replaced on opening, built from the articles: every article is found, old and new, nothing stale")
    func fts5IndexReplaced() throws {
        let fixture = try NewsAndTechStore()
        let path = fixture.temp.path("news.db")
        try fixture.store.store(feed([Article(id: "old", title: "Pangolin", link: "https://n.example/old", summary: "氷河の記録")]),
                                from: fixture.news, fetchedAt: date(1_000))
        try fixture.store.finishIndexing()
        let raw = try fixture.rawConnection()
        let applied = try #require(try raw.integer("SELECT MAX(seq) FROM search_log"))
        // Stored after the index last caught up: only the log names it.
        try fixture.store.store(feed([Article(id: "late", title: "Tapir", link: "https://t.example/late")]),
                                from: fixture.tech, fetchedAt: date(2_000))
        let pangolin = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'old'"))
        let tapir = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'late'"))
        // The index as v17 left it: FTS5's, holding the old article under a title it had
        // before and its text now, and a row of an article deleted behind the store's back.
        try writeFTS5SearchIndex(
            for: path,
            rows: [(pangolin, SearchText.of(title: "Armadillo", summary: nil, content: nil)),
                   (pangolin, SearchText.of(title: "Pangolin", summary: "氷河の記録", content: nil)),
                   (99, SearchText.of(title: "Stranger", summary: nil, content: nil))],
            appliedSeq: applied)
        try raw.execute("PRAGMA user_version = 17")
        #expect(try raw.texts("SELECT value FROM settings WHERE key = 'search_index.applied'") == ["\(applied)"])

        let store = try FeedStore(path: path)
        #expect(try raw.integer("PRAGMA user_version") == Int64(Migrations.latestVersion))
        try SearchIndexMoveTests.expectBuiltFromTheArticles(path)
        let index = try RawConnection(path: store.searchIndexPath)
        #expect(try index.everyIndexedArticle() == [pangolin, tapir])
        #expect(try index.indexedArticles("arm").isEmpty && index.indexedArticles("str").isEmpty)
        #expect(try store.search("pangolin").map(\.article.id) == [pangolin])
        #expect(try store.search("氷河").map(\.article.id) == [pangolin])
        #expect(try store.search("tapir").map(\.article.id) == [tapir])
        #expect(try store.search("armadillo").isEmpty && store.search("stranger").isEmpty)
        // And it goes on: a new article is indexed and found, with the old ones.
        try store.store(feed([Article(id: "new", title: "Quetzal", link: "https://t.example/new")]),
                        from: fixture.tech, fetchedAt: date(3_000))
        try store.finishIndexing()
        let quetzal = try #require(try raw.integer("SELECT id FROM articles WHERE guid = 'new'"))
        #expect(try index.indexedArticles("que") == [quetzal])
        let reader = try FeedStore(readingAt: path)
        for (term, id) in [("pangolin", pangolin), ("tapir", tapir), ("quetzal", quetzal), ("記録", pangolin)] {
            #expect(try store.search(term).map(\.article.id) == [id], "\(term)")
            #expect(try reader.search(term).map(\.article.id) == [id], "\(term), read-only")
        }
        try SearchIndexMoveTests.expectBuiltFromTheArticles(path)
    }

    @Test("an index emptied to be built again, left so by a process killed before the build, is built by the next open; a read-only store says to run vacuum")
    func emptiedIndexBuiltLater() throws {
        let (fixture, path) = try storedOcelot()
        // What `SearchIndexFile.open` leaves in place of an FTS5 index, and the v18 step in
        // the database: no record that the index is up to date.
        try SearchIndexFile.remove(for: path)
        let emptied = try RawConnection(path: SearchIndexFile.path(for: path))
        for sql in SearchIndexFile.tables { try emptied.execute(sql) }
        try emptied.execute("INSERT INTO search_state (applied_seq) VALUES (?1)", [.integer(SearchIndexFile.mustRebuildSeq)])
        try fixture.rawConnection().execute("DELETE FROM settings WHERE key = 'search_index.applied'")

        let reader = try FeedStore(readingAt: path)
        let error = #expect(throws: StoreError.self) { try reader.search("ocelot") }
        #expect(error?.path == fixture.store.searchIndexPath && error?.message.contains("newsmenu vacuum") == true)
        let store = try FeedStore(path: path)
        #expect(try store.search("ocelot").map(\.article.title) == ["Ocelot"])
        #expect(try FeedStore(readingAt: path).search("ocelot").map(\.article.title) == ["Ocelot"])
        try SearchIndexMoveTests.expectBuiltFromTheArticles(path)
    }

    @Test("an index left unbuilt while the database still records it as up to date is built by a writable store's search")
    func unbuiltBehindACaughtUpMark() throws {
        let (fixture, path) = try storedOcelot()
        // A rebuild killed after making the file new (a search found the index missing, and
        // the user pressed Ctrl-C): the mark in the database still says caught up.
        try SearchIndexFile.remove(for: path)
        _ = try SearchIndexFile.open(for: path)
        #expect(try SearchIndexUpdater.isCaughtUp(fixture.rawConnection().database))

        let reader = try FeedStore(readingAt: path)
        let error = #expect(throws: StoreError.self) { try reader.search("ocelot") }
        #expect(error?.message.contains("still to be built") == true)
        let store = try FeedStore(path: path)
        #expect(try store.search("ocelot").map(\.article.title) == ["Ocelot"])
        try SearchIndexMoveTests.expectBuiltFromTheArticles(path)
    }

    /// A store holding one indexed article titled Ocelot, and its database's path.
    private func storedOcelot() throws -> (NewsAndTechStore, String) {
        let fixture = try NewsAndTechStore()
        try fixture.store.store(feed([Article(id: "a", title: "Ocelot", link: "https://n.example/a")]),
                                from: fixture.news, fetchedAt: date(1_000))
        try fixture.store.finishIndexing()
        return (fixture, fixture.temp.path("news.db"))
    }
}
