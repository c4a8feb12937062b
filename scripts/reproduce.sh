#!/usr/bin/env bash
# Reproduces the DCQCN paper (SIGCOMM'15), the DCQCN+ thesis and TCD (SIGCOMM'21) with
# dcqcn-sim and writes results/report.md and PNG plots in results/: one section per
# experiment, ours next to the paper's numbers, the command behind every number.
#
#   scripts/reproduce.sh [--quick] [--engine rtl|ref] [--core blocks|top] [--seeds N] [--jobs J]
#                        [--duration MS] [--only NAME[,NAME]] [--list]
#
#   --engine   rtl (default: the Verilated RTL in every NIC and switch) or ref (the C++
#              reference models, bit-identical and ~10x faster)
#   --core     the NICs' DCQCN core (nic.core): blocks (default: the RP and NP with the
#              timer service and scheduler in C++) or top (one dcqcn_nic_top per NIC: every
#              timer and transmit decision in RTL too; 7-9x slower per simulated ms)
#   --seeds    ECMP placements for the Clos experiments, ecmp_seed 1..N (default 10)
#   --quick    3 seeds and shorter runs (what CI's `paper` tests check, as a report)
#   --jobs     parallel simulations (default: the number of cores)
#   --duration override every run's duration (ms); sections choose their own otherwise
#   --only     run only the sections whose name contains NAME (see --list)
#
# Sections are scripts/report/NN_*.py (plan(): the runs; report(): the markdown).
# Raw outputs: out/reproduce/<config>/s<seed>/ (flows.csv, queues.csv, flow_results.csv, summary.json).
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE=rtl CORE=blocks SEEDS=10 JOBS=$(nproc) DURATION= QUICK=0 ONLY= LIST=0
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1; SEEDS=3 ;;
    --engine) ENGINE=${2:?--engine needs rtl or ref}; shift ;;
    --core) CORE=${2:?--core needs blocks or top}; shift ;;
    --seeds) SEEDS=${2:?--seeds needs a number}; shift ;;
    --jobs) JOBS=${2:?--jobs needs a number}; shift ;;
    --duration) DURATION=${2:?--duration needs milliseconds}; shift ;;
    --only) ONLY=${2:?--only needs section names}; shift ;;
    --list) LIST=1 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "reproduce.sh: unknown option '$1'; expected --quick, --engine, --core, --seeds, --jobs, --duration, --only, --list" >&2; exit 2 ;;
  esac
  shift
done
case "$ENGINE" in rtl|ref) ;; *) echo "reproduce.sh: --engine '$ENGINE'; expected rtl or ref" >&2; exit 2 ;; esac
case "$CORE" in blocks|top) ;; *) echo "reproduce.sh: --core '$CORE'; expected blocks or top" >&2; exit 2 ;; esac
[[ "$SEEDS" =~ ^[1-9][0-9]*$ ]] || { echo "reproduce.sh: --seeds '$SEEDS'; expected a positive integer" >&2; exit 2; }
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "reproduce.sh: --jobs '$JOBS'; expected a positive integer" >&2; exit 2; }

PY=/usr/bin/python3
OUT=out/reproduce
RES=results
ARGS=(--engine "$ENGINE" --core "$CORE" --seeds "$SEEDS" --quick "$QUICK" --out "$OUT" --res "$RES"
      --sim build/dcqcn-sim --duration "$DURATION" --jobs "$JOBS" --only "$ONLY")
if [ "$LIST" = 1 ]; then exec "$PY" scripts/report/driver.py list "${ARGS[@]}"; fi

scripts/build.sh dcqcn-sim >/dev/null
rm -rf "$OUT"
mkdir -p "$OUT" "$RES"
n=$("$PY" scripts/report/driver.py plan "${ARGS[@]}")
echo "reproduce.sh: $n simulations ($ENGINE engine, nic.core $CORE, $SEEDS seeds, $JOBS in parallel) into $OUT"
T0=$(date +%s)
tr '\n' '\0' < "$OUT/jobs.txt" | xargs -0 -r -P "$JOBS" -I{} bash -c '{}' | tee "$OUT/failures.txt"
T1=$(date +%s)
if [ -s "$OUT/failures.txt" ]; then echo "reproduce.sh: some simulations failed (above)" >&2; exit 1; fi
echo "reproduce.sh: simulations took $((T1 - T0)) s"
"$PY" scripts/report/driver.py report "${ARGS[@]}" --wall "$((T1 - T0))"
