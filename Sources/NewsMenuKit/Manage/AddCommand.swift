// `newsmenu add URL --tab NAME [--title T] [--pick N]`: finds the feed (discovering it when
// URL is a web page), checks that it downloads and parses, and adds it to the tab.
import Foundation
import NewsFetch
import NewsModel

enum AddCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        guard let tab = context.invocation.option("--tab") else {
            throw .usage("add needs --tab NAME: the tab to add the feed to (created when missing)")
        }
        let pick = try context.positiveInteger("--pick") ?? 1
        var editor = try ConfigFileWriter.read(path: context.configPath)
        let discovery = FeedDiscovery(fetcher: Fetcher())
        let given = context.invocation.arguments[0]
        var url = given
        var feed: Feed
        switch discovery.examine(given) {
        case .failure(let error):
            throw CommandFailure(message: "\(error.url): \(error.message)", status: ExitStatus.failure)
        case .success(.feed(_, let parsed)):
            feed = parsed
        case .success(.page(let candidates)):
            Console.out("\(given) is a web page; feeds found:")
            for (index, candidate) in candidates.enumerated() {
                Console.out("  \(index + 1). \(candidate)" + (index + 1 == pick ? "  (chosen)" : ""))
            }
            guard pick <= candidates.count else {
                throw CommandFailure(message: "--pick \(pick): only \(candidates.count) feed\(candidates.count == 1 ? "" : "s") found",
                                     status: ExitStatus.usage)
            }
            url = candidates[pick - 1]
            switch discovery.load(url) {
            case .success(let parsed): feed = parsed
            case .failure(let error):
                throw CommandFailure(message: "\(error.url): \(error.message)", status: ExitStatus.failure)
            }
        }
        let title = context.invocation.option("--title") ?? feed.title
        do {
            try editor.addFeed(url: url, title: title, toTab: tab)
        } catch {
            throw CommandFailure(message: error.message, status: ExitStatus.failure)
        }
        try ConfigFileWriter.write(editor.bytes, to: context.configPath)
        Console.out("added \(url)" + (title.map { " (\($0))" } ?? "") + " to tab \"\(tab)\"; it has \(feed.articles.count) articles")
        return ExitStatus.success
    }
}
