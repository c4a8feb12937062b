#!/usr/bin/env bash
# Formal check of one property of one block with Yosys and yosys-smtbmc (z3) or
# yosys-abc (pdr). The harness is tb/formal/<block>_props.sv (module <block>_props);
# each property is a `ifdef PROP_<NAME>` block in it.
#
#   scripts/formal.sh BLOCK PROP MODE DEPTH [MUTATION]
#     BLOCK     np, cp, ... (the RTL: rtl/dcqcn_ram_sdp.sv and rtl/dcqcn_<block>.sv)
#     PROP      property name without PROP_ (HOLDOFF, CAUSE, ...)
#     MODE      bmc:   bounded model check, DEPTH cycles from reset (yosys-smtbmc -t)
#               prove: k-induction of depth DEPTH (yosys-smtbmc -i) plus the base case
#               pdr:   unbounded, yosys-abc pdr on the AIG (DEPTH ignored)
#     MUTATION  optional: define MUTATION_<name> in the RTL (a deliberate bug); the
#               check then passes only if the prover finds a counterexample.
# Prints one line "formal: BLOCK PROP MODE DEPTH [MUTATION]: PASS|FAIL (...)" and exits
# 0 on PASS. Work files (and a counterexample VCD) in build/formal/.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { sed -n 2,16p "$0"; exit 2; }
blk=$1 prop=$2 mode=$3 depth=$4 mut=${5:-}
harness=tb/formal/${blk}_props.sv
[ -f "$harness" ] || { echo "formal: no $harness" >&2; exit 2; }
SRCS=(rtl/dcqcn_ram_sdp.sv "rtl/dcqcn_$blk.sv")
tag=${blk}_${prop}_${mode}${mut:+_$mut}
w=build/formal/$tag
mkdir -p build/formal
defs="-DPROP_$prop"
[ -n "$mut" ] && defs="$defs -DMUTATION_$mut"
t0=$(date +%s)
out=/dev/null
case $mode in
  bmc|prove) out=$w.smt2; wr="async2sync; dffunmap; write_smt2 -wires $w.smt2" ;;
  pdr) out=$w.aig; wr="flatten; setundef -undriven -anyseq; async2sync; dffunmap; write_aiger -zinit $w.aig" ;;
  *) echo "formal: unknown mode $mode" >&2; exit 2 ;;
esac
yosys -q -l "$w.yosys.log" -p "read_verilog -sv -formal $defs -Irtl ${SRCS[*]} $harness; \
  prep -top ${blk}_props; memory_map; opt -fast; $wr" >/dev/null
rc=0
case $mode in
  bmc)   yosys-smtbmc -s z3 --presat -t "$depth" --dump-vcd "$w.vcd" "$w.smt2" > "$w.log" 2>&1 || rc=$? ;;
  prove) yosys-smtbmc -s z3 --presat -i -t "$depth" --dump-vcd "$w.vcd" "$w.smt2" > "$w.log" 2>&1 || rc=$?
         if [ $rc -eq 0 ]; then
           yosys-smtbmc -s z3 --presat -t "$depth" --dump-vcd "$w.vcd" "$w.smt2" >> "$w.log" 2>&1 || rc=$?
         fi ;;
  pdr)   yosys-abc -c "read_aiger $w.aig; fold; strash; pdr -v" > "$w.log" 2>&1 || rc=$?
         if grep -q "Property proved" "$w.log"; then rc=0
         elif grep -q "was asserted in frame\|Counter-example\|failed" "$w.log"; then rc=1
         else rc=3; fi ;;
esac
t1=$(date +%s)
if [ $rc -eq 0 ]; then verdict=holds; elif [ $rc -eq 1 ]; then verdict=counterexample; else verdict="error (rc $rc, see $w.log)"; fi
what="$blk $prop $mode $depth${mut:+ $mut}"
if [ -n "$mut" ]; then
  if [ "$verdict" = counterexample ]; then echo "formal: $what: PASS (mutation caught, $((t1 - t0)) s)"; exit 0; fi
  echo "formal: $what: FAIL (mutation not caught: $verdict, $((t1 - t0)) s)"; exit 1
fi
if [ "$verdict" = holds ]; then echo "formal: $what: PASS (property holds, $((t1 - t0)) s)"; exit 0; fi
echo "formal: $what: FAIL ($verdict, $((t1 - t0)) s; trace $w.vcd, log $w.log)"; exit 1
