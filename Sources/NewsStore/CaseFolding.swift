// Lower-casing for search: the same result as String.lowercased(), several times faster on
// the texts feeds carry, since most of their characters (ASCII, kana, kanji, hangul) need
// no table lookup.

enum CaseFolding {
    /// `text.lowercased()`, copying ASCII (folded by hand) and the caseless CJK and hangul
    /// blocks straight through and asking Unicode only about the rest.
    static func lowercased(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                output.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if isCaseless(value) {
                UTF8.encode(scalar) { output.append($0) }
            } else {
                output.append(contentsOf: String(scalar).lowercased().utf8)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Blocks with no upper or lower case: CJK punctuation, kana, CJK ideographs and their
    /// extensions, hangul syllables, CJK compatibility ideographs.
    private static func isCaseless(_ value: UInt32) -> Bool {
        (0x3000...0x9FFF).contains(value) || (0xAC00...0xD7AF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }
}
