#!/usr/bin/env bash
# The three blocks against their references, then in the network, with waveforms a
# designer can open (docs/waveforms.md), bounded to well under 100 MB in all:
#   1. each lock-step bench (NUM_FLOWS/NUM_QUEUES 4096, random idle and back-pressure) for
#      the events its coverage needs, without a waveform;
#   2. the same bench, same seed, for a short run with --vcd (out/demo/<blk>.vcd): a
#      bench's VCD grows about 9 kB (RP) / 2-3 kB (NP, CP) per event, so the waveform run is
#      kept to a few thousand events; its coverage verdict is not the point (it is short),
#      a mismatch still fails the demo;
#   3. dcqcn-sim on incast4 for 2 ms with every block as RTL, as FST with its GTKWave view
#      (out/demo/net.fst, net.gtkw, net.map.txt).
# It prints every waveform's size and the total.
#   scripts/demo.sh            SEED=N scripts/demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh lockstep_rp_4096 lockstep_np_4096 lockstep_cp_4096 dcqcn-sim >/dev/null
mkdir -p out/demo
SEED=${SEED:-1}
# events for full coverage (docs/verification.md) and for the waveform run
declare -A FULL=([rp]=200000 [np]=200000 [cp]=200000)
declare -A WAVE=([rp]=3000 [np]=5000 [cp]=5000)
for b in rp np cp; do
  build/tb/lockstep_${b}_4096 --seed "$SEED" --events "${FULL[$b]}" --idle 1 --bp 1 | sed -n "/^coverage/,\$p"
  log=$(build/tb/lockstep_${b}_4096 --seed "$SEED" --events "${WAVE[$b]}" --idle 1 --bp 1 \
        --vcd out/demo/${b}.vcd 2>&1 || true)
  line=$(printf '%s\n' "$log" | grep -E "^$b: [0-9]+ events" || true)
  if ! printf '%s\n' "$line" | grep -q " 0 mismatches"; then
    printf '%s\n' "$log" | tail -20
    echo "demo.sh: the $b waveform run did not end with 0 mismatches" >&2
    exit 1
  fi
  echo "waveform run: $line"
  echo "waveform: out/demo/${b}.vcd, $(du -m out/demo/${b}.vcd | cut -f1) MB (gtkwave out/demo/${b}.vcd)"
  echo
done
build/dcqcn-sim run incast4 --duration 2 --quiet --out out/demo/net --vcd out/demo/net.fst | tail -1
total=$(du -cm out/demo/rp.vcd out/demo/np.vcd out/demo/cp.vcd out/demo/net.fst | tail -1 | cut -f1)
echo "waveforms: ${total} MB in out/demo (rp.vcd np.vcd cp.vcd net.fst)"
