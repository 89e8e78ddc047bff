// `newsmenu show`: prints the page menu of one tab, or with `--json` its data.
import Foundation

enum ShowCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        if context.invocation.flag("--json") {
            let selection = try MenuSelection(config: config, context: context)
            // Checked like the printed frame's options, though JSON draws nothing.
            _ = try DisplaySettings.resolve(
                invocation: context.invocation, preferences: config.display, environment: context.environment)
            Console.out(try MenuJSON.show(selection, from: try context.openStoreForReading()))
        } else {
            let printer = try PageMenuPrinter(config: config, context: context)
            try printer.print(from: try context.openStoreForReading())
        }
        return ExitStatus.success
    }
}
