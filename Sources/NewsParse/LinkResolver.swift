// Makes links absolute: against xml:base (nested) and then the document's URL.
import Foundation
import NewsModel

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

    /// http, https or relative: the kind of link a feed's other links lose to.
    static func isWebLink(_ link: String) -> Bool {
        LinkScheme.isWeb(link)
    }

    /// RFC 3986 §3.1: `scheme ":"` where scheme is a letter followed by letters, digits, + - .
    static func hasScheme(_ text: String) -> Bool {
        LinkScheme.length(in: text) != nil
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
