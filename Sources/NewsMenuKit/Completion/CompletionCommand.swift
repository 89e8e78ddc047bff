// `newsmenu completion bash|zsh|fish|tabs`: prints a shell's completion script, or the
// config's tab names one a line (what the scripts call to complete --tab).
enum CompletionCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let text: String
        switch context.invocation.arguments[0] {
        case "bash": text = CompletionScripts.bash()
        case "zsh": text = CompletionScripts.zsh()
        case "fish": text = CompletionScripts.fish()
        case "tabs":
            try context.loadConfig().tabs.forEach { Console.out($0.name) }
            return ExitStatus.success
        case let other:
            throw .usage("completion takes bash, zsh, fish or tabs, not '\(other)'")
        }
        // Console.outDrawn adds the final newline itself.
        Console.outDrawn(String(text.dropLast()))
        return ExitStatus.success
    }
}
