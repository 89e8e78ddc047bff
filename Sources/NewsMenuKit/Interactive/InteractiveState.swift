// The interactive page menu as data: the tabs with their counts and cursors, which one is
// shown, and what the keyboard is doing (browsing, reading an article, typing a search,
// confirming, reading the help). Events change it and return effects for the loop to carry
// out; nothing here does I/O, so every key and click is tested without a terminal.

/// One tab as the view tracks it.
struct InteractiveTab: Equatable, Sendable {
    var name: String
    /// Articles in the tab, across all pages.
    var total: Int
    var unread: Int
    var cursor = TabCursor()
    /// The store's row for the tab, which `newsmenu tab rename` keeps: how a tab renamed
    /// while the view is open is told from a new one. Nil when not known.
    var storedID: Int64?
}

/// What keys mean right now.
enum InputMode: Equatable, Sendable {
    case browsing
    /// Typing a search: `draft` so far, and the selection to go back to on Esc.
    case searching(draft: String, origin: Int)
    /// `A` asks before marking the whole tab read.
    case confirmingMarkRead
    /// `?`: the key help covers the page, its entries from `scroll` on, until a key that
    /// does not scroll it.
    case help(scroll: Int)
    /// Enter: the selected article's text fills the screen, its lines from `scroll` on.
    case reading(scroll: Int)
    /// A digit while reading: the number of the link to open, typed so far, over the article.
    case choosingLink(number: Int, scroll: Int)
    /// `/` while reading: the article's lines searched as `draft` is typed, shown from
    /// `scroll`; Esc goes back to `origin`.
    case searchingArticle(draft: String, origin: Int, scroll: Int)

    var isHelp: Bool {
        if case .help = self { true } else { false }
    }

    /// The article's first line on screen while its text is shown; nil otherwise.
    var readingScroll: Int? {
        switch self {
        case .reading(let scroll), .choosingLink(_, let scroll), .searchingArticle(_, _, let scroll): scroll
        default: nil
        }
    }

    var isReading: Bool { readingScroll != nil }
}

/// What the loop must do after an event: the I/O the state cannot do itself.
enum InteractiveEffect: Equatable, Sendable {
    /// Open the article's link (and mark it read).
    case open(tab: Int, article: Int)
    /// Show the article's text (and mark it read).
    case read(tab: Int, article: Int)
    /// Open link `number` (from 1) of the article's page in the browser.
    case openLink(tab: Int, article: Int, number: Int)
    case toggleRead(tab: Int, article: Int)
    case toggleStar(tab: Int, article: Int)
    case markTabRead(tab: Int)
    case refresh
    /// Draw every row again: something else wrote on the screen.
    case repaint
    case suspend
    case quit
    /// The shown tab changed: persist it, slide the indicator.
    case switchedTab(from: Int, to: Int)
}

/// Where things are on screen, from the renderer's geometry: what mouse positions mean.
struct ScreenLayout: Equatable, Sendable {
    /// Rows of the tab bar, from the top.
    var headerRows: Int
    /// Columns of each tab's cell; nil when scrolled out of view.
    var tabColumns: [Range<Int>?]
    /// Screen lines per article: 1 compact, 2 comfortable.
    var linesPerArticle: Int
    /// Articles that fit on screen.
    var articleRows: Int
    /// Entries of the key help that fit on screen; all of them unless told.
    var helpRows = InteractiveHelp.count(.list)
    /// The same for the help over an article being read.
    var readingHelpRows = InteractiveHelp.count(.reading)

    func helpRows(_ topic: HelpTopic) -> Int { topic == .list ? helpRows : readingHelpRows }
    /// Lines of an article's text that fit on screen while reading it.
    var readingRows = 1
}

/// Finds the articles of a tab that keys jump to: search matches in its titles, unread
/// ones (the loop's answers come from the store).
protocol TabSearching {
    /// The first article at or after `start` going `forward` (else at or before it going
    /// back) whose title contains `query`, wrapping around the tab once; nil when none does.
    func match(_ query: String, inTab tab: Int, from start: Int, forward: Bool) -> Int?
    /// The nearest unread article after `start` going `forward` (down the list), else before
    /// it; nil when there is none that way.
    func unread(inTab tab: Int, from start: Int, forward: Bool) -> Int?
}

