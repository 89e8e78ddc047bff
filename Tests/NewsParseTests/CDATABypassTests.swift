// The reader hands plain CDATA sections' content to the walker itself instead of letting
// libxml2 read it byte by byte (SAXFeedReader.handOverCDATA): the reading must be exactly the
// one libxml2 gives, feed, messages, line and column numbers, however the chunks fall.
import Foundation
import Testing
import NewsModel
import NewsTestSupport
@testable import NewsParse

@Suite("CDATA sections handed over without libxml2")
struct CDATABypassTests {
    /// A reading of `bytes` fed `chunkSize` bytes at a time: the feed or how it failed,
    /// libxml2's messages with their positions, and how many sections were handed over.
    private func reading(_ bytes: [UInt8], chunkSize: Int, bypassing: Bool) throws -> (text: String, handedOver: Int) {
        let reader = try SAXFeedReader(documentURL: "https://example.com/feed.xml", bypassingCDATA: bypassing)
        bytes.withUnsafeBytes { document in
            reader.feed(document, chunkSize: chunkSize)
            reader.end()
        }
        let text = "\(reader.walker.outcome) \(reader.errors.warnings) \(reader.errors.sawError) "
            + "\(reader.entities.warnings)"
        return (text, reader.sectionsHandedOver)
    }

