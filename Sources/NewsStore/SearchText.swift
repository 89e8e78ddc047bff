// The text the search index holds for an article: its title, and its summary and content as
// a reader sees them (tags dropped, character references decoded, white space collapsed).

/// What the index holds and what every candidate is checked against. Deterministic: the
/// index forgets an article by being given the same text again, so a change to what this
/// returns for a stored article needs a migration that rebuilds `article_search`.
enum SearchText {
    /// `title`, the plain summary and the plain content, one per line (a search term holds
    /// no white space, so no match spans two of them), then `tail`.
    static func of(title: String?, summary: String?, content: String?) -> String {
        (title ?? "") + "\n" + plain(summary ?? "") + "\n" + plain(content ?? "") + tail
    }

    /// Two line ends closing the text (schema v9), so that every character of it starts a
    /// trigram: a term of one or two characters is then found through the trigrams that
    /// begin with it, even at the very end of the content (`TrigramVocabulary`).
    static let tail = "\n\n"

    /// What schema v9 adds to the index for an article indexed before it (by `of` without
    /// `tail`): that text's last two characters and `tail`, whose trigrams are exactly the
    /// ones the tail brings. Reads the summary and title only when the content's text is
    /// shorter than two characters.
    static func endingBeforeTail(title: String?, summary: String?, content: String?) -> String {
        var text = plain(content ?? "")
        if text.unicodeScalars.count < 2 {
            text = (title ?? "") + "\n" + plain(summary ?? "") + "\n" + text
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.suffix(2))) + tail
    }

    /// The summary and content part of `of`, for snippets.
    static func body(summary: String?, content: String?) -> String {
        let parts = [plain(summary ?? ""), plain(content ?? "")].filter { !$0.isEmpty }
        return parts.joined(separator: " ")
    }

    /// `html` as text: tags removed (a block element's tag separates words, an inline one
    /// does not, so 東京<b>都</b> stays 東京都), script and style dropped, `&amp;`-style
    /// references decoded, runs of white space made one space. Text without markup comes
    /// back with only its white space collapsed.
    static func plain(_ html: String) -> String {
        String(decoding: plainUTF8(html), as: UTF8.self)
    }

    /// The UTF-8 bytes of `plain(html)`.
    static func plainUTF8(_ html: String) -> [UInt8] {
        var text = PlainText(capacity: html.utf8.count)
        let bytes = Array(html.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let tag = Tag(bytes, at: index) {
                index = tag.end
                if tag.separatesWords { text.breakWord() }
                if let closing = tag.skipsContentUntil {
                    index = find(closing, in: bytes, from: index) ?? bytes.count
                }
                continue
            }
            if byte == UInt8(ascii: "&"), let (decoded, end) = reference(bytes, at: index) {
                for decodedByte in decoded { text.emit(decodedByte) }
                index = end
                continue
            }
            text.emit(byte)
            index += 1
        }
        return text.output
    }

    /// The bytes of `plain` so far, white space collapsed as they come. A struct and not
    /// a nested function over local variables: captured variables are checked for
    /// exclusive access at run time on every byte, a third of a search's time.
    private struct PlainText {
        var output: [UInt8] = []
        var pendingSpace = false

        init(capacity: Int) {
            output.reserveCapacity(capacity)
        }

        mutating func breakWord() {
            pendingSpace = !output.isEmpty
        }

        mutating func emit(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                breakWord()
                return
            }
            if pendingSpace {
                output.append(0x20)
                pendingSpace = false
            }
            output.append(byte)
        }
    }

    /// A tag starting at `<`: a letter, `/`, `!` or `?` must follow, else the `<` is text.
    private struct Tag {
        var end: Int
        var separatesWords: Bool
        /// For script and style: the closing tag to skip to (content and all).
        var skipsContentUntil: [UInt8]?

        init?(_ bytes: [UInt8], at start: Int) {
            let next = start + 1
            guard next < bytes.count else { return nil }
            let first = bytes[next]
            if bytes[next...].starts(with: Array("!--".utf8)) {
                guard let close = SearchText.find(Array("-->".utf8), in: bytes, from: next) else { return nil }
                end = close + 3
                separatesWords = false
                return
            }
            guard Tag.isLetter(first) || first == UInt8(ascii: "/") || first == UInt8(ascii: "!")
                    || first == UInt8(ascii: "?"),
                  let close = bytes[next...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            end = close + 1
            var nameStart = next
            if first == UInt8(ascii: "/") { nameStart += 1 }
            var nameEnd = nameStart
            while nameEnd < close, Tag.isLetter(bytes[nameEnd]) || (bytes[nameEnd] >= 0x30 && bytes[nameEnd] <= 0x39) {
                nameEnd += 1
            }
            let name = String(decoding: bytes[nameStart..<nameEnd].map { $0 | 0x20 }, as: UTF8.self)
            separatesWords = !Tag.inline.contains(name)
            skipsContentUntil = first != UInt8(ascii: "/") && (name == "script" || name == "style")
                ? Array("</\(name)".utf8) : nil
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        /// Elements that sit inside a word's run of text; every other tag is a break.
        private static let inline: Set<String> = [
            "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
            "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub",
            "sup", "time", "tt", "u", "var", "wbr",
        ]
    }

    /// The bytes a character reference at `&` stands for, and where it ends; nil when it is
    /// not one this knows (it is then kept as written).
    private static func reference(_ bytes: [UInt8], at start: Int) -> ([UInt8], Int)? {
        let limit = min(bytes.count, start + 12)
        guard let semicolon = bytes[(start + 1)..<limit].firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let name = bytes[(start + 1)..<semicolon]
        let end = semicolon + 1
        if name.first == UInt8(ascii: "#") {
            let digits = String(decoding: name.dropFirst(), as: UTF8.self)
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
            return (Array(String(Character(scalar)).utf8), end)
        }
        guard let text = named[String(decoding: name, as: UTF8.self)] else { return nil }
        return (Array(text.utf8), end)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…",
        "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©",
    ]

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
