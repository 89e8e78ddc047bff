// The text of `newsmenu --help` and `newsmenu COMMAND --help`, built from the command table.

enum HelpText {
    static let version = "newsmenu 0.1.0"
    /// The exit statuses, as `--help` and the man page both list them.
    static let exitStatuses = [
        "0 success", "1 failure", "64 usage error", "75 another fetch holds the database lock, or another edit the config lock", "78 invalid config",
        "128+N a fetch stopped by signal N (130 Ctrl-C, 143 SIGTERM) after storing what had arrived",
    ]

    static func overview() -> String {
        let width = CommandSpec.all.map(\.name.count).max() ?? 0
        var lines = [
            "newsmenu: a terminal news reader with a page menu of tabs",
            "",
            "usage: newsmenu [COMMAND] [OPTIONS]",
            "",
            "With no command, newsmenu is 'newsmenu show': the page menu, on a terminal",
            "interactive and opened on the tab viewed last.",
            "",
            "commands:",
        ]
        for spec in CommandSpec.all {
            lines.append("  " + spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.summary)
        }
        lines += [
            "",
            "Run 'newsmenu COMMAND --help' for a command's options.",
            "Exit status: " + exitStatuses.prefix(3).joined(separator: ", ") + ",",
            exitStatuses.dropFirst(3).joined(separator: ", ") + ".",
        ]
        return lines.joined(separator: "\n")
    }

    static func usageLine(_ spec: CommandSpec) -> String {
        "usage: newsmenu \(spec.name) [OPTIONS]" + (spec.arguments.isEmpty ? "" : " \(spec.arguments)")
    }

    static func command(_ spec: CommandSpec) -> String {
        let options = spec.options + CommandSpec.commonOptions
        let labels = options.map { $0.name + ($0.value.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        var lines = [usageLine(spec), "", spec.summary, "", "options:"]
        for (label, option) in zip(labels, options) {
            lines.append("  " + label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
        }
        return lines.joined(separator: "\n")
    }
}
