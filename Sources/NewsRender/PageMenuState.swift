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

/// What the terminal can show, from least to most.
/// - `plainASCII`: a dumb terminal (`TERM=dumb`): the menu's own glyphs are ASCII (no box
///   drawing, no `…`), and no escape sequence is sent. Feed text is left in its script.
/// - `none`: no escape sequence at all (`--color never`, a pipe), Unicode glyphs.
/// - `monochrome`: `NO_COLOR`: bold, underline and reverse video, never a colour.
/// - `ansi16`, `ansi256`, `truecolor`: colour depths (`TERM`, `COLORTERM`).
public enum ColorMode: Sendable, Equatable, CaseIterable {
    case plainASCII, none, monochrome, ansi16, ansi256, truecolor

    /// Whether any escape sequence may be sent.
    public var usesEscapes: Bool { self != .plainASCII && self != .none }
    /// Whether colours may be sent.
    public var usesColor: Bool { self == .ansi16 || self == .ansi256 || self == .truecolor }
}

/// The language of the menu's own words: ages, the empty-tab hint and the footer.
public enum UILanguage: Sendable, Equatable, CaseIterable {
    case english, japanese
}

/// The look of the tab bar and page, after the four apps of seed 001.
public enum MenuStyle: String, Sendable, CaseIterable {
    /// NewsPass: plain labels, an underline beneath the selected one.
    case plain
    /// Gunosy: a coloured block per tab; the page hangs from a rule in the selected colour.
    case tab
    /// SmartNews: a coloured cell per tab; the page is framed in the selected tab's colour.
    case smart
    /// Hackadoll: each tab in a bordered box with its unread badge.
    case hacka
}

/// How much of each article a page shows.
public enum ArticleLayout: String, Sendable, CaseIterable {
    /// One line: unread marker, title, source and age.
    case compact
    /// The compact line and a line of the article's summary, as text.
    case comfortable
}

/// What the one line of an empty tab suggests. `options` follow the command as the user
/// typed them (`--config`, `--db`), shell-quoted, so that it runs on the same files.
public enum EmptyTabHint: Sendable, Equatable {
    /// Running `newsmenu fetch`: a printed frame.
    case runFetch(options: String)
    /// Pressing r: the interactive view fetches on r.
    case pressFetchKey
    /// Adding a feed: the tab, named here, lists none.
    case addFeed(tab: String, options: String)
    /// Looking at `newsmenu status`: every feed of the tab failed at its last fetch.
    case feedsFailing(options: String)
    /// Nothing to do: every feed of the tab was fetched and held no articles.
    case feedsEmpty
}

public struct PageMenuState: Sendable {
    /// The visible tabs only: a disabled tab is the caller's to leave out.
    public var tabs: [MenuTab]
    /// Clamped into `tabs.indices` when drawn.
    public var selectedTab: Int
    /// The selected tab's articles on this page, newest first. Only as many as fit
    /// `height` are laid out, so passing more costs nothing per frame.
    public var articles: [ArticleRow]
    /// Ages are relative to this instant.
    public var now: Date
    /// Calendar days ("yesterday", dates) are counted in this zone.
    public var zone: ZoneOffsets
    /// Terminal columns; drawn clamped to `PageMenu.minimumWidth...PageMenu.maximumWidth`.
    public var width: Int
    /// Terminal rows, footer included; nil prints every article given.
    public var height: Int?
    public var colors: ColorMode
    public var language: UILanguage
    /// The article under the interactive cursor, an index into `articles`; nil draws no
    /// cursor (printed frames). A caller that scrolls passes the visible slice of articles
    /// and the cursor's index within it.
    public var selectedArticle: Int?
    public var style: MenuStyle
    public var layout: ArticleLayout
    /// When the selected tab was last viewed: an unread article first seen after it is
    /// marked new. nil marks none.
    public var newSince: Date?
    /// Whether the terminal draws East Asian Ambiguous characters two columns wide.
    public var ambiguousWide: Bool
    /// This page's number, counted from 1, of `pageCount`; the footer shows both.
    public var page: Int
    public var pageCount: Int
    /// Articles in the selected tab across all pages, for the footer.
    public var totalArticles: Int
    /// Where to draw the indicator line instead of beneath the selected tab's name: a
    /// frame of its slide between two tabs. nil draws it at rest.
    public var indicator: IndicatorSpan?
    /// What an empty tab's line suggests.
    public var emptyTab: EmptyTabHint = .runFetch(options: "")

    /// The zone defaults to the process's, read here by the caller's side of the call;
    /// `PageMenu.render` itself reads only the state. `totalArticles` defaults to the
    /// number of `articles` given.
    public init(
        tabs: [MenuTab], selectedTab: Int, articles: [ArticleRow], now: Date,
        zone: ZoneOffsets = .system, width: Int, height: Int? = nil,
        colors: ColorMode = .none, language: UILanguage = .english,
        selectedArticle: Int? = nil, style: MenuStyle = .plain,
        layout: ArticleLayout = .compact, newSince: Date? = nil, ambiguousWide: Bool = false,
        page: Int = 1, pageCount: Int = 1, totalArticles: Int? = nil
    ) {
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.articles = articles
        self.now = now
        self.zone = zone
        self.width = width
        self.height = height
        self.colors = colors
        self.language = language
        self.selectedArticle = selectedArticle
        self.style = style
        self.layout = layout
        self.newSince = newSince
        self.ambiguousWide = ambiguousWide
        self.page = page
        self.pageCount = pageCount
        self.totalArticles = totalArticles ?? articles.count
    }
}
