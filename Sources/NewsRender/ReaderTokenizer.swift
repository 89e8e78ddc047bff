// An article body's HTML as a stream of text and tags, read as a browser would read a feed's
// careless markup: comments, doctypes and processing instructions skipped, the content of
// script-like elements dropped with them, and a `<` that starts no tag kept as text, so that
// `a < b` or a tag cut off at the end of a summary never swallows what follows.

/// One piece of an HTML body.
enum ReaderToken {
    /// Text as written: character references are not decoded yet.
    case text(Substring)
    /// A start tag; `name` lower-cased, attribute names too, values as written. `isEmpty`
    /// for a script-like element or a media one (`ReaderTokenizer.enclosingElements`) that
    /// holds nothing: self-closed (`<iframe … />`, as feeds written by XML tools have it) or
    /// never closed, whose content, were it skipped or taken for a player's fallback, would
    /// be the rest of the article.
    case start(name: String, attributes: [(name: String, value: Substring)], isEmpty: Bool)
    case end(name: String)
}

struct ReaderTokenizer {
    private let html: Substring
    private let bytes: [UInt8]
    private var position = 0
    /// Set while inside `<![CDATA[`: its markers are dropped and what they wrap read as HTML,
    /// as feeds that wrap their HTML twice mean it.
    private var insideCDATA = false
    /// The last `>` searched for and where the search began: the first `>` at or after any
    /// later start up to it. A body full of `</a` or `<!` that never close would otherwise
    /// have every one of them search to the end.
    private var tagEndSearch: (from: Int, found: Int?) = (Int.max, nil)
    /// Where a search for a closing `"` or `'` found none to the end: no later one will.
    private var unclosedQuotes: [UInt8: Int] = [:]
    /// The end of a script-like element whose start was just returned: its content is
    /// skipped, but its start tag's attributes (an iframe's `src`) are the reader's.
    private var skippedElementEnd: String?

    /// Elements whose content is never text to read; skipped whole, through their end tag.
    private static let rawTextElements: Set<String> = [
        "script", "style", "iframe", "noembed", "noframes", "textarea", "template",
    ]

    /// Elements whose content the reader leaves out (a raw text element's, a player's
    /// fallback), so that a start tag without content must say so.
    static let enclosingElements = rawTextElements.union(["video", "audio", "object"])

    init(_ html: String) {
        self.html = Substring(html)
        bytes = Array(html.utf8)
    }

    mutating func next() -> ReaderToken? {
        if let name = skippedElementEnd {
            skippedElementEnd = nil
            return .end(name: name)
        }
        while position < bytes.count {
            let start = position
            if bytes[position] == UInt8(ascii: "<") {
                if let token = markup() { return token }
                // Skipped markup (a comment, a doctype) leaves the position past it.
                if position != start { continue }
                position += 1
            } else if insideCDATA, startsWith("]]>", at: position) {
                position += 3
                insideCDATA = false
                continue
            }
            while position < bytes.count, bytes[position] != UInt8(ascii: "<"),
                  !(insideCDATA && bytes[position] == UInt8(ascii: "]") && startsWith("]]>", at: position)) {
                position += 1
            }
            return .text(slice(start, position))
        }
        return nil
    }

