#!/usr/bin/env bash
# The main job: builds the project and runs a scenario (default: incast4, the 4:1 incast
# at 40 Gb/s with the paper profile for 50 ms) on the Verilated RTL, prints the per-flow
# table, and writes flows.csv, queues.csv, flow_results.csv, summary.json and plot.png to out/<scenario>/.
#   scripts/run.sh [SCENARIO] [dcqcn-sim run options...]
set -euo pipefail
cd "$(dirname "$0")/.."
SCENARIO=${1:-incast4}
shift || true
scripts/build.sh >/dev/null
OUT=out/$(basename "$SCENARIO" .yaml)
build/dcqcn-sim run "$SCENARIO" --out "$OUT" "$@"
# Debian's interpreter: python3-matplotlib is installed for it (a pyenv python may not have it)
/usr/bin/python3 scripts/plot.py "$OUT"
