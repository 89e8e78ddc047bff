// Removes HTML tags from text. Only real tags count: `<` followed by a letter, `/`, `!` or `?`,
// so "a < b" and "x<3" survive as text.

enum HTMLTags {
    /// Block-level elements become a space so that "a</p><p>b" reads "a b", not "ab".
    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption",
        "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p",
        "pre", "section", "table", "td", "th", "tr", "ul",
    ]
    /// Their bodies are code, not text.
    private static let hiddenElements: Set<String> = ["script", "style"]

    static func strip(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return html }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        // Once a `<` finds no `>` (or a `<!--` no `-->`) after it, no later one can: stop
        // looking, so that text full of unclosed `<a` is read once, not once per `<`.
        var search = TagSearch()
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tag = tagEnd(in: bytes, from: index, search: &search) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let name = tagName(in: bytes, from: index + 1, to: tag.end)
            if blockElements.contains(name) { output.append(0x20) }
            index = tag.end + 1
            if hiddenElements.contains(name), !tag.closing {
                index = endOfHiddenBody(named: name, in: bytes, from: index)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private struct TagSearch {
        var tagsCanClose = true
        var commentsCanClose = true
    }

    /// Where the tag opening at `start` ends (its `>`), or nil when `<` does not open a tag.
    private static func tagEnd(in bytes: [UInt8], from start: Int, search: inout TagSearch) -> (end: Int, closing: Bool)? {
        let next = start + 1
        guard next < bytes.count, search.tagsCanClose else { return nil }
        let opener = bytes[next]
        let isLetter = (opener | 0x20) >= 0x61 && (opener | 0x20) <= 0x7A
        guard isLetter || opener == UInt8(ascii: "/") || opener == UInt8(ascii: "!") || opener == UInt8(ascii: "?")
        else { return nil }
        if bytes[next...].starts(with: Array("!--".utf8)) {
            guard search.commentsCanClose,
                  let close = bytes.withUnsafeBytes({ ByteScan.find(Array("-->".utf8), in: $0, from: next + 3) })
            else {
                search.commentsCanClose = false
                return nil
            }
            return (close + 2, false)
        }
        var quote: UInt8?
        var index = next
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Quotes only matter inside attributes, after the tag name.
                if isLetter { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                return (index, opener == UInt8(ascii: "/"))
            }
            index += 1
        }
        search.tagsCanClose = false
        return nil
    }

    private static func tagName(in bytes: [UInt8], from start: Int, to end: Int) -> String {
        var index = start
        if index < end, bytes[index] == UInt8(ascii: "/") { index += 1 }
        var name: [UInt8] = []
        while index < end {
            let byte = bytes[index] | 0x20
            guard (byte >= 0x61 && byte <= 0x7A) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) else { break }
            name.append(byte >= 0x61 && byte <= 0x7A ? byte : bytes[index])
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func endOfHiddenBody(named name: String, in bytes: [UInt8], from start: Int) -> Int {
        let closing = Array("</\(name)".utf8)
        var search = TagSearch()
        var index = start
        while index + closing.count <= bytes.count {
            let candidate = bytes[index..<index + closing.count].lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            if candidate.elementsEqual(closing), let tag = tagEnd(in: bytes, from: index, search: &search) {
                return tag.end + 1
            }
            if !search.tagsCanClose { return bytes.count }
            index += 1
        }
        return bytes.count
    }
}
