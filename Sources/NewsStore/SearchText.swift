// The text the search index holds for an article: its title, and its summary and content as
// a reader sees them (tags dropped, ruby readings too, character references decoded, white
// space collapsed).
import NewsModel

/// What the index holds and what every candidate is checked against. Deterministic: the
/// index lists an article under the trigrams of this text, so a change to what this
/// returns for a stored article needs a migration that rebuilds the index.
enum SearchText {
    /// `title`, the plain summary and the plain content, one per line (a search term holds
    /// no white space, so no match spans two of them), then `tail`; width-folded (schema
    /// v12, `WidthFolding`); without ruby readings (schema v16): 東京<rt>とうきょう</rt>都
    /// is found as 東京都, the word it reads as.
    static func of(title: String?, summary: String?, content: String?) -> String {
        String(decoding: withUTF8(title, summary, content) { folded(title: $0, summary: $1, content: $2) },
               as: UTF8.self)
    }

    /// `of` as schemas v12 to v15 indexed it, ruby readings kept in the line: the text schema
    /// v16 makes the index forget for an article with a reading.
    static func withReadings(title: String?, summary: String?, content: String?) -> String {
        String(decoding: withUTF8(title, summary, content) {
            folded(title: $0, summary: $1, content: $2, droppingReadings: false)
        }, as: UTF8.self)
    }

    /// `of` from the UTF-8 of text columns read as they are stored; nil when one of them is
    /// not well-formed UTF-8, for which `of` (with the columns read as Strings, which repairs
    /// them) gives the text the index must hold. For the index's writer: reading the columns
    /// as Strings and making a String of the result checked and copied every byte twice.
    static func utf8(title: UnsafeBufferPointer<UInt8>, summary: UnsafeBufferPointer<UInt8>,
                     content: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard UTF8Check.isValid(title), UTF8Check.isValid(summary), UTF8Check.isValid(content) else { return nil }
        return folded(title: title, summary: summary, content: content)
    }

