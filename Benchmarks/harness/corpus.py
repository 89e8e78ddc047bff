"""The deterministic corpus, generated once per generator version and cached: 500 small
feeds (RSS 2.0, RSS 1.0, Atom; Japanese and English; some Shift_JIS and EUC-JP), one 50 MB
RSS 2.0 feed and a 5 MB slice of the same shape, and newsmenu databases of N articles over
2,000 feeds in 8 tabs with the same articles as a newsboat cache and as sfeed files."""
import hashlib
import os
import re
import shutil

from .measure import run

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FEEDS_GENERATOR = os.path.join(BENCHMARKS, "fetch", "generate_feeds.py")
BIG_GENERATOR = os.path.join(BENCHMARKS, "parse", "make_corpus.py")
STORE_GENERATOR = os.path.join(BENCHMARKS, "store", "main.swift")
PEERS_WRITER = os.path.join(BENCHMARKS, "store", "make_peers.py")
STORE_DATABASE = os.path.join(os.path.dirname(BENCHMARKS), "Sources", "NewsStore", "Database.swift")


def _digest(*paths):
    hasher = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as source:
            hasher.update(source.read())
    return hasher.hexdigest()[:12]


def _file_layout():
    """The page size of the files this build's store creates (a file keeps it) and the log
    length at which its writers checkpoint (what a generated database's log holds, which
    every cold process reads): `Database.newFilePageSize` and `checkpointBytes`."""
    with open(STORE_DATABASE) as source:
        text = source.read()
    page = re.search(r"static let newFilePageSize = (\d+)", text)
    log = re.search(r"static let checkpointBytes: Int64 = ([\d_]+)", text)
    if not page or not log:
        raise SystemExit(f"{STORE_DATABASE}: newFilePageSize or checkpointBytes not found; "
                         "update harness/corpus.py's _file_layout to what the store declares")
    return f"p{page[1]}-w{log[1].replace('_', '')}"


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
    articles as a newsboat cache and as sfeed files per tab (make_peers.py). Keyed by the
    generator and the file layout this build writes (`_file_layout`): a database an older
    schema wrote is migrated by opening it once here, untimed, as a user's would be (after
    changing a migration in place, delete the cache)."""
    directory = os.path.join(cache, f"db-{articles}-{_digest(STORE_GENERATOR, PEERS_WRITER)}-{_file_layout()}")

    def build(out):
        print(f"  generating a database of {articles:,} articles (cached for later runs)", flush=True)
        inserted = run([store_benchmark, "generate", str(articles), out], timeout=7200)
        with open(os.path.join(out, "insert-rate.txt"), "w") as note:
            note.write(inserted)
        run(["python3", PEERS_WRITER, os.path.join(out, "news.db"), os.path.join(out, "peers")], timeout=3600)
    _cached(directory, build)
    # Opening once migrates a database an older build wrote, outside any timed run.
    run([newsmenu, "tabs", "--config", os.path.join(directory, "feeds.json"),
         "--db", os.path.join(directory, "news.db")], timeout=3600)
    return directory
