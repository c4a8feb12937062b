#!/usr/bin/env bash
# The main job until the network simulator (dcqcn-sim) lands: builds the project and
# runs each RTL block against its reference model in lock-step at NUM_FLOWS/NUM_QUEUES
# 4096, with random idle and back-pressure, writing a VCD of each run to out/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
mkdir -p out/demo
SEED=${SEED:-1}
for b in rp np cp; do
  build/tb/lockstep_${b}_4096 --seed "$SEED" --events 200000 --idle 1 --bp 1 \
    --vcd out/demo/${b}.vcd | sed -n "/^coverage/,\$p"
  echo "waveform: out/demo/${b}.vcd (gtkwave out/demo/${b}.vcd)"
  echo
done
