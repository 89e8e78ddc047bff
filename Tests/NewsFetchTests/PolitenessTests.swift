// Issue 4's manners, against loopback servers: per-host caps, identity, compression,
// redirects checked hop by hop, and servers that answer slowly, partly or not at all.
import Foundation
import Testing
import NewsFetch
import NewsTestSupport

@Suite("Fetching politely")
struct PolitenessTests {
    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name))
    }

    @Test("no host gets more than its cap of transfers at once, while hosts run side by side")
    func perHostCap() throws {
        let servers = try ["127.0.0.1", "127.0.0.2", "127.0.0.3"].map { host in
            try LoopbackHTTPServer(host: host) { request in .init(contentType: "text/xml", body: request.path, delay: 0.3) }
        }
        let requests = servers.flatMap { server in (0..<6).map { FetchRequest(url: "\(server.baseURL)/feed-\($0)") } }
        var succeeded = 0
        Fetcher(options: FetchOptions(maxConcurrent: 16, maxPerHost: 2)).fetchAll(requests) { _, result in
            if case .success = result { succeeded += 1 }
        }
        #expect(succeeded == 18)
        #expect(servers.map(\.peakConcurrentRequests) == [2, 2, 2])
        #expect(servers.allSatisfy { $0.requests.count == 6 })
    }

    @Test("hosts are told apart by name alone: two ports of one host share its cap")
    func perHostCapAcrossPorts() throws {
        let counter = SimultaneousRequests()
        let servers = try (0..<2).map { _ in
            try LoopbackHTTPServer(host: "127.0.0.4") { request in
                counter.during(0.3)
                return .init(contentType: "text/xml", body: request.path)
            }
        }
        let requests = servers.flatMap { server in (0..<3).map { FetchRequest(url: "\(server.baseURL)/feed-\($0)") } }
        var succeeded = 0
        Fetcher(options: FetchOptions(maxConcurrent: 16, maxPerHost: 2)).fetchAll(requests) { _, result in
            if case .success = result { succeeded += 1 }
        }
        #expect(succeeded == 6)
        #expect(counter.peak == 2)
    }

    @Test("the User-Agent names newsmenu and every codec libcurl has is offered")
    func identityAndEncodings() throws {
        let server = try LoopbackHTTPServer { _ in .init(contentType: "text/xml", body: "<rss/>") }
        _ = try Fetcher().fetch(FetchRequest(url: server.baseURL + "/")).get()
        let request = try #require(server.requests.first)
        #expect(request.headers["user-agent"] == FetchOptions.defaultUserAgent)
        #expect(FetchOptions.defaultUserAgent.hasPrefix("newsmenu/"))
        let offered = Set((request.headers["accept-encoding"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(offered.isSuperset(of: ["gzip", "deflate", "br", "zstd"]))
        // Feed types first: a server that negotiates content would be free to send HTML for */* alone.
        #expect(request.headers["accept"] == "application/rss+xml, application/atom+xml, application/feed+json, "
            + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1")
    }

    @Test("gzip, br and zstd bodies arrive decoded", arguments: [("gzip", "gz"), ("br", "br"), ("zstd", "zst")])
    func compressedBodies(coding: String, suffix: String) throws {
        let plain = try fixture("compressed.xml")
        let encoded = try fixture("compressed.xml.\(suffix)")
        let server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/rss+xml", "Content-Encoding": coding], body: encoded)
        }
        let response = try Fetcher().fetch(FetchRequest(url: server.baseURL + "/feed")).get()
        #expect(response.body == plain)
    }

    @Test("permanent redirects (301, 308) give the new URL to remember", arguments: [301, 308])
    func permanentRedirect(status: Int) throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .init(status: status, headers: ["Location": "/new"])
                                   : .init(contentType: "text/xml", body: "<rss/>")
        }
        let response = try Fetcher().fetch(FetchRequest(url: server.baseURL + "/old")).get()
        #expect(response.permanentURL == server.baseURL + "/new")
        #expect(response.effectiveURL == server.baseURL + "/new")
    }

    @Test("a temporary redirect anywhere in the chain is not remembered")
    func temporaryRedirect() throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/a": return .init(status: 301, headers: ["Location": "/b"])
            case "/b": return .init(status: 302, headers: ["Location": "/c"])
            default: return .init(contentType: "text/xml", body: "<rss/>")
            }
        }
        let response = try Fetcher().fetch(FetchRequest(url: server.baseURL + "/a")).get()
        #expect(response.permanentURL == nil)
        #expect(response.effectiveURL == server.baseURL + "/c")
    }

    @Test("a redirect loop stops after five redirects")
    func redirectLoop() throws {
        let server = try LoopbackHTTPServer { request in
            .init(status: 302, headers: ["Location": request.path == "/x" ? "/y" : "/x"])
        }
        let error = try #require(Fetcher().fetch(FetchRequest(url: server.baseURL + "/x")).failure)
        #expect(error.reason == .tooManyRedirects(limit: 5))
        #expect(server.requests.count == 6)
    }

    @Test("a redirect to a file: URL is refused and nothing is read")
    func redirectToFileRefused() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 302, headers: ["Location": "file:///etc/passwd"]) }
        let result = Fetcher().fetch(FetchRequest(url: server.baseURL + "/r"))
        let error = try #require(result.failure)
        #expect(error.reason == .redirectRefused(target: "file:///etc/passwd"))
        #expect(error.description.contains("refused to follow a redirect to file:///etc/passwd"))
    }

    @Test("a redirect to a Location libcurl cannot make a URL of is refused, saying it is not a URL")
    func redirectToNonURLRefused() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 301, headers: ["Location": "/next\u{1B}]0;x\u{07}"]) }
        let result = Fetcher().fetch(FetchRequest(url: server.baseURL + "/r"))
        let error = try #require(result.failure)
        #expect(error.description.hasSuffix(", which is not a URL"), "\(error.description.debugDescription)")
        #expect(server.requests.count == 1)
    }

    @Test("Retry-After of a 429 or 503 is read as seconds or as a date", arguments: [
        (429, "120", 120.0), (503, "Fri, 31 Dec 2049 23:59:59 GMT", nil),
    ])
    func retryAfter(status: Int, header: String, seconds: Double?) throws {
        let server = try LoopbackHTTPServer { _ in .init(status: status, headers: ["Retry-After": header]) }
        let error = try #require(Fetcher().fetch(FetchRequest(url: server.baseURL + "/busy")).failure)
        #expect(error.reason == .httpStatus(status))
        let retry = try #require(error.retryAfter)
        if let seconds {
            #expect(retry == seconds)
        } else {
            #expect(retry > 20 * 365 * 86400)
        }
    }

    @Test("the server's freshness lifetime comes from max-age, else Expires minus Date")
    func freshness() throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/max-age"
                ? .init(headers: ["Cache-Control": "public, max-age=900"], body: Data("<rss/>".utf8))
                : .init(headers: ["Date": "Mon, 30 Nov 2026 10:00:00 GMT", "Expires": "Mon, 30 Nov 2026 11:00:00 GMT"],
                        body: Data("<rss/>".utf8))
        }
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/max-age")).get().freshnessLifetime == 900)
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/expires")).get().freshnessLifetime == 3600)
    }

    @Test("a response already stale (max-age=0, Expires not after Date, Age past max-age) gives no freshness",
          arguments: [
              ["Cache-Control": "public, max-age=0, must-revalidate"],
              ["Date": "Mon, 30 Nov 2026 10:00:00 GMT", "Expires": "Mon, 30 Nov 2026 10:00:00 GMT"],
              ["Date": "Mon, 30 Nov 2026 10:00:00 GMT", "Expires": "Mon, 30 Nov 2026 09:00:00 GMT"],
              ["Cache-Control": "max-age=3600", "Age": "3600"],
              ["Date": "Mon, 30 Nov 2026 10:00:00 GMT", "Expires": "Mon, 30 Nov 2026 11:00:00 GMT", "Age": "4000"],
          ])
    func staleResponse(headers: [String: String]) throws {
        let server = try LoopbackHTTPServer { _ in .init(headers: headers, body: Data("<rss/>".utf8)) }
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/feed")).get().freshnessLifetime == nil)
    }

    @Test("the time a response spent in caches (Age) is taken off its lifetime")
    func ageTakenOff() throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/max-age"
                ? .init(headers: ["Cache-Control": "max-age=7200", "Age": "3600"], body: Data("<rss/>".utf8))
                : .init(headers: ["Date": "Mon, 30 Nov 2026 10:00:00 GMT", "Expires": "Mon, 30 Nov 2026 12:00:00 GMT",
                                  "Age": "600"], body: Data("<rss/>".utf8))
        }
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/max-age")).get().freshnessLifetime == 3600)
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/expires")).get().freshnessLifetime == 6600)
    }

    @Test("Cache-Control sent on several lines is read as one list", arguments: [
        ["max-age=7200", "public"], ["public", "max-age=7200"], ["public", "max-age=7200", "must-revalidate"],
    ])
    func repeatedCacheControl(lines: [String]) throws {
        let server = try LoopbackHTTPServer { _ in
            .init(headerLines: lines.map { ("Cache-Control", Array($0.utf8)) }, body: Data("<rss/>".utf8))
        }
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/feed")).get().freshnessLifetime == 7200)
    }

    @Test("no-cache on a later Cache-Control line still counts")
    func repeatedCacheControlNoCache() throws {
        let server = try LoopbackHTTPServer { _ in
            .init(headerLines: [("Cache-Control", Array("max-age=7200".utf8)), ("Cache-Control", Array("no-cache".utf8))],
                  body: Data("<rss/>".utf8))
        }
        #expect(try Fetcher().fetch(FetchRequest(url: server.baseURL + "/feed")).get().freshnessLifetime == nil)
    }

    @Test("a server that stalls mid-body, or drips a byte a second, is cut off", arguments: [
        LoopbackHTTPServer.Response.Pacing.stall(afterBytes: 100, seconds: 10),
        LoopbackHTTPServer.Response.Pacing.drip(interval: 1),
    ])
    func slowBodies(pacing: LoopbackHTTPServer.Response.Pacing) throws {
        let body = Data(String(repeating: "<item/>", count: 200).utf8)
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "text/xml"], body: body, pacing: pacing) }
        let options = FetchOptions(timeout: 30, lowSpeedBytesPerSecond: 1000, lowSpeedTime: 1)
        let error = try #require(Fetcher(options: options).fetch(FetchRequest(url: server.baseURL + "/slow")).failure)
        guard case .transport(let code, let message) = error.reason else {
            Issue.record("expected a transport error, got \(error.reason)")
            return
        }
        #expect(code == 28)  // CURLE_OPERATION_TIMEDOUT, raised by the low-speed limit
        #expect(message.contains("Less than 1000 bytes/sec"))
    }

    @Test("HTTP dates are read in all three forms RFC 9110 allows")
    func httpDates() throws {
        let server = try LoopbackHTTPServer { request in
            let forms = ["/1": "Sun, 06 Nov 1994 08:49:37 GMT", "/2": "Sunday, 06-Nov-94 08:49:37 GMT",
                         "/3": "Sun Nov  6 08:49:37 1994"]
            return .init(status: 503, headers: ["Retry-After": forms[request.path] ?? "garbage",
                                                "Date": "Sun, 06 Nov 1994 08:49:37 GMT"])
        }
        for path in ["/1", "/2", "/3"] {
            let error = try #require(Fetcher().fetch(FetchRequest(url: server.baseURL + path)).failure)
            // A date in the past means "retry now".
            #expect(error.retryAfter == 0)
        }
        let garbage = try #require(Fetcher().fetch(FetchRequest(url: server.baseURL + "/4")).failure)
        #expect(garbage.retryAfter == nil)
    }
}

