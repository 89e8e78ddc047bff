// Where a line of the reading view may break between two characters: at spaces, after a
// hyphen inside a word, and between any two characters of Chinese, Japanese or Korean text,
// except where Japanese line-breaking rules (kinsoku shori) forbid it: before closing
// punctuation and small kana, after an opening bracket.

/// What one grapheme cluster means for breaking a line around it.
struct ReaderBreakClass: OptionSet {
    let rawValue: UInt8

    /// A space: a line may break at it, and it is dropped there.
    static let space = ReaderBreakClass(rawValue: 1)
    /// CJK text, and emoji: a line may break before and after it.
    static let ideographic = ReaderBreakClass(rawValue: 2)
    /// Never at the start of a line (closing punctuation, small kana).
    static let noStart = ReaderBreakClass(rawValue: 4)
    /// Never at the end of a line (an opening bracket).
    static let noEnd = ReaderBreakClass(rawValue: 8)
    /// Never separated from what comes before it (a link's marker, inside a date).
    static let glued = ReaderBreakClass(rawValue: 16)
    /// A hyphen after a letter: a line may break after it, before another letter.
    static let hyphen = ReaderBreakClass(rawValue: 32)
    /// A letter or digit, which a hyphen joins.
    static let letter = ReaderBreakClass(rawValue: 64)
    /// A space or no-break space: dropped at either end of a line.
    static let blank = ReaderBreakClass(rawValue: 128)

    // Plain mask operations: `contains` and `insert` go through generic `SetAlgebra` code
    // that a debug build runs several times slower, once per character of a body.

    /// Whether any of `flags` is set.
    func has(_ flags: ReaderBreakClass) -> Bool { rawValue & flags.rawValue != 0 }

    func adding(_ flags: ReaderBreakClass) -> ReaderBreakClass {
        ReaderBreakClass(rawValue: rawValue | flags.rawValue)
    }

    func removing(_ flags: ReaderBreakClass) -> ReaderBreakClass {
        ReaderBreakClass(rawValue: rawValue & ~flags.rawValue)
    }
}

enum ReaderBreakRules {
    /// The class of `character`, judged by its first scalar (the base of its cluster).
    static func classify(_ character: Character) -> ReaderBreakClass {
        if let ascii = character.asciiValue { return asciiClasses[Int(ascii)] }
        guard let scalar = character.unicodeScalars.first else { return [] }
        let value = scalar.value
        if value == 0xA0 { return .blank }
        if isIdeographic(scalar) {
            if noStart.contains(value) { return ReaderBreakClass.ideographic.adding(.noStart) }
            if noEnd.contains(value) { return ReaderBreakClass.ideographic.adding(.noEnd) }
            return .ideographic
        }
        if noStart.contains(value) { return .noStart }
        if noEnd.contains(value) { return .noEnd }
        // Letters of other alphabets (Latin-1 on), short of the general punctuation and
        // symbol blocks: near enough to tell a word's hyphen from a dash, without the cost
        // of a property lookup per character.
        return value >= 0xC0 && !(0x2000...0x2BFF).contains(value) ? .letter : []
    }

    /// Whether a line may break between `before` and `after`, neither of them a space.
    static func mayBreak(between before: ReaderBreakClass, and after: ReaderBreakClass) -> Bool {
        if after.has(.glued) || after.has(.noStart) || before.has(.noEnd) { return false }
        if before.has(.ideographic) || after.has(.ideographic) { return true }
        return before.has(.hyphen) && after.has(.letter)
    }

    /// Scripts written without spaces between words (Han, kana, Hangul, Yi and their
    /// punctuation and full-width forms), and emoji, which UAX #14 breaks around likewise.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFFEE,
             0x1F300...0x1F64F, 0x1F900...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Closing punctuation, small kana, iteration and prolonged-sound marks, in their
    /// full- and half-width forms, and the ellipses.
    private static let noStart: Set<UInt32> = Set(
        ("、。，．・：；？！ー」』）］｝〕〉》】〙〗〟’”ゃゅょっぁぃぅぇぉゎゕゖァィゥェォッャュョヮヵヶ"
            + "々ゝゞヽヾ〜～゠‐…‥％｡､･ｰ｣ｧｨｩｪｫｬｭｮｯﾞﾟ⦆»›")
            .unicodeScalars.map(\.value))

    /// Opening brackets and quotation marks.
    private static let noEnd: Set<UInt32> = Set(
        "「『（［｛〔〈《【〘〖〝‘“｢⦅«‹".unicodeScalars.map(\.value))

    private static let asciiClasses: [ReaderBreakClass] = (0..<128).map { value in
        let scalar = Unicode.Scalar(UInt8(value))
        switch scalar {
        case " ": return [.space, .blank]
        case "-": return .hyphen
        case ")", "]", "}", ",", ".", "!", "?", ":", ";", "%": return .noStart
        case "(", "[", "{": return .noEnd
        case "a"..."z", "A"..."Z", "0"..."9": return .letter
        default: return []
        }
    }
}
