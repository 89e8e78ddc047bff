#!/usr/bin/env python3
"""Writes the articles of a newsmenu database as the peers' stores, for comparing `show`:
sfeed's TSV files (one file per feed, named feedN, under a directory per tab, since sfeed
has no tabs: a category is the set of files given to sfeed_plain) and a newsboat cache.db
with its urls file. Same articles, same read state, same dates.

usage: make_peers.py NEWS_DB OUT_DIR   (OUT_DIR/sfeed/<tab>/feedN, OUT_DIR/newsboat/{urls,cache.db})
newsboat must be installed: its own empty cache gives the schema of the installed version.
"""
import os
import sqlite3
import subprocess
import sys


def tsv_field(text):
    # sfeed(5): fields are escaped so that a record is one line.
    return (text or "").replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def main(news_db, out):
    source = sqlite3.connect(f"file:{news_db}?mode=ro", uri=True)
    tabs = source.execute("SELECT id, name FROM tabs ORDER BY position").fetchall()
    feeds = source.execute("SELECT id, url, COALESCE(title, url) FROM feeds ORDER BY id").fetchall()
    articles = source.execute(
        """SELECT feed_id, guid, COALESCE(title, ''), COALESCE(link, ''), sort_date,
                  COALESCE(content, summary, ''), is_read
           FROM articles ORDER BY feed_id, sort_date DESC, id DESC""").fetchall()
    by_feed = {}
    for row in articles:
        by_feed.setdefault(row[0], []).append(row)

    feed_file = {}
    for tab_id, name in tabs:
        directory = os.path.join(out, "sfeed", name)
        os.makedirs(directory, exist_ok=True)
        for (feed_id,) in source.execute(
                "SELECT feed_id FROM tab_feeds WHERE tab_id = ? ORDER BY position", (tab_id,)):
            feed_file[feed_id] = os.path.join(directory, f"feed{feed_id}")
    for feed_id, path in feed_file.items():
        with open(path, "w", encoding="utf-8") as tsv:
            for _, guid, title, link, date, content, _ in by_feed.get(feed_id, []):
                tsv.write("\t".join([str(date), tsv_field(title), tsv_field(link), tsv_field(content),
                                     "html", tsv_field(guid), "", "", ""]) + "\n")

    newsboat = os.path.join(out, "newsboat")
    os.makedirs(newsboat, exist_ok=True)
    cache = os.path.join(newsboat, "cache.db")
    if os.path.exists(cache):
        os.remove(cache)
    urls = os.path.join(newsboat, "urls")
    with open(urls, "w", encoding="utf-8") as listing:
        for _, url, _ in feeds:
            listing.write(url + "\n")
    subprocess.run(["newsboat", "-u", urls, "-c", cache, "-C", "/dev/null", "-x", "print-unread"],
                   check=True, stdout=subprocess.DEVNULL)
    target = sqlite3.connect(cache)
    url_of = {feed_id: url for feed_id, url, _ in feeds}
    target.executemany("INSERT OR REPLACE INTO rss_feed (rssurl, url, title) VALUES (?, ?, ?)",
                       [(url, url, title) for _, url, title in feeds])
    target.executemany(
        """INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread)
           VALUES (?, ?, '', ?, ?, ?, ?, ?)""",
        [(guid, title, link, url_of[feed_id], date, content, 0 if is_read else 1)
         for feed_id, guid, title, link, date, content, is_read in articles])
    target.commit()
    target.execute("ANALYZE")
    target.commit()
    print(f"{len(articles)} articles of {len(feeds)} feeds in {len(tabs)} tabs written for sfeed and newsboat")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
