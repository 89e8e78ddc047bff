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

@Suite("parse of many files and of long feeds, two at a time")
struct ParseInOrderTests {
    private static func rss(title: String, items: Int) -> String {
        var text = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>\(title)</title>\n"
        for index in 0..<items {
            text += "<item><guid>\(title)-\(index)</guid><title>記事 \(index)</title><description>本文 \"\(index)\"</description></item>\n"
        }
        return text + "</channel></rss>\n"
    }

    @Test("forty files, some broken, print one line each in argument order")
    func manyFilesInOrder() throws {
        let directory = try TemporaryDirectory()
        var paths: [String] = []
        for index in 0..<40 {
            // Every seventh is not a feed; sizes vary so that the two threads finish out of turn.
            let text = index % 7 == 3 ? "<html><body>\(index)</body></html>" : Self.rss(title: "feed\(index)", items: (index * 37) % 300)
            paths.append(try directory.write("f\(index).xml", text))
        }
        let run = try NewsmenuProcess.run(["parse"] + paths + ["--json"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 40)
        for (index, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if index % 7 == 3 {
                #expect((object?["error"] as? String)?.hasPrefix("\(paths[index]): ") == true, "line \(index)")
            } else {
                #expect(object?["title"] as? String == "feed\(index)", "line \(index)")
            }
        }
        let errorLines = run.stderr.split(separator: "\n").map(String.init)
        #expect(errorLines.count == 6)
        #expect(zip(errorLines, [3, 10, 17, 24, 31, 38]).allSatisfy { $0.hasPrefix("newsmenu: \(paths[$1]): ") })
    }

    @Test("a feed of thousands of articles lists every one in document order, indented and as a JSON line")
    func longFeedInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("long.xml", Self.rss(title: "long", items: 3000))
        let expected = (0..<3000).map { "long-\($0)" }
        let alone = try NewsmenuProcess.run(["parse", path, "--json"])
        #expect(alone.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any]
        let articles = document?["articles"] as? [[String: Any]] ?? []
        #expect(articles.map { $0["id"] as? String ?? "" } == expected)
        #expect(alone.stdout.contains("\n  \"articles\": [\n    {\n      \"id\": \"long-0\","))
        #expect(alone.stdout.contains("\n    },\n    {\n      \"id\": \"long-256\","))

        let lines = try NewsmenuProcess.run(["parse", path, path, "--json"])
        let line = try #require(lines.stdout.split(separator: "\n").first)
        let compact = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect((compact?["articles"] as? [[String: Any]])?.map { $0["id"] as? String ?? "" } == expected)
        #expect(line.contains("},{\"id\":\"long-256\","))
    }
}
