// The database under faults, with the real binary: kill -9 during fetches, a damaged file,
// a full disk, a file the user cannot write.
import Foundation
import Testing
import NewsTestSupport
@testable import NewsStore

@Suite("the store under faults")
struct StoreFaultTests {
    let directory: TemporaryDirectory
    var database: String { directory.path + "/news.db" }

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func config(_ urls: [String], name: String = "feeds.json") throws -> String {
        let feeds = urls.map { "\"\($0)\"" }.joined(separator: ", ")
        return try directory.write(name, "{\"tabs\": [{\"name\": \"ニュース\", \"feeds\": [\(feeds)]}]}")
    }

    /// Every feed's articles, grouped by the response they came from: each group must be a
    /// whole document, never part of one.
    private func documentSizes() throws -> [Int64] {
        let raw = try Database(path: database)
        let query = try raw.prepare(
            "SELECT COUNT(*) FROM articles GROUP BY feed_id, substr(guid, 1, instr(guid, '-'))", "test")
        var sizes: [Int64] = []
        while try query.step() { sizes.append(query.int64(at: 0)) }
        return sizes
    }

    @Test("kill -9 at 24 moments of fetches leaves a sound database holding only whole documents")
    func killLoop() throws {
        let counter = RequestCounter()
        let server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/rss+xml"],
                  body: Data(NumberedRSS.document(counter.next(), items: 120).utf8))
        }
        let urls = (0..<6).map { "\(server.baseURL)/feed-\($0)" }
        let environment = ["NEWSMENU_CONFIG": try config(urls), "NEWSMENU_DB": database]
        for iteration in 0..<24 {
            let fetch = try NewsmenuProcess.start(["fetch", "--force"], environment: environment)
            // From just started to well into storing: 20 ms to 480 ms, a different moment each time.
            Thread.sleep(forTimeInterval: 0.02 + Double((iteration * 7) % 24) * 0.02)
            kill(fetch.processIdentifier, SIGKILL)
            fetch.waitUntilExit()
            // Before anything catches the index up: a search finds every stored article, the
            // ones the killed run had not indexed through the log. (A run killed before its
            // first migration committed left no database a reader can open.)
            if let reader = try? FeedStore(readingAt: database) {
                #expect(try reader.search("news", limit: 100_000).count == reader.articleCount(), "after kill \(iteration)")
            }
            let store = try FeedStore(path: database)
            #expect(try store.integrityCheck() == "ok", "after kill \(iteration)")
            #expect(try documentSizes().allSatisfy { $0 == 120 }, "after kill \(iteration)")
            // Opening for writing caught the index up: a sound file listing every article under
            // the trigrams of "news" (and, as the index only adds, perhaps some no longer stored).
            let index = try Database(path: store.searchIndexPath)
            let check = try index.prepare("PRAGMA integrity_check", "test")
            #expect(try check.step() && check.string(at: 0) == "ok", "after kill \(iteration)")
            let problems = try SearchSegments.problems(in: index, "test")
            #expect(problems.isEmpty, "after kill \(iteration): \(problems)")
            let postings = SearchPostingsReader(database: index, schema: "main", operation: "test")
            var listed = ArticleIDSet(upTo: 1 << 20)
            try postings.addArticles(holding: Array("new".utf8), to: &listed)
            var ews = ArticleIDSet(upTo: 1 << 20)
            try postings.addArticles(holding: Array("ews".utf8), to: &ews)
            listed.formIntersection(ews)
            let indexed = Set(listed.descending(from: .max))
            let ids = try Database(path: database).prepare("SELECT id FROM articles", "test")
            var stored = Set<Int64>()
            while try ids.step() { stored.insert(ids.int64(at: 0)) }
            #expect(try stored.count == store.articleCount() && stored.isSubset(of: indexed), "after kill \(iteration)")
        }
        let last = try NewsmenuProcess.run(["fetch", "--force"], environment: environment)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try documentSizes().allSatisfy { $0 == 120 })
        #expect(try FeedStore(path: database).articleCount() >= 6 * 120)
    }

    @Test("a feed whose articles cannot be stored fails alone: the feeds stored with it keep theirs")
    func oneFeedFailsInABatch() throws {
        // Made to the latest schema, then given a trigger that refuses one article of
        // document 3: its feed's write fails halfway through, after storing some articles.
        _ = try FeedStore(path: database)
        try Database(path: database).execute("""
            CREATE TRIGGER refuse_one BEFORE INSERT ON articles WHEN NEW.guid = 'd3-i4'
            BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
            """, "test")
        var urls: [String] = []
        for document in 1...8 {
            try directory.write("\(document).rss", NumberedRSS.document(document, items: 6))
            urls.append("file://\(directory.path)/\(document).rss")
        }
        let run = try NewsmenuProcess.run(["fetch", "--json", "--config", try config(urls), "--db", database])
        #expect(run.status == 1)
        let refused = run.stdout.split(separator: "\n").filter { $0.contains("refused by the test") }
        #expect(refused.count == 1 && refused[0].contains("/3.rss") && refused[0].contains("\"result\": \"failed\""),
                "\(run.stdout)")
        // Seven whole documents; nothing of the third, not even the articles before the refused one.
        #expect(try documentSizes() == Array(repeating: 6, count: 7))
        let store = try FeedStore(path: database)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.search("記事 5-5").count == 1 && store.search("記事 3-1").isEmpty)
        #expect(try store.feedHealth().first { $0.url.hasSuffix("/3.rss") }?.failureCount == 1)
    }

    @Test("vacuum copies the database through a temporary file, not memory: 300 MB more take well under 300 MB more")
    func vacuumOutOfMemory() throws {
        try directory.write("one.rss", NumberedRSS.document(1, items: 20))
        let environment = ["NEWSMENU_CONFIG": try config(["file://\(directory.path)/one.rss"]), "NEWSMENU_DB": database]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        // The process's own peak on a small database: a sanitized build's is several times an
        // ordinary one's.
        let small = try MeasuredProcess.run(NewsmenuProcess.binary.path, ["vacuum"], environment: environment)
        #expect(small.status == 0, "\(small.stderr)")
        // 150,000 articles of 2 KB beside the feed's own, and then the feed's own deleted, so
        // that the vacuum has pages to give back.
        let raw = try Database(path: database)
        try raw.execute(
            """
            INSERT INTO articles (feed_id, guid, title, content, first_seen)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150000)
            SELECT (SELECT MIN(id) FROM feeds), 'filler-' || i, 'filler', hex(randomblob(1000)), 0 FROM n
            """, "test")
        try raw.execute("DELETE FROM articles WHERE guid NOT LIKE 'filler-%'", "test")
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)", "test")
        let size = try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int ?? 0
        #expect(size > 300_000_000)
        let large = try MeasuredProcess.run(NewsmenuProcess.binary.path, ["vacuum"], environment: environment)
        #expect(large.status == 0, "\(large.stderr)")
        // In memory, the copy alone added the database's size (400 MB of peak in all).
        let added = large.peakResidentKiB - small.peakResidentKiB
        #expect(added < size / 1024 / 2, "peak \(small.peakResidentKiB) KiB, then \(large.peakResidentKiB) KiB")
        let count = try raw.prepare("SELECT COUNT(*) FROM articles", "test")
        #expect(try count.step() && count.int64(at: 0) == 150_000)
        #expect(try FeedStore(path: database).integrityCheck() == "ok")
    }

    @Test("a garbage or truncated file is named with what to do, never a crash",
          arguments: ["garbage", "truncated"])
    func damagedFile(kind: String) throws {
        try directory.write("one.rss", NumberedRSS.document(1, items: 400))
        let environment = ["NEWSMENU_CONFIG": try config(["file://\(directory.path)/one.rss"]), "NEWSMENU_DB": database]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        // Moves everything from the log into the file, so the damage cannot be repaired from it.
        #expect(try NewsmenuProcess.run(["vacuum"], environment: environment).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        let damaged = kind == "garbage" ? Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
                                        : bytes.prefix(bytes.count / 3)
        try damaged.write(to: URL(fileURLWithPath: database))
        for command in [["show", "--color", "never"], ["tabs"], ["search", "東京"], ["fetch"], ["read", "1"]] {
            let run = try NewsmenuProcess.run(command, environment: environment)
            #expect(run.status == 1, "\(command) \(run.stderr)")
            #expect(run.stderr.contains(database) && run.stderr.contains("move it aside")
                    && run.stderr.contains("creates a new one"), "\(command) \(run.stderr)")
        }
        // The advice, followed as written, leaves nothing of the old database in the way:
        // the next fetch makes a new one whose search finds what it stored.
        let told = try NewsmenuProcess.run(["tabs"], environment: environment).stderr
        let advice = try #require(told.range(of: "move it aside (").flatMap { start in
            told[start.upperBound...].range(of: ") and newsmenu").map { String(told[start.upperBound..<$0.lowerBound]) }
        })
        let moved = try NewsmenuProcess.runProgram("/bin/sh", ["-c", advice])
        #expect(moved.status == 0, "\(advice): \(moved.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database))
        #expect(!FileManager.default.fileExists(atPath: database + ".search"))
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        let found = try NewsmenuProcess.run(["search", "記事 1-399"], environment: environment)
        #expect(found.status == 0 && found.stdout.contains("[記事] [1-399] news"), "\(found.stdout) \(found.stderr)")
    }

    /// Stores a feed's 30 articles, vacuums (nothing is left in the log) and damages the
    /// articles table's one leaf: it then says it holds 5 cells, and a scan reads 5 articles,
    /// with no error. Returns the environment naming the config and the database.
    private func thirtyStoredArticleTableReadingShort() throws -> [String: String] {
        try directory.write("one.rss", NumberedRSS.document(1, items: 30))
        let environment = ["NEWSMENU_CONFIG": try config(["file://\(directory.path)/one.rss"]), "NEWSMENU_DB": database]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        #expect(try NewsmenuProcess.run(["vacuum"], environment: environment).status == 0)
        let (root, pageSize) = try {
            let raw = try Database(path: database)
            let query = try raw.prepare(
                "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_master WHERE name = 'articles'", "test")
            #expect(try query.step())
            return (query.int64(at: 0), query.int64(at: 1))
        }()
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: database))
        try file.seek(toOffset: UInt64((root - 1) * pageSize + 3))
        try file.write(contentsOf: Data([0, 5]))
        try file.close()
        return environment
    }

    @Test("an article table that reads short is never indexed as it reads: the search names the damage")
    func shortArticleTableNotIndexed() throws {
        let environment = try thirtyStoredArticleTableReadingShort()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + ".search" + suffix) }
        let search = try NewsmenuProcess.run(["search", "1-20"], environment: environment)
        #expect(search.status == 1)
        #expect(search.stderr.contains("the articles table is damaged") && search.stderr.contains("move it aside"),
                "\(search.stderr)")
        // Asked again, it says the same: no empty index was left behind to answer instead.
        let again = try NewsmenuProcess.run(["search", "1-20"], environment: environment)
        #expect(again.status == 1 && again.stderr.contains("the articles table is damaged"), "\(again.stderr)")
    }

    @Test("vacuum leaves a damaged database as it is and says what to do, where its copy would drop articles")
    func vacuumRefusesDamage() throws {
        let environment = try thirtyStoredArticleTableReadingShort()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: database))
        let vacuum = try NewsmenuProcess.run(["vacuum"], environment: environment)
        #expect(vacuum.status == 1)
        #expect(vacuum.stderr.contains(database) && vacuum.stderr.contains("the database is damaged")
                && vacuum.stderr.contains("move it aside"), "\(vacuum.stderr)")
        // Not rewritten: the 25 articles a scan cannot see are still in the file for a repair.
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == damaged)
    }

    @Test("a missing or damaged search index is built again by search, fetch and vacuum, never a crash",
          arguments: ["search", "fetch", "vacuum"])
    func damagedSearchIndex(command: String) throws {
        try directory.write("one.rss", NumberedRSS.document(1, items: 30))
        let environment = ["NEWSMENU_CONFIG": try config(["file://\(directory.path)/one.rss"]), "NEWSMENU_DB": database]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        for damage in ["garbage", "missing"] {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + ".search" + suffix) }
            if damage == "garbage" {
                try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
                    .write(to: URL(fileURLWithPath: database + ".search"))
            }
            let run = try NewsmenuProcess.run(command == "search" ? ["search", "1-7"] : [command], environment: environment)
            #expect(run.status == 0, "\(damage) \(run.stderr)")
            let search = try NewsmenuProcess.run(["search", "東京の天気", "--limit", "100"], environment: environment)
            #expect(search.status == 0 && search.stdout.components(separatedBy: "記事 1-").count == 31, "\(damage) \(search.stderr)")
        }
    }

    /// Whether a tmpfs can be mounted in a private mount namespace: the way to make a disk
    /// really full.
    static let canMountTmpfs = MountNamespace.isAvailable

    /// A database holding the 5 articles of small.rss, and the config of both.json, which adds
    /// big.rss's 3,000: more than the full disks below take.
    private func smallStoredBigToCome() throws -> String {
        try directory.write("small.rss", NumberedRSS.document(1, items: 5))
        try directory.write("big.rss", NumberedRSS.document(2, items: 3000))
        let small = "file://\(directory.path)/small.rss"
        _ = try NewsmenuProcess.run(["fetch"], environment: ["NEWSMENU_CONFIG": try config([small]), "NEWSMENU_DB": database])
        return try config([small, "file://\(directory.path)/big.rss"], name: "both.json")
    }

    /// Runs `script` in a private mount namespace (where it mounts its full disk); returns
    /// the exit status of the fetch it wrote to `status`, and what it wrote to `stderr`.
    private func inMountNamespace(_ script: String) throws -> (status: String, stderr: String) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        shell.arguments = ["-m", "sh", "-c", script]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let status = try String(contentsOfFile: directory.path + "/status", encoding: .utf8)
        return (status.trimmingCharacters(in: .whitespacesAndNewlines),
                try String(contentsOfFile: directory.path + "/stderr", encoding: .utf8))
    }

    @Test("a first fetch whose database cannot be made names it and exits, with its downloads already started")
    func databaseCannotBeMade() throws {
        // Every answer takes 20 s: the run must not wait for the downloads it started
        // before it tried to make the database.
        let server = try LoopbackHTTPServer { _ in .init(contentType: "application/rss+xml", body: "<rss/>", delay: 20) }
        let feeds = try config((1...4).map { server.baseURL + "/feed\($0).xml" })
        try FileManager.default.createSymbolicLink(atPath: database, withDestinationPath: directory.path + "/missing/news.db")
        let started = Date()
        let run = try NewsmenuProcess.run(["fetch", "--config", feeds, "--db", database])
        #expect(run.status == 1)
        #expect(run.stderr.contains("database") && run.stderr.contains(database), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        #expect(Date().timeIntervalSince(started) < 15)
    }

    @Test("a full disk fails the feed's transaction with a clear message and keeps the old articles",
          .enabled(if: canMountTmpfs, "needs a tmpfs mount in a private mount namespace"))
    func fullDisk() throws {
        let both = try smallStoredBigToCome()
        let binary = NewsmenuProcess.binary.path
        let mounted = directory.path + "/full"
        // A 1 MB tmpfs holding a copy of the database, a fetch that cannot fit, then the copy
        // brought back out for checking.
        let (status, stderr) = try inMountNamespace("""
            mkdir -p '\(mounted)' '\(directory.path)/after' && mount -t tmpfs -o size=1m tmpfs '\(mounted)' || exit 99
            cp '\(database)' '\(database)-wal' '\(mounted)/' || exit 98
            '\(binary)' fetch --force --config '\(both)' --db '\(mounted)/news.db' 2> '\(directory.path)/stderr'
            echo $? > '\(directory.path)/status'
            cp '\(mounted)/news.db' '\(mounted)/news.db-wal' '\(directory.path)/after/'
            """)
        #expect(status == "1")
        #expect(stderr.contains("disk is full") && stderr.contains("\(mounted)/news.db")
                && stderr.contains("stored articles are as they were"), "\(stderr)")
        let after = try FeedStore(path: directory.path + "/after/news.db")
        #expect(try after.integrityCheck() == "ok")
        #expect(try after.articleCount() == 5)
    }

    @Test("a full disk under the search index alone fails the fetch naming the index, and keeps every article",
          .enabled(if: canMountTmpfs, "needs a tmpfs mount in a private mount namespace"))
    func fullDiskUnderIndex() throws {
        let both = try smallStoredBigToCome()
        let binary = NewsmenuProcess.binary.path
        let mounted = directory.path + "/full"
        // The index file and its log moved onto a 256 KB tmpfs and a symbolic link left in its
        // place (SQLite keeps the log beside the file the link leads to), the database where
        // it was, a fetch whose index cannot fit, then a show and a search on the full disk.
        // With 16 KB pages the small index opens in 192 KB and 3,000 more articles overflow
        // up to about 320 KB.
        let (status, stderr) = try inMountNamespace("""
            mkdir -p '\(mounted)' && mount -t tmpfs -o size=256k tmpfs '\(mounted)' || exit 99
            mv '\(database).search' '\(mounted)/index' && ln -s '\(mounted)/index' '\(database).search' || exit 98
            rm -f '\(database).search-shm'; mv '\(database).search-wal' '\(mounted)/index-wal' 2> /dev/null
            '\(binary)' fetch --force --config '\(both)' --db '\(database)' 2> '\(directory.path)/stderr'
            echo $? > '\(directory.path)/status'
            '\(binary)' show --print --config '\(both)' --db '\(database)' > '\(directory.path)/show'
            '\(binary)' search 2-2999 --color never --config '\(both)' --db '\(database)' > '\(directory.path)/search'
            """)
        #expect(status == "1")
        #expect(stderr.contains("\(database).search") && stderr.contains("disk is full")
                && stderr.contains("the articles are stored"), "\(stderr)")
        // While the index's disk was still full: shown, and found through the search log.
        #expect(try String(contentsOfFile: directory.path + "/show", encoding: .utf8).contains("記事 2-"))
        #expect(try String(contentsOfFile: directory.path + "/search", encoding: .utf8).contains("記事 [2-2999] news"))
        let after = try FeedStore(path: database)
        #expect(try after.integrityCheck() == "ok")
        #expect(try after.articleCount() == 3005)
        // Outside the namespace the link leads nowhere, and the index is built again from the articles.
        let search = try NewsmenuProcess.run(["search", "2-2999", "--config", both, "--db", database])
        #expect(search.status == 0 && search.stdout.contains("2-2999"), "\(search.stderr)")
    }

    @Test("a database the user cannot write is still shown, listed and searched; fetch says it needs write access")
    func readOnly() throws {
        try directory.write("one.rss", NumberedRSS.document(1, items: 3))
        let configPath = try config(["file://\(directory.path)/one.rss"])
        let environment = ["NEWSMENU_CONFIG": configPath, "NEWSMENU_DB": database]
        #expect(try NewsmenuProcess.run(["fetch"], environment: environment).status == 0)
        // Root writes any file whatever its mode, so run as nobody; others lose write by mode.
        let asReader: (([String]) throws -> NewsmenuRun)
        if getuid() == 0 {
            asReader = { arguments in
                try Self.runAsNobody(arguments + ["--config", configPath, "--db", database])
            }
        } else {
            #expect(chmod(database, 0o444) == 0 && chmod(directory.path, 0o555) == 0)
            asReader = { arguments in try NewsmenuProcess.run(arguments, environment: environment) }
        }
        defer { _ = chmod(directory.path, 0o755) }
        let show = try asReader(["show", "--color", "never"])
        #expect(show.status == 0 && show.stdout.contains("記事 1-2 news"), "\(show.stderr)")
        let tabs = try asReader(["tabs"])
        #expect(tabs.status == 0 && tabs.stdout.contains("ニュース"))
        let search = try asReader(["search", "1-1"])
        #expect(search.status == 0 && search.stdout.contains("[1-1]"))
        #expect(try asReader(["status"]).status == 0)
        let fetch = try asReader(["fetch"])
        #expect(fetch.status == 1 && fetch.stderr.contains(database))
        let read = try asReader(["read", "1"])
        #expect(read.status == 1 && read.stderr.contains("read-only"))
    }

    /// Runs newsmenu as the unprivileged user nobody, with a clean environment.
    private static func runAsNobody(_ arguments: [String]) throws -> NewsmenuRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", NewsmenuProcess.binary.path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return NewsmenuRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                           stderr: String(decoding: errData, as: UTF8.self))
    }
}
