// Loading libcurl at run time: a library that is missing or is not libcurl is a clear error
// naming it, and the real one loads and unloads again.
import Foundation
import Testing
@testable import NewsFetch
import NewsTestSupport

@Suite("CurlLibrary")
struct CurlLibraryTests {
    @Test("a library that does not exist is an error with dlopen's reason and what to install")
    func missingLibrary() {
        let name = "libcurl-newsmenu-absent.so.4"
        #expect(throws: CurlLoadError(message: "cannot load \(name): \(name): cannot open shared object file: "
                                      + "No such file or directory; install the libcurl4 package")) {
            try CurlLibrary(named: name)
        }
    }

    @Test("a library without libcurl's functions is an error naming the missing symbol")
    func notLibcurl() throws {
        do {
            _ = try CurlLibrary(named: "libz.so.1")
            Issue.record("zlib loaded as libcurl")
        } catch {
            #expect(error.message.hasPrefix("cannot load libz.so.1: "))
            #expect(error.message.contains("undefined symbol: curl_global_init"))
            #expect(error.message.hasSuffix("; install the libcurl4 package"))
        }
    }

    @Test("a background load and a fetch started at once share the one library")
    func backgroundLoad() throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Data("<rss/>".utf8)) }
        Fetcher.loadLibraryInBackground()
        var statuses: [Int] = []
        Fetcher().fetchAll([FetchRequest(url: server.baseURL + "/a"), FetchRequest(url: server.baseURL + "/b", tag: 1)]) {
            _, result in statuses.append((try? result.get().status) ?? 0)
        }
        #expect(statuses == [200, 200])
        #expect(throws: Never.self) { try CurlLibrary.shared.get() }
        // Joins the loading thread, as a command does before it exits; a second wait has
        // nothing left to join and returns at once.
        Fetcher.waitForBackgroundLoad()
        Fetcher.waitForBackgroundLoad()
    }

    @Test("the real libcurl loads, initialises and is released again while the shared one stays")
    func loadsAndReleases() throws {
        _ = try CurlLibrary(named: CurlLibrary.soname)
        #expect(throws: Never.self) { try CurlLibrary.shared.get() }
    }
}
