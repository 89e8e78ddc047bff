// The bytes that turn the screen's previous frame into the next one: only rows whose text
// changed are rewritten, each from its first column, and the cursor is shown or hidden,
// inside one synchronized update. Pure, so that what reaches the terminal can be tested as
// text.

public enum FrameDiff {
    /// Terminals that support it show the whole update at once (no tearing); the others
    /// ignore an unknown private mode.
    static let beginSynchronized = "\u{1B}[?2026h"
    static let endSynchronized = "\u{1B}[?2026l"
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"

    /// The update from `previous` (nil: the screen's content and cursor are unknown,
    /// rewrite every row) to `next`. Each rewritten row is cleared first, so a shorter row
    /// leaves nothing behind (clearing after the text would erase the last column, where the
    /// cursor stays once a full-width row is written), and its attributes are reset after.
    /// Writing rows moves the cursor, so a shown cursor is hidden while they are written (a
    /// terminal without synchronized updates would show it travelling along them) and put
    /// back in its cell after. Empty when nothing changed.
    public static func update(from previous: ScreenFrame?, to next: ScreenFrame) -> String {
        var rows = ""
        for (row, line) in next.lines.enumerated() {
            if let previous, row < previous.lines.count, previous.lines[row] == line { continue }
            rows += "\u{1B}[\(row + 1);1H\u{1B}[m\u{1B}[K" + line + "\u{1B}[m"
        }
        // Unknown after a resize or a child's turn at the terminal: hidden once more to be sure.
        let cursorMayShow = previous.map { $0.cursor != nil } ?? true
        var output = ""
        if cursorMayShow, !rows.isEmpty || next.cursor == nil { output += hideCursor }
        output += rows
        if let cursor = next.cursor, !rows.isEmpty || previous?.cursor != cursor {
            output += "\u{1B}[\(cursor.row);\(cursor.column)H" + showCursor
        }
        guard !output.isEmpty else { return "" }
        return beginSynchronized + output + endSynchronized
    }
}
