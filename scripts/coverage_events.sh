#!/usr/bin/env bash
# How many events each lock-step bench needs for full coverage: every bench at both sizes
# runs a ladder of event counts, each count at every seed and every (idle, bp) mode, and
# the smallest count at which every one of those runs hit every coverpoint is printed.
# A measurement, not a test (docs/verification.md, "Events for full coverage").
#   scripts/coverage_events.sh [SEEDS] [BENCHES]    default "1 2 3 4 5", every bench
set -euo pipefail
cd "$(dirname "$0")/.."
SEEDS=${1:-"1 2 3 4 5"}
BENCHES=${2:-"rp_16 rp_4096 np_16 np_4096 cp_16 cp_4096"}
LADDER="1000 2000 5000 10000 20000 50000 100000 200000 500000 1000000"
for b in $BENCHES; do
  [ -x "build/tb/lockstep_$b" ] || { echo "coverage_events: build/tb/lockstep_$b missing (scripts/build.sh)" >&2; exit 2; }
done
echo "coverage_events: seeds $SEEDS, modes (idle,bp) = (0,0) (0,1) (1,0) (1,1)"
for b in $BENCHES; do
  found=""
  for n in $LADDER; do
    missed=0 runs=0 worst=""
    for s in $SEEDS; do
      for idle in 0 1; do
        for bp in 0 1; do
          runs=$((runs + 1))
          out=$("build/tb/lockstep_$b" --seed "$s" --events "$n" --idle $idle --bp $bp --quiet \
                --fail-vcd none) && continue
          if ! echo "$out" | grep -q "FAIL (coverage)"; then
            echo "$out"; echo "coverage_events: lockstep_$b failed other than by coverage" >&2; exit 1
          fi
          missed=$((missed + 1))
          worst="$worst seed$s/idle$idle/bp$bp:$(echo "$out" | sed -nE 's/.*FAIL \(coverage\): ([0-9]+) of.*/\1/p')"
        done
      done
    done
    echo "lockstep_$b: $n events: $((runs - missed)) of $runs runs fully covered${worst:+ (not:$worst)}"
    if [ $missed -eq 0 ]; then found=$n; break; fi
  done
  echo "lockstep_$b: full coverage at every seed and mode from ${found:-more than 1000000} events"
done
