#!/usr/bin/env bash
# Records what dcqcn-sim writes for every shipped scenario, so that a restructuring of
# systemc/ can be checked to change nothing: flows.csv, queues.csv and flow_results.csv must stay
# byte-identical, summary.json identical apart from its wall-clock fields.
#   scripts/baseline_outputs.sh SIM OUTDIR       run everything, write OUTDIR/md5sums.txt
#   scripts/baseline_outputs.sh --compare A B    compare two such directories
# Runs: every systemc/scenarios/*.yaml on --engine ref at its own duration_ms (each
# under 2 s but thesis_scale: 3 s of it on the default nic.core top took more than 15
# minutes on the 2-core development machine; BASELINE_SKIP_THESIS_SCALE=1 leaves it out);
# the on/off test scenario (2.2 s of silence) on both cores; a few --set variants (TCD, registers, switch.ecn keys, a seed, a Clos
# --set); three scenarios on --engine rtl with --duration 20; the `fluid` subcommand on
# the single-bottleneck scenarios; `list`; `thresholds --scenario`; every bad scenario
# of systemc/tests/bad (stderr, exit code).
set -uo pipefail
cd "$(dirname "$0")/.."

# summary.json without the fields that depend on the machine or the wall clock
strip_summary() { jq -S 'del(.wall_s, .packets_per_wall_s, .peak_rss_kb)' "$1"; }

if [ "${1:-}" = "--compare" ]; then
  a=$2 b=$3 bad=0
  for d in "$a"/*/; do
    n=$(basename "$d")
    for f in flows.csv queues.csv flow_results.csv; do
      [ -f "$d/$f" ] || continue
      if ! cmp -s "$d/$f" "$b/$n/$f"; then echo "DIFF $n/$f"; bad=1; fi
    done
    if [ -f "$d/summary.json" ]; then
      if ! diff -q <(strip_summary "$d/summary.json") <(strip_summary "$b/$n/summary.json") >/dev/null; then
        echo "DIFF $n/summary.json (minus wall-clock fields)"; bad=1
      fi
    fi
    for f in stdout.txt stderr.txt rc.txt; do
      [ -f "$d/$f" ] || continue
      if ! cmp -s "$d/$f" "$b/$n/$f"; then echo "DIFF $n/$f"; bad=1; fi
    done
  done
  [ $bad = 0 ] && echo "identical: $(ls -d "$a"/*/ | wc -l) runs"
  exit $bad
fi

SIM=$(realpath "$1")
OUT=$(realpath -m "$2")
mkdir -p "$OUT"

# run NAME ARGS...: dcqcn-sim run ARGS --out OUT/NAME (the table on stdout has a wall time)
run() {
  local name=$1; shift
  "$SIM" run "$@" --quiet --out "$OUT/$name" > "$OUT/$name.log" 2>&1
  echo $? > "$OUT/$name/rc.txt"
}
# cmd NAME ARGS...: any subcommand; stdout, stderr and the exit code are compared
cmd() {
  local name=$1; shift
  mkdir -p "$OUT/$name"
  (cd "$OUT/$name" && "$SIM" "$@" > stdout.txt 2> stderr.txt; echo $? > rc.txt)
}

for f in systemc/scenarios/*.yaml; do
  s=$(basename "$f" .yaml)
  [ "$s" = thesis_scale ] && [ "${BASELINE_SKIP_THESIS_SCALE:-0}" = 1 ] && continue
  run "$s" "$s" --engine ref
done
for c in top blocks; do
  run "onoff_idle-$c" systemc/tests/good/onoff_idle.yaml --engine ref --set nic.core=$c
done
# variants that reach other parts of the engine configuration and the loader
run incast4-tcd incast4 --engine ref --set switch.ecn.tcd=true --duration 20
run incast4-regs incast4 --engine ref --set registers.RP_MIN_RATE_KBPS=1000 \
  --set registers.NP_CNP_INTERVAL_NS=60000 --set registers.CP_KMAX_BYTES=400000 --duration 20
run incast4-ecnkeys incast4 --engine ref --set switch.ecn.kmin_bytes=20000 \
  --set switch.ecn.kmax_bytes=300000 --set switch.ecn.pmax=0.05 --duration 20
run incast4-seed incast4 --engine ref --seed 7 --set switch.ecn.mark_at=dequeue --duration 20
run incast2-plus incast2 --engine ref --set profile=dcqcn_plus_static --duration 20
run fig18-pods fig18_clos --engine ref --set topology.pods=1 --duration 10
run loss_sweep-pfcoff loss_sweep --engine ref --set switch.pfc.enabled=false --duration 20
# the RTL engines, briefly
for s in incast2 tcd_victim loss_sweep; do
  run "$s-rtl" "$s" --engine rtl --duration 20
done
# fluid model from scenarios (analysis/fluid_scenario.cpp)
for s in incast2 incast4 incast8 convergence; do
  cmd "fluid-$s" fluid "$s" --out . --duration-ms 20
done
# the fluid model's registers and switch.ecn keys: incast4 with both
mkdir -p "$OUT/.scenarios"
for v in regs ecnkeys; do
  cp systemc/scenarios/incast4.yaml "$OUT/.scenarios/incast4-$v.yaml"
done
cat >> "$OUT/.scenarios/incast4-regs.yaml" <<'EOF2'
registers: {RP_MIN_RATE_KBPS: 1000, RP_G_Q16: 512, NP_CNP_INTERVAL_NS: 60000, CP_KMAX_BYTES: 400000, CP_PMAX_Q16: 3000}
EOF2
sed -i 's/ecn: {enabled: true, mark_at: enqueue}/ecn: {enabled: true, mark_at: enqueue, kmin_bytes: 20000, kmax_bytes: 300000, pmax: 0.05}/' \
  "$OUT/.scenarios/incast4-ecnkeys.yaml"
for v in regs ecnkeys; do
  cmd "fluid-incast4-$v" fluid "../.scenarios/incast4-$v.yaml" --out . --duration-ms 20
done
cmd fluid-thesis_scale fluid thesis_scale --out . --duration-ms 20
cmd list list
for s in incast4 clos_victim thesis720; do
  cmd "thresholds-$s" thresholds --scenario "$s"
done
for f in systemc/tests/bad/*.yaml; do
  cmd "bad-$(basename "$f" .yaml)" run "$(realpath "$f")" --engine ref --quiet --out .
done

(cd "$OUT" && md5sum */flows.csv */queues.csv */flow_results.csv > md5sums.txt)
echo "wrote $OUT ($(ls -d "$OUT"/*/ | wc -l) runs)"
