#!/usr/bin/env bash
# Yosys synthesis: the CI check and the FPGA hand-off report.
#
#   scripts/synth.sh [--sta BIN] [--enforce-timing] [--timing-limit NS] [--no-timing] [SIZE] [BLOCK...]
#       Check mode (CTest synth.* runs it at 1024): synthesises each block (default rp np
#       cp) with `synth_xilinx` (7-series, flattened) and prints a resource table. Fails
#       if a block infers a latch or if its per-flow / per-queue state RAM is not mapped
#       to block RAM. Logs go to build/synth/<block>_<size>.log. Then the timing estimate
#       of each block (as --timing, below, on the same netlist) against 3.10 ns
#       (--timing-limit): printed as
#       "NOT ENFORCED: <blk> at X ns misses 3.10 ns", a failure only with --enforce-timing
#       (CMake passes it for the blocks in DCQCN_TIMING_ENFORCED). --sta: the STA binary
#       (default $DCQCN_STA, else build/tb/sta, built when missing).
#
#   scripts/synth.sh --timing [--jobs N] [--sta BIN] [--reuse] [--family F] [SIZE...] [BLOCK...]
#       Timing estimate (default sizes 1024 4096, blocks rp np cp nic_top; also nic_sched,
#       nic_wheel, and the frame blocks ecn_mark, rx_class, cnp_build and the frame-level top
#       nic_frame_top (at NUM_FLOWS 1024), whose SIZE is DATA_WIDTH; jobs 1): Yosys
#       `synth_xilinx -flatten` (7-series cells, because Yosys 0.23 packs DSP pipeline
#       registers only into DSP48E1; --family xcup for the UltraScale+ mapping, whose
#       DSP48E2 stay combinational), `write_json`, then tb/tools/sta.cpp: the worst
#       register-to-register path with UltraScale+ -2 cell delays (LUT 0.12 ns, MUXF 0.08,
#       carry 0.13 + 0.02 per 4-bit group, FF clock-to-out 0.09 / setup 0.05, DSP A/B->P
#       2.2 (cascade and ALU alone 0.9), registered DSP input setup 0.25, registered P
#       0.35, M register without P register 1.25, BRAM
#       clock-to-out 1.1 (0.35 with DOx_REG), routing 0.20 + 0.06 log2(fanout) per hop but
#       carry and cascade hops; primary inputs launch at 0.09, outputs end with setup
#       0.05; details in tb/tools/sta.cpp and docs/fpga.md
#       "Timing"). --reuse: rerun only the STA on the netlists of the last run.
#       Prints per block and size: worst ns, Fmax, levels, LUT/FF/BRAM/DSP and the
#       named signals on the path; writes them into the "Timing estimate" section of
#       results/synth.md (rows of the same block and size are replaced, others kept).
#       Work files, with the full worst path, the 8 worst path ends and the census of
#       every end above 3.10 ns (sta --census: bins and families):
#       build/synth/timing/<block>_<size>.sta. rp and nic_top take 1-5 minutes per size
#       (5 while other builds run), np and cp under a minute.
#
#   scripts/synth.sh --report [--quick] [--jobs N]
#       Writes results/synth.md: for rp, np, cp and the integration top nic_top
#       (rtl/dcqcn_nic_top.sv: the whole NIC side) at NUM_FLOWS 256, 1024, 4096, Yosys
#       `synth_xilinx` for 7-series and `-family xcup` (UltraScale+): LUT/FF/LUTRAM/
#       SRL/BRAM/DSP counts and the longest combinational path in logic levels; then
#       iCE40 place and route (nextpnr-ice40, when installed) of the blocks at 16 flows.
#       --quick: 1024 only and no iCE40 (a quick look). --reuse: rewrite the report from
#       the work files of the last run without synthesising again. Jobs run in parallel
#       (default: nproc). Work files: build/synth/report/. Not run in CI (about 19
#       minutes on 2 cores); the time of each run is in the report.
#
#   scripts/synth.sh --report [--quick] [--jobs N] --block BLOCK [--block BLOCK...]
#       Regenerates only the rows of BLOCK (rp np cp nic_top) in results/synth.md's
#       resource and longest-path tables (no iCE40), at 256 1024 4096 (--quick: 1024);
#       every other row is kept, and a line under the header names the rows regenerated
#       and the date. Rows missing from the report (one from --quick) are an error: run
#       --report. About 2 minutes per nic_top synthesis.
#
# Logic levels: after synth_xilinx the flip-flops, block RAMs, LUTRAMs and SRLs are
# deleted from the flattened netlist (their outputs become path starts, their inputs path
# ends) and Yosys `ltp` gives the longest chain of the remaining cells: LUT1-6 and INV,
# MUXF7/8/9, CARRY4/8 and DSP48 (a DSP48 counts as a combinational cell, even one whose
# pipeline registers are packed into it). This counts what Vivado calls "logic levels"
# (each CARRY4/CARRY8 and MUXF is one level); a DSP48 counts one level but costs about as
# much as 4-6 LUT levels. See docs/fpga.md "Timing" for how to read the numbers.
set -euo pipefail
cd "$(dirname "$0")/.."
# the frame blocks (docs/frames.md) are sized by DATA_WIDTH (SIZE 64 or 512), the others by
# NUM_FLOWS (NUM_QUEUES for cp)
frame_block() { case $1 in ecn_mark|rx_class|cnp_build|nic_frame_top) return 0 ;; *) return 1 ;; esac; }
mapfile -t ALL_SRCS < <(grep -v '^\s*//' rtl/dcqcn.f | sed '/^\s*$/d; s|^|rtl/|')
# srcs_for BLOCK: the sources Yosys reads for that top: every NIC/CP source, and a frame
# block's own file only for that frame block (nic_frame_top: its own, rx_class's and
# cnp_build's; NUM_FLOWS stays at the top's default, 1024). (Reading modules a top does not use is not
# neutral: Yosys numbers its cells across everything read, and ABC's mapping follows that
# order; with the frame files read too, nic_top measured 3.64 ns instead of 3.08.)
srcs_for() {
  local f
  SRCS=()
  for f in "${ALL_SRCS[@]}"; do
    case $(basename "$f" .sv) in
      dcqcn_ecn_mark|dcqcn_rx_class|dcqcn_cnp_build|dcqcn_nic_frame_top)
        if [ "$f" = "rtl/dcqcn_$1.sv" ] ||
           { [ "$1" = nic_frame_top ] && [ "$f" != rtl/dcqcn_ecn_mark.sv ]; }; then SRCS+=("$f"); fi ;;
      *) SRCS+=("$f") ;;
    esac
  done
}
SRCS=("${ALL_SRCS[@]}")

