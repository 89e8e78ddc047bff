// The page menu as data: `show --json` (the tabs, the selected one and its page of articles)
// and `tabs --json`. Keys are written in a fixed order; dates are RFC 3339 in UTC.
import Foundation
import NewsModel
import NewsStore

enum MenuJSON {
    /// Reads the selected page and every tab's counts, and writes the `show --json` document.
    /// Pages are of `--limit` articles, else 40: data does not depend on the terminal.
    static func show(_ selection: MenuSelection, from store: FeedStore) throws(CommandFailure) -> String {
        let page = try selection.readPage(
            from: store, pageSize: selection.limit ?? DisplaySettings.defaultPageSize)
        let counts = try CommandContext.storeWork { () throws(StoreError) in try store.tabCounts() }
        let lastViewed = counts[selection.tabName]?.lastViewed
        let document = JSONOut.object([
            ("tabs", .array(selection.tabs.indices.map { index in
                tab(selection.tabs[index], counts: counts[selection.tabs[index].name],
                    selected: index == selection.selected)
            })),
            ("selected", .string(selection.tabName)),
            ("page", .integer(Int64(page.number))),
            ("page_count", .integer(Int64(page.count))),
            ("articles", .array(page.articles.map { article($0, lastViewed: lastViewed) })),
        ])
        return text(document)
    }

    /// One tab with its counts; `selected` is left out where no tab is selected (`tabs --json`).
    static func tab(_ tab: Tab, counts: TabCounts?, selected: Bool? = nil) -> JSONOut {
        var members: [(String, JSONOut)] = [
            ("name", .string(tab.name)),
            ("color", .optional(tab.color?.configText)),
            ("unread", .integer(Int64(counts?.unread ?? 0))),
            ("total", .integer(Int64(counts?.total ?? 0))),
            ("new", .integer(Int64(counts?.new ?? 0))),
        ]
        if let selected { members.append(("selected", .bool(selected))) }
        return .object(members)
    }

    /// `sources` lists every feed of the tab carrying the story, the row's own first; `title`
    /// is null when the feed gave none (the menu lists such an article by its text).
    static func article(_ row: ArticleRow, lastViewed: Date?) -> JSONOut {
        .object([
            ("id", .integer(row.id)),
            ("title", .optional(row.isUntitled ? nil : row.title)),
            ("link", .optional(row.link)),
            ("sources", .array(row.sources.map(JSONOut.string))),
            ("published", .optional(row.published.map(Timestamp.rfc3339))),
            ("first_seen", .string(Timestamp.rfc3339(row.firstSeen))),
            ("read", .bool(row.isRead)),
            ("starred", .bool(row.isStarred)),
            ("new", .bool(isNew(row, since: lastViewed))),
        ])
    }

    /// The renderer's and the store's rule: unread, and first seen after the tab's last look.
    static func isNew(_ row: ArticleRow, since lastViewed: Date?) -> Bool {
        guard let lastViewed, !row.isRead else { return false }
        return row.firstSeen > lastViewed
    }

    static func text(_ document: JSONOut) -> String {
        var output = ""
        document.write(to: &output, indent: 0)
        return output
    }
}
