// Converts a document from a legacy charset to UTF-8 with glibc's iconv, replacing what
// cannot be decoded with U+FFFD instead of giving up.
import Glibc

/// Owns one iconv descriptor; closed in deinit. Not Sendable: one conversion, one thread.
final class IconvDecoder {
    private let descriptor: iconv_t
    let charset: String

    /// nil when iconv knows no such charset.
    init?(charset: String) {
        let opened = iconv_open("UTF-8", charset)
        // iconv_open signals failure with (iconv_t)-1.
        guard let opened, Int(bitPattern: opened) != -1 else { return nil }
        descriptor = opened
        self.charset = charset
    }

    deinit {
        iconv_close(descriptor)
    }

    /// Charsets whose non-ASCII characters are a lead byte and a trail byte.
    private static func isDoubleByte(_ charset: String) -> Bool {
        ["EUC-JP-MS", "EUC-JP", "CP932", "EUC-KR", "CP949", "GBK", "EUC-CN", "BIG5", "BIG5-HKSCS"].contains(charset)
    }

    struct Result {
        let bytes: [UInt8]
        /// Input bytes that could not be decoded (each run became one U+FFFD).
        let undecodable: Int
    }

    func decode(_ input: UnsafeRawBufferPointer) -> Result {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var output = [UInt8](repeating: 0, count: max(64, input.count * 3 / 2 + 16))
        var written = 0
        var undecodable = 0
        var consumed = 0
        var lastWasReplacement = false
        while consumed < input.count {
            if output.count - written < 16 { output += [UInt8](repeating: 0, count: output.count) }
            var inLeft = input.count - consumed
            var outLeft = output.count - written
            let status = output.withUnsafeMutableBytes { out -> Int in
                var inPointer = UnsafeMutablePointer(mutating: input.baseAddress?.advanced(by: consumed)
                    .assumingMemoryBound(to: CChar.self))
                var outPointer = out.baseAddress?.advanced(by: written).assumingMemoryBound(to: CChar.self)
                return iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
            }
            let advancedIn = (input.count - consumed) - inLeft
            if advancedIn > 0 { lastWasReplacement = false }
            consumed += advancedIn
            written = output.count - outLeft
            guard status == -1 else { continue }
            switch errno {
            case E2BIG:
                output += [UInt8](repeating: 0, count: output.count)
            default:
                // EILSEQ (a byte no character starts with) or EINVAL (a sequence cut off at the
                // end): one U+FFFD per bad run, then go on after the byte, and after its
                // second byte too in a double-byte charset unless that byte is ASCII, as
                // browsers do (WHATWG Encoding): read on its own, the second byte would start
                // a character and put the rest of the text out of step.
                let skipped = Self.isDoubleByte(charset) && consumed + 1 < input.count
                    && input[consumed] >= 0x80 && input[consumed + 1] >= 0x80 ? 2 : 1
                undecodable += skipped
                if !lastWasReplacement {
                    if output.count - written < 3 { output += [UInt8](repeating: 0, count: output.count) }
                    output.replaceSubrange(written..<written + 3, with: replacement)
                    written += 3
                }
                lastWasReplacement = true
                consumed += skipped
            }
        }
        output.removeSubrange(written...)
        return Result(bytes: output, undecodable: undecodable)
    }
}
