// The user's configuration: ordered tabs of feeds, fetch limits, display and retention.
import Foundation
import NewsModel
import NewsFetch
import NewsRender
import NewsStore

public struct Config: Sendable, Equatable {
    public var tabs: [Tab]
    public var fetch: FetchOptions
    public var schedule = ScheduleSettings()
    public var display = DisplayPreferences()
    /// `on_new`: a program and its arguments, run after a fetch that stored new articles.
    public var onNew: [String]?
    /// How much history the store keeps; applied after each fetch.
    public var retention = RetentionPolicy()

    /// Tabs the menu shows: disabled ones are kept in the file but hidden.
    public var visibleTabs: [Tab] { tabs.filter(\.enabled) }

    /// Every feed of the visible tabs named in `tabNames` (of every visible tab when it is
    /// empty) once, in first-seen order: a feed listed in two tabs is fetched once. A feed's
    /// interval is its own, else that of the first tab listing it.
    public func feedsToFetch(inTabs tabNames: [String] = []) -> [Subscription] {
        var seen = Set<String>()
        var feeds: [Subscription] = []
        for tab in visibleTabs where tabNames.isEmpty || tabNames.contains(tab.name) {
            for feed in tab.feeds where seen.insert(feed.url).inserted {
                var subscription = feed
                subscription.interval = feed.interval ?? tab.interval
                feeds.append(subscription)
            }
        }
        return feeds
    }
}

/// How often feeds are fetched when neither the config nor the feed says.
public struct ScheduleSettings: Sendable, Equatable {
    /// For a feed with no interval of its own and no hint from its server.
    public var defaultInterval: TimeInterval = 30 * 60
    /// No server hint can make a feed be fetched more often than this; an interval set in
    /// the config can.
    public var minimumInterval: TimeInterval = 5 * 60
}

/// How the page menu looks unless the command line says otherwise.
public struct DisplayPreferences: Sendable, Equatable {
    /// nil: plain.
    public var style: MenuStyle?
    /// nil: chosen by the terminal's width.
    public var layout: ArticleLayout?
    /// The terminal draws East Asian Ambiguous characters two columns wide.
    public var ambiguousWide = false
    /// The interactive view slides the indicator to a new tab; false jumps.
    public var animation = true

    public init(style: MenuStyle? = nil, layout: ArticleLayout? = nil, ambiguousWide: Bool = false,
                animation: Bool = true) {
        self.style = style
        self.layout = layout
        self.ambiguousWide = ambiguousWide
        self.animation = animation
    }
}

/// An invalid config: names the file, the JSON path of the bad field and where it is.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// `tabs[1].feeds[0].url`; empty for the document as a whole.
    public var field: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return field.isEmpty ? "\(place): \(message)" : "\(place): \(field): \(message)"
    }
}
