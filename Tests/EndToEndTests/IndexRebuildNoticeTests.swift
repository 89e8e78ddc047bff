// The notice that the search index is being built from many articles (after the upgrade to
// schema v18, or a damaged index): on a terminal only, so that cron mails nothing.
import Foundation
import Testing
import NewsTestSupport

@Suite("Search index rebuild notice")
struct IndexRebuildNoticeTests {
    @Test("building the index from 10,000 articles is announced on a terminal, not when standard error is a pipe")
    func announcedOnTerminalOnly() throws {
        let directory = try TemporaryDirectory()
        let items = (0..<10_000).map { "<item><title>Story \($0)</title><guid>g\($0)</guid></item>" }.joined()
        let body = Data("<rss version=\"2.0\"><channel><title>Many</title>\(items)</channel></rss>".utf8)
        let server = try LoopbackHTTPServer { _ in .init(headers: ["Content-Type": "application/rss+xml"], body: body) }
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "t", "feeds": ["\(server.baseURL)/many"]}]}
            """)
        let database = "\(directory.path)/n.db"
        let fetched = try NewsmenuProcess.run(["fetch", "--config", config, "--db", database])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let index = database + ".search"

        try FileManager.default.removeItem(atPath: index)
        let piped = try NewsmenuProcess.run(["search", "story 9999", "--config", config, "--db", database])
        // Matches are marked: in brackets without a terminal, in reverse video on one.
        #expect(piped.status == 0 && piped.stdout.contains("[Story] [9999]"), "\(piped.stdout) \(piped.stderr)")
        #expect(!piped.stderr.contains("building the search index"))

        try FileManager.default.removeItem(atPath: index)
        // util-linux's script(1) runs the command on a pseudo-terminal.
        let command = "\(NewsmenuProcess.binary.path) search 'story 9999' --config \(config) --db \(database)"
        let terminal = try NewsmenuProcess.runProgram("/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"])
        #expect(terminal.status == 0)
        #expect(terminal.stdout.contains("newsmenu: building the search index from 10000 articles"))
        #expect(terminal.stdout.contains("9999"))
    }
}
