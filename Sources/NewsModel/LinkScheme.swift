// A link's scheme, and whether the link is a web link: the parser keeps every link a feed
// gives (javascript:, file: and mailto: ones are shown, never opened) but prefers a web link
// to any other, and only a web link identifies an article (its fallback id, the story two
// feeds share).

public enum LinkScheme {
    /// The scheme before the first colon (RFC 3986 §3.1: a letter, then letters, digits,
    /// `+`, `-`, `.`), as written; nil when the link has none (a relative link).
    public static func of(_ link: String) -> Substring? {
        length(in: link).map { link[..<link.utf8.index(link.startIndex, offsetBy: $0)] }
    }

    /// http, https (any case) or no scheme at all: a relative link is resolved against the
    /// feed's URL, which is a web link.
    public static func isWeb(_ link: String) -> Bool {
        guard let length = length(in: link) else { return true }
        guard length == 4 || length == 5 else { return false }
        var link = link
        let https: StaticString = "https"
        // A plain index range: `prefix(_:).indices` on the buffer cost about a thousand
        // instructions a call.
        return link.withUTF8 { bytes in
            https.withUTF8Buffer { expected in (0..<length).allSatisfy { bytes[$0] | 0x20 == expected[$0] } }
        }
    }

    /// The length in bytes of the link's scheme (before the colon), nil when it has none.
    public static func length(in link: String) -> Int? {
        var link = link
        return link.withUTF8 { bytes -> Int? in
            guard let first = bytes.first, isLetter(first) else { return nil }
            for index in 1..<max(bytes.count, 1) {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") { return index }
                let allowed = isLetter(byte) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                if !allowed { return nil }
            }
            return nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
