#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CTest handoff.sources: the four lists of the RTL agree.
#   1. rtl/dcqcn.f: its source lines are exactly the .sv files in rtl/, its "//@include"
#      lines exactly the .vh files in rtl/, each once;
#   2. rtl/dcqcn.core lists the same sources and headers, and is byte for byte what
#      scripts/gen_core.sh makes of rtl/dcqcn.f; every file it names exists;
#   3. the file table of docs/fpga.md (section "Files (`rtl/`)", one row per file, the
#      name in backquotes in the first column) names every file in rtl/ but README.md,
#      and no other.
# Prints one line per disagreement (what, where, the fix) and exits 1 if there is any.
#   scripts/check_sources.sh [--root DIR]   (DIR: repository root; default this checkout)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root=$2; shift ;;
    *) echo "check_sources.sh: unknown argument '$1' (expected --root DIR)" >&2; exit 2 ;;
  esac
  shift
done
gen=$(dirname "$0")/gen_core.sh
rtl=$root/rtl
flist=$rtl/dcqcn.f
core=$rtl/dcqcn.core
doc=$root/docs/fpga.md
for f in "$flist" "$core" "$doc"; do
  [ -f "$f" ] || { echo "check_sources: $f not found"; exit 1; }
done
fail=0
err() { echo "check_sources: $*"; fail=1; }

# compare WHAT_A LIST_A WHAT_B LIST_B FIX: each name of one list missing from the other
compare() {
  local wa=$1 la=$2 wb=$3 lb=$4 fix=$5 n
  for n in $(comm -23 <(sort -u <<<"$la") <(sort -u <<<"$lb")); do
    err "$n is in $wa but not in $wb ($fix)"
  done
  for n in $(comm -13 <(sort -u <<<"$la") <(sort -u <<<"$lb")); do
    err "$n is in $wb but not in $wa ($fix)"
  done
}
dups() {  # dups WHERE LIST
  local n
  for n in $(sort <<<"$2" | uniq -d); do err "$n is listed twice in $1"; done
}

# the files of rtl/ (names only; every file, hidden ones too, but README.md)
disk_sv=""; disk_vh=""; disk_all=""
shopt -s nullglob dotglob
for p in "$rtl"/*; do
  n=${p##*/}
  [ "$n" = README.md ] && continue
  disk_all+="$n"$'\n'
  case "$n" in *.sv) disk_sv+="$n"$'\n' ;; *.vh) disk_vh+="$n"$'\n' ;; esac
done
shopt -u nullglob dotglob
disk_sv=${disk_sv%$'\n'}; disk_vh=${disk_vh%$'\n'}; disk_all=${disk_all%$'\n'}

# 1. rtl/dcqcn.f
f_sv=$(sed -e 's/^[[:space:]]*//; s/[[:space:]]*$//' "$flist" | grep -v '^//' | sed '/^$/d' || true)
f_vh=$(sed -n 's|^[[:space:]]*//@include[[:space:]]\{1,\}\([^[:space:]]*\).*|\1|p' "$flist")
dups rtl/dcqcn.f "$f_sv"$'\n'"$f_vh"
for n in $f_sv; do
  case "$n" in *.sv) ;; *) err "rtl/dcqcn.f: source line '$n' is not a .sv file (headers go on '//@include NAME.vh' lines)";; esac
done
compare "the .sv files of rtl/" "$disk_sv" "rtl/dcqcn.f" "$f_sv" \
  "every .sv file of rtl/ has one line in rtl/dcqcn.f, in dependency order"
compare "the .vh files of rtl/" "$disk_vh" "rtl/dcqcn.f" "$f_vh" \
  "every .vh file of rtl/ has one '//@include NAME' line in rtl/dcqcn.f"

# 2. rtl/dcqcn.core: the names in its files: lists (every fileset), then the generator
core_files=$(sed -n 's|^[[:space:]]*-[[:space:]]\{1,\}\([^:[:space:]]*\).*|\1|p' "$core" | grep -E '\.(sv|vh|svh|vlt|xdc)$' || true)
core_rtl=$(grep -E '\.(sv|vh)$' <<<"$core_files" | grep -v '/' || true)
compare "rtl/dcqcn.f" "$f_sv"$'\n'"$f_vh" "rtl/dcqcn.core" "$core_rtl" \
  "run scripts/gen_core.sh --write"
for n in $core_files; do
  [ -e "$rtl/$n" ] || err "rtl/dcqcn.core names $n, which does not exist (relative to rtl/)"
done
if ! diff -u "$core" <("$gen" --root "$root") > "${TMPDIR:-/tmp}/check_sources.$$.diff"; then
  err "rtl/dcqcn.core is not what scripts/gen_core.sh makes of rtl/dcqcn.f (run scripts/gen_core.sh --write); the difference:"
  sed 's/^/  /' "${TMPDIR:-/tmp}/check_sources.$$.diff" | head -40
fi
rm -f "${TMPDIR:-/tmp}/check_sources.$$.diff"

# 3. the file table of docs/fpga.md
doc_files=$(awk '/^## / { in_sec = ($0 ~ /^## Files \(`rtl\/`\)/); next }
                 in_sec && /^\| `/ { s = $0; sub(/^\| `/, "", s); sub(/`.*/, "", s); print s }' "$doc")
[ -n "$doc_files" ] || err "docs/fpga.md: no file table found (section '## Files (\`rtl/\`)', rows '| \`NAME\` | what |')"
dups "the file table of docs/fpga.md" "$doc_files"
compare "rtl/ (every file but README.md)" "$disk_all" "the file table of docs/fpga.md" "$doc_files" \
  "docs/fpga.md, section 'Files (\`rtl/\`)': one row per file of rtl/"

if [ $fail = 0 ]; then
  echo "check_sources: OK: $(wc -w <<<"$f_sv") sources and $(wc -w <<<"$f_vh") headers agree in rtl/, rtl/dcqcn.f, rtl/dcqcn.core and docs/fpga.md ($(wc -w <<<"$doc_files") files in its table)"
fi
exit $fail
