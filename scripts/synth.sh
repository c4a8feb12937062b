#!/usr/bin/env bash
# Synthesises each block with Yosys `synth_xilinx` (7-series) and prints a resource
# table. Fails if a block infers a latch or if its per-flow / per-queue state RAM is not
# mapped to block RAM.
#   scripts/synth.sh [SIZE] [BLOCK...]     default SIZE 1024, all blocks
# Logs go to build/synth/<block>_<size>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1024}
shift || true
BLOCKS=("$@")
[ ${#BLOCKS[@]} -eq 0 ] && BLOCKS=(rp np cp)
mapfile -t SRCS < <(grep -v '^\s*//' rtl/dcqcn.f | sed '/^\s*$/d; s|^|rtl/|')
mkdir -p build/synth
fail=0
printf '| block | size | LUT | FF | SRL | LUTRAM | BRAM36/18 | DSP | latches |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for b in "${BLOCKS[@]}"; do
  top=dcqcn_$b
  param=NUM_FLOWS; [ "$b" = cp ] && param=NUM_QUEUES
  log=build/synth/${b}_${SIZE}.log
  if ! yosys -q -l "$log" -p "read_verilog -sv -Irtl ${SRCS[*]}; chparam -set $param $SIZE $top; \
       synth_xilinx -top $top -flatten; tee -o build/synth/${b}_${SIZE}.stat stat" >/dev/null 2>&1; then
    echo "synth: $top failed, see $log"; fail=1; continue
  fi
  st=build/synth/${b}_${SIZE}.stat
  cnt() { awk -v pat="$1" '$1 ~ pat {s += $2} END {print s + 0}' "$st"; }
  lut=$(cnt '^LUT[1-6]$'); ff=$(cnt '^FD[RSCP]E$'); srl=$(cnt '^SRL(16E|C32E)$')
  lutram=$(cnt '^RAM(32M|64M|32X1D|64X1D|128X1D|256X1D)$')
  b36=$(cnt '^RAMB36E1$'); b18=$(cnt '^RAMB18E1$'); dsp=$(cnt '^DSP48E1$')
  lat=$(cnt '^(LDCE|LDPE|\$_DLATCH.*|\$dlatch)$')
  printf '| %s | %s=%s | %s | %s | %s | %s | %s/%s | %s | %s |\n' "$b" "$param" "$SIZE" "$lut" "$ff" "$srl" "$lutram" "$b36" "$b18" "$dsp" "$lat"
  if [ "$lat" -ne 0 ]; then echo "synth: $top infers $lat latches"; fail=1; fi
  if [ $((b36 + b18)) -eq 0 ] || grep -q 'Replacing memory \\mem with' "$log"; then
    echo "synth: $top state RAM is not in block RAM (see $log)"; fail=1
  fi
done
exit $fail
