// Search results as text (matches in bold reverse on a terminal, in brackets otherwise) and
// as JSON (matches in brackets). Feed text is sanitized before any mark becomes an escape.
import Foundation
import NewsModel
import NewsRender
import NewsStore

enum SearchOutput {
    /// Three lines a hit: id and title; source and date; the snippet, when there is one.
    static func lines(_ hits: [SearchHit], escapes: Bool) -> [String] {
        hits.flatMap { hit in
            let snippet = styled(hit.markedSnippet, escapes: escapes)
            return articleLines(hit.article, title: styled(hit.markedTitle, escapes: escapes))
                + (snippet.isEmpty ? [] : ["    " + snippet])
        }
    }

    /// An article's id and `title` (sanitized), then its sources, date and state.
    static func articleLines(_ article: ArticleRow, title: String) -> [String] {
        let flags = (article.isStarred ? " · starred" : "") + (article.isRead ? "" : " · unread")
        return ["\(article.id)  " + title,
                "    " + TerminalText.sanitize(article.sources.joined(separator: ", ")) + " · "
                    + String(Timestamp.rfc3339(article.date).prefix(10)) + flags]
    }

    static func json(query: String, hits: [SearchHit]) -> JSONOut {
        .object([
            ("query", .string(query)),
            ("results", .array(hits.map { hit in
                .object(fields(of: hit.article) + [
                    ("title_marked", .string(styled(hit.markedTitle, escapes: false))),
                    ("snippet", .string(styled(hit.markedSnippet, escapes: false))),
                ])
            })),
        ])
    }

    /// An article as a result's JSON object gives it (`search --json`, `starred --json`).
    static func fields(of article: ArticleRow) -> [(String, JSONOut)] {
        [
            ("id", .integer(article.id)),
            ("title", .optional(article.isUntitled ? nil : article.title)),
            ("link", .optional(article.link)),
            ("sources", .array(article.sources.map(JSONOut.string))),
            ("published", .optional(article.published.map(Timestamp.rfc3339))),
            ("first_seen", .string(Timestamp.rfc3339(article.firstSeen))),
            ("read", .bool(article.isRead)),
            ("starred", .bool(article.isStarred)),
        ]
    }

    /// Turns the store's match marks into bold reverse video (escapes) or `[` `]`. The text
    /// is sanitized whole, spacing included, with the marks standing in as two private-use
    /// characters that sanitizing keeps (and that are first removed from the feed's text).
    /// Works on scalars throughout: making a Character of each and replacing through
    /// Foundation cost as much as the search that found the hit.
    static func styled(_ marked: String, escapes: Bool) -> String {
        var placeheld = String.UnicodeScalarView()
        for scalar in marked.unicodeScalars where scalar != placeholderOpen && scalar != placeholderClose {
            switch scalar {
            case matchStart: placeheld.append(placeholderOpen)
            case matchEnd: placeheld.append(placeholderClose)
            default: placeheld.append(scalar)
            }
        }
        var styled = String.UnicodeScalarView()
        for scalar in TerminalText.sanitize(String(placeheld)).unicodeScalars {
            switch scalar {
            case placeholderOpen: styled.append(contentsOf: (escapes ? "\u{1B}[1;7m" : "[").unicodeScalars)
            case placeholderClose: styled.append(contentsOf: (escapes ? "\u{1B}[22;27m" : "]").unicodeScalars)
            default: styled.append(scalar)
            }
        }
        return String(styled)
    }

    private static let placeholderOpen: Unicode.Scalar = "\u{E000}"
    private static let placeholderClose: Unicode.Scalar = "\u{E001}"
    private static let matchStart = SearchHit.matchStart.unicodeScalars.first
    private static let matchEnd = SearchHit.matchEnd.unicodeScalars.first
}
