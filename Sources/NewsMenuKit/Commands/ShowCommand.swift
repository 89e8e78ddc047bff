// `newsmenu show [--tab NAME]`: prints the page menu of one tab.

enum ShowCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        let printer = try PageMenuPrinter(config: config, context: context)
        try printer.print(from: try context.openStore())
        return ExitStatus.success
    }
}
