#!/usr/bin/env bash
# CTest lockstep.options.<blk>: the command line and the verdict of one lock-step bench
# (tb/common/harness.cpp parse_options, tb/common/lockstep.h lockstep_main):
#   1. every numeric option refused when negative, text, empty, with an exponent, too
#      large for 64 bits or out of its range: exit 2, exactly one line on stderr naming
#      the option, the value and the range, nothing on stdout (the bench did not start);
#   2. a waveform that cannot be written is an error naming the file, exit 2, within the
#      CTest timeout (it used to spin): a --vcd on a full disk (a link to /dev/full), and
#      a VCD whose writes fail during the run (a file size limit: EFBIG);
#   3. the verdict is the last line: "<blk>: FAIL (coverage: ...)" for a short run (exit
#      1), "<blk>: FAIL (mismatch at cycle C, seed S)" for a forced mismatch (exit 1; also
#      after the replay that writes its waveform, whose window must run W cycles past the
#      failing one: the skeleton's failure window, for every bench), and,
#      given PASS_EVENTS > 0, "<blk>: PASS" for a run that long (exit 0).
#
#   tb/tools/lockstep_options_test.sh BENCH_BINARY BLOCK PASS_EVENTS
set -uo pipefail
bench=${1:?usage: lockstep_options_test.sh BENCH BLOCK PASS_EVENTS}
blk=${2:?}
pass_events=${3:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. bad numbers: badnum "EXPECTED STDERR LINE" ARGS...
badnum() {
  local want=$1
  shift
  "$bench" "$@" >out 2>err
  local rc=$?
  echo "$blk $*: exit $rc: $(cat err)"
  [ $rc -eq 2 ] || bad "'$*' exited $rc, expected 2"
  [ "$(cat err)" = "$want" ] || bad "'$*': stderr is '$(cat err)', expected '$want'"
  [ -s out ] && bad "'$*': the bench started (stdout: $(head -1 out))"
}
events="give a whole number 1..1000000000000 (the random events to run)"
badnum "$blk: --events '-5': negative; $events" --events -5
badnum "$blk: --events 'abc': not a whole number; $events" --events abc
badnum "$blk: --events '1e99': not a whole number; $events" --events 1e99
badnum "$blk: --events '': empty; $events" --events ''
badnum "$blk: --events '2.5': not a whole number; $events" --events 2.5
badnum "$blk: --events '+7': not a whole number; $events" --events +7
badnum "$blk: --events '18446744073709551616': too large; $events" --events 18446744073709551616
badnum "$blk: --events '0': out of range; $events" --events 0
badnum "$blk: --events '1000000000001': out of range; $events" --events 1000000000001
badnum "$blk: --seed '-1': negative; give a whole number 0..18446744073709551615 (the PRNG seed)" --seed -1
badnum "$blk: --seed '99999999999999999999': too large; give a whole number 0..18446744073709551615 (the PRNG seed)" --seed 99999999999999999999
badnum "$blk: --idle '2': out of range; give a whole number 0..1 (1: random idle cycles on the input)" --idle 2
badnum "$blk: --idle 'yes': not a whole number; give a whole number 0..1 (1: random idle cycles on the input)" --idle yes
badnum "$blk: --bp '-3': negative; give a whole number 0..1 (1: random back-pressure on the output)" --bp -3
badnum "$blk: --window 'x': not a whole number; give a whole number 1..20000 (cycles either side: a window of 2W+1 cycles; the largest is ~100 MB of VCD)" --window x
badnum "$blk: --trace-from '-1': negative; give a whole number 0..4611686018427387904 (a cycle)" --vcd w.vcd --trace-from -1
badnum "$blk: --inject-mismatch '0': out of range; give a whole number 1..4611686018427387904 (a cycle)" --inject-mismatch 0
badnum "$blk: --clock-ns '1e-9': give a period between 0.002 and 1e6 ns (default 3.103)" --clock-ns 1e-9
badnum "$blk: --clock-ns 'nan': give a period between 0.002 and 1e6 ns (default 3.103)" --clock-ns nan

# 2. a waveform that cannot be written
ln -s /dev/full full.vcd
"$bench" --events 3000 --quiet --vcd full.vcd >out 2>err
rc=$?
echo "$blk --vcd full.vcd: exit $rc: $(cat err)"
[ $rc -eq 2 ] || bad "--vcd on /dev/full exited $rc, expected 2"
grep -qxF "$blk: FAIL (error: waveform full.vcd: cannot write: No space left on device)" err ||
  bad "--vcd on /dev/full: stderr lacks the error naming full.vcd"
# writes that fail during the run: 200 kB allowed, the whole run's VCD is megabytes
( trap '' XFSZ; ulimit -f 200; exec "$bench" --events 20000 --quiet --vcd big.vcd ) >out 2>err
rc=$?
echo "$blk --vcd big.vcd (ulimit -f 200): exit $rc: $(cat err)"
[ $rc -eq 2 ] || bad "a VCD over the file size limit exited $rc, expected 2"
grep -qxF "$blk: FAIL (error: waveform big.vcd: write failed: File too large)" err ||
  bad "a VCD over the file size limit: stderr lacks the error naming big.vcd"

# 3. the verdict is the last line (stdout and stderr together)
"$bench" --seed 3 --events 300 --quiet >out 2>&1
rc=$?
[ $rc -eq 1 ] || bad "a short run exited $rc, expected 1"
tail -1 out | grep -qE "^$blk: FAIL \(coverage: [0-9]+ of [0-9]+ coverpoints never hit in [0-9]+ events, seed 3\)$" ||
  bad "a short run's last line: '$(tail -1 out)'"
echo "short run: $(tail -1 out)"
"$bench" --seed 3 --events 20000 --quiet --inject-mismatch 900 --fail-vcd none >out 2>&1
rc=$?
[ $rc -eq 1 ] || bad "a forced mismatch exited $rc, expected 1"
[ "$(tail -1 out)" = "$blk: FAIL (mismatch at cycle 900, seed 3)" ] ||
  bad "a forced mismatch's last line: '$(tail -1 out)'"
echo "forced mismatch: $(tail -1 out)"
# the same with its replayed waveform: the window goes on W cycles past the failing one
"$bench" --seed 3 --events 20000 --quiet --inject-mismatch 900 --window 50 --fail-vcd w.vcd >out 2>&1
rc=$?
[ $rc -eq 1 ] || bad "a forced mismatch with its waveform exited $rc, expected 1"
grep -qF "$blk: waveform w.vcd: cycles 850..950 (101 cycles of 3.103 ns" out ||
  bad "the replayed window is not cycles 850..950: '$(grep waveform out)'"
[ "$(tail -1 out)" = "$blk: FAIL (mismatch at cycle 900, seed 3)" ] ||
  bad "a forced mismatch's last line after the replay: '$(tail -1 out)'"
echo "forced mismatch, replayed: $(grep "waveform w.vcd" out)"
if [ "$pass_events" -gt 0 ]; then
  "$bench" --seed 3 --events "$pass_events" --quiet >out 2>&1
  rc=$?
  [ $rc -eq 0 ] || { cat out; bad "a run of $pass_events events exited $rc, expected 0"; }
  [ "$(tail -1 out)" = "$blk: PASS" ] || bad "a passing run's last line: '$(tail -1 out)'"
  echo "passing run: $(tail -2 out | head -1) / $(tail -1 out)"
fi

[ $fail -eq 0 ] && echo "PASS lockstep.options.$blk"
exit $fail
