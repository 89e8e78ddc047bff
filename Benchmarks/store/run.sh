#!/usr/bin/env bash
# The store benchmark (issue 5). Builds deterministic databases of 100k and 1M articles over
# 2,000 feeds in 8 tabs with Benchmarks/store/main.swift, then measures, in one run:
#   - the insert rate through FeedStore.store (batches of 50 feeds, as fetch stores them);
#   - the page, count and search queries in process (StoreBenchmark queries);
#   - cold processes with hyperfine (a new process per run, warm page cache): the
#     show --tab X --print equivalent (piped, --color never), tabs, search, search --rank,
#     and newsmenu --version as the floor of starting a process;
#   - database bytes per article.
# Both databases go through FeedStore.store, search index and all (schema v8 made the index
# cheap enough to write that the 1M one no longer needs a separate rebuild).
#
# usage: Benchmarks/store/run.sh [generate|measure|all]   (WORK=dir keeps the databases)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${WORK:-/tmp/newsmenu-store-bench}
step=${1:-all}
command -v hyperfine >/dev/null || { apt-get update -q && apt-get install -y -q hyperfine; }
command -v sqlite3 >/dev/null || { apt-get update -q && apt-get install -y -q sqlite3; }
swift build -c release --product newsmenu >&2
swift build -c release --product StoreBenchmark >&2
newsmenu=$root/.build/release/newsmenu
bench=$root/.build/release/StoreBenchmark

generate() {
    mkdir -p "$work"
    [ -f "$work/100k/news.db" ] || "$bench" generate 100000 "$work/100k" | tee "$work/100k.insert"
    [ -f "$work/1m/news.db" ] || "$bench" generate 1000000 "$work/1m" | tee "$work/1m.insert"
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

case $step in
    generate) generate ;;
    measure) measure ;;
    all) generate; measure ;;
esac
