// `newsmenu systemd install [--every 15m]`: writes a user service and timer that run
// `newsmenu fetch --quiet`, and says the one systemctl command that starts them.
import Foundation

enum SystemdCommand {
    static let unitName = "newsmenu-fetch"

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        guard context.invocation.arguments[0] == "install" else {
            throw .usage("systemd takes install, not '\(context.invocation.arguments[0])'")
        }
        let every = context.invocation.option("--every") ?? "15m"
        guard let seconds = DurationText.seconds(every), seconds >= 60 else {
            throw .usage("--every \(every): a duration of a minute or more, such as 15m or 2h")
        }
        let directory = context.locations.configHome + "/systemd/user"
        let command = try ScheduledCommand(context: context)
        let files = [
            (unitName + ".service", service(command)),
            (unitName + ".timer", timer(everySeconds: Int(seconds))),
        ]
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
        Description=newsmenu: fetch feeds every \(seconds / 60) minutes

        [Timer]
        OnBootSec=2min
        OnUnitActiveSec=\(seconds)s

        [Install]
        WantedBy=timers.target

        """
    }
}
