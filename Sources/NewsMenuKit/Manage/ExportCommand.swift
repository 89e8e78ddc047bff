// `newsmenu export`: the config's tabs as OPML 2.0 on standard output, one folder outline
// per tab, so another reader (or `newsmenu import`) can take them.
import Foundation
import NewsOPML

enum ExportCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let config = try context.loadConfig()
        let document = OPMLDocument(title: "newsmenu subscriptions", folders: config.tabs.map { tab in
            OPMLFolder(path: [tab.name], feeds: tab.feeds.map { OPMLFeed(url: $0.url, title: $0.title) })
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
