// `newsmenu vacuum`: compacts the database after retention has deleted articles.
import Foundation
import NewsStore

enum VacuumCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let store = try context.openStore()
        let sizes = try CommandContext.storeWork { () throws(StoreError) in try store.vacuum() }
        Console.out("\(context.databasePath): \(megabytes(sizes.before)) → \(megabytes(sizes.after))")
        return ExitStatus.success
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
