// Times one page-menu frame for a tab of 10,000 articles, in every style and layout:
// the median, fastest and slowest of many runs, in milliseconds.
import Foundation
import NewsModel
import NewsRender

let articleCount = 10_000
let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 200
let now = Date(timeIntervalSince1970: 1_764_500_000)

let titles = [
    "日本銀行が政策金利を据え置き、円相場は小幅に反発した背景を専門家が解説",
    "Swift 6.3 released with faster builds and better diagnostics 🎉",
    "🇯🇵 東京の天気: 週末は晴れ、気温は平年並み ❤️ Ελληνικά ①",
    "A quiet year for RSS, and why that is fine — a very long headline that never ends",
]
let summaryBody: String = String(
    repeating: "with faster builds and <a href=\"#\">better diagnostics</a>. ", count: 200)
let summary: String = "<p>The <b>Swift</b> team &amp; community announce 6.3 &mdash; \(summaryBody)</p>"
let articles: [ArticleRow] = (0..<articleCount).map { (index: Int) -> ArticleRow in
    let source = index % 2 == 0 ? "NHKニュース" : "Swift.org"
    let published = now.addingTimeInterval(-Double(index) * 97)
    return ArticleRow(
        id: Int64(index), title: titles[index % titles.count], link: nil, source: source,
        published: published, firstSeen: now, summary: summary, isRead: index % 3 == 0)
}
let tabs = (1...12).map { MenuTab(name: $0 % 2 == 0 ? "カテゴリー\($0)" : "Topic \($0)", unread: $0 * 11) }

/// Milliseconds for `runs` renders of `state`, sorted.
func timings(_ state: PageMenuState) -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    var lineCount = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        lineCount &+= PageMenu.render(state).count
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    // Keeps the frames observable so the optimiser cannot drop the work.
    if lineCount == 0 { print("no lines rendered") }
    return samples.sorted()
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

print("one frame, \(articleCount) articles in the tab, 120×50, truecolor, \(runs) runs (ms)")
print("style  layout       median    min      max")
for style in MenuStyle.allCases {
    for layout in ArticleLayout.allCases {
        let state = PageMenuState(
            tabs: tabs, selectedTab: 5, articles: articles, now: now, zone: ZoneOffsets(.gmt),
            width: 120, height: 50, colors: .truecolor, language: .japanese,
            selectedArticle: 3, style: style, layout: layout,
            newSince: now.addingTimeInterval(-60), page: 1, pageCount: 200,
            totalArticles: articleCount)
        let samples = timings(state)
        let median = samples[samples.count / 2]
        print(
            style.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                + layout.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                + " \(format(median))   \(format(samples[0]))   \(format(samples[samples.count - 1]))")
    }
}
