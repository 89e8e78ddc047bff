// The reading view's page before it meets a width: blocks of styled text, each with what
// stands before its lines (quote bars, list markers), laid out by `ReaderLayout`.

/// A stretch of text in one style.
struct ReaderPiece {
    var text: String
    var style: TextStyle
    /// Kept on the line of the text before it: a link's reference marker.
    var glued = false
    /// Broken only at its ends, never inside (a date and its time).
    var unbreakable = false

    init(_ text: String, _ style: TextStyle = .plain, glued: Bool = false, unbreakable: Bool = false) {
        self.text = text
        self.style = style
        self.glued = glued
        self.unbreakable = unbreakable
    }
}

/// A quote or list item that encloses blocks: what it puts before their lines.
struct ReaderFrame {
    /// Tells two frames apart that draw alike, so that a blank line between two blocks
    /// carries the bars of the quotes both are in and no others.
    var id: Int
    /// Before the first line of the frame's first block: a list item's marker.
    var first: ReaderPiece
    /// Before every other line.
    var rest: ReaderPiece
}

struct ReaderBlock {
    enum Content {
        /// Text wrapped to the width; `breaksAnywhere` for a URL, which has no words and
        /// must be read whole.
        case flow([ReaderPiece], breaksAnywhere: Bool)
        /// Lines kept as written; one longer than the width goes on, marked, on the next.
        case preformatted([[ReaderPiece]])
        /// A horizontal rule across the width.
        case rule
        /// A table's rows, each a list of its cells' text: a line per row where every row
        /// fits the width, else a row's cells on lines of their own.
        case table([[[ReaderPiece]]])
    }

    var content: Content
    /// The enclosing frames, outermost first.
    var frames: [ReaderFrame]
    /// Whether the block's first line takes each frame's `first` piece.
    var opensFrames: [Bool]
    /// A blank line before the block.
    var blankBefore: Bool
}
