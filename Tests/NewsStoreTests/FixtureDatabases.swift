// Databases as earlier newsmenu releases left them: schema version N is Migrations.steps[0..<N]
// and the same sample rows, written in the columns that version had. The committed files under
// Fixtures/ were made by `build`; MigrationTests checks they still match it.
import Foundation
@testable import NewsStore

enum FixtureDatabases {
    /// The schema versions released before this build's, each with a committed fixture.
    static let releasedVersions = [1, 2, 7, 10, 11, 12]

    static func path(version: Int) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schema-v\(version).db").path
    }

    /// Writes a database at schema `version` with the sample rows to `path`, in rollback
    /// journal mode so that the one file is the whole database.
    static func build(version: Int, at path: String) throws {
        let database = try Database(path: path)
        for step in Migrations.steps[0..<version] {
            for sql in step { try database.execute(sql, "building fixture v\(version)") }
        }
        for sql in sampleRows + (version >= 2 ? bookkeepingRows : []) + (version >= 5 ? dedupeRows : [])
            + (version >= 10 ? searchRows : []) {
            try database.execute(sql, "filling fixture v\(version)")
        }
        try database.execute("PRAGMA user_version = \(version)", "versioning fixture")
        try database.execute("PRAGMA journal_mode = DELETE", "leaving WAL mode")
    }

    /// Two feeds in ニュース carrying one story (links differing in case, tracking and a
    /// slash) as read twins, a starred undated-but-updated article, an untitled one, and a
    /// Tech tab; categories, an enclosure and a last look.
    private static let sampleRows = [
        """
        INSERT INTO feeds (id, url, display_title, title, link, etag, last_modified, last_fetched, last_attempt,
                           last_ok, last_error, failure_count)
        VALUES (1, 'https://wire.example/feed', '通信社', 'Wire', 'https://wire.example/', '"e1"',
                'Wed, 01 Jan 2020 00:00:00 GMT', 1577836800, 1577836800, 1, NULL, 0),
               (2, 'https://paper.example/feed', NULL, 'Paper', 'https://paper.example/', NULL, NULL, 1577836800,
                1577840000, 0, 'timed out', 2)
        """,
        "INSERT INTO tabs (id, name, position, color, last_viewed) VALUES (1, 'ニュース', 0, 'red', 1577836000), (2, 'Tech', 1, NULL, NULL)",
        "INSERT INTO tab_feeds (tab_id, feed_id, position, title) VALUES (1, 1, 0, NULL), (1, 2, 1, '新聞社'), (2, 2, 0, NULL)",
        """
        INSERT INTO articles (id, feed_id, guid, title, link, author, published, updated, summary, content, first_seen,
                              is_read, is_starred)
        VALUES (1, 1, 'w-1', '東京都で大雨', 'https://site.example/rain?utm_source=wire', '記者', 1577836000, NULL,
                '東京都の大雨について', '<p>本文</p>', 1577836800, 1, 0),
               (2, 2, 'p-1', '東京都で大雨（新聞）', 'https://SITE.example/rain/', NULL, 1577836100, NULL, NULL, NULL,
                1577836800, 1, 0),
               (3, 1, 'w-2', 'Swift release', 'https://site.example/swift', NULL, NULL, 1577830000,
                'Swift concurrency checking', NULL, 1577836800, 0, 1),
               (4, 2, 'p-2', NULL, 'https://site.example/untitled', NULL, 1577800000, NULL, NULL, NULL, 1577836800, 0, 0)
        """,
        "INSERT INTO article_categories (article_id, position, name) VALUES (1, 0, '天気'), (1, 1, '東京')",
        "INSERT INTO article_enclosures (article_id, position, url, type, length) VALUES (3, 0, 'https://site.example/a.mp3', 'audio/mpeg', 1234)",
    ]

    /// What a v5-or-later build writes beside every article and feed: the canonical link and
    /// its key (by the same functions the v5 step fills them with), last seen, last stored.
    private static let dedupeRows = [
        "UPDATE articles SET last_seen = first_seen, canonical_link = newsmenu_canonical_link(link)",
        "UPDATE articles SET link_key = newsmenu_link_key(canonical_link)",
        "UPDATE feeds SET last_stored = last_fetched",
    ]

    /// From v8 the store indexes each article's `SearchText.of` itself (no trigger); this is
    /// the text as v10 writes it, line ends included.
    private static let searchRows = [
        "INSERT INTO article_search (rowid, indexed_text) SELECT id, newsmenu_search_text(title, summary, content) FROM articles",
    ]

    private static let bookkeepingRows = [
        """
        UPDATE feeds SET last_status = 200, next_due = 1577838600, body_hash = 'abc123', fetch_count = 3,
                         not_modified_count = 1, update_interval = 3600
        WHERE id = 1
        """,
        "UPDATE feeds SET last_status = 503, moved_to = 'https://paper.example/new', fetch_count = 2 WHERE id = 2",
    ]
}
