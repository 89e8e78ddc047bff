// `newsmenu fetch` with every network fault in one run beside good feeds: each fault is
// one clear failure naming its feed, every good feed is stored, the database stays sound,
// and the run ends within a ceiling derived from the configured limits, its memory bounded
// although one feed is a gzip bomb of 1 GB.
import Foundation
import Testing
import NewsStore
import NewsTestSupport

@Suite("fetch through network faults")
struct NetworkFaultRunTests {
    let directory: TemporaryDirectory
    let database: String

    /// Every transfer runs at once and ends within `timeout`; the ceiling is three times
    /// that, for starting, parsing and storing on a loaded machine. Normal is about 3 s.
    static let timeout = 5.0
    static let fetchSection = """
        "fetch": {"concurrency": 32, "per_host": 16, "timeout": \(timeout), "connect_timeout": 2,
                  "low_speed_limit": 1000, "low_speed_time": 2, "max_body_mb": 1}
        """
    static let runCeiling = 3 * timeout
    /// A capped run stays near its normal 30–60 MiB; the bomb alone inflates to 1 GB.
    static let memoryCeilingKiB = 256 * 1024

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.path + "/news.db"
    }

    private func environment(faults: [String], good: [String]) throws -> [String: String] {
        func list(_ urls: [String]) -> String { urls.map { "\"\($0)\"" }.joined(separator: ", ") }
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "faults", "feeds": [\(list(faults))]}, {"name": "good", "feeds": [\(list(good))]}],
             \(Self.fetchSection)}
            """)
        return ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": database, "PATH": "/usr/bin:/bin",
                "HOME": FileManager.default.temporaryDirectory.path, "LANG": "C.UTF-8"]
    }

    private func jsonLines(_ text: String) throws -> [String: [String: Any]] {
        let objects = try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return Dictionary(objects.map { ($0["url"] as? String ?? "", $0) }) { first, _ in first }
    }

    /// A good feed on disk, read through libcurl as a file: URL.
    private func fileFeed(_ name: String) throws -> String {
        let atom = String(decoding: try NewsmenuProcess.fixture("world.atom"), as: UTF8.self)
        return "file://" + (try directory.write(name, atom.replacingOccurrences(of: "geneva-talks", with: name)))
    }

    @Test("every fault fails once with its URL, the good feeds are all stored, within time and memory")
    func everyFaultInOneRun() throws {
        let atom = try NewsmenuProcess.fixture("world.atom")
        let bomb = GzipBomb.make(compressedZeroBytes: 1_000_000)
        let faults = try LoopbackHTTPServer { request in
            switch request.path {
            case "/reset": return .init(body: atom, fault: .resetMidBody(afterBytes: 200))
            case "/silent": return .init(fault: .closeBeforeHeaders(prefix: ""))
            case "/cut-headers": return .init(fault: .closeBeforeHeaders(prefix: "HTTP/1.1 200 OK\r\nContent-Ty"))
            case "/drip": return .init(body: atom, pacing: .drip(interval: 1))
            case "/endless": return .init(body: atom, fault: .endlessBody)
            case "/bomb": return .init(headers: ["Content-Type": "application/atom+xml", "Content-Encoding": "gzip"], body: bomb)
            case "/longer": return .init(body: atom, fault: .wrongContentLength(announced: atom.count + 500))
            case "/shorter": return .init(body: atom, fault: .wrongContentLength(announced: atom.count / 2))
            case "/chunks": return .init(body: Data("10\r\n<feed xmlns=\"x\">\r\nzz\r\n".utf8), fault: .rawChunked)
            case "/to-file": return .init(status: 302, headers: ["Location": "file:///etc/passwd"])
            case "/to-ftp": return .init(status: 302, headers: ["Location": "ftp://127.0.0.1/feed.xml"])
            case "/to-gopher": return .init(status: 302, headers: ["Location": "gopher://127.0.0.1/1feed"])
            default: return .init(status: 302, headers: ["Location": request.path == "/loop-a" ? "/loop-b" : "/loop-a"])
            }
        }
        let good = try LoopbackHTTPServer(host: "127.0.0.2") { request in
            .init(headers: ["Content-Type": "application/atom+xml"],
                  body: Data(String(decoding: atom, as: UTF8.self).replacingOccurrences(of: "geneva-talks", with: request.path).utf8))
        }
        let tls = try SelfSignedTLSServer()
        let faultURLs = ["/reset", "/silent", "/cut-headers", "/drip", "/endless", "/bomb", "/longer", "/shorter",
                         "/chunks", "/to-file", "/to-ftp", "/to-gopher", "/loop-a"].map { faults.baseURL + $0 }
            + [tls.baseURL + "/feed.xml"]
        let goodURLs = try (0..<4).map { "\(good.baseURL)/good-\($0)" } + [fileFeed("local-a.atom"), fileFeed("local-b.atom")]
        let env = try environment(faults: faultURLs, good: goodURLs)

        let run = try MeasuredProcess.run(NewsmenuProcess.binary.path, ["fetch", "--json"], environment: env)
        print("network-fault-run: \(faultURLs.count) faults + \(goodURLs.count) good feeds in "
              + "\(String(format: "%.2f", run.seconds)) s, child peak RSS \(run.peakResidentKiB) KiB")
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.seconds < Self.runCeiling)
        #expect(run.peakResidentKiB > 0 && run.peakResidentKiB < Self.memoryCeilingKiB)
        let byURL = try jsonLines(run.stdout)
        #expect(byURL.count == faultURLs.count + goodURLs.count)
        for url in faultURLs {
            let object = byURL[url]
            #expect(object?["result"] as? String == "failed", "\(url): \(object ?? [:])")
            let error = object?["error"] as? String ?? ""
            #expect(error.hasPrefix(url + ": "), "\(url): \(error)")
            print("network-fault-run: \(error)")
        }
        for url in goodURLs {
            #expect(byURL[url]?["result"] as? String == "stored", "\(url): \(byURL[url] ?? [:])")
            #expect(byURL[url]?["new_articles"] as? Int == 1, "\(url)")
        }
        let store = try FeedStore(path: database)
        #expect(try store.articleCount() == goodURLs.count)
        #expect(try store.integrityCheck() == "ok")

        // The same run as cron sees it: one line per fault on stderr, naming it, then the summary.
        let cron = try MeasuredProcess.run(NewsmenuProcess.binary.path, ["fetch", "--force"], environment: env)
        #expect(cron.status == 1)
        let lines = cron.stderr.split(separator: "\n").map(String.init)
        for url in faultURLs {
            #expect(lines.filter { $0.contains(url) }.count == 1, "\(url) in:\n\(cron.stderr)")
            #expect(lines.contains { $0.hasPrefix("failed (") && $0.contains("): \(url): ") }, "\(url) in:\n\(cron.stderr)")
        }
        #expect(lines.filter { $0.hasPrefix("failed (") }.count == faultURLs.count, "\(cron.stderr)")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a feed whose host does not resolve fails alone, under unshare -n so no DNS query leaves the machine")
    func unresolvableHost() throws {
        let probe = try MeasuredProcess.run("/usr/bin/unshare", ["-n", "true"], environment: [:])
        guard probe.status == 0 else {
            let reason = probe.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            Issue.record("not tested: `unshare -n` is not permitted here (\(reason)); a name that does not resolve cannot be tried without asking the real DNS server",
                         severity: .warning)
            return
        }
        let missing = "http://feeds.newsmenu.invalid/feed.xml"
        let goodURLs = try [fileFeed("a.atom"), fileFeed("b.atom")]
        let env = try environment(faults: [missing], good: goodURLs)
        let run = try MeasuredProcess.run("/usr/bin/unshare", ["-n", NewsmenuProcess.binary.path, "fetch", "--json"],
                                          environment: env)
        print("network-fault-run: name that does not resolve in \(String(format: "%.2f", run.seconds)) s, "
              + "child peak RSS \(run.peakResidentKiB) KiB")
        #expect(run.status == 1)
        #expect(run.seconds < Self.runCeiling)
        let byURL = try jsonLines(run.stdout)
        let error = byURL[missing]?["error"] as? String ?? ""
        #expect(error.hasPrefix(missing + ": the host name does not resolve"), "\(error)")
        print("network-fault-run: \(error)")
        for url in goodURLs {
            #expect(byURL[url]?["result"] as? String == "stored", "\(url): \(byURL[url] ?? [:])")
        }
        #expect(try FeedStore(path: database).integrityCheck() == "ok")
    }
}
