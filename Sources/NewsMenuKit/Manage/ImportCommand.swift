// `newsmenu import FILE|- [--tab NAME] [--flatten]`: reads OPML, a newsboat urls file or an
// sfeedrc (told apart by content); folders (newsboat's first tag, OPML's category outside
// folders) become tabs (nested ones `Parent/Child`, or their top folder with --flatten),
// feeds outside any folder go into --tab; feeds a tab already has are skipped, and so (with a
// warning naming the outline or line) is what the file holds that is not a feed with a URL
// the config takes; the report says what happened, and warns of feeds put in disabled tabs.
import Foundation
import NewsModel
import NewsOPML

enum ImportCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let path = context.invocation.arguments[0]
        let name = path == "-" ? "standard input" : path
        let data: Data?
        if path == "-" {
            data = try? FileHandle.standardInput.readToEnd() ?? Data()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else { throw CommandFailure(message: "\(name): cannot be read", status: ExitStatus.failure) }
        let format: SubscriptionFormat
        let document: OPMLDocument
        do {
            (format, document) = try SubscriptionListReader.read(data)
        } catch {
            throw CommandFailure(message: "\(name): \(error)", status: ExitStatus.failure)
        }
        let flatten = context.invocation.flag("--flatten")
        let looseTab = context.invocation.option("--tab")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if document.folders.contains(where: { $0.path.isEmpty && !$0.feeds.isEmpty }), looseTab == nil {
            throw .usage("\(name) has \(looseFeeds(format)): name the tab for them with --tab NAME")
        }
        var invalid = 0
        let warn = { (entry: String, reason: String) in
            Console.err("newsmenu: warning: \(name): skipped \(entry): \(reason)")
            invalid += 1
        }
        document.skipped.forEach { warn($0.name, $0.reason) }
        let parents = Set(document.folders.map { Array($0.path.dropLast()) })
        var tabs: [(tab: String, feeds: [OPMLFeed])] = []
        var settings: [String: ConfigEditor.NewTabSettings] = [:]
        for folder in document.folders {
            let feeds = folder.feeds.map { feed in
                var feed = feed
                feed.url = FeedAddress.unwrappingFeedScheme(feed.url)
                return feed
            }.filter { feed in
                guard ConfigLoader.isFeedURL(feed.url) else {
                    warn(ImportReport.describe(feed, format), ConfigLoader.feedURLRule)
                    return false
                }
                return true
            }
            // A folder makes a tab for its feeds, or as the empty tab it is (only newsmenu's
            // export has those). One holding only folders makes none: their feeds go to their
            // own tabs. Nor does one whose every feed was refused.
            let isEmpty = folder.feeds.isEmpty && !parents.contains(folder.path)
            guard !feeds.isEmpty || isEmpty else { continue }
            let tab = folder.path.isEmpty ? (looseTab ?? "") : (flatten ? folder.path[0] : folder.path.joined(separator: "/"))
            tabs.append((tab: tab, feeds: feeds))
            // A folder's own newsmenu settings (an export of ours) make the tab as it was.
            if !folder.path.isEmpty, flatten ? folder.path.count == 1 : true, settings[tab] == nil {
                settings[tab] = ImportedSettings.tab(folder.settings, named: tab, in: name)
            }
        }
        var report = try LockedConfigEdit.run(configPath: context.configPath, command: "import") {
            (editor) throws(CommandFailure) -> ImportReport in
            do throws(ConfigEditError) {
                var report = ImportReport()
                // Every feed is checked against what the config had and what this import
                // added, then all of them are one edit: one parse of the config, not one a feed.
                var known = try editor.feedURLsByTab()
                var additions: [(tab: String, feeds: [ConfigEditor.NewFeed])] = []
                var additionIndex: [String: Int] = [:]
                for (tab, feeds) in tabs {
                    if known[tab] == nil {
                        known[tab] = []
                        report.createdTabs.append(tab)
                    }
                    let index = additionIndex[tab] ?? additions.count
                    if index == additions.count {
                        additionIndex[tab] = index
                        additions.append((tab: tab, feeds: []))
                    }
                    for feed in feeds {
                        let isNew = known[tab, default: []].insert(feed.url).inserted
                        if isNew {
                            additions[index].feeds.append(ConfigEditor.NewFeed(
                                url: feed.url, title: feed.title,
                                interval: ImportedSettings.interval(feed.interval, of: ImportReport.describe(feed, format), in: name)))
                        }
                        report.count(tab, added: isNew)
                    }
                }
                // Settings go only to the tabs this import creates: a tab already there keeps its own.
                try editor.addFeeds(additions, newTabSettings: settings.filter { report.createdTabs.contains($0.key) })
                let disabled = try editor.disabledTabNames()
                report.disabledTabsAddedTo = additions.filter { !$0.feeds.isEmpty && disabled.contains($0.tab) }.map(\.tab)
                return report
            } catch {
                throw error.commandFailure
            }
        }
        report.invalid = invalid
        report.invalidNoun = format == .opml ? "invalid outline" : "line"
        report.disabledTabs = report.createdTabs.filter { settings[$0]?.enabled == false }
        report.lines.forEach(Console.out)
        // A disabled tab the file itself asked for is said so in the report; one already in
        // the config would quietly swallow the feeds.
        for tab in report.disabledTabsAddedTo where !report.disabledTabs.contains(tab) {
            Console.err("newsmenu: warning: the tab \(tab) is disabled: the feeds imported into it are neither fetched "
                        + "nor shown until it is enabled (remove its \"enabled\": false)")
        }
        // Only skipped outlines or lines and nothing imported: the user has something to fix.
        return report.invalid > 0 && report.addedCount == 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// What a file has that needs --tab, in its format's words.
    private static func looseFeeds(_ format: SubscriptionFormat) -> String {
        switch format {
        case .opml: "feeds outside any folder"
        case .newsboatURLs: "feeds without a tag"
        case .sfeedrc: "feeds, and an sfeedrc has no folders"
        }
    }
}

