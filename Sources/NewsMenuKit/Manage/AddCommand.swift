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
        let given = try FeedAddress.url(from: context.invocation.arguments[0])
        // Checked before the download, so that a broken config is said at once; the edit
        // reads it again under the lock.
        _ = try ConfigFileWriter.read(path: context.configPath)
        let discovery = FeedDiscovery(fetcher: Fetcher())
        var requested = given
        let chosen: FeedDiscovery.LoadedFeed
        switch discovery.examine(given) {
        case .failure(let error):
            throw CommandFailure(message: "\(error.url): \(error.message)", status: ExitStatus.failure)
        case .success(.feed(let loaded)):
            chosen = loaded
        case .success(.page(let candidates)):
            Console.out("\(given) is a web page; feeds found:")
            for (index, candidate) in candidates.enumerated() {
                Console.out("  \(index + 1). \(candidate)" + (index + 1 == pick ? "  (chosen)" : ""))
            }
            guard pick <= candidates.count else {
                throw CommandFailure(message: "--pick \(pick): only \(candidates.count) feed\(candidates.count == 1 ? "" : "s") found",
                                     status: ExitStatus.usage)
            }
            requested = candidates[pick - 1]
            switch discovery.load(requested) {
            case .success(let loaded): chosen = loaded
            case .failure(let error):
                throw CommandFailure(message: "\(error.url): \(error.message)", status: ExitStatus.failure)
            }
        }
        let (url, feed) = (chosen.url, chosen.feed)
        if url != requested { Console.out("\(requested) has moved permanently to \(url); adding that") }
        let title = context.invocation.option("--title") ?? feed.title
        try LockedConfigEdit.run(configPath: context.configPath, command: "add") { (editor) throws(CommandFailure) in
            do throws(ConfigEditError) {
                try editor.addFeed(url: url, title: title, toTab: tab)
            } catch {
                throw error.commandFailure
            }
        }
        Console.out("added \(url)" + (title.map { " (\($0))" } ?? "") + " to tab \"\(tab)\"; it has \(feed.articles.count) articles")
        return ExitStatus.success
    }
}
