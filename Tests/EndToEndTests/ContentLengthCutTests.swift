// A server whose Content-Length is shorter than the feed it sends: libcurl stops reading
// there without an error, so `newsmenu fetch` must notice the document stopping early, fail
// the feed with a message that says why, store the complete items before the cut, keep
// nothing that would let the next fetch skip the rest (validators, the body's digest), and
// read the whole feed once the server is fixed.
import Foundation
import Testing
import NewsStore
import NewsTestSupport

@Suite("fetch of a feed cut at a wrong Content-Length")
struct ContentLengthCutTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.path + "/news.db"
    }

    private func environment(_ urls: [String]) throws -> [String: String] {
        try OneTabConfig.environment(urls, in: directory, database: database)
    }

    /// An RSS feed of `count` items of about 500 bytes each.
    private static func feed(items count: Int) -> Data {
        let items = (1...count).map { number in
            "<item><title>記事 \(number)</title><link>https://cut.example.com/\(number)</link><guid>cut-\(number)</guid>"
                + "<description>\(String(repeating: "本文", count: 70))</description></item>\n"
        }
        return Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Cut</title>\n"
            + items.joined() + "</channel></rss>\n").utf8)
    }

    /// How many items end within the first `length` bytes of `body`.
    private static func completeItems(_ body: Data, _ length: Int) -> Int {
        String(decoding: body.prefix(length), as: UTF8.self).components(separatedBy: "</item>").count - 1
    }

    private func outcome(_ run: NewsmenuRun) throws -> [String: Any] {
        let line = try #require(run.stdout.split(separator: "\n").first, "no JSON line in: \(run.stdout)\n\(run.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    private func health() throws -> [String: Any] {
        let status = try NewsmenuProcess.run(["status", "--json"], environment: ["NEWSMENU_DB": database,
                                                                                 "NEWSMENU_CONFIG": directory.path + "/feeds.json"])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
        return try #require(rows.first)
    }

    /// The server, lying or honest: sends the whole feed, announcing `announced` bytes.
    private final class Lie: @unchecked Sendable {
        private let lock = NSLock()
        private var announced: Int?
        var current: Int? {
            get { lock.withLock { announced } }
            set { lock.withLock { announced = newValue } }
        }
    }

    @Test("the cut feed fails naming the Content-Length, keeps its complete items, and is read whole once fixed",
          arguments: [LoopbackHTTPServer.Response.Pacing.whole, .stall(afterBytes: 5_000, seconds: 0.5)])
    func cutThenFixed(pacing: LoopbackHTTPServer.Response.Pacing) throws {
        let body = Self.feed(items: 40)
        let announced = body.count / 2
        let lie = Lie()
        lie.current = announced
        let etag = "\"full-feed\""
        let server = try LoopbackHTTPServer { request in
            let headers = ["Content-Type": "application/rss+xml", "ETag": etag]
            if let announced = lie.current {
                return .init(headers: headers, body: body, pacing: pacing, fault: .wrongContentLength(announced: announced))
            }
            return request.headers["if-none-match"] == etag ? .init(status: 304) : .init(headers: headers, body: body)
        }
        let url = server.baseURL + "/feed.xml"
        let env = try environment([url])
        let kept = Self.completeItems(body, announced)
        #expect(kept > 5 && kept < 40)

        let cut = try NewsmenuProcess.run(["fetch", "--json"], environment: env)
        #expect(cut.status == 1)
        let first = try outcome(cut)
        #expect(first["result"] as? String == "failed")
        #expect(first["new_articles"] as? Int == kept)
        let error = first["error"] as? String ?? ""
        #expect(error == "\(url): the feed stops before its end, at the \(announced) bytes the server's Content-Length "
                + "announced (probably too few); the \(kept) complete items before the cut were stored, "
                + "and the next fetch downloads it whole")
        #expect(try FeedStore(path: database).articleCount() == kept)
        var row = try health()
        #expect(row["consecutive_failures"] as? Int == 1)
        #expect(row["last_error"] as? String == error)
        #expect(row["last_success"] is NSNull)
        #expect(row["articles"] as? Int == kept)

        // Still lying: the same body is parsed again and fails again, in a row.
        let again = try NewsmenuProcess.run(["fetch", "--force", "--json"], environment: env)
        #expect(again.status == 1)
        #expect(try outcome(again)["result"] as? String == "failed")
        #expect(try outcome(again)["new_articles"] as? Int == 0)
        row = try health()
        #expect(row["consecutive_failures"] as? Int == 2)

        // Fixed: no validator was kept from the cut answers, so the whole feed comes.
        lie.current = nil
        let fixed = try NewsmenuProcess.run(["fetch", "--force", "--json"], environment: env)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try outcome(fixed)["result"] as? String == "stored")
        #expect(try outcome(fixed)["new_articles"] as? Int == 40 - kept)
        #expect(server.requests.allSatisfy { $0.headers["if-none-match"] == nil })
        #expect(try FeedStore(path: database).articleCount() == 40)
        row = try health()
        #expect(row["consecutive_failures"] as? Int == 0)
        #expect(row["last_error"] is NSNull)
        #expect(row["last_success"] is String)
        #expect(try FeedStore(path: database).integrityCheck() == "ok")

        // Now the validators are the honest answer's, and they are sent back.
        let unchanged = try NewsmenuProcess.run(["fetch", "--force", "--json"], environment: env)
        #expect(try outcome(unchanged)["result"] as? String == "not_modified")
        #expect(server.requests.last?.headers["if-none-match"] == etag)
    }

    /// `data` as a gzip stream of one stored (uncompressed) deflate block, cut after `length`
    /// of its bytes: what a server whose compressor broke off sends. The cut comes before the
    /// stream's trailer, so no CRC is needed.
    private static func gzipCutShort(_ data: Data, keeping length: Int) -> Data {
        precondition(data.count <= 0xFFFF && length < data.count, "one stored block, cut inside it")
        let size = UInt16(data.count)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF,
                               1, UInt8(size & 0xFF), UInt8(size >> 8), UInt8(~size & 0xFF), UInt8(~size >> 8)]
        return Data(header) + data.prefix(length)
    }

    @Test("a gzip body whose stream stops early, under a correct Content-Length, is not blamed on the length")
    func gzipCutShort() throws {
        let body = Self.feed(items: 20)
        let sent = Self.gzipCutShort(body, keeping: body.count / 2)
        let server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/rss+xml", "Content-Encoding": "gzip"], body: sent)
        }
        let url = server.baseURL + "/feed.xml"
        let run = try NewsmenuProcess.run(["fetch", "--json"], environment: try environment([url]))
        #expect(run.status == 1)
        let error = try outcome(run)["error"] as? String ?? ""
        let kept = Self.completeItems(body, body.count / 2)
        #expect(error == "\(url): the feed stops before its end, where its compressed (gzip) body ends early: the "
                + "\(sent.count) bytes the server's Content-Length announced end before the compressed stream does; "
                + "the \(kept) complete items before the cut were stored, and the next fetch downloads it whole")
    }

    @Test("a Content-Length that ends the body right after the root's end tag loses nothing and is no failure")
    func lengthAtTheEnd() throws {
        let body = Self.feed(items: 3)
        // The newline after </rss> is all that is cut.
        let server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/rss+xml"], body: body, fault: .wrongContentLength(announced: body.count - 1))
        }
        let run = try NewsmenuProcess.run(["fetch", "--json"], environment: try environment([server.baseURL + "/feed.xml"]))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try outcome(run)["result"] as? String == "stored")
        #expect(try FeedStore(path: database).articleCount() == 3)
    }

    @Test("a feed cut short with no Content-Length (chunked) is stored with its complete items and a warning")
    func cutWithoutContentLength() throws {
        let body = Self.feed(items: 10)
        let cut = body.prefix(body.count / 2)
        let chunk = String(cut.count, radix: 16) + "\r\n"
        let framed = Data(chunk.utf8) + cut + Data("\r\n0\r\n\r\n".utf8)
        let server = try LoopbackHTTPServer { _ in .init(body: framed, fault: .rawChunked) }
        let run = try NewsmenuProcess.run(["fetch", "--json"], environment: try environment([server.baseURL + "/feed.xml"]))
        // The server ended the body itself: what it sent is the feed it has, broken as it is.
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try outcome(run)["result"] as? String == "stored")
        #expect(try FeedStore(path: database).articleCount() == Self.completeItems(body, cut.count))
    }
}
