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
        guard let base, let baseURL = URL(string: URLEscaping.escapingUnsafeBytes(base)),
              let resolved = URL(string: URLEscaping.escapingUnsafeBytes(trimmed), relativeTo: baseURL)
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
}
