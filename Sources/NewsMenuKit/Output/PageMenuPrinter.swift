// Prints one frame of the page menu for a config and a store: reads the selected tab's page,
// its unread counts and last look, hands the state to the pure renderer, and records the look.
// Every option is checked before the database is touched.
import Foundation
import NewsModel
import NewsRender
import NewsStore

struct PageMenuPrinter {
    let selection: MenuSelection
    private let display: DisplaySettings
    /// `--config` and `--db` as given, for the command an empty tab's line suggests.
    private let pathOptions: String

    init(config: Config, context: CommandContext) throws(CommandFailure) {
        selection = try MenuSelection(config: config, context: context)
        display = try DisplaySettings.resolve(
            invocation: context.invocation, preferences: config.display, environment: context.environment)
        pathOptions = context.pathOptions
    }

    /// `line` without the blanks that pad it to the width: the interactive view needs them to
    /// paint over the frame before, a printed frame goes to files, diffs and mail, where they
    /// are noise. Blanks before a closing escape (a coloured line's) are left as drawn.
    static func withoutTrailingBlanks(_ line: String) -> String {
        var end = line.utf8.endIndex
        while end > line.utf8.startIndex, line.utf8[line.utf8.index(before: end)] == UInt8(ascii: " ") {
            end = line.utf8.index(before: end)
        }
        return String(line[..<end])
    }

    /// Prints the frame, then records now as the tab's last look, so the next frame marks
    /// as new only what arrived after this one.
    func print(from store: FeedStore) throws(CommandFailure) {
        let name = selection.tabName
        let page = try selection.readPage(from: store, pageSize: display.pageSize(limit: selection.limit))
        let (unread, lastViewed) = try CommandContext.storeWork { () throws(StoreError) in
            (try store.unreadCounts(), try store.lastViewed(tab: name))
        }
        let now = Date()
        var state = PageMenuState(
            tabs: selection.tabs.map { MenuTab(name: $0.name, color: $0.color, unread: unread[$0.name] ?? 0) },
            selectedTab: selection.selected, articles: page.articles, now: now,
            width: display.width, height: display.height, colors: display.colors, language: display.language,
            style: display.style, layout: display.layout, newSince: lastViewed,
            ambiguousWide: display.ambiguousWide, page: page.number, pageCount: page.count,
            totalArticles: page.total)
        if page.total == 0 {
            let fetches = try CommandContext.storeWork { () throws(StoreError) in try store.lastFetches(inTab: name) }
            state.emptyTab = selection.tabs[selection.selected].feeds.isEmpty ? .addFeed(tab: name, options: pathOptions)
                : fetches.allFailed ? .feedsFailing(options: pathOptions)
                : fetches.allSucceeded ? .feedsEmpty : .runFetch(options: pathOptions)
        }
        Console.outDrawn(PageMenu.render(state).map(Self.withoutTrailingBlanks).joined(separator: "\n"))
        // A frame that never reached its reader is not a look.
        guard !Console.writeFailed else { return }
        // The frame is printed: a look that cannot be recorded (a full disk) is a warning,
        // as a read-only file records none.
        do {
            try store.markViewed(tab: name, at: now)
        } catch {
            Console.err("newsmenu: warning: the look was not recorded: database \(error)")
        }
    }
}
