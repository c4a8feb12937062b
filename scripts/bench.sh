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
echo "  \"reference_events_per_s\": $(build/tb/ref_bench "$N")"
echo "}"
