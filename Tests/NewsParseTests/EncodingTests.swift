// Charsets per RFC 7303 and as browsers read them: CP932 for Shift_JIS, Windows-1252 for
// Latin-1, ISO-2022-JP, UTF-16 both ways, U+FFFD for what cannot be decoded.
import Foundation
import NewsModel
import NewsParse
import Testing

@Suite("Encodings")
struct EncodingTests {
    @Test("Shift_JIS is read as CP932: ①, ㈱, 髙, ～ and the NEC rows survive; a Japanese date is Japan time")
    func cp932VendorCharacters() throws {
        let feed = try Fixture.parse("sjis_cp932_vendor_chars.xml")
        #expect(feed.title == "①㈱髙ニュース")
        let item = try #require(feed.articles.first)
        #expect(item.title == "髙橋さんが㈱を設立 ①～⑳ Ⅰ Ⅱ ￢")
        #expect(item.published == Fixture.utc(2026, 11, 30, 1))
        #expect(feed.warnings.contains { $0.contains("read as Japan time") })
    }

    @Test("a byte CP932 cannot decode becomes U+FFFD with a warning, and the feed is kept")
    func undecodableBytes() throws {
        let feed = try Fixture.parse("sjis_undecodable_bytes.xml")
        #expect(feed.title == "壊れたSJIS")
        #expect(feed.articles.first?.title == "前\u{FFFD}@後")
        #expect(feed.warnings.contains { $0.contains("could not be decoded as CP932") })
    }

    @Test("EUC-JP and ISO-2022-JP are decoded from their declarations")
    func eucAndJIS() throws {
        #expect(try Fixture.parse("eucjp_declared.xml").articles.first?.title == "札幌で初雪")
        let jis = try Fixture.parse("iso2022jp_declared.xml")
        #expect(jis.title == "メールマガジン由来")
        #expect(jis.articles.first?.title == "JISコードの記事")
    }

    @Test("EUC-JP reads the NEC row (①, ㈱, №) as browsers do, and a bad pair costs one character, not the rest")
    func eucJPWindowsRepertoire() throws {
        func euc(_ title: [UInt8]) -> Data {
            var bytes = Data("<?xml version=\"1.0\" encoding=\"EUC-JP\"?><rss version=\"2.0\"><channel><title>".utf8)
            bytes.append(contentsOf: title)
            bytes.append(contentsOf: Data("</title></channel></rss>".utf8))
            return bytes
        }
        // 第 ① ② ㈱ № 回 ～
        let nec = try FeedParser.parse(euc([0xC2, 0xE8, 0xAD, 0xA1, 0xAD, 0xA2, 0xAD, 0xEA, 0xAD, 0xE2, 0xB2, 0xF3, 0xA1, 0xC1]),
                                       documentURL: nil)
        #expect(nec.title == "第①②㈱№回～")
        #expect(nec.warnings.isEmpty)
        // 第, an unassigned pair (row 9), 回大会
        let broken = try FeedParser.parse(euc([0xC2, 0xE8, 0xA9, 0xA1, 0xB2, 0xF3, 0xC2, 0xE7, 0xB2, 0xF1]), documentURL: nil)
        #expect(broken.title == "第\u{FFFD}回大会")
        #expect(broken.warnings.contains { $0.contains("2 bytes could not be decoded as EUC-JP") })
    }

    @Test("UTF-16 little and big endian with a BOM", arguments: ["utf16le_bom.xml", "utf16be_bom.xml"])
    func utf16(_ name: String) throws {
        let feed = try Fixture.parse(name)
        #expect(feed.title == "UTF-16 のフィード")
        #expect(feed.articles.first?.title == "二バイトの記事")
        #expect(feed.warnings.isEmpty)
    }

    @Test("ISO-8859-1 is read as Windows-1252, so 0x93, 0x94, 0x97 and 0x80 are quotes, a dash and the euro")
    func latin1AsWindows1252() throws {
        #expect(try Fixture.parse("latin1_read_as_windows1252.xml").title == "“Smart” quotes — €5 café")
    }

    @Test("the HTTP charset beats the XML declaration")
    func hintBeatsDeclaration() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>日本語</title></channel></rss>"
        let feed = try FeedParser.parse(Data(xml.utf8), documentURL: nil, charsetHint: "utf-8")
        #expect(feed.title == "日本語")
    }

    @Test("a declaration of UTF-16 in a document readable as ASCII is ignored")
    func lyingDeclaration() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss version=\"2.0\"><channel><title>嘘</title></channel></rss>"
        #expect(try FeedParser.parse(Data(xml.utf8), documentURL: nil).title == "嘘")
    }
}
