// The command a scheduler runs: `newsmenu fetch --quiet` with absolute paths to the binary,
// the config and the database, so it works under cron's bare environment (minimal PATH, no
// TTY, no LANG) and under systemd alike.
import Foundation
import NewsModel

struct ScheduledCommand {
    var binary: String
    var config: String
    var database: String

    /// Refuses a path holding a control character: a crontab and a unit file are read line
    /// by line, and a line break in a path would start a line of its own there (a command
    /// cron runs, a directive systemd obeys), whatever the quoting.
    init(context: CommandContext) throws(CommandFailure) {
        // /proc/self/exe names the running binary even when it was found through PATH.
        let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        binary = resolved ?? CommandLine.arguments.first ?? "newsmenu"
        config = context.configPath
        database = context.databasePath
        for (what, path) in [("the newsmenu binary's path", binary), ("the config path", config), ("the database path", database)]
        where path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .usage("\(what) \(path.debugDescription) holds a control character such as a line break; "
                         + "a scheduled command cannot name it: use a path without one")
        }
    }

    var arguments: [String] { [binary, "fetch", "--quiet", "--config", config, "--db", database] }

    /// The arguments quoted for /bin/sh, each in single quotes.
    var shellLine: String {
        arguments.map(ShellWord.quoted).joined(separator: " ")
    }

    /// A systemd ExecStart= value: each argument double-quoted, with `%` and `$`
    /// doubled so systemd expands neither.
    var systemdLine: String {
        arguments.map { argument in
            let escaped = argument.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "%", with: "%%")
                .replacingOccurrences(of: "$", with: "$$")
            return "\"" + escaped + "\""
        }.joined(separator: " ")
    }
}
