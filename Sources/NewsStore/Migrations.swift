// The ordered schema migrations and the runner that applies the missing ones.

/// Schema history. Version N of the schema is `steps[0..<N]` applied in order; the
/// version a file is at lives in `PRAGMA user_version` (0 for a new file). Steps are
/// only ever appended: a released step is never edited.
///
/// Schema v1, and why it looks this way:
///
/// - `feeds`: one row per feed URL (`url` UNIQUE), shared by every tab subscribing it.
///   `display_title` is the config's title for the URL (the first one given, in config
///   order); `title` and `link` are what the feed says about itself. `etag` and
///   `last_modified` are kept for conditional GET byte for byte, as text even when the
///   server's bytes are not UTF-8. `last_fetched` is the last success,
///   `last_attempt` the last try of either kind, `last_ok` 1/0 for how the last try went
///   (NULL: never tried), `last_error` its message, `failure_count` failures in a row.
/// - `tabs`: the config's tabs by `name` (UNIQUE, any script), in `position` order, with
///   the colour as text (`red`, `bright-blue`, `#rrggbb`). Kept by name across syncs so
///   `last_viewed` survives a reordering.
/// - `tab_feeds`: which feeds a tab shows. The primary key (tab, feed) means a feed is
///   listed once per tab, so a tab query yields each article once. `title` is that tab's
///   subscription title (the same URL may be named differently in two tabs).
/// - `articles`: keyed by (`feed_id`, `guid`) where `guid` is the parser's article id, so a
///   re-fetch updates in place and the reader's `is_read` / `is_starred` survive.
///   Dates are unix seconds. `sort_date` = COALESCE(published, first_seen) is a stored
///   generated column, indexed per feed by `articles_by_feed_date` (until v14), so an undated article
///   sorts by when it was first seen. (A tab spans several feeds, so the tab query still
///   sorts the tab's rows; the index serves per-feed reads.) `title` is NULL when the feed
///   gave none.
/// - `article_categories`, `article_enclosures`: child rows in the feed's order
///   (`position`), replaced whole when the article is updated.
///
/// Deleting a feed or a tab cascades to what hangs off it.
///
/// Schema v2 adds what polite fetching needs to remember per feed: `last_status` (the
/// last HTTP status, NULL when no answer came), `moved_to` (where a permanent redirect
/// pointed: later fetches go there), `is_gone` (410: not fetched again until forced),
/// `next_due` (unix seconds; NULL means due now), `body_hash` (of the last body parsed, so
/// an identical body is not parsed again), `fetch_count` / `not_modified_count` for the
/// share of conditional requests that saved a download, and `update_interval` (seconds:
/// how often the feed itself says it changes, from `ttl` or `sy:*`, kept for the runs
/// that get a 304 and parse nothing).
///
/// v2 also redefines `sort_date` as MIN(COALESCE(published, updated, first_seen),
/// first_seen): an Atom entry that carries only `updated` is dated by it, and no article
/// sorts (or shows) as newer than the moment it was first seen, so a feed that dates an
/// entry in 2999 cannot pin it to the top. The column becomes VIRTUAL (ADD COLUMN cannot
/// add a STORED one); the index stores the values, so the tab query reads them from there.
///
/// Schema v3: `retry_after_until` (unix seconds), when a 429 or 503 asked to wait: it binds
/// even a forced fetch, unlike `next_due`; `validators_url`, the URL whose response gave
/// `etag` and `last_modified`, so they are sent to that URL only (not to the first hop of a
/// temporary redirect, nor to another host).
///
/// Schema v4: `settings`, small named values the interactive view keeps (the last tab).
///
/// Schema v5 is for dedupe across feeds and for tab queries that read an index or a
/// counter instead of sorting or counting the tab. `canonical_link` is the article's link
/// in the form two feeds carrying the same story agree on (see `CanonicalLink`), `link_key`
/// its 64-bit hash. `tab_articles` lists every article once per tab that shows it, keyed
/// (tab, sort_date, article): a tab's page is a walk down that key, so the newest 40 of a
/// tab of 125,000 articles cost 40 steps, not a sort. Within a tab, rows with equal
/// `link_key` are one story, led by its first-stored article (`is_lead`); only leads are
/// listed and counted. (Equal 64-bit keys are taken as equal links: among a million
/// articles the chance that two different links collide is about 3 in 100 million.)
/// `tab_stats` keeps each tab's story and unread-story counts, so the badges of every tab
/// are one read of eight rows; new-since-last-look counts come from `tab_articles_new`,
/// an index of just the unread leads by first_seen.
///
/// Triggers keep all of it equal to `tab_feeds ⋈ articles`: an article stored, re-dated,
/// re-linked or marked read, a feed added to or removed from a tab; deleting an article,
/// tab or feed cascades and the counters follow. The migration fills the new columns
/// through SQL functions that run the same Swift code as every write (`LinkFunctions`),
/// and `tab_articles` through the same triggers as every later insert.
///
/// v5 also lets retention leave alone what a feed still carries: `articles.last_seen` is
/// the last time a fetch stored the article (NULL never: filled with `first_seen`), and
/// `feeds.last_stored` the last time a fetch stored the feed's articles. An article whose
/// `last_seen` equals its feed's `last_stored` is in the feed's current document; deleting
/// it would only bring it back, unread and "new", at the next fetch.
///
/// Schema v6 adds `article_search`, an FTS5 index over the title, summary and content of
/// every article. It is an external-content table (`content = 'articles'`): the text is
/// stored once, in `articles`, and triggers keep the index in step with inserts, deletes
/// and changed text (a re-fetch that changes nothing leaves the index alone). The
/// tokenizer is `trigram`: unicode61 splits on spaces and punctuation, so a Japanese
/// sentence would be one token and 東京 would not find 東京都; trigram indexes every run of
/// three characters, so any substring of three or more characters matches, in any script,
/// case-insensitively. Shorter queries cannot use it (see `FeedStore.search`).
///
/// Schema v7 adds `synced_tabs`: one row, a digest of the tabs last synced from the config,
/// so that every command after the first finds them unchanged with one read instead of a
/// write transaction over 2,000 memberships.
///
/// Schema v8 rebuilds `article_search` to be cheap to write: one column holding
/// `SearchText` (the title and the summary and content as plain text, so that "div" does
/// not find every article with markup), `content = ''` (the text is not kept twice),
/// `detail = none` (which rows hold a trigram, not where: a tenth of the postings) and
/// `columnsize = 0`. With no positions FTS5 cannot check that trigrams are adjacent, so
/// a search asks the index for rows holding all of a term's trigrams and checks each
/// candidate's text itself (`FeedStore.search`); it also marks the matches itself. The
/// store feeds the index from Swift as it writes (`ArticleWriter`, retention), giving
/// FTS5's 'delete' exactly the text it indexed; the old triggers go. A row deleted behind
/// the store's back (the sqlite3 shell) leaves postings that name no article, which the
/// search's join and check pass over.
///
/// Schema v9 makes storing articles cheaper; nothing read changes. FTS5 keeps the postings
/// of a transaction in memory until they reach `hashsize` (1 MB by default) and then writes
/// them out as a segment, which later writes merge. A fetch's batch stays under 1 MB, but a
/// first fetch of many large feeds, or the store benchmark's batches of 2,500 articles,
/// made several segments per commit and their merges; at 16 MB (freed at the commit) the
/// benchmark stores about 8 % more articles per CPU second. And `tab_article_added` is split: the demotion of a story's later
/// twins, an UPDATE of `tab_articles`, ran for every row stored, and such an UPDATE builds
/// a temporary table of the rows it changes (the table has an UPDATE trigger) even when it
/// changes none; `tab_article_twinned` runs it only when the tab holds a twin.
///
/// Schema v10 makes a search of one- and two-character terms exact without reading every
/// article: `SearchText` now ends in two line ends, so every character of the text starts
/// a trigram, and such a term is found through the trigrams that begin with it, listed by
/// `article_search_terms` (an fts5vocab table over the index; `TrigramVocabulary` reads
/// the same list off the index's pages). The index is not rebuilt (at 1,000,000 articles
/// that took over ten minutes): each article gets a second entry under its row id holding
/// the last two characters of its old text and the two line ends, whose trigrams are
/// exactly those the new text adds. FTS5 merges the two as one row (its index holds which
/// rows have a trigram, and a row listed twice is one row), and forgetting the article
/// later with its whole new text removes both.
///
/// Schema v11 makes storing a new article cheaper; nothing read changes. The store lists it
/// in its feed's tabs, demotes its twins and counts it itself (`TabRowWriter`) instead of
/// through `article_into_tabs`, `tab_article_added` and `tab_article_twinned`: a trigger is
/// a sub-program run per row, and a statement with triggers keeps a statement journal, a
/// copy of every page it touches. Those three cost more than a fifth of a cold fetch's
/// store thread. The two other ways a row enters `tab_articles`, a feed added to a tab and
/// an article whose link changed, now count and demote in their own trigger bodies, set by
/// set: the lead of a story is still its smallest article id within the tab. An article
/// inserted behind the store's back (the sqlite3 shell) is no longer listed in any tab.
///
/// Schema v12 folds full- and half-width forms in the indexed text (`WidthFolding`): ＡＢＣ
/// is found as abc and ｶﾞｲﾄﾞ as ガイド, as `/` in the interactive view already finds them.
/// Only the articles whose text has such forms get anything: as in v10, a second entry
/// under their row id, holding the folded text. The earlier entry's trigrams stay (the
/// check passes over what they bring); forgetting the article with its folded text later
/// removes the folded entry and leaves them, which the search's join and check pass over.
///
/// Schema v13 moves `article_search` and `article_search_terms` into a file of their own
/// beside the database (`SearchIndexFile`), so that the index is written on a second thread
/// while the articles are stored, and adds `search_log`, in which every article change
/// records what the index must do, with the text the index held (`SearchLog`). The index is
/// not rebuilt: FTS5's shadow tables are copied as they are into an identically declared
/// table in the new file (`SearchIndexMove`).
///
/// Schema v14 drops two indexes of `articles` that every stored article paid for and that
/// nothing needs any more: `articles_unread_by_feed` served only an older way of marking a
/// tab read, and `articles_by_feed_date` only counts per feed, which the (feed, guid) key
/// answers as well, and retention's newest-per-feed, which sorts one feed's articles
/// instead. Without them a cold fetch of 500 feeds stores its articles with 9 % fewer
/// instructions.
///
/// Schema v15 drops `feed_into_tab`: the store lists the articles of a feed that joins a
/// tab itself (`FeedStore.listArticles(ofFeed:inTab:)`, the trigger's three statements),
/// and only when the feed has articles. The trigger made every insert into `tab_feeds`
/// keep a statement journal, whether or not its body ran: half of saving a new config's
/// 500 memberships. A row inserted into `tab_feeds` behind the store's back (the sqlite3
/// shell) no longer lists the feed's articles.
///
/// Schema v16 leaves ruby readings out of the indexed text (`SearchText.of`): 東京<rt>とうきょう
/// </rt>都 was indexed with the reading in the line, so 東京都 did not find it. Every article
/// whose summary or content may hold an `rt` or `rp` is logged with the text the index holds
/// for it (`SearchText.withReadings`, the v12–v15 form), so the index's next catch-up forgets
/// that text and adds the new one, with no rebuild. The step reads every article's text once
/// (LIKE, case-insensitive for ASCII): 1.3 s of CPU at a million articles, bounded by the disk
/// when the file is not cached.
///
/// Schema v17 stops folding the items of one feed into one story (`ArticleWriter.storyKey`):
/// within a feed, items with different ids are different articles whatever their links,
/// so an article whose feed holds its canonical link in an earlier article (smaller id)
/// loses its link key, as does one linking to its feed's own home page (`feeds.link`,
/// made canonical by the same Swift code). Such an article was hidden behind the earlier
/// one; now it is listed, with its own read and starred state. `article_relinked_in_tabs`
/// moves each in its tabs (it leaves and rejoins as a lead, counted) and the story's next
/// twin leads where the lead left. The indexed text does not change, so the search index
/// needs nothing. Only the link keys that more than one article has are looked at, and the
/// home links are looked up through the link key index: on the benchmark's 1,000,000
/// articles of 2,000 feeds the upgrade took 0.85 s (82 MB) when no article changed, and
/// 2.9 s (150 MB) with 25,000 same-feed twins to move.
///
/// Schema v18 changes only the search index file: FTS5's index gives way to newsmenu's own
/// postings (`SearchPostings`, `SearchIndexFile.tables`). Indexing was a third of a cold
/// fetch's CPU, and FTS5's tokenizing and pending-terms hash half of that (callgrind: 590 M
/// instructions for the 1.45 M postings of 500 feeds; gathering them now takes 260 M); a cold
/// fetch takes 0.87 of the CPU it took (Benchmarks/fetch/NOTES.md, thirteenth round). What a
/// search finds does not change: the index still says which articles hold every trigram of
/// the folded text, and every candidate is checked against its text.
/// The step forgets that the index is up to date, so the next open for writing opens the
/// file, finds FTS5's tables and builds the index again from the articles. A database older
/// than v13 no longer has its FTS5 index copied into the file (`SearchIndexMove`): the
/// file is built once, after the last step.
enum Migrations {
    static let steps: [[String]] = [
        [
            """
            CREATE TABLE feeds (
                id            INTEGER PRIMARY KEY,
                url           TEXT NOT NULL UNIQUE,
                display_title TEXT,
                title         TEXT,
                link          TEXT,
                etag          TEXT,
                last_modified TEXT,
                last_fetched  INTEGER,
                last_attempt  INTEGER,
                last_ok       INTEGER CHECK (last_ok IN (0, 1)),
                last_error    TEXT,
                failure_count INTEGER NOT NULL DEFAULT 0
            ) STRICT
            """,
            """
            CREATE TABLE tabs (
                id          INTEGER PRIMARY KEY,
                name        TEXT NOT NULL UNIQUE,
                position    INTEGER NOT NULL,
                color       TEXT,
                last_viewed INTEGER
            ) STRICT
            """,
            """
            CREATE TABLE tab_feeds (
                tab_id   INTEGER NOT NULL REFERENCES tabs(id) ON DELETE CASCADE,
                feed_id  INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title    TEXT,
                PRIMARY KEY (tab_id, feed_id)
            ) STRICT, WITHOUT ROWID
            """,
            // Lets a feed's deletion find its memberships without scanning every tab.
            "CREATE INDEX tab_feeds_by_feed ON tab_feeds(feed_id)",
            """
            CREATE TABLE articles (
                id         INTEGER PRIMARY KEY,
                feed_id    INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                guid       TEXT NOT NULL,
                title      TEXT,
                link       TEXT,
                author     TEXT,
                published  INTEGER,
                updated    INTEGER,
                summary    TEXT,
                content    TEXT,
                first_seen INTEGER NOT NULL,
                sort_date  INTEGER GENERATED ALWAYS AS (COALESCE(published, first_seen)) STORED,
                is_read    INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
                is_starred INTEGER NOT NULL DEFAULT 0 CHECK (is_starred IN (0, 1)),
                UNIQUE (feed_id, guid)
            ) STRICT
            """,
            "CREATE INDEX articles_by_feed_date ON articles(feed_id, sort_date DESC)",
            // Unread counts touch only unread rows.
            "CREATE INDEX articles_unread_by_feed ON articles(feed_id) WHERE is_read = 0",
            """
            CREATE TABLE article_categories (
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                position   INTEGER NOT NULL,
                name       TEXT NOT NULL,
                PRIMARY KEY (article_id, position)
            ) STRICT, WITHOUT ROWID
            """,
            """
            CREATE TABLE article_enclosures (
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                position   INTEGER NOT NULL,
                url        TEXT NOT NULL,
                type       TEXT,
                length     INTEGER,
                PRIMARY KEY (article_id, position)
            ) STRICT, WITHOUT ROWID
            """,
        ],
        [
            "ALTER TABLE feeds ADD COLUMN last_status INTEGER",
            "ALTER TABLE feeds ADD COLUMN moved_to TEXT",
            "ALTER TABLE feeds ADD COLUMN is_gone INTEGER NOT NULL DEFAULT 0 CHECK (is_gone IN (0, 1))",
            "ALTER TABLE feeds ADD COLUMN next_due INTEGER",
            "ALTER TABLE feeds ADD COLUMN body_hash TEXT",
            "ALTER TABLE feeds ADD COLUMN fetch_count INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE feeds ADD COLUMN not_modified_count INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE feeds ADD COLUMN update_interval INTEGER",
            "DROP INDEX articles_by_feed_date",
            "ALTER TABLE articles DROP COLUMN sort_date",
            """
            ALTER TABLE articles ADD COLUMN sort_date INTEGER
                GENERATED ALWAYS AS (MIN(COALESCE(published, updated, first_seen), first_seen)) VIRTUAL
            """,
            "CREATE INDEX articles_by_feed_date ON articles(feed_id, sort_date DESC)",
        ],
        [
            "ALTER TABLE feeds ADD COLUMN retry_after_until INTEGER",
            "ALTER TABLE feeds ADD COLUMN validators_url TEXT",
        ],
        // v4: small named values the interactive view keeps across runs (the last tab).
        [
            "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID",
        ],
        [
            "ALTER TABLE articles ADD COLUMN last_seen INTEGER",
            "UPDATE articles SET last_seen = first_seen",
            "ALTER TABLE feeds ADD COLUMN last_stored INTEGER",
            "UPDATE feeds SET last_stored = last_fetched",
            "ALTER TABLE articles ADD COLUMN canonical_link TEXT",
            "ALTER TABLE articles ADD COLUMN link_key INTEGER",
            "UPDATE articles SET canonical_link = newsmenu_canonical_link(link)",
            "UPDATE articles SET link_key = newsmenu_link_key(canonical_link)",
            "CREATE INDEX articles_by_link_key ON articles(link_key) WHERE link_key IS NOT NULL",
            """
            CREATE TABLE tab_stats (
                tab_id  INTEGER PRIMARY KEY REFERENCES tabs(id) ON DELETE CASCADE,
                stories INTEGER NOT NULL DEFAULT 0,
                unread  INTEGER NOT NULL DEFAULT 0
            ) STRICT
            """,
            "INSERT INTO tab_stats (tab_id) SELECT id FROM tabs",
            """
            CREATE TRIGGER tab_counted AFTER INSERT ON tabs BEGIN
                INSERT INTO tab_stats (tab_id) VALUES (NEW.id);
            END
            """,
            """
            CREATE TABLE tab_articles (
                tab_id     INTEGER NOT NULL REFERENCES tabs(id) ON DELETE CASCADE,
                sort_date  INTEGER NOT NULL,
                article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                link_key   INTEGER,
                is_lead    INTEGER NOT NULL DEFAULT 1 CHECK (is_lead IN (0, 1)),
                is_unread  INTEGER NOT NULL CHECK (is_unread IN (0, 1)),
                first_seen INTEGER NOT NULL,
                PRIMARY KEY (tab_id, sort_date, article_id)
            ) STRICT, WITHOUT ROWID
            """,
            "CREATE INDEX tab_articles_by_article ON tab_articles(article_id)",
            """
            CREATE INDEX tab_articles_by_link ON tab_articles(tab_id, link_key, article_id)
                WHERE link_key IS NOT NULL
            """,
            """
            CREATE INDEX tab_articles_new ON tab_articles(tab_id, first_seen)
                WHERE is_lead = 1 AND is_unread = 1
            """,
            // A row arrives as its story's lead; an earlier twin demotes it, or it demotes
            // the later twins that led until now (a feed added to the tab with old articles).
            // No "AND is_lead = 1": with it the planner walks the whole tab by primary key
            // instead of the link index (is_lead is not in it), once per article stored.
            """
            CREATE TRIGGER tab_article_added AFTER INSERT ON tab_articles BEGIN
                UPDATE tab_stats SET stories = stories + 1, unread = unread + NEW.is_unread
                WHERE tab_id = NEW.tab_id;
                UPDATE tab_articles SET is_lead = 0
                WHERE NEW.link_key IS NOT NULL AND tab_id = NEW.tab_id AND link_key = NEW.link_key
                  AND (article_id = NEW.article_id) = EXISTS (
                      SELECT 1 FROM tab_articles d
                      WHERE d.tab_id = NEW.tab_id AND d.link_key = NEW.link_key AND d.article_id < NEW.article_id);
            END
            """,
            // The story's next twin leads when its lead goes.
            """
            CREATE TRIGGER tab_article_removed AFTER DELETE ON tab_articles BEGIN
                UPDATE tab_stats SET stories = stories - OLD.is_lead, unread = unread - (OLD.is_lead AND OLD.is_unread)
                WHERE tab_id = OLD.tab_id;
                UPDATE tab_articles SET is_lead = 1
                WHERE OLD.is_lead = 1 AND OLD.link_key IS NOT NULL AND tab_id = OLD.tab_id AND link_key = OLD.link_key
                  AND article_id = (SELECT MIN(article_id) FROM tab_articles
                                    WHERE tab_id = OLD.tab_id AND link_key = OLD.link_key);
            END
            """,
            """
            CREATE TRIGGER tab_article_recounted AFTER UPDATE OF is_lead, is_unread ON tab_articles BEGIN
                UPDATE tab_stats SET stories = stories + NEW.is_lead - OLD.is_lead,
                    unread = unread + (NEW.is_lead AND NEW.is_unread) - (OLD.is_lead AND OLD.is_unread)
                WHERE tab_id = NEW.tab_id;
            END
            """,
            """
            INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
            SELECT tf.tab_id, a.sort_date, a.id, a.link_key, a.is_read = 0, a.first_seen
            FROM tab_feeds tf JOIN articles a ON a.feed_id = tf.feed_id
            ORDER BY a.id
            """,
            """
            CREATE TRIGGER article_into_tabs AFTER INSERT ON articles BEGIN
                INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
                SELECT tab_id, NEW.sort_date, NEW.id, NEW.link_key, NEW.is_read = 0, NEW.first_seen
                FROM tab_feeds WHERE feed_id = NEW.feed_id;
            END
            """,
            """
            CREATE TRIGGER article_redated_in_tabs AFTER UPDATE OF published, updated, first_seen ON articles
            WHEN OLD.sort_date IS NOT NEW.sort_date AND OLD.link_key IS NEW.link_key BEGIN
                UPDATE tab_articles SET sort_date = NEW.sort_date WHERE article_id = NEW.id;
            END
            """,
            // A new link may make the article another story's twin: leave and rejoin its tabs.
            relinkedRejoin + "\nEND",
            """
            CREATE TRIGGER article_read_in_tabs AFTER UPDATE OF is_read ON articles
            WHEN OLD.is_read IS NOT NEW.is_read BEGIN
                UPDATE tab_articles SET is_unread = (NEW.is_read = 0) WHERE article_id = NEW.id;
            END
            """,
            """
            CREATE TRIGGER feed_into_tab AFTER INSERT ON tab_feeds BEGIN
                INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
                SELECT NEW.tab_id, sort_date, id, link_key, is_read = 0, first_seen
                FROM articles WHERE feed_id = NEW.feed_id;
            END
            """,
            """
            CREATE TRIGGER feed_out_of_tab AFTER DELETE ON tab_feeds BEGIN
                DELETE FROM tab_articles
                WHERE tab_id = OLD.tab_id AND article_id IN (SELECT id FROM articles WHERE feed_id = OLD.feed_id);
            END
            """,
        ],
        [
            """
            CREATE VIRTUAL TABLE article_search USING fts5(
                title, summary, content, content = 'articles', content_rowid = 'id', tokenize = 'trigram')
            """,
            "INSERT INTO article_search (article_search) VALUES ('rebuild')",
            """
            CREATE TRIGGER article_search_insert AFTER INSERT ON articles BEGIN
                INSERT INTO article_search (rowid, title, summary, content)
                VALUES (NEW.id, NEW.title, NEW.summary, NEW.content);
            END
            """,
            """
            CREATE TRIGGER article_search_delete AFTER DELETE ON articles BEGIN
                INSERT INTO article_search (article_search, rowid, title, summary, content)
                VALUES ('delete', OLD.id, OLD.title, OLD.summary, OLD.content);
            END
            """,
            """
            CREATE TRIGGER article_search_update AFTER UPDATE OF title, summary, content ON articles
            WHEN OLD.title IS NOT NEW.title OR OLD.summary IS NOT NEW.summary OR OLD.content IS NOT NEW.content
            BEGIN
                INSERT INTO article_search (article_search, rowid, title, summary, content)
                VALUES ('delete', OLD.id, OLD.title, OLD.summary, OLD.content);
                INSERT INTO article_search (rowid, title, summary, content)
                VALUES (NEW.id, NEW.title, NEW.summary, NEW.content);
            END
            """,
        ],
        [
            "CREATE TABLE synced_tabs (digest INTEGER NOT NULL) STRICT",
        ],
        [
            "DROP TRIGGER article_search_insert",
            "DROP TRIGGER article_search_delete",
            "DROP TRIGGER article_search_update",
            "DROP TABLE article_search",
            """
            CREATE VIRTUAL TABLE article_search USING fts5(
                indexed_text, content = '', detail = none, columnsize = 0, tokenize = 'trigram')
            """,
            """
            INSERT INTO article_search (rowid, indexed_text)
            SELECT id, newsmenu_search_text(title, summary, content) FROM articles
            """,
        ],
        [
            "INSERT INTO article_search (article_search, rank) VALUES ('hashsize', 16777216)",
            "DROP TRIGGER tab_article_added",
            """
            CREATE TRIGGER tab_article_added AFTER INSERT ON tab_articles BEGIN
                UPDATE tab_stats SET stories = stories + 1, unread = unread + NEW.is_unread
                WHERE tab_id = NEW.tab_id;
            END
            """,
            // As in v5: a row arrives as its story's lead; an earlier twin demotes it, or it
            // demotes the later twins that led until now.
            """
            CREATE TRIGGER tab_article_twinned AFTER INSERT ON tab_articles
            WHEN NEW.link_key IS NOT NULL AND EXISTS (
                SELECT 1 FROM tab_articles d
                WHERE d.tab_id = NEW.tab_id AND d.link_key = NEW.link_key AND d.article_id <> NEW.article_id)
            BEGIN
                UPDATE tab_articles SET is_lead = 0
                WHERE tab_id = NEW.tab_id AND link_key = NEW.link_key
                  AND (article_id = NEW.article_id) = EXISTS (
                      SELECT 1 FROM tab_articles d
                      WHERE d.tab_id = NEW.tab_id AND d.link_key = NEW.link_key AND d.article_id < NEW.article_id);
            END
            """,
        ],
        [
            """
            INSERT INTO article_search (rowid, indexed_text)
            SELECT id, newsmenu_search_text_ending(title, summary, content) FROM articles ORDER BY id
            """,
            "CREATE VIRTUAL TABLE article_search_terms USING fts5vocab(article_search, row)",
        ],
        [
            // IF EXISTS: a file whose version number was set back (as tests do) may lack them.
            "DROP TRIGGER IF EXISTS article_into_tabs",
            "DROP TRIGGER IF EXISTS tab_article_added",
            "DROP TRIGGER IF EXISTS tab_article_twinned",
            "DROP TRIGGER IF EXISTS article_relinked_in_tabs",
            "DROP TRIGGER IF EXISTS feed_into_tab",
            // A new link may make the article another story's twin: it leaves and rejoins its
            // tabs as a lead, counted, and steps down (or its later twins do) as in v9.
            relinkedRejoin + """

                UPDATE tab_stats SET stories = stories + 1, unread = unread + (NEW.is_read = 0)
                WHERE tab_id IN (SELECT tab_id FROM tab_feeds WHERE feed_id = NEW.feed_id);
                UPDATE tab_articles SET is_lead = 0
                WHERE NEW.link_key IS NOT NULL AND link_key = NEW.link_key
                  AND tab_id IN (SELECT tab_id FROM tab_feeds WHERE feed_id = NEW.feed_id)
                  AND (article_id = NEW.id) = EXISTS (
                      SELECT 1 FROM tab_articles d
                      WHERE d.tab_id = tab_articles.tab_id AND d.link_key = NEW.link_key AND d.article_id < NEW.id);
            END
            """,
            // A feed joining a tab brings its articles as leads, counted; then every row of
            // the stories they share with the tab that has an earlier twin steps down. A feed
            // with no articles yet (every feed of a first run) brings nothing.
            """
            CREATE TRIGGER feed_into_tab AFTER INSERT ON tab_feeds
            WHEN EXISTS (SELECT 1 FROM articles WHERE feed_id = NEW.feed_id) BEGIN
                INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
                SELECT NEW.tab_id, sort_date, id, link_key, is_read = 0, first_seen
                FROM articles WHERE feed_id = NEW.feed_id;
                UPDATE tab_stats SET stories = stories + (SELECT count(*) FROM articles WHERE feed_id = NEW.feed_id),
                                     unread = unread + (SELECT count(*) FROM articles
                                                        WHERE feed_id = NEW.feed_id AND is_read = 0)
                WHERE tab_id = NEW.tab_id;
                UPDATE tab_articles SET is_lead = 0
                WHERE tab_id = NEW.tab_id
                  AND link_key IN (SELECT link_key FROM articles WHERE feed_id = NEW.feed_id AND link_key IS NOT NULL)
                  AND EXISTS (
                      SELECT 1 FROM tab_articles d
                      WHERE d.tab_id = NEW.tab_id AND d.link_key = tab_articles.link_key
                        AND d.article_id < tab_articles.article_id);
            END
            """,
        ],
        [
            """
            INSERT INTO article_search (rowid, indexed_text)
            SELECT id, folded FROM (
                SELECT id, newsmenu_search_text_width_folded(title, summary, content) AS folded FROM articles ORDER BY id)
            WHERE folded IS NOT NULL
            """,
        ],
        [
            // `SearchIndexMove` has run before this step (since v18 it only clears the index's path).
            "DROP TABLE article_search_terms",
            "DROP TABLE article_search",
            """
            CREATE TABLE search_log (
                seq        INTEGER PRIMARY KEY,
                article_id INTEGER NOT NULL,
                old_text   TEXT
            ) STRICT
            """,
        ],
        [
            // IF EXISTS, as in v11: a file whose version number was set back may lack them.
            "DROP INDEX IF EXISTS articles_unread_by_feed",
            "DROP INDEX IF EXISTS articles_by_feed_date",
        ],
        [
            // IF EXISTS, as in v11: a file whose version number was set back may lack it.
            "DROP TRIGGER IF EXISTS feed_into_tab",
        ],
        [
            // The indexed text leaves out ruby readings: every article that may have one is
            // logged with the text the index holds for it, which the index's next catch-up
            // forgets before it adds the text as it is now. LIKE is case-insensitive for
            // ASCII, so <RT> is found too; a false hit only indexes the same text again.
            """
            INSERT INTO search_log (article_id, old_text)
            SELECT id, newsmenu_search_text_with_readings(title, summary, content) FROM articles
            WHERE summary LIKE '%<rt%' OR summary LIKE '%<rp%' OR content LIKE '%<rt%' OR content LIKE '%<rp%'
            ORDER BY id
            """,
        ],
        [
            // Equal canonical links as well as equal keys, as `ArticleWriter` compares them.
            // CROSS JOIN keeps feeds the outer loop, one link key lookup per feed: joined
            // plainly, the planner chose to scan the link key index of every article.
            """
            UPDATE articles SET link_key = NULL
            WHERE id IN (
                SELECT later.id FROM articles later
                WHERE later.link_key IN (SELECT link_key FROM articles WHERE link_key IS NOT NULL
                                         GROUP BY link_key HAVING COUNT(*) > 1)
                  AND EXISTS (SELECT 1 FROM articles earlier
                              WHERE earlier.link_key = later.link_key AND earlier.canonical_link = later.canonical_link
                                AND earlier.feed_id = later.feed_id AND earlier.id < later.id)
                UNION ALL
                SELECT a.id FROM feeds f
                CROSS JOIN articles a ON a.link_key = newsmenu_link_key(newsmenu_canonical_link(f.link))
                               AND a.canonical_link = newsmenu_canonical_link(f.link) AND a.feed_id = f.id)
            """,
        ],
        [
            // The search index file takes newsmenu's own postings (`SearchPostings`) instead of
            // FTS5's: forgetting that the index is up to date makes the next open for writing
            // open it, find the old format and build the index again (`SearchIndexFile.open`).
            "DELETE FROM settings WHERE key = 'search_index.applied'",
        ],
    ]

