// HTMLEscaping.escape: plain text made safe for HTML, byte for byte.
import Testing
@testable import NewsParse

@Suite("HTML escaping of plain text")
struct HTMLEscapingTests {
    @Test("text with nothing to escape comes back unchanged, Japanese and emoji included")
    func untouched() {
        for text in ["", "plain words", "東京の天気 ☀️ 👨‍👩‍👧", "it's fine"] {
            #expect(HTMLEscaping.escape(text) == text)
        }
    }

    @Test("&, <, > and \" become entities wherever they are, next to multi-byte characters")
    func escapes() {
        #expect(HTMLEscaping.escape("A & B <b>\"東京\"</b>") == "A &amp; B &lt;b&gt;&quot;東京&quot;&lt;/b&gt;")
        #expect(HTMLEscaping.escape("&amp;") == "&amp;amp;")
        #expect(HTMLEscaping.escape("株<") == "株&lt;")
        #expect(HTMLEscaping.escape(">é") == "&gt;é")
    }

    @Test("the String and the byte versions agree")
    func bothVersionsAgree() {
        let text = "x<y & \"z\" — 日本語 > 1"
        var bytes: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { HTMLEscaping.escape($0) { bytes.append(contentsOf: $0) } }
        #expect(HTMLEscaping.escape(text) == String(decoding: bytes, as: UTF8.self))
    }
}
