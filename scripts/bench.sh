#!/usr/bin/env bash
# Lock-step throughput per block (Verilated RTL + reference compared every cycle) and
# the reference models alone, as JSON on stdout.
#   scripts/bench.sh [EVENTS]      default 2,000,000 per block
set -euo pipefail
cd "$(dirname "$0")/.."
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
