// `newsmenu show` on a terminal: the full-screen page menu. The loop waits for keys, mouse
// reports and signals, hands each event to the pure `InteractiveState`, carries out the
// effects it returns (store writes, the browser, a background fetch), and draws the frame
// that follows with one write of only the rows that changed. It follows other processes'
// fetches and edits of the config while it is open.
import Foundation
import NewsModel
import NewsRender
import NewsStore
import TerminalIO

/// Owns the terminal session, the store connection and the state for one run. Not
/// Sendable: everything here happens on the thread that called `run`.
final class InteractiveView {
    /// The config as last read: the one `r` fetches with.
    private var config: Config
    private var watchedConfig: WatchedConfig
    /// Why the config file as it is now is not shown (invalid, gone): the status line says so
    /// until it can be read again.
    private var configProblem: String?
    private let databasePath: String
    private let browser: String?
    /// The process's environment, for the on_new hook a refresh may run.
    private let environment: [String: String]
    private let display: DisplaySettings
    /// The config's visible tabs, in step with `state.tabs`.
    private var tabs: [Tab]
    private let store: FeedStore
    private let session: TerminalSession
    private let window: ArticleWindow
    private var search: StoreTitleSearch
    private let frameLog: FrameLog?
    private var state: InteractiveState
    /// Each tab's selected article by id, as last shown (or found after a reload): a reload
    /// finds its new index, whatever arrived or was deleted meanwhile. Read from rows the
    /// reader saw, never at the old index in new data, where another article may be by then.
    private var selectedIDs: [Int64?]
    /// While a search is typed, the article it started on, for Esc to go back to.
    private var searchOriginID: Int64?
    /// Each tab's last look before this run: articles first seen after it are marked new.
    private var newSince: [Date?]
    private var decoder = InputDecoder()
    /// What the screen shows now, the cursor included; nil when unknown (start, resize,
    /// after a child).
    private var previousFrame: ScreenFrame?
    /// A browser has had the terminal: what it started may still write on the screen after
    /// the view is back (a GUI browser's messages on the stderr it inherited), so the first
    /// quiet moment repaints every row again.
    private var repaintWhenIdle = false
    private var refresh: BackgroundRefresh?
    /// The running `r` was stopped by a suspend: the view says so when it is back.
    private var refreshStoppedBySuspend = false
    private var dataVersion: Int64
    /// The newest article row id when the counts were last read.
    private var listedUpTo: Int64
    /// `listedUpTo` as of the frame on screen: `A` marks only articles stored up to it, those
    /// the prompt counted, not a fetch's that the view noticed only as `y` arrived.
    private var shownUpTo: Int64
    private var indicator: IndicatorAnimation
    /// `--page`, until the first frame's layout says how many articles a page holds.
    private var requestedPage: Int?
    /// `--limit`: pages hold at most this many articles, however many fit.
    private let pageLimit: Int?
    /// `--config` and `--db` as given, for the command an empty tab's line suggests.
    private let pathOptions: String
    /// The article being read (Enter), as stored when it was opened, and its page as last
    /// laid out. The page is the same article's for as long as the tab's selection is.
    private var readingArticle: (id: Int64, text: Article)?
    private var readingPage: (key: ReadingPageKey, lines: [String], links: [String])?

    static let lastTabSetting = "last_tab"

    /// How long to wait for the rest of an escape sequence before taking Esc as the key.
    private static let escapeWait: Int32 = 30
    /// How often to wake, with no key, to look for another process's fetch.
    private static let idleWait: Int32 = 2000
    /// The most of a refused link the status line is given (it cuts to the terminal's width).
    private static let refusedLinkShownLimit = 200