    /// `of` for an article whose text has full- or half-width forms, nil for any other:
    /// what schema v12 adds to the index for the articles indexed before it folded them.
    static func widthFolded(title: String?, summary: String?, content: String?) -> String? {
        withUTF8(title, summary, content) { title, summary, content in
            beforeWidthFolding(title: title, summary: summary, content: content, droppingReadings: false)
                .withUnsafeBufferPointer(WidthFolding.folded).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The UTF-8 of `of` (of `withReadings` when not `droppingReadings`).
    private static func folded(title: UnsafeBufferPointer<UInt8>, summary: UnsafeBufferPointer<UInt8>,
                               content: UnsafeBufferPointer<UInt8>, droppingReadings: Bool = true) -> [UInt8] {
        let text = beforeWidthFolding(title: title, summary: summary, content: content, droppingReadings: droppingReadings)
        return text.withUnsafeBufferPointer(WidthFolding.folded) ?? text
    }

    /// The UTF-8 of `of` before its width folding; as schemas v10 and v11 indexed it when not
    /// `droppingReadings`.
    private static func beforeWidthFolding(title: UnsafeBufferPointer<UInt8>, summary: UnsafeBufferPointer<UInt8>,
                                           content: UnsafeBufferPointer<UInt8>, droppingReadings: Bool) -> [UInt8] {
        var text = PlainTextBuilder(capacity: title.count + summary.count + content.count + 4)
        text.appendVerbatim(title)
        text.appendVerbatim("\n")
        text.appendPlain(summary, droppingReadings: droppingReadings)
        text.appendVerbatim("\n")
        text.appendPlain(content, droppingReadings: droppingReadings)
        text.appendVerbatim(tail)
        return text.bytes
    }

    /// `body` given the UTF-8 of the three texts, nil as empty.
    private static func withUTF8<Result>(
        _ title: String?, _ summary: String?, _ content: String?,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var title = title ?? ""
        var summary = summary ?? ""
        var content = content ?? ""
        return title.withUTF8 { title in summary.withUTF8 { summary in content.withUTF8 { body(title, summary, $0) } } }
    }

    /// Two line ends closing the text (schema v10), so that every character of it starts a
    /// trigram: a term of one or two characters is then found through the trigrams that
    /// begin with it, even at the very end of the content (`SearchPostingsReader.trigrams`).
    static let tail = "\n\n"

    /// What schema v10 adds to the index for an article indexed before it (by `of` without
    /// `tail`, readings kept): that text's last two characters and `tail`, whose trigrams are
    /// exactly the ones the tail brings. Reads the summary and title only when the content's
    /// text is shorter than two characters.
    static func endingBeforeTail(title: String?, summary: String?, content: String?) -> String {
        var text = plain(content ?? "", droppingReadings: false)
        if text.unicodeScalars.count < 2 {
            text = (title ?? "") + "\n" + plain(summary ?? "", droppingReadings: false) + "\n" + text
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.suffix(2))) + tail
    }

    /// The summary and content part of `of`, for snippets.
    static func body(summary: String?, content: String?) -> String {
        let parts = [plain(summary ?? ""), plain(content ?? "")].filter { !$0.isEmpty }
        return parts.joined(separator: " ")
    }

    /// `html` as text: tags removed (a block element's tag separates words, an inline one
    /// does not, so 東京<b>都</b> stays 東京都), script and style dropped, ruby readings and
    /// their fallback parentheses too unless not `droppingReadings` (a reading is set above
    /// the word it reads: in the line it would split it, 東京とうきょう都), `&amp;`-style
    /// references decoded, runs of white space made one space. Text without markup comes
    /// back with only its white space collapsed.
    static func plain(_ html: String, droppingReadings: Bool = true) -> String {
        String(decoding: plainUTF8(html, droppingReadings: droppingReadings), as: UTF8.self)
    }

    /// The UTF-8 bytes of `plain(html)`.
    static func plainUTF8(_ html: String, droppingReadings: Bool = true) -> [UInt8] {
        var html = html
        return html.withUTF8 { plainUTF8($0, droppingReadings: droppingReadings) }
    }

    /// `plainUTF8` of HTML given as UTF-8 bytes.
    static func plainUTF8(_ html: UnsafeBufferPointer<UInt8>, droppingReadings: Bool = true) -> [UInt8] {
        var text = PlainTextBuilder(capacity: html.count)
        text.appendPlain(html, droppingReadings: droppingReadings)
        return text.bytes
    }

    /// The bytes of `of` and `plain`, built in one buffer.
    private struct PlainTextBuilder {
        private var output: [UInt8] = []

        init(capacity: Int) {
            output.reserveCapacity(capacity)
        }

        var bytes: [UInt8] { output }

        mutating func appendVerbatim(_ text: String) {
            output.append(contentsOf: text.utf8)
        }

        mutating func appendVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) {
            output.append(contentsOf: bytes)
        }

        /// Appends `html` as plain text. White space is never carried across from what came
        /// before. The plain text is written straight into room made for it: it is never
        /// longer than the HTML (`PlainWriter`), and appending byte by byte to the Array (a
        /// uniqueness and a capacity check each) was a ranked search's largest cost.
        /// `droppingReadings` leaves out the text of `rt` and `rp` elements.
        mutating func appendPlain(_ bytes: UnsafeBufferPointer<UInt8>, droppingReadings: Bool) {
            guard !bytes.isEmpty else { return }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: bytes.count))
            let written = output.withUnsafeMutableBufferPointer { room in
                var writer = PlainWriter(room: UnsafeMutableBufferPointer(rebasing: room[start...]),
                                         dropsReadings: droppingReadings)
                writer.write(bytes)
                return writer.count
            }
            output.removeLast(bytes.count - written)
        }
    }

    /// Writes HTML's plain text into room as long as the HTML. Every byte written stands
    /// for at least one read: a plain byte for itself, a space for the white space or tag
    /// before it, a reference's bytes for the reference (none is shorter than what it
    /// decodes to).
    private struct PlainWriter {
        let room: UnsafeMutableBufferPointer<UInt8>
        /// Whether the text of a ruby's reading (`rt`) and its fallback parentheses (`rp`) is
        /// left out: what a reader sees set above the line, never in it.
        let dropsReadings: Bool
        var count = 0
        private var pendingSpace = false

        init(room: UnsafeMutableBufferPointer<UInt8>, dropsReadings: Bool) {
            self.room = room
            self.dropsReadings = dropsReadings
        }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count {
                // A run of bytes that are neither white space nor the start of a tag or a
                // reference is copied at once.
                var runEnd = index
                while runEnd < bytes.count, Self.isPlain(bytes[runEnd]) { runEnd += 1 }
                if runEnd > index {
                    put(UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                    index = runEnd
                    continue
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), let tag = Tag(bytes, at: index) {
                    index = tag.end
                    if tag.separatesWords { pendingSpace = count > 0 }
                    if let closing = tag.skipsContentUntil {
                        index = SearchText.find(closing, in: bytes, from: index) ?? bytes.count
                    } else if dropsReadings, tag.opensReading {
                        // The reading's text runs to the next tag: its end tag may be left
                        // out (before the next `rt` or `rp`, or the ruby's own end tag).
                        index = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                    }
                    continue
                }
                if byte == UInt8(ascii: "&"), let (decoded, end) = SearchText.reference(bytes, at: index) {
                    for decodedByte in decoded { emit(decodedByte) }
                    index = end
                    continue
                }
                emit(byte)
                index += 1
            }
        }

        /// A byte `emit` copies as it is and that starts no tag or reference: above the
        /// space (controls other than white space are copied too, one at a time).
        private static func isPlain(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")
        }

        private mutating func emit(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                pendingSpace = count > 0
                return
            }
            guard let target = reserve(1) else { return }
            target.pointee = byte
        }

        private mutating func put(_ run: UnsafeBufferPointer<UInt8>) {
            guard let source = run.baseAddress, let target = reserve(run.count) else { return }
            target.update(from: source, count: run.count)
        }

        /// Where the next `length` bytes go, after the pending space if there is one.
        private mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8>? {
            let space = pendingSpace ? 1 : 0
            // Never fails (see the type's comment); checked so a mistake cannot write past the room.
            precondition(count + space + length <= room.count, "plain text longer than its HTML")
            guard let base = room.baseAddress else { return nil }
            if pendingSpace {
                base[count] = 0x20
                pendingSpace = false
            }
            count += space + length
            return base + count - length
        }
    }

    /// A tag starting at `<`: a letter, `/`, `!` or `?` must follow, else the `<` is text.
    private struct Tag {
        var end: Int
        var separatesWords: Bool
        /// For script and style: the closing tag to skip to (content and all).
        var skipsContentUntil: StaticString?
        /// A start tag of a ruby's reading or its fallback parentheses (`rt`, `rp`).
        var opensReading = false

        init?(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
            let next = start + 1
            guard next < bytes.count else { return nil }
            let first = bytes[next]
            if first == UInt8(ascii: "!"), next + 2 < bytes.count,
               bytes[next + 1] == UInt8(ascii: "-"), bytes[next + 2] == UInt8(ascii: "-") {
                guard let close = SearchText.find("-->", in: bytes, from: next) else { return nil }
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
            // The lower-cased name packed into a word, as far as 8 bytes: longer names are
            // no inline element's, nor script's or style's.
            var name: UInt64 = 0
            while nameEnd < close, Tag.isLetter(bytes[nameEnd]) || (bytes[nameEnd] >= 0x30 && bytes[nameEnd] <= 0x39) {
                if nameEnd - nameStart < 8 { name |= UInt64(bytes[nameEnd] | 0x20) << (8 * UInt64(nameEnd - nameStart)) }
                nameEnd += 1
            }
            if nameEnd - nameStart > 8 { name = 0 }
            separatesWords = name == 0 || !Tag.inline.contains(name)
            skipsContentUntil = first == UInt8(ascii: "/") ? nil
                : name == Tag.script ? "</script" : name == Tag.style ? "</style" : nil
            opensReading = first != UInt8(ascii: "/") && (name == Tag.rubyText || name == Tag.rubyParenthesis)
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        /// An ASCII name of at most 8 bytes as the word `init` packs tag names into.
        private static func packed(_ name: String) -> UInt64 {
            name.utf8.enumerated().reduce(0) { word, pair in word | UInt64(pair.element) << (8 * UInt64(pair.offset)) }
        }

        /// Elements that sit inside a word's run of text; every other tag is a break.
        private static let inline = Set(HTMLInlineElements.names.map(packed))
        private static let script = packed("script")
        private static let style = packed("style")
        private static let rubyText = packed("rt")
        private static let rubyParenthesis = packed("rp")
    }

    /// The bytes a character reference at `&` stands for, and where it ends; nil when it is
    /// not one this knows (it is then kept as written).
    private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ([UInt8], Int)? {
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

    /// Not HTMLEntities' table: what the index holds for a stored article may change only
    /// with a migration that rebuilds the index (see the type's comment).
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…",
        "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©",
    ]

    /// Where `needle` next occurs in `bytes` at or after `start`.
    private static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        needle.withUTF8Buffer { ByteSearch.offset(of: UnsafeRawBufferPointer($0), in: UnsafeRawBufferPointer(bytes), from: start) }
    }
}
