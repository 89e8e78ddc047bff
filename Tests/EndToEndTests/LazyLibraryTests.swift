// libcurl is loaded only when newsmenu downloads and libxml2 only when it reads XML: the
// binary links neither, and commands that read the store (show, tabs) open neither, while
// fetch opens both and parse opens libxml2 alone.
import Foundation
import Testing
import NewsTestSupport

@Suite("libcurl and libxml2 are loaded lazily")
struct LazyLibraryTests {
    @Test("the newsmenu binary links neither libcurl nor libxml2")
    func notLinked() throws {
        let ldd = try NewsmenuProcess.runProgram("/usr/bin/ldd", [NewsmenuProcess.binary.path])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libc.so.6"))
        #expect(!ldd.stdout.contains("libcurl"))
        #expect(!ldd.stdout.contains("libxml2"))
    }

    @Test("fetch opens libcurl and libxml2, parse libxml2 alone; show and tabs on the stored articles neither")
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
        #expect(fetch.stderr.contains("file=libxml2.so.2"))
        let parse = try NewsmenuProcess.run(["parse", directory.path + "/feed.atom"], environment: environment)
        #expect(parse.status == 0)
        #expect(parse.stdout.contains("記事"))
        #expect(parse.stderr.contains("file=libxml2.so.2"))
        #expect(!parse.stderr.contains("libcurl"))
        for command in [["show"], ["tabs"]] {
            let run = try NewsmenuProcess.run(command, environment: environment)
            #expect(run.status == 0, "\(command)")
            #expect(run.stdout.contains("ニュース"), "\(command)")
            #expect(run.stderr.contains("file=libsqlite3.so.0"), "\(command)")
            #expect(!run.stderr.contains("libcurl"), "\(command)")
            #expect(!run.stderr.contains("libxml2"), "\(command)")
        }
    }

    @Test("without a usable libcurl, fetch exits 1 naming it and leaves every feed due, not backed off")
    func brokenLibcurl() throws {
        let directory = try TemporaryDirectory()
        try directory.write("feed.xml", """
            <?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
            <item><title>届いた記事</title><guid>g-1</guid></item></channel></rss>
            """)
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "A", "feeds": ["file://\(directory.path)/feed.xml"]}]}
            """)
        // The dynamic loader looks in LD_LIBRARY_PATH first and finds a file that is no library.
        try FileManager.default.createDirectory(atPath: directory.path + "/lib", withIntermediateDirectories: true)
        try directory.write("lib/libcurl.so.4", "not a shared library")
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db", "COLUMNS": "60"]
        var broken = environment
        broken["LD_LIBRARY_PATH"] = directory.path + "/lib"
        let failed = try NewsmenuProcess.run(["fetch"], environment: broken)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("cannot load libcurl.so.4"), "\(failed.stderr)")
        #expect(failed.stderr.contains("install the libcurl4 package"))
        // Once libcurl loads, a plain fetch (not --force) fetches the feed: nothing was held against it.
        let fixed = try NewsmenuProcess.run(["fetch"], environment: environment)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let shown = try NewsmenuProcess.run(["show", "--print"], environment: environment)
        #expect(shown.stdout.contains("届いた記事"))
        // With every feed fetched and not due again, a run downloads nothing and needs no libcurl.
        let nothingDue = try NewsmenuProcess.run(["fetch"], environment: broken)
        #expect(nothingDue.status == 0, "\(nothingDue.stderr)")
        #expect(!nothingDue.stderr.contains("libcurl"))
    }

    @Test("a fetch that fails at once, while libcurl is still loading, exits with its message every time, never a crash")
    func earlyFailureWhileLoading() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "A", "feeds": ["file://\(directory.path)/feed.xml"]}]}
            """)
        // Not a database: the fetch fails on opening it, a few ms after starting libcurl's load.
        try directory.write("news.db", String(repeating: "not a database ", count: 400))
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/news.db"]
        // Exiting under a load in progress crashed about one run in ten before the fix.
        for attempt in 1...60 {
            let run = try NewsmenuProcess.run(["fetch"], environment: environment)
            #expect(run.status == 1, "attempt \(attempt): \(run.stderr)")
            #expect(run.stderr.contains("move it aside"), "attempt \(attempt): \(run.stderr)")
            if run.status != 1 { break }
        }
    }
}
