// `newsmenu tab add|rename|remove|move …`: edits the config's tabs in place.
enum TabCommand {
    static let usage = "add NAME | rename OLD NEW | remove NAME [--force] | move NAME POSITION"

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.invocation.arguments
        let expectedCount = ["add": 2, "rename": 3, "remove": 2, "move": 3][arguments[0]]
        guard expectedCount == arguments.count else { throw .usage("tab takes: \(usage)") }
        var position = 0
        if arguments[0] == "move" {
            guard let number = Int(arguments[2]), number > 0 else {
                throw .usage("tab move needs a position from 1, not '\(arguments[2])'")
            }
            position = number
        }
        var editor = try ConfigFileWriter.read(path: context.configPath)
        let done: String
        do {
            switch arguments[0] {
            case "add":
                try editor.addTab(arguments[1])
                done = "added tab \"\(arguments[1])\""
            case "rename":
                try editor.renameTab(arguments[1], to: arguments[2])
                done = "renamed tab \"\(arguments[1])\" to \"\(arguments[2])\""
            case "remove":
                try editor.removeTab(arguments[1], evenWithFeeds: context.invocation.flag("--force"))
                done = "removed tab \"\(arguments[1])\""
            default:
                try editor.moveTab(arguments[1], to: position)
                done = "moved tab \"\(arguments[1])\" to position \(position)"
            }
        } catch {
            throw CommandFailure(message: error.message, status: ExitStatus.failure)
        }
        try ConfigFileWriter.write(editor.bytes, to: context.configPath)
        Console.out(done)
        return ExitStatus.success
    }
}
