// `newsmenu demo`: the whole pipeline on the bundled sample feeds, with no network: the
// feeds are written to a directory, fetched through libcurl as file: URLs, parsed, stored,
// and shown. Without `--db` everything lives in a temporary directory removed at the end;
// with `--db` the feeds go beside that database, under the same URLs every run, and the
// database's fetch lock is taken like any fetch.
import Foundation

enum DemoCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let keepsDatabase = context.invocation.option("--db") != nil
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("newsmenu-demo-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let databasePath = keepsDatabase ? context.databasePath : workspace.appendingPathComponent("demo.db").path
        let feedsDirectory = keepsDatabase
            ? URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("newsmenu-demo-feeds")
            : workspace.appendingPathComponent("feeds")
        let lock: FileLock?
        do {
            lock = keepsDatabase ? try FileLock(databasePath: databasePath, wait: 30) : nil
        } catch {
            throw error.commandFailure(wait: 30)
        }
        let config: Config
        do {
            config = try DemoSetup.writeFeeds(into: feedsDirectory, now: Date())
        } catch {
            throw CommandFailure(message: "cannot write the demo feeds under \(feedsDirectory.path): \(error)",
                                 status: ExitStatus.failure)
        }
        let printer = try PageMenuPrinter(config: config, context: context)
        let store = try context.openStore(at: databasePath)
        let report: RefreshReport
        do {
            try store.syncTabs(config.tabs)
            // The sample files are new every run, so every feed is fetched.
            let refresh = FeedRefresh(config: config, store: store, options: RefreshOptions(force: true))
            report = try refresh.run(refresh.start(try refresh.plan())) { _ in }
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
        withExtendedLifetime(lock) {}
        Console.err(report.summaryLine())
        report.failures.compactMap(\.failure).forEach { Console.err("failed (\($0.stage.rawValue)): \($0.message)") }
        try printer.print(from: store)
        let others = config.visibleTabs.map(\.name).filter { $0 != printer.selection.tabName }
        Console.err("other tabs: " + others.map { "newsmenu demo --tab \($0)" }.joined(separator: " | "))
        return report.allSucceeded ? ExitStatus.success : ExitStatus.failure
    }
}
