// Full-text search over every stored article's title, summary and content, through the
// trigram index (`SearchPostings`), newest first or by relevance, with the matches marked.
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
    /// Most relevant first among the newest `FeedStore.rankedMatchLimit` matches (how often
    /// the terms occur, in the title counting double, against the text's length), newest
    /// first among equals. Scoring every match of a common word in a million articles
    /// would take seconds; the newest 500 are what a reader looks through.
    case relevance
}

extension FeedStore {
    /// How many of the newest matches `.relevance` scores.
    public static let rankedMatchLimit = 500

    /// Articles matching every white-space-separated term of `text`, as substrings in any
    /// script, case-insensitively, in the title or in the summary or content as plain text
    /// (markup is not searched). Every term, however short, is looked up in the trigram
    /// index and every candidate it gives is checked (`collect`). With `tabs`, only
    /// articles one of those tabs lists (none for an empty list); without, every stored
    /// article. The same story from several feeds is one hit listing them all. Empty text
    /// gives no hits.
    public func search(_ text: String, inTabs tabs: [String]? = nil, order: SearchOrder = .newest,
                       limit: Int = 50) throws(StoreError) -> [SearchHit] {
        try search(text, inTabs: tabs, order: order, limit: limit,
                   bounds: (ranked: Self.rankedMatchLimit, window: Self.commonCharacterWindow))
    }

    /// `search` with the bounds given: how many matches relevance scores, how many of the
    /// newest articles a search of common single characters reads before using the index.
    func search(_ text: String, inTabs tabs: [String]?, order: SearchOrder, limit: Int,
                bounds: (ranked: Int, window: Int64)) throws(StoreError) -> [SearchHit] {
        guard let query = SearchQuery(text), limit > 0 else { return [] }
        var results = SearchResults(query: query, order: order, wanted: order == .relevance ? bounds.ranked : limit)
        let operation = "searching for \(text)"
        // The names go to SQLite as one bound JSON array (`json_each`), however many there are.
        var tabsJSON: String?
        if let tabs {
            guard let encoded = try? JSONEncoder().encode(tabs) else {
                throw StoreError(path: database.path, operation: operation, message: "the tab names could not be encoded")
            }
            tabsJSON = String(decoding: encoded, as: UTF8.self)
        }
        try database.withReadOnceCache { () throws(StoreError) in
            try withSearchSnapshot(operation) { (pendingAfter) throws(StoreError) in
                // Where the tabs list every stored feed (no disabled tab, no feed left
                // behind), each candidate's check would pass: a --rank search checks 500.
                if let json = tabsJSON, try listsEveryFeed(json, operation) { tabsJSON = nil }
                try collect(query, inTabs: tabsJSON, window: bounds.window, pendingAfter: pendingAfter, into: &results, operation)
            }
        }
        return results.hits(limit: limit)
    }

    /// Whether every stored feed is in one of the tabs the JSON array names.
    private func listsEveryFeed(_ tabsJSON: String, _ operation: String) throws(StoreError) -> Bool {
        let query = try database.prepare(
            """
            SELECT (SELECT COUNT(*) FROM feeds) = (
                SELECT COUNT(DISTINCT tf.feed_id) FROM tabs t JOIN tab_feeds tf ON tf.tab_id = t.id
                WHERE t.name IN (SELECT value FROM json_each(?1)))
            """, operation)
        try query.bind(tabsJSON, at: 1)
        return try query.step() && query.bool(at: 0)
    }

