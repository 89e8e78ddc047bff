#!/usr/bin/env python3
# scripts/kill-trials' helper (standard library only): the seeded corpus of feeds, the
# loopback server that serves it, the config listing it, and the checks of a database
# after a fetch was killed or completed.
"""
The corpus. Feed k of a run seeded S has n_k items; each served "generation" g (one per
trial) of its document holds c_k carried items (guid f{k}-c{j}, present in every
generation, their titles naming g) and m_k = n_k - c_k new ones (guid f{k}-g{g}-n{j}).
The channel title names g too. Storing generation g of a feed therefore updates its row
(title), updates its c_k carried articles and inserts its m_k new ones: if that happens
all or nothing, then for every feed the database holds exactly the union of whole
documents of the generations stored, the feed's title naming the last of them (G):

  - a feed never stored (title NULL) has no articles;
  - every carried item is there, its title naming G;
  - the m_k new items of G are all there;
  - of any other generation h, either all m_k new items are there or none, each title
    naming h, and h < G;
  - no other article.

That is the definition of "no half-stored feed" checked after every kill.
"""
import argparse
import fcntl
import http.server
import json
import os
import random
import re
import signal
import socketserver
import sqlite3
import sys
import threading
import time

FEEDS_PER_TAB = 15
TAB_NAMES = ["ニュース", "テック", "世界", "暮らし"]
WORDS = ["東京", "天気", "株価", "選挙", "news", "market", "release", "kernel", "台風", "野球",
         "science", "update", "report", "経済", "政治", "open", "source", "雨", "晴れ", "記事"]


