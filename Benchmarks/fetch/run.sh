#!/usr/bin/env bash
# The fetch benchmark (issue 4), every row measured side by side in one run, only on
# loopback:
#   1. cold refresh of 500 generated feeds served by nginx (ETag, Last-Modified, gzip):
#      newsmenu fetch --force on an empty database; curl --parallel-max 16 (the network
#      floor: it stores nothing); newsboat -x reload with 16 reload threads; sfeed_update
#      with 16 jobs;
#   2. the unchanged refresh: the same, all conditional, with each tool's 304 count from
#      nginx's log;
#   3. latency-bound: 16 feeds on 8 hosts (127.0.0.1–.8), each answer delayed 1 s, with the
#      most connections any one host saw at once.
# Writes Benchmarks/fetch/RESULTS.md. Needs root for apt-get when tools are missing.
#
# usage: Benchmarks/fetch/run.sh [--quick]      (RUNS=N overrides the run count)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
runs=${RUNS:-10}
[ "${1:-}" = "--quick" ] && runs=${RUNS:-3}
feeds=500

missing=()
for tool in nginx hyperfine newsboat sfeed_update curl python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light hyperfine newsboat sfeed curl
fi
swift build -c release --product newsmenu >&2
newsmenu=$root/.build/release/newsmenu

work=$(mktemp -d /tmp/newsmenu-fetch-bench.XXXXXX)
chmod 755 "$work"  # nginx workers run as an unprivileged user
slow_pids=()
cleanup() {
    [ -f "$work/nginx.pid" ] && nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true
    for pid in "${slow_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

python3 Benchmarks/fetch/generate_feeds.py "$work/www/feeds" "$feeds" 20 42
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 1024; }
http {
    log_format bench '\$status \$request_uri';
    access_log $work/access.log bench;
    client_body_temp_path $work/tmp; proxy_temp_path $work/tmp; fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp; scgi_temp_path $work/tmp;
    types { application/rss+xml xml; }
    gzip on; gzip_comp_level 5; gzip_min_length 256; gzip_types application/rss+xml;
    server { listen 127.0.0.1:$port; root $work/www; etag on; }
}
CONF
mkdir -p "$work/tmp"
nginx -p "$work" -c "$work/nginx.conf"
base="http://127.0.0.1:$port/feeds"

urls=()
for i in $(seq 0 $((feeds - 1))); do urls+=("$(printf '%s/feed-%04d.xml' "$base" "$i")"); done
write_configs() {  # $1: directory; the URLs follow
    local dir=$1; shift
    mkdir -p "$dir"
    { printf '{"tabs": [{"name": "bench", "feeds": ['; printf '"%s",' "$@" | sed 's/,$//'; printf ']}]}\n'; } > "$dir/feeds.json"
    printf '%s\n' "$@" > "$dir/urls"
    printf 'reload-threads 16\n' > "$dir/newsboat.conf"
    { echo "sfeedpath=\"$dir/sfeed\""; echo "maxjobs=16"; echo 'feeds() {'
      local n=0; for url in "$@"; do echo "    feed \"f$n\" \"$url\""; n=$((n + 1)); done; echo '}'; } > "$dir/sfeedrc"
    # curl's floor: every URL to /dev/null, compressed, 16 at once; the conditional run
    # compares against the ETags the first run saved.
    local n=0
    : > "$dir/curl-save.cfg"; : > "$dir/curl-compare.cfg"
    mkdir -p "$dir/etags"
    for url in "$@"; do
        # `next` separates URLs; one after the last would start an empty transfer.
        if [ "$n" -gt 0 ]; then echo next >> "$dir/curl-save.cfg"; echo next >> "$dir/curl-compare.cfg"; fi
        printf 'url = "%s"\noutput = "/dev/null"\ncompressed\netag-save = "%s/etags/%d"\n' "$url" "$dir" "$n" >> "$dir/curl-save.cfg"
        printf 'url = "%s"\noutput = "/dev/null"\ncompressed\netag-compare = "%s/etags/%d"\n' "$url" "$dir" "$n" >> "$dir/curl-compare.cfg"
        n=$((n + 1))
    done
}
write_configs "$work/bulk" "${urls[@]}"
b=$work/bulk
cold_newsmenu="$newsmenu fetch --force --quiet --config $b/feeds.json --db $b/newsmenu.db"
curl_cold="curl --parallel --parallel-max 16 -s -K $b/curl-save.cfg"
newsboat_cmd="newsboat -x reload -u $b/urls -c $b/newsboat.db -C $b/newsboat.conf"
sfeed_cmd="sfeed_update $b/sfeedrc"

echo "== cold refresh of $feeds feeds" >&2
hyperfine --runs "$runs" --warmup 1 --export-json "$work/cold.json" --export-markdown "$work/cold.md" \
    --prepare "rm -rf $b/newsmenu.db* $b/newsboat.db* $b/sfeed; mkdir -p $b/sfeed" \
    -n "newsmenu fetch" "$cold_newsmenu" \
    -n "curl --parallel-max 16 (floor)" "$curl_cold" \
    -n "newsboat (16 threads)" "$newsboat_cmd" \
    -n "sfeed_update (16 jobs)" "$sfeed_cmd" >&2

