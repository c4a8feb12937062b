#!/usr/bin/env bash
# The DCQCN+ thesis's Tables 2 and 3 next to ours, from runs set up as the thesis's
# (thesis_scale; docs/reproduction.md, "DCQCN+ at scale"): runs the series and prints the
# markdown of report section 8 (scripts/report/70_dcqcn_plus.py, also part of
# scripts/reproduce.sh), written to results/thesis/report.md with its plot.
#
#   scripts/thesis_tables.sh [--jobs J] [--quick] [--duration MS]
#
#   --jobs      parallel simulations (default: the number of cores)
#   --quick     80 and 240 flows, 1.1 s runs, no RTL subset (a few minutes)
#   --duration  run length in ms (default the scenario's 3000; statistics over the last third)
#
# The series (27 runs of 3 s, 80-720 flows, three profiles) runs on the reference engine
# and two 80-flow runs on the RTL engine as well (1.1 s of dcqcn_plus, 100 ms of
# dcqcn_plus_static: their CSVs must match the reference engine's).
# Wall time: docs/reproduction.md. Raw outputs: out/thesis/<config>/s1/.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc) QUICK=0 DURATION=
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) JOBS=${2:?--jobs needs a number}; shift ;;
    --quick) QUICK=1 ;;
    --duration) DURATION=${2:?--duration needs milliseconds}; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "thesis_tables.sh: unknown option '$1'; expected --jobs, --quick, --duration" >&2; exit 2 ;;
  esac
  shift
done
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "thesis_tables.sh: --jobs '$JOBS'; expected a positive integer" >&2; exit 2; }
[ -z "$DURATION" ] || [[ "$DURATION" =~ ^[0-9]+([.][0-9]+)?$ ]] ||
  { echo "thesis_tables.sh: --duration '$DURATION'; expected milliseconds (a number >= 1000: the starts spread over 1 s)" >&2; exit 2; }

PY=/usr/bin/python3
OUT=out/thesis
RES=results/thesis
ARGS=(--engine ref --seeds 1 --quick "$QUICK" --out "$OUT" --res "$RES" --sim build/dcqcn-sim
      --duration "$DURATION" --jobs "$JOBS" --only dcqcn_plus)
scripts/build.sh >/dev/null
rm -rf "$OUT"
mkdir -p "$OUT" "$RES"
n=$("$PY" scripts/report/driver.py plan "${ARGS[@]}")
echo "thesis_tables.sh: $n simulations ($JOBS in parallel) into $OUT" >&2
T0=$(date +%s)
tr '\n' '\0' < "$OUT/jobs.txt" | xargs -0 -r -P "$JOBS" -I{} bash -c '{}' | tee "$OUT/failures.txt" >&2
T1=$(date +%s)
if [ -s "$OUT/failures.txt" ]; then echo "thesis_tables.sh: some simulations failed (above)" >&2; exit 1; fi
echo "thesis_tables.sh: simulations took $((T1 - T0)) s" >&2
"$PY" scripts/report/driver.py report "${ARGS[@]}" --wall "$((T1 - T0))" >&2
cat "$RES/report.md"
