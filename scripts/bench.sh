#!/usr/bin/env bash
# Lock-step throughput per block (Verilated RTL + reference compared every cycle) and
# the reference models alone, as JSON on stdout.
#   scripts/bench.sh [EVENTS]      default 2,000,000 per block
#   scripts/bench.sh trace [MS]    the cost of dcqcn-sim's waveform on incast4 (RTL engine,
#                                  MS = 50 by default): untraced, a full-run FST, a 1 ms
#                                  window, a full-run VCD; wall and CPU seconds, sizes, ratios
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = trace ]; then
  MS=${2:-50}
  [ -x build/dcqcn-sim ] || scripts/build.sh >/dev/null
  d=build/bench/trace
  rm -rf "$d" && mkdir -p "$d"
  from=$(awk -v m="$MS" 'BEGIN { printf "%g", m / 2 }')
  to=$(awk -v m="$MS" 'BEGIN { printf "%g", m / 2 + 1 }')
  TIMEFORMAT='%R %U %S'
  run() {  # name, extra options; prints "wall cpu bytes"
    local t
    t=$( { time build/dcqcn-sim run incast4 --duration "$MS" --quiet --out "$d/$1" "${@:2}" >/dev/null; } 2>&1 | tail -1)
    local f=0
    for x in "$d/$1".fst "$d/$1".vcd; do [ -f "$x" ] && f=$(stat -c %s "$x"); done
    echo "$t $f" | awk '{ printf "%.3f %.3f %d", $1, $2 + $3, $4 }'
  }
  read -r w0 c0 _ <<<"$(run none)"
  read -r w1 c1 s1 <<<"$(run full --vcd "$d/full.fst")"
  read -r w2 c2 s2 <<<"$(run window --vcd "$d/window.fst" --trace-from "$from" --trace-to "$to")"
  read -r w3 c3 s3 <<<"$(run vcd --vcd "$d/vcd.vcd")"
  rm -f "$d/vcd.vcd"
  awk -v ms="$MS" -v from="$from" -v to="$to" -v w0="$w0" -v c0="$c0" -v w1="$w1" -v c1="$c1" -v s1="$s1" \
      -v w2="$w2" -v c2="$c2" -v s2="$s2" -v w3="$w3" -v c3="$c3" -v s3="$s3" -v cores="$(nproc)" 'BEGIN {
    printf "{\n  \"scenario\": \"incast4\", \"duration_ms\": %s, \"engine\": \"rtl\", \"host_cores\": %d,\n", ms, cores
    printf "  \"untraced\": {\"wall_s\": %.3f, \"cpu_s\": %.3f},\n", w0, c0
    printf "  \"full_fst\": {\"wall_s\": %.3f, \"cpu_s\": %.3f, \"mb\": %.1f, \"wall_x\": %.2f, \"cpu_x\": %.2f},\n", w1, c1, s1 / 1e6, w1 / w0, c1 / c0
    printf "  \"window_1ms_fst\": {\"from_ms\": %s, \"to_ms\": %s, \"wall_s\": %.3f, \"cpu_s\": %.3f, \"mb\": %.1f, \"wall_x\": %.2f, \"cpu_x\": %.2f},\n", from, to, w2, c2, s2 / 1e6, w2 / w0, c2 / c0
    printf "  \"full_vcd\": {\"wall_s\": %.3f, \"cpu_s\": %.3f, \"mb\": %.1f, \"wall_x\": %.2f, \"cpu_x\": %.2f}\n}\n", w3, c3, s3 / 1e6, w3 / w0, c3 / c0
  }'
  exit 0
fi
N=${1:-2000000}
[ -x build/tb/lockstep_rp_4096 ] || scripts/build.sh >/dev/null
echo "{"
echo "  \"events_per_block\": $N,"
echo "  \"host_cores\": $(nproc),"
echo "  \"lockstep_events_per_s\": {"
first=1
for b in rp np cp; do
  line=$(build/tb/lockstep_${b}_4096 --seed 1 --events "$N" --quiet | grep -E "^$b: [0-9]+ events")
  eps=$(echo "$line" | sed -E 's/.* ([0-9.]+) events\/s.*/\1/')
  [ $first -eq 0 ] && echo ","
  printf '    "%s": %s' "$b" "$eps"
  first=0
done
echo ""
echo "  },"
echo "  \"reference_events_per_s\": $(build/tb/ref_bench "$N"),"
# The RTL engines as the network calls them (one event drained per call).
echo "  \"rtl_engine_events_per_s\": {"
first=1
for b in Rp Np Cp; do
  eps=$(DCQCN_BENCH_EVENTS=$N build/verilator/engine_bench --gtest_filter="EngineThroughput.$b" \
        | sed -nE 's/.* ([0-9]+) events\/s .*/\1/p' | head -1)
  [ $first -eq 0 ] && echo ","
  printf '    "%s": %s' "$(echo $b | tr A-Z a-z)" "${eps:-null}"
  first=0
done
echo ""
echo "  },"
# The network: an 8:1 incast at 40 Gb/s for 100 ms on each engine.
echo "  \"network_incast8_100ms\": {"
first=1
for e in ref rtl; do
  build/dcqcn-sim run incast8 --engine "$e" --duration 100 --quiet --out "build/bench/$e" >/dev/null
  [ $first -eq 0 ] && echo ","
  /usr/bin/python3 - "$e" "build/bench/$e/summary.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[2]))
print(f'    "{sys.argv[1]}": {{"wall_s": {j["wall_s"]:.3f}, "simulated_packets": {j["simulated_packets"]}, '
      f'"packets_per_wall_s": {j["packets_per_wall_s"]:.0f}, "peak_rss_kb": {j["peak_rss_kb"]}}}', end="")
PY
  first=0
done
echo ""
echo "  }"
echo "}"
