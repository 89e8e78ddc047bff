// `newsmenu parse` of several files in one process: JSON Lines, one compact document per
// file in argument order, with an error line for a file that cannot be parsed.
import Foundation
import Testing
import NewsTestSupport

@Suite("parse of several files")
struct ParseManyFilesTests {
    private func fixturePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test("each file is one line holding the same document parse prints for it alone")
    func jsonLinesMatchSingleFiles() throws {
        let names = ["world.atom", "tech.rdf", "japan-news.xml"]
        let run = try NewsmenuProcess.run(["parse"] + names.map(fixturePath) + ["--json"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == names.count + 1)
        #expect(lines.last == "")
        for (name, line) in zip(names, lines) {
            let alone = try NewsmenuProcess.run(["parse", fixturePath(name), "--json"])
            let expected = try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? NSDictionary
            let got = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary
            #expect(got != nil && got == expected, "\(name)")
            #expect(line.hasPrefix("{\"format\":\""), "compact: no space after a key")
        }
    }

    @Test("a file that cannot be parsed gives an error line and exit 1, the others are still read")
    func failureKeepsLinesAligned() throws {
        let directory = try TemporaryDirectory()
        let page = try directory.write("page.html", "<html><body>hello</body></html>")
        let run = try NewsmenuProcess.run(["parse", fixturePath("tech.rdf"), page, fixturePath("world.atom"), "--json"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("{\"format\":\"rss10\","))
        let error = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: String]
        #expect(error?["error"]?.hasPrefix("\(page): ") == true)
        #expect(lines[2].hasPrefix("{\"format\":\"atom10\","))
        #expect(run.stderr.hasPrefix("newsmenu: \(page): "))
    }

    @Test("without --json each feed's account comes under a header naming its file")
    func textHasHeaders() throws {
        let run = try NewsmenuProcess.run(["parse", fixturePath("tech.rdf"), fixturePath("world.atom")])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("==> \(fixturePath("tech.rdf")) <==\n"))
        #expect(run.stdout.contains("\n\n==> \(fixturePath("world.atom")) <==\n"))
    }
}
