// A loopback server's Atom feed that a test rewrites and slows down while newsmenu runs:
// its entries and whether it answers late live in files the handler reads on each request.
import Foundation
import NewsTestSupport

final class ChangingServedFeed {
    let server: LoopbackHTTPServer
    private let served: TemporaryDirectory
    private let name: String
    private let prefix: String
    private let slowFlag: String

    /// Serves `name` with one entry, `<prefix> 0`; once `answerSlowly()` is called, each
    /// answer waits `delay` seconds.
    init(name: String = "cron.atom", prefix: String, delay: TimeInterval) throws {
        let served = try TemporaryDirectory()
        let feedPath = served.path + "/" + name
        let slowFlag = served.path + "/slow"
        self.served = served
        self.name = name
        self.prefix = prefix
        self.slowFlag = slowFlag
        server = try LoopbackHTTPServer { _ in
            .init(headers: ["Content-Type": "application/atom+xml"],
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
}
