// Where a search's candidate rows come from, newest stored first: the trigram index for long
// terms and for short ones through the trigrams that begin with them, or, for a common
// single character, the newest articles read in turn before the index takes over.
import Foundation

extension FeedStore {
    /// A one-character term with more trigrams than this (`a`, `の`: a letter followed by
    /// almost anything) is common: reading the newest articles finds a page of it at
    /// once, while asking the index for thousands of trigrams takes hundreds of ms.
    static let commonCharacterTrigrams = 64
    /// How many of the newest articles a search of only common single characters reads
    /// first; it reads on while that promises the rest sooner than the index would.
    static let commonCharacterWindow: Int64 = 20_000

    /// Feeds `results` the rows matching `query` (listed in one of the tabs `tabsJSON`
    /// names, a JSON array of names, when given), newest stored
    /// first, until it is full or every match has been given. Exact: every article
    /// holding all the terms is a candidate of one of the passes, and every candidate is
    /// checked against its text. With `pendingAfter`, the articles named in the search log
    /// after it, which the index may not hold as they are, are candidates of every index pass.
    func collect(_ query: SearchQuery, inTabs tabsJSON: String?, window: Int64, pendingAfter: Int64?,
                 into results: inout SearchResults, _ operation: String) throws(StoreError) {
        let vocabulary = TrigramVocabulary(database: database, operation: operation)
        var groups: [[String]] = []
        var common: [(term: String, trigrams: [String])] = []
        for term in query.shortTerms {
            let trigrams = try vocabulary.trigrams(beginningWith: term)
            // Every place a term occurs starts a trigram (`SearchText.tail`): none, no match
            // but among the articles not indexed yet.
            if trigrams.isEmpty {
                guard let pendingAfter else { return }
                return try read(indexed(nil, atMost: .max, inTabs: tabsJSON, pendingAfter: pendingAfter, operation),
                                query, into: &results)
            }
            if term.unicodeScalars.count == 1, trigrams.count > Self.commonCharacterTrigrams, SearchQuery.isASCIIOrCaseless(term) {
                common.append((term, trigrams))
            } else {
                groups.append(trigrams)
            }
        }
        if let match = SearchQuery.matchExpression(allOf: query.longTermTrigrams, anyOf: groups) {
            // Common characters among other terms are left to the check.
            return try read(indexed(match, atMost: .max, inTabs: tabsJSON, pendingAfter: pendingAfter, operation),
                            query, into: &results)
        }
        let newest = try database.prepare("SELECT COALESCE(MAX(id), 0) FROM articles", operation)
        let lastID = try newest.step() ? newest.int64(at: 0) : 0
        let indexCost = Int64(common.reduce(0) { $0 + $1.trigrams.count }) * Self.scannedRowsPerTrigram
        var (lowestID, highestID) = (max(lastID - window, 0), lastID)
        while true {
            try read(scanned(common.map(\.term), above: lowestID, atMost: highestID, inTabs: tabsJSON, operation),
                     query, into: &results)
            if results.isFull || lowestID == 0 { return }
            // Read on while the matches found so far promise the rest sooner than the index.
            let rowsNeeded = Int64(results.wanted - results.count) * (lastID - lowestID) / Int64(max(results.count, 1))
            if rowsNeeded >= indexCost { break }
            (lowestID, highestID) = (max(lowestID - rowsNeeded - rowsNeeded / 4 - 1, 0), lowestID)
        }
        guard let match = SearchQuery.matchExpression(allOf: [], anyOf: common.map(\.trigrams)) else { return }
        try read(indexed(match, atMost: lowestID, inTabs: tabsJSON, pendingAfter: pendingAfter, operation),
                 query, into: &results)
    }

    /// How many articles reading on costs as much as one more trigram in the index's OR:
    /// at 1M a few µs an article read, and 50–150 µs a trigram (`万`, 1,673
    /// trigrams: 55 ms for 500 rows; `允`, 2,387: 0.3 s).
    static let scannedRowsPerTrigram: Int64 = 150

