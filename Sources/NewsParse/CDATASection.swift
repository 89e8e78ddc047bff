// CDATA sections found in the bytes before libxml2 reads them, so that the reader can hand a
// section's content to the walker itself. In push mode libxml2 2.9 pays about 26 instructions
// for every byte of a section (it looks for `]]>` from every byte, checks each character with
// xmlCheckCdataPush, and counts lines and columns a byte at a time); most of a feed's bytes
// are its items' `content:encoded`, usually one CDATA section each.

enum CDATASection {
    /// `<![CDATA[`, which libxml2 must still read itself: it says whether the bytes are
    /// really a section's start (and not inside a comment, an attribute or another section).
    static let opener: [UInt8] = Array("<![CDATA[".utf8)
    private static let closer: [UInt8] = Array("]]>".utf8)

    /// A section's content that can be handed over as it is: where it ends (the offset of its
    /// `]]>`), and its shape in lines, for libxml2's line and column counts.
    struct Content {
        let end: Int
        let newlines: Int
        /// Bytes after the last newline; all of them when there is none.
        let lastLineBytes: Int
    }

    /// The offset of the first `<![CDATA[` that starts at or after `start` and before
    /// `limit`, or nil.
    static func opener(in bytes: UnsafeRawBufferPointer, from start: Int, before limit: Int) -> Int? {
        ByteScan.find(opener, in: bytes, from: start, startingBefore: limit)
    }

    /// The content starting at `start` (just after an opener) when libxml2 would hand it over
    /// whole and unchanged: its `]]>` is in `bytes`, and it is well-formed UTF-8 (checked here
    /// unless the whole document is `knownUTF8`) made of XML characters only. Anything else (a
    /// section cut short, a bad byte, a control character) is nil and left to libxml2, which
    /// reports it as it always has.
    static func content(in bytes: UnsafeRawBufferPointer, from start: Int, knownUTF8: Bool) -> Content? {
        guard start <= bytes.count, let end = ByteScan.find(closer, in: bytes, from: start) else { return nil }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        let text = raw.assumingMemoryBound(to: UInt8.self)
        guard knownUTF8 || UTF8Validation.isValid(text), holdsOnlyXMLCharacters(text) else { return nil }
        let newlines = ByteScan.count(of: 0x0A, in: raw)
        var lastLineBytes = text.count
        if newlines > 0, let lastNewline = text.lastIndex(of: 0x0A) { lastLineBytes = text.count - lastNewline - 1 }
        return Content(end: end, newlines: newlines, lastLineBytes: lastLineBytes)
    }

    /// Whether well-formed UTF-8 holds only characters XML allows: no C0 control but tab,
    /// line feed and carriage return, and neither U+FFFE nor U+FFFF (EF BF BE, EF BF BF).
    /// Sixteen bytes a compare; a block holding a control or an EF is looked at byte by byte.
    static func holdsOnlyXMLCharacters(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        let x09 = SIMD16<UInt8>(repeating: 0x09), x0a = SIMD16<UInt8>(repeating: 0x0A)
        let x0d = SIMD16<UInt8>(repeating: 0x0D), x20 = SIMD16<UInt8>(repeating: 0x20)
        let xef = SIMD16<UInt8>(repeating: 0xEF)
        var index = 0
        while count - index >= 16 {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let control = (block .< x20) .& (block .!= x09) .& (block .!= x0a) .& (block .!= x0d)
            if ByteScan.anyLane(control .| (block .== xef)), !bytesAreXMLCharacters(text, from: index, to: index + 16) {
                return false
            }
            index &+= 16
        }
        return bytesAreXMLCharacters(text, from: index, to: count)
    }

    /// The byte-by-byte test for the sequences starting in `start..<end` (an EF near the end
    /// is completed by the bytes after it).
    private static func bytesAreXMLCharacters(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        for index in start..<end {
            let byte = text[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return false }
            if byte == 0xEF, index + 2 < text.count, text[index + 1] == 0xBF, text[index + 2] & 0xFE == 0xBE {
                return false
            }
        }
        return true
    }
}
