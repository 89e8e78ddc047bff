// The form of an article link that two feeds carrying the same story agree on, and its
// 64-bit key: what dedupe within a tab compares.
import Foundation


enum CanonicalLink {
    /// The link with scheme and host lower-cased, `utm_*`, `fbclid` and `gclid` query
    /// parameters dropped, and the fragment and a trailing slash ignored; nil for a missing
    /// or blank link, which is never deduplicated.
    static func of(_ link: String?) -> String? {
        guard var link else { return nil }
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