    private func document(_ items: String, head: String = "") -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\(head)\n<rss version=\"2.0\" "
            + "xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>t</title>\n"
            + items + "</channel></rss>\n").utf8)
    }

    /// The bypassing reading equals libxml2's own, in every chunk size; returns how many
    /// sections the bypass handed over in 7-byte chunks. (Fed whole, a document gets no
    /// hand-over: chunks end at openers only once the root element is open, so only what
    /// comes after the first chunk can be handed over.)
    @discardableResult
    private func expectSameReading(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let reference = try reading(bytes, chunkSize: bytes.count, bypassing: false)
        #expect(reference.handedOver == 0, sourceLocation: sourceLocation)
        var handedOver = 0
        for chunkSize in [1, 7, 64, 4097, bytes.count] {
            let bypassed = try reading(bytes, chunkSize: chunkSize, bypassing: true)
            #expect(bypassed.text == reference.text, "chunk size \(chunkSize)", sourceLocation: sourceLocation)
            if chunkSize == 7 { handedOver = bypassed.handedOver }
            if chunkSize == bytes.count { #expect(bypassed.handedOver == 0, sourceLocation: sourceLocation) }
        }
        return handedOver
    }

    private static let cases: [(name: String, items: String, head: String, handedOver: Int)] = [
        ("plain sections, several in one element, beside text and references",
         "<item><title><![CDATA[見出し & <b>]]></title><description>前 &amp; <![CDATA[<p>本文</p>]]> 後"
            + "<![CDATA[二つ目]]></description></item>\n", "", 3),
        ("an empty section and brackets that do not close it",
         "<item><title><![CDATA[]]></title><description><![CDATA[a]] ]>b]]]></description></item>\n", "", 2),
        ("CR LF and tabs inside", "<item><description><![CDATA[一行目\r\n\t二行目\r\n]]></description></item>\n", "", 1),
        ("a section in an element nobody reads", "<item><title>x</title><foo><![CDATA[skipped]]></foo></item>\n", "", 1),
        ("a control character: left to libxml2, which reports it",
         "<item><description><![CDATA[x\u{01}y]]></description></item><item><title>after</title></item>\n", "", 0),
        ("U+FFFE and U+FFFF: left to libxml2",
         "<item><description><![CDATA[a\u{FFFE}b]]></description></item><item><description><![CDATA[\u{FFFF}]]>"
            + "</description></item>\n", "", 0),
        ("an opener inside a comment", "<item><!-- <![CDATA[ --><title>t</title></item>\n", "", 0),
        ("an opener inside a section", "<item><description><![CDATA[a <![CDATA[ b]]></description></item>\n", "", 1),
        ("a section outside the root's content", "<item><title>x</title></item>\n", "<!DOCTYPE rss [<!ENTITY e \"<![CDATA[x]]>\">]>", 0),
        // The second section is left to libxml2: it waits for the `;` of the bare `&` before
        // reading on, so it has not read the opener when it is handed the bytes up to it.
        ("a section followed on its line by an error",
         "<item><description><![CDATA[line one\nline two]]> & bare</description></item>\n"
            + "<item><title><![CDATA[no newline]]> &unknown; x</title></item>\n", "", 1),
        ("a section left open at the end", "<item><description><![CDATA[never closed</description></item>\n", "", 0),
    ]

    @Test("each case reads as libxml2 reads it, in chunks of 1, 7, 64, 4,097 bytes and whole", arguments: cases.indices)
    func caseReadsTheSame(index: Int) throws {
        let example = Self.cases[index]
        let handedOver = try expectSameReading(document(example.items, head: example.head))
        #expect(handedOver == example.handedOver, "\(example.name)")
    }

    @Test("bad UTF-8 inside a section (an overlong form, a stray byte) is left to libxml2")
    func badUTF8IsLeftToLibxml2() throws {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x81, 0xBF], [0xFF], [0xE3, 0x81]] {
            var bytes = document("<item><description><![CDATA[ab]]></description></item>\n")
            let at = try #require(bytes.firstIndex(of: UInt8(ascii: "b")))
            bytes.insert(contentsOf: bad, at: at)
            #expect(try expectSameReading(bytes) == 0)
        }
    }

    @Test("an error after a multi-line section names its real line and column")
    func positionsAfterASection() throws {
        // Line 3 is the item's; the section ends on line 5 after "三行目" (9 bytes), so the
        // bare & is at byte 9 + 3 + 2 = 14 of line 5, and libxml2 reports the column after it.
        let bytes = document("<item><description><![CDATA[一行目\n二行目\n三行目]]> & x</description></item>\n")
        let bypassed = try reading(bytes, chunkSize: 7, bypassing: true)
        #expect(bypassed.handedOver == 1)
        #expect(bypassed.text.contains("line 5, column 15"), "\(bypassed.text)")
        try expectSameReading(bytes)
    }

    @Test("a section longer than a chunk, and one crossing every chunk boundary, read the same")
    func longSections() throws {
        let long = String(repeating: "長い本文の段落。<p>markup</p>\n", count: 12_000)
        let bytes = document("<item><content:encoded><![CDATA[\(long)]]></content:encoded></item>\n"
            + String(repeating: "<item><description><![CDATA[短い]]></description></item>\n", count: 50))
        #expect(bytes.count > SAXFeedReader.chunkSize)
        #expect(try expectSameReading(bytes) == 51)
    }

    /// Fuzz/run's finding: a document with 80-odd bare `&`s read with and without the bypass
    /// differed only in "N more XML errors not shown". libxml2 reports an error again at the
    /// same place when a later chunk makes it read on from there, and the bypass ends chunks
    /// at CDATA openers; even libxml2's own reading counted 33, 35 or 45 by chunk size. Repeats
    /// are no longer counted (XMLErrorCollector), so every reading says the same.
    @Test("libxml2's repeated reports of one error are not counted: the same messages in any chunks")
    func repeatedErrorsAreNotCounted() throws {
        let bytes = Array(try Fixture.data("fuzz_repeated_entity_errors.xml"))
        let whole = try reading(bytes, chunkSize: bytes.count, bypassing: false)
        #expect(whole.text.contains("32 more XML errors not shown"))
        for chunkSize in [7, 64, 4097, bytes.count] {
            #expect(try reading(bytes, chunkSize: chunkSize, bypassing: false).text == whole.text, "chunk size \(chunkSize)")
            let bypassed = try reading(bytes, chunkSize: chunkSize, bypassing: true)
            #expect(bypassed.text == whole.text, "chunk size \(chunkSize)")
            #expect(bypassed.handedOver == (chunkSize >= bytes.count ? 0 : 2))
        }
    }

    /// Fuzz/run's second finding: a document with a byte that is not UTF-8 (0xB3, after its
    /// CDATA sections) read in 7-byte chunks. libxml2 on its own stopped early ("detected an
    /// error in element content") before reaching the byte; with the hand-over's chunk ends it
    /// reached it and read on as Latin-1. After a bad byte libxml2's reading depends on where
    /// chunks fall, so FeedParser now replaces bad UTF-8 before libxml2 reads anything: both
    /// readings of what libxml2 is given agree, and the feed is the repaired document's.
    @Test("bad UTF-8 is replaced before libxml2 reads the document: the readings agree in any chunks")
    func badUTF8IsRepairedFirst() throws {
        let data = try Fixture.data("fuzz_bad_utf8_cdata.xml")
        #expect(!Array(data).withUnsafeBufferPointer(UTF8Validation.isValid))
        let repaired = Array(String(decoding: data, as: UTF8.self).utf8)
        for chunkSize in [7, 64, repaired.count] {
            let reference = try reading(repaired, chunkSize: chunkSize, bypassing: false)
            let bypassed = try reading(repaired, chunkSize: chunkSize, bypassing: true)
            #expect(bypassed.text == reference.text, "chunk size \(chunkSize)")
            #expect(bypassed.handedOver == (chunkSize == repaired.count ? 0 : 2))
        }
        let feed = try FeedParser.parse(data, documentURL: "https://example.com/feed.xml")
        var expected = try FeedParser.parse(Data(repaired), documentURL: "https://example.com/feed.xml")
        expected.warnings.insert("document is not valid UTF-8; invalid bytes were replaced with U+FFFD", at: 0)
        #expect(feed == expected)
    }

    /// Fuzz/run's third finding: a broken DOCTYPE whose internal subset holds `<![CDATA[`.
    /// Fed up to the opener (a chunk end there), libxml2 reported the subset's error where on
    /// its own it reported extra content: its reading of a broken document depends on where
    /// chunks end. Chunks now end at openers only once the root element is open.
    @Test("no chunk ends at an opener before the root element: a broken DOCTYPE reads as libxml2 reads it")
    func openerBeforeTheRoot() throws {
        let bytes = Array(try Fixture.data("fuzz_cdata_opener_in_doctype.xml"))
        for chunkSize in [7, 64, bytes.count] {
            let reference = try reading(bytes, chunkSize: chunkSize, bypassing: false)
            #expect(try reading(bytes, chunkSize: chunkSize, bypassing: true).text == reference.text, "chunk size \(chunkSize)")
        }
    }

    @Test("300 seeded documents of sections, text, references, comments and errors read the same")
    func seededDocuments() throws {
        var generator = SeededGenerator(seed: 0x0CDA7A)
        let pieces = [
            "<![CDATA[本文]]>", "<![CDATA[]]>", "<![CDATA[a\nb\nc]]>", "<![CDATA[x]]]]>", "<![CDATA[\r\n]]>",
            "<![CDATA[\u{01}]]>", "<![CDATA[<![CDATA[]]>", "<!-- <![CDATA[ -->", "text", "&amp;", "&nbsp;", " & ",
            "\n", "<b>bold</b>", "<![CDATA[é\u{FFFF}]]>", "<![CDATA[", "]]>", "<",
        ]
        var total = 0
        for _ in 0..<300 {
            var items = ""
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let field = ["title", "description", "content:encoded", "category"].randomElement(using: &generator) ?? "title"
                let body = (0..<Int.random(in: 1...6, using: &generator))
                    .map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
                items += "<item><\(field)>\(body)</\(field)></item>\n"
            }
            total += try expectSameReading(document(items))
        }
        // The bypass ran on most documents, not none.
        #expect(total > 300)
    }
}
