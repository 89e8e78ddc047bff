// `newsmenu parse --json`: the feed in the stable schema tooling depends on. Keys are
// written in the schema's order; every field is present, null when unknown. The JSON is
// built as UTF-8 bytes and streamed to stdout in chunks, so that a 50 MB feed never
// exists as one more 50 MB string.
import Foundation
import NewsModel

enum FeedJSON {
    /// Writes the feed's JSON and a newline to stdout; `prepared` holds article blocks made
    /// while the feed was parsed (PreparedArticleBlocks), if any.
    static func write(_ feed: Feed, prepared: PreparedArticleBlocks? = nil) {
        var writer = JSONByteWriter()
        writer.write(feed, prepared: prepared)
        writer.finish()
    }

    /// Somewhere to make the article blocks of `write` while the feed is still parsed.
    static func preparedBlocks() -> PreparedArticleBlocks {
        PreparedArticleBlocks(indent: JSONByteWriter.feedArticlesIndent, indented: true)
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
struct JSONByteWriter: ~Copyable {
    private static let flushThreshold = 1 << 20
    /// How deep a feed's articles sit: in the feed object, in its `articles` array.
    static let feedArticlesIndent = 2
    fileprivate var buffer: GrowingBytes
    private var indent = 0
    private let indented: Bool
    /// Whether the container being written has had a member yet.
    private var firstInContainer = true

    init(indented: Bool = true) {
        self.indented = indented
        buffer = GrowingBytes(capacity: JSONByteWriter.flushThreshold + 64 * 1024)
    }

    /// A writer for a block of a feed's articles: they sit `indent` levels in, and all but
    /// the feed's first article follow a comma.
    fileprivate init(articleBlockIndentedBy indent: Int, indented: Bool) {
        self.indented = indented
        self.indent = indent
        firstInContainer = false
        buffer = GrowingBytes(capacity: ArticleBlocks.blockSize * 2048)
    }

    mutating func writeError(_ message: String) {
        openObject()
        key("error"); string(message)
        closeObject()
    }

    mutating func write(_ feed: Feed, prepared: PreparedArticleBlocks? = nil) {
        openObject()
        key("format"); string(feed.format.rawValue)
        key("title"); optional(feed.title)
        key("link"); optional(feed.link)
        key("subtitle"); optional(feed.subtitle)
        key("language"); optional(feed.language)
        key("updated"); optional(feed.updated.map(Timestamp.rfc3339))
        key("author"); optional(feed.author)
        key("image"); optional(feed.image)
        key("articles"); articles(feed.articles, prepared: prepared)
        key("warnings"); array(feed.warnings) { writer, warning in writer.string(warning) }
        closeObject()
    }

    /// A long list is written in blocks by two threads (ArticleBlocks), taking those made
    /// while the feed was parsed; a short one here.
    private mutating func articles(_ list: [Article], prepared: PreparedArticleBlocks?) {
        let preparedSegments = prepared?.segments(articleCount: list.count, indent: indent + 1, indented: indented)
        guard list.count >= ArticleBlocks.minimumCount || preparedSegments != nil else {
            array(list) { writer, article in writer.write(article) }
            return
        }
        buffer.append(UInt8(ascii: "["))
        indent += 1
        let indent = self.indent, indented = self.indented
        let segments = preparedSegments ?? [list.indices]
        ArticleBlocks.write(segments: segments, block: { range in
            if let made = prepared?.take(range) { return made }
            return JSONBlock(list[range], first: range.lowerBound == 0, indent: indent, indented: indented)
        }, emit: { block in
            // Written as it is, after what is buffered: a block is half a megabyte already.
            flush()
            block.withBytes { Console.write(bytes: $0, to: STDOUT_FILENO) }
        })
        close(UInt8(ascii: "]"))
    }

    /// Keys and values written one after the other, without a closure per member: a closure
    /// that captured the article copied it (a retain per string) each time it was called.
    fileprivate mutating func write(_ article: Article) {
        openObject()
        key("id"); string(article.id)
        key("title"); optional(article.title)
        key("link"); optional(article.link)
        key("author"); optional(article.author)
        key("published"); date(article.published)
        key("updated"); date(article.updated)
        key("summary"); optional(article.summary)
        key("content"); optional(article.content)
        key("categories"); array(article.categories) { writer, category in writer.string(category) }
        key("enclosures")
        array(article.enclosures) { writer, enclosure in
            writer.openObject()
            writer.key("url"); writer.string(enclosure.url)
            writer.key("type"); writer.optional(enclosure.type)
            writer.key("length")
            if let length = enclosure.length { writer.integer(length) } else { writer.null() }
            writer.closeObject()
        }
        closeObject()
    }

    /// Ends the document with a newline and writes what is still buffered: bytes as they
    /// are, never turned back into a String (which would validate them again).
    mutating func finish() {
        buffer.append(0x0A)
        flush()
    }

    private mutating func flush() {
        buffer.withBytes { Console.write(bytes: $0, to: STDOUT_FILENO) }
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

    /// Starts a member of the open object; its value is written next. `key` is written as it
    /// is: the schema's keys need no escaping.
    private mutating func key(_ key: StaticString) {
        buffer.appendKey(key, comma: !firstInContainer, lineBreakIndentedBy: indented ? 2 * indent : nil, space: indented)
        firstInContainer = false
    }


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
    fileprivate mutating func elements<Elements: Collection>(
        _ elements: Elements, first: Bool, _ each: (inout JSONByteWriter, Elements.Element) -> Void
    ) {
        var first = first
        // By index, the element handed over in place: `for element in elements` copied each
        // article out of the array (a retain and a release per string).
        for index in elements.indices {
            if !first { buffer.append(UInt8(ascii: ",")) }
            first = false
            newline()
            firstInContainer = true
            each(&self, elements[index])
        }
    }

    private mutating func newline() {
        guard indented else { return }
        buffer.appendLineBreak(indentedBy: 2 * indent)
    }

    // MARK: Values

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// RFC 3339 digits need no escaping: written straight into the buffer, quoted.
    private mutating func date(_ date: Date?) {
        guard let date else { return null() }
        buffer.append(0x22)
        Timestamp.rfc3339(date) { buffer.append($0) }
        buffer.append(0x22)
    }

    private mutating func null() {
        buffer.append("null")
    }

    /// Decimal digits, written straight into the buffer.
    private mutating func integer(_ value: Int64) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { raw in
            // Counted as a negative number: Int64.min has no positive counterpart.
            var rest = value > 0 ? -value : value
            var start = raw.count
            repeat {
                start -= 1
                raw[start] = UInt8(ascii: "0") + UInt8(-(rest % 10))
                rest /= 10
            } while rest != 0
            if value < 0 {
                start -= 1
                raw[start] = UInt8(ascii: "-")
            }
            buffer.append(UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[start...]))
        }
    }

    /// The first byte from `start` that may need an escape: a control, `"`, `\`, or 0xE2,
    /// which starts U+2028/U+2029. Sixteen bytes a round as one SIMD16: Swift 6.3 compiles
    /// these lane compares to SSE2 (pminub, pcmpeqb, pmovmskb), about 1.3 instructions a
    /// byte against 2.9 for the same tests on 64-bit words.
    private static func firstMayEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        var index = start
        // Whole vectors, made here: compares with a scalar (`block .== 0x22`) were compiled
        // lane by lane, and static vectors cost a swift_once check per use.
        let spaces = SIMD16<UInt8>(repeating: 0x20), quotes = SIMD16<UInt8>(repeating: 0x22)
        let backslashes = SIMD16<UInt8>(repeating: 0x5C), separatorLeads = SIMD16<UInt8>(repeating: 0xE2)
        while bytes.count - index >= 16 {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let flagged = (block .< spaces) .| (block .== quotes) .| (block .== backslashes) .| (block .== separatorLeads)
            // The mask's sixteen bytes read as two words: SIMDMask's any() was compiled to a
            // generic lane-by-lane min().
            let words = unsafeBitCast(flagged, to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 { break }
            index &+= 16
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
                buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(byte == 0xE2 ? (bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029) : UInt32(byte))
                index += width
                runStart = index
            }
            buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
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
        flush()
    }
}

/// A block of articles' JSON, made on any thread and written out by the calling one.
/// @unchecked Sendable: it is handed from the thread that filled it to the one that writes
/// it (by InOrder or PreparedArticleBlocks), and neither touches it while the other does.
final class JSONBlock: @unchecked Sendable {
    fileprivate var writer: JSONByteWriter

    /// The JSON of `articles` as members of a feed's articles array `indent` levels in;
    /// `first`: they start the array, so no comma comes before them.
    init(_ articles: ArraySlice<Article>, first: Bool, indent: Int, indented: Bool) {
        writer = JSONByteWriter(articleBlockIndentedBy: indent, indented: indented)
        writer.elements(articles, first: first) { writer, article in writer.write(article) }
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        writer.buffer.withBytes(body)
    }
}
