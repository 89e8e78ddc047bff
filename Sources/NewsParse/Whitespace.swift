// Whitespace collapsing and the small text conversions every field reading shares.

enum Whitespace {
    /// Runs of ASCII whitespace and no-break spaces become one space, and none at all where
    /// a line break falls between two CJK characters (Japanese puts no spaces between words:
    /// 改行が\nタイトル reads 改行がタイトル, as browsers show it). The ends are trimmed of
    /// those and of the ideographic space (U+3000), which is kept inside: Japanese text uses
    /// it on purpose, but a title of nothing else is blank.
    static func collapse(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in isCollapsed(bytes) ? nil : collapsed(bytes) } ?? text
    }

    /// The same for well-formed UTF-8 bytes known to need it (TextShape.needsCollapse).
    static func collapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Only whole ASCII whitespace bytes and whole C2 A0 pairs are dropped: still valid.
        collapsedBytes(bytes).withUnsafeBufferPointer { String(copying: UTF8Span(unchecked: $0.span)) }
    }

    /// Most values need nothing: no whitespace but single inner spaces.
    private static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasSpace = true
        for index in bytes.indices {
            switch bytes[index] {
            case 0x20:
                if previousWasSpace { return false }
                previousWasSpace = true
            case 0x09, 0x0A, 0x0D, 0x0C: return false
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: return false
            default: previousWasSpace = false
            }
        }
        return (!previousWasSpace || bytes.isEmpty) && !hasIdeographicSpaceAtAnEnd(bytes)
    }

    private static let ideographicSpace: [UInt8] = [0xE3, 0x80, 0x80]

    static func hasIdeographicSpaceAtAnEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && (bytes.starts(with: ideographicSpace) || bytes[(bytes.count - 3)...].elementsEqual(ideographicSpace))
    }

    private static func collapsedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        var pendingBreak = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var width = 0
            switch byte {
            case 0x20, 0x09, 0x0C: width = 1
            case 0x0A, 0x0D:
                width = 1
                pendingBreak = true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: width = 2
            case 0xE3 where output.isEmpty && bytes[index...].starts(with: ideographicSpace): width = 3
            default: break
            }
            if width > 0 {
                pendingSpace = !output.isEmpty
                index += width
                continue
            }
            if pendingSpace, !(pendingBreak && isCJK(lastScalarOf: output) && isCJK(scalarAt: index, in: bytes)) {
                output.append(0x20)
            }
            pendingSpace = false
            pendingBreak = false
            output.append(byte)
            index += 1
        }
        while output.count >= 3, output[(output.count - 3)...].elementsEqual(ideographicSpace) {
            output.removeLast(3)
            while output.last == 0x20 { output.removeLast() }
        }
        return output
    }

    /// Whether the scalar starting at `index` is CJK (East Asian Wide, Fullwidth or Halfwidth,
    /// Hangul excepted: Korean separates words with spaces).
    private static func isCJK(scalarAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let value = scalarValue(bytes, from: index) else { return false }
        switch value {
        case 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF01...0xFF9F, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private static func isCJK(lastScalarOf output: [UInt8]) -> Bool {
        var start = output.count - 1
        while start > 0, output[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0 else { return false }
        return output.withUnsafeBufferPointer { isCJK(scalarAt: start, in: $0) }
    }

    /// The scalar whose UTF-8 starts at `index` (bytes known to be well-formed); nil for ASCII.
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> UInt32? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    /// Drops ASCII whitespace and no-break spaces from both ends. Works on the bytes and
    /// returns the text itself when neither end has any (most values): walking Unicode
    /// scalars cost about 300 instructions a call.
    static func trim(_ text: String) -> String {
        var copy = text
        let bounds: Range<Int>? = copy.withUTF8 { bytes in
            var start = 0
            var end = bytes.count
            while start < end {
                if isASCIIWhitespace(bytes[start]) {
                    start += 1
                } else if end - start >= 2, bytes[start] == 0xC2, bytes[start + 1] == 0xA0 {
                    start += 2
                } else {
                    break
                }
            }
            while start < end {
                if isASCIIWhitespace(bytes[end - 1]) {
                    end -= 1
                } else if end - start >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xA0 {
                    end -= 2
                } else {
                    break
                }
            }
            guard start > 0 || end < bytes.count else { return nil }
            return start..<end
        }
        guard let bounds else { return text }
        // Whole ASCII bytes and whole C2 A0 pairs were cut from valid UTF-8 (an A0 after C2
        // always is U+00A0): what is left is valid too.
        return copy.withUTF8 { bytes in String(copying: UTF8Span(unchecked: UnsafeBufferPointer(rebasing: bytes[bounds]).span)) }
    }

    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}

enum HTMLEscaping {
    /// Makes plain text safe to embed in HTML, so that `content` is always HTML. Works on the
    /// UTF-8 bytes (every escaped character is ASCII, so the result stays valid UTF-8) and
    /// returns the text itself when it holds nothing to escape, as most titles and summaries.
    static func escape(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscaping) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            escape(bytes) { output.append(contentsOf: $0) }
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? text
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
    }

    /// The same, for UTF-8 bytes straight from libxml2: hands `emit` the runs that need no
    /// escape and the entities between them, in order.
    static func escape(_ text: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        for index in text.indices {
            let entity: StaticString
            switch text[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: continue
            }
            if runStart < index { emit(UnsafeBufferPointer(rebasing: text[runStart..<index])) }
            entity.withUTF8Buffer(emit)
            runStart = index + 1
        }
        if runStart < text.count { emit(UnsafeBufferPointer(rebasing: text[runStart...])) }
    }
}
