// Cancelling a running fetch from another thread: the wait for sockets ends at once, the
// answered feed keeps its result and the stalled one gets none.
import Foundation
import Synchronization
import Testing
@testable import NewsFetch
import NewsTestSupport

@Suite("Fetch cancellation")
struct CancellationTests {
    @Test("cancel from another thread ends fetchAll at once, with results only for what had answered")
    func cancelWhileStalled() throws {
        let body = Data(String(repeating: "<item/>", count: 200).utf8)
        let server = try LoopbackHTTPServer { request in
            .init(headers: ["Content-Type": "text/xml"], body: body,
                  pacing: request.path == "/stalled" ? .stall(afterBytes: 100, seconds: 60) : .whole)
        }
        let cancellation = FetchCancellation()
        let cancelledAt = Mutex<Date?>(nil)
        let canceller = Thread {
            while !server.requests.contains(where: { $0.path == "/stalled" }) { usleep(10_000) }
            // Past the first bytes, so the transfer is inside its wait.
            usleep(200_000)
            cancelledAt.withLock { $0 = Date() }
            cancellation.cancel()
        }
        canceller.start()
        let started = Date()
        var answered: [String] = []  // "tag status"
        Fetcher().fetchAll([FetchRequest(url: server.baseURL + "/fast"),
                            FetchRequest(url: server.baseURL + "/stalled", tag: 1)],
                           cancellation: cancellation) { request, result in
            answered.append("\(request.tag) \((try? result.get().status) ?? 0)")
        }
        // A tenth of the stall, and of the 30 s transfer limit that would end it otherwise.
        #expect(Date().timeIntervalSince(started) < 6)
        // The wait for sockets is woken (under a millisecond here), not left to time out
        // (up to a second).
        let cancelled = try #require(cancelledAt.withLock { $0 })
        #expect(Date().timeIntervalSince(cancelled) < 0.5)
        #expect(answered == ["0 200"])
        #expect(cancellation.isCancelled)
    }

    @Test("a fetch cancelled before it starts sends nothing")
    func cancelledBeforeStart() throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Data("<rss/>".utf8)) }
        let cancellation = FetchCancellation()
        cancellation.cancel()
        var results = 0
        Fetcher().fetchAll([FetchRequest(url: server.baseURL + "/a")], cancellation: cancellation) { _, _ in results += 1 }
        #expect(results == 0)
        #expect(server.requests.isEmpty)
    }
}
