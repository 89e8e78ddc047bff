// A validated Config as compact bytes and back, for the config cache: every field in a fixed
// order; bytes that are short, long or malformed decode to nil, never to a trap.
import Foundation
import NewsModel
import NewsFetch
import NewsRender
import NewsStore

enum ConfigCoding {
    static func encode(_ config: Config, into writer: inout ByteWriter) {
        writer.count(config.tabs.count)
        for tab in config.tabs {
            writer.string(tab.name)
            writer.color(tab.color)
            writer.bool(tab.enabled)
            writer.count(tab.feeds.count)
            for feed in tab.feeds {
                writer.string(feed.url)
                writer.optional(feed.title, ByteWriter.string)
                writer.optional(feed.interval, ByteWriter.double)
            }
            writer.optional(tab.interval, ByteWriter.double)
        }
        let fetch = config.fetch
        [fetch.maxConcurrent, fetch.maxPerHost, fetch.lowSpeedBytesPerSecond, fetch.maxBodyBytes, fetch.maxRedirects]
            .forEach { writer.integer($0) }
        [fetch.connectTimeout, fetch.timeout, fetch.lowSpeedTime].forEach { writer.double($0) }
        writer.string(fetch.userAgent)
        writer.double(config.schedule.defaultInterval)
        writer.double(config.schedule.minimumInterval)
        writer.optional(config.display.style?.rawValue, ByteWriter.string)
        writer.optional(config.display.layout?.rawValue, ByteWriter.string)
        writer.bool(config.display.ambiguousWide)
        writer.bool(config.display.animation)
        writer.optional(config.onNew) { writer, words in
            writer.count(words.count)
            words.forEach { writer.string($0) }
        }
        writer.integer(config.retention.days)
        writer.integer(config.retention.perFeed)
    }

    /// The config `encode` wrote, or nil when the bytes are not such a config.
    static func decode(from reader: inout ByteReader) -> Config? {
        guard let tabCount = reader.count() else { return nil }
        var tabs: [Tab] = []
        tabs.reserveCapacity(tabCount)
        for _ in 0..<tabCount {
            guard let name = reader.string(), let color = reader.color(), let enabled = reader.bool(),
                  let feedCount = reader.count() else { return nil }
            var feeds: [Subscription] = []
            feeds.reserveCapacity(feedCount)
            for _ in 0..<feedCount {
                guard let url = reader.string(), let title = reader.optional(ByteReader.string),
                      let interval = reader.optional(ByteReader.double) else { return nil }
                feeds.append(Subscription(url: url, title: title, interval: interval))
            }
            guard let interval = reader.optional(ByteReader.double) else { return nil }
            tabs.append(Tab(name: name, color: color, enabled: enabled, feeds: feeds, interval: interval))
        }
        guard let maxConcurrent = reader.integer(), let maxPerHost = reader.integer(),
              let lowSpeedBytes = reader.integer(), let maxBodyBytes = reader.integer(),
              let maxRedirects = reader.integer(), let connectTimeout = reader.double(),
              let timeout = reader.double(), let lowSpeedTime = reader.double(), let userAgent = reader.string(),
              let defaultInterval = reader.double(), let minimumInterval = reader.double(),
              let style = reader.optional(ByteReader.string), let layout = reader.optional(ByteReader.string),
              let ambiguousWide = reader.bool(), let animation = reader.bool(),
              let onNew = reader.optional({ (reader: inout ByteReader) -> [String]? in
                  guard let count = reader.count() else { return nil }
                  var words: [String] = []
                  for _ in 0..<count {
                      guard let word = reader.string() else { return nil }
                      words.append(word)
                  }
                  return words
              }),
              let days = reader.integer(), let perFeed = reader.integer(), reader.isAtEnd else { return nil }
        var config = Config(tabs: tabs, fetch: FetchOptions(
            maxConcurrent: maxConcurrent, maxPerHost: maxPerHost, connectTimeout: connectTimeout, timeout: timeout,
            lowSpeedBytesPerSecond: lowSpeedBytes, lowSpeedTime: lowSpeedTime, maxBodyBytes: maxBodyBytes,
            maxRedirects: maxRedirects, userAgent: userAgent))
        config.schedule = ScheduleSettings(defaultInterval: defaultInterval, minimumInterval: minimumInterval)
        guard let display = DisplayPreferences(styleName: style, layoutName: layout,
                                               ambiguousWide: ambiguousWide, animation: animation) else { return nil }
        config.display = display
        config.onNew = onNew
        config.retention = RetentionPolicy(days: days, perFeed: perFeed)
        return config
    }
}

private extension DisplayPreferences {
    /// Nil when a name is not one this build knows.
    init?(styleName: String?, layoutName: String?, ambiguousWide: Bool, animation: Bool) {
        var style: MenuStyle?
        if let styleName {
            guard let known = MenuStyle(rawValue: styleName) else { return nil }
            style = known
        }
        var layout: ArticleLayout?
        if let layoutName {
            guard let known = ArticleLayout(rawValue: layoutName) else { return nil }
            layout = known
        }
        self.init(style: style, layout: layout, ambiguousWide: ambiguousWide, animation: animation)
    }
}
