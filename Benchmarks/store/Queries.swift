// The store benchmark's in-process timings (StoreBenchmark queries DIR): the page, count and
// search queries, median of 30 runs (5 for --rank), in ms. Apart from main.swift, whose
// digest keys the cached databases: changing a query does not regenerate them.
import Foundation
import NewsStore

func median(runs: Int = 30, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return samples.sorted()[samples.count / 2]
}

/// A common, a middling and a rare word of each script, short terms (found through the
/// trigrams that begin with them), and single characters: one of a rare word, and "a",
/// common enough to be read from the newest articles first.
let searchQueries = [word(20), word(300), word(4_001), word(5_000), word(2), "\(word(41)) \(word(61))", "ka",
                     String(word(5_000).prefix(1)), "a"]

func queries(directory: String) throws {
    let store = try FeedStore(path: directory + "/news.db")
    let tab = tabNames[2]
    var rows: [(String, Double)] = [
        ("tabCounts (unread, total, new of all 8 tabs)", try median { _ = try store.tabCounts() }),
        ("articleCount(inTab:) (one tab's stories)", try median { _ = try store.articleCount(inTab: tab) }),
        ("articles(inTab:) page 1 of 40", try median { _ = try store.articles(inTab: tab, limit: 40) }),
        ("articles(inTab:) page 50 of 40", try median { _ = try store.articles(inTab: tab, limit: 40, offset: 49 * 40) }),
    ]
    var searches: [(String, Double)] = []
    for query in searchQueries {
        // The harness times a cold `newsmenu search` process for each of these lines too.
        print("search query: \(query)")
        // Counting marks every hit: minutes for "a", which nearly every article holds; the
        // single characters are counted up to 100,000.
        let countLimit = query.count == 1 ? 100_000 : 1_000_000
        let hits = try store.search(query, limit: countLimit).count
        let counted = hits == countLimit ? "over \(hits)" : "\(hits)"
        searches.append(("search \"\(query)\" newest 50 (\(counted) hits)", try median { _ = try store.search(query) }))
        // Ranking scores the newest 500 matches (it scored every one before schema v8:
        // seconds for a common word at 1M); five runs are enough.
        searches.append(("search \"\(query)\" --rank 50", try median(runs: 5) { _ = try store.search(query, order: .relevance) }))
    }
    // A rare short word within one tab: the tab's filter runs on the index's candidates.
    let rare = word(5_000)
    searches.append(("search \"\(rare)\" --tab \(tab) newest 50", try median { _ = try store.search(rare, inTabs: [tab]) }))
    searches.append(("search \"\(rare)\" --tab \(tab) --rank 50",
                     try median(runs: 5) { _ = try store.search(rare, inTabs: [tab], order: .relevance) }))
    rows += searches
    for (name, milliseconds) in rows { print("| \(name) | \(String(format: "%.2f", milliseconds)) |") }
}
