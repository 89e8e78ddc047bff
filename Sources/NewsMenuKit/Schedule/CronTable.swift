// The user's crontab as text, and newsmenu's one marked line in it: added, replaced or
// removed without touching any other line.

enum CronTable {
    /// Ends newsmenu's line, so it can be found again.
    static let marker = "# newsmenu fetch (managed by 'newsmenu cron')"

    /// The cron schedule for an interval: every N minutes below an hour, every N hours
    /// below a day, else daily.
    static func schedule(every seconds: Int) -> String? {
        let minutes = seconds / 60
        guard minutes >= 1, seconds % 60 == 0 else { return nil }
        if minutes < 60 { return 60 % minutes == 0 ? "*/\(minutes) * * * *" : nil }
        if minutes % 60 == 0, minutes < 24 * 60 { return 24 % (minutes / 60) == 0 ? "0 */\(minutes / 60) * * *" : nil }
        return minutes == 24 * 60 ? "0 0 * * *" : nil
    }

    /// The crontab line: `%` is a newline to cron, so it is escaped.
    static func line(schedule: String, command: String) -> String {
        schedule + " " + command.replacingOccurrences(of: "%", with: "\\%") + " " + marker
    }

    /// `table` with newsmenu's line replaced by `line` (or appended), or removed when nil.
    static func replacingManagedLine(in table: String, with line: String?) -> String {
        var lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let position = lines.firstIndex { $0.hasSuffix(marker) }
        lines.removeAll { $0.hasSuffix(marker) }
        if let line { lines.insert(line, at: min(position ?? lines.count, lines.count)) }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    static func managedLine(in table: String) -> String? {
        table.split(separator: "\n").first { $0.hasSuffix(marker) }.map(String.init)
    }
}
