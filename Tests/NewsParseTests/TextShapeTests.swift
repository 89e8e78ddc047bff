// The one-pass shape of a short field must answer as the separate passes it replaced: the
// full check, Whitespace.collapse and the markup test.
import Testing
import NewsTestSupport
@testable import NewsParse

@Suite("The shape of a short field")
struct TextShapeTests {
    /// Pieces that touch each answer: whitespace of each kind and in each place, markup,
    /// unwanted characters, kana and kanji, and the overlong forms libxml2 lets through.
    private static let pieces: [[UInt8]] = [
        " ", "  ", "\t", "\n", "\r", "\u{0C}", "\u{00A0}", "a", "News", "<b>", "&amp;", "&", "<", "第3四半期", "ニュース",
        "\u{0001}", "\u{007F}", "\u{0085}", "\u{009F}", "\u{00A9}", "\u{202E}", "\u{2066}", "\u{2026}", "\u{201C}",
        "\u{0E01}", "\u{1F600}", "é", "\u{3000}", "\r\n", "한",
    ].map { Array($0.utf8) } + [[0xC0, 0xAF], [0xE0, 0x81, 0xBF], [0xF0, 0x80, 0x81, 0xBF]]

    private func disagreement(_ bytes: [UInt8], _ provenance: TextProvenance) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            let shape = TextShape(buffer, provenance)
            let check = UTF8Validation.check(buffer)
            guard shape.isValid == check.isValid else { return "validity" }
            guard check.isValid else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            if shape.isClean != check.isClean { return "cleanliness" }
            if shape.needsCollapse != (Whitespace.collapse(text) != text) { return "collapse" }
            if shape.hasMarkup != (text.contains("<") || text.contains("&")) { return "markup" }
            return nil
        }
    }

    @Test("answers as the separate passes for every pair of pieces, for both provenances")
    func everyPair() {
        var found: [String] = []
        for first in TextShapeTests.pieces {
            for second in TextShapeTests.pieces {
                for provenance in [TextProvenance.readByLibxml2, .unchecked] {
                    if let what = disagreement(first + second, provenance) { found.append("\(what): \(first + second)") }
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(3))")
    }

    @Test("answers as the separate passes for seeded mixes of up to twelve pieces")
    func randomMixes() {
        var generator = SeededGenerator(seed: 0x5_4A9E)
        var found: [String] = []
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 13) {
                bytes += TextShapeTests.pieces[Int(generator.next() % UInt64(TextShapeTests.pieces.count))]
            }
            for provenance in [TextProvenance.readByLibxml2, .unchecked] {
                if let what = disagreement(bytes, provenance) { found.append("\(what): \(bytes)") }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(3))")
    }

    @Test("bytes not read by libxml2 get the full check: a stray continuation byte or a cut sequence is invalid")
    func untrustedBytes() {
        for bytes: [UInt8] in [[0x61, 0x80], [0xFF], [0xE6, 0x97], [0x61, 0xED, 0xA0, 0x80]] {
            #expect(bytes.withUnsafeBufferPointer { !TextShape($0, .unchecked).isValid })
        }
    }
}
