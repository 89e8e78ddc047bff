// Byte ranges of a JSON text's values, found from JSONDocument's line/column locations, so an
// edit can replace exactly one value's text and leave every other byte of the file alone.

struct JSONTextMap {
    let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The byte offset of a location; columns count characters, as JSONDocument counts them.
    func offset(of location: SourceLocation) -> Int {
        var index = lineStarts[min(max(location.line - 1, 0), lineStarts.count - 1)]
        var column = 1
        while index < bytes.count, column < location.column {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index
    }

    /// The bytes the node's value spans, from its first character to just after its last.
    func range(of node: JSONNode) -> Range<Int> {
        let start = offset(of: node.location)
        return start..<end(ofValueAt: start)
    }

    /// Skips one value of an already valid document: strings with their escapes, and
    /// brackets nested to any depth.
    private func end(ofValueAt start: Int) -> Int {
        var index = start
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default:
                // A number or literal at the top ends where a delimiter starts.
                if depth == 0, index < bytes.count,
                   [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
                    return index
                }
            }
        }
        return index
    }

    /// The spaces and tabs that start the line holding `offset`.
    func indentation(ofLineContaining offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The line ending the file uses, as its first line ends: CRLF or LF (also for a file of one line).
    var lineEnding: String {
        guard let newline = lineStarts.dropFirst().first else { return "\n" }
        return newline >= 2 && bytes[newline - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// One level of indentation as the file writes it: the first indented line's leading
    /// whitespace, else two spaces.
    var indentUnit: String {
        for start in lineStarts.dropFirst() {
            let indentation = self.indentation(ofLineContaining: start)
            if !indentation.isEmpty { return indentation }
        }
        return "  "
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
