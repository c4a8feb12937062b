#!/usr/bin/env bash
# The main job: builds dcqcn-sim and runs a scenario (default: incast4, the 4:1 incast
# at 40 Gb/s with the paper profile for 50 ms) on the Verilated RTL, prints the per-flow
# table, and writes flows.csv, queues.csv, flow_results.csv, summary.json and plot.png to
# out/<scenario>/ in the repository, or to --out DIR.
#   scripts/run.sh [SCENARIO] [dcqcn-sim run options...]
# SCENARIO is a name (systemc/scenarios/NAME.yaml) or a file; a relative file name and
# the paths of the options (--out, --vcd, --pcap) are taken from the directory you are in.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCENARIO=${1:-incast4}
shift || true
[[ -f $SCENARIO ]] && SCENARIO=$(realpath -- "$SCENARIO")
OUT=""
ARGS=()
while (($#)); do
  case $1 in
    --out) [[ $# -ge 2 ]] || { echo "scripts/run.sh: --out needs a directory" >&2; exit 2; }
           OUT=$2; shift 2 ;;
    --out=*) OUT=${1#--out=}; shift ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
[[ -n $OUT ]] || OUT=$ROOT/out/$(basename "$SCENARIO" .yaml)
(cd "$ROOT" && scripts/build.sh dcqcn-sim >/dev/null)
"$ROOT/build/dcqcn-sim" run "$SCENARIO" --out "$OUT" ${ARGS[@]+"${ARGS[@]}"}
# Debian's interpreter: python3-matplotlib is installed for it (a pyenv python may not have it)
/usr/bin/python3 "$ROOT/scripts/plot.py" "$OUT"
