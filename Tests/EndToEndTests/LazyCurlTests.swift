// libcurl is loaded only when newsmenu downloads: the binary does not link it, and commands
// that read the store (show, tabs) never open it, while fetch does.
import Foundation
import Testing
import NewsTestSupport

@Suite("libcurl is loaded lazily")
struct LazyCurlTests {
    @Test("the newsmenu binary does not link libcurl")
    func notLinked() throws {
        let ldd = try NewsmenuProcess.runProgram("/usr/bin/ldd", [NewsmenuProcess.binary.path])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libc.so.6"))
        #expect(!ldd.stdout.contains("libcurl"))
    }

    @Test("fetch opens libcurl; show and tabs on the stored articles never do")
    func openedOnlyByFetch() throws {
        let directory = try TemporaryDirectory()
        try directory.write("feed.atom", """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:t</id>
            <updated>2020-01-01T00:00:00Z</updated>
            <entry><title>記事</title><id>urn:e:1</id><link href="https://example.org/1"/>
            <published>2020-01-01T00:00:00Z</published></entry>
            </feed>
            """)
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "ニュース", "feeds": ["file://\(directory.path)/feed.atom"]}]}
            """)
        // The dynamic loader reports every library it opens on stderr.
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db",
                           "COLUMNS": "60", "LD_DEBUG": "files"]
        let fetch = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fetch.status == 0)
        #expect(fetch.stderr.contains("file=libcurl.so.4"))
        for command in [["show"], ["tabs"]] {
            let run = try NewsmenuProcess.run(command, environment: environment)
            #expect(run.status == 0, "\(command)")
            #expect(run.stdout.contains("ニュース"), "\(command)")
            #expect(run.stderr.contains("file=libsqlite3.so.0"), "\(command)")
            #expect(!run.stderr.contains("libcurl"), "\(command)")
        }
    }
}
