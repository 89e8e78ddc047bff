// The status line's text and, while the reader types a `/` query into it, where the cursor
// shows: at the query's end, where the next character goes.

struct StatusText: Equatable {
    var text: String
    /// Columns of `text` before the cursor; nil: the cursor stays hidden.
    var cursorOffset: Int?

    init(_ text: String, cursorOffset: Int? = nil) {
        self.text = text
        self.cursorOffset = cursorOffset
    }
}
