// A user's search text turned into what the index is asked (the trigrams every long term
// holds, the short terms to look up) and the check each candidate row must then pass.
import Foundation

/// The parts of one search. Terms are separated by white space and all must match
/// (anywhere in the title, summary or content), as substrings, ignoring case and full- or
/// half-width forms.
struct SearchQuery: Equatable {
    /// The terms as typed, for marking them in the results.
    var terms: [String]
    /// The terms width-folded and lowercased, as `matches` compares them with the text and as
    /// the index holds it.
    var foldedTerms: [String]
    /// The terms width-folded, as the indexed text is (`SearchText.of`), for marking matches.
    var widthFoldedTerms: [String]
    /// Trigrams (lowercased UTF-8) covering every term of three or more characters: a row
    /// must hold them all. The index keeps no positions, so it cannot check that they are
    /// adjacent, and `matches` does.
    var longTermTrigrams: [[UInt8]]
    /// The distinct lowercased terms of one or two characters, which no trigram equals:
    /// each is found through the trigrams that begin with it (`SearchPostingsReader.trigrams`).
    var shortTerms: [String]

    /// Nil for text with no terms (empty or only spaces).
    init?(_ text: String) {
        let terms = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !terms.isEmpty else { return nil }
        self.terms = terms
        // As the index holds the text (`SearchText.of`, lowercased by `SearchPostings`).
        foldedTerms = terms.map(CaseFolding.lowercased)
        widthFoldedTerms = terms.map(WidthFolding.folded)
        // A trigram is three Unicode scalars, so that is what "long enough" counts, in the
        // lowercased term: lowercasing can add scalars (İ is i and a combining dot).
        longTermTrigrams = foldedTerms.flatMap(Self.trigrams)
        var shortTerms: [String] = []
        for term in foldedTerms where term.unicodeScalars.count < 3 && !shortTerms.contains(term) {
            shortTerms.append(term)
        }
        self.shortTerms = shortTerms
    }

    /// True when comparing bytes, an ASCII letter in both cases, finds `term` wherever the
    /// check does: every scalar is ASCII or has no case.
    static func isASCIIOrCaseless(_ term: String) -> Bool {
        term.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII || (scalar.properties.lowercaseMapping == String(scalar)
                               && scalar.properties.uppercaseMapping == String(scalar))
        }
    }

    /// Trigrams that cover `term` (every third one, and the last): a row holding the term
    /// holds them all, and asking for fewer keeps the index's work small.
    private static func trigrams(of term: String) -> [[UInt8]] {
        let scalars = Array(term.unicodeScalars)
        guard scalars.count >= 3 else { return [] }
        var starts = Array(stride(from: 0, to: scalars.count - 2, by: 3))
        if starts.last != scalars.count - 3 { starts.append(scalars.count - 3) }
        return starts.map { start in
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<(start + 3)])
            return Array(String(piece).utf8)
        }
    }

    /// True when lowercased `text` (UTF-8) holds every term.
    func matches(_ foldedText: [UInt8]) -> Bool {
        foldedTerms.allSatisfy { Self.occurrences(of: $0, in: foldedText, upTo: 1) > 0 }
    }

    /// How often `needle` occurs in `haystack` (both lowercased), counting at most `limit`.
    /// Compares UTF-8 bytes, which for whole scalars is comparing characters.
    static func occurrences(of needle: String, in haystack: [UInt8], upTo limit: Int = .max) -> Int {
        var needle = needle
        return haystack.withUnsafeBytes { text in
            needle.withUTF8 { term in
                let term = UnsafeRawBufferPointer(term)
                var count = 0
                var from = 0
                while count < limit, let found = ByteSearch.offset(of: term, in: text, from: from) {
                    count += 1
                    from = found + term.count
                }
                return count
            }
        }
    }
}