# Warm every tool's state once, then time the runs that could all be conditional.
$cold_newsmenu; $curl_cold; $newsboat_cmd >/dev/null 2>&1; rm -rf "$b/sfeed"; mkdir -p "$b/sfeed"; $sfeed_cmd >/dev/null 2>&1 || true
count_304() {  # runs the command once and prints "304s/requests" from nginx's log
    : > "$work/access.log"
    eval "$1" >/dev/null 2>&1 || true
    sleep 0.2
    printf '%s/%s' "$(grep -c '^304 ' "$work/access.log" || true)" "$(wc -l < "$work/access.log")"
}
curl_warm="curl --parallel --parallel-max 16 -s -K $b/curl-compare.cfg"
echo "== unchanged refresh" >&2
hyperfine --runs "$runs" --warmup 1 --export-json "$work/warm.json" --export-markdown "$work/warm.md" \
    -n "newsmenu fetch --force" "$cold_newsmenu" \
    -n "curl --etag-compare (floor)" "$curl_warm" \
    -n "newsboat (16 threads)" "$newsboat_cmd" \
    -n "sfeed_update (16 jobs)" "$sfeed_cmd" >&2
warm_newsmenu_304=$(count_304 "$cold_newsmenu")
warm_curl_304=$(count_304 "$curl_warm")
warm_newsboat_304=$(count_304 "$newsboat_cmd")
warm_sfeed_304=$(count_304 "$sfeed_cmd")

# Starts a 1 s-delay server on each of 127.0.0.1–.8 and sets slow_urls to two feeds on each.
start_slow_servers() {
    slow_urls=()
    rm -f "$work"/slow-port-* "$work"/slow-peak-*
    for h in 1 2 3 4 5 6 7 8; do
        python3 Benchmarks/fetch/slow_feed_server.py "127.0.0.$h" 1 Tests/EndToEndTests/Fixtures/world.atom \
            "$work/slow-port-$h" "$work/slow-peak-$h" &
        slow_pids+=($!)
    done
    for h in 1 2 3 4 5 6 7 8; do
        for _ in $(seq 100); do [ -s "$work/slow-port-$h" ] && break; sleep 0.05; done
        slow_urls+=("http://127.0.0.$h:$(cat "$work/slow-port-$h")/a.atom" "http://127.0.0.$h:$(cat "$work/slow-port-$h")/b.atom")
    done
}
stop_slow_servers() {  # each writes its peak of requests in flight when stopped
    for pid in "${slow_pids[@]}"; do kill "$pid"; done
    wait 2>/dev/null || true
    slow_pids=()
}

echo "== latency-bound: 16 feeds on 8 hosts, 1 s each" >&2
start_slow_servers
write_configs "$work/slow" "${slow_urls[@]}"
s=$work/slow
hyperfine --runs "$runs" --export-json "$work/slow.json" --export-markdown "$work/slow.md" \
    --prepare "rm -rf $s/newsmenu.db* $s/newsboat.db* $s/sfeed; mkdir -p $s/sfeed" \
    -n "newsmenu fetch" "$newsmenu fetch --force --quiet --config $s/feeds.json --db $s/newsmenu.db" \
    -n "curl --parallel-max 16 (floor)" "curl --parallel --parallel-max 16 -s -K $s/curl-save.cfg" \
    -n "newsboat (16 threads)" "newsboat -x reload -u $s/urls -c $s/newsboat.db -C $s/newsboat.conf" \
    -n "sfeed_update (16 jobs)" "sfeed_update $s/sfeedrc" >&2
stop_slow_servers
# The per-host peak of one newsmenu run alone, on fresh servers.
start_slow_servers
write_configs "$work/peak" "${slow_urls[@]}"
"$newsmenu" fetch --force --quiet --config "$work/peak/feeds.json" --db "$work/peak/newsmenu.db"
stop_slow_servers
peaks=$(for h in 1 2 3 4 5 6 7 8; do cat "$work/slow-peak-$h"; echo; done | sort -n | tail -1)

{
    echo "# Fetch benchmark"
    echo
    echo "Produced by \`Benchmarks/fetch/run.sh\` on $(date -u +%Y-%m-%d): $(nproc) cores, $(uname -sr),"
    echo "$(nginx -v 2>&1 | sed 's/nginx version: //'), $(curl --version | head -1 | cut -d' ' -f1-2), $(newsboat --version | head -1 | cut -d' ' -f1-2), sfeed $(dpkg-query -W -f='${Version}' sfeed)."
    echo "$runs runs per row (hyperfine; mean ± σ). Corpus: $feeds feeds, 20 items each, $(du -sh "$work/www/feeds" | cut -f1) on disk,"
    echo "RSS 2.0 / RSS 1.0 / Atom, Japanese and English (\`generate_feeds.py\`, seed 42), served by nginx on 127.0.0.1 with ETag, Last-Modified and gzip."
    echo
    echo "## 1. Cold refresh ($feeds feeds, empty database)"
    echo; cat "$work/cold.md"; echo
    echo "## 2. Unchanged refresh (everything conditional)"
    echo; cat "$work/warm.md"; echo
    echo "304s / requests in nginx's log for one run: newsmenu $warm_newsmenu_304, curl $warm_curl_304, newsboat $warm_newsboat_304, sfeed_update $warm_sfeed_304."
    echo
    echo "## 3. Latency-bound (16 feeds on 127.0.0.1–.8, each answer delayed 1 s)"
    echo; cat "$work/slow.md"; echo
    echo "Most requests any one host was answering at once during a newsmenu run: $peaks (the per-host cap is 2)."
} > Benchmarks/fetch/RESULTS.md
cat Benchmarks/fetch/RESULTS.md
