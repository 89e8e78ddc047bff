#!/usr/bin/env bash
# Checks that two newsmenu binaries print the same `parse --json` (stdout, stderr and exit
# status) for every document of the benchmark corpus and of the test fixtures: a speed-up
# must not change a byte of the output. Usage: compare_json.sh OLD_BINARY NEW_BINARY
set -uo pipefail
old="$1" new="$2"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
corpus="${CORPUS_DIR:-/tmp/newsmenu-parse-corpus}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
differing=0 checked=0
for file in "$corpus"/slice.xml "$corpus"/big.xml "$corpus"/small/* \
    "$repo"/Tests/NewsParseTests/Fixtures/* "$repo"/Tests/EndToEndTests/Fixtures/*; do
  [ -f "$file" ] || continue
  for binary in old new; do
    "${!binary}" parse "$file" --json > "$out/$binary.out" 2> "$out/$binary.err"
    echo "exit $?" >> "$out/$binary.err"
  done
  checked=$((checked + 1))
  if ! cmp -s "$out/old.out" "$out/new.out" || ! cmp -s "$out/old.err" "$out/new.err"; then
    differing=$((differing + 1))
    echo "differs: $file"
    diff "$out/old.out" "$out/new.out" | head -20
    diff "$out/old.err" "$out/new.err" | head -5
  fi
done
echo "$checked documents, $differing differ"
[ "$differing" -eq 0 ]
