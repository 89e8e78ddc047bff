// Reading what the page menu shows: a tab's articles, unread badges, one article.
import Foundation
import NewsModel

extension FeedStore {
    /// A tab's stories newest first by `sort_date` (published, else updated, else
    /// first_seen, never later than first_seen), which is also the row's date; the source is
    /// the subscription title, else the feed's own title, else its URL. One article stored
    /// under a feed that is in the tab appears once even if the feed is listed twice.
    ///
    /// Articles of the tab's feeds with the same canonical link are one story, shown once
    /// as its first-stored article (the lead, schema v5) with the other feeds in
    /// `otherSources`. The query walks `tab_articles` down its key, so a page costs its own
    /// rows, not a sort of the tab.
    ///
    /// An untitled article is titled by its link, else its id. An unknown tab, a limit
    /// of zero or less, or an offset past the end gives no rows.
    public func articles(inTab name: String, limit: Int, offset: Int = 0) throws(StoreError) -> [ArticleRow] {
        guard limit > 0 else { return [] }
        // Equal dates fall back to the newer row, so paging is stable.
        let query = try database.prepare(
            """
            SELECT a.id, COALESCE(a.title, a.link, a.guid), a.link,
                   COALESCE(tf.title, f.display_title, f.title, f.url),
                   a.sort_date, a.first_seen, a.summary, a.is_read, a.is_starred,
                   CASE WHEN ta.link_key IS NULL THEN NULL ELSE
                       (SELECT group_concat(COALESCE(tf2.title, f2.display_title, f2.title, f2.url), char(31))
                        FROM tab_articles d
                        JOIN articles b ON b.id = d.article_id
                        JOIN tab_feeds tf2 ON tf2.tab_id = d.tab_id AND tf2.feed_id = b.feed_id
                        JOIN feeds f2 ON f2.id = b.feed_id
                        WHERE d.tab_id = ta.tab_id AND d.link_key = ta.link_key AND d.article_id <> ta.article_id
                        ORDER BY d.article_id)
                   END
            FROM tabs t
            JOIN tab_articles ta ON ta.tab_id = t.id
            JOIN articles a ON a.id = ta.article_id
            JOIN tab_feeds tf ON tf.tab_id = t.id AND tf.feed_id = a.feed_id
            JOIN feeds f ON f.id = a.feed_id
            WHERE t.name = ?1 AND ta.is_lead = 1
            ORDER BY ta.sort_date DESC, ta.article_id DESC
            LIMIT ?2 OFFSET ?3
            """, "reading the articles of the tab \(name)")
        try query.bind(name, at: 1)
        try query.bind(limit, at: 2)
        try query.bind(max(offset, 0), at: 3)
        var rows: [ArticleRow] = []
        while try query.step() {
            var row = ArticleRow(
                id: query.int64(at: 0),
                title: query.string(at: 1) ?? "",
                link: query.string(at: 2),
                source: query.string(at: 3) ?? "",
                published: query.date(at: 4),
                firstSeen: query.date(at: 5) ?? UnixTime.date(0),
                summary: query.string(at: 6),
                isRead: query.bool(at: 7),
                isStarred: query.bool(at: 8))
            for other in (query.string(at: 9) ?? "").split(separator: "\u{1F}").map(String.init)
            where !row.sources.contains(other) {
                row.otherSources.append(other)
            }
            rows.append(row)
        }
        return rows
    }

    /// Unread story count of every tab at once (one query), keyed by tab name.
    /// A tab with nothing unread is present with 0.
    public func unreadCounts() throws(StoreError) -> [String: Int] {
        try tabCounts().mapValues(\.unread)
    }

    /// Total number of stored articles (for reports and tests).
    public func articleCount() throws(StoreError) -> Int {
        let query = try database.prepare("SELECT COUNT(*) FROM articles", "counting articles")
        guard try query.step() else { return 0 }
        return Int(query.int64(at: 0))
    }

    /// The stored article with this row id (the `ArticleRow.id`), whole: content,
    /// categories and enclosures included; nil when there is none.
    public func article(id: Int64) throws(StoreError) -> Article? {
        let operation = "reading article \(id)"
        let query = try database.prepare(
            """
            SELECT guid, title, link, author, published, updated, summary, content
            FROM articles WHERE id = ?1
            """, operation)
        try query.bind(id, at: 1)
        guard try query.step() else { return nil }
        var article = Article(
            id: query.string(at: 0) ?? "", title: query.string(at: 1), link: query.string(at: 2),
            author: query.string(at: 3), published: query.date(at: 4), updated: query.date(at: 5),
            summary: query.string(at: 6), content: query.string(at: 7))

        let categories = try database.prepare(
            "SELECT name FROM article_categories WHERE article_id = ?1 ORDER BY position", operation)
        try categories.bind(id, at: 1)
        while try categories.step() {
            if let name = categories.string(at: 0) { article.categories.append(name) }
        }

        let enclosures = try database.prepare(
            """
            SELECT url, type, length FROM article_enclosures
            WHERE article_id = ?1 ORDER BY position
            """, operation)
        try enclosures.bind(id, at: 1)
        while try enclosures.step() {
            guard let url = enclosures.string(at: 0) else { continue }
            article.enclosures.append(Enclosure(
                url: url, type: enclosures.string(at: 1), length: enclosures.optionalInt64(at: 2)))
        }
        return article
    }
}