    private func read(_ candidates: Statement, _ query: SearchQuery, into results: inout SearchResults) throws(StoreError) {
        while !results.isFull, try candidates.step() {
            if let match = SearchMatch(candidates, matching: query) { results.add(match) }
        }
    }

    /// Rows the index gives for `match` with ids up to `highestID`, and with `pendingAfter`
    /// the articles the log names after it (only those when `match` is nil).
    private func indexed(_ match: String?, atMost highestID: Int64, inTabs tabsJSON: String?, pendingAfter: Int64?,
                         _ operation: String) throws(StoreError) -> Statement {
        let logged = "SELECT DISTINCT article_id FROM main.search_log WHERE seq > ?4 AND article_id <= ?2"
        let sql = switch (match, pendingAfter) {
        case (_, nil):
            Self.candidateSQL(
                from: "article_search JOIN articles a ON a.id = article_search.rowid",
                where: ["article_search MATCH ?3", "article_search.rowid <= ?2"],
                orderBy: "article_search.rowid DESC")
        case (nil, _):
            Self.candidateSQL(from: "(\(logged)) c JOIN articles a ON a.id = c.article_id", where: [],
                              orderBy: "a.id DESC")
        case (_, _):
            Self.candidateSQL(
                from: """
                    (SELECT rowid AS article_id FROM article_search WHERE article_search MATCH ?3 AND rowid <= ?2
                     UNION \(logged)) c JOIN articles a ON a.id = c.article_id
                    """,
                where: [], orderBy: "a.id DESC")
        }
        let statement = try database.prepare(sql, operation)
        try statement.bind(tabsJSON, at: 1)
        try statement.bind(highestID, at: 2)
        if let match { try statement.bind(match, at: 3) }
        if let pendingAfter { try statement.bind(pendingAfter, at: 4) }
        return statement
    }

    /// Articles with ids in (`lowestID`, `highestID`] whose stored columns hold each term
    /// as bytes (an ASCII letter in either case), or hold a character reference that the
    /// text (which decodes them) may turn into one (`ScanFunction`). Only for single
    /// characters: markup cannot split one.
    private func scanned(_ terms: [String], above lowestID: Int64, atMost highestID: Int64, inTabs tabsJSON: String?,
                         _ operation: String) throws(StoreError) -> Statement {
        let conditions = terms.indices.map { index in
            "newsmenu_may_hold(a.title, a.summary, a.content, ?\(2 * index + 4), ?\(2 * index + 5))"
        }
        let statement = try database.prepare(Self.candidateSQL(
            from: "articles a", where: ["a.id > ?2", "a.id <= ?3"] + conditions, orderBy: "a.id DESC"), operation)
        try statement.bind(tabsJSON, at: 1)
        try statement.bind(lowestID, at: 2)
        try statement.bind(highestID, at: 3)
        for (index, term) in terms.enumerated() {
            try statement.bind(term, at: Int32(2 * index + 4))
            try statement.bind(term.uppercased(), at: Int32(2 * index + 5))
        }
        return statement
    }

    /// The columns `SearchMatch` reads, from `source`, listed in one of the tabs ?1 names
    /// (a JSON array) when it is not null. Only this build's fixed fragments are joined into
    /// the SQL; values are all bound.
    private static func candidateSQL(from source: String, where conditions: [String], orderBy: String) -> String {
        let inTabs = """
            (?1 IS NULL OR EXISTS (SELECT 1 FROM tab_articles ta JOIN tabs t ON t.id = ta.tab_id
                                   WHERE ta.article_id = a.id AND t.name IN (SELECT value FROM json_each(?1))))
            """
        return """
            SELECT a.id, COALESCE(a.title, a.link, a.guid), a.link, COALESCE(f.display_title, f.title, f.url),
                   COALESCE(a.published, a.updated), a.first_seen, a.summary, a.is_read, a.is_starred, a.canonical_link,
                   a.title, a.content
            FROM \(source)
            JOIN feeds f ON f.id = a.feed_id
            WHERE \((conditions + [inTabs]).joined(separator: " AND "))
            ORDER BY \(orderBy)
            """
    }
}
