// The fetch stage against a real HTTP server on loopback, through real libcurl.
import Foundation
import Testing
import NewsFetch
import NewsModel
import NewsTestSupport

@Suite("Fetcher")
struct FetcherTests {
    private func fetchOne(_ url: String, options: FetchOptions = FetchOptions(), etag: HTTPValidator? = nil,
                          lastModified: HTTPValidator? = nil) -> Result<FetchResponse, FetchError> {
        Fetcher(options: options).fetch(FetchRequest(url: url, etag: etag, lastModified: lastModified))
    }

    @Test("a 200 response gives the body, the validators and the charset")
    func successfulDownload() throws {
        let server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/rss+xml; charset=Shift_JIS",
                            "ETag": "W/\"abc\"", "Last-Modified": "Mon, 30 Nov 2026 01:02:03 GMT"],
                  body: Data("<rss/>".utf8))
        }
        let response = try fetchOne(server.baseURL + "/feed.xml").get()
        #expect(response.status == 200)
        #expect(response.body == Data("<rss/>".utf8))
        #expect(response.etag == "W/\"abc\"")
        #expect(response.lastModified == "Mon, 30 Nov 2026 01:02:03 GMT")
        #expect(response.charset == "Shift_JIS")
        #expect(response.effectiveURL == server.baseURL + "/feed.xml")
    }

    @Test("validators are sent back exactly as given and a 304 is success")
    func conditionalGet() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 304) }
        let response = try fetchOne(server.baseURL + "/f", etag: "\"v1-é\"",
                                    lastModified: "Sun, 29 Nov 2026 10:00:00 GMT").get()
        #expect(response.isNotModified)
        let request = try #require(server.requests.first)
        #expect(request.headers["if-none-match"] == "\"v1-é\"")
        #expect(request.headers["if-modified-since"] == "Sun, 29 Nov 2026 10:00:00 GMT")
    }

    @Test("validators holding bytes that are not UTF-8 (obs-text) are sent back byte for byte")
    func validatorBytes() throws {
        let etag = Array("\"r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9, 0x22]
        let modified = Array("Mon, 30 Nov 2026 01:02:03 GMT".utf8) + [0xA0]
        let server = try LoopbackHTTPServer { request in
            request.headerBytes["if-none-match"] == etag && request.headerBytes["if-modified-since"] == modified
                ? .init(status: 304)
                : .init(headerLines: [("ETag", etag), ("Last-Modified", modified)], body: Data("<rss/>".utf8))
        }
        let url = server.baseURL + "/odd"
        let first = try fetchOne(url).get()
        #expect(first.status == 200)
        let second = try Fetcher().fetch(FetchRequest(url: url, etag: first.etag, lastModified: first.lastModified)).get()
        #expect(second.isNotModified)
    }

    @Test("a 304 to a request that sent no validators is a failure, not an unchanged feed")
    func unconditionalNotModified() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 304, headers: ["ETag": "\"zz\""]) }
        let url = server.baseURL + "/feed"
        let error = try #require(fetchOne(url).failure)
        #expect(error.description == "\(url): the server answered 304 Not Modified to a request that was not conditional")
        // Sent to another URL than the one that gave them, the validators are not sent: a 304 is as unasked.
        let other = try #require(Fetcher().fetch(FetchRequest(url: url, etag: "\"zz\"",
                                                              validatorsURL: server.baseURL + "/old")).failure)
        #expect(other.description.hasSuffix("to a request that was not conditional"))
    }

    @Test("a 206 Partial Content is a failure: newsmenu never asks for a range")
    func partialContent() throws {
        let server = try LoopbackHTTPServer { _ in
            .init(status: 206, headers: ["Content-Range": "bytes 0-5/12"], body: Data("<rss/>".utf8))
        }
        let url = server.baseURL + "/feed"
        let error = try #require(fetchOne(url).failure)
        #expect(error.description == "\(url): the server answered 206 Partial Content, though no range was asked for")
    }

    @Test("a failure after a redirect names the URL that failed as well as the configured one")
    func failureAfterRedirect() throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/uni" ? .init(status: 302, headers: ["Location": "/caf%c3%a9"]) : .init(status: 404)
        }
        let url = server.baseURL + "/uni"
        let error = try #require(fetchOne(url).failure)
        #expect(error.reason == .httpStatus(404))
        #expect(error.description == "\(url): after a redirect to \(server.baseURL)/caf%c3%a9: HTTP 404 Not Found")
    }

    @Test("a redirect to a server whose certificate is not trusted names that server")
    func untrustedAfterRedirect() throws {
        let tls = try SelfSignedTLSServer()
        let server = try LoopbackHTTPServer { _ in .init(status: 301, headers: ["Location": tls.baseURL + "/feed"]) }
        let url = server.baseURL + "/tohttps"
        let error = try #require(fetchOne(url).failure)
        #expect(error.description.hasPrefix("\(url): after a redirect to \(tls.baseURL)/feed: the server's TLS certificate is not trusted"),
                "\(error.description)")
    }

    @Test("a redirect without a Location says so")
    func redirectWithoutLocation() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 301) }
        let url = server.baseURL + "/noloc"
        let error = try #require(fetchOne(url).failure)
        #expect(error.description == "\(url): HTTP 301 Moved Permanently without a Location to follow")
    }

    @Test("a 404 is a failure that names the URL and the status")
    func notFound() throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 404) }
        let url = server.baseURL + "/missing.xml"
        let result = fetchOne(url)
        let error = try #require(result.failure)
        #expect(error.reason == .httpStatus(404))
        #expect(error.description == "\(url): HTTP 404 Not Found")
    }

    @Test("a refused connection is a failure with curl's message")
    func connectionRefused() throws {
        let refusing = try RefusingPort()
        let url = refusing.baseURL + "/feed"
        let error = try #require(fetchOne(url).failure)
        guard case .transport(let code, let message) = error.reason else {
            Issue.record("expected a transport error, got \(error.reason)")
            return
        }
        #expect(code == 7)  // CURLE_COULDNT_CONNECT
        #expect(message.contains("onnect"))
        #expect(error.description.hasPrefix(url))
    }

    @Test("a server slower than the timeout is abandoned with a timeout error")
    func slowServerTimesOut() throws {
        let server = try LoopbackHTTPServer { _ in .init(contentType: "text/xml", body: "<rss/>", delay: 5) }
        let error = try #require(fetchOne(server.baseURL + "/slow", options: FetchOptions(timeout: 0.5)).failure)
        guard case .transport(let code, let message) = error.reason else {
            Issue.record("expected a transport error, got \(error.reason)")
            return
        }
        #expect(code == 28)  // CURLE_OPERATION_TIMEDOUT
        #expect(message.lowercased().contains("timed out"))
    }

    @Test("a body over the size cap is an error, not a truncated feed")
    func bodyCap() throws {
        let big = String(repeating: "x", count: 50_000)
        let server = try LoopbackHTTPServer { _ in .init(contentType: "text/xml", body: big) }
        let error = try #require(fetchOne(server.baseURL + "/big", options: FetchOptions(maxBodyBytes: 10_000)).failure)
        #expect(error.reason == .tooLarge(limit: 10_000))
        // A cap under 1 MiB was once reported as "the 0 MiB limit".
        #expect(error.description.hasSuffix("the feed is larger than the 10000-byte limit (counted after decompression)"))
    }

    @Test("a file: URL is read through libcurl")
    func fileURL() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("local.xml", "<rss version=\"2.0\"/>")
        let response = try fetchOne("file://" + path).get()
        #expect(response.status == 200)
        #expect(response.body == Data("<rss version=\"2.0\"/>".utf8))
    }

    @Test("transfers run concurrently, and one failure does not stop the others")
    func concurrentAndIsolated() throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/feed-3" ? .init(status: 500) : .init(contentType: "text/xml", body: request.path, delay: 0.3)
        }
        let requests = (0..<12).map { FetchRequest(url: server.baseURL + "/feed-\($0)") }
        var results: [String: Result<FetchResponse, FetchError>] = [:]
        Fetcher(options: FetchOptions(maxConcurrent: 8, maxPerHost: 8)).fetchAll(requests) { request, result in
            results[request.url] = result
        }
        #expect(results.count == 12)
        #expect(results.values.filter { (try? $0.get()) != nil }.count == 11)
        #expect(results[server.baseURL + "/feed-3"]?.failure?.reason == .httpStatus(500))
        #expect(server.peakConcurrentRequests == 8)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
