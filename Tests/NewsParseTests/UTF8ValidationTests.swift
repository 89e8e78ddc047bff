// The parser's own UTF-8 check must agree with Swift's on every input: captured text that
// passes it becomes a String without Swift validating it again.
import Testing
@testable import NewsParse

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    private func swiftAccepts(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    private func parserAccepts(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
    }

    @Test("agrees with Swift on every lead byte followed by one or two telling bytes, in ASCII and CJK context")
    func exhaustiveShortSequences() {
        var disagreements: [[UInt8]] = []
        // Context before and after puts the sequence on the byte-by-byte path, the four-byte
        // compare (which needs a byte after the sequence) and the eight-byte one: two CJK
        // characters after it put it first in that compare, one before it second. The context
        // is valid and ends and starts whole, so Swift's answer is the sequence's own.
        let contexts: [([UInt8], [UInt8])] = [
            ([], []), ([0x61], [0x62]), ([0xE6, 0x97, 0xA5], [0xE6, 0x9C, 0xAC, 0x61]),
            ([], [0xE6, 0x9C, 0xAC, 0xE6, 0x9C, 0xAC, 0x61]),
        ]
        let telling: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2,
                                0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xFF]
        let leads = [0x00, 0x41, 0x7F] + Array(UInt8(0x80)...UInt8(0xFF))
        for first in leads {
            for second in telling {
                for third in telling {
                    for length in 1...3 {
                        let core = Array([first, second, third].prefix(length))
                        let expected = swiftAccepts(core)
                        for (before, after) in contexts where parserAccepts(before + core + after) != expected {
                            disagreements.append(before + core + after)
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("agrees with Swift, and finds what the cleaning removes, inside long CJK and ASCII text at every place in a sixteen-byte block")
    func blockPath() {
        var disagreements: [[UInt8]] = []
        // Bytes that tell leads apart: continuation ranges' edges, the bidi controls' third
        // bytes, ASCII and a byte no UTF-8 holds. (The lanes are tested alike, so where the
        // sequence falls in a block matters more than every pair of bytes after it.)
        let telling: [UInt8] = [0x41, 0x80, 0x9F, 0xA0, 0xAA, 0xBF, 0xFF]
        let cjk = Array("日本語のニュース、第3四半期の見通し".utf8)
        let leads = [0x00, 0x0A, 0x41, 0x7F] + Array(UInt8(0x80)...UInt8(0xFF))
        for first in leads {
            for second in telling {
                for third in telling {
                    for length in [1, 3] where length == 3 || (second == telling[0] && third == telling[0]) {
                        let core = Array([first, second, third].prefix(length))
                        let valid = swiftAccepts(core)
                        // Clean when every scalar of it is wanted (only asked of valid text).
                        let clean = valid && String(decoding: core, as: UTF8.self).unicodeScalars.allSatisfy { !TextCleaner.isUnwanted($0) }
                        for padding in 0..<16 {
                            let bytes = Array(repeating: UInt8(ascii: "a"), count: padding) + cjk + core + cjk + Array("abc".utf8)
                            let check = bytes.withUnsafeBufferPointer(UTF8Validation.check)
                            if parserAccepts(bytes) != valid || check.isValid != valid || (valid && check.isClean != clean) {
                                disagreements.append(bytes)
                            }
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    @Test("agrees with Swift on four-byte sequences, truncated ones and long mixed text")
    func longerInputs() {
        let samples: [[UInt8]] = [
            Array("ニュース😀 and ASCII text that runs past eight bytes, 第3四半期".utf8),
            [0xF0, 0x9F, 0x98, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x9F, 0x98], [0xE6, 0x97], [0xE6, 0x97, 0xA5, 0xE6], [0xED, 0xA0, 0x80, 0x61], [0xE0, 0x80, 0x80, 0x61],
            [0xE6, 0x97, 0x25, 0x61], [0xE6, 0x17, 0xA5, 0x61], [0xEF, 0xBF, 0xBF, 0x61],
        ]
        for bytes in samples {
            #expect(swiftAccepts(bytes) == parserAccepts(bytes), "\(bytes)")
        }
    }

    @Test("a String made from checked bytes is the same as one Swift validates, bad bytes still repaired")
    func stringsMatch() {
        let good = Array("  会見と第3四半期 <p>x</p> ".utf8)
        let bad: [UInt8] = [0x61, 0xE6, 0x97, 0x62, 0xFF]
        for bytes in [good, bad, []] {
            let made = bytes.withUnsafeBufferPointer { UTF8Text.string($0) }
            #expect(made == String(decoding: bytes, as: UTF8.self))
            #expect(Array(made.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
        }
    }

    @Test("the check finds exactly the characters the cleaning removes, alone, in ASCII words and in CJK runs")
    func checkMatchesCleaning() {
        let scalars = (0x00...0xFF).compactMap(Unicode.Scalar.init)
            + (0x2000...0x2070).compactMap(Unicode.Scalar.init) + ["\u{3000}", "日", "\u{1F600}"]
        let ascii = Array("abcdefghijklmnop".utf8), cjk = Array("日本語のニュース".utf8)
        var disagreements: [String] = []
        for scalar in scalars {
            let encoded = Array(String(scalar).utf8)
            for (before, after) in [([], []), (ascii, ascii), (cjk, cjk), (ascii, cjk), (cjk, ascii)] as [([UInt8], [UInt8])] {
                let bytes = before + encoded + after
                let check = bytes.withUnsafeBufferPointer(UTF8Validation.check)
                if !check.isValid || check.isClean == TextCleaner.isUnwanted(scalar) {
                    disagreements.append("U+\(String(scalar.value, radix: 16)) in \(bytes.count) bytes")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test("the check says ill-formed text is invalid, as the plain validation does")
    func checkRejectsIllFormed() {
        for bytes: [UInt8] in [[0xC1, 0xBF], [0xE0, 0x81, 0xBF], [0x61, 0xE2, 0x80], [0xED, 0xA0, 0x80], [0xFF]] {
            let check = bytes.withUnsafeBufferPointer(UTF8Validation.check)
            #expect(!check.isValid)
            #expect(!parserAccepts(bytes))
        }
    }
}
