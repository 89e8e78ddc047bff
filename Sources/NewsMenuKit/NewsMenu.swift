// The command line's one entry point: argv in, exit status out. Every error a user can
// cause ends here as one message on stderr, never a trap or a stack trace.

public enum NewsMenu {
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let status = dispatch(arguments: arguments, environment: environment)
        // Output that could not be written (a closed pipe, a full disk) is a failure.
        return Console.writeFailed && status == ExitStatus.success ? ExitStatus.failure : status
    }

    private static func dispatch(arguments: [String], environment: [String: String]) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try InvocationParser.parse(arguments)
        } catch {
            report(CommandFailure(message: error.message, status: ExitStatus.usage, showUsage: true), command: error.command)
            return ExitStatus.usage
        }
        switch invocation.action {
        case .version:
            Console.out(HelpText.version)
            return ExitStatus.success
        case .help(nil):
            Console.out(HelpText.overview())
            return ExitStatus.success
        case .help(let name?):
            guard let spec = CommandSpec.named(name) else {
                report(.usage("unknown command '\(name)'"), command: nil)
                return ExitStatus.usage
            }
            Console.out(HelpText.command(spec))
            return ExitStatus.success
        case .run(let name):
            guard let command = command(named: name) else {
                report(.usage("unknown command '\(name)'"), command: nil)
                return ExitStatus.usage
            }
            let context = CommandContext(invocation: invocation, environment: environment)
            do {
                return try command(context)
            } catch {
                report(error, command: name)
                return error.status
            }
        }
    }

    private static func command(named name: String) -> ((CommandContext) throws(CommandFailure) -> Int32)? {
        switch name {
        case "fetch": return FetchCommand.run
        case "status": return StatusCommand.run
        case "show": return ShowCommand.run
        case "tabs": return TabsCommand.run
        case "parse": return ParseCommand.run
        case "init": return InitCommand.run
        case "demo": return DemoCommand.run
        case "add": return AddCommand.run
        case "remove": return RemoveCommand.run
        case "tab": return TabCommand.run
        case "import": return ImportCommand.run
        case "export": return ExportCommand.run
        case "cron": return CronCommand.run
        case "systemd": return SystemdCommand.run
        case "completion": return CompletionCommand.run
        case "manpage": return ManPageCommand.run
        case "read", "unread", "star", "unstar": return ReadStateCommand.run
        case "search": return SearchCommand.run
        case "starred": return StarredCommand.run
        case "vacuum": return VacuumCommand.run
        default: return nil
        }
    }

    private static func report(_ failure: CommandFailure, command: String?) {
        Console.err("newsmenu: \(failure.message)")
        guard failure.showUsage else { return }
        if let spec = command.flatMap(CommandSpec.named) {
            Console.err(HelpText.usageLine(spec))
        } else {
            Console.err("usage: newsmenu COMMAND [OPTIONS]; commands: "
                        + CommandSpec.all.map(\.name).joined(separator: ", ") + "; see 'newsmenu --help'")
        }
    }
}