/// What an import did, tab by tab in the order it met them.
struct ImportReport {
    var createdTabs: [String] = []
    /// Created tabs the file marks disabled (an export of a disabled tab).
    var disabledTabs: [String] = []
    /// Tabs that were given feeds and are disabled, the created ones included.
    var disabledTabsAddedTo: [String] = []
    /// Outlines or lines not imported: no feed, or no usable URL.
    var invalid = 0
    /// What the file is made of, as the summary counts the ones not imported.
    var invalidNoun = "invalid outline"
    private var tabs: [String] = []
    private var added: [String: Int] = [:]
    private var skipped: [String: Int] = [:]

    mutating func count(_ tab: String, added wasAdded: Bool) {
        if !tabs.contains(tab) { tabs.append(tab) }
        if wasAdded { added[tab, default: 0] += 1 } else { skipped[tab, default: 0] += 1 }
    }

    var lines: [String] {
        var lines = (tabs + createdTabs.filter { !tabs.contains($0) }).map { tab in
            "\(tab): \(added[tab] ?? 0) added, \(skipped[tab] ?? 0) already there"
                + (createdTabs.contains(tab) ? (disabledTabs.contains(tab) ? " (new tab, disabled as in the file)" : " (new tab)") : "")
        }
        let totalAdded = addedCount
        let totalSkipped = skipped.values.reduce(0, +)
        lines.append("imported \(totalAdded) feed\(totalAdded == 1 ? "" : "s"), skipped \(totalSkipped) duplicate\(totalSkipped == 1 ? "" : "s")"
                     + (invalid > 0 ? " and \(invalid) \(invalidNoun)\(invalid == 1 ? "" : "s")" : "")
                     + ", created \(createdTabs.count) tab\(createdTabs.count == 1 ? "" : "s")")
        return lines
    }

    var addedCount: Int { added.values.reduce(0, +) }

    /// A feed as a warning names it: its title, and its URL (an outline's xmlUrl).
    static func describe(_ feed: OPMLFeed, _ format: SubscriptionFormat) -> String {
        let url = format == .opml ? "xmlUrl \"\(feed.url)\"" : "URL \"\(feed.url)\""
        return (format == .opml ? "outline " : "feed ") + (feed.title.map { "\"\($0)\" " } ?? "") + "(\(url))"
    }
}

/// newsmenu's own OPML settings checked as the config would check them: one it would refuse
/// is left out with a warning, and the outline is imported without it.
enum ImportedSettings {
    static func tab(_ settings: OPMLTabSettings, named tab: String, in file: String) -> ConfigEditor.NewTabSettings {
        var checked = ConfigEditor.NewTabSettings(enabled: settings.enabled)
        if let color = settings.color {
            if let parsed = TabColor(parsing: color) {
                checked.color = parsed.configText
            } else {
                warn(file, "the tab \(tab)'s colour \"\(color)\" is not a colour name or #rrggbb; left out")
            }
        }
        checked.interval = interval(settings.interval, of: "the tab \(tab)", in: file)
        return checked
    }

    /// Seconds between fetches the config takes (1 minute to 30 days), else nil with a warning.
    static func interval(_ seconds: Int?, of what: String, in file: String) -> Int? {
        guard let seconds else { return nil }
        guard (60...30 * 86_400).contains(seconds) else {
            warn(file, "\(what): interval \(seconds) s is not from 1 minute to 30 days; left out")
            return nil
        }
        return seconds
    }

    private static func warn(_ file: String, _ message: String) {
        Console.err("newsmenu: warning: \(file): \(message)")
    }
}
