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
        let index = SearchPostingsReader(database: database, operation: operation)
        let newest = try database.prepare("SELECT COALESCE(MAX(id), 0) FROM articles", operation)
        let lastID = try newest.step() ? newest.int64(at: 0) : 0
        newest.reset()
        guard lastID <= Self.largestSearchedID else {
            // The candidates are bitmaps of the ids (`ArticleIDSet`), 512 MB each at this bound.
            throw StoreError(path: database.path, operation: operation,
                             message: "article ids reach \(lastID), beyond the \(Self.largestSearchedID) search can hold")
        }
        var groups: [[[UInt8]]] = []
        var common: [(term: String, trigrams: [[UInt8]])] = []
        for term in query.shortTerms {
            let trigrams = try index.trigrams(beginningWith: Array(term.utf8))
            // Every place a term occurs starts a trigram (`SearchText.tail`): none, no match
            // but among the articles not indexed yet.
            if trigrams.isEmpty {
                guard let pendingAfter else { return }
                return try read(candidates(ArticleIDSet(upTo: lastID), atMost: lastID, pendingAfter: pendingAfter, operation),
                                query, inTabs: tabsJSON, into: &results, operation)
            }
            if term.unicodeScalars.count == 1, trigrams.count > Self.commonCharacterTrigrams, SearchQuery.isASCIIOrCaseless(term) {
                common.append((term, trigrams))
            } else {
                groups.append(trigrams)
            }
        }
        if let indexed = try Self.articles(holdingAllOf: query.longTermTrigrams, andAnyOfEach: groups, upTo: lastID,
                                           in: index) {
            // Common characters among other terms are left to the check.
            return try read(candidates(indexed, atMost: lastID, pendingAfter: pendingAfter, operation),
                            query, inTabs: tabsJSON, into: &results, operation)
        }
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
        guard let indexed = try Self.articles(holdingAllOf: [], andAnyOfEach: common.map(\.trigrams), upTo: lastID,
                                              in: index) else { return }
        try read(candidates(indexed, atMost: lowestID, pendingAfter: pendingAfter, operation),
                 query, inTabs: tabsJSON, into: &results, operation)
    }

    /// SQLite numbers articles one after another; only ids set by hand could pass this.
    static let largestSearchedID: Int64 = 1 << 32

    /// How many articles reading on costs as much as one more trigram of the index:
    /// at 1M a few µs an article read, and 50–150 µs a trigram.
    static let scannedRowsPerTrigram: Int64 = 150

    /// The articles (ids up to `largest`) the index lists under every one of `trigrams` and
    /// under at least one trigram of each group; nil when there is nothing to ask. The index
    /// keeps no positions, so it cannot tell that a term's trigrams are adjacent: the check does.
    private static func articles(holdingAllOf trigrams: [[UInt8]], andAnyOfEach groups: [[[UInt8]]], upTo largest: Int64,
                                 in index: SearchPostingsReader) throws(StoreError) -> ArticleIDSet? {
        guard !trigrams.isEmpty || !groups.isEmpty else { return nil }
        var found: ArticleIDSet?
        var listed = ArticleIDSet(upTo: largest)
        for group in trigrams.map({ [$0] }) + groups {
            listed.removeAll()
            for trigram in group { try index.addArticles(holding: trigram, to: &listed) }
            if found == nil {
                found = listed
            } else {
                found?.formIntersection(listed)
            }
            if found?.isEmpty == true { break }
        }
        return found
    }

    private func read(_ candidates: Statement, _ query: SearchQuery, into results: inout SearchResults) throws(StoreError) {
        while !results.isFull, try candidates.step() {
            if let match = SearchMatch(candidates, matching: query) { results.add(match) }
        }
    }

    /// Checks the articles `ids` (descending) in turn, those listed in a tab `tabsJSON` names,
    /// until the results are full.
    private func read(_ ids: ArticleIDSet.DescendingIDs, _ query: SearchQuery, inTabs tabsJSON: String?,
                      into results: inout SearchResults, _ operation: String) throws(StoreError) {
        let row = try database.prepare(Self.candidateSQL(from: "articles a", where: ["a.id = ?2"], orderBy: "a.id"),
                                       operation)
        for id in ids {
            if results.isFull { return }
            row.reset()
            try row.bind(tabsJSON, at: 1)
            try row.bind(id, at: 2)
            if try row.step(), let match = SearchMatch(row, matching: query) { results.add(match) }
        }
    }

    /// The articles of `indexed` with ids up to `highestID`, and with `pendingAfter` those the
    /// log names after it (which the index may not hold as they are), newest stored first.
    private func candidates(_ indexed: ArticleIDSet, atMost highestID: Int64, pendingAfter: Int64?,
                            _ operation: String) throws(StoreError) -> ArticleIDSet.DescendingIDs {
        var ids = indexed
        if let pendingAfter {
            let logged = try database.prepare(
                "SELECT DISTINCT article_id FROM main.search_log WHERE seq > ?1 AND article_id <= ?2", operation)
            try logged.bind(pendingAfter, at: 1)
            try logged.bind(highestID, at: 2)
            while try logged.step() { ids.insert(logged.int64(at: 0)) }
        }
        return ids.descending(from: highestID)
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
