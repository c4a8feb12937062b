#!/usr/bin/env bash
# Formal check of one property of one block (Debian 12's Yosys 0.23 with z3 or ABC).
#
#   scripts/formal.sh BLOCK PROP MODE DEPTH [MUTATION]
#
# BLOCK     harness tb/formal/<BLOCK>_props.sv, top module <BLOCK>_props, RTL
#           rtl/dcqcn_ram_sdp.sv, rtl/dcqcn_<BLOCK>_*.sv and rtl/dcqcn_<BLOCK>.sv. Multipliers are cut (their
#           products become free values: `cutpoint t:$mul`), a sound over-approximation for
#           properties that hold whatever a product is (bit-blasted multipliers make z3 and
#           ABC orders of magnitude slower), and so are the state RAMs (`t:$mem_v2`).
#           A harness may override both with lines of its own:
#             //! formal.sh rtl: GLOB...        the RTL files (globs under rtl/)
#             //! formal.sh cut: SELECTION      what is cut (a Yosys selection; `none`)
#             //! formal.sh cut PROP: SELECTION the same for one property
#             //! formal.sh connect: WIRE NET   (any number) after flattening, drive the
#                                               harness's undriven WIRE from the DUT's NET
#                                               (e.g. dut.u_rate.alpha_q[3]): properties
#                                               and sound facts about internal signals
#             //! formal.sh connect NAME: WIRE NET  the same, only when NAME is a
#                                               property compiled in, or a group that
#                                               has one (lemmas' nets, shared by a group)
#             //! formal.sh mem: WIRE MEM WIDTH DEPTH  (any number) after memory_map, drive
#                                               the harness's undriven WIRE (WIDTH x DEPTH
#                                               bits) from the words of the DUT's memory MEM
#                                               (e.g. dut.u_rec.mem): word i at bits
#                                               [i x WIDTH +: WIDTH] (lemmas on stored words;
#                                               the memory must not be cut)
#             //! formal.sh mem NAME: ...       the same, only when NAME is compiled in (as
#                                               `connect NAME:`)
#             //! formal.sh group NAME: PROP... a group of properties proved in one run
#             //! formal.sh lib NAME: GLOB...   files read as black boxes (read_verilog
#                                               -lib: ports only, not elaborated), every
#                                               instance of them cut (its outputs free on
#                                               every cycle: sound, the property then holds
#                                               whatever the module does)
#           rtl, cut and lib may name a property or a group (`rtl NAME:`): a property's
#           own line first, then its group's, then the harness's line without a name.
# PROP      the property compiled in (the harness's CHECK_<PROP>), or a group NAME: all of
#           its properties compiled in and proved together (one Yosys front end, one proof)
# MODE      bmc    bounded model check to DEPTH cycles (write_smt2 + yosys-smtbmc, z3)
#           prove  k-induction of depth DEPTH (yosys-smtbmc -i, z3) after a BMC of DEPTH
#                  (the base case; with a MUTATION only the BMC counts: a failed induction
#                  step is no counterexample, the run says UNPROVED, the mutation MISSED)
#           pdr    unbounded proof by property-directed reachability (write_aiger + ABC
#                  scorr, dc2, pdr)
#           bmc3   bounded model check to DEPTH cycles with ABC bmc3 (AIGER)
#           kind   1-induction, the harness's own (it must support FORMAL_KIND: its initial
#                  states are then the base case's and the induction step's, any state
#                  where its assertions hold): a BMC of DEPTH >= 2 cycles with ABC bmc3.
#                  With a MUTATION (FORMAL_MUTATION) only the base case's states remain
# MUTATION  a NAME of tb/formal/<BLOCK>_mutations.txt: the RTL (the one file of the block
#           the sed expression changes) is patched with that bug and
#           the run must FIND a counterexample (exit 0 if it does, 1 if the property still
#           holds: the proof would be vacuous for that bug). The harness is compiled with
#           FORMAL_MUTATION defined (a harness with lemmas asserts only its properties)
#
# Prints one line: "formal: BLOCK PROP MODE DEPTH [MUTATION]: PASS|FAIL|CAUGHT|MISSED (Ns)".
# Exit 0 when the property holds (no MUTATION) or the mutation is caught.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { sed -n '2,/^# Exit 0/p' "$0"; exit 2; }
BLK=$1 PROP=$2 MODE=$3 DEPTH=$4 MUT=${5:-}
HARNESS=tb/formal/${BLK}_props.sv
[ -f "$HARNESS" ] || { echo "formal.sh: no harness $HARNESS" >&2; exit 2; }
for t in yosys yosys-smtbmc yosys-abc z3; do
  command -v $t >/dev/null || { echo "formal.sh: $t not found (scripts/setup.sh installs it)" >&2; exit 2; }
