// The store benchmark's generator and in-process timer (issue 5).
//
//   StoreBenchmark generate ARTICLES DIR   writes DIR/feeds.json (2,000 feeds in 8 tabs) and
//                                          DIR/news.db through FeedStore.store, as fetch does
//                                          (batches of 50 feeds), printing articles/s;
//   StoreBenchmark queries DIR             times the page, count and search queries in
//                                          process: median of 30 runs (5 for --rank), in ms
//                                          (Queries.swift).
//
// Everything is derived from a fixed seed: the same ARTICLES gives the same database.
// Benchmarks/run keys its cached databases by this file, so the queries live apart.
import Foundation
import NewsModel
import NewsStore

let feedCount = 2_000
let tabNames = ["おすすめ", "トレンド", "ニュース", "エンタメ", "Tech", "Sports", "経済", "Science"]
let now = Date(timeIntervalSince1970: 1_764_500_000)

/// SplitMix64: a fixed, fast sequence, so the corpus is the same on every machine.
struct SeededGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Word `rank` of a 20,000-word vocabulary, the same every run: even ranks are Japanese
/// (two or three kanji), odd ones English-like (syllables). Drawing ranks log-uniformly gives
/// the long tail of real text: a few words everywhere, most words rare.
func word(_ rank: Int) -> String {
    var random = SeededGenerator(state: UInt64(rank) &* 0x2545_F491_4F6C_DD1D)
    if rank % 2 == 0 {
        let scalars = (0..<(2 + random.below(2))).compactMap { _ in Unicode.Scalar(0x4E00 + random.below(3_000)) }
        return String(String.UnicodeScalarView(scalars))
    }
    let syllables = ["ka", "to", "ri", "ne", "sa", "mo", "lu", "pe", "di", "ra", "ven", "ton", "ex", "al", "or", "in"]
    return (0..<(2 + random.below(3))).map { _ in syllables[random.below(syllables.count)] }.joined()
}

let vocabulary = (0...20_000).map(word)

func phrase(_ random: inout SeededGenerator, words: Int) -> String {
    (0..<words).map { _ in
        vocabulary[Int(exp(Double(random.below(1_000_000)) / 1_000_000 * log(20_000.0)))]
    }.joined(separator: " ")
}

func feedURL(_ number: Int) -> String { "https://feed\(number).example/rss" }

func writeConfig(to directory: String) throws {
    let tabs = tabNames.enumerated().map { tabIndex, name in
        let feeds = stride(from: tabIndex, to: feedCount, by: tabNames.count).map { "\"\(feedURL($0))\"" }
        return "{\"name\": \"\(name)\", \"feeds\": [\(feeds.joined(separator: ", "))]}"
    }
    try Data("{\"tabs\": [\(tabs.joined(separator: ",\n"))]}\n".utf8)
        .write(to: URL(fileURLWithPath: directory + "/feeds.json"))
}

func configTabs() -> [Tab] {
    tabNames.enumerated().map { tabIndex, name in
        Tab(name: name, feeds: stride(from: tabIndex, to: feedCount, by: tabNames.count).map { Subscription(url: feedURL($0)) })
    }
}

/// One feed's articles: dated over the last 80 days; one in 20 shares its link with the
/// same story in the next feed of its tab (a cross-feed twin).
func articles(feed: Int, count: Int, random: inout SeededGenerator) -> [Article] {
    (0..<count).map { number in
        let twin = number % 20 == 0
        let link = twin ? "https://story.example/\(feed / tabNames.count / 2)-\(feed % tabNames.count)-\(number)?utm_source=f\(feed)"
                        : "https://feed\(feed).example/\(number)"
        let published = now.addingTimeInterval(-Double(random.below(80 * 86_400)))
        // A summary of about 300 characters; one article in four also has a full content
        // of about 1,500 (feeds that put the article in content:encoded).
        return Article(id: "f\(feed)-\(number)", title: phrase(&random, words: 6), link: link,
                       published: published, summary: phrase(&random, words: 60),
                       content: number % 4 == 0 ? "<p>" + phrase(&random, words: 300) + "</p>" : nil)
    }
}

func generate(total: Int, directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try writeConfig(to: directory)
    let store = try FeedStore(path: directory + "/news.db")
    try store.syncTabs(configTabs())
    var random = SeededGenerator(state: 42)
    let perFeed = total / feedCount
    let feeds: [Feed] = (0..<feedCount).map { index in
        Feed(format: .rss20, title: "Feed \(index)", link: "https://feed\(index).example/",
             articles: articles(feed: index, count: perFeed, random: &random))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    for batchStart in stride(from: 0, to: feedCount, by: 50) {
        try store.batch { () throws(StoreError) in
            for index in batchStart..<min(batchStart + 50, feedCount) {
                try store.store(feeds[index], from: feedURL(index), fetchedAt: now)
            }
        }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // Most of the history has been read: everything older than three days.
    for name in tabNames { try store.markTabRead(name, olderThan: now.addingTimeInterval(-3 * 86_400)) }
    try store.markViewed(tab: tabNames[2], at: now.addingTimeInterval(-86_400))
    _ = try store.vacuum()
    let articlesStored = try store.articleCount()
    print("stored \(articlesStored) articles in \(String(format: "%.1f", seconds)) s: "
          + "\(Int(Double(articlesStored) / seconds)) articles/s through FeedStore.store")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("generate", 3):
    try generate(total: Int(arguments[1]) ?? 100_000, directory: arguments[2])
case ("queries", 2):
    try queries(directory: arguments[1])
default:
    FileHandle.standardError.write(Data("usage: StoreBenchmark generate ARTICLES DIR | queries DIR\n".utf8))
    exit(64)
}