    /// The tag at `<`, or nil: with the position moved past markup to skip, or left where it
    /// was when the `<` opens no tag and is text.
    private mutating func markup() -> ReaderToken? {
        let next = position + 1 < bytes.count ? bytes[position + 1] : 0
        if next == UInt8(ascii: "!") {
            if startsWith("<!--", at: position) {
                // An unclosed comment runs to the end, as in a browser.
                position = find("-->", from: position + 4).map { $0 + 3 } ?? bytes.count
            } else if startsWith("<![CDATA[", at: position) {
                position += 9
                insideCDATA = true
            } else if let close = nextTagEnd(from: position) {
                position = close + 1
            }
            return nil
        }
        if next == UInt8(ascii: "?") {
            if let close = nextTagEnd(from: position) { position = close + 1 }
            return nil
        }
        if next == UInt8(ascii: "/") {
            guard position + 2 < bytes.count, isLetter(bytes[position + 2]),
                  let close = nextTagEnd(from: position) else { return nil }
            let name = tagName(from: position + 2)
            position = close + 1
            return .end(name: name)
        }
        guard isLetter(next), let (end, attributes) = startTag(from: position + 1) else { return nil }
        let name = tagName(from: position + 1)
        position = end
        guard Self.enclosingElements.contains(name) else { return .start(name: name, attributes: attributes, isEmpty: false) }
        let selfClosed = end >= 2 && bytes[end - 2] == UInt8(ascii: "/")
        guard !selfClosed, let close = endTag(of: name, from: position) else {
            return .start(name: name, attributes: attributes, isEmpty: true)
        }
        if Self.rawTextElements.contains(name) {
            position = close
            skippedElementEnd = name
        }
        return .start(name: name, attributes: attributes, isEmpty: false)
    }

    /// The end of the start tag beginning at `from` (just past `<`) and its attributes; nil
    /// when it never closes, or when another `<` comes first: then the first was stray text.
    private mutating func startTag(from: Int) -> (end: Int, attributes: [(name: String, value: Substring)])? {
        var index = from
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        var attributes: [(name: String, value: Substring)] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return (index + 1, attributes) }
            if byte == UInt8(ascii: "<") { return nil }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]),
                  ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "<")].contains(bytes[index]) {
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                attributes.append((name, ""))
                continue
            }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                // An unclosed quote would hide the tag's end: the tag is text instead.
                guard let close = closingQuote(quote, after: index) else { return nil }
                attributes.append((name, slice(index + 1, close)))
                index = close + 1
            } else {
                let valueStart = index
                while index < bytes.count, !isSpace(bytes[index]),
                      bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "<") {
                    index += 1
                }
                attributes.append((name, slice(valueStart, index)))
            }
        }
        return nil
    }

    /// Where the end tag of `name` first found from `index` ends (past its `>`, or the end of
    /// the body when that is missing); nil when there is none.
    private mutating func endTag(of name: String, from index: Int) -> Int? {
        let closing = Array("</\(name)".utf8)
        var index = index
        while let candidate = find("</", from: index) {
            let end = candidate + closing.count
            if end <= bytes.count,
               zip(bytes[candidate..<end], closing).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
               end == bytes.count || !isNameByte(bytes[end]) {
                return nextTagEnd(from: end).map { $0 + 1 } ?? bytes.count
            }
            index = candidate + 2
        }
        return nil
    }

    private mutating func closingQuote(_ quote: UInt8, after index: Int) -> Int? {
        if let unclosed = unclosedQuotes[quote], index >= unclosed { return nil }
        guard let close = bytes[(index + 1)...].firstIndex(of: quote) else {
            unclosedQuotes[quote] = index
            return nil
        }
        return close
    }

    /// The first `>` at or after `start`.
    private mutating func nextTagEnd(from start: Int) -> Int? {
        if start >= tagEndSearch.from, start <= tagEndSearch.found ?? Int.max { return tagEndSearch.found }
        tagEndSearch = (start, find(">", from: start))
        return tagEndSearch.found
    }

    private func tagName(from start: Int) -> String {
        var end = start
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
    }

    private func slice(_ start: Int, _ end: Int) -> Substring {
        let utf8 = html.utf8
        return html[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    private func find(_ needle: StaticString, from start: Int) -> Int? {
        let first = needle.utf8Start.pointee
        var index = start
        while index < bytes.count {
            if bytes[index] == first, startsWith(needle, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func startsWith(_ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { expected in
            (0..<count).allSatisfy { offset in
                let (byte, wanted) = (bytes[index + offset], expected[offset])
                return isLetter(wanted) ? byte | 0x20 == wanted | 0x20 : byte == wanted
            }
        }
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Letters, digits and the `-`, `:`, `_`, `.` of custom and namespaced names (`o:p`).
    private func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}
