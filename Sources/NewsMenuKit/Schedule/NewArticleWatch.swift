// Which articles a fetch added, for the on_new hook: the newest article row id before the
// run, and afterwards the tabs' unread stories stored above it. Only done when the config has a hook.
import Foundation
import NewsModel
import NewsStore

struct NewArticleWatch {
    private let tabNames: [String]
    private let newestBefore: Int64

    /// Nil when there is no hook to feed.
    init?(config: Config, store: FeedStore) throws(StoreError) {
        guard config.onNew != nil else { return nil }
        tabNames = config.visibleTabs.map(\.name)
        newestBefore = try store.newestArticleID()
    }

    /// The unread articles stored since `init`, each once even when two tabs show it, newest
    /// first within each tab. One stored read is no news: a twin of a story already read in
    /// another feed, or one older than retention that a feed brought back (`FeedStore.store`).
    /// Reads the new rows only (it once read every article of every tab, twice: a second of
    /// each fetch at a million articles).
    func newArticles(in store: FeedStore) throws(StoreError) -> [ArticleRow] {
        var seen = Set<Int64>()
        var rows: [ArticleRow] = []
        for tab in tabNames {
            rows += try store.articles(inTab: tab, storedAfter: newestBefore)
                .filter { !$0.isRead && seen.insert($0.id).inserted }
        }
        return rows
    }
}