    /// The version whose step moves the search index out: the steps before it run in one
    /// transaction, the move in the index file's own, then the rest in another.
    static let searchIndexMoveVersion = 13

    /// How `article_relinked_in_tabs` begins in v5 and in v11: the article leaves its tabs and
    /// rejoins them. One text for both, so that v5's released step reads exactly as it did.
    private static let relinkedRejoin = """
        CREATE TRIGGER article_relinked_in_tabs AFTER UPDATE OF link_key ON articles
        WHEN OLD.link_key IS NOT NEW.link_key BEGIN
            DELETE FROM tab_articles WHERE article_id = NEW.id;
            INSERT INTO tab_articles (tab_id, sort_date, article_id, link_key, is_unread, first_seen)
            SELECT tab_id, NEW.sort_date, NEW.id, NEW.link_key, NEW.is_read = 0, NEW.first_seen
            FROM tab_feeds WHERE feed_id = NEW.feed_id;
        """

    /// The schema version this build writes and understands.
    static var latestVersion: Int { steps.count }

    /// Brings the database to `latestVersion` in one transaction, or refuses a file
    /// written by a newer newsmenu. The version is read inside the write transaction so
    /// that two processes opening a new file at once do not both migrate it.
    /// A file already at this version (every open but the first) is only read: the write
    /// transaction took the write lock and committed on every `show`.
    static func run(on database: Database) throws(StoreError) {
        if try version(of: database) == latestVersion { return }
        try migrate(database, to: searchIndexMoveVersion - 1)
        // A crash after the move and before the next step leaves the database at the version
        // before: the next open moves the index again, over what it left.
        if try version(of: database) == searchIndexMoveVersion - 1 {
            try SearchIndexMove.run(from: database)
            return try SearchIndexMove.withoutSecureDelete(database) { () throws(StoreError) in
                try migrate(database, to: latestVersion)
            }
        }
        try migrate(database, to: latestVersion)
    }

