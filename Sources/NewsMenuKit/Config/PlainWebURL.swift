// The shape almost every feed URL has, checked byte by byte before Foundation's URL parser:
// parsing 2,000 URLs through `URL(string:)` was a fifth of a cold `newsmenu show`.

enum PlainWebURL {
    /// True when `text` is `http://` or `https://`, a host of ASCII letters, digits, dots and
    /// hyphens, an optional port of 1 to 65535, then a path, query and fragment made only of
    /// characters RFC 3986 allows there unescaped (or as `%XX`). Such a URL is one
    /// `URL(string:)` accepts with that host; false means "ask Foundation", not "invalid".
    static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let afterScheme = schemeEnd(bytes) else { return false }
            var index = afterScheme
            while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
            guard index > afterScheme else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                var port = 0
                let digitsStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]),
                      index - digitsStart < 5 {
                    port = port * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                guard (1...65_535).contains(port) else { return false }
            }
            guard index == bytes.count || [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[index])
            else { return false }
            var inFragment = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                    else { return false }
                    index += 3
                    continue
                }
                if byte == UInt8(ascii: "#") {
                    guard !inFragment else { return false }
                    inFragment = true
                } else if !isPathByte(byte) {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    /// Where the host starts after a case-insensitive `http://` or `https://`.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for scheme in ["http://", "https://"] where bytes.count > scheme.utf8.count {
            if zip(bytes, scheme.utf8).allSatisfy({ lowercased($0) == $1 }) { return scheme.utf8.count }
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// RFC 3986 pchar (unreserved, sub-delims, ":" and "@") plus "/" and "?", which
    /// paths, queries and fragments take unescaped.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        if isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
             UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lowercased(byte))
    }
}
