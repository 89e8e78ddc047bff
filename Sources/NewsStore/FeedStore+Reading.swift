// Reading what the page menu shows: a tab's articles, unread badges, one article.
import Foundation
import NewsModel

extension FeedStore {
    /// A tab's stories newest first by `sort_date` (published, else updated, else
    /// first_seen, never later than first_seen), which is also the row's `date`; its
    /// `published` is the feed's own date, unclamped, nil when it gave none. The source is
    /// the subscription title, else the feed's own title, else its URL. One article stored
    /// under a feed that is in the tab appears once even if the feed is listed twice.
    ///
    /// Articles of the tab's feeds with the same canonical link are one story, shown once
    /// as its first-stored article (the lead, schema v5) with the other feeds in
    /// `otherSources`.
    ///
    /// The page is chosen first, in `tab_articles` alone: a walk down its (tab, sort_date,
    /// article) key, which holds `is_lead` too, so skipping to a deep offset steps over
    /// index entries only. Only the page's rows are then joined to their article and feed
    /// (joining first read every skipped article's row: 15 ms to reach the last chunk of a
    /// 10,000-article tab). A page in the older half is walked to from the oldest end, so
    /// `G` in a long tab costs what `g` does. The closing sort orders just the page.
    ///
    /// An untitled article is listed by the start of its text (`ListedTitle`), else its
    /// link, else its id, and marked `isUntitled`. The summary is the
    /// article's, else the start of its content (`listedSummarySQL`). An unknown tab, a
    /// limit of zero or less, or an offset past the end gives no rows.
    public func articles(inTab name: String, limit: Int, offset: Int = 0) throws(StoreError) -> [ArticleRow] {
        guard limit > 0 else { return [] }
        var (skip, count, fromOldest) = (max(offset, 0), limit, false)
        // Counting (one counter row) pays only where the walk would be long.
        if skip > 1_000 {
            let total = try articleCount(inTab: name)
            guard skip < total else { return [] }
            if skip > total / 2 {
                count = min(limit, total - skip)
                (skip, fromOldest) = (total - skip - count, true)
            }
        }
        let query = try statements.prepare(
            Self.pageSQL(order: fromOldest ? "ASC" : "DESC"), "reading the articles of the tab \(name)")
        let rows = try Self.rows(of: query, tab: name, count: count, skip: skip)
        return fromOldest ? rows.reversed() : rows
    }

    /// The highest article row id so far, 0 in an empty store. Row ids only grow, so what a
    /// fetch adds is what `articles(inTab:storedAfter:)` returns for the id read before it.
    public func newestArticleID() throws(StoreError) -> Int64 {
        let query = try database.prepare("SELECT COALESCE(MAX(id), 0) FROM articles", "reading the newest article id")
        guard try query.step() else { return 0 }
        return query.int64(at: 0)
    }

    /// The tab's stories whose article was stored after row id `id`, newest first, as
    /// `articles(inTab:)` shows them. Reads only those rows' index entries, however many
    /// older articles the tab holds.
    public func articles(inTab name: String, storedAfter id: Int64) throws(StoreError) -> [ArticleRow] {
        let query = try statements.prepare(
            Self.pageSQL(order: "DESC", storedAfterOnly: true), "reading the new articles of the tab \(name)")
        return try Self.rows(of: query, tab: name, count: -1, skip: 0, storedAfter: id)
    }

    /// Runs a page query (`pageSQL`) and maps its rows. A `count` of -1 is no limit;
    /// `storedAfter` is given to the query that takes it.
    private static func rows(
        of query: Statement, tab name: String, count: Int, skip: Int, storedAfter id: Int64? = nil
    ) throws(StoreError) -> [ArticleRow] {
        // A kept statement left mid-rows (an error) would hold its read snapshot open.
        defer { query.reset() }
        try query.bind(name, at: 1)
        try query.bind(count, at: 2)
        try query.bind(skip, at: 3)
        if let id { try query.bind(id, at: 4) }
        var rows: [ArticleRow] = []
        while try query.step() {
            let summary = query.string(at: 6), isUntitled = query.bool(at: 10)
            var row = ArticleRow(
                id: query.int64(at: 0),
                title: ListedTitle.listed(stored: query.string(at: 1) ?? "", untitledHTML: isUntitled ? summary : nil),
                link: query.string(at: 2),
                source: query.string(at: 3) ?? "",
                published: query.date(at: 4),
                firstSeen: query.date(at: 5) ?? UnixTime.date(0),
                summary: summary,
                isRead: query.bool(at: 7),
                isStarred: query.bool(at: 8),
                isUntitled: isUntitled)
            for other in (query.string(at: 9) ?? "").split(separator: "\u{1F}").map(String.init)
            where !row.sources.contains(other) {
                row.otherSources.append(other)
            }
            rows.append(row)
        }
        return rows
    }

