// `newsmenu parse --json`: the feed in the stable schema tooling depends on. Keys are
// written in the schema's order; every field is present, null when unknown. The JSON is
// built as UTF-8 bytes and streamed to stdout in chunks, so that a 50 MB feed never
// exists as one more 50 MB string.
import Foundation
import NewsModel

enum FeedJSON {
    /// Writes the feed's JSON and a newline to stdout.
    static func write(_ feed: Feed) {
        var writer = JSONByteWriter()
        writer.write(feed)
        writer.finish()
    }

    /// Writes the feed as one line of JSON Lines (no indentation, no spaces), for `parse` of
    /// several files.
    static func writeLine(_ feed: Feed) {
        var writer = JSONByteWriter(indented: false)
        writer.write(feed)
        writer.finish()
    }

    /// The line that stands for a file that could not be parsed, so that line N of the
    /// output is always the Nth file: `{"error":"…"}`.
    static func writeErrorLine(_ message: String) {
        var writer = JSONByteWriter(indented: false)
        writer.writeError(message)
        writer.finish()
    }
}

/// Writes JSON with two-space indentation, or compact, into a byte buffer that is flushed to
/// standard output whenever it passes a megabyte. Keys and punctuation are static bytes; strings are
/// copied in runs between the bytes that need an escape, found sixteen at a time.
struct JSONByteWriter {
    private static let flushThreshold = 1 << 20
    private var buffer: [UInt8] = []
    private var indent = 0
    private let indented: Bool
    /// Whether the container being written has had a member yet.
    private var firstInContainer = true

    init(indented: Bool = true) {
        self.indented = indented
        buffer.reserveCapacity(JSONByteWriter.flushThreshold + 64 * 1024)
    }

    /// A writer for a block of a feed's articles: they sit `indent` levels in, and all but
    /// the feed's first article follow a comma.
    private init(articleBlockIndentedBy indent: Int, indented: Bool) {
        self.indented = indented
        self.indent = indent
        firstInContainer = false
    }

    mutating func writeError(_ message: String) {
        openObject()
        member("error") { $0.string(message) }
        closeObject()
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
        member("articles") { writer in writer.articles(feed.articles) }
        member("warnings") { writer in
            writer.array(feed.warnings) { writer, warning in writer.string(warning) }
        }
        closeObject()
    }

    /// A long list is written in blocks by two threads (ArticleBlocks); a short one here.
    private mutating func articles(_ list: [Article]) {
        guard list.count >= ArticleBlocks.minimumCount else {
            array(list) { writer, article in writer.write(article) }
            return
        }
        buffer.append(UInt8(ascii: "["))
        indent += 1
        let indent = self.indent, indented = self.indented
        ArticleBlocks.write(list, block: { range in
            var writer = JSONByteWriter(articleBlockIndentedBy: indent, indented: indented)
            writer.writeBlock(list[range], first: range.lowerBound == 0)
            return writer.buffer
        }, emit: { bytes in
            // Written as it is, after what is buffered: a block is half a megabyte already.
            Console.write(bytes: buffer, to: STDOUT_FILENO)
            buffer.removeAll(keepingCapacity: true)
            Console.write(bytes: bytes, to: STDOUT_FILENO)
        })
        close(UInt8(ascii: "]"))
    }

