// What every command gets: its parsed invocation, the environment, and the shared steps of
// loading the config and opening the store, each failing with the right exit status.
import Foundation
import NewsModel
import NewsStore

/// Exit statuses, following sysexits(3) where one fits.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    /// EX_TEMPFAIL: another process holds the database's or the config's lock; try again later.
    static let busy: Int32 = 75
    static let config: Int32 = 78
}

/// A command's failure: the message for stderr and the exit status.
struct CommandFailure: Error {
    var message: String
    var status: Int32
    /// Print the command's usage line after the message (usage errors).
    var showUsage = false

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: ExitStatus.usage, showUsage: true)
    }
}

struct CommandContext {
    var invocation: Invocation
    var environment: [String: String]

    var locations: Locations { Locations(environment: environment) }
    var configPath: String { locations.configPath(option: invocation.option("--config")) }
    var databasePath: String { locations.databasePath(option: invocation.option("--db")) }

    /// The --config and --db this command was given, quoted for a shell: a command that
    /// advice suggests repeats them, so that it uses the same files.
    var pathOptions: String {
        ["--config", "--db"].compactMap { name in invocation.option(name).map { " \(name) \(ShellWord.quoted($0))" } }.joined()
    }

    /// The config; its unknown keys are warned about on stderr unless `--quiet` (or `warn`
    /// is false: a second read). A command that opens the database anyway may keep the
    /// checked config beside it (`ConfigCache`).
    func loadConfig(cachedBesideDatabase: Bool = false, warn: Bool = true) throws(CommandFailure) -> Config {
        guard FileManager.default.fileExists(atPath: configPath) else {
            throw CommandFailure(message: "no config yet (\(configPath)): `newsmenu init\(pathOptions)` writes an example "
                                 + "to edit; `newsmenu demo` shows sample feeds", status: ExitStatus.config)
        }
        var warnings: [ConfigWarning] = []
        let config: Config
        do {
            config = try ConfigLoader.load(path: configPath, warnings: &warnings,
                                           cache: cachedBesideDatabase ? ConfigCache(databasePath: databasePath) : nil)
        } catch {
            throw CommandFailure(message: "invalid config: \(error)", status: ExitStatus.config)
        }
        if warn, !invocation.flag("--quiet") { warnings.forEach { Console.err("newsmenu: warning: \($0)") } }
        return config
    }

    func openStore(at path: String? = nil) throws(CommandFailure) -> FeedStore {
        do {
            return try FeedStore(path: path ?? databasePath, noticing: searchIndexNotice)
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
    }

    /// The store for a command that marks or compacts what is stored: a database that does
    /// not exist yet is an error naming it, not a new empty one to mark nothing in.
    func openExistingStore() throws(CommandFailure) -> FeedStore {
        guard FileManager.default.fileExists(atPath: databasePath) else { throw noDatabase("") }
        return try openStore()
    }

    /// The store for showing and reading: read-only when the file cannot be written. A first
    /// run makes the file, so that the config's tabs show before anything is fetched, but
    /// not its directory: a mistyped --db or $NEWSMENU_DB must not leave new directories
    /// and an empty reader behind.
    func openStoreForReading() throws(CommandFailure) -> FeedStore {
        try requireDatabaseDirectory()
        do {
            return try FeedStore.openForReading(path: databasePath, noticing: searchIndexNotice)
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
    }

    /// Says, before it starts, that the search index is built from many articles (after the
    /// upgrade that changed its format, or when it was found damaged), or that this command
    /// waits while another process builds it: the command then seems to hang for seconds,
    /// minutes at a million articles. Only to a terminal: cron mails what a job writes.
    private var searchIndexNotice: ((SearchIndexNotice) -> Void)? {
        guard isatty(STDERR_FILENO) == 1, !invocation.flag("--quiet") else { return nil }
        return { notice in
            switch notice {
            case .building(let articles):
                Console.err("newsmenu: building the search index from \(articles) articles (after an upgrade, "
                            + "or for a damaged index file); this can take a few minutes")
            case .waitingForAnotherBuild:
                Console.err("newsmenu: waiting for another newsmenu process to finish building the search index "
                            + "(after an upgrade, or for a damaged index file); this can take a few minutes")
            }
        }
    }

    /// Refuses a database path whose directory does not exist (see `openStoreForReading`).
    func requireDatabaseDirectory() throws(CommandFailure) {
        let directory = (databasePath as NSString).deletingLastPathComponent
        guard !FileManager.default.fileExists(atPath: databasePath), !FileManager.default.fileExists(atPath: directory) else {
            return
        }
        throw noDatabase(" (its directory \(directory) does not exist either)")
    }

    private func noDatabase(_ detail: String) -> CommandFailure {
        CommandFailure(message: """
            no database yet at \(databasePath)\(detail): `newsmenu fetch` makes it and fills it, \
            `newsmenu demo` shows sample feeds; if you expected one there, check --db and $NEWSMENU_DB
            """, status: ExitStatus.failure)
    }

    /// Runs store work, turning a store error into the command's failure (exit 1).
    @discardableResult
    static func storeWork<Result>(_ body: () throws(StoreError) -> Result) throws(CommandFailure) -> Result {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
    }

    /// A positive whole number option, or a usage error naming it.
    /// Capped so no page or offset arithmetic can overflow: nobody reads a million articles
    /// on one page.
    func positiveInteger(_ name: String, atMost limit: Int = 1_000_000) throws(CommandFailure) -> Int? {
        guard let text = invocation.option(name) else { return nil }
        guard let value = Int(text), value > 0, value <= limit else {
            throw .usage("option '\(name)' needs a whole number from 1 to \(limit), not '\(text)'")
        }
        return value
    }
}