done

W=$(mktemp -d "${TMPDIR:-/tmp}/formal.${BLK}.${PROP}.XXXXXX")
[ -n "${FORMAL_KEEP:-}" ] && echo "formal.sh: work dir $W" >&2 || trap 'rm -rf "$W"' EXIT
mkdir -p "$W/rtl"
cp rtl/*.sv rtl/*.vh "$W/rtl/"
# the block and its submodules (rtl/dcqcn_<BLOCK>_*.sv: CSR file, ...), or the harness's list
directive() {  # the value of a `//! formal.sh KEY:` line of the harness (empty if none)
  sed -n "s|^//! formal.sh $1: *||p" "$HARNESS" | head -1
}
# a property's group (the first `group` line naming it), and a group's properties
GROUP=$(sed -n "s|^//! formal.sh group \([A-Za-z0-9_]*\): *\(.*\)|\1 \2 |p" "$HARNESS" | grep -E "^[^ ]+ (.* )?${PROP} " | head -1 | cut -d' ' -f1 || true)
PROPS=$(directive "group $PROP")
[ -n "$PROPS" ] || PROPS=$PROP
lookup() {  # KEY: the line for PROP, else for its group, else the harness's default
  local v
  v=$(directive "$1 $PROP")
  [ -z "$v" ] && [ -n "$GROUP" ] && v=$(directive "$1 $GROUP")
  [ -z "$v" ] && v=$(directive "$1")
  echo "$v"
}
SRCS=()
globs=$(lookup rtl)
if [ -n "$globs" ]; then
  for g in $globs; do
    for f in "$W"/rtl/$g; do [ -e "$f" ] && SRCS+=("$f"); done
  done
else
  SRCS=("$W/rtl/dcqcn_ram_sdp.sv")
  for f in "$W"/rtl/dcqcn_"${BLK}"_*.sv; do [ -e "$f" ] && SRCS+=("$f"); done
  SRCS+=("$W/rtl/dcqcn_${BLK}.sv")
fi
CUT='t:$mul t:$mem_v2'
c=$(lookup cut); [ -n "$c" ] && CUT=$c
[ "$CUT" = none ] && CUT=""
LIBS=() LIBREAD=""
for g in $(lookup lib); do
  for f in "$W"/rtl/$g; do
    [ -e "$f" ] || continue
    LIBS+=("$f")
    m=$(basename "$f" .sv)
    CUT="$CUT t:$m"   # a black box keeps its name (not derived per parameter set)
  done
done
[ ${#LIBS[@]} -gt 0 ] && LIBREAD="read_verilog -lib -sv -I$W/rtl ${LIBS[*]}; "
if [ -z "${CUT// }" ]; then CUTCMD=""; else CUTCMD="cutpoint $CUT;"; fi
while read -r lhs rhs; do
  [ -n "$lhs" ] && CUTCMD="connect -set $lhs $rhs; $CUTCMD"
done < <(sed -n "s|^//! formal.sh connect: *||p" "$HARNESS")
# named connect lines: for a property compiled in, or a group that has one of them
NAMES="$PROP $PROPS"
for p in $PROPS; do
  NAMES="$NAMES $(sed -n "s|^//! formal.sh group \([A-Za-z0-9_]*\): *\(.*\)|\1 \2 |p" "$HARNESS" | grep -E "^[^ ]+ (.* )?${p} " | cut -d' ' -f1 | tr '\n' ' ' || true)"
done
seen_names=""
for n in $NAMES; do
  case " $seen_names " in *" $n "*) continue ;; esac
  seen_names="$seen_names $n"
  while read -r lhs rhs; do
    [ -n "$lhs" ] && CUTCMD="connect -set $lhs $rhs; $CUTCMD"
  done < <(sed -n "s|^//! formal.sh connect $n: *||p" "$HARNESS")
done
# memories named word by word after memory_map (a `connect` runs before it: the words
# exist only after it)
MAPCMD=""
memlines() {  # the `mem` lines for KEY (mem, or mem NAME)
  sed -n "s|^//! formal.sh $1: *||p" "$HARNESS"
}
while read -r lhs mem w dep; do
  [ -n "$lhs" ] || continue
  for ((i = 0; i < dep; i++)); do
    MAPCMD="$MAPCMD connect -set $lhs[$(((i + 1) * w - 1)):$((i * w))] $mem[$i];"
  done
done < <(memlines mem; for n in $seen_names; do memlines "mem $n"; done)

if [ -n "$MUT" ]; then
  MF=tb/formal/${BLK}_mutations.txt
  line=$(grep -E "^${MUT}\|" "$MF" || true)
  [ -n "$line" ] || { echo "formal.sh: no mutation $MUT in $MF" >&2; exit 2; }
  # applied to every file of the block; it must change exactly one
  changed=0
  for f in "${SRCS[@]}"; do
    cp "$f" "$W/orig.sv"
    sed -i -e "${line#*|}" "$f"
    cmp -s "$f" "$W/orig.sv" || changed=$((changed + 1))
  done
  if [ $changed -ne 1 ]; then echo "formal.sh: mutation $MUT changed $changed of the harness's RTL files (must be 1)" >&2; exit 2; fi
fi

DEFS=""
for p in $PROPS; do DEFS="$DEFS -DCHECK_$p"; done
# a mutation's run: a harness may leave its lemmas (auxiliary assertions) out, so that the
# counterexample is one of the property itself
[ -n "$MUT" ] && DEFS="$DEFS -DFORMAL_MUTATION"
# (-I tb/formal: the harnesses' shared include, lemma.svh)
READ="${LIBREAD}read_verilog -formal -sv$DEFS -I$W/rtl -I$(dirname "$HARNESS") ${SRCS[*]} $HARNESS"
aig() {  # READ-COMMAND OUT.aig: the harness as an AIGER file (assumptions as constraints)
  yosys -q -l "$W/yosys.log" -p "$1; prep -top ${BLK}_props; flatten; $CUTCMD memory_map;$MAPCMD opt -fast; async2sync; chformal -assume -early; opt_clean; setundef -anyseq; opt -keepdc -fast; techmap; opt -fast; dffunmap; abc -g AND -fast; opt_clean; tee -q -o $W/asserts.txt select -list t:\$assert; write_aiger -zinit -map ${2%.aig}.aim $2" >/dev/null 2>"$W/yosys.err"
}
t0=$(date +%s.%N)
status=ERROR
case "$MODE" in
  bmc|prove)
    yosys -q -l "$W/yosys.log" -p "$READ; prep -top ${BLK}_props; flatten; $CUTCMD memory_map;$MAPCMD opt -fast; async2sync; dffunmap; write_smt2 -wires $W/m.smt2" >/dev/null 2>"$W/yosys.err"
    # bmc, and prove's base case: no assertion fails in the first DEPTH cycles (a failure
    # here is a real counterexample from the initial state)
    if yosys-smtbmc -s z3 --presat -t "$DEPTH" "$W/m.smt2" >"$W/smt.log" 2>&1; then
      status=PASS
      if [ "$MODE" = prove ]; then
        # the induction step: DEPTH cycles where every assertion holds, from ANY state, are
        # followed by one where they hold too. If it fails, the property is not proved, but
        # the failure is no counterexample (it may start in an unreachable state): UNPROVED
        if ! yosys-smtbmc -s z3 -i -t "$DEPTH" "$W/m.smt2" >"$W/ind.log" 2>&1; then status=UNPROVED; fi
      fi
    else
      if grep -q "Assert failed\|FAILED" "$W/smt.log"; then status=FAIL; fi
    fi
    ;;
  kind)
    # 1-induction, the harness's own (ABC bmc3): compiled with FORMAL_KIND, its initial
    # states are the base case's and (a free constant of its own) the induction step's,
    # any state where its assertions hold (assumed under $initstate); a BMC of DEPTH >= 2
    # cycles from them proves the assertions. bmc3 unrolls the cycles with structural
    # hashing, so the step costs about what one cycle's logic does (ABC's `ind` and z3's
    # induction keep the cycles apart: they did not finish on the RP's pipeline).
    grep -q FORMAL_KIND "$HARNESS" || { echo "formal.sh: $HARNESS has no FORMAL_KIND (mode kind)" >&2; exit 2; }
    [ "$DEPTH" -ge 2 ] || { echo "formal.sh: kind needs DEPTH >= 2" >&2; exit 2; }
    aig "${READ/read_verilog -formal -sv/read_verilog -formal -sv -DFORMAL_KIND}" "$W/m.aig"
    # FORMAL_AIG_ONLY=1 (with FORMAL_KEEP=1): stop after the AIGER file (m.aig, m.aim,
    # asserts.txt in the work dir), for ABC runs of one's own (bmc3 -a, one output at a time)
    if [ -n "${FORMAL_AIG_ONLY:-}" ]; then
      printf 'formal: %s %s %s %s: AIG written (%.1f s)\n' "$BLK" "$PROP" "$MODE" "$DEPTH" "$(echo "$(date +%s.%N) - $t0" | bc)"
      exit 0
    fi
    yosys-abc -c "read_aiger $W/m.aig; fold; strash; bmc3 -F $DEPTH" >"$W/abc.log" 2>&1 || true
    if grep -qE "was asserted in frame" "$W/abc.log"; then status=FAIL
    elif grep -qiE "No output asserted|was not asserted" "$W/abc.log"; then status=PASS; fi
    ;;
  pdr|bmc3)
    aig "$READ" "$W/m.aig"
    # scorr (signal correspondence: merges registers proved equivalent by induction, e.g.
    # the shadow copies of the registers and the block's own) makes PDR converge on the
    # 32-bit compares of the shadow and the pipeline
    if [ "$MODE" = pdr ]; then cmd="read_aiger $W/m.aig; fold; strash; scorr; dc2; pdr"
    else cmd="read_aiger $W/m.aig; fold; strash; scorr; dc2; bmc3 -F $DEPTH"; fi
    yosys-abc -c "$cmd" >"$W/abc.log" 2>&1 || true
    if grep -qiE "Property proved|UNSAT|No output asserted|was not asserted in [0-9]+ frames|Reached limit" "$W/abc.log"; then
      if [ "$MODE" = pdr ] && grep -qi "Property proved" "$W/abc.log"; then status=PASS
      elif [ "$MODE" = bmc3 ] && grep -qiE "No output asserted|was not asserted" "$W/abc.log"; then status=PASS
      fi
    fi
    if grep -qE "was asserted in frame" "$W/abc.log"; then status=FAIL; fi
    ;;
  *) echo "formal.sh: unknown mode $MODE" >&2; exit 2 ;;
esac
# the assertion an ABC run found asserted (its output N is the Nth $assert cell Yosys wrote)
failed_assert() {
  local n
  n=$(sed -n "s/.*Output \([0-9]*\) of miter.*was asserted in frame \([0-9]*\).*/\1 \2/p" "$W/abc.log" 2>/dev/null | head -1)
  [ -n "$n" ] && [ -f "$W/asserts.txt" ] && echo "formal.sh: frame ${n#* }: $(sed -n "$((${n% *} + 1))p" "$W/asserts.txt" )"
  return 0
}
secs=$(echo "$(date +%s.%N) - $t0" | bc)
what="formal: $BLK $PROP $MODE $DEPTH${MUT:+ mutation $MUT}"
if [ -z "$MUT" ]; then
  printf '%s: %s (%.1f s)\n' "$what" "$status" "$secs"
  [ "$status" = PASS ] && exit 0
  failed_assert
  for l in smt.log ind.log abc.log yosys.log; do [ -f "$W/$l" ] && tail -15 "$W/$l"; done
  exit 1
else
  if [ "$status" = FAIL ]; then printf '%s: CAUGHT (%.1f s)\n' "$what" "$secs"; exit 0; fi
  printf '%s: MISSED (%s, %.1f s)\n' "$what" "$status" "$secs"
  for l in smt.log abc.log yosys.log; do [ -f "$W/$l" ] && tail -15 "$W/$l"; done
  exit 1
fi
