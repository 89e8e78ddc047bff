// The loop's answer to a search: a tab's titles read once from the store, matched in memory;
// and to `u` / `U`, the store's next unread story.
import NewsStore

final class StoreTitleSearch: TabSearching {
    private let store: FeedStore
    private let tabNames: [String]
    private var titles: [Int: [String]] = [:]

    init(store: FeedStore, tabNames: [String]) {
        self.store = store
        self.tabNames = tabNames
    }

    func match(_ query: String, inTab tab: Int, from start: Int, forward: Bool) -> Int? {
        guard tabNames.indices.contains(tab) else { return nil }
        if titles[tab] == nil {
            // A store error leaves nothing to search: the search reports no match.
            titles[tab] = (try? store.articleTitles(inTab: tabNames[tab])) ?? []
        }
        return TitleMatcher.match(query, in: titles[tab] ?? [], from: start, forward: forward)
    }

    func unread(inTab tab: Int, from start: Int, forward: Bool) -> Int? {
        guard tabNames.indices.contains(tab) else { return nil }
        // A store error finds nothing: the status line says there is no unread article.
        return (try? store.unreadArticleIndex(inTab: tabNames[tab], from: start, forward: forward)) ?? nil
    }

    /// After new articles arrived: read the titles again at the next search.
    func forget() {
        titles.removeAll()
    }
}
