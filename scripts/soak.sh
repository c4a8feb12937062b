#!/usr/bin/env bash
# Long lock-step soak: N random events per block (default 100,000,000) at the largest
# size, on every core, and prints the events/s of each run. A failing bench prints its
# story (docs/verification.md, "Waveforms and failures") and writes the waveform of the
# cycles around the failure to out/soak/lockstep_<blk>_4096.seed<SEED>.fail.vcd.
#   scripts/soak.sh [N] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000000}
SEED=${2:-$RANDOM}
[ -x build/tb/lockstep_rp_4096 ] || scripts/build.sh >/dev/null
echo "soak: $N events per block, seed $SEED"
pids=()
for b in rp np cp; do
  ( out=$(build/tb/lockstep_${b}_4096 --seed "$SEED" --events "$N" --idle 1 --bp 1 --quiet \
            --fail-vcd "out/soak/lockstep_${b}_4096.seed$SEED.fail.vcd") \
      || { echo "$out"; echo "soak: $b FAILED (seed $SEED)"; exit 1; }
    echo "$out" | grep -E "^$b: [0-9]+ events" ) &
  pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
exit $rc
