#!/usr/bin/env bash
# Binary size and cold start: `newsmenu --version` beside `newsboat --version` and
# `sfeed_plain < /dev/null` (sfeed has no version flag; reading nothing is its shortest run),
# timed with hyperfine; sizes of the installed binaries and of newsmenu's shared libraries
# from the toolchain. Writes Benchmarks/startup/RESULTS.md.
#
# usage: Benchmarks/startup/run.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-50}
[ "${1:-}" = "--quick" ] && runs=${RUNS:-20}
for tool in hyperfine newsboat sfeed_plain; do
    command -v "$tool" >/dev/null || { apt-get update -q && apt-get install -y -q hyperfine newsboat sfeed; break; }
done
swift build -c release --product newsmenu >&2
newsmenu=$PWD/.build/release/newsmenu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

hyperfine -N --warmup 3 --runs "$runs" --export-markdown "$work/start.md" \
    -n "newsmenu --version" "$newsmenu --version" \
    -n "newsboat --version" "newsboat --version" \
    -n "sfeed_plain (no input)" "sfeed_plain /dev/null" >&2

size() { stat -L -c %s "$1"; }
swift_libs=$(ldd "$newsmenu" | awk '/\/opt\/swift|swift/ {print $3}' | sort -u)
swift_bytes=0
for lib in $swift_libs; do swift_bytes=$((swift_bytes + $(size "$lib"))); done
{
    echo "# Startup and size"
    echo
    echo "Produced by \`Benchmarks/startup/run.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores; $runs runs per row."
    echo
    cat "$work/start.md"
    echo
    echo "| binary | bytes |"
    echo "|:---|---:|"
    echo "| newsmenu (release) | $(size "$newsmenu") |"
    echo "| + the Swift runtime and Foundation libraries it loads | $swift_bytes |"
    echo "| newsboat | $(size "$(command -v newsboat)") |"
    echo "| sfeed_plain | $(size "$(command -v sfeed_plain)") |"
} > Benchmarks/startup/RESULTS.md
cat Benchmarks/startup/RESULTS.md