    /// `configStamp`: the config file's, taken before `config` was read from it.
    init(config: Config, configStamp: FileStamp?, context: CommandContext, selection: MenuSelection) throws(CommandFailure) {
        self.config = config
        watchedConfig = WatchedConfig(path: context.configPath, databasePath: context.databasePath, stamp: configStamp)
        databasePath = context.databasePath
        browser = context.environment["BROWSER"]
        environment = context.environment
        tabs = selection.tabs
        display = try DisplaySettings.resolve(
            invocation: context.invocation, preferences: config.display, environment: context.environment)
        do {
            session = try TerminalSession()
        } catch {
            throw CommandFailure(message: "cannot use the terminal: \(error)", status: ExitStatus.failure)
        }
        try context.requireDatabaseDirectory()
        let store = try context.openStore()
        self.store = store
        window = ArticleWindow(store: store)
        search = StoreTitleSearch(store: store, tabNames: selection.tabs.map(\.name))
        frameLog = FrameLog(path: context.environment["NEWSMENU_FRAME_LOG"])
        indicator = IndicatorAnimation(isEnabled: !context.invocation.flag("--no-animation")
                                       && config.display.animation)
        let tabs = selection.tabs
        let explicitTab = context.invocation.option("--tab") != nil
        let (counts, ids, lastTab, version, newest, cursors) = try CommandContext.storeWork { () throws(StoreError) in
            try store.syncTabs(config.tabs)
            let version = try store.dataVersion()
            let newest = try store.newestArticleID()
            return (try store.tabCounts(), try store.tabIDs(), try store.setting(Self.lastTabSetting), version, newest,
                    try SavedCursors.restore(tabs: tabs.map(\.name), from: store))
        }
        dataVersion = version
        listedUpTo = newest
        shownUpTo = newest
        newSince = tabs.map { counts[$0.name]?.lastViewed }
        requestedPage = context.invocation.option("--page") != nil ? selection.page : nil
        pageLimit = selection.limit
        pathOptions = context.pathOptions
        let start = explicitTab ? selection.selected : (tabs.firstIndex { $0.name == lastTab } ?? selection.selected)
        state = InteractiveState(
            tabs: tabs.indices.map { index in
                InteractiveTab(name: tabs[index].name, total: counts[tabs[index].name]?.total ?? 0,
                               unread: counts[tabs[index].name]?.unread ?? 0, cursor: cursors[index] ?? TabCursor(),
                               storedID: ids[tabs[index].name])
            },
            current: start,
            layout: ScreenLayout(headerRows: 0, tabColumns: [], linesPerArticle: 1, articleRows: 1))
        selectedIDs = Array(repeating: nil, count: tabs.count)
        try CommandContext.storeWork { () throws(StoreError) in try noteSelections() }
    }

    /// Runs until the reader quits or a signal ends the run; the terminal is restored on
    /// every way out. Returns the exit status: 0, or 128 + the signal that ended it.
    func run() throws(CommandFailure) -> Int32 {
        defer {
            session.leave()
            // After the terminal is back: the reader is at the shell while it winds down.
            refresh?.stop()
            // The tab recorded as viewed last must be one the config has now.
            try? followConfig()
            try? recordLook()
        }
        try terminalWork { () throws(TerminalError) in try session.enter() }
        try draw()
        while true {
            let idle = refresh != nil ? 100 : Self.idleWait
            let timeout = min(decoder.hasPending ? Self.escapeWait : idle,
                              indicator.waitMilliseconds(at: FrameLog.now()) ?? idle)
            let input = session.wait(timeoutMilliseconds: timeout)
            let started = FrameLog.now()
            // Every pass, keys or not, and before the keys, which then act on what the
            // next frame shows: a reader pressing keys steadily still sees a cron fetch's
            // articles and the config's tabs as edited. One pragma and one stat; a reload
            // only when either changed.
            try followConfig()
            _ = try noticeOtherWriters()
            // Input ends a slide at once: the key is answered with the frame it asks for.
            if !input.bytes.isEmpty || !input.signals.isEmpty { indicator.cut() }
            var events = decoder.decode(input.bytes)
            if input.bytes.isEmpty, decoder.hasPending { events += decoder.flush() }
            for signal in input.signals {
                if let status = try handle(signal) { return status }
            }
            for event in events {
                let effects: [InteractiveEffect]
                switch event {
                case .key(let key): effects = state.handle(key, search: search)
                case .mouse(let mouse): effects = state.handle(mouse)
                case .paste(let text): effects = state.paste(text, search: search)
                }
                for effect in effects where try perform(effect) {
                    return ExitStatus.success
                }
            }
            try noteSearchOrigin()
            try checkRefresh()
            if input.bytes.isEmpty, input.signals.isEmpty {
                if repaintWhenIdle { previousFrame = nil }
                repaintWhenIdle = false
            }
            try draw()
            if !events.isEmpty { frameLog?.record(since: started) }
        }
    }

