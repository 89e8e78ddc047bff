// The form of an article link that two feeds carrying the same story agree on, and its
// 64-bit key: what dedupe within a tab compares.
import Foundation
import NewsModel

enum CanonicalLink {
    /// The link with scheme and host lower-cased, `utm_*`, `fbclid` and `gclid` query
    /// parameters dropped, and the fragment and a trailing slash ignored; nil for a missing
    /// or blank link, and for one that is not a web link, which are never deduplicated: a
    /// `javascript:void(0)` or `mailto:` link, often the same on every item of a feed, names
    /// no story.
    static func of(_ link: String?) -> String? {
        guard var link, LinkScheme.isWeb(link) else { return nil }
        // Almost every link is ASCII, and on its bytes this costs a tenth of the same steps
        // on Characters (grapheme breaking, Unicode case mapping, substring search).
        if let canonical = link.withUTF8(ofASCII) { return canonical }
        return ofUnicode(link)
    }

    /// `of` for a link of ASCII bytes only, where a byte is a Character (but for CR LF,
    /// which none of the steps below looks for) and lower-casing is per byte; nil, meaning
    /// "not done here", for any other link and for one that needs trimming.
    private static func ofASCII(_ link: UnsafeBufferPointer<UInt8>) -> String? {
        guard let firstByte = link.first, let lastByte = link.last,
              isPrintable(firstByte), isPrintable(lastByte), link.allSatisfy({ $0 < 0x80 }) else { return nil }
        var rest = link[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var canonical: [UInt8] = []
        canonical.reserveCapacity(rest.count)
        if let separator = firstIndex(of: "://", in: rest) {
            canonical.append(contentsOf: rest[..<separator].map(lowercased))
            canonical.append(contentsOf: "://".utf8)
            rest = rest[(separator + 3)...]
        }
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        // The host is lower-cased, a `user:password@` before it is not.
        let hostStart = rest[..<authorityEnd].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? rest.startIndex
        canonical.append(contentsOf: rest[..<hostStart])
        canonical.append(contentsOf: rest[hostStart..<authorityEnd].map(lowercased))
        rest = rest[authorityEnd...]
        var query = rest[rest.endIndex...]
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[(question + 1)...]
            rest = rest[..<question]
        }
        while rest.last == UInt8(ascii: "/") { rest = rest.dropLast() }
        canonical.append(contentsOf: rest)
        var separator = UInt8(ascii: "?")
        for parameter in query.split(separator: UInt8(ascii: "&")) where !isTracking(parameter) {
            canonical.append(separator)
            canonical.append(contentsOf: parameter)
            separator = UInt8(ascii: "&")
        }
        return String(decoding: canonical, as: UTF8.self)
    }

    /// `of` on Characters, for links with other than ASCII in them or white space around.
    private static func ofUnicode(_ link: String) -> String? {
        var link = link
        // Foundation's trimming costs more than the rest of this on Linux; most links need none.
        if link.first?.isWhitespace != false || link.last?.isWhitespace != false {
            link = link.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !link.isEmpty else { return nil }
        var rest = Substring(link)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var scheme = ""
        if let range = rest.firstRange(of: "://") {
            scheme = rest[..<range.lowerBound].lowercased() + "://"
            rest = rest[range.upperBound...]
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = lowercasedHost(rest[..<authorityEnd])
        rest = rest[authorityEnd...]
        var query: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var path = rest
        while path.hasSuffix("/") { path = path.dropLast() }
        let kept = query.split(separator: "&").filter { !isTracking($0) }
        return scheme + authority + path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// FNV-1a over the canonical link's UTF-8, as a signed 64-bit value SQLite can store.
    /// Equal links give equal keys in every process; the store still compares the links
    /// themselves, so a collision can never merge two stories.
    static func key(_ canonical: String) -> Int64 {
        var hash = LinkHash()
        hash.add(canonical)
        return hash.value
    }

    /// Lower-cases the host but not a `user:password@` before it.
    private static func lowercasedHost(_ authority: Substring) -> String {
        guard let at = authority.lastIndex(of: "@") else { return authority.lowercased() }
        return authority[...at] + authority[authority.index(after: at)...].lowercased()
    }

    private static func isTracking(_ parameter: Substring) -> Bool {
        let name = (parameter.split(separator: "=", maxSplits: 1).first ?? "").lowercased()
        return name.hasPrefix("utm_") || name == "fbclid" || name == "gclid"
    }

    /// `isTracking` on bytes: the name is what `split(separator: "=", maxSplits: 1).first`
    /// gives, which skips leading `=`s (empty pieces do not count as splits).
    private static func isTracking(_ parameter: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let unprefixed = parameter.drop { $0 == UInt8(ascii: "=") }
        let name = unprefixed[..<(unprefixed.firstIndex(of: UInt8(ascii: "=")) ?? unprefixed.endIndex)]
        let lower = name.map(lowercased)
        return lower.starts(with: "utm_".utf8) || lower.elementsEqual("fbclid".utf8) || lower.elementsEqual("gclid".utf8)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Neither white space nor a control character: such a link needs no trimming.
    private static func isPrintable(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    private static func firstIndex(of needle: StaticString, in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        needle.withUTF8Buffer { needle in
            var index = bytes.startIndex
            while index + needle.count <= bytes.endIndex {
                if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
    }
}

/// FNV-1a, 64-bit, fed text piece by piece: the same value as over the pieces joined.
struct LinkHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        var text = text
        // Over the contiguous bytes: iterating `utf8` cost several times as much.
        text.withUTF8 { bytes in
            for byte in bytes {
                state ^= UInt64(byte)
                state = state &* 0x0000_0100_0000_01b3
            }
        }
    }

    /// As a signed 64-bit value SQLite can store.
    var value: Int64 { Int64(bitPattern: state) }
}
