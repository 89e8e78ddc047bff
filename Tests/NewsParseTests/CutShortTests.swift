// A document that stops before its root element closes is flagged as cut short (the fetch
// stage fails a feed cut at a wrong Content-Length on it); a document that is broken inside
// but ends with its root's end tag is not.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Documents cut short")
struct CutShortTests {
    private static let rss = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>T</title>\n"
        + (1...3).map { "<item><title>Item \($0)</title><link>https://cut.example.com/\($0)</link></item>\n" }.joined()
        + "</channel></rss>\n"
    private static let rdf = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
        <channel rdf:about="https://cut.example.com/"><title>T</title></channel>
        <item rdf:about="https://cut.example.com/1"><title>Item 1</title><link>https://cut.example.com/1</link></item>
        <item rdf:about="https://cut.example.com/2"><title>Item 2</title><link>https://cut.example.com/2</link></item>
        </rdf:RDF>
        """
    private static let atom = """
        <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
        <entry><id>urn:1</id><title>Item 1</title></entry>
        <entry><id>urn:2</id><title>Item 2</title></entry>
        </feed>\n\n
        """

    /// How many items are complete within the first `length` bytes: those whose last child
    /// has ended and whose own end tag has begun (`lastChildEnd`, as `</link></`). libxml2
    /// ends an item whose end tag is cut (`</ite`) when the input runs out; nothing of the
    /// item is missing then.
    private static func completeItems(_ document: [UInt8], _ length: Int, lastChildEnd: String) -> Int {
        String(decoding: document[..<length], as: UTF8.self).components(separatedBy: lastChildEnd).count - 1
    }

    @Test("every cut after the root's start tag is flagged, keeps the complete items and says so",
          arguments: [("rss", rss, "</link></"), ("rdf:RDF", rdf, "</link></"), ("feed", atom, "</title></")])
    func everyCut(root: String, document: String, lastChildEnd: String) throws {
        let bytes = Array(document.utf8)
        let rootStart = try #require(document.range(of: "<" + root)).upperBound.utf16Offset(in: document)
        let rootEnd = try #require(document.range(of: "</" + root, options: .backwards)).lowerBound.utf16Offset(in: document)
        let whole = try FeedParser.parse(Data(bytes), documentURL: nil)
        #expect(!whole.isCutShort)
        #expect(!whole.warnings.contains { $0.contains("cut short") })
        // Past the start tag's `>`: from there on the root is open.
        let firstCut = try #require(bytes[rootStart...].firstIndex(of: UInt8(ascii: ">"))) + 1
        for length in firstCut..<rootEnd {
            let feed = try FeedParser.parse(Data(bytes[..<length]), documentURL: nil)
            let complete = Self.completeItems(bytes, length, lastChildEnd: lastChildEnd)
            #expect(feed.isCutShort, "cut at \(length)")
            #expect(feed.articles.count == complete, "cut at \(length)")
            let warning = "the document ends before its <\(root)> element is closed: it was cut short; "
                + "\(complete) complete item\(complete == 1 ? " was" : "s were") read before the cut"
            #expect(feed.warnings.contains(warning), "cut at \(length): \(feed.warnings)")
        }
    }

    @Test("the fixture cut in the middle of its third item is flagged with two items kept")
    func truncatedFixture() throws {
        let feed = try Fixture.parse("truncated.xml")
        #expect(feed.isCutShort)
        #expect(feed.articles.count == 2)
        #expect(feed.warnings.first == "the document ends before its <rss> element is closed: it was cut short; "
                + "2 complete items were read before the cut")
    }

    @Test("a document broken inside that ends with its root's end tag is not cut short", arguments: [
        "<item><title>x</titel><link>https://a.example/1</link></item><item><title>y</title></item>",
        "<item><title>x</title><b>bold<link>https://a.example/1</link></item><item><title>y</title></item>",
        "<item><title>x</title></p></item><item><title>y</title></item>",
    ])
    func brokenInside(items: String) throws {
        let document = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>T</title>\n\(items)</channel></rss >\n"
        let feed = try FeedParser.parse(Data(document.utf8), documentURL: nil)
        #expect(!feed.warnings.isEmpty, "the document is broken: libxml2 says so")
        #expect(!feed.isCutShort, "\(feed.warnings)")
    }

    @Test("a channel left open before </rss> is broken, not cut short")
    func channelLeftOpen() throws {
        let document = "<rss version=\"2.0\"><channel><title>T</title><item><title>x</title></item></rss>"
        let feed = try FeedParser.parse(Data(document.utf8), documentURL: nil)
        #expect(feed.articles.count == 1)
        #expect(!feed.isCutShort)
    }

    @Test("the note that a document was cut short survives the cap on warnings")
    func noteBeforeManyErrors() throws {
        let broken = (1...80).map { "<item><title>x \($0) &bogus\($0);</title></item>\n" }.joined()
        let document = "<rss version=\"2.0\"><channel><title>T</title>\n" + broken + "<item><title>cut"
        let feed = try FeedParser.parse(Data(document.utf8), documentURL: nil)
        #expect(feed.isCutShort)
        #expect(feed.warnings.count == 51, "50 warnings and the count of the rest")
        #expect(feed.warnings.contains { $0.hasPrefix("the document ends before its <rss> element is closed") })
    }

    @Test("a document large enough to be read in two halves is flagged when cut, and not when whole")
    func largeDocument() throws {
        // Numbered: items alike in every field would be one article repeated (DistinctArticleIDs).
        let items = (0..<2000).map { "<item><title>項目 \($0)</title><description>" + String(repeating: "x", count: 900) + "</description></item>\n" }
        let whole = "<rss version=\"2.0\"><channel><title>T</title>\n" + items.joined() + "</channel></rss>\n"
        let bytes = Array(whole.utf8)
        #expect(!(try FeedParser.parse(Data(bytes), documentURL: nil)).isCutShort)
        let cut = bytes.count * 3 / 4
        let feed = try FeedParser.parse(Data(bytes[..<cut]), documentURL: nil)
        #expect(feed.isCutShort)
        #expect(feed.articles.count == Self.completeItems(bytes, cut, lastChildEnd: "</description></"))
    }
}
