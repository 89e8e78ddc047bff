#!/usr/bin/env bash
# Foundation figure: how long `newsmenu fetch` takes for 16 feeds served from loopback with
# a 1 s delay each (serial would be 16 s; concurrent should be just over 1 s), measured with
# hyperfine beside newsboat (default 1 reload thread, and 16) and sfeed_update (its default
# maxjobs=8) in the same run. Needs: hyperfine, newsboat, sfeed, python3 (apt-get install
# hyperfine newsboat sfeed). Only 127.0.0.1 is contacted.
#
# usage: Benchmarks/fetch-slow-feeds.sh [FEEDS] [DELAY_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
feeds=${1:-16}
delay=${2:-1}
runs=${RUNS:-5}

for tool in hyperfine newsboat sfeed_update python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install hyperfine newsboat sfeed" >&2; exit 1; }
done
swift build -c release >&2
newsmenu=$PWD/.build/release/newsmenu

work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
python3 Benchmarks/slow_feed_server.py "$delay" Tests/EndToEndTests/Fixtures/world.atom "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")"

# The same feeds for every reader.
urls=()
for i in $(seq 1 "$feeds"); do urls+=("$base/feed-$i.atom"); done
{
    printf '{"tabs": [{"name": "bench", "feeds": ['
    printf '"%s",' "${urls[@]}" | sed 's/,$//'
    printf ']}]}\n'
} > "$work/feeds.json"
printf '%s\n' "${urls[@]}" > "$work/urls"
printf 'reload-threads 16\n' > "$work/newsboat-16.conf"
: > "$work/newsboat-1.conf"
{
    echo "sfeedpath=\"$work/sfeed\""
    echo 'feeds() {'
    for i in $(seq 1 "$feeds"); do echo "    feed \"feed-$i\" \"$base/feed-$i.atom\""; done
    echo '}'
} > "$work/sfeedrc"

hyperfine --runs "$runs" --warmup 1 --export-markdown "$work/result.md" \
    --prepare "rm -f $work/n.db* $work/nb.db* && rm -rf $work/sfeed && mkdir -p $work/sfeed" \
    -n "newsmenu fetch" "$newsmenu fetch --config $work/feeds.json --db $work/n.db" \
    -n "newsboat (reload-threads 1, its default)" "newsboat -u $work/urls -c $work/nb.db -C $work/newsboat-1.conf -x reload" \
    -n "newsboat (reload-threads 16)" "newsboat -u $work/urls -c $work/nb.db -C $work/newsboat-16.conf -x reload" \
    -n "sfeed_update (maxjobs 8, its default)" "sfeed_update $work/sfeedrc"
cat "$work/result.md"
