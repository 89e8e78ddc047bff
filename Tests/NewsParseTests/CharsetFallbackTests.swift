// Labels that do not fit the bytes: a server's default charset over a UTF-8 file, a UTF-8
// header over an EUC-JP file, a Shift_JIS declaration left on a body converted to UTF-8, a
// declaration hidden behind white space. Each is read in the label that reads it whole.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Charset labels that do not fit the document")
struct CharsetFallbackTests {
    private func rss(title: String, declaration: String?) -> Data {
        let prolog = declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        return Data((prolog + "<rss version=\"2.0\"><channel><title>\(title)</title></channel></rss>").utf8)
    }

    @Test("UTF-8 served as ISO-8859-1 is read as UTF-8, declared or not, with a warning")
    func utf8UnderLatin1Header() throws {
        for declaration in ["UTF-8", nil] {
            let feed = try FeedParser.parse(rss(title: "はてなブックマーク風 café", declaration: declaration),
                                            documentURL: nil, charsetHint: "ISO-8859-1")
            #expect(feed.title == "はてなブックマーク風 café")
            #expect(feed.warnings.contains { $0.contains("HTTP header's CP1252") && $0.contains("read as UTF-8") })
        }
    }

    @Test("Latin-1 served as ISO-8859-1 stays Latin-1, and ASCII under it draws no warning")
    func latin1UnderLatin1Header() throws {
        var bytes = Data("<rss version=\"2.0\"><channel><title>caf".utf8)
        bytes.append(contentsOf: [0xE9, 0x20, 0x93, 0x71, 0x94])
        bytes.append(contentsOf: Data("</title></channel></rss>".utf8))
        let latin = try FeedParser.parse(bytes, documentURL: nil, charsetHint: "ISO-8859-1")
        #expect(latin.title == "café “q”")
        #expect(latin.warnings.isEmpty)
        let ascii = try FeedParser.parse(rss(title: "plain", declaration: nil), documentURL: nil, charsetHint: "ISO-8859-1")
        #expect(ascii.title == "plain")
        #expect(ascii.warnings.isEmpty)
    }

    @Test("UTF-8 declared as ISO-8859-1 and served as ISO-8859-1 is read as the labels say")
    func labelsThatAgreeWin() throws {
        let feed = try FeedParser.parse(rss(title: "Ã©", declaration: "ISO-8859-1"), documentURL: nil,
                                        charsetHint: "ISO-8859-1")
        #expect(feed.title == "Ã\u{192}Â©")
    }

    @Test("an EUC-JP document served as UTF-8 is read as its declaration says")
    func eucJPUnderUTF8Header() throws {
        let feed = try Fixture.parse("eucjp_declared.xml", charsetHint: "utf-8")
        #expect(feed.articles.first?.title == "札幌で初雪")
        #expect(feed.warnings.contains { $0.contains("HTTP header's UTF-8") && $0.contains("read as EUC-JP") })
    }

    @Test("a UTF-8 body declaring Shift_JIS is read as UTF-8; real Shift_JIS is still Shift_JIS")
    func utf8UnderShiftJISDeclaration() throws {
        let feed = try FeedParser.parse(rss(title: "日本語フィード", declaration: "Shift_JIS"), documentURL: nil)
        #expect(feed.title == "日本語フィード")
        #expect(feed.warnings.contains { $0.contains("XML declaration's CP932") && $0.contains("read as UTF-8") })
        #expect(try Fixture.parse("sjis_cp932_vendor_chars.xml").title == "①㈱髙ニュース")
    }

    @Test("white space before the XML declaration does not hide its encoding")
    func declarationAfterWhiteSpace() throws {
        var bytes = Data("\n  \r\n".utf8)
        bytes.append(try Fixture.data("eucjp_declared.xml"))
        let feed = try FeedParser.parse(bytes, documentURL: nil)
        #expect(feed.articles.first?.title == "札幌で初雪")
        #expect(!feed.warnings.contains { $0.contains("XML declaration allowed only at the start") })
    }

    @Test("a document no label reads whole keeps the first label, its bad bytes replaced")
    func noLabelFits() throws {
        let feed = try Fixture.parse("sjis_undecodable_bytes.xml", charsetHint: "Shift_JIS")
        #expect(feed.articles.first?.title == "前\u{FFFD}@後")
        #expect(feed.warnings.contains { $0.contains("could not be decoded as CP932") })
    }
}
