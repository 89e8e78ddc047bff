// Display columns of text in a terminal, and cutting or padding text to a column count.

/// Widths come from the bundled `WideCharacterTable` and `AmbiguousWidthTable`, never from
/// libc `wcwidth`, whose answer depends on the locale. East Asian Ambiguous characters
/// (`…`, `━`, `●`, Greek, Cyrillic) count as one column, as terminals draw them outside
/// CJK-legacy settings, or as two with `ambiguousWide` for terminals set to draw them wide.
public enum DisplayWidth {
    /// The columns `text` occupies, counted per grapheme cluster.
    public static func width(of text: String, ambiguousWide: Bool = false) -> Int {
        // Splitting text into grapheme clusters is the slow part of measuring it. Text made
        // only of scalars that never join into wider clusters (Latin, kana, kanji, Hangul
        // syllables, fullwidth forms) is as wide as the sum of its scalars.
        var total = 0
        for scalar in text.unicodeScalars {
            guard isStandalone(scalar.value) else {
                return text.reduce(0) { $0 + width(of: $1, ambiguousWide: ambiguousWide) }
            }
            total += width(of: scalar, ambiguousWide: ambiguousWide)
        }
        return total
    }

    /// Scalars that always form a grapheme cluster of their own (marks and joiners excluded).
    private static func isStandalone(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x3096,
             0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }

