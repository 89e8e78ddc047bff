// An article as the page menu lists it: what the store reads back for one tab.
import Foundation

public struct ArticleRow: Sendable, Equatable {
    /// The store's row id: what `newsmenu read ID` takes.
    public var id: Int64
    /// What the article is listed by: its title; for an untitled one the start of its
    /// text, else its link, else its id.
    public var title: String
    /// The feed gave no title: `title` stands in for one, and JSON says null.
    public var isUntitled: Bool
    public var link: String?
    /// The feed's display name: the config's title, else the feed's own, else its URL.
    public var source: String
    /// The other feeds of the tab that carry the same story (same canonical link), shown
    /// as one row with it; empty when only one feed has it.
    public var otherSources: [String]
    /// The date the feed gives (published, else updated) as it gives it: nil for an
    /// undated article, and in the future for one dated so.
    public var published: Date?
    /// When this article was first stored; undated articles sort by it.
    public var firstSeen: Date
    public var summary: String?
    public var isRead: Bool
    public var isStarred: Bool

    public init(
        id: Int64, title: String, link: String?, source: String, published: Date?,
        firstSeen: Date, summary: String? = nil, isRead: Bool = false, isStarred: Bool = false,
        otherSources: [String] = [], isUntitled: Bool = false
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.source = source
        self.published = published
        self.firstSeen = firstSeen
        self.summary = summary
        self.isRead = isRead
        self.isStarred = isStarred
        self.otherSources = otherSources
        self.isUntitled = isUntitled
    }

    /// Every feed the row stands for, its own source first.
    public var sources: [String] { [source] + otherSources }

    /// The date the menu sorts and ages by, the store's `sort_date`: `published`, never
    /// later than `firstSeen` (a feed's future date is not news yet), else `firstSeen`.
    public var date: Date { min(published ?? firstSeen, firstSeen) }
}
