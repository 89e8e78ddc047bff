// A loopback server's Atom feed that a test rewrites, slows down or holds while newsmenu runs:
// its entries and how it answers live in files the handler reads on each request.
import Foundation
import NewsTestSupport

final class ChangingServedFeed {
    let server: LoopbackHTTPServer
    private let served: TemporaryDirectory
    private let name: String
    private let prefix: String
    private let slowFlag: String
    private let holdFlag: String

    /// Serves `name` with one entry, `<prefix> 0`; once `answerSlowly()` is called, each
    /// answer waits `delay` seconds; between `holdAnswers()` and `releaseAnswers()` each
    /// waits for the release (a minute at most).
    init(name: String = "cron.atom", prefix: String, delay: TimeInterval) throws {
        let served = try TemporaryDirectory()
        let feedPath = served.path + "/" + name
        let slowFlag = served.path + "/slow"
        let holdFlag = served.path + "/hold"
        self.served = served
        self.name = name
        self.prefix = prefix
        self.slowFlag = slowFlag
        self.holdFlag = holdFlag
        server = try LoopbackHTTPServer { _ in
            let heldSince = Date()
            while FileManager.default.fileExists(atPath: holdFlag), Date().timeIntervalSince(heldSince) < 60 {
                usleep(10_000)
            }
            return .init(headers: ["Content-Type": "application/atom+xml"],
                         body: FileManager.default.contents(atPath: feedPath) ?? Data(),
                         delay: FileManager.default.fileExists(atPath: slowFlag) ? delay : 0)
        }
        try publish(through: 0)
    }

    var url: String { server.baseURL + "/" + name }

    /// Rewrites the feed with entries `<prefix> 0` through `<prefix> last`.
    func publish(through last: Int) throws {
        let slug = prefix.lowercased()
        try MenuFixture.writeFeed(in: served, name: name,
                                  titles: (0...last).map { ("\(prefix) \($0)", "https://example.org/\(slug)/\($0)") })
    }

    /// From now on every answer waits the delay given at the start.
    func answerSlowly() -> Bool {
        FileManager.default.createFile(atPath: slowFlag, contents: Data())
    }

    /// From now on every answer waits until `releaseAnswers()`: for a test whose steps must
    /// all happen while a fetch waits on the server, however slow the machine.
    func holdAnswers() -> Bool {
        FileManager.default.createFile(atPath: holdFlag, contents: Data())
    }

    func releaseAnswers() throws {
        try FileManager.default.removeItem(atPath: holdFlag)
    }
}