    // MARK: Signals and effects

    /// Returns an exit status when the signal ends the run.
    private func handle(_ signal: TerminalSignal) throws(CommandFailure) -> Int32? {
        switch signal {
        case .quit(let number):
            return 128 + number
        case .suspend:
            // A running `r` would hold the fetch lock while the view is stopped, and every
            // cron fetch would fail until `fg`: it stops first, storing what arrived.
            if let running = refresh {
                running.stop()
                refreshStoppedBySuspend = true
            }
            try terminalWork { () throws(TerminalError) in try session.suspend() }
            previousFrame = nil
        case .resume:
            try terminalWork { () throws(TerminalError) in try session.enter(force: true) }
            previousFrame = nil
        case .resize:
            previousFrame = nil
        }
        return nil
    }

    /// Carries out one effect; true when the run should end.
    private func perform(_ effect: InteractiveEffect) throws(CommandFailure) -> Bool {
        switch effect {
        case .quit:
            return true
        case .suspend:
            _ = try handle(.suspend)
        case .repaint:
            previousFrame = nil
        case .open(let tab, let article):
            try open(tab: tab, article: article)
        case .read(let tab, let article):
            try startReading(tab: tab, article: article)
        case .openLink(_, _, let number):
            guard let links = readingPage?.links, links.indices.contains(number - 1) else {
                state.message = .noSuchLink(number, count: readingPage?.links.count ?? 0)
                break
            }
            try launchBrowser(links[number - 1])
        case .toggleRead(let tab, let article):
            guard let row = try row(tab: tab, article: article) else { break }
            try setRead(!row.isRead, row: row)
            // The page has no marker to show it; a refused change has said so already.
            if state.mode.isReading, state.message == nil {
                state.message = row.isRead ? .markedArticleUnread : .markedArticleRead
            }
        case .toggleStar(let tab, let article):
            guard let row = try row(tab: tab, article: article),
                  let stored = save(row.isStarred ? .unstar : .star, { () throws(StoreError) in
                      try store.setStarred(!row.isStarred, articleID: row.id)
                  }) else { break }
            state.message = !stored ? .articleGone : row.isStarred ? .unstarred : .starred
            try reloadAfterOwnWrite()
        case .markTabRead(let tab):
            guard let marked = save(.markTabRead, { () throws(StoreError) in
                try store.markTabRead(tabs[tab].name, storedUpTo: shownUpTo)
            }) else { break }
            state.message = .markedRead(count: marked)
            try reloadAfterOwnWrite()
        case .refresh:
            guard refresh == nil else {
                state.message = .fetchAlreadyRunning
                break
            }
            // The config as it is now: the fetch syncs its tabs into the store, and an older
            // one would bring back a removed feed, or a renamed tab under its old name.
            try followConfig()
            if let configProblem {
                state.message = .notFetchedConfigUnusable(configProblem)
                break
            }
            refresh = BackgroundRefresh.start(config: config, databasePath: databasePath, environment: environment)
        case .switchedTab(let from, let to):
            indicator.tabSwitched()
            // Bookkeeping, not the reader's own change: a full disk says so and reading goes on.
            do {
                try store.markViewed(tab: tabs[from].name, at: Date())
                try store.setSetting(Self.lastTabSetting, to: tabs[to].name)
            } catch {
                state.message = .lookNotRecorded(detail: error.sqliteMessage)
            }
        }
        return false
    }

