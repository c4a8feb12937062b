#!/usr/bin/env bash
# CTest sta.cases: the STA tool (tb/tools/sta.cpp) on tiny hand-written netlists of
# Xilinx primitives (tb/tools/sta_cases/*.v: instantiated cells, no synthesis, so the
# netlist is exactly what is written). Each case states the worst path in ns worked out
# by hand from the delays of the method (`// EXPECT <ns>`), optionally the named signals
# on it (`// EXPECT_PATH a > b > c`) or an error the tool must fail with
# (`// EXPECT_ERROR <text>`), and options for the tool (`// ARGS ...`); a case marked
# `// SYNTH` is behavioural Verilog synthesised as scripts/synth.sh does. Fails on any
# difference.
#
#   tb/tools/sta_test.sh STA_BINARY [CASE.v...]
set -uo pipefail
sta=${1:?usage: sta_test.sh STA_BINARY [CASE.v...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=("$here"/sta_cases/*.v)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
# one Yosys run reads the cell library once and writes every case's netlist
ys="read_verilog -lib +/xilinx/cells_sim.v +/xilinx/cells_xtra.v; design -save lib"
for v in "${cases[@]}"; do
  name=$(basename "$v" .v)
  if grep -q '^// SYNTH' "$v"; then   # synthesised, not instantiated
    ys="$ys; design -reset; read_verilog $v; synth_xilinx -top top -flatten; write_json $work/$name.json"
  else
    ys="$ys; design -load lib; read_verilog $v; hierarchy -top top; proc; write_json $work/$name.json"
  fi
done
if ! yosys -q -p "$ys" >"$work/yosys.log" 2>&1; then
  echo "FAIL: yosys could not read the cases"; cat "$work/yosys.log"; exit 1
fi
for v in "${cases[@]}"; do
  name=$(basename "$v" .v)
  exp=$(sed -n 's|^// EXPECT \([0-9.]*\).*|\1|p' "$v")
  exp_path=$(sed -n 's|^// EXPECT_PATH \(.*\)|\1|p' "$v")
  exp_err=$(sed -n 's|^// EXPECT_ERROR \(.*\)|\1|p' "$v")
  args=$(sed -n 's|^// ARGS \(.*\)|\1|p' "$v")
  # shellcheck disable=SC2086
  out=$("$sta" "$work/$name.json" --summary $args 2>&1); rc=$?
  if [ -n "$exp_err" ]; then
    if [ $rc -eq 2 ] && grep -qF "$exp_err" <<<"$out"; then echo "ok   $name: fails with \"$exp_err\""
    else echo "FAIL $name: expected exit 2 and \"$exp_err\", got exit $rc: $out"; fail=1; fi
    continue
  fi
  line=$(grep '^STA ' <<<"$out")
  got=$(sed -n 's/.*worst_ns=\([^ ]*\).*/\1/p' <<<"$line")
  path=$(sed -n 's/.* path=//p' <<<"$line")
  if [ $rc -ne 0 ] || [ "$got" != "$exp" ]; then
    echo "FAIL $name: expected $exp ns, got '${got}' (exit $rc)"; echo "$out"; fail=1; continue
  fi
  if [ -n "$exp_path" ] && [ "$path" != "$exp_path" ]; then
    echo "FAIL $name: expected path '$exp_path', got '$path'"; fail=1; continue
  fi
  echo "ok   $name: $got ns${exp_path:+, path $path}"
done
# --limit: exit 1 above the limit, 0 at or below it
if [ -f "$work/lut3.json" ]; then
  "$sta" "$work/lut3.json" --summary --limit 1.29 >/dev/null 2>&1; a=$?
  "$sta" "$work/lut3.json" --summary --limit 1.30 >/dev/null 2>&1; b=$?
  if [ $a -eq 1 ] && [ $b -eq 0 ]; then echo "ok   limit: 1.30 ns fails --limit 1.29, passes --limit 1.30"
  else echo "FAIL limit: exit $a with --limit 1.29 (want 1), $b with --limit 1.30 (want 0)"; fail=1; fi
fi
# --census: the ends above a threshold, their bins and families (census.v works them out;
# census_unnamed.v: a path with no readable name before its end is family "~ > END")
# census_case CASE THRESHOLD WHAT LINE...: the census text from its first line must be LINE...
census_case() {
  local c=$1 thr=$2 what=$3 got want
  shift 3
  [ -f "$work/$c.json" ] || return 0
  got=$("$sta" "$work/$c.json" --census "$thr" 2>/dev/null | sed -n '/^census:/,$p')
  want=$(printf '%s\n' "$@")
  if [ "$got" == "$want" ]; then echo "ok   census: $what"
  else echo "FAIL census ($c.v): expected"; echo "$want"; echo "got"; echo "$got"; fail=1; fi
}
fam="  families (the path's first two named signals), worst first:"
census_case census 1.00 "2 of 6 ends above 1.00 ns, 2 families" \
  "census: 2 of 6 path ends (distinct end signals) above 1.00 ns, in 2 families" \
  "   1.50- 2.00 ns       1" "   1.00- 1.50 ns       1" "$fam" "   worst   ends  family" \
  "    1.62      1  qe > ne1" "    1.30      1  qa > na1"
census_case census_unnamed 0.50 "a path with nothing named before its end is family '~ > qz'" \
  "census: 1 of 2 path ends (distinct end signals) above 0.50 ns, in 1 families" \
  "   0.50- 1.00 ns       1" "$fam" "   worst   ends  family" "    0.98      1  ~ > qz"
if [ -f "$work/census.json" ]; then
  "$sta" "$work/census.json" --census x >/dev/null 2>&1; a=$?
  if [ $a -eq 2 ]; then echo "ok   census: a threshold that is not a number fails (exit 2)"
  else echo "FAIL census: --census x gave exit $a (want 2)"; fail=1; fi
fi
[ $fail -eq 0 ] && echo "sta_test: all cases pass"
exit $fail