    /// `matches` most relevant first: a BM25-like score of how often each term occurs (in
    /// the title counting double) against the text's length; the newest first among equals.
    fileprivate static func ranked(_ matches: [SearchMatch], by query: SearchQuery) -> [SearchMatch] {
        guard !matches.isEmpty else { return [] }
        let averageLength = Double(matches.reduce(0) { $0 + $1.foldedText.count }) / Double(matches.count)
        let scores = matches.map { match in
            let lengthRatio = Double(match.foldedText.count) / max(averageLength, 1)
            return query.foldedTerms.reduce(0.0) { score, term in
                let inTitle = SearchQuery.occurrences(of: term, in: match.foldedTitle)
                let frequency = Double(SearchQuery.occurrences(of: term, in: match.foldedText) + inTitle)
                return score + frequency * 2.2 / (frequency + 1.2 * (0.25 + 0.75 * lengthRatio))
            }
        }
        return matches.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
            .map { matches[$0] }
    }

    /// Marks every occurrence of the query's terms in `text`, ignoring case and widths.
    fileprivate static func mark(_ query: SearchQuery, in text: String) -> String {
        var output = ""
        var copied = text.startIndex
        for range in matches(of: query, in: text) {
            output += text[copied..<range.lowerBound]
            output += String(SearchHit.matchStart) + text[range] + String(SearchHit.matchEnd)
            copied = range.upperBound
        }
        return output + text[copied...]
    }

    /// Where the terms occur in `text`, in order and joined where they overlap, ignoring
    /// case and full- or half-width forms as the search matched them; with `firstOnly`,
    /// only each term's first place. Text without such forms (nearly all) is searched as it
    /// is; other text in its folded form, each match mapped back onto the text as written.
    /// Each search goes through `range(of:options:range:)` on the whole String, whose UTF-16
    /// offsets it finds once: searching the rest as a Substring bridged a new string for
    /// every match (for `a` in a long body, most of a search's time).
    private static func matches(of query: SearchQuery, in text: String, firstOnly: Bool = false) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var bytes = text
        if bytes.withUTF8({ WidthFolding.holdsFoldable(UnsafeRawBufferPointer($0)) }) {
            let (folded, origins) = WidthFolding.foldedWithOrigins(text)
            let foldedScalars = folded.unicodeScalars
            let scalars = text.unicodeScalars
            for term in query.widthFoldedTerms {
                for range in ranges(of: term, in: folded, firstOnly: firstOnly) {
                    let lower = origins[foldedScalars.distance(from: foldedScalars.startIndex, to: range.lowerBound)]
                    let upper = origins[foldedScalars.distance(from: foldedScalars.startIndex, to: range.upperBound)]
                    if upper > lower {
                        found.append(scalars.index(scalars.startIndex, offsetBy: lower)..<scalars.index(scalars.startIndex, offsetBy: upper))
                    }
                }
            }
        } else {
            for term in query.widthFoldedTerms {
                found += ranges(of: term, in: text, firstOnly: firstOnly)
            }
        }
        return found.joinedRanges()
    }

    /// The places `term` occurs in `text` ignoring case, one after another; only the first
    /// with `firstOnly`.
    private static func ranges(of term: String, in text: String, firstOnly: Bool) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var from = text.startIndex
        while let range = text.range(of: term, options: [.caseInsensitive], range: from..<text.endIndex), !range.isEmpty {
            found.append(range)
            if firstOnly { break }
            from = range.upperBound
        }
        return found
    }

    /// About 60 characters of `text` around the first term it holds, with `…` where cut, or
    /// its start when it holds none.
    fileprivate static func excerpt(of text: String, around query: SearchQuery) -> String {
        let match = matches(of: query, in: text, firstOnly: true).first ?? text.startIndex..<text.startIndex
        var from = text.index(match.lowerBound, offsetBy: -20, limitedBy: text.startIndex) ?? text.startIndex
        // A word cut in half reads as a typo: the excerpt starts after the space before it,
        // and ends at the space after the match, where there is one (Japanese has none).
        if from > text.startIndex, !text[text.index(before: from)].isWhitespace,
           let space = text[from..<match.lowerBound].firstIndex(where: \.isWhitespace) {
            from = text.index(after: space)
        }
        var to = text.index(from, offsetBy: 60, limitedBy: text.endIndex) ?? text.endIndex
        if to < text.endIndex, !text[to].isWhitespace, match.upperBound < to,
           let space = text[match.upperBound..<to].lastIndex(where: \.isWhitespace) {
            to = space
        }
        return (from > text.startIndex ? "…" : "") + text[from..<to] + (to < text.endIndex ? "…" : "")
    }
}

