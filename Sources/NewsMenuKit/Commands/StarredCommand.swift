// `newsmenu starred [--limit N] [--json]`: every starred article, newest first, with its
// link: those of feeds no tab lists any more too, which no page or search shows.
import Foundation
import NewsRender
import NewsStore

enum StarredCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let limit = try context.positiveInteger("--limit") ?? -1
        let store = try context.openStoreForReading()
        let rows = try CommandContext.storeWork { () throws(StoreError) in try store.starredArticles(limit: limit) }
        if context.invocation.flag("--json") {
            Console.out(MenuJSON.text(.object([("results", .array(rows.map { .object(SearchOutput.fields(of: $0)) }))])))
        } else if rows.isEmpty {
            Console.err("newsmenu: no article is starred (s in the view, or newsmenu star ID, stars one)")
        } else {
            for row in rows {
                let lines = SearchOutput.articleLines(row, title: TerminalText.sanitize(row.title))
                    + (row.link.map { ["    " + TerminalText.sanitize($0)] } ?? [])
                lines.forEach(Console.outDrawn)
            }
        }
        return ExitStatus.success
    }
}
