// The search index in its own file (schema v13): written from the log on another thread,
// exact before it has caught up, caught up on the next open after a crash, built again when
// missing, damaged or not this database's, and moved out of a v12 database without tokenizing.
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

    /// Rows the index file names for `trigram`, as it is now (nothing applied first).
    private func indexedNow(_ trigram: String) throws -> Int64? {
        try RawConnection(path: store.searchIndexPath)
            .integer("SELECT COUNT(*) FROM article_search WHERE article_search MATCH ?1", [.text("\"\(trigram)\"")])
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
        #expect(try indexedNow("quo") == 0)
        #expect(try indexedNow("old") == 0)
        #expect(try indexedNow("zeb") == 1)
        #expect(try answers(terms) == afterRetention)
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
        try RawConnection(path: store.searchIndexPath)
            .execute("INSERT INTO article_search (article_search, rank) VALUES ('integrity-check', 1)")
    }

    /// The index file's segments: `_idx` names each segment's first leaf at least.
    private func segmentCount() throws -> Int64? {
        try RawConnection(path: store.searchIndexPath).integer("SELECT COUNT(DISTINCT segid) FROM article_search_idx")
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
            // Time for the indexer to apply each batch on its own: with a commit per catch-up
            // (or `search_state` written in each, which makes FTS5 write a segment) this run
            // leaves several segments.
            Thread.sleep(forTimeInterval: 0.2)
            #expect(try RawConnection(path: store.searchIndexPath).integer("SELECT applied_seq FROM search_state") == 0)
            #expect(try store.search("heron", limit: 1_000).count == 20 * (batch + 1))
        }
        try store.finishIndexing()
        #expect(try segmentCount() == 1)
        #expect(try indexedNow("her") == 120)
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
        // forget or add twice; the index's own transaction keeps both together, so the next
        // open applies nothing.
        _ = try FeedStore(path: databasePath)
        #expect(try indexedNow("cap") == 1)
        try RawConnection(path: store.searchIndexPath)
            .execute("INSERT INTO article_search (article_search, rank) VALUES ('integrity-check', 1)")
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
        try RawConnection(path: store.searchIndexPath).execute("INSERT INTO article_search (rowid, indexed_text) VALUES (99, 'stranger')")
        try reopened.finishIndexing()
        #expect(try indexedNow("str") == 0 && indexedNow("arm") == 1)
        // One behind what the log kept (made new after a trim) is built again on opening.
        try reopened.store(feed([article("a3", title: "Caracal")]), from: fixture.news, fetchedAt: date(2_000))
        try reopened.finishIndexing()
        try RawConnection(path: store.searchIndexPath).execute("UPDATE search_state SET applied_seq = 0")
        try RawConnection(path: store.searchIndexPath).execute("INSERT INTO article_search (article_search) VALUES ('delete-all')")
        try fixture.rawConnection().execute("DELETE FROM settings WHERE key = 'search_index.applied'")
        _ = try FeedStore(path: databasePath)
        #expect(try indexedNow("arm") == 1 && indexedNow("car") == 1)
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
        let index = try RawConnection(path: store.searchIndexPath)
        #expect(try index.integer("SELECT COUNT(DISTINCT segid) FROM article_search_idx") ?? 0 > 1)
        _ = try store.vacuum()
        #expect(try index.integer("SELECT COUNT(DISTINCT segid) FROM article_search_idx") == 1)
        #expect(try store.search("manatee", limit: 1_000).count == 400)
    }
}

