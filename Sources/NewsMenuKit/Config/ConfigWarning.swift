// A config key newsmenu does not know: read past so that a config written for a newer
// newsmenu still works under cron, but named (with the key it most likely meant) so that a
// typo does not pass silently.

public struct ConfigWarning: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// The unknown key's JSON path: `tabs[0].intervl`.
    public var field: String
    public var line: Int
    public var column: Int
    /// The known key one small edit away, when exactly one is.
    public var suggestion: String?
    /// The keys allowed where this one stands, for the message when nothing is close.
    public var allowed: [String]

    public var description: String {
        let hint = suggestion.map { "did you mean `\($0)`?" } ?? "known keys here: \(allowed.joined(separator: ", "))"
        return "\(file):\(line):\(column): \(field): unknown key, ignored (\(hint))"
    }
}

/// The "did you mean" rule: the one allowed key within a small edit distance.
enum KeySuggestion {
    /// The allowed key nearest to `key`, when it is at most one edit away (two for keys of six
    /// characters or more) and no other key is as near. Case does not count.
    static func closest(to key: String, among allowed: [String]) -> String? {
        let typed = Array(key.lowercased())
        let limit = typed.count >= 6 ? 2 : 1
        let scored = allowed.map { (key: $0, distance: distance(typed, Array($0.lowercased()))) }
        guard let best = scored.map(\.distance).min(), best <= limit else { return nil }
        let nearest = scored.filter { $0.distance == best }
        return nearest.count == 1 ? nearest[0].key : nil
    }

    /// Edits (insert, delete, substitute, swap two neighbours) turning `a` into `b`: the
    /// optimal string alignment distance, so `intreval` is one edit from `interval`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
