// Prints one frame of the page menu for a config and a store: picks the tab, reads its
// articles and unread counts, and hands the state to the pure renderer. Every option is
// checked before the database is touched.
import Foundation
import NewsModel
import NewsRender
import NewsStore

struct PageMenuPrinter {
    private let config: Config
    private let tabs: [Tab]
    private let selected: Int
    private let display: DisplaySettings
    private let limit: Int

    /// The name of the tab the frame shows.
    var selectedTabName: String { tabs[selected].name }

    init(config: Config, context: CommandContext) throws(CommandFailure) {
        self.config = config
        tabs = config.visibleTabs
        guard !tabs.isEmpty else {
            throw CommandFailure(message: "\(context.configPath): every tab is disabled; enable one to show it",
                                 status: ExitStatus.config)
        }
        selected = try Self.selectedIndex(in: tabs, requested: context.invocation.option("--tab"))
        display = try DisplaySettings.current(colorOption: context.invocation.option("--color"),
                                              environment: context.environment)
        limit = try context.positiveInteger("--limit") ?? display.height ?? 40
    }

    func print(from store: FeedStore) throws(CommandFailure) {
        let articles: [ArticleRow]
        let unread: [String: Int]
        do {
            try store.syncTabs(config.tabs)
            articles = try store.articles(inTab: selectedTabName, limit: limit)
            unread = try store.unreadCounts()
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
        let state = PageMenuState(
            tabs: tabs.map { MenuTab(name: $0.name, color: $0.color, unread: unread[$0.name] ?? 0) },
            selectedTab: selected, articles: articles, now: Date(),
            width: display.width, height: display.height, colors: display.colors, language: display.language)
        Console.out(PageMenu.render(state).joined(separator: "\n"))
    }

    /// `--tab NAME`, else the first tab. An unknown name is a usage error listing the tabs.
    static func selectedIndex(in tabs: [Tab], requested: String?) throws(CommandFailure) -> Int {
        guard let requested else { return 0 }
        if let index = tabs.firstIndex(where: { $0.name == requested }) { return index }
        throw .usage("unknown tab '\(requested)'; the tabs are: \(tabs.map(\.name).joined(separator: ", "))")
    }
}
