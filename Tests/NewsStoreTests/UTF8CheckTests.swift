// UTF8Check decides whether the index's writer may use a column's bytes as they are: it must
// say valid exactly when reading the bytes as a String changes nothing.
import NewsTestSupport
import Testing
@testable import NewsStore

@Suite("UTF-8 check")
struct UTF8CheckTests {
    private func agreesWithString(_ bytes: [UInt8]) -> Bool {
        let valid = bytes.withUnsafeBufferPointer(UTF8Check.isValid)
        return valid == (Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes)
    }

    @Test("every lead byte with every second byte, at each offset of an ASCII run, as String reads them")
    func everyPair() {
        for prefix in 0..<9 {
            for lead in 0x80...0xFF {
                for second in [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                    let ascii = [UInt8](repeating: 0x61, count: prefix)
                    for tail in [[], [0x80], [0x80, 0x80], [0x41]] as [[UInt8]] {
                        let bytes = ascii + [UInt8(lead), UInt8(second)] + tail
                        #expect(agreesWithString(bytes), "\(bytes)")
                    }
                }
            }
        }
    }

    @Test("the edges: overlong forms, surrogates, the last scalar and past it, cut sequences, CJK and kana")
    func edges() {
        let cases: [[UInt8]] = [
            [], [0x00], Array("東京都のニュース、English text 123".utf8),
            [0xC1, 0xBF], [0xC2, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xE6, 0x9D], [0xF0, 0x9F, 0x98], Array("abcdefgh東".utf8).dropLast(1).map { $0 },
        ]
        for bytes in cases { #expect(agreesWithString(bytes), "\(bytes)") }
        #expect([0xE6, 0x9D, 0xB1].withUnsafeBufferPointer(UTF8Check.isValid))
        #expect(![0xED, 0xA0, 0x80].withUnsafeBufferPointer(UTF8Check.isValid))
    }

    @Test("seeded random bytes, mostly text, as String reads them")
    func randomBytes() {
        var generator = SeededGenerator(seed: 0x07F8_C4EC)
        let pieces: [[UInt8]] = [Array("ab".utf8), Array("東".utf8), Array("😀".utf8), [0x80], [0xE6], [0xF0, 0x9F], [0xC3]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                bytes += pieces.randomElement(using: &generator)!
            }
            #expect(agreesWithString(bytes), "\(bytes)")
        }
    }
}
