// `newsmenu systemd install [--every 15m] | remove | print`: writes (or removes, or prints) a
// user service and timer that run `newsmenu fetch --quiet`, and says the one systemctl
// command that starts (or stops) them.
import Foundation

enum SystemdCommand {
    static let unitName = "newsmenu-fetch"

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let action = context.invocation.arguments[0]
        guard ["install", "remove", "print"].contains(action) else {
            throw .usage("systemd takes install, remove or print, not '\(action)'")
        }
        let directory = context.locations.configHome + "/systemd/user"
        if action == "remove" { return remove(from: directory) }
        let every = context.invocation.option("--every") ?? "15m"
        guard let seconds = DurationText.seconds(every), seconds >= 60 else {
            throw .usage("--every \(every): a duration of a minute or more, such as 15m or 2h")
        }
        let command = try ScheduledCommand(context: context)
        let files = [
            (unitName + ".service", service(command)),
            (unitName + ".timer", timer(everySeconds: Int(seconds))),
        ]
        if action == "print" {
            for (name, text) in files { Console.out("# \(directory)/\(name)\n" + text) }
            return ExitStatus.success
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name), options: .atomic)
            }
        } catch {
            throw CommandFailure(message: "cannot write \(directory): \(error.localizedDescription)", status: ExitStatus.failure)
        }
        for (name, _) in files { Console.out("wrote \(directory)/\(name)") }
        Console.out("start it with: systemctl --user daemon-reload && systemctl --user enable --now \(unitName).timer")
        return ExitStatus.success
    }

    /// Removes the unit files and the link `enable` made for the timer; a timer still running
    /// stops at the next reload, which the message asks for.
    private static func remove(from directory: String) -> Int32 {
        let paths = [directory + "/timers.target.wants/\(unitName).timer",
                     directory + "/\(unitName).timer", directory + "/\(unitName).service"]
        let removed = paths.filter { (try? FileManager.default.removeItem(atPath: $0)) != nil }
        guard !removed.isEmpty else {
            Console.out("no newsmenu units in \(directory); nothing to remove")
            return ExitStatus.success
        }
        for path in removed { Console.out("removed \(path)") }
        Console.out("stop a timer still running with: systemctl --user stop \(unitName).timer && systemctl --user daemon-reload")
        return ExitStatus.success
    }

    static func service(_ command: ScheduledCommand) -> String {
        """
        [Unit]
        Description=newsmenu: fetch the feeds that are due

        [Service]
        Type=oneshot
        ExecStart=\(command.systemdLine)

        """
    }

    static func timer(everySeconds seconds: Int) -> String {
        """
        [Unit]
        Description=newsmenu: fetch feeds every \(spoken(seconds))

        [Timer]
        OnBootSec=2min
        OnUnitActiveSec=\(seconds)s

        [Install]
        WantedBy=timers.target

        """
    }

    /// `90` as "90 seconds", `900` as "15 minutes", `86400` as "day": the timer's description.
    static func spoken(_ seconds: Int) -> String {
        for (unit, size) in [("day", 86_400), ("hour", 3_600), ("minute", 60)] where seconds % size == 0 {
            let count = seconds / size
            return count == 1 ? unit : "\(count) \(unit)s"
        }
        return "\(seconds) seconds"
    }
}