    private func row(tab: Int, article: Int) throws(CommandFailure) -> ArticleRow? {
        try CommandContext.storeWork { () throws(StoreError) in try window.row(inTab: tabs[tab].name, at: article) }
    }

    private func setRead(_ isRead: Bool, row: ArticleRow) throws(CommandFailure) {
        guard row.isRead != isRead,
              let stored = save(isRead ? .markRead : .markUnread, { () throws(StoreError) in
                  try store.setRead(isRead, articleID: row.id)
              }) else { return }
        // Retention can delete the row between the frame and the key: nothing was stored.
        if !stored { state.message = .articleGone }
        try reloadAfterOwnWrite()
    }

    /// The view's own write (read, star, a tab marked read) changes every tab that lists
    /// the article (a feed in two tabs, a story two feeds carry), in counts and markers, and
    /// its own commits leave the data version as it was: every tab's counts and rows again.
    private func reloadAfterOwnWrite() throws(CommandFailure) {
        // Keys read with this one may have moved the selection since the frame noted it.
        selectedIDs[state.current] = try row(tab: state.current, article: state.shownTab.cursor.selection)?.id
        try reload()
    }

    /// Writes one of the reader's own changes (read, star). When the database refuses it (a
    /// full disk, a read-only file) the view goes on as it was and the status line says
    /// what was not saved and why; nil then.
    private func save<Value>(_ change: ViewMessage.ReaderChange, _ body: () throws(StoreError) -> Value) -> Value? {
        do {
            return try body()
        } catch {
            state.message = .notSaved(change, detail: error.sqliteMessage)
            return nil
        }
    }

    /// `o`: the article's link in the browser, and the article marked read.
    private func open(tab: Int, article: Int) throws(CommandFailure) {
        guard let row = try row(tab: tab, article: article) else { return }
        let mediaLink = row.link == nil ? try mediaLink(of: row.id) : nil
        guard let link = row.link ?? mediaLink else {
            state.message = .noLink
            return
        }
        if try launchBrowser(link) { try setRead(true, row: row) }
    }

    /// A podcast's episode often has no link of its own: its first media file's address,
    /// which a browser plays, stands in for one.
    private func mediaLink(of id: Int64) throws(CommandFailure) -> String? {
        let stored = try CommandContext.storeWork { () throws(StoreError) in try store.article(id: id) }
        return stored?.enclosures.first { BrowserLauncher.isOpenable($0.url) }?.url
    }

    /// Hands `link` to the browser, or says why not; true when the browser took it. The
    /// browser runs on the normal screen with the terminal as the user had it, so a
    /// text-mode browser works; the view comes back when it exits.
    @discardableResult
    private func launchBrowser(_ link: String) throws(CommandFailure) -> Bool {
        if let refusal = BrowserLauncher.refusal(for: link) {
            // The link is shown after why, so that a narrow status line keeps the reason; it
            // was cleaned of control characters when parsed, and the status line cleans again.
            let shown = link.count > Self.refusedLinkShownLimit ? link.prefix(Self.refusedLinkShownLimit) + "…" : link
            state.message = .refusedLink(reason: refusal, link: String(shown))
            return false
        }
        let browser = self.browser
        let failure = try terminalWork { () throws(TerminalError) in
            try session.outside { BrowserLauncher.open(link, browser: browser) }
        }
        previousFrame = nil
        repaintWhenIdle = true
        if let failure {
            state.message = .browserFailed(failure)
            return false
        }
        return true
    }

    /// Enter or `J` / `K`: the article's text from the store, and the article marked read,
    /// as newsboat marks an article it shows.
    private func startReading(tab: Int, article: Int) throws(CommandFailure) {
        guard let row = try row(tab: tab, article: article),
              let text = try CommandContext.storeWork({ () throws(StoreError) in try store.article(id: row.id) }) else {
            state.mode = .browsing
            state.message = .articleGone
            return
        }
        readingArticle = (row.id, text)
        readingPage = nil
        try setRead(true, row: row)
    }

    // MARK: The config