/// The matches found so far: for `.newest` the hits, twins folded; for `.relevance` the
/// matches to rank.
struct SearchResults {
    let query: SearchQuery
    let order: SearchOrder
    /// Hits (newest) or matches (relevance) wanted before the search stops.
    let wanted: Int
    private var matches: [SearchMatch] = []
    private var folding = TwinFolding()

    init(query: SearchQuery, order: SearchOrder, wanted: Int) {
        self.query = query
        self.order = order
        self.wanted = wanted
    }

    /// Matches (relevance) or hits (newest) so far.
    var count: Int { order == .relevance ? matches.count : folding.hits.count }

    var isFull: Bool { count >= wanted }

    mutating func add(_ match: SearchMatch) {
        if order == .relevance {
            matches.append(match)
        } else {
            folding.add(match, query: query)
        }
    }

    /// The first `limit` hits in the order asked for.
    func hits(limit: Int) -> [SearchHit] {
        guard order == .relevance else { return folding.hits }
        var ranked = TwinFolding()
        for match in FeedStore.ranked(matches, by: query) where ranked.hits.count < limit {
            ranked.add(match, query: query)
        }
        return ranked.hits
    }
}

/// One candidate row of a search, with the text it is checked against.
struct SearchMatch {
    var row: ArticleRow
    var canonicalLink: String?
    var summary: String?
    var content: String?
    /// `SearchText.of` the row, lowercased, as UTF-8.
    var foldedText: [UInt8]
    var foldedTitle: [UInt8]

    /// The statement's current row, or nil when its text does not hold every term of
    /// `query`: most of the index's candidates for common syllables hold their trigrams
    /// apart, and are checked before anything else of the row is read.
    init?(_ statement: Statement, matching query: SearchQuery) {
        let foldedText = SearchText.foldedUTF8(title: statement.bytes(at: 10), summary: statement.bytes(at: 6),
                                               content: statement.bytes(at: 11))
        guard query.matches(foldedText) else { return nil }
        let title = statement.string(at: 10)
        (summary, content, self.foldedText) = (statement.string(at: 6), statement.string(at: 11), foldedText)
        canonicalLink = statement.string(at: 9)
        let listed = ListedTitle.listed(
            stored: statement.string(at: 1) ?? "", untitledHTML: title == nil ? summary ?? content : nil)
        row = ArticleRow(
            id: statement.int64(at: 0), title: listed, link: statement.string(at: 2),
            source: statement.string(at: 3) ?? "", published: statement.date(at: 4),
            firstSeen: statement.date(at: 5) ?? UnixTime.date(0),
            summary: summary, isRead: statement.bool(at: 7), isStarred: statement.bool(at: 8),
            isUntitled: title == nil)
        foldedTitle = CaseFolding.lowercasedUTF8(title ?? "")
    }
}

/// The hits so far, the same story from several feeds folded into its first hit.
private struct TwinFolding {
    var hits: [SearchHit] = []
    private var byLink: [String: Int] = [:]

    mutating func add(_ match: SearchMatch, query: SearchQuery) {
        if let link = match.canonicalLink, let earlier = byLink[link] {
            if !hits[earlier].article.sources.contains(match.row.source) {
                hits[earlier].article.otherSources.append(match.row.source)
            }
            return
        }
        if let link = match.canonicalLink { byLink[link] = hits.count }
        let body = SearchText.body(summary: match.summary, content: match.content)
        hits.append(SearchHit(
            article: match.row,
            markedTitle: FeedStore.mark(query, in: match.row.title),
            markedSnippet: FeedStore.mark(query, in: FeedStore.excerpt(of: body, around: query))))
    }
}
