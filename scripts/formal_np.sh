#!/usr/bin/env bash
# The NP's formal runner (to be unified with scripts/formal.sh, the CP's, issue 13).
# Formal check of one property of one block with Yosys and yosys-smtbmc (z3) or
# yosys-abc (pdr). The harness is tb/formal/<block>_props.sv (module <block>_props);
# each property is a `ifdef PROP_<NAME>` block in it.
#
#   scripts/formal_np.sh BLOCK PROP MODE DEPTH [MUTATION]
#     BLOCK     np, cp, ... (the RTL: rtl/dcqcn_ram_sdp.sv, rtl/dcqcn_<block>_*.sv, rtl/dcqcn_<block>.sv)
#     PROP      property name without PROP_ (HOLDOFF, CAUSE, ...)
#     MODE      pdr:  unbounded proof, yosys-abc `pdr` on the AIG (DEPTH: time limit, s)
#               bmc:  bounded, yosys-abc `bmc3 -F DEPTH`: no counterexample within DEPTH
#                     cycles from reset
#               smt:  bounded, yosys-smtbmc with z3, DEPTH cycles (slower than bmc)
#     MUTATION  optional: define MUTATION_<name> in the RTL (a deliberate bug); the
#               check then passes only if the prover finds a counterexample.
# Harness parameters: FORMAL_CHPARAM="NAME=VALUE ..." (e.g. TW=4 for np_props).
# Prints one line "formal: BLOCK PROP MODE DEPTH [MUTATION]: PASS|FAIL (...)" and exits
# 0 on PASS. Work files and logs in build/formal/.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { sed -n 2,16p "$0"; exit 2; }
blk=$1 prop=$2 mode=$3 depth=$4 mut=${5:-}
harness=tb/formal/${blk}_props.sv
[ -f "$harness" ] || { echo "formal: no $harness" >&2; exit 2; }
# the block and its submodules (rtl/dcqcn_<block>_*.sv: CSR file, budget queue, ...)
SRCS=(rtl/dcqcn_ram_sdp.sv)
for f in rtl/dcqcn_"${blk}"_*.sv; do [ -e "$f" ] && SRCS+=("$f"); done
SRCS+=("rtl/dcqcn_$blk.sv")
tag=${blk}_${prop}_${mode}${mut:+_$mut}
w=build/formal/$tag
mkdir -p build/formal
defs="-DPROP_$prop"
[ -n "$mut" ] && defs="$defs -DMUTATION_$mut"
t0=$(date +%s)
chp=""
for kv in ${FORMAL_CHPARAM:-}; do chp="$chp chparam -set ${kv%%=*} ${kv#*=} ${blk}_props;"; done
read="read_verilog -sv -formal $defs -Irtl ${SRCS[*]} $harness;$chp prep -top ${blk}_props; memory_map; opt -fast"
rc=0
case $mode in
  smt)
    yosys -q -l "$w.yosys.log" -p "$read; async2sync; dffunmap; write_smt2 -wires $w.smt2" >/dev/null
    yosys-smtbmc -s z3 -t "$depth" --dump-vcd "$w.vcd" "$w.smt2" > "$w.log" 2>&1 || rc=$?
    [ $rc -le 1 ] || rc=3 ;;
  bmc|pdr)
    yosys -q -l "$w.yosys.log" -p "$read; flatten; async2sync; setundef -undriven -anyseq; \
      techmap; opt -fast; dffunmap; abc -g AND; opt_clean; write_aiger -zinit $w.aig" >/dev/null
    if [ "$mode" = bmc ]; then cmd="bmc3 -F $depth"; else cmd="pdr -T $depth"; fi
    yosys-abc -c "read_aiger $w.aig; fold; orpos; strash; $cmd" > "$w.log" 2>&1 || true
    if grep -q "was asserted in frame" "$w.log"; then rc=1
    elif [ "$mode" = pdr ] && grep -q "Property proved" "$w.log"; then rc=0
    elif [ "$mode" = bmc ] && grep -q "No output asserted in" "$w.log"; then rc=0
    else rc=3; fi ;;
  *) echo "formal: unknown mode $mode" >&2; exit 2 ;;
esac
t1=$(date +%s)
frame=$(grep -o "asserted in frame [0-9]*" "$w.log" 2>/dev/null | head -1 | grep -o "[0-9]*$" || true)
if [ $rc -eq 0 ]; then verdict=holds; elif [ $rc -eq 1 ]; then verdict=counterexample; else verdict="error (rc $rc, see $w.log)"; fi
what="$blk $prop $mode $depth${mut:+ $mut}"
if [ -n "$mut" ]; then
  if [ "$verdict" = counterexample ]; then echo "formal: $what: PASS (mutation caught${frame:+ in cycle $frame}, $((t1 - t0)) s)"; exit 0; fi
  echo "formal: $what: FAIL (mutation not caught: $verdict, $((t1 - t0)) s)"; exit 1
fi
if [ "$verdict" = holds ]; then echo "formal: $what: PASS (property holds, $((t1 - t0)) s)"; exit 0; fi
echo "formal: $what: FAIL ($verdict, $((t1 - t0)) s; trace $w.vcd, log $w.log)"; exit 1