    /// Reads the config again when its file changed since the last look (one stat when it
    /// did not) and shows its tabs. A config that cannot be used leaves the tabs as they
    /// were, and the status line says why until the file changes into one that can.
    private func followConfig() throws(CommandFailure) {
        switch watchedConfig.check() {
        case .unchanged:
            return
        case .unusable(let reason):
            configProblem = reason
        case .loaded(let config, let visible):
            configProblem = nil
            try show(config, tabs: visible)
        }
    }

    /// The store's tabs made the config's, and the view's tabs replaced by name: a tab that
    /// stays (or that `newsmenu tab rename` renamed) keeps its place, selection and new
    /// marks; a new one opens where it was left in an earlier run.
    private func show(_ config: Config, tabs visible: [Tab]) throws(CommandFailure) {
        // Keys read before `r` or a quit may have moved the selection since the frame noted
        // it. Read under the tab's old name: after a rename in the store only a cached row
        // answers, and no answer keeps the frame's note.
        if let id = try row(tab: state.current, article: state.shownTab.cursor.selection)?.id {
            selectedIDs[state.current] = id
        }
        let names = visible.map(\.name)
        let (counts, ids, cursors) = try CommandContext.storeWork { () throws(StoreError) in
            try store.syncTabs(config.tabs)
            return (try store.tabCounts(), try store.tabIDs(), try SavedCursors.restore(tabs: names, from: store))
        }
        let continued = state.replaceTabs(with: names.indices.map { index in
            InteractiveTab(name: names[index], total: counts[names[index]]?.total ?? 0,
                           unread: counts[names[index]]?.unread ?? 0, cursor: cursors[index] ?? TabCursor(),
                           storedID: ids[names[index]])
        })
        for tab in tabs { window.invalidate(tab: tab.name) }
        var notedSince: [Date?] = []
        var notedIDs: [Int64?] = []
        for (index, old) in continued.enumerated() {
            notedSince.append(old.map { newSince[$0] } ?? counts[names[index]]?.lastViewed)
            notedIDs.append(old.flatMap { selectedIDs[$0] })
        }
        newSince = notedSince
        selectedIDs = notedIDs
        self.config = config
        tabs = visible
        search = StoreTitleSearch(store: store, tabNames: names)
        try reload()
    }

    // MARK: New articles

    private func checkRefresh() throws(CommandFailure) {
        guard let phase = refresh?.phase else { return }
        switch phase {
        case .running:
            return
        case .busy(let holder, let command):
            state.message = .lockHeld(by: holder, command: command)
        case .finished(let report, let hookProblem):
            state.message = refreshStoppedBySuspend ? .fetchStoppedBySuspend(fetched: report.fetched)
                                                    : .fetched(report, hookProblem: hookProblem)
            try reload()
        case .failed(let message):
            state.message = .fetchFailed(message)
        }
        refresh = nil
        refreshStoppedBySuspend = false
    }

    /// Another connection (a cron fetch, the view's own `r`) committed: show its articles.
    /// True when it had, and the view reloaded.
    private func noticeOtherWriters() throws(CommandFailure) -> Bool {
        let version = try CommandContext.storeWork { () throws(StoreError) in try store.dataVersion() }
        guard version != dataVersion else { return false }
        try reload()
        return true
    }

    /// New counts for every tab; where new articles arrived above a tab's selection, the
    /// selection follows its article.
    private func reload() throws(CommandFailure) {
        try CommandContext.storeWork { () throws(StoreError) in
            // The version first: a commit after it changes the version again, so the next
            // check reloads once more.
            dataVersion = try store.dataVersion()
            // The rest on one snapshot: counts read before a commit and an article's place
            // read after it put the selection on another article, which the note of the
            // selections below would then follow for good.
            try store.readingOneSnapshot { () throws(StoreError) in
                listedUpTo = try store.newestArticleID()
                let counts = try store.tabCounts()
                var selections: [Int: Int] = [:]
                for (index, tab) in tabs.enumerated() {
                    if let id = selectedIDs[index], let moved = try store.articleIndex(id: id, inTab: tab.name) {
                        selections[index] = moved
                    }
                    window.invalidate(tab: tab.name)
                }
                var searchOrigin: Int?
                if let id = searchOriginID { searchOrigin = try store.articleIndex(id: id, inTab: tabs[state.current].name) }
                search.forget()
                state.updateCounts(
                    tabs.map { (total: counts[$0.name]?.total ?? 0, unread: counts[$0.name]?.unread ?? 0) },
                    selections: selections, searchOrigin: searchOrigin)
                try noteSelections()
            }
        }
    }

