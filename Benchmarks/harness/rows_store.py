"""Row 5: a cold `newsmenu show --print` of one tab from a database of N articles, beside
`newsboat -x print-unread` on a cache of the same articles and `sfeed_plain` printing the
same tab's sfeed files, with `newsmenu --version` as the floor of starting a process; and
the store's own figures at that size (insert rate, in-process queries, bytes per article,
a cold `search`)."""
import glob
import os
import re
import shlex
import sqlite3

from .measure import Command, Timing, hyperfine, once, run
from .row import Row

TAB = "ニュース"
NEWSBOAT_LIMIT = 120  # seconds; newsboat reads the whole cache into memory first


def show_row(directory, articles, newsmenu, runs):
    label = f"{articles // 1000}k" if articles < 1_000_000 else f"{articles // 1_000_000}M"
    print(f"row 5: show from a cache of {label} articles", flush=True)
    config, database = os.path.join(directory, "feeds.json"), os.path.join(directory, "news.db")
    commands = [
        Command("newsmenu show --print", f"{newsmenu} show --tab {TAB} --print --color never "
                f"--config {config} --db {database}", "newsmenu"),
        Command("newsmenu --version (process start)", f"{newsmenu} --version", "floor"),
        Command("sfeed_plain (one category)", "sfeed_plain " + " ".join(
            shlex.quote(path) for path in sorted(glob.glob(os.path.join(directory, "peers", "sfeed", TAB, "*"))))),
    ]
    timings = hyperfine(commands, runs=max(runs, 10), warmup=3, shell_free=True)
    peers = os.path.join(directory, "peers", "newsboat")
    newsboat = (f"newsboat -u {peers}/urls -c {peers}/cache.db -C /dev/null -x print-unread")
    # One bounded try first: at a million articles newsboat can take minutes.
    first = once(newsboat, timeout=NEWSBOAT_LIMIT)
    if first is None:
        timings.append(Timing("newsboat -x print-unread", newsboat, None, None, None, 0,
                              extra={"note": f"did not finish within {NEWSBOAT_LIMIT} s"}))
    elif first > 20:
        timings.append(Timing("newsboat -x print-unread", newsboat, first, first, first, 1,
                              extra={"note": "one run: it takes longer than 20 s"}))
    else:
        timings += hyperfine([Command("newsboat -x print-unread", newsboat)], runs=runs, warmup=0)
    row = Row(f"5 ({label})", f"show from cache: cold `show --tab {TAB} --print` with {articles:,} articles",
              "newsmenu --version (process start)", timings,
              bound="process start and opening SQLite; the page "
                    "and counts are index walks independent of the database's size",
              target="under 50 ms at 1M; no slower than sfeed_plain printing one category")
    ours = row.ours()
    sfeed = row.timing("sfeed_plain (one category)")
    row.met = ours.median < 0.050 and ours.median <= sfeed.median
    return row


def store_row(directory, articles, newsmenu, store_benchmark, runs):
    """The store at this size: in-process query medians (StoreBenchmark queries), a cold
    `search` process, the insert rate of the generation and bytes per article."""
    label = f"{articles // 1000}k" if articles < 1_000_000 else f"{articles // 1_000_000}M"
    print(f"row 5: store queries at {label}", flush=True)
    timings = []
    queries = []
    for line in run([store_benchmark, "queries", directory], timeout=1800).splitlines():
        match = re.fullmatch(r"\| (.+) \| ([\d.]+) \|", line.strip())
        if match:
            milliseconds = float(match[2])
            timings.append(Timing(match[1], "StoreBenchmark queries (in process)", milliseconds / 1000,
                                  None, None, 30, "newsmenu"))
        elif line.startswith("search query: "):
            queries.append(line[len("search query: "):])
    config, database = os.path.join(directory, "feeds.json"), os.path.join(directory, "news.db")
    # A user times a whole process: opening the database and reading its pages into a new
    # process's cache are part of every search, and for a common character most of it.
    commands = []
    for query in [_title_word(database)] + queries:
        for order in ("", " --rank"):
            commands.append(Command(
                f"newsmenu search {query}{order} (cold process)",
                f"{newsmenu} search {shlex.quote(query)}{order} --config {config} --db {database}", "newsmenu"))
    timings += hyperfine(commands, runs=max(runs, 10), warmup=2, shell_free=True)
    row = Row(f"5 ({label}) store", f"the store at {articles:,} articles: queries and search", timings[0].name, timings,
              bound="SQLite page reads of the indexes each query walks; a cold search adds process start",
              target="search under 100 ms, unread counts of all tabs under 10 ms")
    counts = next((t for t in timings if t.name.startswith("tabCounts")), None)
    searches = [t for t in timings if "search" in t.name]
    row.met = (counts is not None and counts.median < 0.010 and all(t.median < 0.100 for t in searches))
    slow = [t.name for t in searches if t.median >= 0.100]
    if slow:
        row.notes.append("searches over 100 ms: " + "; ".join(slow))
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    stored = connection.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
    # The search index has its own file beside the database since schema v13.
    files = [path for path in (database, database + ".search") if os.path.exists(path)]
    row.notes.append(f"database bytes per article (with the search index file): "
                     f"{sum(map(os.path.getsize, files)) // max(stored, 1):,}")
    rate = os.path.join(directory, "insert-rate.txt")
    if os.path.exists(rate):
        row.notes.append("when the database was generated: " + open(rate).read().strip().splitlines()[-1])
    return row


def _title_word(database):
    """A word of three or more characters from one title: the index path of search."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    title = connection.execute("SELECT title FROM articles WHERE id = 7777").fetchone()[0]
    return next(word for word in title.split() if len(word) >= 3)
