// Hostile documents: entity bombs finish quickly in little memory, and no external entity,
// DTD or URL is ever read. Ceilings are ten times what a normal parse needs.
import Foundation
import Glibc
import NewsModel
import NewsParse
import Testing
import NewsTestSupport

@Suite("Hostile XML")
struct HostileXMLTests {
    /// CPU seconds this thread has used (a small document is parsed on the caller's thread;
    /// the whole process's CPU counted the tests running beside this one) and the peak
    /// resident megabytes of the process so far. A sanitized build gets larger ceilings
    /// (SanitizerOverhead).
    private static func usage() -> (cpuSeconds: Double, peakMegabytes: Double) {
        var thread = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &thread)
        var process = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &process)
        return (Double(thread.tv_sec) + Double(thread.tv_nsec) / 1e9, Double(process.ru_maxrss) / 1_024)
    }

    @Test("billion laughs: the entity is left out with a warning, later items are kept, within 10 s of CPU and 500 MB")
    func billionLaughs() throws {
        let before = HostileXMLTests.usage()
        let feed = try Fixture.parse("hostile_billion_laughs.xml")
        let after = HostileXMLTests.usage()
        #expect(after.cpuSeconds - before.cpuSeconds < 10 * SanitizerOverhead.cpuFactor)
        #expect(after.peakMegabytes < 500 * SanitizerOverhead.memoryFactor)
        #expect(feed.articles.map(\.title) == [nil, "After the bomb"])
        #expect(feed.warnings.contains { $0.contains("&lol9;") && $0.contains("left out") })
    }

    @Test("quadratic blowup: a 50 kB entity referenced 50 000 times stops at the expansion budget")
    func quadraticBlowup() throws {
        let entity = String(repeating: "x", count: 50_000)
        let references = String(repeating: "&big;", count: 50_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY big \"\(entity)\">]>"
            + "<rss version=\"2.0\"><channel><title>q</title><item><title>t</title><description>\(references)</description>"
            + "<link>https://q.example.com/1</link></item></channel></rss>"
        let before = HostileXMLTests.usage()
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        let after = HostileXMLTests.usage()
        #expect(after.cpuSeconds - before.cpuSeconds < 10 * SanitizerOverhead.cpuFactor)
        #expect(after.peakMegabytes < 500 * SanitizerOverhead.memoryFactor)
        let summary = try #require(feed.articles.first?.summary)
        #expect(summary.utf8.count <= 1 << 20)
        #expect(feed.articles.first?.link == "https://q.example.com/1")
        #expect(feed.warnings.contains { $0.contains("the rest are left out") })
    }

    @Test("a SYSTEM entity naming /etc/passwd, an external DTD and a remote parameter entity are never read")
    func externalEntities() throws {
        let feed = try Fixture.parse("hostile_xxe_file_passwd.xml")
        let everything = ([feed.title, feed.subtitle] + feed.articles.flatMap { [$0.title, $0.summary, $0.content] })
            .compactMap { $0 }.joined(separator: "\n")
        #expect(!everything.contains("root:"))
        #expect(feed.title == "XXE []")
        #expect(feed.articles.first?.title == "Item here")
        #expect(feed.warnings.contains { $0.contains("external entity &xxe; was not loaded") })
    }

    @Test("entities that refer to each other are not followed round the loop")
    func recursiveEntity() throws {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"x&b;\"><!ENTITY b \"y&a;\">]>"
            + "<rss version=\"2.0\"><channel><title>[&a;]</title><item><title>kept</title></item></channel></rss>"
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil)
        let title = try #require(feed.title)
        #expect(title.hasPrefix("[") && title.hasSuffix("]") && title.count < 16)
        #expect(feed.articles.first?.title == "kept")
    }
}
