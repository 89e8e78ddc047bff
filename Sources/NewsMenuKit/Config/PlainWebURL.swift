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
            while index < bytes.count, has(.host, bytes[index]) { index += 1 }
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
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?")
                || bytes[index] == UInt8(ascii: "#") else { return false }
            var inFragment = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, has(.hexDigit, bytes[index + 1]), has(.hexDigit, bytes[index + 2])
                    else { return false }
                    index += 3
                    continue
                }
                if byte == UInt8(ascii: "#") {
                    guard !inFragment else { return false }
                    inFragment = true
                } else if !has(.path, byte) {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    /// Where the host starts after a case-insensitive `http://` or `https://`.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func lowercased(_ offset: Int) -> UInt8 {
            let byte = bytes[offset]
            return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        guard bytes.count > 7, lowercased(0) == UInt8(ascii: "h"), lowercased(1) == UInt8(ascii: "t"),
              lowercased(2) == UInt8(ascii: "t"), lowercased(3) == UInt8(ascii: "p") else { return nil }
        let colon = lowercased(4) == UInt8(ascii: "s") ? 5 : 4
        guard bytes.count > colon + 3, bytes[colon] == UInt8(ascii: ":"), bytes[colon + 1] == UInt8(ascii: "/"),
              bytes[colon + 2] == UInt8(ascii: "/") else { return nil }
        return colon + 3
    }

    /// What a byte may be in a plain URL, one bit per role.
    private struct ByteRoles: OptionSet {
        let rawValue: UInt8
        /// ASCII letters, digits, `.` and `-`.
        static let host = ByteRoles(rawValue: 1)
        /// RFC 3986 pchar (unreserved, sub-delims, ":" and "@") plus "/" and "?", which
        /// paths, queries and fragments take unescaped.
        static let path = ByteRoles(rawValue: 2)
        static let hexDigit = ByteRoles(rawValue: 4)
    }

    private static func has(_ role: ByteRoles, _ byte: UInt8) -> Bool {
        byteRoles[Int(byte)] & role.rawValue != 0
    }

    /// The roles of each of the 256 byte values, built once: a table look-up per byte
    /// instead of a chain of range tests.
    private static let byteRoles: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        let letters = Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        for byte in letters + digits + Array("-.".utf8) { table[Int(byte)] |= ByteRoles.host.rawValue }
        for byte in letters + digits + Array("-._~!$&'()*+,;=:@/?".utf8) { table[Int(byte)] |= ByteRoles.path.rawValue }
        for byte in digits + Array("abcdefABCDEF".utf8) { table[Int(byte)] |= ByteRoles.hexDigit.rawValue }
        return table
    }()
}
