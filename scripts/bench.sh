#!/usr/bin/env bash
# Lock-step throughput per block (Verilated RTL + reference compared every cycle), the
# reference models alone, the network on both engines, and the network at 1e4, 1e5 and
# 1e6 flows, as JSON on stdout.
#   scripts/bench.sh [EVENTS]      default 2,000,000 per block (THESIS_MS=N: thesis720's
#                                  duration, default 100 ms: about 10 minutes on the RTL engine)
#   scripts/bench.sh --scale       only the 1e4 / 1e5 / 1e6-flow runs
#   scripts/bench.sh sched         issue 24's figures (docs/benchmarks.md, "The NIC's scheduler
#                                  in the network"): incast8 for 20 ms and thesis720 for 10 ms,
#                                  the RTL engine's cycles per simulated packet and wall, and
#                                  the reference engine's nic.core top against blocks
#   scripts/bench.sh trace [MS]    the cost of dcqcn-sim's waveform on incast4 (RTL engine,
#                                  MS = 50 by default): untraced, a full-run FST, a 1 ms
#                                  window, a full-run VCD; wall and CPU seconds, sizes, ratios
# The scale runs (docs/benchmarks.md "A million flows"): 100 senders x K flows each into
# one receiver through one switch, 40 Gb/s, 2 ms, paper profile, reference engine, the
# time series of flows 0-999 only (--sample-flows); wall_s is the whole process (setup,
# run, outputs), sim_wall_s the simulated part, peak_rss_mb the process's maximum,
# state_bytes_per_flow the summary's count of the per-flow containers (docs/network.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = sched ]; then
  [ -x build/dcqcn-sim ] || scripts/build.sh >/dev/null
  d=build/bench/sched
  rm -rf "$d" && mkdir -p "$d"
  echo "{"
  first=1
  for spec in "incast8 20" "thesis720 10"; do
    read -r sc ms <<<"$spec"
    for run in "rtl top" "ref top" "ref blocks"; do
      read -r e core <<<"$run"
      build/dcqcn-sim run "$sc" --engine "$e" --duration "$ms" --set nic.core="$core" --quiet \
        --out "$d/$sc-$e-$core" >/dev/null
    done
    [ $first -eq 0 ] && echo ","
    first=0
    /usr/bin/python3 - "$sc" "$ms" "$d/$sc" <<'PY'
import json, sys
sc, ms, base = sys.argv[1], sys.argv[2], sys.argv[3]
r, t, b = (json.load(open(f"{base}-{k}/summary.json")) for k in ("rtl-top", "ref-top", "ref-blocks"))
print(f'  "{sc}_{ms}ms": {{"rtl_cycles": {r["rtl_cycles"]}, "simulated_packets": {r["simulated_packets"]}, '
      f'"rtl_cycles_per_packet": {r["rtl_cycles"] / max(1, r["simulated_packets"]):.1f}, '
      f'"rtl_top_wall_s": {r["wall_s"]:.3f}, "ref_top_wall_s": {t["wall_s"]:.3f}, '
      f'"ref_blocks_wall_s": {b["wall_s"]:.3f}, "ref_top_over_blocks": {t["wall_s"] / b["wall_s"]:.1f}}}', end="")
PY
  done
  echo ""
  echo "}"
  exit 0
