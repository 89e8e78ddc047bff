// `newsmenu fetch`: the cron job. Downloads every feed, stores new articles, reports on stderr.

enum FetchCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        let store = try context.openStore()
        do {
            try store.syncTabs(config.tabs)
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
        let report = FeedRefresh.run(config: config, store: store)
        report.summaryLines().forEach(Console.err)
        return report.allSucceeded ? ExitStatus.success : ExitStatus.failure
    }
}