    /// What a listed article's summary line is made from: its summary, else the start of
    /// its content (an Atom entry with only `<content>`, a JSON Feed item with only
    /// `content_html`). Only rows without a summary read their content, and only the page's
    /// rows are read at all. 4,000 characters leave one line of the widest terminal once an
    /// article body's tags, attributes and entities are dropped.
    static let listedSummarySQL = "COALESCE(a.summary, substr(a.content, 1, 4000))"

    /// A page of the tab in `order` ("DESC": newest first; "ASC": oldest first), one of two
    /// fixed texts. Equal dates fall back to the article id, so paging is stable and the
    /// two orders are exact mirrors. CROSS JOIN keeps the page as the outer loop.
    /// `storedAfterOnly` picks only articles with a row id above ?4, found through the
    /// article-id index so that a fetch's few new rows cost what they are, not the tab.
    private static func pageSQL(order: StaticString, storedAfterOnly: Bool = false) -> String {
        let pick = storedAfterOnly
            ? """
              FROM tab_articles ta INDEXED BY tab_articles_by_article JOIN tabs t ON t.id = ta.tab_id
              WHERE ta.article_id > ?4 AND t.name = ?1 AND ta.is_lead = 1
              """
            : """
              FROM tabs t JOIN tab_articles ta ON ta.tab_id = t.id
              WHERE t.name = ?1 AND ta.is_lead = 1
              """
        return """
        SELECT a.id, COALESCE(a.title, a.link, a.guid), a.link,
               COALESCE(tf.title, f.display_title, f.title, f.url),
               COALESCE(a.published, a.updated), a.first_seen, \(listedSummarySQL), a.is_read, a.is_starred,
               CASE WHEN p.link_key IS NULL THEN NULL ELSE
                   (SELECT group_concat(COALESCE(tf2.title, f2.display_title, f2.title, f2.url), char(31))
                    FROM tab_articles d
                    JOIN articles b ON b.id = d.article_id
                    JOIN tab_feeds tf2 ON tf2.tab_id = d.tab_id AND tf2.feed_id = b.feed_id
                    JOIN feeds f2 ON f2.id = b.feed_id
                    WHERE d.tab_id = p.tab_id AND d.link_key = p.link_key AND d.article_id <> p.article_id
                    ORDER BY d.article_id)
               END,
               a.title IS NULL
        FROM (SELECT ta.tab_id, ta.sort_date, ta.article_id, ta.link_key
              \(pick)
              ORDER BY ta.sort_date \(order), ta.article_id \(order)
              LIMIT ?2 OFFSET ?3) p
        CROSS JOIN articles a ON a.id = p.article_id
        JOIN tab_feeds tf ON tf.tab_id = p.tab_id AND tf.feed_id = a.feed_id
        JOIN feeds f ON f.id = a.feed_id
        ORDER BY p.sort_date \(order), p.article_id \(order)
        """
    }

    /// Unread story count of every tab at once (one query), keyed by tab name.
    /// A tab with nothing unread is present with 0.
    public func unreadCounts() throws(StoreError) -> [String: Int] {
        try tabCounts().mapValues(\.unread)
    }

    /// True when no article is stored (nothing fetched yet): one row read, where counting
    /// reads them all.
    public func hasNoArticles() throws(StoreError) -> Bool {
        let query = try database.prepare("SELECT NOT EXISTS (SELECT 1 FROM articles)", "looking for articles")
        return try query.step() && query.bool(at: 0)
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
