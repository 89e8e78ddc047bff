// The menu's own symbols: Unicode box drawing and marks, or ASCII for a dumb terminal.

struct Glyphs: Sendable {
    /// A line-drawing character and the ASCII character that tops up a rule by one
    /// column when the character itself is drawn two columns wide (`ambiguousWide`).
    struct Rule: Sendable {
        var glyph: String
        var narrow: String
    }

    var unread: String
    /// Marks an unread article first seen since the tab was last viewed.
    var fresh: String
    /// Beside the read-state marker of a starred article.
    var starred: String
    /// Takes the marker's place on the cursor row when no attribute can show it.
    var cursor: String
    var ellipsis: String
    var light: Rule
    var heavy: Rule
    var moreBefore: String
    var moreAfter: String
    /// Between a source and its age, and between the footer's parts.
    var joiner: String
    /// The coloured edge at the start of each cell in the `tab` style.
    var tabEdge: String
    var topLeft: String
    var topRight: String
    var bottomLeft: String
    var bottomRight: String
    var vertical: String

    static let unicode = Glyphs(
        unread: "●", fresh: "✦", starred: "★", cursor: ">", ellipsis: "…",
        light: Rule(glyph: "─", narrow: "-"), heavy: Rule(glyph: "━", narrow: "="),
        moreBefore: "‹", moreAfter: "›", joiner: " · ", tabEdge: "▌",
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", vertical: "│")

    static let ascii = Glyphs(
        unread: "*", fresh: "+", starred: "!", cursor: ">", ellipsis: "...",
        light: Rule(glyph: "-", narrow: "-"), heavy: Rule(glyph: "=", narrow: "="),
        moreBefore: "<", moreAfter: ">", joiner: " - ", tabEdge: "|",
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", vertical: "|")

    static func forMode(_ mode: ColorMode) -> Glyphs {
        mode == .plainASCII ? .ascii : .unicode
    }
}
