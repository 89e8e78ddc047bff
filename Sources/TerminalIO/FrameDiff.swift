// The bytes that turn the screen's previous frame into the next one: only rows whose text
// changed are rewritten, each from its first column, inside one synchronized update.
// Pure, so that what reaches the terminal can be tested as text.

public enum FrameDiff {
    /// Terminals that support it show the whole update at once (no tearing); the others
    /// ignore an unknown private mode.
    static let beginSynchronized = "\u{1B}[?2026h"
    static let endSynchronized = "\u{1B}[?2026l"

    /// The update from `previous` (nil: the screen's content is unknown, rewrite every
    /// row) to `next`, one string per row from the top. Each rewritten row is cleared
    /// first, so a shorter row leaves nothing behind (clearing after the text would erase
    /// the last column, where the cursor stays once a full-width row is written), and its
    /// attributes are reset after. Empty when nothing changed.
    public static func update(from previous: [String]?, to next: [String]) -> String {
        var output = ""
        for (row, line) in next.enumerated() {
            if let previous, row < previous.count, previous[row] == line { continue }
            output += "\u{1B}[\(row + 1);1H\u{1B}[m\u{1B}[K" + line + "\u{1B}[m"
        }
        guard !output.isEmpty else { return "" }
        return beginSynchronized + output + endSynchronized
    }
}
