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
        var writer = JSONByteWriter(sink: FileHandle.standardOutput)
        writer.write(feed)
        return writer.finish()
    }
}

/// Writes JSON with two-space indentation into a byte buffer that is flushed to `sink`
/// whenever it passes a megabyte.
struct JSONByteWriter {
    private static let flushThreshold = 1 << 20
    private let sink: FileHandle
    private var buffer: [UInt8] = []
    private var indent = 0
    /// Whether the container being written has had a member yet.
    private var firstInContainer = true

    init(sink: FileHandle) {
        self.sink = sink
        buffer.reserveCapacity(JSONByteWriter.flushThreshold + 64 * 1024)
    }

    mutating func write(_ feed: Feed) {
        openObject()
        member("format") { $0.string(feed.format.rawValue) }
        member("title") { $0.optional(feed.title) }
        member("link") { $0.optional(feed.link) }
        member("subtitle") { $0.optional(feed.subtitle) }
        member("language") { $0.optional(feed.language) }
        member("updated") { $0.optional(feed.updated.map(JSONByteWriter.rfc3339)) }
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
        member("published") { $0.optional(article.published.map(JSONByteWriter.rfc3339)) }
        member("updated") { $0.optional(article.updated.map(JSONByteWriter.rfc3339)) }
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

    /// `2026-11-30T05:05:00Z`, as Timestamp.rfc3339 writes it, without String(format:), which
    /// cost more than the rest of an article's JSON.
    static func rfc3339(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil-from-days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(year, 4); bytes.append(UInt8(ascii: "-")); digits(month, 2); bytes.append(UInt8(ascii: "-")); digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3_600, 2); bytes.append(UInt8(ascii: ":")); digits(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":")); digits(secondOfDay % 60, 2); bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func flushIfFull() {
        guard buffer.count >= JSONByteWriter.flushThreshold else { return }
        sink.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
