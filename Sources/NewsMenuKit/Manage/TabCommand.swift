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
        let done = try LockedConfigEdit.run(configPath: context.configPath, command: "tab \(arguments[0])") {
            (editor) throws(CommandFailure) -> String in
            let done: String
            var renamedTo: String?
            do throws(ConfigEditError) {
                switch arguments[0] {
                case "add":
                    try editor.addTab(arguments[1])
                    done = "added tab \"\(arguments[1])\""
                case "rename":
                    let new = try editor.renameTab(arguments[1], to: arguments[2])
                    renamedTo = new
                    done = "renamed tab \"\(arguments[1])\" to \"\(new)\""
                case "remove":
                    try editor.removeTab(arguments[1], evenWithFeeds: context.invocation.flag("--force"))
                    done = "removed tab \"\(arguments[1])\""
                default:
                    try editor.moveTab(arguments[1], to: position)
                    done = "moved tab \"\(arguments[1])\" to position \(position)"
                }
            } catch {
                throw error.commandFailure
            }
            if let renamedTo { try StoredTabRename.run(arguments[1], to: renamedTo, context: context) }
            return done
        }
        Console.out(done)
        return ExitStatus.success
    }
}
