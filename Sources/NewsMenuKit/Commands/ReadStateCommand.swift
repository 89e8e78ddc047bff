// `newsmenu read|unread|star|unstar ID…` and `newsmenu read --tab NAME --all [--older-than AGE]`.
// Exit 0 when every id named an article, 1 when any did not (the others are still marked).
import Foundation
import NewsStore

enum ReadStateCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let invocation = context.invocation
        guard case .run(let command) = invocation.action else { return ExitStatus.usage }
        if command == "read", invocation.flag("--all") || invocation.option("--tab") != nil {
            return try markTab(context)
        }
        if invocation.option("--older-than") != nil {
            throw .usage("--older-than goes with --tab NAME --all")
        }
        guard !invocation.arguments.isEmpty else { throw .usage("missing argument ID… (or --tab NAME --all)") }
        let ids = try articleIDs(invocation.arguments)
        let store = try context.openExistingStore()
        let unknown = try CommandContext.storeWork { () throws(StoreError) -> [Int64] in
            switch command {
            case "read": return try store.setRead(true, articleIDs: ids)
            case "unread": return try store.setRead(false, articleIDs: ids)
            case "star": return try store.setStarred(true, articleIDs: ids)
            default: return try store.setStarred(false, articleIDs: ids)
            }
        }
        guard unknown.isEmpty else {
            let list = unknown.map(String.init).joined(separator: ", ")
            throw CommandFailure(
                message: "no article with id \(list) (ids are the \"id\" of show --json); "
                    + "\(ids.count - unknown.count) of \(ids.count) marked",
                status: ExitStatus.failure)
        }
        return ExitStatus.success
    }

    /// Ids as whole numbers; anything else is a usage error naming it.
    static func articleIDs(_ arguments: [String]) throws(CommandFailure) -> [Int64] {
        var ids: [Int64] = []
        for argument in arguments {
            guard let id = Int64(argument) else {
                throw .usage("'\(argument)' is not an article id (a whole number, as show --json gives)")
            }
            ids.append(id)
        }
        return ids
    }

    private static func markTab(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let invocation = context.invocation
        guard invocation.arguments.isEmpty else { throw .usage("give article ids or --tab NAME --all, not both") }
        guard let name = invocation.option("--tab"), invocation.flag("--all") else {
            throw .usage("marking a whole tab read takes both --tab NAME and --all")
        }
        var cutoff: Date?
        if let text = invocation.option("--older-than") {
            guard let age = DurationText.seconds(text), age > 0 else {
                throw .usage("option '--older-than' needs an age such as 7d, 12h or 1h30m, not '\(text)'")
            }
            cutoff = Date().addingTimeInterval(-age)
        }
        let config = try context.loadConfig()
        _ = try MenuSelection.selectedIndex(of: name, in: config, configPath: context.configPath)
        let store = try context.openExistingStore()
        let marked = try CommandContext.storeWork { () throws(StoreError) -> Int in
            try store.syncTabs(config.tabs)
            return try store.markTabRead(name, olderThan: cutoff)
        }
        Console.out("marked \(marked) \(marked == 1 ? "article" : "articles") read in \(name)")
        return ExitStatus.success
    }
}
