// `newsmenu status`: how each feed is doing — the place to look when a tab stays empty.
import Foundation
import NewsStore

enum StatusCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        let store = try context.openStoreForReading()
        let rows: [FeedHealth]
        do {
            try store.syncTabs(config.tabs)
            // Feeds only in disabled tabs are not fetched, so they are not reported either.
            let visible = Set(config.visibleTabs.map(\.name))
            rows = try store.feedHealth().compactMap { row in
                var shown = row
                shown.tabs = row.tabs.filter(visible.contains)
                return shown.tabs.isEmpty ? nil : shown
            }
        } catch {
            throw CommandFailure(message: "database \(error)", status: ExitStatus.failure)
        }
        if context.invocation.flag("--json") {
            var text = ""
            JSONOut.array(rows.map(json)).write(to: &text, indent: 0)
            Console.out(text)
        } else {
            table(rows, now: Date()).forEach(Console.out)
        }
        return ExitStatus.success
    }

    private static func json(_ row: FeedHealth) -> JSONOut {
        .object([
            ("url", .string(row.url)),
            ("title", .optional(row.title)),
            ("tabs", .array(row.tabs.map(JSONOut.string))),
            ("last_success", .optional(row.lastSuccess.map(Timestamp.rfc3339))),
            ("last_attempt", .optional(row.lastAttempt.map(Timestamp.rfc3339))),
            ("last_status", row.lastStatus.map { .integer(Int64($0)) } ?? .null),
            ("last_error", .optional(row.lastError)),
            ("consecutive_failures", .integer(Int64(row.failureCount))),
            ("next_due", .optional(row.nextDue.map(Timestamp.rfc3339))),
            ("fetches", .integer(Int64(row.fetchCount))),
            ("not_modified", .integer(Int64(row.notModifiedCount))),
            ("articles", .integer(Int64(row.articleCount))),
            ("moved_to", .optional(row.movedTo)),
            ("gone", .bool(row.isGone)),
        ])
    }

    /// An aligned table; widths in display columns so Japanese names line up.
    static func table(_ rows: [FeedHealth], now: Date) -> [String] {
        let header = ["TAB", "FEED", "LAST OK", "STATUS", "FAILS", "NEXT", "304", "ARTICLES", "NOTE"]
        var cells = [header]
        for row in rows {
            let note = row.isGone ? "gone" : row.movedTo.map { "moved to \($0)" } ?? (row.failureCount > 0 ? row.lastError ?? "" : "")
            let share = row.fetchCount > 0 ? "\(row.notModifiedCount * 100 / row.fetchCount)%" : "-"
            cells.append([
                row.tabs.joined(separator: ","),
                row.title ?? row.url,
                row.lastSuccess.map { ago($0, now: now) } ?? "never",
                row.lastStatus.map(String.init) ?? "-",
                String(row.failureCount),
                row.isGone ? "-" : row.nextDue.map { $0 <= now ? "due" : "in " + FetchReporter.wait(until: $0, from: now) } ?? "due",
                share,
                String(row.articleCount),
                note,
            ])
        }
        // LAST OK and NEXT take their longest texts whole: "47h 59m ago", "in 47h 59m".
        return TextTable.lines(cells, limits: [16, 32, 11, 6, 5, 10, 4, 8, 60])
    }

    private static func ago(_ date: Date, now: Date) -> String {
        FetchReporter.wait(until: now, from: date) + " ago"
    }
}
