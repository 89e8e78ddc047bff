// The reading view's own marks: Unicode, or ASCII for a dumb terminal, as `Glyphs` are for
// the menu. Feed text is never changed to fit them.

struct ReaderGlyphs: Sendable {
    var bullet: String
    var quoteBar: String
    var rule: Glyphs.Rule
    /// Before each segment of a preformatted line that goes on past the width.
    var continuation: String
    var star: String
    /// Between the header's sources, author and date.
    var joiner: String
    /// Between a table row's cells.
    var cellSeparator: String
    /// Whether superscripts and subscripts are drawn in Unicode's raised and lowered
    /// characters (x²), rather than after `^` and `_`.
    var scriptCharacters: Bool

    static let unicode = ReaderGlyphs(
        bullet: "•", quoteBar: "│", rule: Glyphs.unicode.light, continuation: "↪ ",
        star: "★", joiner: Glyphs.unicode.joiner, cellSeparator: " │ ", scriptCharacters: true)

    static let ascii = ReaderGlyphs(
        bullet: "*", quoteBar: "|", rule: Glyphs.ascii.light, continuation: "> ",
        star: "*", joiner: Glyphs.ascii.joiner, cellSeparator: " | ", scriptCharacters: false)

    static func forMode(_ mode: ColorMode) -> ReaderGlyphs {
        mode == .plainASCII ? .ascii : .unicode
    }
}