    /// Applies the steps up to version `target` in one transaction; refuses a version no
    /// newsmenu writes or one newer than this build's.
    private static func migrate(_ database: Database, to target: Int) throws(StoreError) {
        try database.transaction("migrating the schema") { () throws(StoreError) in
            let current = try version(of: database)
            guard current >= 0 else {
                throw StoreError(
                    path: database.path, operation: "checking the schema version",
                    message: "the database has schema version \(current), which no newsmenu writes")
            }
            guard current <= latestVersion else {
                throw StoreError(
                    path: database.path, operation: "checking the schema version",
                    message: "the database has schema version \(current), newer than version "
                        + "\(latestVersion) that this newsmenu supports")
            }
            guard current < target else { return }
            for version in current..<target {
                for sql in steps[version] {
                    try database.execute(sql, "migrating the schema to version \(version + 1)")
                }
            }
            // PRAGMA takes no bound values; the number is this build's own constant.
            try database.execute("PRAGMA user_version = \(target)", "recording schema version \(target)")
        }
    }

    /// For a read-only connection: the file must be at exactly this build's version.
    static func check(on database: Database) throws(StoreError) {
        let current = try version(of: database)
        if current > latestVersion {
            throw StoreError(
                path: database.path, operation: "checking the schema version",
                message: "the database has schema version \(current), newer than version "
                    + "\(latestVersion) that this newsmenu supports")
        }
        if current < latestVersion {
            throw StoreError(
                path: database.path, operation: "checking the schema version",
                message: "the database has schema version \(current) and this newsmenu needs \(latestVersion); "
                    + "it cannot be upgraded while the file is read-only: make it writable and run newsmenu fetch")
        }
    }

    static func version(of database: Database) throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version", "reading the schema version")
        guard try statement.step() else { return 0 }
        return Int(statement.int64(at: 0))
    }
}
