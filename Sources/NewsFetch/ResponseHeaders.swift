// The response headers of one hop of a transfer that fetching needs, as raw as the server
// sent them: validators must be sent back byte for byte. Header lines arrive as bytes from
// libcurl's callback and are read as bytes: this runs for every header of every feed.
import Foundation
import NewsModel

struct ResponseHeaders: Sendable, Equatable {
    /// The only fields anything reads; the rest are skipped without building strings. A
    /// list-valued field may come on several lines, which RFC 9110 (§5.3) reads as one list,
    /// their values joined with commas (`Cache-Control: max-age=7200` then `Cache-Control:
    /// public` is both); of any other field the last line counts.
    private static let wanted: [(name: [UInt8], isList: Bool)] = [
        ("etag", false), ("last-modified", false), ("content-type", false), ("content-encoding", true),
        ("cache-control", true),
        ("expires", false), ("date", false), ("age", false), ("retry-after", false),
    ].map { (Array($0.utf8), $1) }

    /// Lower-cased field name → value's bytes, of the last response only.
    private var fields: [String: [UInt8]] = [:]

    /// Whether a status line arrived and the header block after it did not end (with its
    /// empty line): the connection closed partway through the headers.
    var isCutOff: Bool { sawStatusLine && !sawEnd }
    private var sawStatusLine = false
    private var sawEnd = false

    /// Feeds one header line. A status line starts a new response (after a
    /// `100 Continue`), so the previous one's headers are dropped.
    mutating func consume(line: UnsafeRawBufferPointer) {
        let bytes = line.bindMemory(to: UInt8.self)
        if bytes.starts(with: "HTTP/".utf8) {
            fields.removeAll()
            sawStatusLine = true
            sawEnd = false
            return
        }
        if !bytes.isEmpty, bytes.allSatisfy({ $0 == 0x0D || $0 == 0x0A }) {
            sawEnd = true
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              let field = Self.wanted.first(where: { Self.equalsIgnoringCase(bytes[..<colon], $0.name) }) else { return }
        var start = colon + 1
        var end = bytes.endIndex
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return }
        let name = String(decoding: field.name, as: UTF8.self)
        if field.isList, let earlier = fields[name] {
            fields[name] = earlier + Array(", ".utf8) + bytes[start..<end]
        } else {
            fields[name] = Array(bytes[start..<end])
        }
    }

    /// The field's value as text; a byte that is not UTF-8 reads as U+FFFD.
    func value(of name: String) -> String? {
        fields[name].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The field's value as the bytes that came, for sending back.
    func validator(of name: String) -> HTTPValidator? {
        fields[name].map { HTTPValidator(bytes: $0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private static func equalsIgnoringCase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: [UInt8]) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        return zip(bytes, lowercase).allSatisfy { byte, expected in
            (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected
        }
    }

    /// How long from now the server says the response stays fresh: `Cache-Control: max-age`,
    /// else `Expires` minus the server's `Date` (or `now`), less the `Age` caches held it for
    /// (RFC 9111 §4.2). Nil when it says nothing; when it says not to cache (`no-cache`,
    /// `no-store`); and when the response is stale already (`max-age=0`, an `Expires` not
    /// after `Date`, an `Age` past the lifetime). None of these is a hint about how often to
    /// poll: "revalidate before reuse" read as a lifetime of zero put the feed at the
    /// shortest interval allowed, six times the default.
    func freshnessLifetime(now: Date) -> TimeInterval? {
        guard let lifetime = statedLifetime(now: now) else { return nil }
        let remaining = lifetime - (value(of: "age").flatMap(Self.deltaSeconds) ?? 0)
        return remaining > 0 ? remaining : nil
    }

    private func statedLifetime(now: Date) -> TimeInterval? {
        if let cacheControl = value(of: "cache-control")?.lowercased() {
            let directives = cacheControl.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if directives.contains("no-cache") || directives.contains("no-store") { return nil }
            for directive in directives where directive.hasPrefix("max-age=") {
                if let seconds = Self.deltaSeconds(directive.dropFirst("max-age=".count).trimmingCharacters(in: ["\""])) {
                    return seconds
                }
            }
        }
        guard let expires = value(of: "expires").flatMap(HTTPDate.parse) else { return nil }
        let served = value(of: "date").flatMap(HTTPDate.parse) ?? now
        return expires.timeIntervalSince(served)
    }

    /// `Retry-After` as seconds from `now`: either delay-seconds or an HTTP date.
    func retryAfter(now: Date) -> TimeInterval? {
        guard let text = value(of: "retry-after") else { return nil }
        if let seconds = Self.deltaSeconds(text) { return seconds }
        return HTTPDate.parse(text).map { max(0, $0.timeIntervalSince(now)) }
    }

    /// RFC 9110's delta-seconds: digits only (no sign, fraction, exponent or "inf"); a
    /// value too large to hold is the largest that can be held, as the RFC says.
    private static func deltaSeconds(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return TimeInterval(Int(text) ?? Int(Int32.max))
    }
}
