// `newsmenu show`: on a terminal (standard input and output both) the interactive page
// menu; otherwise, or with `--print`, or under `TERM=dumb` (Emacs' shell, an IDE's console:
// no cursor movement), one printed frame of one tab; with `--json` its data.
import Foundation
import TerminalIO

enum ShowCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        // The first thing a new user runs is `newsmenu`: say what to do, not what failed.
        guard FileManager.default.fileExists(atPath: context.configPath) else {
            throw CommandFailure(message: """
                no config yet (\(context.configPath)).
                  newsmenu demo      shows the page menu on bundled sample feeds, offline
                  newsmenu init\(context.pathOptions)      writes an example config to edit
                  newsmenu --help    lists every command
                """, status: ExitStatus.config)
        }
        // Before the read: the interactive view takes an edit landing during it as a change.
        let configStamp = FileStamp(path: context.configPath)
        let config = try context.loadConfig(cachedBesideDatabase: true)
        let invocation = context.invocation
        if invocation.flag("--json") {
            let selection = try MenuSelection(config: config, context: context)
            // Checked like the printed frame's options, though JSON draws nothing.
            _ = try DisplaySettings.resolve(
                invocation: invocation, preferences: config.display, environment: context.environment)
            Console.out(try MenuJSON.show(selection, from: try context.openStoreForReading()))
        } else if !invocation.flag("--print"), context.environment["TERM"] != "dumb",
                  Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO) {
            let selection = try MenuSelection(config: config, context: context)
            return try InteractiveView(config: config, configStamp: configStamp, context: context, selection: selection).run()
        } else {
            let printer = try PageMenuPrinter(config: config, context: context)
            try printer.print(from: try context.openStoreForReading())
        }
        return ExitStatus.success
    }
}