@Suite("Search index move (schema v13)")
struct SearchIndexMoveTests {
    @Test("the v12 index is moved into its own file as it was, without tokenizing again, and goes on working")
    func movedAsItWas() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("v12.db")
        try FileManager.default.copyItem(atPath: FixtureDatabases.path(version: 12), toPath: path)
        let shadow = "SELECT id, hex(block) FROM article_search_data ORDER BY id"
        let before = try RawConnection(path: path).rows(shadow)
        #expect(before.count > 2)
        let secureDelete = "PRAGMA secure_delete"
        let defaultSecureDelete = try RawConnection(path: path).integer(secureDelete)
        let store = try FeedStore(path: path)
        // Turned off only to drop the old index: set back after.
        let setting = try store.database.prepare(secureDelete, "test")
        #expect(try setting.step() && setting.int64(at: 0) == defaultSecureDelete)
        // The copy went through the index's log, which a cold search would otherwise read whole.
        #expect(logSize(store.searchIndexPath) == 0)
        let index = try RawConnection(path: store.searchIndexPath)
        #expect(try index.rows(shadow) == before)
        #expect(try index.integer("SELECT applied_seq FROM search_state") == 0)
        #expect(try RawConnection(path: path).integer(
            "SELECT COUNT(*) FROM sqlite_schema WHERE name LIKE 'article_search%'") == 0)
        try index.execute("INSERT INTO article_search (article_search, rank) VALUES ('integrity-check', 1)")
        #expect(try store.search("大雨").map(\.article.id) == [2])
        try store.store(feed([Article(id: "w-9", title: "Axolotl", link: "https://site.example/ax")]),
                        from: "https://wire.example/feed", fetchedAt: date(1_600_000_000))
        try store.finishIndexing()
        #expect(try store.search("axolotl").count == 1)
        try index.execute("INSERT INTO article_search (article_search, rank) VALUES ('integrity-check', 1)")
    }

    @Test("a move interrupted before the database's step is made again over what it left")
    func interruptedMove() throws {
        let temp = try TemporaryDirectory()
        let path = temp.path("v12.db")
        try FileManager.default.copyItem(atPath: FixtureDatabases.path(version: 12), toPath: path)
        try SearchIndexMove.run(from: try Database(path: path))
        try RawConnection(path: SearchIndexFile.path(for: path)).execute("DELETE FROM article_search_idx")
        let store = try FeedStore(path: path)
        #expect(try store.search("大雨").map(\.article.id) == [2])
        try RawConnection(path: store.searchIndexPath)
            .execute("INSERT INTO article_search (article_search, rank) VALUES ('integrity-check', 1)")
    }
}

/// The size of the write-ahead log beside `path`, 0 when there is none.
func logSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
}

@Suite("Search without ruby readings (schema v16)")
struct RubyReadingMigrationTests {
    @Test("upgrading from v15 makes the index forget the readings it held and find the words as written")
    func readingsForgotten() throws {
        let fixture = try NewsAndTechStore()
        let summary = "<p>明日の<ruby>東京<rp>(</rp><rt>とうきょう</rt><rp>)</rp></ruby>都は晴れ。</p>"
        try fixture.store.store(feed([
            Article(id: "ruby", title: "天気", link: "https://n.example/ruby", summary: summary),
            Article(id: "plain", title: "株価", link: "https://n.example/plain", summary: "<p>東京都の株価</p>"),
        ]), from: fixture.news, fetchedAt: date(1_000))
        let index = try fixture.indexConnection()
        let id = try #require(try fixture.rawConnection().integer("SELECT id FROM articles WHERE guid = 'ruby'"))
        // The index as v15 left it: the article's text with its reading in the line.
        let forget = "INSERT INTO article_search (article_search, rowid, indexed_text) VALUES ('delete', ?1, ?2)"
        try index.execute(forget, [.integer(id), .text(SearchText.of(title: "天気", summary: summary, content: nil))])
        try index.execute("INSERT INTO article_search (rowid, indexed_text) VALUES (?1, ?2)",
                          [.integer(id), .text(SearchText.withReadings(title: "天気", summary: summary, content: nil))])
        let matching = "SELECT COUNT(*) FROM article_search WHERE article_search MATCH ?1"
        #expect(try index.integer(matching, [.text("\"とうき\"")]) == 1)
        #expect(try index.integer(matching, [.text("\"東京都\"")]) == 1)
        try fixture.rawConnection().execute("PRAGMA user_version = 15")

        let store = try FeedStore(path: fixture.temp.path("news.db"))
        try store.finishIndexing()
        #expect(try index.integer(matching, [.text("\"とうき\"")]) == 0)
        #expect(try index.integer(matching, [.text("\"東京都\"")]) == 2)
        #expect(try store.search("東京都は").map(\.article.title) == ["天気"])
        #expect(try store.search("東京都").count == 2)
        try index.execute("INSERT INTO article_search (article_search, rank) VALUES ('integrity-check', 1)")
    }
}

