// The response headers of one hop of a transfer, as raw as the server sent them:
// validators must be sent back byte for byte.
import Foundation

struct ResponseHeaders: Sendable, Equatable {
    /// Lower-cased field name → value, of the last response only.
    private var fields: [String: String] = [:]

    /// Feeds one header line. A status line starts a new response (after a
    /// `100 Continue`), so the previous one's headers are dropped.
    mutating func consume(line: String) {
        let trimmed = line.trimmingCharacters(in: ["\r", "\n"])
        if trimmed.hasPrefix("HTTP/") {
            fields.removeAll()
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].trimmingCharacters(in: [" ", "\t"]).lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
        guard !name.isEmpty, !value.isEmpty else { return }
        fields[name] = value
    }

    func value(of name: String) -> String? {
        fields[name]
    }

    /// How long the server says the response stays fresh: `Cache-Control: max-age`, else
    /// `Expires` minus the server's `Date` (or `now`). Nil when it says nothing, or says
    /// not to cache (`no-cache`, `no-store`), which is no hint about how often to poll.
    func freshnessLifetime(now: Date) -> TimeInterval? {
        if let cacheControl = value(of: "cache-control")?.lowercased() {
            let directives = cacheControl.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if directives.contains("no-cache") || directives.contains("no-store") { return nil }
            for directive in directives where directive.hasPrefix("max-age=") {
                if let seconds = TimeInterval(directive.dropFirst("max-age=".count).trimmingCharacters(in: ["\""])),
                   seconds >= 0 {
                    return seconds
                }
            }
        }
        guard let expires = value(of: "expires").flatMap(HTTPDate.parse) else { return nil }
        let served = value(of: "date").flatMap(HTTPDate.parse) ?? now
        return max(0, expires.timeIntervalSince(served))
    }

    /// `Retry-After` as seconds from `now`: either delay-seconds or an HTTP date.
    func retryAfter(now: Date) -> TimeInterval? {
        guard let text = value(of: "retry-after") else { return nil }
        if let seconds = TimeInterval(text), seconds >= 0 { return seconds }
        return HTTPDate.parse(text).map { max(0, $0.timeIntervalSince(now)) }
    }
}
