// Starred articles, wherever they are. Retention never deletes them and they stay when their
// feed leaves every tab, where no tab's page or search shows them: this list is the way back.
import NewsModel

extension FeedStore {
    /// The starred articles, newest first (by the date the menu sorts by), at most `limit`
    /// (-1: all), each under its feed's own name whether or not a tab still lists the feed.
    /// A scan of the articles: 0.3 s at a million with the file cached, for a list asked
    /// for by hand.
    public func starredArticles(limit: Int) throws(StoreError) -> [ArticleRow] {
        let query = try database.prepare("""
            SELECT a.id, COALESCE(a.title, a.link, a.guid), a.link, COALESCE(f.display_title, f.title, f.url),
                   COALESCE(a.published, a.updated), a.first_seen, \(Self.listedSummarySQL), a.is_read, a.title IS NULL
            FROM articles a JOIN feeds f ON f.id = a.feed_id
            WHERE a.is_starred = 1
            ORDER BY a.sort_date DESC, a.id DESC
            LIMIT ?1
            """, "reading the starred articles")
        try query.bind(limit, at: 1)
        var rows: [ArticleRow] = []
        while try query.step() {
            let summary = query.string(at: 6), isUntitled = query.bool(at: 8)
            rows.append(ArticleRow(
                id: query.int64(at: 0),
                title: ListedTitle.listed(stored: query.string(at: 1) ?? "", untitledHTML: isUntitled ? summary : nil),
                link: query.string(at: 2), source: query.string(at: 3) ?? "", published: query.date(at: 4),
                firstSeen: query.date(at: 5) ?? UnixTime.date(0), summary: summary, isRead: query.bool(at: 7),
                isStarred: true, isUntitled: isUntitled))
        }
        return rows
    }
}
