// The response headers of the final hop of a transfer, as raw as the server sent them:
// validators must be sent back byte for byte.
import Foundation

struct ResponseHeaders: Sendable, Equatable {
    /// Lower-cased field name → value, of the last response only.
    private var fields: [String: String] = [:]

    /// Feeds one header line. A status line starts a new response (after a redirect or a
    /// `100 Continue`), so the previous hop's headers are dropped.
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
}
