// The stored form of the config's tabs, comparable with what the database holds, so that
// syncing an unchanged config (every fetch and show does it) reads a little and writes nothing.
import NewsModel

struct TabsSnapshot: Equatable {
    struct Member: Equatable {
        var url: String
        var position: Int
        var title: String?
    }

    struct StoredTab: Equatable {
        var name: String
        var color: String?
        var members: [Member]
    }

    /// In position order.
    var tabs: [StoredTab]
    /// The display title of every subscribed URL.
    var displayTitles: [String: String?]

    /// What `syncTabs` would store for `tabs`: a repeated tab name or a URL repeated within
    /// a tab counts once, the first listing winning.
    init(config tabs: [Tab], displayTitles: [(url: String, title: String?)]) {
        var seenNames: Set<String> = []
        self.tabs = tabs.filter { seenNames.insert($0.name).inserted }.map { tab in
            var seenURLs: Set<String> = []
            let members = tab.feeds.enumerated().compactMap { position, feed -> Member? in
                guard seenURLs.insert(feed.url).inserted else { return nil }
                return Member(url: feed.url, position: position, title: feed.title.nonEmpty)
            }
            return StoredTab(name: tab.name, color: tab.color?.configText, members: members)
        }
        self.displayTitles = Dictionary(displayTitles.map { ($0.url, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    /// What the database holds now, for the URLs of `urls`.
    init(reading database: Database, urls: Set<String>) throws(StoreError) {
        let operation = "reading the stored tabs"
        let tabQuery = try database.prepare("SELECT id, name, color FROM tabs ORDER BY position", operation)
        var byID: [Int64: Int] = [:]
        var tabs: [StoredTab] = []
        while try tabQuery.step() {
            byID[tabQuery.int64(at: 0)] = tabs.count
            tabs.append(StoredTab(name: tabQuery.string(at: 1) ?? "", color: tabQuery.string(at: 2), members: []))
        }
        let memberQuery = try database.prepare(
            """
            SELECT tf.tab_id, f.url, tf.position, tf.title FROM tab_feeds tf JOIN feeds f ON f.id = tf.feed_id
            ORDER BY tf.tab_id, tf.position
            """, operation)
        while try memberQuery.step() {
            guard let index = byID[memberQuery.int64(at: 0)] else { continue }
            tabs[index].members.append(Member(url: memberQuery.string(at: 1) ?? "",
                                              position: Int(memberQuery.int64(at: 2)),
                                              title: memberQuery.string(at: 3)))
        }
        let titleQuery = try database.prepare("SELECT url, display_title FROM feeds", operation)
        var titles: [String: String?] = [:]
        while try titleQuery.step() {
            if let url = titleQuery.string(at: 0), urls.contains(url) { titles[url] = titleQuery.string(at: 1) }
        }
        self.tabs = tabs
        self.displayTitles = titles
    }
}
