"""Row 5: a cold `newsmenu show --print` of one tab from a database of N articles, beside
`newsboat -x print-unread` on a cache of the same articles and `sfeed_plain` printing the
same tab's sfeed file, with `newsmenu --version` as the floor of starting a process."""
import os

from .measure import Command, Timing, hyperfine, once
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
        Command("sfeed_plain (one category)", f"sfeed_plain {os.path.join(directory, 'sfeed', TAB)}"),
    ]
    timings = hyperfine(commands, runs=max(runs, 10), warmup=3, shell_free=True)
    newsboat = f"newsboat -x print-unread -c {os.path.join(directory, 'newsboat.db')} -u /dev/null"
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
              bound="process start (Swift runtime and Foundation loading) and opening SQLite; the page "
                    "and counts are index walks independent of the database's size",
              target="under 50 ms at 1M; no slower than sfeed_plain printing one category")
    ours = row.ours()
    sfeed = row.timing("sfeed_plain (one category)")
    row.met = ours.median < 0.050 and ours.median <= sfeed.median
    return row
