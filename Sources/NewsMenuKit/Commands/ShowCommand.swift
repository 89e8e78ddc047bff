// `newsmenu show [--tab NAME]`: prints the page menu of one tab.

enum ShowCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        let store = try context.openStore()
        try PageMenuPrinter.print(config: config, store: store, context: context)
        return ExitStatus.success
    }
}