# ----------------------------------------------------------------------------- report
# synth_one BLOCK SIZE FAMILY: one synthesis + longest path, into build/synth/report/
synth_one() {
  local b=$1 n=$2 fam=$3 top param famopt=""
  top=dcqcn_$b; param=NUM_FLOWS; [ "$b" = cp ] && param=NUM_QUEUES; frame_block "$b" && param=DATA_WIDTH; srcs_for "$b"
  [ "$fam" = xcup ] && famopt="-family xcup"
  local w=build/synth/report/${b}_${n}_${fam} t0 t1
  t0=$(date +%s.%N)
  if ! yosys -q -l "$w.log" -p "read_verilog -sv -Irtl ${SRCS[*]}; chparam -set $param $n $top; \
      synth_xilinx -top $top -flatten $famopt; tee -q -o $w.stat stat; \
      read_verilog -lib +/xilinx/cells_sim.v +/xilinx/cells_xtra.v; \
      delete t:FD* t:LD* t:RAMB* t:URAM* t:SRL* t:RAM32* t:RAM64* t:RAM128* t:RAM256* t:RAM512*; \
      rename -enumerate -pattern LUT_% t:LUT*; rename -enumerate -pattern INV_% t:INV; \
      rename -enumerate -pattern CARRY_% t:CARRY*; rename -enumerate -pattern MUXF_% t:MUXF*; \
      rename -enumerate -pattern DSP_% t:DSP48*; tee -q -o $w.ltp ltp" >/dev/null 2>&1; then
    echo "FAILED" > "$w.stat"
  fi
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.0f\n", b - a}' > "$w.time"
}

# ice40_one BLOCK: synth_ice40 + nextpnr-ice40 (HX8K, CT256) at 16 flows/queues. The
# block's hundreds of ports do not fit the package's pins, so it is wrapped (ice40_wrap,
# generated from `portlist`): its inputs (rst included) come from a serial-in shift
# register and its outputs are loaded into a parallel-in shift register, both plain
# flip-flop chains (no logic between them), so that every measured path is the block's.
ice40_one() {
  local b=$1 top param
  top=dcqcn_$b; param=NUM_FLOWS; [ "$b" = cp ] && param=NUM_QUEUES; frame_block "$b" && param=DATA_WIDTH; srcs_for "$b"
  local w=build/synth/report/ice40_${b} t0 t1
  t0=$(date +%s.%N)
  yosys -q -p "read_verilog -sv -Irtl ${SRCS[*]}; chparam -set $param 16 $top; hierarchy -top $top; \
    tee -q -o $w.ports portlist" >/dev/null 2>&1 || true
  awk -v top="$top" -v param="$param" '
    $1 == "input" || $1 == "output" {
      t = $2; sub(/^\[/, "", t); sub(/\]$/, "", t); split(t, a, ":"); wd = a[1] - a[2] + 1; nm = $3
      if (nm == "clk") next
      if ($1 == "input") { conn = conn sprintf("    .%s(si[%d:%d]),\n", nm, ni + wd - 1, ni); ni += wd }
      else               { conn = conn sprintf("    .%s(o[%d:%d]),\n", nm, no + wd - 1, no); no += wd }
    }
    END {
      sub(/,\n$/, "\n", conn)
      print "module ice40_wrap (input wire clk, input wire din, input wire load, output wire dout);"
      printf "  reg [%d:0] si;\n  always @(posedge clk) si <= {si[%d:0], din};\n", ni - 1, ni - 2
      printf "  wire [%d:0] o;\n  reg [%d:0] so;\n", no - 1, no - 1
      printf "  %s #(.%s(16)) u_dut (\n    .clk(clk),\n%s  );\n", top, param, conn
      printf "  always @(posedge clk) so <= load ? o : {so[%d:0], 1%sb0};\n", no - 2, "\x27"
      printf "  assign dout = so[%d];\nendmodule\n", no - 1
    }' "$w.ports" > "$w.wrap.v"
  # setattr: the RTL's (* ram_style = "distributed" *) (the arbiter's small flow RAM: Xilinx
  # LUTRAM) names a RAM kind the iCE40 does not have, and Yosys then refuses to map it;
  # without the attribute it maps that memory as it sees fit. After hierarchy: the
  # parameterised copies of the modules carry the attribute too. "block" stays (SB_RAM40_4K).
  if yosys -q -l "$w.ylog" -p "read_verilog -sv -Irtl ${SRCS[*]} $w.wrap.v; hierarchy -top ice40_wrap; setattr -unset ram_style a:ram_style=distributed; \
       synth_ice40 -top ice40_wrap -flatten; tee -q -o $w.stat stat; write_json $w.json" >/dev/null 2>&1; then
    nextpnr-ice40 --hx8k --package ct256 --json "$w.json" --freq 100 --seed 1 \
      --timing-allow-fail --log "$w.pnr.log" >/dev/null 2>&1 || true
  fi
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.0f\n", b - a}' > "$w.time"
}

