// Full-text search over every stored article's title, summary and content, through the
// FTS5 trigram index (schema v6), newest first or by relevance, with the matches marked.
import Foundation
import NewsModel

/// One article that matched, with its matches marked by `SearchHit.matchStart` and
/// `SearchHit.matchEnd` (control characters no feed text keeps; the caller turns them
/// into bold, brackets or nothing).
public struct SearchHit: Sendable, Equatable {
    public var article: ArticleRow
    /// The title with every match marked.
    public var markedTitle: String
    /// A few words around the best match in the summary or content, marked; empty when
    /// only the title matched and the article has no summary.
    public var markedSnippet: String

    public static let matchStart: Character = "\u{02}"
    public static let matchEnd: Character = "\u{03}"
}

/// How search results are ordered.
public enum SearchOrder: Sendable {
    /// Newest first: the most recently stored first (first_seen order, the row id's). The
    /// index walks its matches in that order, so the first page stops early instead of
    /// sorting every match, which a common word in a million articles makes slow.
    case newest
    /// Most relevant first (FTS5's bm25), newest first among equals.
    case relevance
}

extension FeedStore {
    /// Articles matching every white-space-separated term of `text`, as substrings in any
    /// script, case-insensitively. Terms of three or more characters use the trigram
    /// index; shorter ones (`AI`, `株`) are matched by LIKE, which on its own reads the
    /// articles newest first until it has found a page (all of them for a rare term). With `tab`, only articles that tab lists. The same story from several
    /// feeds is one hit listing them all. Empty text gives no hits.
    public func search(_ text: String, inTab tab: String? = nil, order: SearchOrder = .newest,
                       limit: Int = 50) throws(StoreError) -> [SearchHit] {
        guard let query = SearchQuery(text), limit > 0 else { return [] }
        let statement = try database.prepare(Self.searchSQL(query, order: order),
                                             "searching for \(text)")
        var index: Int32 = 1
        if let match = query.match {
            try statement.bind(match, at: index)
            index += 1
        }
        for pattern in query.likePatterns {
            try statement.bind(pattern, at: index)
            index += 1
        }
        try statement.bind(tab, at: 20)
        // Twins are folded after the query, so ask for enough rows to fill the page.
        try statement.bind(limit * 4, at: 21)
        var hits: [SearchHit] = []
        var byLink: [String: Int] = [:]
        while hits.count < limit, try statement.step() {
            let source = statement.string(at: 3) ?? ""
            if let link = statement.string(at: 9), let earlier = byLink[link] {
                if !hits[earlier].article.sources.contains(source) { hits[earlier].article.otherSources.append(source) }
                continue
            }
            let row = ArticleRow(
                id: statement.int64(at: 0), title: statement.string(at: 1) ?? "", link: statement.string(at: 2),
                source: source, published: statement.date(at: 4), firstSeen: statement.date(at: 5) ?? UnixTime.date(0),
                summary: statement.string(at: 6), isRead: statement.bool(at: 7), isStarred: statement.bool(at: 8))
            if let link = statement.string(at: 9) { byLink[link] = hits.count }
            let title = statement.string(at: 10) ?? row.title
            let snippet = statement.string(at: 11) ?? ""
            hits.append(SearchHit(
                article: row,
                markedTitle: query.match == nil ? Self.mark(query, in: title) : title,
                markedSnippet: query.match == nil ? Self.mark(query, in: Self.excerpt(of: snippet, around: query))
                                                  : snippet))
        }
        return hits
    }

    /// The statement for a query's shape; values are all bound (?1… the terms, ?20 the
    /// tab, ?21 the limit). Only this build's fixed fragments are joined into the SQL.
    private static func searchSQL(_ query: SearchQuery, order: SearchOrder) -> String {
        var conditions: [String] = []
        var index = 1
        if query.match != nil {
            conditions.append("article_search MATCH ?1")
            index = 2
        }
        for _ in query.likePatterns {
            conditions.append("(a.title LIKE ?\(index) ESCAPE '\\' OR a.summary LIKE ?\(index) ESCAPE '\\'"
                              + " OR a.content LIKE ?\(index) ESCAPE '\\')")
            index += 1
        }
        conditions.append("""
            (?20 IS NULL OR EXISTS (SELECT 1 FROM tab_articles ta JOIN tabs t ON t.id = ta.tab_id
                                   WHERE ta.article_id = a.id AND t.name = ?20))
            """)
        let marked = query.match != nil
        let title = marked ? "highlight(article_search, 0, char(2), char(3))" : "COALESCE(a.title, a.link, a.guid)"
        let snippet = marked ? "snippet(article_search, -1, char(2), char(3), '…', 16)" : "COALESCE(a.summary, a.content)"
        let from = marked ? "article_search JOIN articles a ON a.id = article_search.rowid" : "articles a"
        let orderBy = marked ? (order == .relevance ? "rank, article_search.rowid DESC" : "article_search.rowid DESC")
                             : "a.id DESC"
        return """
            SELECT a.id, COALESCE(a.title, a.link, a.guid), a.link, COALESCE(f.display_title, f.title, f.url),
                   a.sort_date, a.first_seen, a.summary, a.is_read, a.is_starred, a.canonical_link,
                   \(title), \(snippet)
            FROM \(from)
            JOIN feeds f ON f.id = a.feed_id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(orderBy)
            LIMIT ?21
            """
    }

    /// Marks every case-insensitive occurrence of the query's short terms in `text`.
    private static func mark(_ query: SearchQuery, in text: String) -> String {
        var result = text
        for term in query.shortTerms {
            var output = ""
            var rest = result[...]
            while let range = rest.range(of: term, options: [.caseInsensitive]) {
                output += rest[..<range.lowerBound]
                output += String(SearchHit.matchStart) + rest[range] + String(SearchHit.matchEnd)
                rest = rest[range.upperBound...]
            }
            result = output + rest
        }
        return result
    }

    /// About 60 characters of `text` around the first short term it holds, with `…` where
    /// cut, or its start when it holds none.
    private static func excerpt(of text: String, around query: SearchQuery) -> String {
        let start = query.shortTerms.compactMap { text.range(of: $0, options: [.caseInsensitive])?.lowerBound }.min()
            ?? text.startIndex
        let from = text.index(start, offsetBy: -20, limitedBy: text.startIndex) ?? text.startIndex
        let to = text.index(from, offsetBy: 60, limitedBy: text.endIndex) ?? text.endIndex
        return (from > text.startIndex ? "…" : "") + text[from..<to] + (to < text.endIndex ? "…" : "")
    }
}
