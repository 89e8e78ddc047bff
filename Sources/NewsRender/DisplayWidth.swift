// Display columns of text in a terminal, and cutting or padding text to a column count.

/// Widths come from the bundled `WideCharacterTable`, never from libc `wcwidth`, whose
/// answer depends on the locale. East Asian Ambiguous characters (`…`, `━`, `●`) count as
/// one column, as terminals draw them outside CJK-legacy settings.
public enum DisplayWidth {
    /// The columns `text` occupies, counted per grapheme cluster.
    public static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one grapheme cluster occupies: its first scalar decides, so a base
    /// letter with combining marks is one cell and an emoji ZWJ sequence or a flag is two.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first(where: { width(of: $0) > 0 }) else { return 0 }
        let baseWidth = width(of: base)
        // VS16 asks for emoji presentation, which terminals draw two columns wide (❤️).
        if baseWidth == 1, base.properties.isEmoji,
           scalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return baseWidth
    }

    /// The columns one scalar occupies on its own: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Control characters draw nothing; `TerminalText.sanitize` removes them anyway.
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x7F { return 1 }
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
        return WideCharacterTable.contains(value, in: WideCharacterTable.wide) ? 2 : 1
    }

    /// `text` cut to at most `limit` columns at a cluster boundary, ending in `…` when
    /// anything was cut. The result may be one column short of `limit` when a wide
    /// character would straddle it; `pad(_:toWidth:)` or `fit(_:toWidth:)` fill that column.
    public static func truncate(_ text: String, toWidth limit: Int) -> String {
        if width(of: text) <= limit { return text }
        guard limit > 0 else { return "" }
        let budget = limit - 1
        var kept = ""
        var used = 0
        for character in text {
            let cells = width(of: character)
            if used + cells > budget { break }
            kept.append(character)
            used += cells
        }
        return kept + "…"
    }

    /// `text` followed by spaces up to `limit` columns; unchanged when already as wide.
    public static func pad(_ text: String, toWidth limit: Int) -> String {
        let missing = limit - width(of: text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` truncated and padded so that it takes exactly `limit` columns.
    public static func fit(_ text: String, toWidth limit: Int) -> String {
        pad(truncate(text, toWidth: limit), toWidth: limit)
    }
}
