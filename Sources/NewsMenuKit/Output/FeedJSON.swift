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
/// standard output whenever it passes a megabyte. Keys and punctuation are static bytes (an
/// article's as ArticlePieces); strings are scanned and copied sixteen bytes at a time.
struct JSONByteWriter: ~Copyable {
    private static let flushThreshold = 1 << 20
    /// How deep a feed's articles sit: in the feed object, in its `articles` array.
    static let feedArticlesIndent = 2
    fileprivate var buffer: GrowingBytes
    private var indent = 0
    private let indented: Bool
    /// Whether the container being written has had a member yet.
    private var firstInContainer = true

    /// Room for `expected` bytes and as much again: a string reserves six bytes for each
    /// of its bytes (the longest escape) before it is written, and growing a full buffer
    /// copies it. Pages never written to are never touched.
    private static func spareCapacity(beyond expected: Int) -> Int {
        2 * expected
    }

    init(indented: Bool = true) {
        self.indented = indented
        buffer = GrowingBytes(capacity: JSONByteWriter.spareCapacity(beyond: JSONByteWriter.flushThreshold))
    }

    /// A writer for a block of a feed's articles: they sit `indent` levels in, and all but
    /// the feed's first article follow a comma.
    fileprivate init(articleBlockIndentedBy indent: Int, indented: Bool) {
        self.indented = indented
        self.indent = indent
        firstInContainer = false
        buffer = GrowingBytes(capacity: JSONByteWriter.spareCapacity(beyond: ArticleBlocks.blockSize * 2048))
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
            guard !list.isEmpty else { return buffer.append("[]") }
            buffer.append(UInt8(ascii: "["))
            indent += 1
            articleList(list[...], first: true, flushing: true)
            close(UInt8(ascii: "]"))
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

    /// The articles as members of the array being written, each after a comma but the
    /// array's first when `first`. `flushing`: the buffer goes to stdout whenever it passes
    /// the threshold (never in a block, whose bytes are written later, in order).
    fileprivate mutating func articleList(_ articles: ArraySlice<Article>, first: Bool, flushing: Bool) {
        let pieces = ArticlePieces.shared(indent: indent, indented: indented)
        var opening = first ? ArticlePiece.firstArticle : .nextArticle
        // By index, the article read in place: `for article in articles` copied each one out
        // of the array (a retain and a release per string).
        for index in articles.indices {
            write(articles[index], opening: opening, pieces)
            opening = .nextArticle
            if flushing { flushIfFull() }
        }
    }

    /// Keys and punctuation as precomputed pieces (one copy each), values between them.
    private mutating func write(_ article: Article, opening: ArticlePiece, _ pieces: ArticlePieces) {
        pieces.append(opening, to: &buffer); string(article.id)
        pieces.append(.title, to: &buffer); optional(article.title, pieces)
        pieces.append(.link, to: &buffer); optional(article.link, pieces)
        pieces.append(.author, to: &buffer); optional(article.author, pieces)
        pieces.append(.published, to: &buffer); date(article.published, pieces)
        pieces.append(.updated, to: &buffer); date(article.updated, pieces)
        pieces.append(.summary, to: &buffer); optional(article.summary, pieces)
        pieces.append(.content, to: &buffer); optional(article.content, pieces)
        pieces.append(.categories, to: &buffer)
        list(article.categories, first: .firstInList, next: .nextInList, pieces) { writer, categories, index, _ in
            writer.string(categories[index])
        }
        pieces.append(.enclosures, to: &buffer)
        list(article.enclosures, first: .firstEnclosure, next: .nextEnclosure, pieces) { writer, enclosures, index, pieces in
            writer.string(enclosures[index].url)
            pieces.append(.enclosureType, to: &writer.buffer); writer.optional(enclosures[index].type, pieces)
            pieces.append(.enclosureLength, to: &writer.buffer)
            if let length = enclosures[index].length { writer.integer(length) } else { pieces.append(.null, to: &writer.buffer) }
            pieces.append(.enclosureEnd, to: &writer.buffer)
        }
        pieces.append(.articleEnd, to: &buffer)
    }

    /// One of the article's lists: `[]`, or each member after its opening (`first`, then
    /// `next`) and the list's end. `member` writes the value at an index and is handed
    /// everything it reads: a closure that captured the article copied it (a retain per field).
    @inline(__always)
    private mutating func list<Element>(
        _ elements: [Element], first: ArticlePiece, next: ArticlePiece, _ pieces: ArticlePieces,
        _ member: (inout JSONByteWriter, [Element], Int, ArticlePieces) -> Void
    ) {
        guard !elements.isEmpty else { return pieces.append(.emptyList, to: &buffer) }
        for index in elements.indices {
            pieces.append(index == 0 ? first : next, to: &buffer)
            member(&self, elements, index, pieces)
        }
        pieces.append(.listEnd, to: &buffer)
    }

    @inline(__always)
    private mutating func optional(_ text: String?, _ pieces: ArticlePieces) {
        if let text { string(text) } else { pieces.append(.null, to: &buffer) }
    }

    /// RFC 3339 digits need no escaping: written straight into the buffer, quoted.
    private mutating func date(_ date: Date?, _ pieces: ArticlePieces) {
        guard let date else { return pieces.append(.null, to: &buffer) }
        buffer.appendWritten(room: RFC3339Digits.count + 2) { target in
            target[0] = 0x22
            RFC3339Digits.write(date, to: target + 1)
            target[RFC3339Digits.count + 1] = 0x22
            return RFC3339Digits.count + 2
        }
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


    /// The members of an array, each on its own line, a comma before all but the first.
    private mutating func array<Element>(_ elements: [Element], _ each: (inout JSONByteWriter, Element) -> Void) {
        guard !elements.isEmpty else { return buffer.append("[]") }
        buffer.append(UInt8(ascii: "["))
        indent += 1
        for index in elements.indices {
            if index != elements.startIndex { buffer.append(UInt8(ascii: ",")) }
            newline()
            firstInContainer = true
            each(&self, elements[index])
            flushIfFull()
        }
        close(UInt8(ascii: "]"))
    }

    private mutating func newline() {
        guard indented else { return }
        buffer.appendLineBreak(indentedBy: 2 * indent)
    }

    // MARK: Values

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    private mutating func null() {
        buffer.append("null")
    }

    /// Decimal digits, written straight into the buffer: at most 20 bytes (Int64.min).
    private mutating func integer(_ value: Int64) {
        buffer.appendWritten(room: 20) { target in
            var digits = 1
            var rest = value.magnitude
            while rest >= 10 {
                rest /= 10
                digits &+= 1
            }
            let length = value < 0 ? digits &+ 1 : digits
            if value < 0 { target[0] = UInt8(ascii: "-") }
            rest = value.magnitude
            for position in stride(from: length &- 1, through: length &- digits, by: -1) {
                target[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            return length
        }
    }

    /// Quoted and escaped (JSONQuoting) straight into the buffer. The UTF-8 of a native
    /// String is read in place; `withUTF8` needs a mutable copy (a retain and a release).
    private mutating func string(_ text: String) {
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { quote($0) }
        guard written == nil else { return }
        var text = text
        text.withUTF8 { quote($0) }
    }

    private mutating func quote(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.appendWritten(room: JSONQuoting.room(forQuoting: bytes.count)) { JSONQuoting.write(bytes, to: $0) }
    }

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
        writer.articleList(articles, first: first, flushing: false)
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        writer.buffer.withBytes(body)
    }
}