    /// Every tab's selected article as the data is now, for the next reload to follow.
    private func noteSelections() throws(StoreError) {
        for index in tabs.indices {
            selectedIDs[index] = try window.row(inTab: tabs[index].name, at: state.tabs[index].cursor.selection)?.id
        }
    }

    /// The article a search started on, read when the search starts (its row is on screen).
    private func noteSearchOrigin() throws(CommandFailure) {
        guard case .searching(_, let origin) = state.mode else {
            searchOriginID = nil
            return
        }
        if searchOriginID == nil { searchOriginID = try row(tab: state.current, article: origin)?.id }
    }

    // MARK: Drawing

    private func draw() throws(CommandFailure) {
        let size = session.size() ?? (columns: 80, rows: 24)
        let frame = InteractiveFrame(columns: size.columns, rows: size.rows, display: display, now: Date(),
                                     pageLimit: pageLimit)
        let menuTabs = tabs.indices.map { index in
            MenuTab(name: tabs[index].name, color: tabs[index].color, unread: state.tabs[index].unread)
        }
        let layout = frame.layout(for: frame.menuState(state, tabs: menuTabs, visible: [], newSince: nil))
        if layout != state.layout { state.relayout(layout) }
        if let page = requestedPage {
            state.openPage(page)
            requestedPage = nil
        }
        let visible = try visibleRows()
        // Rows read across a commit would join cached rows of the old data to new ones (an
        // article twice, a stale count): the view reloads, dropping every cached row, and
        // draws again.
        if try noticeOtherWriters() { return try draw() }
        shownUpTo = listedUpTo
        let tab = state.shownTab
        selectedIDs[state.current] = try row(tab: state.current, article: tab.cursor.selection)?.id
        var menu = frame.menuState(state, tabs: menuTabs, visible: visible, newSince: newSince[state.current])
        if tab.total == 0 {
            let shownTab = tabs[state.current]
            let fetches = try CommandContext.storeWork { () throws(StoreError) in
                try store.lastFetches(inTab: shownTab.name)
            }
            menu.emptyTab = shownTab.feeds.isEmpty ? .addFeed(tab: shownTab.name, options: pathOptions)
                : fetches.allFailed ? .feedsFailing(options: pathOptions)
                : fetches.allSucceeded ? .feedsEmpty : .pressFetchKey
        }
        if !state.mode.isHelp, !state.mode.isReading {
            menu.indicator = indicator.frame(resting: PageMenu.restingIndicator(menu), now: FrameLog.now())
        }
        let article = state.mode.isReading ? try readingLines(frame) : []
        let screen = frame.screen(menu: menu, mode: state.mode, status: statusText(frame, article: article), article: article,
                                  marking: state.articleSearchWords, helpTopic: state.helpTopic)
        let update = FrameDiff.update(from: previousFrame, to: screen)
        guard update.isEmpty || session.write(update) else {
            throw CommandFailure(message: "the terminal went away", status: ExitStatus.failure)
        }
        previousFrame = screen
    }

    private func visibleRows() throws(CommandFailure) -> [ArticleRow] {
        let tab = state.shownTab
        let visibleRange = tab.cursor.offset..<max(min(tab.cursor.offset + state.rows, tab.total), tab.cursor.offset)
        return try CommandContext.storeWork { () throws(StoreError) in try window.rows(inTab: tab.name, visibleRange) }
    }

