// `newsmenu cron install [--every 15m] | remove | print`: one marked line in the user's
// crontab running `newsmenu fetch --quiet`; installing twice still leaves one line.
import Foundation

enum CronCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let action = context.invocation.arguments[0]
        guard ["install", "remove", "print"].contains(action) else {
            throw .usage("cron takes install, remove or print, not '\(action)'")
        }
        let every = context.invocation.option("--every") ?? "15m"
        guard let seconds = DurationText.seconds(every), let schedule = CronTable.schedule(every: Int(seconds)) else {
            throw .usage("--every \(every): cron can run every 1–59 minutes dividing an hour, every 1–12 hours dividing a day, or 1d")
        }
        let line = CronTable.line(schedule: schedule, command: try ScheduledCommand(context: context).shellLine)
        if action == "print" {
            Console.out(line)
            return ExitStatus.success
        }
        let crontab = try CrontabProgram(environment: context.environment)
        let table = try crontab.read()
        let installed = CronTable.managedLine(in: table)
        switch action {
        case "install":
            try crontab.write(CronTable.replacingManagedLine(in: table, with: line))
            Console.out((installed == nil ? "installed" : "updated") + " in your crontab: \(line)")
        default:
            guard installed != nil else {
                Console.out("your crontab has no newsmenu line; nothing to remove")
                return ExitStatus.success
            }
            try crontab.write(CronTable.replacingManagedLine(in: table, with: nil))
            Console.out("removed newsmenu's line from your crontab")
        }
        return ExitStatus.success
    }
}
