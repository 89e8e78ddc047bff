// A parsed feed and its articles: what the parser produces and the store keeps.
// Value types only; every module agrees on these.
import Foundation

/// The syndication format a document was recognised as. The raw values are the
/// `format` strings of `newsmenu parse --json`, which tooling depends on.
public enum FeedFormat: String, Sendable, Equatable {
    case rss090, rss091, rss092, rss093, rss094, rss20, rss10, atom03, atom10, jsonfeed
}

/// A media file attached to an article (RSS `enclosure`, Atom `link rel="enclosure"`).
public struct Enclosure: Sendable, Equatable, Hashable {
    public var url: String
    public var type: String?
    public var length: Int64?

    public init(url: String, type: String? = nil, length: Int64? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// One entry of a feed. `title` and `author` are plain text; `summary` and `content`
/// are HTML as the feed meant it; `link` is absolute.
public struct Article: Sendable, Equatable {
    /// Never empty: the feed's guid / atom:id, else the link, else a stable hash.
    public var id: String
    public var title: String?
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    public var summary: String?
    public var content: String?
    public var categories: [String]
    public var enclosures: [Enclosure]
    /// An absolute URL of the entry's picture (iTunes `image`, Media RSS `thumbnail`).
    public var image: String?
    /// The length of the entry's audio or video (iTunes `duration`), in seconds.
    public var duration: TimeInterval?

    public init(
        id: String, title: String? = nil, link: String? = nil, author: String? = nil,
        published: Date? = nil, updated: Date? = nil, summary: String? = nil,
        content: String? = nil, categories: [String] = [], enclosures: [Enclosure] = [],
        image: String? = nil, duration: TimeInterval? = nil
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.categories = categories
        self.enclosures = enclosures
        self.image = image
        self.duration = duration
    }
}

/// A whole parsed document. `warnings` lists what the parser recovered from.
public struct Feed: Sendable, Equatable {
    public var format: FeedFormat
    public var title: String?
    public var link: String?
    public var subtitle: String?
    public var language: String?
    public var updated: Date?
    public var author: String?
    public var image: String?
    /// How often the feed says it changes (syndication `updatePeriod`/`updateFrequency`,
    /// else RSS `ttl`), in seconds: a hint for the fetch schedule.
    public var updateInterval: TimeInterval?
    public var articles: [Article]
    public var warnings: [String]
    /// The document ended before its root element closed (a download cut short, say): the
    /// articles are the complete items before the cut. A warning says so too.
    public var isCutShort = false

    public init(
        format: FeedFormat, title: String? = nil, link: String? = nil, subtitle: String? = nil,
        language: String? = nil, updated: Date? = nil, author: String? = nil,
        image: String? = nil, updateInterval: TimeInterval? = nil, articles: [Article] = [], warnings: [String] = []
    ) {
        self.format = format
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.language = language
        self.updated = updated
        self.author = author
        self.image = image
        self.updateInterval = updateInterval
        self.articles = articles
        self.warnings = warnings
    }
}
