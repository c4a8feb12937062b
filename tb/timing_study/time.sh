#!/usr/bin/env bash
# tb/timing_study/time.sh NAME FILE TOP [PARAM=VALUE...]: the timing estimate of scripts/synth.sh's
# timing_one (Yosys synth_xilinx -flatten, 7-series cells, write_json, build/tb/sta with
# UltraScale+ -2 delays) on a prototype. Work files: build/timing_study/NAME.{log,stat,json,sta,time}.
# Prints: NAME worst_ns levels LUT FF s path
set -euo pipefail
cd "$(dirname "$0")/../.."
name=$1 file=$2 top=$3; shift 3
chp=""
for kv in "$@"; do chp="$chp chparam -set ${kv%%=*} ${kv#*=} $top;"; done
w=build/timing_study/$name
mkdir -p build/timing_study
t0=$SECONDS
nice -n 10 yosys -q -l "$w.log" -p "read_verilog -sv $file; $chp synth_xilinx -top $top -flatten; tee -q -o $w.stat stat; write_json $w.json" >/dev/null 2>&1 || { echo "$name FAILED (see $w.log)"; exit 1; }
build/tb/sta "$w.json" --summary --paths 8 > "$w.sta" 2> "$w.sta.err" || true
echo $((SECONDS - t0)) > "$w.time"
tc() { awk -v pat="$2" '$1 ~ pat {s += $2} END {print s + 0}' "$1"; }
line=$(grep '^STA ' "$w.sta")
ns=$(sed 's/.*worst_ns=\([^ ]*\).*/\1/' <<<"$line")
lv=$(sed 's/.*levels=\([^)]*)\).*/\1/' <<<"$line"); path=$(sed 's/.* path=//' <<<"$line")
echo "$name | $* | $ns | $lv | $(tc "$w.stat" '^(LUT[1-6]|INV)$') | $(tc "$w.stat" '^FD[RSCP]E$') | $(cat "$w.time") | $path" | tee -a build/timing_study/results.txt
