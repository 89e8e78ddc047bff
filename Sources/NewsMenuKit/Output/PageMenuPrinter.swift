// Prints one frame of the page menu for a config and a store: picks the tab, reads its
// articles and unread counts, and hands the state to the pure renderer.
import Foundation
import NewsModel
import NewsRender
import NewsStore

enum PageMenuPrinter {
    /// Prints the frame and returns the name of the tab shown.
    @discardableResult
    static func print(config: Config, store: FeedStore, context: CommandContext) throws(CommandFailure) -> String {
        let tabs = config.visibleTabs
        guard !tabs.isEmpty else {
            throw CommandFailure(message: "\(context.configPath): every tab is disabled; enable one to show it",
                                 status: ExitStatus.config)
        }
        let selected = try selectedIndex(in: tabs, requested: context.invocation.option("--tab"))
        let display = try DisplaySettings.current(colorOption: context.invocation.option("--color"),
                                                  environment: context.environment)
        let limit = try context.positiveInteger("--limit") ?? display.height ?? 40
        let articles: [ArticleRow]
        let unread: [String: Int]
        do {
            try store.syncTabs(config.tabs)
            articles = try store.articles(inTab: tabs[selected].name, limit: limit)
            unread = try store.unreadCounts()
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
        let state = PageMenuState(
            tabs: tabs.map { MenuTab(name: $0.name, color: $0.color, unread: unread[$0.name] ?? 0) },
            selectedTab: selected, articles: articles, now: Date(),
            width: display.width, height: display.height, colors: display.colors, language: display.language)
        Console.out(PageMenu.render(state).joined(separator: "\n"))
        return tabs[selected].name
    }

    /// `--tab NAME`, else the first tab. An unknown name is a usage error listing the tabs.
    static func selectedIndex(in tabs: [Tab], requested: String?) throws(CommandFailure) -> Int {
        guard let requested else { return 0 }
        if let index = tabs.firstIndex(where: { $0.name == requested }) { return index }
        throw .usage("unknown tab '\(requested)'; the tabs are: \(tabs.map(\.name).joined(separator: ", "))")
    }
}
