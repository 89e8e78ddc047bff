// `newsmenu search QUERY [--tab NAME] [--rank] [--json]`: every stored article of the visible
// tabs matching the query, newest first or by relevance, matches highlighted. Exit 0 with
// hits, 1 without.
import Foundation
import NewsStore
import TerminalIO

enum SearchCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let invocation = context.invocation
        let query = invocation.arguments.joined(separator: " ")
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw .usage("the query is empty") }
        let colors = try DisplaySettings.colorMode(option: invocation.option("--color"),
                                                   isTerminal: Terminal.isTerminal(STDOUT_FILENO),
                                                   environment: context.environment)
        let limit = try context.positiveInteger("--limit") ?? 50
        let config = try context.loadConfig(cachedBesideDatabase: true)
        let tab = invocation.option("--tab")
        _ = try MenuSelection.selectedIndex(of: tab, in: config, configPath: context.configPath)
        // What the menu shows: a feed only in a disabled tab, or in none (unsubscribed), is not searched.
        let tabs = tab.map { [$0] } ?? config.visibleTabs.map(\.name)
        let store = try context.openStoreForReading()
        let (hits, storesNothing) = try CommandContext.storeWork { () throws(StoreError) in
            try store.syncTabs(config.tabs)
            let hits = try store.search(query, inTabs: tabs, order: invocation.flag("--rank") ? .relevance : .newest,
                                        limit: limit)
            return (hits, hits.isEmpty ? try store.hasNoArticles() : false)
        }
        if invocation.flag("--json") {
            Console.out(MenuJSON.text(SearchOutput.json(query: query, hits: hits)))
        } else if storesNothing {
            Console.err("newsmenu: no articles are stored yet in \(context.databasePath): run 'newsmenu fetch' first")
        } else if hits.isEmpty {
            Console.err("newsmenu: nothing matches '\(query)'")
        } else {
            SearchOutput.lines(hits, escapes: colors.usesEscapes).forEach(Console.outDrawn)
            // A full page may not be all: say so where it does not mix with the hits.
            if hits.count == limit {
                Console.err("newsmenu: showing " + (limit == 1 ? "the first match" : "the first \(limit) matches") + "; --limit N shows more")
            }
        }
        return hits.isEmpty ? ExitStatus.failure : ExitStatus.success
    }
}