class FeedPlan:
    """One feed of the corpus: its size, format and how slowly it is served."""

    def __init__(self, index, rng):
        self.index = index
        draw = rng.random()
        # Mixed sizes: a few tiny feeds, most ordinary, a fifth large.
        if draw < 0.1:
            self.items = rng.randint(1, 4)
        elif draw < 0.8:
            self.items = rng.randint(10, 60)
        else:
            self.items = rng.randint(200, 600)
        self.new_items = max(1, self.items // 4)
        self.carried = self.items - self.new_items
        self.atom = rng.random() < 0.4
        self.paragraphs = rng.randint(1, 6)
        # Some slow: waiting before the answer, or sending the body in slow pieces.
        slow = rng.random()
        self.delay = rng.uniform(0.3, 1.5) if slow < 0.15 else 0.0
        self.drip = 0.15 <= slow < 0.25

    def guid(self, generation, kind, j):
        return f"f{self.index}-c{j}" if kind == "c" else f"f{self.index}-g{generation}-n{j}"


def corpus(seed, feeds):
    rng = random.Random(seed)
    return [FeedPlan(k, rng) for k in range(feeds)]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def document(plan, generation):
    """Generation `generation` of the feed's document, as bytes."""
    rng = random.Random(plan.index * 1_000_003 + generation)
    entries = []
    items = [("c", j) for j in range(plan.carried)] + [("n", j) for j in range(plan.new_items)]
    for kind, j in items:
        guid = plan.guid(generation, kind, j)
        title = f"[{guid} g{generation}t] " + " ".join(rng.choice(WORDS) for _ in range(5))
        body = "".join("<p>" + " ".join(rng.choice(WORDS) for _ in range(40)) + "</p>"
                       for _ in range(plan.paragraphs))
        link = f"https://site{plan.index}.example/{guid}"
        if plan.atom:
            entries.append(f"<entry><id>{guid}</id><title>{escape(title)}</title><link href=\"{link}\"/>"
                           f"<content type=\"html\">{escape(body)}</content></entry>")
        else:
            entries.append(f"<item><guid isPermaLink=\"false\">{guid}</guid><title>{escape(title)}</title>"
                           f"<link>{link}</link><description>{escape(body)}</description></item>")
    channel_title = f"feed {plan.index} generation {generation}"
    if plan.atom:
        text = ('<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
                f"<title>{channel_title}</title><id>urn:feed:{plan.index}</id>{''.join(entries)}</feed>")
    else:
        text = ('<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
                f"<title>{channel_title}</title><link>https://site{plan.index}.example/</link>"
                f"{''.join(entries)}</channel></rss>")
    return text.encode("utf-8")


# --- serving -----------------------------------------------------------------------------

class Corpus:
    def __init__(self, state, seed, feeds):
        self.state = state
        self.plans = corpus(seed, feeds)
        self.log_lock = threading.Lock()
        self.log = open(os.path.join(state, "requests.log"), "a", buffering=1)
        self.cache = {}

    def generation(self):
        with open(os.path.join(self.state, "generation")) as file:
            return int(file.read().strip() or 0)

    def body(self, index, generation):
        key = (index, generation)
        if key not in self.cache:
            self.cache = {k: v for k, v in self.cache.items() if k[1] == generation}
            self.cache[key] = document(self.plans[index], generation)
        return self.cache[key]

    def note(self, generation, index, event):
        with self.log_lock:
            self.log.write(f"{generation} {index} {event}\n")


def handler_for(served):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def do_GET(self):
            name = self.path.rsplit("/", 1)[-1]
            try:
                index = int(name.removesuffix(".xml"))
                plan = served.plans[index]
            except (ValueError, IndexError):
                self.send_error(404)
                return
            generation = served.generation()
            served.note(generation, index, "begin")
            body = served.body(index, generation)
            if plan.delay:
                time.sleep(plan.delay)
            self.send_response(200)
            self.send_header("Content-Type", "application/atom+xml" if plan.atom else "application/rss+xml")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                if plan.drip:
                    piece = max(1, len(body) // 10)
                    for start in range(0, len(body), piece):
                        self.wfile.write(body[start:start + piece])
                        self.wfile.flush()
                        time.sleep(0.05)
                else:
                    self.wfile.write(body)
                served.note(generation, index, "sent")
            except (BrokenPipeError, ConnectionResetError):
                served.note(generation, index, "cut")
            self.close_connection = True

    return Handler


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 128


def serve(arguments):
    served = Corpus(arguments.state, arguments.seed, arguments.feeds)
    # Several ports: libcurl's politeness limit counts transfers per host and port.
    servers = [Server(("127.0.0.1", 0), handler_for(served)) for _ in range(arguments.ports)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    ports = " ".join(str(server.server_address[1]) for server in servers)
    temporary = os.path.join(arguments.state, "ports.tmp")
    with open(temporary, "w") as file:
        file.write(ports + "\n")
    os.rename(temporary, os.path.join(arguments.state, "ports"))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    while not stop.wait(0.5):
        pass
    for server in servers:
        server.shutdown()


def write_config(arguments):
    """Four tabs of 15 feeds, spread over the server's ports; the first five feeds of each
    tab also listed in the next tab, so that one article shows in two tabs."""
    ports = open(os.path.join(arguments.state, "ports")).read().split()
    urls = [f"http://127.0.0.1:{ports[k % len(ports)]}/feed/{k}.xml" for k in range(arguments.feeds)]
    tabs = []
    for number, name in enumerate(TAB_NAMES):
        own = urls[number * FEEDS_PER_TAB:(number + 1) * FEEDS_PER_TAB]
        shared = urls[((number + 3) % len(TAB_NAMES)) * FEEDS_PER_TAB:][:5]
        tabs.append({"name": name, "feeds": own + [url for url in shared if url not in own]})
    config = {"tabs": tabs, "fetch": {"concurrency": 16, "timeout": 30}}
    with open(arguments.output, "w") as file:
        json.dump(config, file, ensure_ascii=False, indent=1)


# --- checking ----------------------------------------------------------------------------

def integrity(path):
    if not os.path.exists(path):
        return "missing"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
        return "ok" if rows == [("ok",)] else "; ".join(str(row[0]) for row in rows[:5])
    finally:
        connection.close()


def lock_is_free(path):
    if not os.path.exists(path):
        return True
    with open(path, "rb") as file:
        try:
            fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(file, fcntl.LOCK_UN)
        return True


# What tab_articles and tab_stats must hold, recounted the plain way (as
# Tests/NewsStoreTests/TabIndexConsistencyTests does).
EXPECTED_TAB_ROWS = """
    SELECT tf.tab_id, a.id, a.sort_date, a.first_seen, a.is_read = 0,
           a.link_key IS NULL OR a.id = (SELECT MIN(b.id) FROM articles b JOIN tab_feeds tb ON tb.feed_id = b.feed_id
                                         WHERE tb.tab_id = tf.tab_id AND b.link_key = a.link_key)
    FROM tab_feeds tf JOIN articles a ON a.feed_id = tf.feed_id
    """
# An article's title begins "[guid gNt]", N the generation whose document carried it.
TITLE_STAMP = re.compile(r"\[(\S+) g(\d+)t\]")
ACTUAL_TAB_ROWS = "SELECT tab_id, article_id, sort_date, first_seen, is_unread, is_lead FROM tab_articles"


def feed_failures(plan, title, articles, generations):
    """What is wrong with one feed's stored articles, by the rules in the module's text.
    `articles` maps guid to the generation its title names; `generations` lists every
    generation served to this database."""
    problems = []
    name = f"feed {plan.index}"
    if title is None:
        if articles:
            problems.append(f"{name}: {len(articles)} articles but the feed row was never stored")
        return problems, None
    try:
        current = int(title.rsplit(" ", 1)[-1])
    except ValueError:
        return [f"{name}: unexpected title {title!r}"], None
    expected_new = {plan.guid(current, "n", j) for j in range(plan.new_items)}
    carried = {plan.guid(current, "c", j) for j in range(plan.carried)}
    for guid in carried:
        if articles.get(guid) != current:
            problems.append(f"{name}: carried {guid} names generation {articles.get(guid)}, the feed {current}")
    missing_new = [guid for guid in expected_new if guid not in articles]
    if missing_new:
        problems.append(f"{name}: {len(missing_new)} of the {plan.new_items} new items of generation {current} missing")
    by_generation = {}
    for guid, generation in articles.items():
        if guid in carried:
            continue
        parts = guid.split("-")
        if len(parts) != 3 or not parts[1].startswith("g"):
            problems.append(f"{name}: unexpected article {guid}")
            continue
        served = int(parts[1][1:])
        if served != generation:
            problems.append(f"{name}: {guid} names generation {generation}")
        by_generation.setdefault(served, set()).add(guid)
    for generation, guids in by_generation.items():
        whole = {plan.guid(generation, "n", j) for j in range(plan.new_items)}
        if guids != whole:
            problems.append(f"{name}: generation {generation} half stored: {len(guids)} of {plan.new_items} new items")
        if generation > current:
            problems.append(f"{name}: articles of generation {generation}, after the feed's {current}")
        if generation not in generations:
            problems.append(f"{name}: articles of generation {generation}, never served to this database")
    return problems, current


def check(arguments):
    plans = corpus(arguments.seed, arguments.feeds)
    failures = []
    database = arguments.db
    report = {"database": integrity(database), "index": integrity(database + ".search")}
    if report["database"] not in ("ok", "missing"):
        failures.append(f"integrity_check of {database}: {report['database']}")
    if report["index"] not in ("ok", "missing"):
        failures.append(f"integrity_check of {database}.search: {report['index']}")
    if not lock_is_free(database + ".lock"):
        failures.append(f"the lock {database}.lock is still held")
    generations = set(range(arguments.first_generation, arguments.generation + 1))
    stored_now = 0
    index_behind = False
    schema_ready = False
    if os.path.exists(database):
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
        schema_ready = {"feeds", "articles", "tab_articles", "search_log"} <= tables
        if schema_ready:
            duplicates = connection.execute(
                "SELECT COUNT(*) FROM (SELECT 1 FROM articles GROUP BY feed_id, guid HAVING COUNT(*) > 1)").fetchone()[0]
            if duplicates:
                failures.append(f"{duplicates} articles stored twice")
            tab_duplicates = connection.execute(
                "SELECT COUNT(*) FROM (SELECT 1 FROM tab_articles GROUP BY tab_id, article_id HAVING COUNT(*) > 1)"
            ).fetchone()[0]
            if tab_duplicates:
                failures.append(f"{tab_duplicates} articles listed twice in one tab")
            missing = connection.execute(f"SELECT COUNT(*) FROM ({EXPECTED_TAB_ROWS} EXCEPT {ACTUAL_TAB_ROWS})").fetchone()[0]
            extra = connection.execute(f"SELECT COUNT(*) FROM ({ACTUAL_TAB_ROWS} EXCEPT {EXPECTED_TAB_ROWS})").fetchone()[0]
            if missing or extra:
                failures.append(f"tab index differs from a recount: {missing} rows missing, {extra} extra")
            counters = connection.execute("SELECT tab_id, stories, unread FROM tab_stats ORDER BY tab_id").fetchall()
            recount = connection.execute(
                f"SELECT t.id, COALESCE(SUM(x.is_lead), 0), COALESCE(SUM(x.is_lead AND x.is_unread), 0) "
                f"FROM tabs t LEFT JOIN ({ACTUAL_TAB_ROWS}) x ON x.tab_id = t.id GROUP BY t.id ORDER BY t.id").fetchall()
            if counters != recount:
                failures.append(f"tab counters {counters} differ from a recount {recount}")
            urls = {row[0]: (row[1], row[2]) for row in connection.execute("SELECT id, url, title FROM feeds")}
            by_index = {}
            for feed_id, (url, title) in urls.items():
                index = int(url.rsplit("/", 1)[-1].removesuffix(".xml"))
                by_index[index] = (feed_id, title)
            for plan in plans:
                feed_id, title = by_index.get(plan.index, (None, None))
                articles = {}
                if feed_id is not None:
                    for guid, article_title in connection.execute(
                            "SELECT guid, title FROM articles WHERE feed_id = ?", (feed_id,)):
                        stamp = TITLE_STAMP.match(article_title or "")
                        articles[guid] = int(stamp.group(2)) if stamp and stamp.group(1) == guid else None
                problems, current = feed_failures(plan, title, articles, generations)
                failures += problems
                if current == arguments.generation:
                    stored_now += 1
            logged = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM search_log").fetchone()[0]
            applied = 0
            if os.path.exists(database + ".search"):
                index = sqlite3.connect(f"file:{database}.search?mode=ro", uri=True)
                try:
                    applied = index.execute("SELECT applied_seq FROM search_state").fetchone()[0]
                except sqlite3.Error:
                    applied = -1
                index.close()
            index_behind = applied < logged
            report["search_log"] = logged
            report["index_applied"] = applied
        connection.close()
    report["stored_this_generation"] = stored_now
    if arguments.complete:
        if stored_now != len(plans):
            failures.append(f"after a completed fetch only {stored_now} of {len(plans)} feeds hold generation "
                            f"{arguments.generation}")
        if index_behind:
            failures.append(f"after a completed fetch the search index is behind: applied "
                            f"{report.get('index_applied')} of {report.get('search_log')}")
    else:
        report["stage"] = stage(arguments, stored_now, len(plans), schema_ready, index_behind)
    # The first few are enough to see what went wrong; the count says how many there were.
    report["failure_count"] = len(failures)
    report["failures"] = failures[:10]
    print(json.dumps(report, ensure_ascii=False))
    return 1 if failures else 0


def stage(arguments, stored, total, schema_ready, index_behind):
    """Where the kill landed, from what the server had answered and what was committed."""
    begun = sent = 0
    with open(os.path.join(arguments.state, "requests.log")) as log:
        for line in log:
            generation, _, event = line.split()
            if int(generation) != arguments.generation:
                continue
            begun += event == "begin"
            sent += event == "sent"
    if begun == 0:
        return "starting (no request yet)" if schema_ready else "starting (creating the database)"
    if stored == 0:
        return "downloading (nothing stored yet)"
    if sent < total:
        return "downloading and storing"
    if stored < total:
        return "parsing and storing (all served)"
    return "indexing and finishing (all stored)" if index_behind else "finishing (all stored and indexed)"


def expected_total(arguments):
    """How many articles hold generation `generation` once every feed stored it."""
    print(sum(plan.items for plan in corpus(arguments.seed, arguments.feeds)))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("serve", "config", "check", "total"):
        command = commands.add_parser(name)
        command.add_argument("--state", required=True)
        command.add_argument("--seed", type=int, required=True)
        command.add_argument("--feeds", type=int, default=60)
    commands.choices["serve"].add_argument("--ports", type=int, default=8)
    commands.choices["config"].add_argument("--output", required=True)
    checking = commands.choices["check"]
    checking.add_argument("--db", required=True)
    checking.add_argument("--generation", type=int, required=True)
    checking.add_argument("--first-generation", type=int, required=True)
    checking.add_argument("--complete", action="store_true")
    arguments = parser.parse_args()
    action = {"serve": serve, "config": write_config, "check": check, "total": expected_total}[arguments.command]
    sys.exit(action(arguments) or 0)


if __name__ == "__main__":
    main()
