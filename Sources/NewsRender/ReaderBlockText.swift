// What a body's blocks say, without their styles, frames or layout: to tell a body that shows
// something from one that only looks as if it did (spaces, no-break spaces, empty paragraphs)
// or that only repeats the title.
import NewsModel

extension ReaderBlock {
    /// The block's text, its pieces run together; a preformatted block's lines and a
    /// table's cells joined by spaces. A rule says nothing.
    var plainText: String {
        switch content {
        case .flow(let pieces, _): pieces.map(\.text).joined()
        case .preformatted(let lines): lines.map { $0.map(\.text).joined() }.joined(separator: " ")
        case .rule: ""
        case .table(let rows): rows.map { $0.map { $0.map(\.text).joined() }.joined(separator: " ") }.joined(separator: " ")
        }
    }

    /// Whether the block draws any character that is seen: not a space of any kind, nor a
    /// character of no width.
    var hasVisibleText: Bool {
        plainText.contains { !$0.isWhitespace && DisplayWidth.width(of: $0, ambiguousWide: false) > 0 }
    }
}

enum ReaderBodyText {
    /// Whether `blocks` show the reader anything: some visible text that is not the title
    /// again (compared with its whitespace collapsed, as both are drawn); any visible text
    /// without a `title` to compare with.
    static func showsText(_ blocks: [ReaderBlock], title: String?) -> Bool {
        guard blocks.contains(where: \.hasVisibleText) else { return false }
        guard let title = title.map(TerminalText.sanitize) else { return true }
        // A body much longer than the title cannot be it: stop before joining all of it.
        let enough = title.utf8.count * 2 + 16
        var text = ""
        for block in blocks {
            text += " " + block.plainText
            if text.utf8.count > enough { return true }
        }
        return TerminalText.sanitize(text) != title
    }
}
