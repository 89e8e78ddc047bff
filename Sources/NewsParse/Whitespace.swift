// Whitespace collapsing and the small text conversions every field reading shares.

enum Whitespace {
    /// Runs of ASCII whitespace and no-break spaces become one space; the ends are trimmed.
    /// The ideographic space (U+3000) is kept: Japanese text uses it on purpose.
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
        return !previousWasSpace || bytes.isEmpty
    }

    private static func collapsedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var width = 0
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: width = 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: width = 2
            default: break
            }
            if width > 0 {
                pendingSpace = !output.isEmpty
                index += width
                continue
            }
            if pendingSpace { output.append(0x20) }
            pendingSpace = false
            output.append(byte)
            index += 1
        }
        return output
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
