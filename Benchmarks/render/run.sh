#!/usr/bin/env bash
# Frame render time: one page-menu frame for a tab of 10,000 articles, every style and
# layout, median / fastest / slowest of many renders in one process (RenderBenchmark).
# Writes Benchmarks/render/RESULTS.md. Target (issue 6): under 5 ms.
#
# usage: Benchmarks/render/run.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-400}
[ "${1:-}" = "--quick" ] && runs=${RUNS:-100}
swift build -c release --product RenderBenchmark >&2
table=$(.build/release/RenderBenchmark "$runs")
{
    echo "# Frame render"
    echo
    echo "Produced by \`Benchmarks/render/run.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores."
    echo
    echo '```'
    echo "$table"
    echo '```'
} > Benchmarks/render/RESULTS.md
cat Benchmarks/render/RESULTS.md