/// How many requests a handler was busy with at one moment, across servers.
private final class SimultaneousRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var peakSeen = 0

    var peak: Int { lock.withLock { peakSeen } }

    /// Counts the calling request as busy for `seconds`.
    func during(_ seconds: TimeInterval) {
        lock.withLock {
            current += 1
            peakSeen = max(peakSeen, current)
        }
        Thread.sleep(forTimeInterval: seconds)
        lock.withLock { current -= 1 }
    }
}

extension LoopbackHTTPServer.Response.Pacing: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .whole: return "whole"
        case .drip: return "drip"
        case .stall: return "stall"
        }
    }
}

@Suite("Fetching within limits")
struct FetchLimitTests {
    @Test("the transfer limit covers the whole fetch, redirects included")
    func timeoutAcrossRedirects() throws {
        let server = try LoopbackHTTPServer { request in
            let hop = Int(request.path.dropFirst()) ?? 0
            return .init(status: 302, headers: ["Location": "/\(hop + 1)"], delay: 0.4)
        }
        let options = FetchOptions(timeout: 1, maxRedirects: 5)
        let error = try #require(Fetcher(options: options).fetch(FetchRequest(url: server.baseURL + "/0")).failure)
        guard case .transport(let code, _) = error.reason else {
            Issue.record("expected a timeout, got \(error.reason)")
            return
        }
        #expect(code == 28)
        #expect(server.requests.count <= 3)
    }
}
