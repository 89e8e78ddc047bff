// `newsmenu export`: the config's tabs as OPML 2.0 on standard output, one folder outline
// per tab, so another reader (or `newsmenu import`, which keeps every setting) can take them.
import Foundation
import NewsOPML

enum ExportCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        // What OPML has no word for (a disabled tab, colours, intervals) goes in newsmenu's own
        // attributes, so that `import` of the file makes the tabs as they are.
        let document = OPMLDocument(title: "newsmenu subscriptions", folders: config.tabs.map { tab in
            OPMLFolder(path: [tab.name],
                       feeds: tab.feeds.map { OPMLFeed(url: $0.url, title: $0.title, interval: $0.interval.map { Int($0) }) },
                       settings: OPMLTabSettings(enabled: tab.enabled, color: tab.color?.configText,
                                                 interval: tab.interval.map { Int($0) }))
        })
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let text = OPMLWriter.write(document, dateCreated: formatter.string(from: Date()))
        // Console.out ends the text with its own newline.
        Console.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        return ExitStatus.success
    }
}
