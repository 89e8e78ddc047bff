// `newsmenu tabs`: each visible tab with its unread, total and new-since-last-look counts.
import Foundation
import NewsModel
import NewsStore

enum TabsCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        let store = try context.openStoreForReading()
        let counts = try CommandContext.storeWork { () throws(StoreError) in
            try store.syncTabs(config.tabs)
            return try store.tabCounts()
        }
        let tabs = config.visibleTabs
        if context.invocation.flag("--json") {
            Console.out(MenuJSON.text(.array(tabs.map { MenuJSON.tab($0, counts: counts[$0.name]) })))
        } else {
            table(tabs, counts: counts).forEach(Console.out)
        }
        return ExitStatus.success
    }

    static func table(_ tabs: [Tab], counts: [String: TabCounts]) -> [String] {
        let rows = [["TAB", "UNREAD", "TOTAL", "NEW"]] + tabs.map { tab in
            let tabCounts = counts[tab.name]
            return [tab.name] + [tabCounts?.unread, tabCounts?.total, tabCounts?.new].map { String($0 ?? 0) }
        }
        // Names in full: they are what `--tab` takes.
        return TextTable.lines(rows, limits: [.max, 8, 8, 8], rightAligned: [1, 2, 3])
    }
}
