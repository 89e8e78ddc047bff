// libxml2 is reached through a table filled by dlopen: a missing library or function is
// reported in the loader's words, and the real library fills every entry.
import CXML2
import Foundation
import Testing
@testable import NewsParse

@Suite("Loading libxml2")
struct LibraryLoadingTests {
    private func load(_ library: String) -> (status: Int32, message: String) {
        // Uninitialised memory: the table's entries are non-null, so it has no empty value.
        let table = UnsafeMutablePointer<newsmenu_xml2_api>.allocate(capacity: 1)
        defer { table.deallocate() }
        var error = [CChar](repeating: 0, count: 512)
        let status = newsmenu_xml2_load(library, table, &error, error.count)
        return (status, String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    @Test("a library that is not there is named in the error")
    func missingLibrary() {
        let result = load("libxml2-not-installed.so.2")
        #expect(result.status == -1)
        #expect(result.message.contains("libxml2-not-installed.so.2"))
    }

    @Test("a library without libxml2's functions is refused, naming the first one missing")
    func wrongLibrary() {
        let result = load("libz.so.1")
        #expect(result.status == -1)
        #expect(result.message.contains("xmlInitParser"))
    }

    @Test("libxml2.so.2 loads, and the shared table parses a feed")
    func realLibrary() throws {
        #expect(load("libxml2.so.2").status == 0)
        #expect(newsmenu_xml2() != nil)
        #expect(String(cString: newsmenu_xml2_error()).isEmpty)
        let feed = try FeedParser.parse(
            Data("<rss version=\"2.0\"><channel><title>t</title></channel></rss>".utf8), documentURL: nil)
        #expect(feed.title == "t")
    }
}