fi
if [ "${1:-}" = trace ]; then
  MS=${2:-50}
  [ -x build/dcqcn-sim ] || scripts/build.sh >/dev/null
  d=build/bench/trace
  rm -rf "$d" && mkdir -p "$d"
  from=$(awk -v m="$MS" 'BEGIN { printf "%g", m / 2 }')
  to=$(awk -v m="$MS" 'BEGIN { printf "%g", m / 2 + 1 }')
  TIMEFORMAT='%R %U %S'
  run() {  # name, extra options; prints "wall cpu bytes"
    local t
    t=$( { time build/dcqcn-sim run incast4 --duration "$MS" --quiet --out "$d/$1" "${@:2}" >/dev/null; } 2>&1 | tail -1)
    local f=0
    for x in "$d/$1".fst "$d/$1".vcd; do [ -f "$x" ] && f=$(stat -c %s "$x"); done
    echo "$t $f" | awk '{ printf "%.3f %.3f %d", $1, $2 + $3, $4 }'
  }
  read -r w0 c0 _ <<<"$(run none)"
  read -r w1 c1 s1 <<<"$(run full --vcd "$d/full.fst")"
  read -r w2 c2 s2 <<<"$(run window --vcd "$d/window.fst" --trace-from "$from" --trace-to "$to")"
  read -r w3 c3 s3 <<<"$(run vcd --vcd "$d/vcd.vcd")"
  rm -f "$d/vcd.vcd"
  awk -v ms="$MS" -v from="$from" -v to="$to" -v w0="$w0" -v c0="$c0" -v w1="$w1" -v c1="$c1" -v s1="$s1" \
      -v w2="$w2" -v c2="$c2" -v s2="$s2" -v w3="$w3" -v c3="$c3" -v s3="$s3" -v cores="$(nproc)" 'BEGIN {
    printf "{\n  \"scenario\": \"incast4\", \"duration_ms\": %s, \"engine\": \"rtl\", \"host_cores\": %d,\n", ms, cores
    printf "  \"untraced\": {\"wall_s\": %.3f, \"cpu_s\": %.3f},\n", w0, c0
    printf "  \"full_fst\": {\"wall_s\": %.3f, \"cpu_s\": %.3f, \"mb\": %.1f, \"wall_x\": %.2f, \"cpu_x\": %.2f},\n", w1, c1, s1 / 1e6, w1 / w0, c1 / c0
    printf "  \"window_1ms_fst\": {\"from_ms\": %s, \"to_ms\": %s, \"wall_s\": %.3f, \"cpu_s\": %.3f, \"mb\": %.1f, \"wall_x\": %.2f, \"cpu_x\": %.2f},\n", from, to, w2, c2, s2 / 1e6, w2 / w0, c2 / c0
    printf "  \"full_vcd\": {\"wall_s\": %.3f, \"cpu_s\": %.3f, \"mb\": %.1f, \"wall_x\": %.2f, \"cpu_x\": %.2f}\n}\n", w3, c3, s3 / 1e6, w3 / w0, c3 / c0
  }'
  exit 0
fi

# scale_yaml SENDERS FLOWS_PER_SENDER: the scenario on stdout
scale_yaml() {
  local n=$1 k=$2 i
  printf 'name: scale_%sx%s\nduration_ms: 2\nsample_us: 100\nseed: 1\nprofile: paper\nmtu_bytes: 1000\n' "$n" "$k"
  printf 'defaults:\n  link: {rate_gbps: 40, delay_us: 1}\n  flow: {count: %s}\n' "$k"
  printf 'switch:\n  buffer_bytes: 12000000\n'
  printf '  pfc: {enabled: true, mode: dynamic, beta: 8, headroom_bytes: 22400, xon_gap_bytes: 2116}\n'
  printf '  ecn: {enabled: true, mark_at: enqueue}\n'
  printf 'nodes:\n  - {name: sw, type: switch}\n  - {name: r, type: host}\n'
  for ((i = 0; i < n; i++)); do printf '  - {name: h%d, type: host}\n' "$i"; done
  printf 'links:\n  - {a: r, b: sw}\n'
  for ((i = 0; i < n; i++)); do printf '  - {a: h%d, b: sw}\n' "$i"; done
  printf 'flows:\n'
  for ((i = 0; i < n; i++)); do printf '  - {src: h%d, dst: r}\n' "$i"; done
}

# The scale section: one JSON object per flow count.
scale_runs() {
  local dir=build/bench/scale first=1 k flows t0 t1 out
  mkdir -p "$dir"
  echo "  \"network_scale_2ms_ref\": ["
  for k in 100 1000 10000; do
    flows=$((100 * k))
    scale_yaml 100 "$k" > "$dir/s$flows.yaml"
    out="$dir/s$flows"
    t0=$(date +%s.%N)
    build/dcqcn-sim run "$dir/s$flows.yaml" --engine ref --set nic.core=blocks --quiet --sample-flows 0-999 --out "$out" >/dev/null
    t1=$(date +%s.%N)
    [ $first -eq 0 ] && echo ","
    jq -c --argjson flows "$flows" --argjson wall "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')" \
       --argjson out_bytes "$(du -sb "$out" | cut -f1)" \
       '{flows: $flows, wall_s: ($wall * 1000 | round / 1000), sim_wall_s: (.wall_s * 1000 | round / 1000),
         peak_rss_mb: (.peak_rss_kb / 1024 | round), rss_bytes_per_flow: (.peak_rss_kb * 1024 / $flows | round),
         state_bytes_per_flow: (.state_bytes_per_flow | round),
         simulated_packets: .simulated_packets,
         sim_us_per_packet: (.wall_s * 1e6 / .simulated_packets * 100 | round / 100),
         output_mb: ($out_bytes / 1048576 * 10 | round / 10), sampled_flows: .sampled_flows}' \
       "$out/summary.json" | sed 's/^/    /' | tr -d '\n'
    first=0
  done
  echo ""
  echo "  ]"
}

