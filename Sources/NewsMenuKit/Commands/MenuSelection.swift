// Which tab and which page of it to print (`--tab`, `--page`, `--limit`), checked before the
// database is opened, and reading that page from the store.
import Foundation
import NewsModel
import NewsStore

struct MenuSelection {
    let config: Config
    /// The visible tabs: disabled ones are hidden.
    let tabs: [Tab]
    let selected: Int
    /// Counted from 1.
    let page: Int
    /// `--limit`, if given.
    let limit: Int?

    var tabName: String { tabs[selected].name }

    /// One page of the selected tab, and where it sits among the tab's pages.
    struct Page {
        var articles: [ArticleRow]
        var number: Int
        var count: Int
        /// Articles in the tab across all pages.
        var total: Int
    }

    init(config: Config, context: CommandContext) throws(CommandFailure) {
        self.config = config
        tabs = try Self.visibleTabs(of: config, configPath: context.configPath)
        selected = try Self.selectedIndex(of: context.invocation.option("--tab"), in: config, configPath: context.configPath)
        page = try context.positiveInteger("--page") ?? 1
        limit = try context.positiveInteger("--limit")
    }

    /// The tabs the menu shows: the enabled ones; a config with none is a config error.
    static func visibleTabs(of config: Config, configPath: String) throws(CommandFailure) -> [Tab] {
        let tabs = config.visibleTabs
        guard !tabs.isEmpty else {
            throw CommandFailure(message: "\(configPath): every tab is disabled; enable one to show it",
                                 status: ExitStatus.config)
        }
        return tabs
    }

    /// `--tab NAME`'s place among the visible tabs, else the first tab's. A disabled tab is a
    /// usage error saying so, an unknown name one listing the tabs.
    static func selectedIndex(of requested: String?, in config: Config, configPath: String) throws(CommandFailure) -> Int {
        guard let requested else { return 0 }
        let tabs = config.visibleTabs
        if let index = tabs.firstIndex(where: { $0.name == requested }) { return index }
        if config.tabs.contains(where: { $0.name == requested }) {
            throw .usage("tab '\(requested)' is disabled (\"enabled\": false in \(configPath))")
        }
        throw .usage("unknown tab '\(requested)'; the tabs are: \(tabs.map(\.name).joined(separator: ", "))")
    }

    /// Pages of `pageSize` that `total` articles fill; an empty tab still has its one page.
    static func pageCount(total: Int, pageSize: Int) -> Int {
        let size = max(pageSize, 1)
        return max(1, total / size + (total % size > 0 ? 1 : 0))
    }

    /// Syncs the config's tabs into the store and reads the selected page. A page past the
    /// end is a usage error naming how many pages the tab has.
    func readPage(from store: FeedStore, pageSize: Int) throws(CommandFailure) -> Page {
        let name = tabName
        let total = try CommandContext.storeWork { () throws(StoreError) in
            try store.syncTabs(config.tabs)
            return try store.articleCount(inTab: name)
        }
        let count = Self.pageCount(total: total, pageSize: pageSize)
        guard page <= count else {
            throw .usage("page \(page) is past the end: the tab '\(name)' has \(count) \(count == 1 ? "page" : "pages")"
                         + " (\(total) \(total == 1 ? "article" : "articles"), up to \(pageSize) a page)")
        }
        let articles = try CommandContext.storeWork { () throws(StoreError) in
            try store.articles(inTab: name, limit: pageSize, offset: (page - 1) * pageSize)
        }
        return Page(articles: articles, number: page, count: count, total: total)
    }
}
