// The store benchmark's generator and in-process timer (issue 5).
//
//   StoreBenchmark generate ARTICLES DIR   writes DIR/feeds.json (2,000 feeds in 8 tabs) and
//                                          DIR/news.db through FeedStore.store, as fetch does
//                                          (batches of 50 feeds), printing articles/s;
//   StoreBenchmark queries DIR             times the page, count and search queries in
//                                          process: median of 30 runs, in milliseconds.
//
// Everything is derived from a fixed seed: the same ARTICLES gives the same database.
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

let japanese = ["東京", "大阪", "政府", "経済", "株価", "円相場", "選挙", "台風", "地震", "新製品", "発表", "試合",
                "優勝", "映画", "公開", "研究", "宇宙", "半導体", "人工知能", "観光", "物価", "会見", "首相", "決算"]
let english = ["market", "release", "swift", "storm", "election", "team", "launch", "study", "space", "chip",
               "model", "policy", "report", "season", "update", "city", "energy", "music", "health", "court"]

func phrase(_ random: inout SeededGenerator, words: Int) -> String {
    (0..<words).map { index in
        index % 3 == 2 ? english[random.below(english.count)] : japanese[random.below(japanese.count)]
    }.joined(separator: index(words))
}

func index(_ words: Int) -> String { words > 6 ? " " : "" }

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
        return Article(id: "f\(feed)-\(number)", title: phrase(&random, words: 5), link: link,
                       published: published, summary: phrase(&random, words: 40),
                       content: "<p>" + phrase(&random, words: 120) + "</p>")
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

func median(_ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<30 {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return samples.sorted()[samples.count / 2]
}

func queries(directory: String) throws {
    let store = try FeedStore(path: directory + "/news.db")
    let tab = tabNames[2]
    let rows: [(String, Double)] = [
        ("tabCounts (unread, total, new of all 8 tabs)", try median { _ = try store.tabCounts() }),
        ("articleCount(inTab:) (one tab's stories)", try median { _ = try store.articleCount(inTab: tab) }),
        ("articles(inTab:) page 1 of 40", try median { _ = try store.articles(inTab: tab, limit: 40) }),
        ("articles(inTab:) page 50 of 40", try median { _ = try store.articles(inTab: tab, limit: 40, offset: 49 * 40) }),
        ("search \"人工知能 chip\" newest 50", try median { _ = try store.search("人工知能 chip") }),
        ("search \"円相場\" --rank", try median { _ = try store.search("円相場", order: .relevance) }),
        ("search \"AI\" (short: LIKE)", try median { _ = try store.search("AI") }),
    ]
    for (name, milliseconds) in rows { print("| \(name) | \(String(format: "%.2f", milliseconds)) |") }
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
