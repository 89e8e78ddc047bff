// `newsmenu fetch` as cron runs it, against loopback servers: conditional requests, the
// schedule, moved and gone feeds, Retry-After, the lock, a killed run, proxies, reports.
import Foundation
import Testing
import NewsStore
import NewsTestSupport

@Suite("fetch behaviour")
struct FetchBehaviourTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.path + "/news.db"
    }

    /// Writes a one-tab config listing `urls` and returns the environment that uses it.
    private func environment(_ urls: [String]) throws -> [String: String] {
        try OneTabConfig.environment(urls, in: directory, database: database)
    }

    private func atom() throws -> Data {
        try NewsmenuProcess.fixture("world.atom")
    }

    private func requests(to server: LoopbackHTTPServer, path: String) -> [LoopbackHTTPServer.Request] {
        server.requests.filter { $0.path == path }
    }

    @Test("the second run sends the validators back byte for byte and a 304 stores nothing")
    func conditionalGet() throws {
        let body = try atom()
        let etag = "W/\"5e-ニュース\""
        let modified = "Mon, 30 Nov 2026 01:02:03 GMT"
        let server = try LoopbackHTTPServer { request in
            request.headers["if-none-match"] == etag
                ? .init(status: 304)
                : .init(headers: ["Content-Type": "application/atom+xml", "ETag": etag, "Last-Modified": modified], body: body)
        }
        let env = try environment([server.baseURL + "/feed"])
        #expect(try NewsmenuProcess.run(["fetch"], environment: env).status == 0)
        let second = try NewsmenuProcess.run(["fetch", "--force", "--verbose"], environment: env)
        #expect(second.status == 0)
        #expect(second.stderr.contains("unchanged (304)"))
        let conditional = try #require(server.requests.last)
        #expect(conditional.headers["if-none-match"] == etag)
        #expect(conditional.headers["if-modified-since"] == modified)
        let status = try NewsmenuProcess.run(["status", "--json"], environment: env)
        let rows = try #require(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
        #expect(rows.first?["not_modified"] as? Int == 1)
        #expect(rows.first?["articles"] as? Int == 1)
    }

    @Test("a validator holding bytes that are not UTF-8 is stored and sent back byte for byte, so a 304 comes",
          arguments: [("ETag", "if-none-match"), ("Last-Modified", "if-modified-since")])
    func validatorBytes(field: String, returnedAs: String) throws {
        let body = try atom()
        // RFC 9110 obs-text: 0xE9 is é in ISO-8859-1, and no UTF-8 at all.
        let value = field == "ETag" ? Array("\"r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9, 0x22]
                                    : Array("Mon, 30 Nov 2026 01:02:03 GMT".utf8) + [0xA0]
        let server = try LoopbackHTTPServer { request in
            request.headerBytes[returnedAs] == value
                ? .init(status: 304)
                : .init(headers: ["Content-Type": "application/atom+xml"], headerLines: [(field, value)], body: body)
        }
        let env = try environment([server.baseURL + "/feed"])
        #expect(try NewsmenuProcess.run(["fetch"], environment: env).status == 0)
        for _ in 0..<2 {
            let again = try NewsmenuProcess.run(["fetch", "--force", "--verbose"], environment: env)
            #expect(again.stderr.contains("unchanged (304)"), "\(again.stderr)")
        }
        #expect(server.requests.last?.headerBytes[returnedAs] == value)
    }

    @Test("a 304 to the first, unconditional request fails the feed, and its ETag is not kept")
    func unconditionalNotModified() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 304, headers: ["ETag": "\"zz\""]) }
        let url = server.baseURL + "/feed"
        let env = try environment([url])
        let first = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(first.status == 1)
        #expect(first.stderr.contains("\(url): the server answered 304 Not Modified to a request that was not conditional"),
                "\(first.stderr)")
        _ = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.headers["if-none-match"] == nil })
        let status = try NewsmenuProcess.run(["status", "--json"], environment: env)
        let row = try #require((JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(row["consecutive_failures"] as? Int == 2)
    }

    @Test("a feed is not fetched again before it is due, unless forced")
    func notDue() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/atom+xml"], body: body) }
        let env = try environment([server.baseURL + "/feed"])
        #expect(try NewsmenuProcess.run(["fetch"], environment: env).status == 0)
        let second = try NewsmenuProcess.run(["fetch", "--verbose"], environment: env)
        #expect(second.status == 0)
        #expect(second.stderr.contains("not due for 29m") || second.stderr.contains("not due for 30m"))
        // Not fetched in this run: no status of this run's to show.
        #expect(second.stderr.contains("  -            not due for"), "\(second.stderr)")
        let json = try NewsmenuProcess.run(["fetch", "--json"], environment: env)
        let skipped = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(skipped["result"] as? String == "not_due" && skipped["status"] is NSNull, "\(json.stdout)")
        #expect(server.requests.count == 1)
        let forced = try NewsmenuProcess.run(["fetch", "--force", "--verbose"], environment: env)
        #expect(server.requests.count == 2)
        // No validators from this server: the same bytes again are recognised and not parsed.
        #expect(forced.stderr.contains("unchanged (same body)"))
    }

    @Test("a permanent redirect is followed from then on and reported until the config changes")
    func movedFeed() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .init(status: 301, headers: ["Location": "/new"])
                                   : .init(headers: ["Content-Type": "application/atom+xml"], body: body)
        }
        let env = try environment([server.baseURL + "/old"])
        let first = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(first.status == 0)
        #expect(first.stderr == "moved: \(server.baseURL)/old now redirects permanently to \(server.baseURL)/new; update the config\n")
        let second = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        #expect(second.stderr.contains("moved: \(server.baseURL)/old"))
        #expect(requests(to: server, path: "/old").count == 1)
        #expect(requests(to: server, path: "/new").count == 2)
    }

    @Test("under --quiet (cron) a permanent move is said once, on the run that finds it, and logged every run")
    func movedFeedQuietly() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .init(status: 308, headers: ["Location": "/new"])
                                   : .init(headers: ["Content-Type": "application/atom+xml"], body: body)
        }
        var env = try environment([server.baseURL + "/old"])
        env["XDG_STATE_HOME"] = directory.path + "/state"
        let moved = "moved: \(server.baseURL)/old now redirects permanently to \(server.baseURL)/new; update the config"
        let first = try NewsmenuProcess.run(["fetch", "--quiet"], environment: env)
        #expect(first.status == 0)
        #expect(first.stderr == moved + "\n")
        let second = try NewsmenuProcess.run(["fetch", "--quiet", "--force"], environment: env)
        #expect(second.status == 0)
        #expect(second.stderr == "")
        let log = try String(contentsOfFile: directory.path + "/state/newsmenu/fetch.log", encoding: .utf8)
        #expect(log.split(separator: "\n").filter { $0.hasSuffix("   " + moved) }.count == 2, "\(log)")
    }

    /// Each feed's consecutive failures and minutes until it is due, from `status --json`.
    private func schedules(_ env: [String: String]) throws -> [(failures: Int, minutesDue: Double)] {
        let status = try NewsmenuProcess.run(["status", "--json"], environment: env)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
        let parse = ISO8601DateFormatter()
        return rows.map { row in
            let due = (row["next_due"] as? String).flatMap(parse.date(from:)) ?? .distantPast
            return (row["consecutive_failures"] as? Int ?? -1, due.timeIntervalSinceNow / 60)
        }
    }

    @Test("when no server answers on two hosts (offline, a proxy down), the failures are recorded but nothing backs off")
    func offlineRunDoesNotBackOff() throws {
        let refusing = try RefusingPort()
        // Two host names for the one refusing port: a machine that reaches no server at all.
        let env = try environment(["http://127.0.0.1:\(refusing.port)/a", "http://localhost:\(refusing.port)/b"])
        let first = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(first.status == 1)
        #expect(first.stderr.contains("no server answered (offline, or a proxy that does not?): the feeds are due again as usual"),
                "\(first.stderr)")
        _ = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        let offline = try schedules(env)
        #expect(offline.count == 2)
        // Backed off, a second failure waits about an hour (48-72 minutes with its jitter).
        #expect(offline.allSatisfy { $0.failures == 2 && $0.minutesDue > 25 && $0.minutesDue <= 30.5 }, "\(offline)")
    }

    @Test("under --quiet (cron) a feed's failure is said on the run it begins failing, and again only after it worked")
    func quietSaysNewFailuresOnly() throws {
        // The flaky feed fails once this file exists.
        let failing = directory.path + "/flaky-fails"
        let server = try LoopbackHTTPServer { request in
            request.path == "/dead" || FileManager.default.fileExists(atPath: failing) ? .init(status: 404)
                : .init(contentType: "application/rss+xml", body: "<rss version=\"2.0\"><channel><title>t</title></channel></rss>")
        }
        let env = try environment([server.baseURL + "/dead", server.baseURL + "/flaky"])
        let first = try NewsmenuProcess.run(["fetch", "--quiet"], environment: env)
        #expect(first.status == 1)
        #expect(first.stderr.contains("/dead") && !first.stderr.contains("/flaky"), "\(first.stderr)")
        // Still dead: no news, no mail; the exit status still says a feed failed.
        let second = try NewsmenuProcess.run(["fetch", "--quiet", "--force"], environment: env)
        #expect(second.status == 1 && second.stderr.isEmpty, "\(second.stderr)")
        try directory.write("flaky-fails", "")
        let third = try NewsmenuProcess.run(["fetch", "--quiet", "--force"], environment: env)
        #expect(third.stderr.contains("/flaky") && !third.stderr.contains("/dead"), "\(third.stderr)")
        // Without --quiet every failure is still listed.
        let plain = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        #expect(plain.stderr.contains("/flaky") && plain.stderr.contains("/dead"), "\(plain.stderr)")
    }

    @Test("under --quiet an offline run says so in one line, once")
    func quietOfflineRunIsOneLine() throws {
        let refusing = try RefusingPort()
        let env = try environment((0..<6).map { "http://\($0.isMultiple(of: 2) ? "127.0.0.1" : "localhost"):\(refusing.port)/f\($0)" })
        let first = try NewsmenuProcess.run(["fetch", "--quiet"], environment: env)
        #expect(first.status == 1)
        #expect(first.stderr.hasPrefix("offline: no server answered, 6 feeds not fetched")
                && first.stderr.split(separator: "\n").count == 1, "\(first.stderr)")
        let second = try NewsmenuProcess.run(["fetch", "--quiet", "--force"], environment: env)
        #expect(second.status == 1 && second.stderr.isEmpty, "\(second.stderr)")
    }

    @Test("one host's feeds all failing is that server's trouble: they back off")
    func oneHostDownBacksOff() throws {
        let refusing = try RefusingPort()
        let env = try environment(["http://127.0.0.1:\(refusing.port)/a", "http://127.0.0.1:\(refusing.port)/b"])
        let first = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(first.status == 1 && !first.stderr.contains("no server answered"), "\(first.stderr)")
        _ = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        let down = try schedules(env)
        #expect(down.count == 2 && down.allSatisfy { $0.failures == 2 && $0.minutesDue > 40 }, "\(down)")
    }

    @Test("410 Gone stops fetching the feed until --force")
    func goneFeed() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 410) }
        let env = try environment([server.baseURL + "/gone"])
        let first = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(first.status == 1)
        #expect(first.stderr.contains("HTTP 410 Gone"))
        let second = try NewsmenuProcess.run(["fetch", "--verbose"], environment: env)
        #expect(second.status == 0)
        #expect(second.stderr.contains("gone (410; not fetched without --force)"))
        #expect(server.requests.count == 1)
        _ = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        #expect(server.requests.count == 2)
    }

    @Test("a short Retry-After is told apart from the feed's own back-off in the verbose report")
    func shortRetryAfterNamed() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 429, headers: ["Retry-After": "90"]) }
        let env = try environment([server.baseURL + "/busy"])
        #expect(try NewsmenuProcess.run(["fetch"], environment: env).status == 1)
        let verbose = try NewsmenuProcess.run(["fetch", "--verbose"], environment: env)
        let line = try #require(verbose.stderr.split(separator: "\n").first { $0.contains("/busy") }.map(String.init))
        // About 90 s for the server; the feed's first back-off step, 30 minutes with its jitter, after.
        let pattern = #/the server asked to wait (\d+)s; due in (\d+)m/#
        let match = try #require(line.firstMatch(of: pattern), "\(line)")
        #expect((85...90).contains(Int(match.1) ?? 0) && (23...37).contains(Int(match.2) ?? 0), "\(line)")
        #expect(server.requests.count == 1)
    }

    @Test("429 and 503 with Retry-After: no request before it expires, even when forced", arguments: [429, 503])
    func retryAfter(status: Int) throws {
        let server = try LoopbackHTTPServer { _ in .init(status: status, headers: ["Retry-After": "3600"]) }
        let env = try environment([server.baseURL + "/busy"])
        #expect(try NewsmenuProcess.run(["fetch"], environment: env).status == 1)
        let forced = try NewsmenuProcess.run(["fetch", "--force", "--verbose"], environment: env)
        // 3600 s is exactly the back-off's first step too: only the server's wait is named.
        #expect(forced.stderr.contains("the server asked to wait 59m") || forced.stderr.contains("the server asked to wait 60m"),
                "\(forced.stderr)")
        #expect(server.requests.count == 1)
        let status = try NewsmenuProcess.run(["status", "--json"], environment: env)
        let row = try #require((JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])?.first)
        let due = try #require((row["next_due"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(due.timeIntervalSinceNow > 3500)
    }

    /// A fetch of four feeds whose answers take a while, and the server answering it.
    private struct RunningFetch {
        let server: LoopbackHTTPServer
        let environment: [String: String]
        let process: Process
    }

    /// Starts a fetch of four feeds whose answers take `delay` seconds each; returns once it has
    /// asked for the first.
    private func runningFetch(delay: Double) throws -> RunningFetch {
        let body = try atom()
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/atom+xml"], body: body, delay: delay) }
        let env = try environment((0..<4).map { "\(server.baseURL)/feed-\($0)" })
        let process = try NewsmenuProcess.start(["fetch"], environment: env)
        while server.requests.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        return RunningFetch(server: server, environment: env, process: process)
    }

    /// `command --wait 0` beside the running fetch exits 75 naming the lock and the fetch.
    private func expectRefused(_ command: String, beside fetch: RunningFetch) throws {
        let refused = try NewsmenuProcess.run([command, "--wait", "0"], environment: fetch.environment)
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("another fetch is running (pid \(fetch.process.processIdentifier)"))
        #expect(refused.stderr.contains(database + ".lock"))
    }

    @Test("a second fetch on the same database exits 75 naming the lock and the running process")
    func lockBusy() throws {
        let first = try runningFetch(delay: 2)
        try expectRefused("fetch", beside: first)
        first.process.waitUntilExit()
        #expect(first.process.terminationStatus == 0)
        let store = try FeedStore(path: database)
        #expect(try store.articleCount() == 4)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("vacuum beside a running fetch exits 75 naming the lock, or waits for the fetch and then compacts")
    func vacuumWaitsForFetch() throws {
        let fetch = try runningFetch(delay: 1)
        try expectRefused("vacuum", beside: fetch)
        let waiting = try NewsmenuProcess.run(["vacuum", "--wait", "60"], environment: fetch.environment)
        #expect(waiting.status == 0, "\(waiting.stderr)")
        #expect(waiting.stdout.contains(database + ": "))
        // It took the lock once the fetch had stored everything (each answer takes a second;
        // a vacuum that did not wait returns long before).
        let store = try FeedStore(path: database)
        #expect(try store.articleCount() == 4)
        fetch.process.waitUntilExit()
        #expect(fetch.process.terminationStatus == 0)
        #expect(try store.integrityCheck() == "ok")
        #expect(try NewsmenuProcess.run(["vacuum", "--wait", "soon"], environment: fetch.environment).status == 64)
    }

    @Test("search while a fetch still runs finds what it has stored, without waiting on the index it writes")
    func searchDuringFetch() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "application/atom+xml"], body: body,
                  delay: request.path == "/slow" ? 4 : 0)
        }
        let env = try environment([server.baseURL + "/fast", server.baseURL + "/slow"])
        let fetch = try NewsmenuProcess.start(["fetch"], environment: env)
        let deadline = Date(timeIntervalSinceNow: 20)
        var stored: Int64 = 0
        repeat {
            Thread.sleep(forTimeInterval: 0.05)
            // Read-only: a store opened for writing would catch the index up itself. Until the
            // fetch has made the database, there is nothing to open.
            stored = (try? FeedStore(readingAt: database).articleCount()).map(Int64.init) ?? 0
        } while stored == 0 && Date() < deadline
        #expect(stored == 1)
        let started = Date()
        let search = try NewsmenuProcess.run(["search", "Geneva", "--color", "never"], environment: env)
        // The fetch's indexer holds the index's write lock for up to a second at a time; an
        // open that waited for it would take that long, or the 5 s busy timeout.
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(fetch.isRunning, "the fetch ended before the search: nothing was tested mid-fetch")
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("Leaders meet in [Geneva] for talks on trade"))
        fetch.waitUntilExit()
        #expect(fetch.terminationStatus == 0)
        let after = try NewsmenuProcess.run(["search", "Geneva", "--json"], environment: env)
        #expect(after.status == 0 && after.stdout.contains("Leaders meet in"))
    }

    @Test("a fetch beside a running vacuum exits 75 saying the vacuum holds the lock")
    func fetchBesideVacuum() throws {
        let env = try environment(["http://127.0.0.1:9/feed"])
        let lock = HeldLockFile(path: database + ".lock", command: "vacuum")
        let refused = try NewsmenuProcess.run(["fetch", "--wait", "0"], environment: env)
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("newsmenu vacuum is running (\(HeldLockFile.holder)) and holds \(lock.path)"))
    }

    @Test("a fetch killed with SIGKILL leaves a sound database and the next run completes")
    func killedFetch() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "application/atom+xml"], body: body,
                  delay: request.path.hasSuffix("slow") ? 3 : 0)
        }
        let urls = (0..<12).map { "\(server.baseURL)/feed-\($0)" + ($0 % 2 == 0 ? "-fast" : "-slow") }
        let env = try environment(urls)
        let doomed = try NewsmenuProcess.start(["fetch"], environment: env)
        while server.requests.count < 8 { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.3)
        kill(doomed.processIdentifier, SIGKILL)
        doomed.waitUntilExit()
        #expect(doomed.terminationReason == .uncaughtSignal)
        let rerun = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        #expect(rerun.status == 0)
        let store = try FeedStore(path: database)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.articleCount() == 12)
    }

    @Test("a fetch stopped by SIGTERM or SIGINT stores what arrived, logs that it stopped and exits 128 + the signal",
          arguments: [SIGTERM, SIGINT])
    func interruptedFetch(signal: Int32) throws {
        let body = try atom()
        // The first two feeds answer at once; the other four hang until the marker goes.
        let slow = directory.path + "/slow"
        #expect(FileManager.default.createFile(atPath: slow, contents: nil))
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "application/atom+xml"], body: body,
                  delay: request.path.hasSuffix("slow") && FileManager.default.fileExists(atPath: slow) ? 10 : 0)
        }
        let urls = (0..<6).map { "\(server.baseURL)/feed-\($0)" + ($0 < 2 ? "-fast" : "-slow") }
        var env = try environment(urls)
        env["XDG_STATE_HOME"] = directory.path + "/state"
        let started = Date()
        let stopped = try NewsmenuProcess.start(["fetch", "--quiet"], environment: env)
        // Two connections per host: the fast feeds first, then two slow ones hanging.
        while server.requests.count < 4 { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.5)
        kill(stopped.processIdentifier, signal)
        stopped.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 8, "it waited for the hanging feeds")
        #expect(stopped.terminationReason == .exit && stopped.terminationStatus == 128 + signal)
        let log = try String(contentsOfFile: directory.path + "/state/newsmenu/fetch.log", encoding: .utf8)
        #expect(log.contains("fetched 2 feeds"), "\(log)")
        #expect(log.contains("interrupted by \(signal == SIGTERM ? "SIGTERM" : "SIGINT") with 4 feeds not fetched"), "\(log)")
        let store = try FeedStore(path: database)
        #expect(try store.articleCount() == 2)
        #expect(try store.integrityCheck() == "ok")

        // The feeds left unfetched are due at the next run; the fetched ones are not.
        try FileManager.default.removeItem(atPath: slow)
        let next = try NewsmenuProcess.run(["fetch", "--verbose"], environment: env)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("fetched 4 feeds"), "\(next.stderr)")
        #expect(try store.articleCount() == 6)
    }

    @Test("the standard proxy variables are honoured")
    func proxy() throws {
        let body = try atom()
        let proxy = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/atom+xml"], body: body) }
        var env = try environment(["http://feeds.example.invalid/world.atom"])
        env["http_proxy"] = proxy.baseURL
        let run = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(run.status == 0)
        #expect(proxy.requests.first?.path == "http://feeds.example.invalid/world.atom")
    }

    @Test("a proxy that takes no connection is named as a suspect, and the feeds behind it do not back off")
    func proxyDown() throws {
        let refusing = try RefusingPort()
        var env = try environment(["http://a.example.invalid/rss", "http://b.example.invalid/rss"])
        env["http_proxy"] = refusing.baseURL
        let run = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(run.status == 1)
        #expect(run.stderr.contains("http://a.example.invalid/rss: could not connect to the server, or to the proxy the environment names"),
                "\(run.stderr)")
        #expect(run.stderr.contains("no server answered"), "\(run.stderr)")
    }

    @Test("--json prints one object per feed on stdout and nothing else")
    func jsonReport() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { request in
            request.path == "/missing" ? .init(status: 404)
                                       : .init(headers: ["Content-Type": "application/atom+xml"], body: body)
        }
        let env = try environment([server.baseURL + "/feed", server.baseURL + "/missing"])
        let run = try NewsmenuProcess.run(["fetch", "--json"], environment: env)
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 2)
        let byURL = Dictionary(uniqueKeysWithValues: objects.map { ($0["url"] as? String ?? "", $0) })
        let stored = try #require(byURL[server.baseURL + "/feed"])
        #expect(stored["result"] as? String == "stored")
        #expect(stored["status"] as? Int == 200)
        #expect(stored["new_articles"] as? Int == 1)
        #expect(stored["bytes"] as? Int == body.count)
        #expect(stored["next_due"] is String)
        let missing = try #require(byURL[server.baseURL + "/missing"])
        #expect(missing["result"] as? String == "failed")
        #expect(missing["status"] as? Int == 404)
        #expect((missing["error"] as? String)?.contains("HTTP 404") == true)
    }

    @Test("status lists each feed with its tab, last status and counts")
    func statusTable() throws {
        let body = try atom()
        let server = try LoopbackHTTPServer { request in
            request.path == "/missing" ? .init(status: 404)
                                       : .init(headers: ["Content-Type": "application/atom+xml"], body: body)
        }
        let env = try environment([server.baseURL + "/feed", server.baseURL + "/missing"])
        _ = try NewsmenuProcess.run(["fetch"], environment: env)
        let status = try NewsmenuProcess.run(["status"], environment: env.merging(["COLUMNS": "200"]) { $1 })
        #expect(status.status == 0)
        let lines = status.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("TAB"))
        #expect(lines[1].hasPrefix("ニュース") && lines[1].contains(" 200 ") && lines[1].contains("s ago"))
        #expect(lines[2].contains("404") && lines[2].contains("never") && lines[2].contains("HTTP 404 Not Found"))
    }
}

@Suite("fetch on a terminal")
struct FetchOnTerminalTests {
    @Test("on a terminal, fetch draws a progress line and ends with the summary")
    func progressLine() throws {
        let directory = try TemporaryDirectory()
        let body = try NewsmenuProcess.fixture("world.atom")
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/atom+xml"], body: body) }
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "t", "feeds": ["\(server.baseURL)/a", "\(server.baseURL)/b"]}]}
            """)
        // util-linux's script(1) runs the command on a pseudo-terminal.
        let command = "\(NewsmenuProcess.binary.path) fetch --config \(config) --db \(directory.path)/n.db"
        let run = try NewsmenuProcess.runProgram("/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("fetching 2/2"))
        #expect(run.stdout.contains("\r\u{1B}[K"))
        #expect(run.stdout.contains("fetched 2 feeds in"))
    }
}
