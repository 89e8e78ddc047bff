// `newsmenu parse` without --json: a readable account of what was read from a feed.
import NewsModel

enum FeedText {
    static func describe(_ feed: Feed) -> String {
        var lines = ["\(feed.title ?? "(no title)")  [\(feed.format.rawValue)]"]
        if let link = feed.link { lines.append(link) }
        if let subtitle = feed.subtitle { lines.append(subtitle) }
        lines.append("\(feed.articles.count) article\(feed.articles.count == 1 ? "" : "s")")
        for article in feed.articles {
            let date = (article.published ?? article.updated).map(Timestamp.rfc3339) ?? "undated"
            lines.append("")
            lines.append("- \(article.title ?? "(no title)")")
            lines.append("  \(date)  \(article.link ?? article.id)")
        }
        for warning in feed.warnings {
            lines.append("warning: \(warning)")
        }
        return lines.joined(separator: "\n")
    }
}
