// libxml2 is handed a document a chunk at a time, with an empty call between chunks so that
// it moves only the few unread bytes to the front of its buffer: however the chunks fall,
// the reading must be the one of the whole.
import Foundation
import Testing
import NewsModel
@testable import NewsParse

@Suite("Reading a document in chunks")
struct ChunkedReadTests {
    /// What a reader makes of `bytes` fed `chunkSize` bytes at a time: the feed, or how it
    /// failed, and libxml2's messages with their line numbers.
    private func reading(_ bytes: [UInt8], chunkSize: Int) throws -> String {
        let reader = try SAXFeedReader(documentURL: "https://example.com/feed.xml")
        bytes.withUnsafeBytes { document in
            reader.feed(document, chunkSize: chunkSize)
            reader.end()
        }
        return "\(reader.walker.outcome) \(reader.errors.warnings) \(reader.entities.warnings)"
    }

    @Test("every fixture, and a long feed, read the same in chunks of 1, 7, 64, 4,097 and 65,536 bytes as whole", arguments: [1, 7, 64, 4097, 65536])
    func chunkSizesAgree(chunkSize: Int) throws {
        let item = "<item><title>会見と第3四半期 &amp; more</title><link>https://example.com/a</link>"
            + "<description><![CDATA[<p>" + String(repeating: "本文の段落。", count: 40) + "</p>]]></description></item>\n"
        let long = Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>t</title>\n"
            + String(repeating: item, count: 200) + "<item><title>broken & bare</title></item></channel></rss>").utf8)
        var documents = [long]
        for name in ["rss20-full.xml", "atom10.xml", "rss10-rdf.xml", "truncated.xml", "malformed-entities.xml", "rss091_userland_entities.xml"] {
            documents.append(Array(try Fixture.data(name)))
        }
        for document in documents {
            let whole = try reading(document, chunkSize: document.count)
            #expect(try reading(document, chunkSize: chunkSize) == whole)
        }
    }
}
