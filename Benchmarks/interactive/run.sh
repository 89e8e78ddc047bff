#!/usr/bin/env bash
# Key-to-frame time of the interactive view with 10,000 articles in a tab: stores a generated
# feed, drives `newsmenu show` in a detached 120x40 tmux session with ~360 keys and mouse
# wheel reports (one per read), and summarises NEWSMENU_FRAME_LOG. Usage: run.sh [BINARY]
set -euo pipefail
binary=${1:-$(dirname "$0")/../../.build/release/newsmenu}
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
work=$(mktemp -d)
trap 'tmux -S "$work/tmux.sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
entries = "\n".join(
    f'<entry><title>記事 number {i} のタイトル</title><id>urn:big:{i}</id><link href="https://example.org/{i}"/>'
    f'<published>2020-01-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z</published><summary>要約 {i}</summary></entry>'
    for i in range(10000))
open(f"{work}/big.atom", "w").write(
    '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>big</title>'
    f'<id>urn:big</id><updated>2020-01-01T00:00:00Z</updated>{entries}</feed>')
open(f"{work}/feeds.json", "w").write(
    f'{{"tabs":[{{"name":"Big","feeds":["file://{work}/big.atom"]}},{{"name":"Other","feeds":["file://{work}/big.atom"]}}]}}')
PY
export NEWSMENU_CONFIG=$work/feeds.json NEWSMENU_DB=$work/news.db
"$binary" fetch --quiet

socket=$work/tmux.sock
tmux -S "$socket" -f /dev/null new-session -d -s perf -x 120 -y 40 \
    "env NEWSMENU_CONFIG=$NEWSMENU_CONFIG NEWSMENU_DB=$NEWSMENU_DB NEWSMENU_FRAME_LOG=$work/frames.log TERM=xterm-256color $binary show --tab Big"
sleep 1
# Each input draws one frame, so the log's lines pair with the inputs listed in keys.log.
send() { echo "$*" >>"$work/keys.log"; tmux -S "$socket" send-keys -t perf "$@"; sleep 0.02; }
wheel() { echo "wheel ${1:3:2}" >>"$work/keys.log"; tmux -S "$socket" send-keys -t perf -l "$1"; sleep 0.02; }
for _ in $(seq 1 8); do
    for _ in $(seq 1 15); do send j; done
    for _ in $(seq 1 5); do send k; done
    for _ in $(seq 1 5); do send PageDown; done
    send G; send k; send k; send PageUp; send C-u; send C-d
    send l; send j; send h
    send g; send Space; send Space
    wheel $'\e[<65;10;10M'; wheel $'\e[<65;10;10M'; wheel $'\e[<64;10;10M'
    for _ in $(seq 1 5); do send Down; done
done
send q
sleep 0.5
python3 - "$work/frames.log" "$work/keys.log" <<'PY'
import sys
frames = [int(line) for line in open(sys.argv[1])]
keys = [line.strip() for line in open(sys.argv[2])]
values = sorted(frames)
n = len(values)
slowest = sorted(range(n), key=lambda i: frames[i])[-5:]
print(f"frames {n}; median {values[n // 2] / 1000:.2f} ms; p95 {values[int(n * 0.95)] / 1000:.2f} ms; "
      f"worst {values[-1] / 1000:.2f} ms; slowest five "
      + ", ".join(f"{frames[i] / 1000:.1f} ms (input {i + 1}: {keys[i] if i < len(keys) else '?'})" for i in slowest))
PY
