#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CTest handoff.core_sim: runs the `sim` target of rtl/dcqcn.core with Icarus Verilog the
# way FuseSoC's icarus backend does (FuseSoC itself is not packaged in Debian 12): the
# files of the target's filesets in their order, the directory of each include file as
# an include directory, `-s <toplevel>`, the target's iverilog_options, then vvp. The
# bench must print "PASS <toplevel>:" and no "FAIL".
#   scripts/core_sim.sh [BUILD_DIR]   (the .vvp goes to BUILD_DIR, default build/core_sim)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/core_sim}
core=$root/rtl/dcqcn.core
mkdir -p "$out"

# fileset entries: "FILESET<TAB>NAME<TAB>inc" (inc: is_include_file)
entries=$(awk '
  /^filesets:/ { fs = 1; next }
  /^[^ #]/     { fs = 0 }
  fs && /^  [A-Za-z_]+:/ { set = $1; sub(/:$/, "", set); next }
  fs && /^ *- / { line = $0; sub(/^ *- /, "", line); name = line; sub(/:.*/, "", name)
                  printf "%s\t%s\t%s\n", set, name, (line ~ /is_include_file: *true/ ? "inc" : "src") }' "$core")
# the sim target: its filesets, toplevel and iverilog_options
read -r sim_sets top opts < <(awk '
  /^targets:/ { t = 1; next }
  t && /^  [A-Za-z_]+:/ { cur = $1 }
  t && cur == "sim:" && /filesets:/ { s = $0; sub(/.*\[/, "", s); sub(/\].*/, "", s); gsub(/[ ]/, "", s); sets = s }
  t && cur == "sim:" && /toplevel:/ { tl = $2 }
  t && cur == "sim:" && /iverilog_options:/ { o = $0; sub(/.*\[/, "", o); sub(/\].*/, "", o); gsub(/,/, " ", o); opt = o }
  END { printf "%s %s %s\n", sets, tl, opt }' "$core")
[ -n "$top" ] || { echo "core_sim: rtl/dcqcn.core has no sim target with a toplevel"; exit 1; }
srcs=(); incs=()
for set in ${sim_sets//,/ }; do
  while IFS=$'\t' read -r s name kind; do
    [ "$s" = "$set" ] || continue
    if [ "$kind" = inc ]; then incs+=("-I$(dirname "$root/rtl/$name")"); else srcs+=("$root/rtl/$name"); fi
  done <<<"$entries"
done
mapfile -t incs < <(printf '%s\n' "${incs[@]}" | awk '!seen[$0]++')
echo "core_sim: iverilog $opts ${incs[*]} -s $top (${#srcs[@]} files of filesets $sim_sets)"
# shellcheck disable=SC2086
if ! iverilog $opts "${incs[@]}" -s "$top" -o "$out/$top.vvp" "${srcs[@]}" > "$out/iverilog.log" 2>&1; then
  cat "$out/iverilog.log"; echo "core_sim: iverilog failed on the sim target's files"; exit 1
fi
echo "core_sim: iverilog: $(grep -c 'sorry' "$out/iverilog.log" || true) 'sorry' notes (Icarus 11 limits, as in CTest icarus.*: $out/iverilog.log)"
log=$(vvp -n "$out/$top.vvp" 2>&1) || { echo "$log"; echo "core_sim: vvp failed"; exit 1; }
echo "$log" | tail -5
if grep -q "FAIL" <<<"$log" || ! grep -q "PASS $top:" <<<"$log"; then
  echo "core_sim: the sim target's bench $top did not pass"; exit 1
fi
echo "core_sim: OK: sim target $top passes"
