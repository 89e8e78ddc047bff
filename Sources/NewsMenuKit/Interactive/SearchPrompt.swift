// The `/` prompt on the status line. Typing happens at the end of the query, so a query too
// long for the line shows its end, after an ellipsis, rather than its start.
import NewsRender
import TerminalIO

enum SearchPrompt {
    /// A note such as "no match" keeps its place only while this many columns remain for
    /// the query's end.
    private static let shortestQueryEnd = 12

    /// `/query` and, after it, `message` in parentheses, within `width` columns, the cursor
    /// at the query's end. A prompt that fits with the cursor's cell after it is whole (the
    /// line may still cut the note); a longer one is `/`, `ellipsis` and as much of the
    /// query's end as fits beside the note, or without it where too little would be left.
    static func text(draft: String, message: String?, width: Int, ellipsis: String, ambiguousWide: Bool) -> StatusText {
        let prompt = "/" + draft
        let note = message.map { "   (\($0))" } ?? ""
        let promptWidth = DisplayWidth.width(of: prompt, ambiguousWide: ambiguousWide)
        // The cursor's cell, after the query, must be on the line too.
        let queryRoom = width - 1
        if promptWidth <= queryRoom { return StatusText(prompt + note, cursorOffset: promptWidth) }
        let lead = "/" + ellipsis
        let room = queryRoom - DisplayWidth.width(of: lead, ambiguousWide: ambiguousWide)
        let noteWidth = DisplayWidth.width(of: note, ambiguousWide: ambiguousWide)
        let keepsNote = !note.isEmpty && room - noteWidth >= shortestQueryEnd
        let shown = lead + end(of: draft, toWidth: keepsNote ? room - noteWidth : room, ambiguousWide: ambiguousWide)
        return StatusText(shown + (keepsNote ? note : ""),
                          cursorOffset: DisplayWidth.width(of: shown, ambiguousWide: ambiguousWide))
    }

    /// The longest end of `text` that takes at most `limit` columns, whole characters only.
    private static func end(of text: String, toWidth limit: Int, ambiguousWide: Bool) -> Substring {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            used += DisplayWidth.width(of: text[before], ambiguousWide: ambiguousWide)
            if used > limit { break }
            start = before
        }
        return text[start...]
    }

    /// Pasted text as part of a one-line query: each run of white space and control
    /// characters (line breaks, tabs, escapes) one space, none at the end (a line copied
    /// with its line break).
    static func pastedLine(_ text: String) -> String {
        var line = String.UnicodeScalarView()
        var spaceBefore = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                spaceBefore = true
                continue
            }
            if spaceBefore { line.append(" ") }
            spaceBefore = false
            line.append(scalar)
        }
        return String(line)
    }

    /// What a key does to a query being typed, in the list's search and an article's alike.
    enum Edit: Equatable {
        /// The query after the key: a character added, one or a word taken back, cleared.
        case edited(String)
        /// Backspace with nothing left to take back: the search is given up.
        case leave
        /// Not a key that edits (Enter, Esc and the rest are the caller's).
        case notAnEdit
    }

    /// Backspace (Ctrl-H), Ctrl-U, Ctrl-W and a typed character, as in a shell.
    static func edit(_ draft: String, with key: Key) -> Edit {
        switch key {
        case .backspace, .control("h"): draft.isEmpty ? .leave : .edited(String(draft.dropLast()))
        case .control("u"): .edited("")
        case .control("w"): .edited(droppingLastWord(draft))
        case .character(let character): .edited(draft + String(character))
        default: .notAnEdit
        }
    }

    /// `draft` without its last word and the spaces after it: what Ctrl-W leaves, as in a shell.
    static func droppingLastWord(_ draft: String) -> String {
        var text = Substring(draft)
        while text.last?.isWhitespace == true { text.removeLast() }
        while let last = text.last, !last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
