// Which articles a fetch added, for the on_new hook: the ids stored before the run, and
// afterwards every article of the tabs whose id is not among them. Only done when the
// config has a hook.
import Foundation
import NewsModel
import NewsStore

struct NewArticleWatch {
    private let tabNames: [String]
    private let before: Set<Int64>

    /// Nil when there is no hook to feed.
    init?(config: Config, store: FeedStore) throws(StoreError) {
        guard config.onNew != nil else { return nil }
        tabNames = config.visibleTabs.map(\.name)
        before = Set(try Self.rows(of: tabNames, in: store).map(\.id))
    }

    /// The articles stored since `init`, each once even when two tabs show it, newest first.
    func newArticles(in store: FeedStore) throws(StoreError) -> [ArticleRow] {
        var seen = before
        return try Self.rows(of: tabNames, in: store).filter { seen.insert($0.id).inserted }
    }

    private static func rows(of tabs: [String], in store: FeedStore) throws(StoreError) -> [ArticleRow] {
        var rows: [ArticleRow] = []
        for tab in tabs { rows += try store.articles(inTab: tab, limit: Int(Int32.max)) }
        return rows
    }
}