    /// The page of the article being read, laid out again only when the article, the width
    /// or its star changed. When the tab's selection is no longer that article (retention or
    /// another process deleted it, and the reload moved the selection on), the list is shown
    /// again and the status line says why.
    private func readingLines(_ frame: InteractiveFrame) throws(CommandFailure) -> [String] {
        guard let reading = readingArticle,
              let row = try row(tab: state.current, article: state.shownTab.cursor.selection), row.id == reading.id else {
            state.mode = .browsing
            state.message = .readArticleDeleted
            readingArticle = nil
            readingPage = nil
            return []
        }
        let key = ReadingPageKey(id: row.id, width: frame.readingWidth, isStarred: row.isStarred)
        if readingPage?.key != key {
            let article = ReadableArticle(
                title: row.title, sources: row.sources, author: reading.text.author, published: row.published,
                firstSeen: row.firstSeen, link: row.link, summary: reading.text.summary, content: reading.text.content,
                isStarred: row.isStarred, enclosures: reading.text.enclosures, categories: reading.text.categories,
                isUntitled: row.isUntitled)
            let styled = ArticlePage.lines(
                article, width: key.width, now: frame.now, zone: .system, language: display.language,
                colors: display.colors, ambiguousWide: display.ambiguousWide)
            let links = ArticlePage.links(of: article)
            readingPage = (key, styled, links)
            // What `/` searches: the same lines without their styles.
            state.setReadingPage(display.colors.usesEscapes ? styled.map(TerminalText.unstyled) : styled, links: links.count)
        }
        return readingPage?.lines ?? []
    }

    private func statusText(_ frame: InteractiveFrame, article: [String]) -> StatusText {
        switch state.mode {
        case .searchingArticle(let draft, _, _):
            return frame.searchStatus(draft: draft, message: state.message?.text(display.language))
        case .choosingLink(let number, _):
            if let message = state.message { return StatusText(message.text(display.language)) }
            return StatusText(ViewText.choosingLink(number, of: readingPage?.links.count ?? 0, display.language))
        case .reading(let scroll):
            if let message = state.message { return StatusText(message.text(display.language)) }
            let shown = min(scroll + state.layout.readingRows, article.count)
            return StatusText(ViewText.readingHint(shownTo: article.isEmpty ? 100 : shown * 100 / article.count,
                                                   display.language))
        case .searching(let draft, _):
            return frame.searchStatus(draft: draft, message: state.message?.text(display.language))
        case .confirmingMarkRead:
            let tab = state.shownTab
            return StatusText(ViewText.confirmMarkRead(unread: tab.unread, tab: tab.name, display.language))
        case .help(let scroll):
            return StatusText(frame.helpHint(scroll: scroll, topic: state.helpTopic))
        case .browsing:
            if let message = state.message { return StatusText(message.text(display.language)) }
            if case .running(let done, let total)? = refresh?.phase {
                return StatusText(ViewText.fetching(done: done, of: total, display.language))
            }
            if let configProblem { return StatusText(ViewMessage.configNotFollowed(configProblem).text(display.language)) }
            return StatusText(ViewText.keysHint(display.language))
        }
    }

    /// The shown tab was looked at until now; it is the one to open next time, and every
    /// tab opens where it was left.
    private func recordLook() throws(StoreError) {
        let name = tabs[state.current].name
        guard try store.markViewed(tab: name, at: Date()) else { return }
        // Keys read with the one that quit moved the selection without a frame to note it.
        selectedIDs[state.current] = try window.row(inTab: name, at: state.shownTab.cursor.selection)?.id
        try store.setSetting(Self.lastTabSetting, to: name)
        for (index, tab) in state.tabs.enumerated() where tab.total > 0 {
            guard let id = selectedIDs[index] else { continue }
            try SavedCursors.save(tab.cursor, articleID: id, tab: tab.name, to: store)
        }
    }

    /// What an article's page was laid out for.
    private struct ReadingPageKey: Equatable {
        var id: Int64
        var width: Int
        var isStarred: Bool
    }

    private func terminalWork<Result>(_ body: () throws(TerminalError) -> Result) throws(CommandFailure) -> Result {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: "terminal: \(error)", status: ExitStatus.failure)
        }
    }
}
