// Makes links absolute: against xml:base (nested) and then the document's URL.
import Foundation

enum LinkResolver {
    /// Absolute references come back untouched; relative ones are resolved against `base`
    /// when there is one, and returned as written when there is not.
    static func resolve(_ reference: String, against base: String?) -> String? {
        let trimmed = Whitespace.trim(reference)
        guard !trimmed.isEmpty else { return nil }
        if hasScheme(trimmed) { return trimmed }
        guard let base, let baseURL = URL(string: percentEncodingUnsafeBytes(base)),
              let resolved = URL(string: percentEncodingUnsafeBytes(trimmed), relativeTo: baseURL)
        else { return trimmed }
        return resolved.absoluteString
    }

    /// A link a reader may open: resolved as above, and nil when it names a scheme other than
    /// http or https (`javascript:`, `data:`, `mailto:`, `file:`), so that such a link never
    /// becomes an article's link nor, through it, its id. A relative link with no base to
    /// resolve it against is kept as written.
    static func webLink(_ reference: String, against base: String?) -> String? {
        resolve(reference, against: base).flatMap { isWebLink($0) ? $0 : nil }
    }

    static func isWebLink(_ link: String) -> Bool {
        guard let length = schemeLength(link) else { return true }
        // The scheme is ASCII letters, digits, + - .: compared byte by byte, case folded.
        guard length == 4 || length == 5 else { return false }
        var link = link
        let https: StaticString = "https"
        // A plain index range: `prefix(_:).indices` on the buffer cost about a thousand
        // instructions a call.
        return link.withUTF8 { bytes in
            https.withUTF8Buffer { expected in (0..<length).allSatisfy { bytes[$0] | 0x20 == expected[$0] } }
        }
    }

    /// RFC 3986 §3.1: `scheme ":"` where scheme is a letter followed by letters, digits, + - .
    static func hasScheme(_ text: String) -> Bool {
        schemeLength(text) != nil
    }

    /// The length of the text's scheme (before the colon), nil when it has none.
    private static func schemeLength(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard let first = bytes.first, ASCII.isLetter(first) else { return nil }
            for index in 1..<max(bytes.count, 1) {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") { return index }
                let allowed = ASCII.isLetter(byte) || ASCII.isDigit(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                if !allowed { return nil }
            }
            return nil
        }
    }

    /// URL(string:) refuses spaces and non-ASCII (a Japanese path); browsers send them
    /// percent-encoded as UTF-8, which is what this does. Existing escapes are kept. Text
    /// that needs no escape (nearly every link) is returned as it is.
    private static func percentEncodingUnsafeBytes(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
        var result = String.UnicodeScalarView()
        for byte in text.utf8 {
            if needsEscape(byte) {
                result.append("%")
                result.append(hexDigits[Int(byte >> 4)])
                result.append(hexDigits[Int(byte & 0x0F)])
            } else {
                result.append(Unicode.Scalar(byte))
            }
        }
        return String(result)
    }

    /// Controls, space, DEL, non-ASCII and `"<>\^`{|}`.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: return false
        default: return true
        }
    }
}
