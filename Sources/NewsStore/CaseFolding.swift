// Lower-casing for search: the same result as String.lowercased() of the width-folded text
// (`WidthFolding`), several times faster on the texts feeds carry, since most of their
// characters (ASCII, kana, kanji, hangul) need no table lookup.

enum CaseFolding {
    /// `WidthFolding.folded(text).lowercased()`, copying ASCII (folded by hand) and the
    /// caseless CJK and hangul blocks straight through and asking Unicode only about the rest.
    static func lowercased(_ text: String) -> String {
        String(decoding: lowercasedUTF8(text), as: UTF8.self)
    }

    /// The UTF-8 bytes of `lowercased(text)`, for the search's byte comparisons: making a
    /// String of them checks every byte again. Walks the bytes: stepping through
    /// `unicodeScalars` decoded and re-encoded every character.
    static func lowercasedUTF8(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8(lowercased)
    }

    /// `lowercasedUTF8` of text given as valid UTF-8.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if let widthFolded = WidthFolding.folded(bytes) {
            return widthFolded.withUnsafeBufferPointer(lowercasedWithoutWidths)
        }
        return lowercasedWithoutWidths(bytes)
    }

    private static func lowercasedWithoutWidths(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        // Bytes that stay as they are go out a run at a time.
        var unchangedFrom = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                if byte >= 0x41 && byte <= 0x5A {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[unchangedFrom..<(index - 1)]))
                    output.append(byte | 0x20)
                    unchangedFrom = index
                }
                continue
            }
            // Lead bytes E3–E9 begin U+3000–U+9FFF (kana, CJK ideographs): no case, and
            // most of a Japanese text's characters, so they are passed over undecoded.
            if byte >= 0xE3 && byte <= 0xE9 {
                index += 3
                continue
            }
            // A String's bytes are valid UTF-8: the lead byte gives the length.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + length <= bytes.count else { break }
            var value = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            let start = index
            index += length
            if !isCaseless(value), let scalar = Unicode.Scalar(value) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[unchangedFrom..<start]))
                output.append(contentsOf: String(scalar).lowercased().utf8)
                unchangedFrom = index
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[unchangedFrom..<bytes.count]))
        return output
    }

    /// Blocks with no upper or lower case: CJK punctuation, kana, CJK ideographs and their
    /// extensions, hangul syllables, CJK compatibility ideographs.
    private static func isCaseless(_ value: UInt32) -> Bool {
        (0x3000...0x9FFF).contains(value) || (0xAC00...0xD7AF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }
}
