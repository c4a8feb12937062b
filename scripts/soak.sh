#!/usr/bin/env bash
# Long lock-step soak: N random events per block (default 100,000,000) at the largest
# size built (4096; the NIC top 1024), on every core, and prints the events/s of each run.
# The NIC's scheduler and its wheel engine (nic_sched, nic_wheel) run at 4096 flows.
# A failing bench prints its story (docs/verification.md, "Waveforms and failures") and
# writes the waveform of the cycles around the failure to
# out/soak/lockstep_<blk>_<size>.seed<SEED>.fail.vcd.
#   scripts/soak.sh [N] [SEED] [BLOCK...]   (blocks: rp np cp nic_top nic_sched nic_wheel ecn_mark
#   rx_class cnp_build nic_frame_top;
#   default the first four; the frame blocks run at DATA_WIDTH 512, their events are frames
#   (ecn_mark, rx_class, nic_frame_top: received frames) or CNP requests (cnp_build))
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000000}
SEED=${2:-$RANDOM}
shift $(( $# > 2 ? 2 : $# ))
blocks=("$@")
[ ${#blocks[@]} -eq 0 ] && blocks=(rp np cp nic_top)
echo "soak: $N events per block, seed $SEED"
pids=()
for b in "${blocks[@]}"; do
  case "$b" in
    rp|np|cp|nic_sched|nic_wheel) n=4096 ;;
    nic_top) n=1024 ;;
    ecn_mark|rx_class|cnp_build|nic_frame_top) n=512 ;;
    *) echo "soak: unknown block '$b' (rp np cp nic_top nic_sched nic_wheel ecn_mark rx_class cnp_build nic_frame_top)" >&2; exit 2 ;;
  esac
  [ -x build/tb/lockstep_${b}_${n} ] || cmake --build build -j2 --target lockstep_${b}_${n} >/dev/null
  ( out=$(build/tb/lockstep_${b}_${n} --seed "$SEED" --events "$N" --idle 1 --bp 1 --quiet \
            --fail-vcd "out/soak/lockstep_${b}_${n}.seed$SEED.fail.vcd") \
      || { echo "$out"; echo "soak: $b FAILED (seed $SEED)"; exit 1; }
    echo "$out" | grep -E "^$b: [0-9]+ events" ) &
  pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
exit $rc
