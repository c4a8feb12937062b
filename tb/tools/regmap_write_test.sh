#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CTest regmap.write_keeps_unchanged_files: `regmap_gen --write` on a copy of rtl/ and docs/
# leaves the files that are up to date untouched (their time stamps: a rewritten header
# makes CMake re-verilate every model that includes it) and rewrites a stale one.
#   regmap_write_test.sh REGMAP_GEN SOURCE_DIR
set -euo pipefail
gen=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$src/rtl" "$src/docs" "$tmp/"
find "$tmp" -type f -exec touch -d '2000-01-01 00:00:00' {} +
echo "// stale" >> "$tmp/rtl/dcqcn_np_regmap.vh"
touch -d '2000-01-01 00:00:00' "$tmp/rtl/dcqcn_np_regmap.vh"
"$gen" --write "$tmp/rtl" > "$tmp/log"
changed=$(find "$tmp/rtl" "$tmp/docs" -type f -newermt '2000-01-02' | sed "s|$tmp/||" | sort)
if [ "$changed" != "rtl/dcqcn_np_regmap.vh" ]; then
  echo "FAIL: regmap_gen --write touched: ${changed:-nothing}; expected only rtl/dcqcn_np_regmap.vh (the stale one)" >&2
  exit 1
fi
grep -q "^wrote $tmp/rtl/dcqcn_np_regmap.vh" "$tmp/log" || { echo "FAIL: no 'wrote' line for the stale file" >&2; cat "$tmp/log" >&2; exit 1; }
"$gen" --check "$tmp/rtl" >/dev/null
echo "PASS: only the stale file was rewritten"
