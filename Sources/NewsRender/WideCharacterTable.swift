// The bundled width table: code points a terminal draws two columns wide, and the
// non-mark code points it draws zero wide. Bundled so every locale gets the same answer.

enum WideCharacterTable {
    /// East Asian Wide (W) and Fullwidth (F) ranges, after Unicode's EastAsianWidth.txt,
    /// plus regional indicators (flags draw two columns) and the whole emoji block
    /// U+1F300–U+1FAFF. Sorted and disjoint: `contains` binary-searches it.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Choseong (leading jamo)
        0x231A...0x231B,   // watch, hourglass
        0x2329...0x232A,   // angle brackets
        0x23E9...0x23EC,
        0x23F0...0x23F0,
        0x23F3...0x23F3,
        0x25FD...0x25FE,
        0x2614...0x2615,
        0x2648...0x2653,   // zodiac
        0x267F...0x267F,
        0x2693...0x2693,
        0x26A1...0x26A1,
        0x26AA...0x26AB,
        0x26BD...0x26BE,
        0x26C4...0x26C5,
        0x26CE...0x26CE,
        0x26D4...0x26D4,
        0x26EA...0x26EA,
        0x26F2...0x26F3,
        0x26F5...0x26F5,
        0x26FA...0x26FA,
        0x26FD...0x26FD,
        0x2705...0x2705,
        0x270A...0x270B,
        0x2728...0x2728,
        0x274C...0x274C,
        0x274E...0x274E,
        0x2753...0x2755,
        0x2757...0x2757,
        0x2795...0x2797,
        0x27B0...0x27B0,
        0x27BF...0x27BF,
        0x2B1B...0x2B1C,
        0x2B50...0x2B50,
        0x2B55...0x2B55,
        0x2E80...0x2E99,   // CJK radicals supplement
        0x2E9B...0x2EF3,
        0x2F00...0x2FD5,   // Kangxi radicals
        0x2FF0...0x2FFF,   // ideographic description characters
        0x3000...0x303E,   // CJK symbols and punctuation, ideographic space
        0x3041...0x3096,   // Hiragana
        0x3099...0x30FF,   // Katakana (the two sound marks are caught earlier as marks)
        0x3105...0x312F,   // Bopomofo
        0x3131...0x318E,   // Hangul compatibility jamo
        0x3190...0x31E3,
        0x31EF...0x321E,
        0x3220...0x3247,
        0x3250...0x4DBF,   // enclosed CJK, CJK extension A
        0x4E00...0xA48C,   // CJK unified ideographs, Yi
        0xA490...0xA4C6,
        0xA960...0xA97C,
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE52,
        0xFE54...0xFE66,
        0xFE68...0xFE6B,
        0xFF01...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,
        0x16FE0...0x16FE4,
        0x16FF0...0x16FF1,
        0x17000...0x187F7, // Tangut
        0x18800...0x18CD5,
        0x18D00...0x18D08,
        0x1AFF0...0x1AFF3,
        0x1AFF5...0x1AFFB,
        0x1AFFD...0x1AFFE,
        0x1B000...0x1B122, // kana supplement
        0x1B132...0x1B132,
        0x1B150...0x1B152,
        0x1B155...0x1B155,
        0x1B164...0x1B167,
        0x1B170...0x1B2FB,
        0x1F004...0x1F004,
        0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E,
        0x1F191...0x1F19A,
        0x1F1E6...0x1F202, // regional indicators, enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x1F300...0x1FAFF, // emoji and pictographs
        0x20000...0x2FFFD, // CJK extensions B–F
        0x30000...0x3FFFD, // CJK extensions G–H
    ]

    /// Code points that are not marks yet take no column: Hangul medial vowels and final
    /// consonants (they join the leading jamo's cell). Marks and format characters are
    /// recognised by their general category instead.
    static let zeroWidthLetters: [ClosedRange<UInt32>] = [
        0x1160...0x11FF,
        0xD7B0...0xD7FF,
    ]

    static func contains(_ value: UInt32, in table: [ClosedRange<UInt32>]) -> Bool {
        var low = 0
        var high = table.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = table[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