[ -x build/dcqcn-sim ] || scripts/build.sh >/dev/null
if [ "${1:-}" = "--scale" ]; then
  echo "{"
  echo "  \"host_cores\": $(nproc),"
  scale_runs
  echo "}"
  exit 0
fi

N=${1:-2000000}
[ -x build/tb/lockstep_rp_4096 ] || scripts/build.sh >/dev/null
echo "{"
echo "  \"events_per_block\": $N,"
echo "  \"host_cores\": $(nproc),"
echo "  \"lockstep_events_per_s\": {"
first=1
for b in rp np cp; do
  # a bench exits 1 when a coverpoint was never hit (below about 500,000 events at 4096:
  # docs/verification.md, "Events for full coverage"): say so rather than stop silently
  if ! out=$(build/tb/lockstep_${b}_4096 --seed 1 --events "$N" --quiet); then
    echo "$out" | tail -3 >&2
    echo "bench.sh: lockstep_${b}_4096 failed with EVENTS=$N (above); use at least 500000 events" >&2
    exit 1
  fi
  line=$(grep -E "^$b: [0-9]+ events" <<<"$out")
  eps=$(echo "$line" | sed -E 's/.* ([0-9.]+) events\/s.*/\1/')
  [ $first -eq 0 ] && echo ","
  printf '    "%s": %s' "$b" "$eps"
  first=0
done
echo ""
echo "  },"
echo "  \"reference_events_per_s\": $(build/tb/ref_bench "$N"),"
# The RTL engines as the network calls them (one event drained per call).
echo "  \"rtl_engine_events_per_s\": {"
first=1
for b in Rp Np Cp; do
  eps=$(DCQCN_BENCH_EVENTS=$N build/verilator/engine_bench --gtest_filter="EngineThroughput.$b" \
        | sed -nE 's/.* ([0-9]+) events\/s .*/\1/p' | head -1)
  [ $first -eq 0 ] && echo ","
  printf '    "%s": %s' "$(echo $b | tr A-Z a-z)" "${eps:-null}"
  first=0
done
echo ""
echo "  },"
# The network: an 8:1 incast at 40 Gb/s for 100 ms, and thesis720 (8 x 90 flows into one
# receiver, 10 Gb/s) for THESIS_MS (default 100), on each engine with nic.core: top (one
# dcqcn_nic_top per NIC), and incast8 on nic.core: blocks for comparison. wall_s is the
# simulated part; rtl_over_ref the RTL engine's wall time over the reference's.
net_run() {  # KEY SCENARIO MS CORE: one JSON object per engine
  local key=$1 sc=$2 ms=$3 core=$4 first=1 e
  echo "  \"$key\": {"
  for e in ref rtl; do
    build/dcqcn-sim run "$sc" --engine "$e" --duration "$ms" --set nic.core="$core" --quiet \
      --out "build/bench/$key-$e" >/dev/null
    [ $first -eq 0 ] && echo ","
    /usr/bin/python3 - "$e" "build/bench/$key-$e/summary.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[2]))
print(f'    "{sys.argv[1]}": {{"wall_s": {j["wall_s"]:.3f}, "simulated_packets": {j["simulated_packets"]}, '
      f'"packets_per_wall_s": {j["packets_per_wall_s"]:.0f}, "rtl_cycles": {j["rtl_cycles"]}, '
      f'"peak_rss_kb": {j["peak_rss_kb"]}}}', end="")
PY
    first=0
  done
  /usr/bin/python3 - "build/bench/$key-ref/summary.json" "build/bench/$key-rtl/summary.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
print(f',\n    "rtl_over_ref": {b["wall_s"] / a["wall_s"]:.2f}')
PY
  echo "  },"
}
net_run network_incast8_100ms incast8 100 top
net_run network_incast8_100ms_blocks incast8 100 blocks
net_run network_thesis720 thesis720 "${THESIS_MS:-100}" top
scale_runs
echo "}"
