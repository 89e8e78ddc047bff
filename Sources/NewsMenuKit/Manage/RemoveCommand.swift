// `newsmenu remove URL [--tab NAME]`: takes a feed out of one tab or out of every tab.
enum RemoveCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let url = context.invocation.arguments[0]
        let tabs = try LockedConfigEdit.run(configPath: context.configPath, command: "remove") {
            (editor) throws(CommandFailure) -> [String] in
            do throws(ConfigEditError) {
                return try editor.removeFeed(url: url, fromTab: context.invocation.option("--tab"))
            } catch {
                throw error.commandFailure
            }
        }
        Console.out("removed \(url) from " + tabs.map { "\"\($0)\"" }.joined(separator: ", "))
        return ExitStatus.success
    }
}