struct InteractiveState: Equatable, Sendable {
    var tabs: [InteractiveTab]
    var current: Int
    var layout: ScreenLayout
    var mode: InputMode = .browsing
    /// The last search made (never blank: Enter keeps only a query with a word), for `n` / `N`.
    var query: String?
    /// A one-off message for the status line, cleared by the next key.
    var message: ViewMessage?
    /// The article a click selected, so that a second click on it opens it.
    var lastClicked: Int?
    /// Lines of the article being read, as last laid out for the screen's width: how far
    /// its text scrolls.
    private(set) var readingLength = 0
    /// `?` while reading: the article's scroll, to go back to when the help closes.
    var readingUnderHelp: Int?

    /// The keys the help lists: those of the article it covers, else the list's.
    var helpTopic: HelpTopic { readingUnderHelp == nil ? .list : .reading }
    /// How many links the article being read numbers: which link numbers a digit can start.
    private(set) var readingLinkCount = 0
    /// The article's lines as text, what `/` searches while it is read.
    private(set) var readingText: [String] = []
    /// The last search made in an article, for `n` / `N` there.
    var articleQuery: String?
    /// The line it last found: where `n` / `N` go on from, as the screen's first line may
    /// not be it near the article's end.
    var articleMatch: Int?

    init(tabs: [InteractiveTab], current: Int, layout: ScreenLayout) {
        self.tabs = tabs
        self.current = min(max(current, 0), max(tabs.count - 1, 0))
        self.layout = layout
    }

    var shownTab: InteractiveTab { tabs[current] }
    var rows: Int { max(layout.articleRows, 1) }

    /// A new screen size or tab geometry: every tab's cursor back in range.
    mutating func relayout(_ layout: ScreenLayout) {
        self.layout = layout
        for index in tabs.indices { tabs[index].cursor.clamp(total: tabs[index].total, rows: rows) }
        clampHelpScroll()
        clampReadingScroll()
    }

    /// The article being read changed length (a new article, a new width, a star): its
    /// scroll stays within the new length. `links`: how many links its page numbers.
    mutating func setReadingLength(_ length: Int, links: Int = 0) {
        readingLength = max(length, 0)
        readingLinkCount = max(links, 0)
        clampReadingScroll()
    }

    /// The article being read is laid out as `lines` (their text, without styles), which
    /// number `links` links.
    mutating func setReadingPage(_ lines: [String], links: Int) {
        readingText = lines
        articleMatch = nil
        setReadingLength(lines.count, links: links)
    }

    /// `show --page N`: the shown tab opens at page N of what fits the screen.
    mutating func openPage(_ page: Int) {
        tabs[current].cursor.open(page: page, total: tabs[current].total, rows: rows)
    }

    /// New counts after a refresh or another process's fetch. `selections` gives, for the
    /// tabs whose selected article is still listed, its new index (new articles above it,
    /// older ones deleted): the view shifts by as much, so the reader's article stays where
    /// it was. `searchOrigin` is the new index of the article a search being typed started
    /// on, for Esc to go back to.
    mutating func updateCounts(_ counts: [(total: Int, unread: Int)], selections: [Int: Int], searchOrigin: Int? = nil) {
        if case .searching(let draft, _) = mode, let searchOrigin {
            mode = .searching(draft: draft, origin: searchOrigin)
        }
        for index in tabs.indices where index < counts.count {
            tabs[index].total = counts[index].total
            tabs[index].unread = counts[index].unread
            if let moved = selections[index] {
                let shift = moved - tabs[index].cursor.selection
                tabs[index].cursor.offset += shift
                tabs[index].cursor.selection = moved
            }
            tabs[index].cursor.clamp(total: tabs[index].total, rows: rows)
        }
    }

    mutating func switchTab(to index: Int) -> [InteractiveEffect] {
        guard tabs.indices.contains(index), index != current else { return [] }
        let previous = current
        current = index
        lastClicked = nil
        return [.switchedTab(from: previous, to: index)]
    }

    /// The next or previous tab, wrapping at either end.
    mutating func stepTab(by delta: Int) -> [InteractiveEffect] {
        guard !tabs.isEmpty else { return [] }
        return switchTab(to: ((current + delta) % tabs.count + tabs.count) % tabs.count)
    }

    mutating func withCursor(_ change: (inout TabCursor, _ total: Int, _ rows: Int) -> Void) {
        change(&tabs[current].cursor, tabs[current].total, rows)
    }
}
