#!/usr/bin/env bash
# Parse benchmark: newsmenu beside xmllint --stream, sfeed and Python feedparser on the same
# generated corpus, in one run. Time with hyperfine (→ MB/s), peak RSS with /usr/bin/time -v,
# instructions per byte of newsmenu with callgrind on a 5 MB slice. Writes RESULTS.md.
# Needs: swift, hyperfine, valgrind, xmllint (libxml2-utils), sfeed, python3 (feedparser is
# installed into a venv under /tmp).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
corpus="${CORPUS_DIR:-/tmp/newsmenu-parse-corpus}"
venv="${VENV_DIR:-/tmp/newsmenu-parse-venv}"
runs="${RUNS:-5}"

[ -f "$corpus/big.xml" ] || python3 "$here/make_corpus.py" "$corpus" 50 5
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q feedparser; }
(cd "$repo" && swift build -c release >/dev/null)
newsmenu="$repo/.build/release/newsmenu"
big="$corpus/big.xml"
slice="$corpus/slice.xml"
bytes=$(stat -c %s "$big")
slice_bytes=$(stat -c %s "$slice")
json="$(mktemp -d)"
trap 'rm -rf "$json"' EXIT

hyperfine --warmup 1 --runs "$runs" --export-json "$json/fast.json" \
  -n newsmenu "$newsmenu parse $big --json > /dev/null" \
  -n "xmllint --stream" "xmllint --stream --noout $big" \
  -n sfeed "sfeed < $big > /dev/null" >&2
# feedparser takes about a minute on 50 MB: one run.
hyperfine --runs 1 --export-json "$json/slow.json" \
  -n feedparser "$venv/bin/python $here/feedparser_parse.py $big" >&2
hyperfine --warmup 1 --runs 3 --export-json "$json/small.json" \
  -n "newsmenu (500 processes)" "for f in $corpus/small/*; do $newsmenu parse \$f --json > /dev/null || true; done" \
  -n "newsmenu (1 process)" "$newsmenu parse $corpus/small/* --json > /dev/null || true" \
  -n "feedparser (1 process)" "$venv/bin/python $here/feedparser_parse.py $corpus/small/*" >&2

peak() { /usr/bin/time -v bash -c "$1" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {printf "%.0f", $2/1024}'; }
rss_newsmenu=$(peak "$newsmenu parse $big --json")
rss_xmllint=$(peak "xmllint --stream --noout $big")
rss_sfeed=$(peak "sfeed < $big")
rss_feedparser=$(peak "$venv/bin/python $here/feedparser_parse.py $big")

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/refs:/ {gsub(",", "", $NF); print $NF}'
}
ir_slice=$(instructions "$newsmenu" parse "$slice" --json)
ir_tiny=$(instructions "$newsmenu" parse "$repo/Tests/NewsParseTests/Fixtures/rss091.xml" --json)
ir_xmllint=$(instructions xmllint --stream --noout "$slice")

small_bytes=$(cat "$corpus"/small/* | wc -c)
# The hand-written "## Profile" section of the previous RESULTS.md is kept below the new tables.
notes="$(sed -n '/^## Profile/,$p' "$here/RESULTS.md" 2>/dev/null || true)"
python3 - "$json" "$bytes" "$small_bytes" "$slice_bytes" "$ir_slice" "$ir_tiny" "$ir_xmllint" \
  "$rss_newsmenu" "$rss_xmllint" "$rss_sfeed" "$rss_feedparser" > "$here/RESULTS.md" <<'PY'
import json, os, platform, subprocess, sys
d, size, small_size, slice_size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
ir_slice, ir_tiny, ir_xmllint = map(int, sys.argv[5:8])
rss = dict(zip(["newsmenu", "xmllint --stream", "sfeed", "feedparser"], sys.argv[8:12]))
results = {}
for name in ("fast", "slow", "small"):
    for r in json.load(open(os.path.join(d, name + ".json")))["results"]:
        results[r["command"]] = r
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
mbs = {k: size / 1e6 / results[k]["mean"] for k in ("newsmenu", "xmllint --stream", "sfeed", "feedparser")}
print("# Parse benchmark results\n")
print(f"Machine: {cpu}, {os.cpu_count()} cores, {platform.platform()}; shared with other work while measured.\n")
print(f"Corpus: `make_corpus.py` (seeded): big.xml {size/1e6:.1f} MB RSS 2.0 with Japanese text; "
      f"slice.xml {slice_size/1e6:.1f} MB of the same shape; 500 mixed small feeds ({small_size/1e6:.1f} MB).\n")
print("Command: `Benchmarks/parse/run.sh` (hyperfine mean of 5 runs, feedparser 1 run; `/usr/bin/time -v`; callgrind).\n")
print("## 50 MB RSS 2.0\n")
print("| tool | command | mean time | MB/s | × xmllint | peak RSS |")
print("|---|---|---|---|---|---|")
commands = {"newsmenu": "newsmenu parse big.xml --json > /dev/null", "xmllint --stream": "xmllint --stream --noout big.xml",
            "sfeed": "sfeed < big.xml", "feedparser": "feedparser.parse(bytes) (Python)"}
for k in ("newsmenu", "xmllint --stream", "sfeed", "feedparser"):
    r = results[k]
    print(f"| {k} | `{commands[k]}` | {r['mean']:.3f} s ± {r.get('stddev') or 0:.3f} | {mbs[k]:.1f} | "
          f"{mbs[k]/mbs['xmllint --stream']:.2f} | {rss[k]} MB |")
print(f"\nnewsmenu vs feedparser: {mbs['newsmenu']/mbs['feedparser']:.0f}×.\n")
print("## Instructions per byte (callgrind, slice.xml)\n")
per = (ir_slice - ir_tiny) / slice_size
print(f"- newsmenu: {ir_slice:,} instructions total, {ir_slice/slice_size:.0f} per byte; "
      f"{per:.0f} per byte after subtracting a tiny feed's run ({ir_tiny:,}: process start, Foundation).")
print(f"- xmllint --stream: {ir_xmllint/slice_size:.0f} per byte.\n")
print("## 500 small feeds\n")
for k in ("newsmenu (500 processes)", "newsmenu (1 process)", "feedparser (1 process)"):
    r = results[k]
    print(f"- {k}: {r['mean']:.2f} s ({500/r['mean']:.0f} feeds/s)")
one, fp = results["newsmenu (1 process)"]["mean"], results["feedparser (1 process)"]["mean"]
print(f"\nnewsmenu in one process (`parse FILE... --json`, JSON Lines) vs feedparser's one process: {fp/one:.1f}×.")
PY
[ -z "$notes" ] || printf '\n%s\n' "$notes" >> "$here/RESULTS.md"
cat "$here/RESULTS.md"
