// A user's search text turned into what SQLite is given: an FTS5 query of quoted terms for
// the terms the trigram index can answer, LIKE patterns for the ones it cannot.

/// The parts of one search. Terms are separated by white space and all must match
/// (anywhere in the title, summary or content), as substrings, case-insensitively.
struct SearchQuery: Equatable {
    /// An FTS5 MATCH expression of the terms of three or more characters, each quoted so
    /// that FTS5 syntax in the text (`AND`, `*`, `"`, `:`) is searched for, not obeyed;
    /// nil when every term is shorter.
    var match: String?
    /// `%term%` LIKE patterns (with `\` escaping `%`, `_` and `\`) for the terms of one or
    /// two characters: trigram cannot find a string shorter than a trigram.
    var likePatterns: [String]
    /// The terms behind `likePatterns`, as typed, for marking them in the results.
    var shortTerms: [String]

    /// Nil for text with no terms (empty or only spaces).
    init?(_ text: String) {
        let terms = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !terms.isEmpty else { return nil }
        // A trigram is three Unicode scalars, so that is what "long enough" counts.
        let long = terms.filter { $0.unicodeScalars.count >= 3 }
        let short = terms.filter { $0.unicodeScalars.count < 3 }
        match = long.isEmpty ? nil : long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: " ")
        shortTerms = short
        likePatterns = short.map { term in
            var escaped = ""
            for character in term {
                if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return "%" + escaped + "%"
        }
    }
}
