// `newsmenu vacuum`: compacts the database after retention has deleted articles.
import Foundation
import NewsStore

enum VacuumCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        // Vacuum rewrites both files a fetch writes and holds their write locks while it does:
        // beside a running fetch, the fetch's batches would wait out the busy timeout and fail,
        // and the index's vacuum would wait on the fetch's indexer. So it takes the fetch lock,
        // waiting for a running fetch as a second fetch does.
        let wait = try FetchCommand.waitSeconds(context.invocation, default: 30)
        let lock: FileLock
        do {
            lock = try FileLock(databasePath: context.databasePath, wait: wait, command: "vacuum")
        } catch {
            throw error.commandFailure(wait: wait)
        }
        return try withExtendedLifetime(lock) { () throws(CommandFailure) -> Int32 in
            let store = try context.openExistingStore()
            let sizes = try CommandContext.storeWork { () throws(StoreError) in try store.vacuum() }
            Console.out("\(context.databasePath): \(megabytes(sizes.before)) → \(megabytes(sizes.after))")
            return ExitStatus.success
        }
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