# cnt STATFILE REGEX: sum of the counts of the cell types matching REGEX
cnt() { awk -v pat="$2" '$1 ~ pat {s += $2} END {print s + 0}' "$1"; }

# levels LTPFILE: "levels LUT CARRY MUXF DSP" on the longest path
levels() {
  awk '/Longest topological path/ {p = 1; next}
       p && /\(via / { v = $0; sub(/.*\(via /, "", v); sub(/\).*/, "", v); n++;
         if (v ~ /^(LUT|INV)_/) l++; else if (v ~ /^CARRY_/) c++;
         else if (v ~ /^MUXF_/) m++; else if (v ~ /^DSP_/) d++ }
       END {printf "%d %d %d %d %d\n", n, l, c, m, d}' "$1"
}

# pathdesc LTPFILE: start point and the named signals the longest path goes through
pathdesc() {
  awk '/Longest topological path/ {p = 1; next}
       p && /^ *[0-9]+: / { s = $2; if (s !~ /^\\/) next; sub(/^\\/, "", s);
         if (s != last) { out = out (out ? " > " : "") s; last = s } }
       END {print out}' "$1"
}

report() {
  local quick=0 reuse=0 jobs only=()
  jobs=$(nproc)
  while [ $# -gt 0 ]; do
    case $1 in
      --quick) quick=1 ;;
      --reuse) reuse=1 ;;
      --jobs) jobs=$2; shift ;;
      --block)
        case ${2:-} in
          rp|np|cp|nic_top) only+=("$2") ;;
          *) echo "synth.sh --report: --block takes rp, np, cp or nic_top (got '${2:-}')" >&2; exit 2 ;;
        esac
        shift ;;
      *) echo "synth.sh --report: unknown option $1" >&2; exit 2 ;;
    esac
    shift
  done
  local sizes=(256 1024 4096) blocks=(rp np cp nic_top) fams=(xc7 xcup)
  [ $quick -eq 1 ] && sizes=(1024)
  local have_ice40=0
  command -v nextpnr-ice40 >/dev/null && [ $quick -eq 0 ] && have_ice40=1
  mkdir -p build/synth/report results
  local b n f T0=$SECONDS TOTAL
  if [ ${#only[@]} -gt 0 ]; then
    if [ ! -s results/synth.md ]; then
      echo "synth.sh --report --block: results/synth.md is missing; run --report without --block first" >&2; exit 2
    fi
    if [ $reuse -eq 1 ]; then
      echo "synth.sh --report: --reuse and --block do not go together (--block synthesises its blocks again)" >&2; exit 2
    fi
    blocks=("${only[@]}"); have_ice40=0
    for b in "${blocks[@]}"; do rm -f build/synth/report/"${b}"_*; done
    run_all
    merge_report
    return $?
  fi
  [ $reuse -eq 1 ] || { rm -f build/synth/report/*; run_all; }
  TOTAL=$((SECONDS - T0))
  [ $reuse -eq 1 ] && TOTAL=$(cat build/synth/report/total.time)
  echo "$TOTAL" > build/synth/report/total.time
  write_report
}

# run_all: every synthesis of the report, nproc (or --jobs) at a time
run_all() {
  # biggest first so that the parallel runs finish together
  for n in $(printf '%s\n' "${sizes[@]}" | sort -rn); do
    for b in nic_top rp cp np; do
      [[ " ${blocks[*]} " == *" $b "* ]] || continue
      for f in "${fams[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
        synth_one "$b" "$n" "$f" &
      done
    done
  done
  if [ $have_ice40 -eq 1 ]; then
    for b in np cp rp nic_top; do
      while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
      ice40_one "$b" &
    done
  fi
  wait
}

# res_row BLOCK SIZE FAMILY: the resource table row of one synthesis (build/synth/report/);
# status 1 when it failed, inferred a latch or mapped no block RAM
res_row() {
  local b=$1 n=$2 f=$3 w st
  w=build/synth/report/${b}_${n}_${f}; st=$w.stat
  if grep -q FAILED "$st" 2>/dev/null || [ ! -s "$st" ]; then
    echo "| $b | $f | $n | synthesis FAILED (see $w.log) | | | | | | | | | |"; return 1
  fi
  local lut ff lr srl b36 b18 dsp car lat lv l c m d
  lut=$(cnt "$st" '^(LUT[1-6]|INV)$'); ff=$(cnt "$st" '^FD[RSCP]E$')
  lr=$(cnt "$st" '^RAM(32M|32M16|64M|64M8|32X1D|64X1D|128X1D|256X1D|32X1S|64X1S|128X1S|256X1S)$')
  srl=$(cnt "$st" '^SRL(16E|C32E)$')
  b36=$(cnt "$st" '^RAMB36E[12]$'); b18=$(cnt "$st" '^RAMB18E[12]$')
  dsp=$(cnt "$st" '^DSP48E[12]$'); car=$(cnt "$st" '^CARRY[48]$')
  lat=$(cnt "$st" '^(LDCE|LDPE|\$_DLATCH.*|\$dlatch)$')
  read -r lv l c m d < <(levels "$w.ltp")
  echo "| $b | $f | $n | $lut | $ff | $lr | $srl | $b36/$b18 | $dsp | $car | $lat | $lv ($l/$c/$m/$d) | $(cat "$w.time") |"
  [ "$lat" -eq 0 ] && [ $((b36 + b18)) -ne 0 ]
}

# path_row BLOCK SIZE: the longest-path table row (xcup); a FAILED row when the synthesis
# failed, nothing when there was no run
path_row() {
  local w=build/synth/report/${1}_${2}_xcup lv
  if grep -q FAILED "$w.stat" 2>/dev/null; then
    echo "| $1 | $2 | synthesis FAILED | (see $w.log) |"; return 0
  fi
  [ -s "$w.ltp" ] || return 0
  read -r lv _ < <(levels "$w.ltp")
  echo "| $1 | $2 | $lv | \`$(pathdesc "$w.ltp")\` |"
}

# merge_report: --block: the rows of the blocks in `blocks` at `sizes` replace those in
# results/synth.md (resource table: block, family, size; longest paths: block, size), the
# description paragraph is rewritten (describe), and a line under the header says which
# rows and when (earlier such lines are kept). A generated row with no row to replace (a
# report from --quick, or a block missing) is an error: nothing is written.
merge_report() {
  local out=results/synth.md fail=0 b n f rows="" prow="" note
  for b in "${blocks[@]}"; do
    for n in "${sizes[@]}"; do
      for f in "${fams[@]}"; do
        rows+="$(res_row "$b" "$n" "$f")"$'\n' || fail=1
      done
      prow+="$(path_row "$b" "$n")"$'\n'
    done
  done
  note="Rows of ${blocks[*]} at ${sizes[*]} regenerated on $(date -u +%Y-%m-%d) by \`scripts/synth.sh --report --block\` with $(yosys -V | sed 's/ (.*//')."
  # through the environment, not awk -v (which would read backslashes in them as escapes)
  if ! MR_ROWS="$rows" MR_PROW="$prow" MR_NOTE="$note" MR_DESC="$(describe)" awk '
    BEGIN { nr = split(ENVIRON["MR_ROWS"], r, "\n"); for (i = 1; i <= nr; i++) if (r[i] != "") {
              split(r[i], a, "|"); k = a[2] "|" a[3] "|" a[4]; gsub(/ /, "", k); res[k] = r[i] }
            np = split(ENVIRON["MR_PROW"], q, "\n"); for (i = 1; i <= np; i++) if (q[i] != "") {
              split(q[i], a, "|"); k = a[2] "|" a[3]; gsub(/ /, "", k); pth[k] = q[i] } }
    /^\(.*parallel jobs, .* in all\)/ { print; print ENVIRON["MR_NOTE"]; next }
    /^Yosys `synth_xilinx -flatten`/ { print ENVIRON["MR_DESC"]; desc = 1; next }
    desc && /^$/ { desc = 0 }
    desc { next }
    /^## Timing estimate/ { tim = 1 }
    !tim && /^\| [a-z_]+ \| (xc7|xcup) \| [0-9]+ \|/ {
      split($0, a, "|"); k = a[2] "|" a[3] "|" a[4]; gsub(/ /, "", k)
      if (k in res) { print res[k]; done[k] = 1; next } }
    !tim && /^\| [a-z_]+ \| [0-9]+ \| [^|]+ \| / && !/^\| [a-z_]+ \| (xc7|xcup) / {
      split($0, a, "|"); k = a[2] "|" a[3]; gsub(/ /, "", k)
      if (k in pth) { print pth[k]; done["p" k] = 1; next } }
    { print }
    END { bad = 0
          for (k in res) if (!(k in done)) { print "synth.sh: no row " k " in the report to replace" > "/dev/stderr"; bad = 1 }
          for (k in pth) if (!(("p" k) in done)) { print "synth.sh: no longest-path row " k " to replace" > "/dev/stderr"; bad = 1 }
          exit bad }' "$out" > "$out.tmp"; then
    rm -f "$out.tmp"
    echo "synth.sh --report --block: $out left as it was (rows missing above: regenerate it with --report)" >&2
    return 1
  fi
  mv "$out.tmp" "$out"
  echo "synth.sh: replaced the rows of ${blocks[*]} at ${sizes[*]} in $out"
  return $fail
}

# describe: the paragraph under the report's header that says what the tables hold (one
# copy: write_report prints it, merge_report puts it in place of the old one)
describe() {
  echo "Yosys \`synth_xilinx -flatten\` (\`xc7\`: 7-series, the default; \`xcup\`: \`-family xcup\`,"
  echo "UltraScale+). \`nic_top\` is \`rtl/dcqcn_nic_top.sv\`, the whole NIC side: RP + NP + the"
  echo "timer service and transmit scheduler (\`dcqcn_nic_sched\`) + the arbiter with its AXI4-Stream"
  echo "FIFOs + the AXI4-Lite slave; CP is switch-side and not in it. Size is NUM_FLOWS"
  echo "(NUM_QUEUES for cp). LUT counts LUT1-6 (INV included); LUTRAM counts RAM32M/RAM64M(8)/RAMxX1D"
  echo "primitives; BRAM is RAMB36/RAMB18 primitives. Levels: cells on the longest"
  echo "register-to-register (or RAM-to-register) combinational path, split as LUT / CARRY /"
  echo "MUXF / DSP."
}

# write_report: results/synth.md from build/synth/report/
write_report() {
  local out=results/synth.md fail=0 timing_sec=""
  # the timing estimate section (scripts/synth.sh --timing) is kept, at the end
  [ -f "$out" ] && timing_sec=$(awk '/^## Timing estimate/ {p = 1} p' "$out")
  {
    echo "# Synthesis report"
    echo
    echo "GENERATED by \`scripts/synth.sh --report\` on $(date -u +%Y-%m-%d) with $(yosys -V | sed 's/ (.*//')$( [ $have_ice40 -eq 1 ] && echo " and $(nextpnr-ice40 --version 2>&1 | head -1 | sed 's/^"//; s/"$//')")"
    echo "($(nproc) cores, $jobs parallel jobs, ${TOTAL} s in all). Do not edit: rerun the script."
    echo "Method, and what the numbers mean for timing closure: \`docs/fpga.md\` (Resources, Timing)."
    echo
    describe
    echo
    echo "| block | family | size | LUT | FF | LUTRAM | SRL | BRAM36/18 | DSP | CARRY | latches | levels (LUT/CARRY/MUXF/DSP) | synth s |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    for b in rp np cp nic_top; do
      for n in "${sizes[@]}"; do
        for f in "${fams[@]}"; do
          res_row "$b" "$n" "$f" || fail=1
        done
      done
    done
    echo
    echo "## Longest paths (xcup, the 322 MHz target family)"
    echo
    echo "The named signals each path goes through, from its start register (or RAM output)"
    echo "to the last named net before the end register; the full paths are in"
    echo "\`build/synth/report/<block>_<size>_<family>.ltp\`."
    echo
    echo "| block | size | levels | path |"
    echo "|---|---|---|---|"
    for b in rp np cp nic_top; do
      for n in "${sizes[@]}"; do
        path_row "$b" "$n"
      done
    done
    if [ $have_ice40 -eq 1 ]; then
      echo
      echo "## iCE40 place and route (NUM_FLOWS / NUM_QUEUES = 16)"
      echo
      echo "\`synth_ice40 -flatten\`, \`nextpnr-ice40 --hx8k --package ct256 --seed 1\` (the largest"
      echo "iCE40: 7680 logic cells, 32 BRAM4K, no DSP). Fmax is nextpnr's post-route estimate"
      echo "for \`clk\`; the critical path is in \`build/synth/report/ice40_<block>.pnr.log\`."
      echo
      echo "| block | LC (SB_LUT4) | FF | BRAM4K | result | Fmax MHz | s |"
      echo "|---|---|---|---|---|---|---|"
      for b in np cp rp nic_top; do
        local w=build/synth/report/ice40_${b} st res fmax
        st=$w.stat
        [ -s "$st" ] || { echo "| $b | synthesis failed | | | | | |"; continue; }
        local l4 iff ib
        l4=$(cnt "$st" '^SB_LUT4$'); iff=$(cnt "$st" '^SB_DFF'); ib=$(cnt "$st" '^SB_RAM40_4K')
        fmax=$(grep -o 'Max frequency for clock[^:]*: [0-9.]* MHz' "$w.pnr.log" 2>/dev/null | tail -1 | sed 's/.*: //; s/ MHz//' || true)
        if [ -n "$fmax" ]; then res="placed and routed"
        elif grep -q 'Unable to place\|Design uses more\|not enough\|failed to place\|ERROR' "$w.pnr.log" 2>/dev/null; then
          res="does not fit ($(grep -m1 -o 'ICESTORM_LC: *[0-9]*/ *[0-9]*' "$w.pnr.log" | sed 's/ICESTORM_LC: *//; s/ //g' || true) logic cells)"; fmax="-"
        else res="not run"; fmax="-"; fi
        echo "| $b | $l4 | $iff | $ib | $res | $fmax | $(cat "$w.time") |"
      done
      echo
      echo "Counts include the I/O wrapper's two shift registers (one flip-flop per block port bit)."
      echo "Critical paths (the named nets nextpnr's clock report passes through):"
      echo
      for b in np cp rp nic_top; do
        local w=build/synth/report/ice40_${b} cpath
        [ -s "$w.pnr.log" ] || continue
        cpath=$(awk '/Critical path report for clock/ {p = 1; out = ""; last = ""; next}
                     /Critical path report for cross/ {p = 0}
                     p && / Sink u_dut\./ { s = $0; sub(/.*Sink u_dut\./, "", s);
                       sub(/_SB_.*/, "", s); sub(/_DFFLC.*/, "", s); sub(/\$.*/, "", s);
                       if (s != last && s != "") { out = out (out ? " > " : "") s; last = s } }
                     END {print out}' "$w.pnr.log")
        [ -n "$cpath" ] && echo "- $b: \`$cpath\`"
      done
    fi
    [ -n "$timing_sec" ] && printf '\n%s\n' "$timing_sec"
  } > "$out"
  echo "synth.sh: wrote $out in ${TOTAL} s"
  return $fail
}

if [ "${1:-}" = "--report" ]; then
  shift
  report "$@"
  exit $?
fi

# ----------------------------------------------------------------------------- timing
TIMING_LIMIT=3.10     # ns: 322.266 MHz, the MAC clock
STA_BIN=${DCQCN_STA:-}

# find_sta: the STA tool (tb/tools/sta.cpp); builds it in build/ when not given/found
find_sta() {
  [ -n "$STA_BIN" ] && [ -x "$STA_BIN" ] && return 0
  if [ -n "$STA_BIN" ]; then echo "synth.sh: STA tool $STA_BIN not found" >&2; exit 2; fi
  STA_BIN=build/tb/sta
  if [ ! -x "$STA_BIN" ]; then
    [ -f build/build.ninja ] || [ -f build/Makefile ] || \
      cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build --target sta >/dev/null || { echo "synth.sh: cannot build the STA tool" >&2; exit 2; }
  fi
}

# The timing synthesis maps to 7-series cells (synth_xilinx's default family): Yosys 0.23
# packs A/B/M/P pipeline registers into DSP48E1 but not into DSP48E2 (-family xcup/xcu:
# its xilinx_dsp pass leaves every DSP48E2 combinational, so a multiply registered on both
# sides would still cost 2.2 ns). The cell delays are UltraScale+ -2 either way.
# --family xcup (TIMING_FAMILY) measures the UltraScale+ mapping instead, for comparison.
TIMING_FAMILY=xc7

# timing_one BLOCK SIZE: synthesis (synth_xilinx -flatten), netlist to JSON, STA. Work
# files: build/synth/timing/<block>_<size>.{log,stat,json,sta,time}
timing_one() {
  local b=$1 n=$2 top param famopt=""
  top=dcqcn_$b; param=NUM_FLOWS; [ "$b" = cp ] && param=NUM_QUEUES; frame_block "$b" && param=DATA_WIDTH; srcs_for "$b"
  [ "$TIMING_FAMILY" != xc7 ] && famopt="-family $TIMING_FAMILY"
  local w=build/synth/timing/${b}_${n} t0
  mkdir -p build/synth/timing
  if [ "${TIMING_REUSE:-0}" = 1 ] && [ -s "$w.json" ] && [ -s "$w.stat" ]; then
    "$STA_BIN" "$w.json" --summary --paths 8 --census "$TIMING_LIMIT" > "$w.sta" 2> "$w.sta.err" || true
    return
  fi
  rm -f "$w.stat" "$w.json" "$w.sta"
  t0=$SECONDS
  if yosys -q -l "$w.log" -p "read_verilog -sv -Irtl ${SRCS[*]}; chparam -set $param $n $top; \
       synth_xilinx -top $top -flatten $famopt; tee -q -o $w.stat stat; write_json $w.json" \
       >/dev/null 2>&1; then
    "$STA_BIN" "$w.json" --summary --paths 8 --census "$TIMING_LIMIT" > "$w.sta" 2> "$w.sta.err" || true
  else
    echo "FAILED" > "$w.stat"
  fi
  echo $((SECONDS - t0)) > "$w.time"
}

tcnt() { awk -v pat="$2" '$1 ~ pat {s += $2} END {print s + 0}' "$1"; }

# timing_row BLOCK SIZE: the results/synth.md table row of a timing_one run
timing_row() {
  local b=$1 n=$2 w=build/synth/timing/${1}_${2}
  if grep -q FAILED "$w.stat" 2>/dev/null || [ ! -s "$w.stat" ]; then
    echo "| $b | $n | synthesis failed | | | | | | | $(cat "$w.time" 2>/dev/null) |"; return
  fi
  local line ns mhz lv path lut ff b36 b18 dsp
  line=$(grep '^STA ' "$w.sta" 2>/dev/null || true)
  if [ -z "$line" ]; then
    echo "| $b | $n | STA failed: $(head -1 "$w.sta.err" | sed 's/|/\\|/g') | | | | | | | $(cat "$w.time") |"; return
  fi
  ns=$(sed 's/.*worst_ns=\([^ ]*\).*/\1/' <<<"$line"); mhz=$(sed 's/.*fmax_mhz=\([^ ]*\).*/\1/' <<<"$line")
  lv=$(sed 's/.*levels=\([^)]*)\).*/\1/' <<<"$line"); path=$(sed 's/.* path=//' <<<"$line")
  lut=$(tcnt "$w.stat" '^(LUT[1-6]|INV)$'); ff=$(tcnt "$w.stat" '^FD[RSCP]E$')
  b36=$(tcnt "$w.stat" '^RAMB36E[12]$'); b18=$(tcnt "$w.stat" '^RAMB18E[12]$'); dsp=$(tcnt "$w.stat" '^DSP48E[12]$')
  echo "| $b | $n | $ns | $mhz | $lv | $lut | $ff | $b36/$b18 | $dsp | $(cat "$w.time") | \`$path\` |"
}

TIMING_METHOD='Yosys 0.23 `synth_xilinx -flatten` mapped to 7-series cells (LUT6, CARRY4, MUXF7/8,
DSP48E1, RAMB18E1/RAMB36E1: Yosys 0.23 packs pipeline registers into DSP48E1 but never into
the DSP48E2 of `-family xcup`, and maps carry chains to CARRY4 for both), netlist written
with `write_json`, then `sta` (`tb/tools/sta.cpp`) with UltraScale+ -2 cell delays: LUT 0.12 ns,
MUXF 0.08, carry chain 0.13 on entry plus 0.02 per 4-bit group traversed (entry group
included), FF clock-to-out 0.09 and setup 0.05, DSP48 combinational A/B to P 2.2 (cascade
input 0.9), registered DSP input setup 0.25, registered P clock-to-out 0.35, block RAM
clock-to-out 1.1 (0.35 with DOx_REG; Yosys never sets it), block RAM inputs setup 0.05,
LUTRAM read 0.12; routing 0.20 + 0.06 x log2(fanout) on every hop except carry CO -> CI
and DSP cascade hops. Primary inputs launch at 0.09 (as from a register), primary outputs
end with setup 0.05. Fmax = 1000 / worst ns. Target: 3.10 ns (322.266 MHz).'

# write_timing: the "Timing estimate" section (the last one) of results/synth.md: the rows
# of this run replace those of the same block and size, the others are kept
write_timing() {
  local out=results/synth.md old new
  mkdir -p results; touch "$out"
  old=$(awk '/^## Timing estimate/ {p = 1} p && /^\| (rp|np|cp|nic_top|nic_sched|nic_wheel|ecn_mark|rx_class|cnp_build|nic_frame_top) \| [0-9]+ \|/' "$out")
  new=$(for r in "${RUN_ROWS[@]}"; do echo "$r"; done)
  local head
  head=$(awk '/^## Timing estimate/ {exit} {print}' "$out")
  {
    [ -n "$head" ] && printf '%s\n\n' "$head"
    echo "## Timing estimate (UltraScale+ -2 cell delays, method of docs/fpga.md \"Timing\")"
    echo
    echo "GENERATED by \`scripts/synth.sh --timing [SIZE...] [BLOCK...]\` (rows of later runs replace"
    echo "those of the same block and size; this table last updated $(date -u +%Y-%m-%d) on $(nproc) cores"
    echo "shared with other builds: the synthesis times vary 2-3x with the load)."
    echo
    echo "$TIMING_METHOD"
    echo
    echo "Levels: cells on the worst path (LUT/CARRY/MUXF/DSP/RAM). s: synthesis + STA time."
    echo "Path: the named signals on the worst path, from the launching register (or RAM"
    echo "output) to the end register or RAM input; the full path with every hop's delay, the"
    echo "8 worst ends and the census of every end above 3.10 ns (\`sta --census\`: how many, in"
    echo "half-nanosecond bins, and by family) are in \`build/synth/timing/<block>_<size>.sta\`."
    echo
    echo "| block | size | worst ns | Fmax MHz | levels | LUT | FF | BRAM36/18 | DSP | s | path |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
    printf '%s\n%s\n' "$new" "$old" | awk -F'|' 'NF > 3 {
        k = $2 "|" $3; if (k in seen) next; seen[k] = 1
        o = ($2 ~ /rp/ ? 1 : $2 ~ /np/ ? 2 : $2 ~ /cp/ ? 3 : 4); printf "%d %08d %s\n", o, $3, $0 }' |
      sort -k1,1n -k2,2n | cut -d' ' -f3-
  } > "$out.tmp"
  mv "$out.tmp" "$out"
  echo "synth.sh: wrote the timing estimate into $out"
}

timing_mode() {
  local sizes=() blocks=() jobs=1 b n
  while [ $# -gt 0 ]; do
    case $1 in
      --jobs) jobs=$2; shift ;;
      --sta) STA_BIN=$2; shift ;;
      --reuse) TIMING_REUSE=1 ;;
      --family) TIMING_FAMILY=$2; shift ;;
      [0-9]*) sizes+=("$1") ;;
      rp|np|cp|nic_top|nic_sched|nic_wheel|ecn_mark|rx_class|cnp_build|nic_frame_top) blocks+=("$1") ;;
      *) echo "synth.sh --timing: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
  done
  [ ${#sizes[@]} -eq 0 ] && sizes=(1024 4096)
  [ ${#blocks[@]} -eq 0 ] && blocks=(rp np cp nic_top)
  find_sta
  for n in "${sizes[@]}"; do
    for b in "${blocks[@]}"; do
      while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
      timing_one "$b" "$n" &
    done
  done
  wait
  RUN_ROWS=()
  echo "| block | size | worst ns | Fmax MHz | levels | LUT | FF | BRAM36/18 | DSP | s | path |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for b in "${blocks[@]}"; do
    for n in "${sizes[@]}"; do
      RUN_ROWS+=("$(timing_row "$b" "$n")")
      echo "${RUN_ROWS[-1]}"
    done
  done
  write_timing
}

if [ "${1:-}" = "--timing" ]; then
  shift
  timing_mode "$@"
  exit $?
fi

# ----------------------------------------------------------------------------- check
TIMING=1
ENFORCE=0
while [ $# -gt 0 ]; do
  case $1 in
    --sta) STA_BIN=$2; shift ;;
    --enforce-timing) ENFORCE=1 ;;
    --timing-limit) TIMING_LIMIT=$2; shift ;;
    --no-timing) TIMING=0 ;;
    -*) echo "synth.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
