// A large feed read as two halves on two threads must give exactly the feed one reading
// gives: the halves joined when the split is sound, the whole document read otherwise.
import Foundation
import NewsModel
@testable import NewsParse
import Testing

@Suite("Reading a large feed in two halves")
struct SplitReadTests {
    /// An RSS 2.0 document past SplitRead.minimumSize: `items` items of about 1 KB, with
    /// `middle` written as it is in place of the item at the middle.
    static func rss(items: Int = 1600, head: String = "", middle: String? = nil, tail: String = "") -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel>
            <title>分割テスト</title>
            <link>https://example.com/</link>
            \(head)
            """
        let body = String(repeating: "本文の段落です。", count: 80)
        for index in 0..<items {
            if index == items / 2, let middle {
                text += middle
                continue
            }
            // Every 97th item carries a date no parser reads: a warning with its line.
            let date = index % 97 == 0 ? "sometime in \(index)" : "Mon, 02 Nov 2026 01:01:00 +0900"
            text += """

                <item>
                  <title>記事 \(index) &amp; more</title>
                  <link>https://example.com/a/\(index)</link>
                  <pubDate>\(date)</pubDate>
                  <category>c\(index % 7)</category>
                  <description><![CDATA[<p>\(body)</p>]]></description>
                </item>
                """
        }
        text += "\n\(tail)\n</channel>\n</rss>\n"
        return Array(text.utf8)
    }

    static func wholeFeed(_ bytes: [UInt8]) throws -> Feed {
        try bytes.withUnsafeBytes { buffer in
            try Result { () throws(FeedParseError) in
                try XMLFeedParser.parse(buffer, documentURL: "https://example.com/feed.xml", splitting: false)
            }.get()
        }
    }

    static func splitFeed(_ bytes: [UInt8]) throws -> Feed {
        try bytes.withUnsafeBytes { buffer in
            try Result { () throws(FeedParseError) in
                try XMLFeedParser.parse(buffer, documentURL: "https://example.com/feed.xml")
            }.get()
        }
    }

    /// How SplitRead read the document: "joined", "whole" (by the first reader), or
    /// "unsplit" (too small, or the halves could not be joined: the caller reads it whole).
    static func howRead(_ bytes: [UInt8], splitFrom: Int? = nil) -> String {
        bytes.withUnsafeBytes { buffer in
            switch SplitRead.reading(buffer, documentURL: "https://example.com/feed.xml", splitFrom: splitFrom) {
            case .joined: return "joined"
            case .whole: return "whole"
            case nil: return "unsplit"
            }
        }
    }

    /// The offset of the first occurrence of `text` in `bytes`.
    static func offset(of text: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(text.utf8)
        return (0...(bytes.count - pattern.count)).first { bytes[$0] == pattern[0] && Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test("a clean large feed is read as two joined halves, equal to one reading, warnings and lines included")
    func joinedEqualsWhole() throws {
        let bytes = Self.rss()
        #expect(bytes.count > SplitRead.minimumSize)
        #expect(Self.howRead(bytes) == "joined")
        let whole = try Self.wholeFeed(bytes)
        let split = try Self.splitFeed(bytes)
        #expect(whole.articles.count == 1600)
        #expect(whole.warnings.count == 17)
        #expect(split == whole)
    }

    @Test("channel fields written among and after the items reach the joined feed with the whole reading's priorities")
    func channelFieldsAfterItems() throws {
        let bytes = Self.rss(
            middle: "\n<description>途中の説明</description>\n<language>ja</language>",
            tail: "<language>en</language>\n<lastBuildDate>Tue, 03 Nov 2026 00:00:00 GMT</lastBuildDate>\n<image><url>https://example.com/i.png</url></image>")
        let whole = try Self.wholeFeed(bytes)
        #expect(whole.language == "ja")
        #expect(whole.subtitle == "途中の説明")
        #expect(whole.updated != nil)
        #expect(Self.howRead(bytes) == "joined")
        #expect(try Self.splitFeed(bytes) == whole)
    }

    /// A CDATA section holding an item start tag; a second channel, whose items' ancestors
    /// are not the first item's. Each with the text the split is looked for from.
    static let falseSplits = [
        ("\n<item><title>m</title><description><![CDATA[<item><title>fake</title></item>]]></description></item>",
         "<item><title>fake"),
        ("\n</channel>\n<channel xml:base=\"https://other.example/\">\n<title>二番目</title>", "<title>二番目"),
    ]

    @Test("an item tag the first reader does not meet as an item under the first item's ancestors is no split: it reads on",
          arguments: falseSplits)
    func falseSplit(middle: String, splitFrom marker: String) throws {
        let bytes = Self.rss(middle: middle)
        let start = try #require(Self.offset(of: marker, in: bytes))
        #expect(Self.howRead(bytes, splitFrom: start) == "whole")
        let whole = try Self.wholeFeed(bytes)
        #expect(!whole.articles.contains { $0.title == "fake" })
        #expect(try Self.splitFeed(bytes) == whole)
    }

    @Test("a document with a libxml2 error is read again whole and repaired as before")
    func errorFallsBack() throws {
        let bytes = Self.rss(middle: "\n<item><title>Fish & chips</title><link>https://example.com/fish</link></item>")
        #expect(Self.howRead(bytes) == "unsplit")
        let whole = try Self.wholeFeed(bytes)
        #expect(whole.warnings.contains { $0.hasPrefix("repaired") })
        #expect(try Self.splitFeed(bytes) == whole)
    }

    @Test("a large Atom feed is read as two joined halves, equal to one reading")
    func atomJoined() throws {
        var text = "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://example.org/\">\n<title>Atom</title>\n"
        for index in 0..<1500 {
            text += """
                <entry><id>urn:e:\(index)</id><title>Entry \(index)</title><link href="e/\(index)"/>
                <updated>2026-11-02T01:01:00+09:00</updated>
                <content type="html">\(String(repeating: "&lt;p&gt;text&lt;/p&gt; ", count: 40))</content></entry>

                """
        }
        text += "<subtitle>at the end</subtitle>\n</feed>\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > SplitRead.minimumSize)
        #expect(Self.howRead(bytes) == "joined")
        let whole = try Self.wholeFeed(bytes)
        #expect(whole.subtitle == "at the end")
        #expect(whole.articles.last?.link == "https://example.org/e/1499")
        #expect(try Self.splitFeed(bytes) == whole)
    }

    @Test("a document smaller than the split size is read whole")
    func smallIsWhole() {
        #expect(Self.howRead(Self.rss(items: 20)) == "unsplit")
    }
}
