// Writes the demo's sample feeds into a directory and builds the config that subscribes to
// them through file: URLs, so the demo runs the real fetch → parse → store path offline.
import Foundation
import NewsModel
import NewsFetch

enum DemoSetup {
    static func writeFeeds(into directory: URL, now: Date) throws -> Config {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var urlByFile: [String: String] = [:]
        for feed in DemoFeeds.all {
            let file = directory.appendingPathComponent(feed.fileName)
            let text = fillDates(in: feed.template, style: feed.dateStyle, now: now)
            try Transcoder.encode(text, as: feed.encoding).write(to: file)
            urlByFile[feed.fileName] = file.absoluteString
        }
        let tabs = DemoFeeds.tabs.map { tab in
            Tab(name: tab.name, color: TabColor(parsing: tab.color),
                feeds: tab.feeds.compactMap { urlByFile[$0].map { Subscription(url: $0) } })
        }
        return Config(tabs: tabs, fetch: FetchOptions())
    }

    /// Replaces every `{{N}}` with the date N minutes before `now`.
    static func fillDates(in template: String, style: DemoFeed.DateStyle, now: Date) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let minutes = Int(rest[open.upperBound..<close.lowerBound]) ?? 0
            let date = now.addingTimeInterval(-Double(minutes) * 60)
            switch style {
            case .rfc822: result += Timestamp.rfc822(date, offsetMinutes: 9 * 60)
            case .rfc3339: result += Timestamp.rfc3339(date)
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