SIZE=${1:-1024}
shift || true
BLOCKS=("$@")
[ ${#BLOCKS[@]} -eq 0 ] && BLOCKS=(rp np cp)
mkdir -p build/synth
fail=0
printf '| block | size | LUT | FF | SRL | LUTRAM | BRAM36/18 | DSP | latches |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for b in "${BLOCKS[@]}"; do
  top=dcqcn_$b
  param=NUM_FLOWS; [ "$b" = cp ] && param=NUM_QUEUES; frame_block "$b" && param=DATA_WIDTH; srcs_for "$b"
  log=build/synth/${b}_${SIZE}.log
  jw=build/synth/timing/${b}_${SIZE}
  mkdir -p build/synth/timing
  rm -f "$jw.json" "$jw.stat" "$jw.sta"
  t0=$SECONDS
  if ! yosys -q -l "$log" -p "read_verilog -sv -Irtl ${SRCS[*]}; chparam -set $param $SIZE $top; \
       synth_xilinx -top $top -flatten; tee -o build/synth/${b}_${SIZE}.stat stat; write_json $jw.json" \
       >/dev/null 2>&1; then
    echo "synth: $top failed, see $log"; fail=1; continue
  fi
  # the same netlist is the timing estimate's (timing_one with TIMING_REUSE)
  cp "build/synth/${b}_${SIZE}.stat" "$jw.stat"; echo $((SECONDS - t0)) > "$jw.time"
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

# Timing estimate (UltraScale+ synthesis + STA) of each block against TIMING_LIMIT: fails
# the check only with --enforce-timing (CMake DCQCN_TIMING_ENFORCED lists the blocks)
if [ $TIMING -eq 1 ]; then
  find_sta
  for b in "${BLOCKS[@]}"; do
    TIMING_REUSE=1 timing_one "$b" "$SIZE"
    w=build/synth/timing/${b}_${SIZE}
    line=$(grep '^STA ' "$w.sta" 2>/dev/null || true)
    if [ -z "$line" ]; then
      echo "timing: $b at $SIZE: no estimate (see $w.log, $w.sta.err)"; cat "$w.sta.err" 2>/dev/null; fail=1; continue
    fi
    ns=$(sed 's/.*worst_ns=\([^ ]*\).*/\1/' <<<"$line")
    echo "timing: $b $SIZE: ${line#STA } ($(cat "$w.time") s; full path in $w.sta)"
    sed -n '/^  notes:/,/^$/p' "$w.sta" | sed '/^$/d; s/^  /timing: /' 
    if awk -v a="$ns" -v l="$TIMING_LIMIT" 'BEGIN {exit !(a > l)}'; then
      if [ $ENFORCE -eq 1 ]; then
        echo "timing: FAIL: $b at $ns ns misses $TIMING_LIMIT ns"; fail=1
      else
        echo "timing: NOT ENFORCED: $b at $ns ns misses $TIMING_LIMIT ns"
      fi
    else
      echo "timing: $b at $ns ns meets $TIMING_LIMIT ns"
    fi
  done
fi
exit $fail