    /// The columns one grapheme cluster occupies: the sum of its scalars', as terminals count
    /// them (glibc `wcswidth`, tmux, xterm, VTE). A Devanagari syllable such as हि is one
    /// cluster yet two cells, the consonant's and the spacing vowel sign's, while the marks
    /// drawn onto a cell (accents, virama, nukta, Thai tone marks), joiners and Hangul's
    /// conjoining vowels and finals take none. A Prepend letter (Malayalam's dot reph) opens
    /// the cluster of whatever follows it and keeps its own cell that way too.
    ///
    /// An emoji and all that follows it in the cluster (ZWJ sequence, flag, keycap, skin
    /// tone) count as one picture as wide as the emoji, usually two, where summing would
    /// count every person of a family: terminals disagree about these, and one picture is what a terminal
    /// with emoji support draws. A variation selector overrides the default presentation:
    /// VS16 (U+FE0F) makes a text-style emoji wide (❤️), VS15 (U+FE0E) makes an
    /// emoji-style one narrow (⌚︎).
    public static func width(of character: Character, ambiguousWide: Bool = false) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        // Most clusters are one scalar (a kana, a kanji): nothing to add up or select.
        if scalars.count == 1, let only = scalars.first {
            return width(of: only, ambiguousWide: ambiguousWide)
        }
        var total = 0
        for index in scalars.indices {
            let scalar = scalars[index]
            let columns = width(of: scalar, ambiguousWide: ambiguousWide)
            if columns > 0, mayBeEmoji(scalar.value), scalar.properties.isEmoji {
                return total + emojiWidth(scalar, extendedBy: scalars[index...], ambiguousWide: ambiguousWide)
            }
            total += columns
        }
        return total
    }

    /// False for the scalars that are certainly no emoji, so that the letters of a syllable
    /// skip the (slow) property lookup: every emoji lies at U+203C ‼ or above, but for
    /// #, *, the digits (keycap bases), © and ®.
    private static func mayBeEmoji(_ value: UInt32) -> Bool {
        value >= 0x203C || value <= 0xAE
    }

    /// The columns of emoji `base` and the `scalars` that extend it: the emoji's own, unless
    /// a variation selector asks for the other presentation.
    private static func emojiWidth(
        _ base: Unicode.Scalar, extendedBy scalars: Substring.UnicodeScalarView, ambiguousWide: Bool
    ) -> Int {
        let baseWidth = width(of: base, ambiguousWide: ambiguousWide)
        if baseWidth == 1, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if baseWidth == 2, base.properties.isEmojiPresentation,
           scalars.contains(where: { $0.value == 0xFE0E }) {
            return 1
        }
        return baseWidth
    }

    /// The columns one scalar occupies on its own: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar, ambiguousWide: Bool = false) -> Int {
        let value = scalar.value
        // Control characters draw nothing; `TerminalText.sanitize` removes them anyway.
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        // Blocks that are wholly wide and hold no marks, answered before the (slow)
        // property lookup: the common kanji, kana (without the combining sound marks
        // U+3099–U+309A), Hangul syllables and fullwidth forms.
        switch value {
        case 0x4E00...0x9FFF, 0x3041...0x3096, 0x309B...0x30FF, 0xAC00...0xD7A3, 0xFF01...0xFF60, 0x3000...0x3029:
            return 2
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .format:
            // The soft hyphen is the one format character terminals draw as a glyph.
            return value == 0xAD ? 1 : 0
        default:
            break
        }
        if WideCharacterTable.contains(value, in: WideCharacterTable.zeroWidthLetters) { return 0 }
        if WideCharacterTable.contains(value, in: WideCharacterTable.wide) { return 2 }
        if ambiguousWide, WideCharacterTable.contains(value, in: AmbiguousWidthTable.ranges) {
            return 2
        }
        return 1
    }

    /// `text` cut to at most `limit` columns at a cluster boundary, ending in `ellipsis`
    /// when anything was cut. The result may be a column short of `limit` when a wide
    /// character would straddle it; `pad(_:toWidth:)` or `fit(_:toWidth:)` fill that column.
    /// When even the ellipsis does not fit, the text is cut without one.
    public static func truncate(
        _ text: String, toWidth limit: Int, ellipsis: String = "…", ambiguousWide: Bool = false
    ) -> String {
        guard limit > 0 else { return "" }
        let ellipsisWidth = width(of: ellipsis, ambiguousWide: ambiguousWide)
        let marked = ellipsisWidth <= limit
        let budget = marked ? limit - ellipsisWidth : limit
        // As in `width(of:)`: text of standalone scalars is measured scalar by scalar,
        // without the grapheme breaking that iterating Characters costs.
        let cut = text.unicodeScalars.allSatisfy({ isStandalone($0.value) })
            ? cutIndex(text.unicodeScalars, limit: limit, budget: budget) { width(of: $0, ambiguousWide: ambiguousWide) }
            : cutIndex(text, limit: limit, budget: budget) { width(of: $0, ambiguousWide: ambiguousWide) }
        guard let cut else { return text }
        let kept = String(text[..<cut])
        return marked ? kept + ellipsis : kept
    }

    /// Where to cut text that overflows `limit`: after the last unit that still fits
    /// `budget`. Nil when the whole fits. Stops as soon as the text is known to overflow, so
    /// a long summary is never measured to its end.
    private static func cutIndex<Units: Collection>(
        _ units: Units, limit: Int, budget: Int, width: (Units.Element) -> Int
    ) -> String.Index? where Units.Index == String.Index {
        var used = 0
        var keptEnd = units.startIndex
        var index = units.startIndex
        while index != units.endIndex {
            used += width(units[index])
            if used > limit { return keptEnd }
            index = units.index(after: index)
            if used <= budget { keptEnd = index }
        }
        return nil
    }

    /// `text` followed by spaces up to `limit` columns; unchanged when already as wide.
    public static func pad(_ text: String, toWidth limit: Int, ambiguousWide: Bool = false) -> String {
        let missing = limit - width(of: text, ambiguousWide: ambiguousWide)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` truncated and padded so that it takes exactly `limit` columns.
    public static func fit(
        _ text: String, toWidth limit: Int, ellipsis: String = "…", ambiguousWide: Bool = false
    ) -> String {
        pad(truncate(text, toWidth: limit, ellipsis: ellipsis, ambiguousWide: ambiguousWide),
            toWidth: limit, ambiguousWide: ambiguousWide)
    }
}
