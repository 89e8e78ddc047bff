// fetch against servers that send odd or hostile answers: wild Retry-After and ttl values,
// busy statuses without Retry-After, Last-Modified-only validators, redirects that must not
// receive the validators, and one tab at a time.
import Foundation
import Testing
import NewsStore
import NewsTestSupport

@Suite("fetch edge cases")
struct FetchEdgeCaseTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.path + "/news.db"
    }

    private func environment(_ tabs: [(String, [String])]) throws -> [String: String] {
        let body = tabs.map { name, urls in
            "{\"name\": \"\(name)\", \"feeds\": [\(urls.map { "\"\($0)\"" }.joined(separator: ", "))]}"
        }.joined(separator: ", ")
        let config = try directory.write("feeds.json", "{\"tabs\": [\(body)]}")
        return ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": database]
    }

    private func status(_ env: [String: String]) throws -> [[String: Any]] {
        let run = try NewsmenuProcess.run(["status", "--json"], environment: env)
        return try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    private func due(_ row: [String: Any]) throws -> Date {
        try #require((row["next_due"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
    }

    @Test("a 304 answered on Last-Modified alone is honoured")
    func lastModifiedOnly() throws {
        let body = try NewsmenuProcess.fixture("world.atom")
        let modified = "Sun, 29 Nov 2026 23:00:00 GMT"
        let server = try LoopbackHTTPServer { request in
            request.headers["if-modified-since"] == modified
                ? .init(status: 304)
                : .init(headers: ["Content-Type": "application/atom+xml", "Last-Modified": modified], body: body)
        }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        _ = try NewsmenuProcess.run(["fetch"], environment: env)
        let second = try NewsmenuProcess.run(["fetch", "--force", "--verbose"], environment: env)
        #expect(second.stderr.contains("unchanged (304)"))
        #expect(server.requests.last?.headers["if-none-match"] == nil)
    }

    @Test("a 503 without Retry-After is fetched again by --force; a 500's Retry-After is ignored",
          arguments: [(503, nil), (500, "3600")] as [(Int, String?)])
    func busyWithoutRetryAfter(status: Int, retryAfter: String?) throws {
        let server = try LoopbackHTTPServer { _ in .init(status: status, headers: retryAfter.map { ["Retry-After": $0] } ?? [:]) }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        _ = try NewsmenuProcess.run(["fetch"], environment: env)
        _ = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        #expect(server.requests.count == 2)
    }

    @Test("wild Retry-After values are read as at most a day, or ignored", arguments: [
        ("99999999999", true), ("1e999", false), ("-5", false), ("inf", false),
    ])
    func wildRetryAfter(header: String, honoured: Bool) throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 503, headers: ["Retry-After": header]) }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        #expect(try NewsmenuProcess.run(["fetch"], environment: env).status == 1)
        let row = try #require(try status(env).first)
        #expect(try due(row).timeIntervalSinceNow <= 24 * 3600 * 1.01)
        let json = try NewsmenuProcess.run(["fetch", "--force", "--json"], environment: env)
        #expect(json.stdout.contains(honoured ? "\"retry_later\"" : "\"failed\""))
    }

    @Test("a feed claiming an absurd ttl is stored and scheduled within a day")
    func absurdTTL() throws {
        let rss = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>t</title><ttl>9223372036854775807</ttl>
            <item><title>a</title><link>https://example.org/a</link></item></channel></rss>
            """
        let server = try LoopbackHTTPServer { _ in .init(contentType: "application/rss+xml", body: rss) }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        let run = try NewsmenuProcess.run(["fetch"], environment: env)
        #expect(run.status == 0)
        let row = try #require(try status(env).first)
        #expect(try due(row).timeIntervalSinceNow <= 24 * 3600 + 60)
    }

    /// An RSS feed of one item, `item`, declaring `hint` (a `<ttl>` or `sy:` element) if given.
    private static func rss(item: String, hint: String?) -> String {
        """
        <?xml version="1.0"?><rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
        <channel><title>t</title>\(hint ?? "")
        <item><title>\(item)</title><link>https://example.org/\(item)</link></item></channel></rss>
        """
    }

    /// `fetch --force --json`'s next due time for the one feed, in minutes from now.
    private func minutesUntilDue(_ env: [String: String]) throws -> Double {
        let run = try NewsmenuProcess.run(["fetch", "--force", "--json"], environment: env)
        let outcome = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
                                   "\(run.stdout)\(run.stderr)")
        let due = try #require((outcome["next_due"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        return due.timeIntervalSinceNow / 60
    }

    @Test("a feed that drops its update hint is fetched at the default interval again; the same body keeps it",
          arguments: ["<ttl>1440</ttl>", "<sy:updatePeriod>daily</sy:updatePeriod>"])
    func droppedUpdateHint(hint: String) throws {
        let counter = RequestCounter()
        let server = try LoopbackHTTPServer { _ in
            let number = counter.next()
            let rss = number <= 2 ? Self.rss(item: "a", hint: hint) : Self.rss(item: "b\(number)", hint: nil)
            return .init(contentType: "application/rss+xml", body: rss)
        }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        #expect(abs(try minutesUntilDue(env) - 1440) < 2)
        // The same bytes again: not parsed, so the stored hint still holds.
        #expect(abs(try minutesUntilDue(env) - 1440) < 2)
        // A new document without the hint: the publisher no longer asks for daily fetches.
        #expect(abs(try minutesUntilDue(env) - 30) < 2)
        #expect(abs(try minutesUntilDue(env) - 30) < 2)
    }

    @Test("a response already stale when it comes (max-age=0, Expires in the past) is no hint: the default interval",
          arguments: [["Cache-Control": "public, max-age=0, must-revalidate"],
                      ["Date": "Mon, 30 Nov 2026 10:00:00 GMT", "Expires": "Mon, 30 Nov 2026 09:00:00 GMT"]])
    func staleResponse(headers: [String: String]) throws {
        let rss = Self.rss(item: "a", hint: nil)
        let server = try LoopbackHTTPServer { _ in
            .init(headers: headers.merging(["Content-Type": "application/rss+xml"]) { $1 }, body: Data(rss.utf8))
        }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        #expect(abs(try minutesUntilDue(env) - 30) < 2)
    }

    @Test("validators are not sent to a URL that did not give them")
    func validatorsStayWithTheirURL() throws {
        let body = try NewsmenuProcess.fixture("world.atom")
        let other = try LoopbackHTTPServer(host: "127.0.0.2") { _ in
            .init(headers: ["Content-Type": "application/atom+xml", "ETag": "\"on-the-other-host\""], body: body)
        }
        let server = try LoopbackHTTPServer { _ in .init(status: 302, headers: ["Location": other.baseURL + "/feed"]) }
        let env = try environment([("t", [server.baseURL + "/feed"])])
        _ = try NewsmenuProcess.run(["fetch"], environment: env)
        _ = try NewsmenuProcess.run(["fetch", "--force"], environment: env)
        // The ETag came from the other host: the first hop never gets it; the other host does.
        #expect(server.requests.allSatisfy { $0.headers["if-none-match"] == nil })
        #expect(other.requests.last?.headers["if-none-match"] == "\"on-the-other-host\"")
    }

    @Test("--tab fetches only the named tabs, and may be repeated")
    func tabSelection() throws {
        let body = try NewsmenuProcess.fixture("world.atom")
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/atom+xml"], body: body) }
        let env = try environment([("A", [server.baseURL + "/a"]), ("B", [server.baseURL + "/b"]),
                                   ("C", [server.baseURL + "/c"])])
        #expect(try NewsmenuProcess.run(["fetch", "--tab", "A"], environment: env).status == 0)
        #expect(server.requests.map(\.path) == ["/a"])
        #expect(try NewsmenuProcess.run(["fetch", "--tab", "B", "--tab", "C"], environment: env).status == 0)
        #expect(Set(server.requests.map(\.path)) == ["/a", "/b", "/c"])
        let unknown = try NewsmenuProcess.run(["fetch", "--tab", "D"], environment: env)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown tab 'D'; the tabs are: A, B, C"))
    }
}
