#!/usr/bin/env bash
# The store benchmark (issue 5). Builds deterministic databases of 100k and 1M articles over
# 2,000 feeds in 8 tabs with Benchmarks/store/main.swift, then measures, in one run:
#   - the insert rate through FeedStore.store (batches of 50 feeds, as fetch stores them);
#   - the page, count and search queries in process (StoreBenchmark queries);
#   - cold processes with hyperfine (a new process per run, warm page cache): the
#     show --tab X --print equivalent (piped, --color never), tabs, search, search --rank,
#     and newsmenu --version as the floor of starting a process;
#   - database bytes per article;
#   - against the peers on a 30k-article corpus (the same articles written by make_peers.py
#     as sfeed TSV files and a newsboat cache): newsmenu show --tab X piped, sfeed_plain
#     printing that tab's feed files, newsboat -x print-unread, in one hyperfine run.
# The 100k database goes through FeedStore.store with every trigger. The 1M one takes the
# fast path: the same generator with the search index's insert trigger dropped (stored at
# the rate without FTS), then the trigger restored and the index rebuilt in one pass.
#
# usage: Benchmarks/store/run.sh [generate|measure|peers|all]   (WORK=dir keeps the databases)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${WORK:-/tmp/newsmenu-store-bench}
step=${1:-all}
command -v hyperfine >/dev/null || { apt-get update -q && apt-get install -y -q hyperfine; }
command -v sqlite3 >/dev/null || { apt-get update -q && apt-get install -y -q sqlite3; }
for tool in sfeed_plain:sfeed newsboat:newsboat; do
    command -v "${tool%%:*}" >/dev/null || { apt-get update -q && apt-get install -y -q "${tool##*:}"; }
done
swift build -c release --product newsmenu >&2
swift build -c release --product StoreBenchmark >&2
newsmenu=$root/.build/release/newsmenu
bench=$root/.build/release/StoreBenchmark

generate() {
    mkdir -p "$work"
    [ -f "$work/100k/news.db" ] || "$bench" generate 100000 "$work/100k" | tee "$work/100k.insert"
    if [ ! -f "$work/1m/news.db" ]; then
        mkdir -p "$work/1m"
        cp "$work/100k/feeds.json" "$work/1m/feeds.json"
        "$newsmenu" tabs --config "$work/1m/feeds.json" --db "$work/1m/news.db" >/dev/null
        trigger=$(sqlite3 "$work/1m/news.db" "SELECT sql FROM sqlite_schema WHERE name = 'article_search_insert'")
        sqlite3 "$work/1m/news.db" "DROP TRIGGER article_search_insert"
        "$bench" generate 1000000 "$work/1m" | tee "$work/1m.insert"
        start=$(date +%s.%N)
        sqlite3 "$work/1m/news.db" "$trigger; INSERT INTO article_search (article_search) VALUES ('rebuild'); VACUUM;"
        echo "search index rebuilt in $(echo "$(date +%s.%N) - $start" | bc) s" | tee -a "$work/1m.insert"
    fi
}

measure() {
    for size in 100k 1m; do
        dir=$work/$size
        echo "## $size"
        echo "bytes per article: $(( $(stat -c %s "$dir/news.db") / $(sqlite3 "$dir/news.db" 'SELECT COUNT(*) FROM articles') ))"
        "$bench" queries "$dir"
        common=(--config "$dir/feeds.json" --db "$dir/news.db")
        # A word of three or more characters from one title: the index path of search.
        word=$(sqlite3 "$dir/news.db" "SELECT title FROM articles WHERE id = 7777" | tr ' ' '\n' | awk 'length >= 3' | head -1)
        # Cold processes (a new process each run) on a warm page cache: dropping the cache
        # would slow everyone else on a shared machine.
        hyperfine -N --warmup 3 --runs 30 --export-markdown "$dir/hyperfine.md" \
            "$newsmenu --version" \
            "$newsmenu show --tab ニュース --color never ${common[*]}" \
            "$newsmenu tabs ${common[*]}" \
            "$newsmenu search $word ${common[*]}" \
            "$newsmenu search $word --rank ${common[*]}"
    done
}

peers() {
    dir=$work/30k
    [ -f "$dir/news.db" ] || "$bench" generate 30000 "$dir" | tee "$work/30k.insert"
    [ -f "$dir/peers/newsboat/cache.db" ] || python3 Benchmarks/store/make_peers.py "$dir/news.db" "$dir/peers"
    tab=ニュース
    files=("$dir/peers/sfeed/$tab"/*)
    echo "## 30k against sfeed and newsboat"
    hyperfine -N --warmup 1 --runs 10 --export-markdown "$dir/hyperfine.md" \
        "$newsmenu --version" \
        "$newsmenu show --tab $tab --color never --config $dir/feeds.json --db $dir/news.db" \
        "sfeed_plain ${files[*]}" \
        "newsboat -u $dir/peers/newsboat/urls -c $dir/peers/newsboat/cache.db -C /dev/null -x print-unread"
}

case $step in
    generate) generate ;;
    measure) measure ;;
    peers) peers ;;
    all) generate; measure; peers ;;
esac
