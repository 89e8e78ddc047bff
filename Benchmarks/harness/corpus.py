"""The deterministic corpus, generated once per generator version and cached: 500 small
feeds (RSS 2.0, RSS 1.0, Atom; Japanese and English; some Shift_JIS and EUC-JP), one 50 MB
RSS 2.0 feed and a 5 MB slice of the same shape, and newsmenu databases of N articles over
2,000 feeds in 8 tabs with the same articles as a newsboat cache and as sfeed files."""
import hashlib
import os
import shutil
import sqlite3

from .measure import BenchmarkError, run

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FEEDS_GENERATOR = os.path.join(BENCHMARKS, "fetch", "generate_feeds.py")
BIG_GENERATOR = os.path.join(BENCHMARKS, "parse", "make_corpus.py")
STORE_GENERATOR = os.path.join(BENCHMARKS, "store", "main.swift")


def _digest(*paths):
    hasher = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as source:
            hasher.update(source.read())
    return hasher.hexdigest()[:12]


def _cached(directory, build):
    """Builds into directory.partial and renames it, so an interrupted run never leaves a
    half-made corpus that a later run would trust."""
    if os.path.isdir(directory):
        return directory
    partial = directory + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    os.makedirs(partial)
    build(partial)
    os.rename(partial, directory)
    return directory


def small_feeds(cache):
    """500 feeds, 20 items each; returns the directory holding feed-0000.xml … feed-0499.xml."""
    directory = os.path.join(cache, f"feeds-{_digest(FEEDS_GENERATOR)}")
    return _cached(directory, lambda out: run(["python3", FEEDS_GENERATOR, out, "500", "20", "42"], timeout=600))


def big_feed(cache, megabytes):
    """(big.xml, slice.xml): the big RSS 2.0 feed and a 5 MB slice of the same shape."""
    directory = os.path.join(cache, f"big-{megabytes}-{_digest(BIG_GENERATOR)}")
    _cached(directory, lambda out: run(["python3", BIG_GENERATOR, out, str(megabytes), "5"], timeout=1200))
    return os.path.join(directory, "big.xml"), os.path.join(directory, "slice.xml")


def database(cache, articles, store_benchmark, newsmenu):
    """A newsmenu database of `articles` articles (StoreBenchmark generate), plus the same
    articles as a newsboat cache and as sfeed files per tab. Keyed by the generator only:
    a database an older schema wrote is migrated by opening it once here, untimed, as a
    user's would be (after changing a migration in place, delete the cache)."""
    directory = os.path.join(cache, f"db-{articles}-{_digest(STORE_GENERATOR)}")

    def build(out):
        print(f"  generating a database of {articles:,} articles (cached for later runs)", flush=True)
        run([store_benchmark, "generate", str(articles), out], timeout=7200)
        _write_peer_caches(out)
    _cached(directory, build)
    # Opening once migrates a database an older build wrote, outside any timed run.
    run([newsmenu, "tabs", "--config", os.path.join(directory, "feeds.json"),
         "--db", os.path.join(directory, "news.db")], timeout=3600)
    return directory


def _write_peer_caches(directory):
    """newsboat's cache.db and sfeed's per-category files holding the database's articles."""
    ours = sqlite3.connect(os.path.join(directory, "news.db"))
    theirs_path = os.path.join(directory, "newsboat.db")
    # newsboat creates its own schema before it complains that the (empty) URL list is empty.
    open(os.path.join(directory, "newsboat-urls"), "w").close()
    run(["newsboat", "-x", "reload", "-u", os.path.join(directory, "newsboat-urls"), "-c", theirs_path],
        timeout=120, check=False)
    theirs = sqlite3.connect(theirs_path)
    if not theirs.execute("SELECT 1 FROM sqlite_schema WHERE name = 'rss_item'").fetchone():
        raise BenchmarkError(f"newsboat did not create its cache schema in {theirs_path}")
    feeds = ours.execute("SELECT id, url, COALESCE(title, url) FROM feeds").fetchall()
    theirs.executemany("INSERT INTO rss_feed (rssurl, url, title) VALUES (?, ?, ?)",
                       [(url, url, title) for _, url, title in feeds])
    rows = ours.execute("""
        SELECT f.url, a.guid, COALESCE(a.title, ''), COALESCE(a.author, ''), COALESCE(a.link, ''),
               a.sort_date, COALESCE(a.content, a.summary, ''), a.is_read = 0, t.name
        FROM articles a JOIN feeds f ON f.id = a.feed_id
        JOIN tab_feeds tf ON tf.feed_id = a.feed_id JOIN tabs t ON t.id = tf.tab_id
        ORDER BY a.sort_date DESC""")
    os.makedirs(os.path.join(directory, "sfeed"))
    sfeed_files = {}
    batch = []
    for feed_url, guid, title, author, link, date, content, unread, tab in rows:
        batch.append((guid, title, author, link, feed_url, date, content, unread))
        if len(batch) == 10_000:
            _insert_newsboat(theirs, batch)
            batch = []
        out = sfeed_files.get(tab)
        if out is None:
            out = sfeed_files[tab] = open(os.path.join(directory, "sfeed", tab), "w", encoding="utf-8")
        clean = content.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
        out.write(f"{date}\t{title}\t{link}\t{clean}\thtml\t{guid}\t{author}\t\t\n")
    _insert_newsboat(theirs, batch)
    theirs.commit()
    for out in sfeed_files.values():
        out.close()


def _insert_newsboat(connection, batch):
    connection.executemany(
        "INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", batch)
