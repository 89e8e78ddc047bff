// The configured shape of the page menu: ordered tabs, each a category of feeds.
import Foundation

/// One feed as the config names it. The same URL may be subscribed in several tabs.
public struct Subscription: Sendable, Hashable {
    public var url: String
    /// Overrides the feed's own title as the article's source name.
    public var title: String?
    /// How often to fetch this feed, overriding its tab's interval and the server's hints.
    public var interval: TimeInterval?

    public init(url: String, title: String? = nil, interval: TimeInterval? = nil) {
        self.url = url
        self.title = title
        self.interval = interval
    }
}

/// A category shown as a tab. Names are unique within a config, in any script.
public struct Tab: Sendable, Equatable {
    public var name: String
    public var color: TabColor?
    /// A disabled tab is kept in the config but hidden from the menu.
    public var enabled: Bool
    public var feeds: [Subscription]
    /// How often to fetch this tab's feeds, unless a feed says otherwise.
    public var interval: TimeInterval?

    public init(name: String, color: TabColor? = nil, enabled: Bool = true, feeds: [Subscription],
                interval: TimeInterval? = nil) {
        self.name = name
        self.color = color
        self.enabled = enabled
        self.feeds = feeds
        self.interval = interval
    }
}

/// A tab's colour: one of the 16 terminal colours by name, or an exact `#rrggbb`.
public enum TabColor: Sendable, Equatable, Hashable {
    case named(NamedColor)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// Accepts the names of `NamedColor` (`"red"`, `"bright-blue"`, …) and `#rrggbb`.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let named = NamedColor(rawValue: lowered) {
            self = .named(named)
            return
        }
        let hex = Array(lowered.utf8)
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"),
              let value = UInt32(String(lowered.dropFirst()), radix: 16) else { return nil }
        self = .rgb(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF),
                    blue: UInt8(value & 0xFF))
    }

    /// The colour as the config writes it: a `NamedColor` name or `#rrggbb` in lower case.
    public var configText: String {
        switch self {
        case .named(let named):
            return named.rawValue
        case .rgb(let red, let green, let blue):
            return "#" + [red, green, blue].map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
    }
}

/// The 16 colours every colour terminal has; the index is the ANSI colour number.
public enum NamedColor: String, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack = "bright-black", brightRed = "bright-red", brightGreen = "bright-green"
    case brightYellow = "bright-yellow", brightBlue = "bright-blue"
    case brightMagenta = "bright-magenta", brightCyan = "bright-cyan", brightWhite = "bright-white"

    public var ansiIndex: Int { NamedColor.allCases.firstIndex(of: self)! }
}
