// `newsmenu demo`: the whole pipeline on the bundled sample feeds, with no network: the
// feeds are written to a temporary directory, fetched through libcurl as file: URLs,
// parsed, stored in a throw-away database (or `--db`), and shown.
import Foundation

enum DemoCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("newsmenu-demo-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let config: Config
        do {
            config = try DemoSetup.writeFeeds(into: workspace.appendingPathComponent("feeds"), now: Date())
        } catch {
            throw CommandFailure(message: "cannot write the demo feeds under \(workspace.path): \(error)",
                                 status: ExitStatus.failure)
        }
        let printer = try PageMenuPrinter(config: config, context: context)
        let databasePath = context.invocation.option("--db").map { _ in context.databasePath }
            ?? workspace.appendingPathComponent("demo.db").path
        let store = try context.openStore(at: databasePath)
        let report: RefreshReport
        do {
            try store.syncTabs(config.tabs)
            // The sample files are new every run, so every feed is fetched.
            report = try FeedRefresh(config: config, store: store, options: RefreshOptions(force: true)).run { _ in }
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
        Console.err(report.summaryLine())
        report.failures.compactMap(\.failure).forEach { Console.err("failed (\($0.stage.rawValue)): \($0.message)") }
        try printer.print(from: store)
        let others = config.visibleTabs.map(\.name).filter { $0 != printer.selection.tabName }
        Console.err("other tabs: " + others.map { "newsmenu demo --tab \($0)" }.joined(separator: " | "))
        return report.allSucceeded ? ExitStatus.success : ExitStatus.failure
    }
}
