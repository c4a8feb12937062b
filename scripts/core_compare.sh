#!/usr/bin/env bash
# How far `nic.core: blocks` (the RP and NP with the timer service and scheduler in C++:
# tb/ref/nic_wheel.h) and `nic.core: top` (one dcqcn_nic_top per NIC, cycle-exact) differ on
# every shipped scenario (issue 24, docs/nic.md "The semantics, fixed first").
#
#   scripts/core_compare.sh [--duration MS] [--engine ref|rtl] [--slot NS] [--only blocks|top] [SCENARIO...]
#
# Runs each scenario (default: every file in systemc/scenarios/) for MS simulated ms
# (default: the scenario's own duration_ms) on both cores with the same engine (default ref), into
# build/core_compare/<scenario>/<core>/, and prints per scenario: aggregate throughput
# (sum of the flows' mean_tput_gbps), Jain's index of the second half, the per-flow mean
# throughput (mean over flows), the maximum queue, the CNPs sent, and the relative
# difference top vs blocks of each. --slot NS runs blocks with nic.sched_slot_ns = NS (1:
# exact to the ns) to separate the wheel's resolution from the rest. A benchmark of the
# model, not a test: no verdict. --only CORE reruns one core and reuses the other's last
# results (same options).
set -euo pipefail
cd "$(dirname "$0")/.."
MS=
ENGINE=ref
SLOT=
ONLY=
SCEN=()
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) MS=${2:?--duration needs a number of ms}; shift 2 ;;
    --engine) ENGINE=${2:?--engine needs ref or rtl}; shift 2 ;;
    --slot) SLOT=${2:?--slot needs a number of ns}; shift 2 ;;
    --only) ONLY=${2:?--only needs blocks or top}; shift 2
            case "$ONLY" in blocks|top) ;; *) echo "core_compare.sh: --only $ONLY: expected blocks or top" >&2; exit 2 ;; esac ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) echo "core_compare.sh: unknown option $1 (--duration MS, --engine ref|rtl, --slot NS, --only CORE)" >&2; exit 2 ;;
    *) SCEN+=("$1"); shift ;;
  esac
done
case "$ENGINE" in ref|rtl) ;; *) echo "core_compare.sh: --engine $ENGINE: expected ref or rtl" >&2; exit 2 ;; esac
[ -z "$MS" ] || [[ "$MS" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "core_compare.sh: --duration $MS: expected a positive number of ms" >&2; exit 2; }
[ -x build/dcqcn-sim ] || { echo "core_compare.sh: build/dcqcn-sim not built (scripts/build.sh)" >&2; exit 2; }
[ ${#SCEN[@]} -gt 0 ] || SCEN=(systemc/scenarios/*.yaml)

OUT=build/core_compare${SLOT:+_slot$SLOT}
mkdir -p "$OUT"
for sc in "${SCEN[@]}"; do
  name=$(basename "$sc" .yaml)
  for core in blocks top; do
    [ -n "$ONLY" ] && [ "$core" != "$ONLY" ] && continue
    d=$OUT/$name/$core
    rm -rf "$d"
    extra=()
    [ "$core" = blocks ] && [ -n "$SLOT" ] && extra=(--set nic.sched_slot_ns="$SLOT")
    if ! build/dcqcn-sim run "$sc" --engine "$ENGINE" ${MS:+--duration "$MS"} --set nic.core="$core" "${extra[@]}" \
         --quiet --out "$d" >"$OUT/$name.$core.log" 2>&1; then
      echo "$name $core: FAILED (see $OUT/$name.$core.log)"
    fi
  done
done
CC_SLOT="$SLOT" python3 - "$OUT" "$MS" "$ENGINE" "${SCEN[@]}" <<'EOF'
import csv, json, os, sys
out, ms, engine, scen = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def load(d):
    s = json.load(open(os.path.join(d, "summary.json")))
    rows = list(csv.DictReader(open(os.path.join(d, "flow_results.csv"))))
    tput = [float(r["mean_tput_gbps"]) for r in rows]
    return {"agg_gbps": sum(tput), "jain": s["jain_second_half"],
            "flow_mean_gbps": sum(tput) / len(tput) if tput else 0.0,
            "max_queue_kb": s["max_queue_bytes"] / 1000.0, "cnps": s["cnps_sent"],
            "wall_s": s["wall_s"]}
keys = ["agg_gbps", "jain", "flow_mean_gbps", "max_queue_kb", "cnps", "wall_s"]
print(f"core_compare: {ms or 'each scenario own'} ms per run, blocks slot {os.environ.get('CC_SLOT') or 32} ns, engine {engine}; each cell: blocks / top (top vs blocks)")
print(f"{'scenario':<16}" + "".join(f"{k:>30}" for k in keys))
for sc in scen:
    name = os.path.basename(sc)[:-5] if sc.endswith(".yaml") else os.path.basename(sc)
    try:
        b, t = load(os.path.join(out, name, "blocks")), load(os.path.join(out, name, "top"))
    except (OSError, KeyError, ValueError) as e:
        print(f"{name:<16} no result ({e})")
        continue
    cells = []
    for k in keys:
        rel = (t[k] - b[k]) / b[k] * 100 if b[k] else 0.0
        cells.append(f"{b[k]:.4g} / {t[k]:.4g} ({rel:+.1f}%)")
    print(f"{name:<16}" + "".join(f"{c:>30}" for c in cells))
EOF
