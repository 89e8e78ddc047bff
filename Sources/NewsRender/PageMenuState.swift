// Everything one frame of the page menu depends on: the renderer reads nothing else.
import Foundation
import NewsModel

/// One tab of the bar: a category's name, its colour from the config, its unread count.
public struct MenuTab: Sendable, Equatable {
    public var name: String
    /// nil takes the default palette's colour for the tab's position.
    public var color: TabColor?
    public var unread: Int

    public init(name: String, color: TabColor? = nil, unread: Int = 0) {
        self.name = name
        self.color = color
        self.unread = unread
    }
}

/// How much colour the terminal takes. `.none` emits no escape sequence at all.
public enum ColorMode: Sendable, Equatable, CaseIterable {
    case none, ansi16, ansi256, truecolor
}

/// The language of the menu's own words: ages and the empty-tab hint.
public enum UILanguage: Sendable, Equatable, CaseIterable {
    case english, japanese
}

public struct PageMenuState: Sendable {
    public var tabs: [MenuTab]
    /// Clamped into `tabs.indices` when drawn.
    public var selectedTab: Int
    /// The selected tab's articles, newest first.
    public var articles: [ArticleRow]
    /// Ages are relative to this instant.
    public var now: Date
    /// Calendar days ("yesterday", dates) are counted in this zone.
    public var timeZone: TimeZone
    /// Terminal columns; drawn clamped to `PageMenu.minimumWidth...PageMenu.maximumWidth`.
    public var width: Int
    /// Terminal rows; nil prints every article given.
    public var height: Int?
    public var colors: ColorMode
    public var language: UILanguage
    /// The article under the interactive cursor, an index into `articles`; nil draws no
    /// cursor (printed frames). A caller that scrolls passes the visible slice of articles
    /// and the cursor's index within it.
    public var selectedArticle: Int?

    /// The zone defaults to the process's, read here by the caller's side of the call;
    /// `PageMenu.render` itself reads only the state.
    public init(
        tabs: [MenuTab], selectedTab: Int, articles: [ArticleRow], now: Date,
        timeZone: TimeZone = .current, width: Int, height: Int? = nil,
        colors: ColorMode = .none, language: UILanguage = .english,
        selectedArticle: Int? = nil
    ) {
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.articles = articles
        self.now = now
        self.timeZone = timeZone
        self.width = width
        self.height = height
        self.colors = colors
        self.language = language
        self.selectedArticle = selectedArticle
    }
}
