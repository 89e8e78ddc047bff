// `newsmenu remove URL [--tab NAME]`: takes a feed out of one tab or out of every tab.
enum RemoveCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let url = context.invocation.arguments[0]
        var editor = try ConfigFileWriter.read(path: context.configPath)
        let tabs: [String]
        do {
            tabs = try editor.removeFeed(url: url, fromTab: context.invocation.option("--tab"))
        } catch {
            throw CommandFailure(message: error.message, status: ExitStatus.failure)
        }
        try ConfigFileWriter.write(editor.bytes, to: context.configPath)
        Console.out("removed \(url) from " + tabs.map { "\"\($0)\"" }.joined(separator: ", "))
        return ExitStatus.success
    }
}
