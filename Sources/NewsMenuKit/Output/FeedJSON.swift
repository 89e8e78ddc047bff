// `newsmenu parse --json`: the feed in the stable schema tooling depends on. Keys are
// written in the schema's order; every field is present, null when unknown. The JSON is
// built as UTF-8 bytes and streamed to stdout in chunks, so that a 50 MB feed never
// exists as one more 50 MB string.
import Foundation
import NewsModel

enum FeedJSON {
    /// Writes the feed's JSON to stdout and returns its last line (the closing brace), which
    /// the caller prints with its newline.
    static func encode(_ feed: Feed) -> String {
        var writer = JSONByteWriter()
        writer.write(feed)
        return writer.finish()
    }
}

/// Writes JSON with two-space indentation into a byte buffer that is flushed to standard
/// output whenever it passes a megabyte.
struct JSONByteWriter {
    private static let flushThreshold = 1 << 20
    private var buffer: [UInt8] = []
    private var indent = 0
    /// Whether the container being written has had a member yet.
    private var firstInContainer = true

    init() {
        buffer.reserveCapacity(JSONByteWriter.flushThreshold + 64 * 1024)
    }

    mutating func write(_ feed: Feed) {
        openObject()
        member("format") { $0.string(feed.format.rawValue) }
        member("title") { $0.optional(feed.title) }
        member("link") { $0.optional(feed.link) }
        member("subtitle") { $0.optional(feed.subtitle) }
        member("language") { $0.optional(feed.language) }
        member("updated") { $0.optional(feed.updated.map(Timestamp.rfc3339)) }
        member("author") { $0.optional(feed.author) }
        member("image") { $0.optional(feed.image) }
        member("articles") { writer in
            writer.array(feed.articles) { writer, article in writer.write(article) }
        }
        member("warnings") { writer in
            writer.array(feed.warnings) { writer, warning in writer.string(warning) }
        }
        closeObject()
    }

    private mutating func write(_ article: Article) {
        openObject()
        member("id") { $0.string(article.id) }
        member("title") { $0.optional(article.title) }
        member("link") { $0.optional(article.link) }
        member("author") { $0.optional(article.author) }
        member("published") { $0.optional(article.published.map(Timestamp.rfc3339)) }
        member("updated") { $0.optional(article.updated.map(Timestamp.rfc3339)) }
        member("summary") { $0.optional(article.summary) }
        member("content") { $0.optional(article.content) }
        member("categories") { writer in
            writer.array(article.categories) { writer, category in writer.string(category) }
        }
        member("enclosures") { writer in
            writer.array(article.enclosures) { writer, enclosure in
                writer.openObject()
                writer.member("url") { $0.string(enclosure.url) }
                writer.member("type") { $0.optional(enclosure.type) }
                writer.member("length") { writer in
                    if let length = enclosure.length { writer.raw(String(length)) } else { writer.raw("null") }
                }
                writer.closeObject()
            }
        }
        closeObject()
    }

    /// Flushes all but what is still buffered and returns that rest as text.
    mutating func finish() -> String {
        let rest = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll()
        return rest
    }

    // MARK: Structure

    private mutating func openObject() {
        raw("{")
        indent += 1
        firstInContainer = true
    }

    private mutating func closeObject() {
        close("}")
    }

    private mutating func close(_ bracket: String) {
        indent -= 1
        newline()
        raw(bracket)
        firstInContainer = false
    }

    private mutating func member(_ key: String, _ value: (inout JSONByteWriter) -> Void) {
        if !firstInContainer { raw(",") }
        firstInContainer = false
        newline()
        string(key)
        raw(": ")
        value(&self)
    }

    private mutating func array<Element>(_ elements: [Element], _ each: (inout JSONByteWriter, Element) -> Void) {
        guard !elements.isEmpty else {
            raw("[]")
            return
        }
        raw("[")
        indent += 1
        for (index, element) in elements.enumerated() {
            if index > 0 { raw(",") }
            newline()
            firstInContainer = true
            each(&self, element)
            flushIfFull()
        }
        close("]")
    }

    private mutating func newline() {
        buffer.append(0x0A)
        buffer.append(contentsOf: repeatElement(0x20, count: 2 * indent))
    }

    // MARK: Values

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    private mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// The first byte from `start` that may need an escape: a control, `"`, `\`, or 0xE2,
    /// which starts U+2028/U+2029. Eight bytes are checked at a time.
    private static func firstMayEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func has(_ word: UInt64, _ byte: UInt8) -> Bool {
            let spread = word ^ (ones &* UInt64(byte))
            return (spread &- ones) & ~spread & highs != 0
        }
        var index = start
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let hasControl = (word &- ones &* 0x20) & ~word & highs != 0
            if hasControl || has(word, 0x22) || has(word, 0x5C) || has(word, 0xE2) { break }
            index += 8
        }
        while index < bytes.count {
            let byte = base[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 { return index }
            index += 1
        }
        return index
    }

    /// Copies runs that need no escape in one go; only quotes, backslashes, controls and the
    /// two JavaScript line separators are escaped.
    private mutating func string(_ text: String) {
        buffer.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                index = JSONByteWriter.firstMayEscape(in: bytes, from: index)
                guard index < count else { break }
                let byte = bytes[index]
                let escape: [UInt8]?
                switch byte {
                case 0x22: escape = [0x5C, 0x22]
                case 0x5C: escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, 0x6E]
                case 0x0D: escape = [0x5C, 0x72]
                case 0x09: escape = [0x5C, 0x74]
                case 0x00..<0x20: escape = Array(String(format: "\\u%04x", byte).utf8)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                default: escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                buffer.append(contentsOf: escape)
                index += byte == 0xE2 ? 3 : 1
                runStart = index
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        buffer.append(0x22)
    }

    private mutating func flushIfFull() {
        guard buffer.count >= JSONByteWriter.flushThreshold else { return }
        Console.write(bytes: buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}