    /// Never flushes: a block is made on either thread and written by the calling one.
    private mutating func writeBlock(_ articles: ArraySlice<Article>, first: Bool) {
        buffer.reserveCapacity(ArticleBlocks.blockSize * 2048)
        elements(articles, first: first) { writer, article in writer.write(article) }
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

    /// Ends the document with a newline and writes what is still buffered: bytes as they
    /// are, never turned back into a String (which would validate them again).
    mutating func finish() {
        buffer.append(0x0A)
        Console.write(bytes: buffer, to: STDOUT_FILENO)
        buffer.removeAll()
    }

    // MARK: Structure

    private mutating func openObject() {
        buffer.append(UInt8(ascii: "{"))
        indent += 1
        firstInContainer = true
    }

    private mutating func closeObject() {
        close(UInt8(ascii: "}"))
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 1
        newline()
        buffer.append(bracket)
        firstInContainer = false
    }

    /// `key` is written as it is: the schema's keys need no escaping.
    private mutating func member(_ key: StaticString, _ value: (inout JSONByteWriter) -> Void) {
        if !firstInContainer { buffer.append(UInt8(ascii: ",")) }
        firstInContainer = false
        newline()
        buffer.append(0x22)
        key.withUTF8Buffer { buffer.append(contentsOf: $0) }
        if indented {
            buffer.append(contentsOf: JSONByteWriter.keyEnd)
        } else {
            buffer.append(0x22)
            buffer.append(UInt8(ascii: ":"))
        }
        value(&self)
    }

    private static let keyEnd: [UInt8] = Array("\": ".utf8)
    private static let null: [UInt8] = Array("null".utf8)
    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    private mutating func array<Element>(_ elements: [Element], _ each: (inout JSONByteWriter, Element) -> Void) {
        guard !elements.isEmpty else {
            buffer.append(UInt8(ascii: "["))
            buffer.append(UInt8(ascii: "]"))
            return
        }
        buffer.append(UInt8(ascii: "["))
        indent += 1
        self.elements(elements, first: true) { writer, element in
            each(&writer, element)
            writer.flushIfFull()
        }
        close(UInt8(ascii: "]"))
    }

    /// The members of an array, each on its own line, a comma before all but the array's first.
    private mutating func elements<Elements: Collection>(
        _ elements: Elements, first: Bool, _ each: (inout JSONByteWriter, Elements.Element) -> Void
    ) {
        var first = first
        for element in elements {
            if !first { buffer.append(UInt8(ascii: ",")) }
            first = false
            newline()
            firstInContainer = true
            each(&self, element)
        }
    }

    private mutating func newline() {
        guard indented else { return }
        buffer.append(0x0A)
        var width = 2 * indent
        while width > 0 {
            let run = min(width, JSONByteWriter.spaces.count)
            JSONByteWriter.spaces.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
            width -= run
        }
    }

    // MARK: Values

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { buffer.append(contentsOf: JSONByteWriter.null) }
    }

    private mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// The first byte from `start` that may need an escape: a control, `"`, `\`, or 0xE2,
    /// which starts U+2028/U+2029. Eight bytes are checked at a time (Swift's SIMD types
    /// compile these comparisons lane by lane, so plain 64-bit arithmetic is faster).
    private static func firstMayEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func has(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let spread = word ^ (ones &* UInt64(byte))
            return (spread &- ones) & ~spread
        }
        var index = start
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            if (control | has(word, 0x22) | has(word, 0x5C) | has(word, 0xE2)) & highs != 0 { break }
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
                let width: Int
                if byte == 0xE2 {
                    // U+2028 / U+2029 (E2 80 A8 / A9); any other E2 sequence is copied.
                    guard index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                    width = 3
                } else {
                    width = 1
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(byte == 0xE2 ? (bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029) : UInt32(byte))
                index += width
                runStart = index
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        buffer.append(0x22)
    }

    /// `\"`, `\\`, `\n`, `\r`, `\t`, or `\u` and four lowercase hex digits.
    private mutating func appendEscape(_ scalar: UInt32) {
        buffer.append(0x5C)
        switch scalar {
        case 0x22: buffer.append(0x22)
        case 0x5C: buffer.append(0x5C)
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        default:
            buffer.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                buffer.append(JSONByteWriter.hexDigits[Int(scalar >> UInt32(shift) & 0xF)])
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func flushIfFull() {
        guard buffer.count >= JSONByteWriter.flushThreshold else { return }
        Console.write(bytes: buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}
