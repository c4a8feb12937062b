#!/usr/bin/env bash
# CTest lockstep.trace.<blk>[.fst]: the waveforms and the failure story of one lock-step bench
# (tb/common/lockstep.h, lockstep_dut.h, harness.cpp), checked on its output and files:
#   1. time axis: a window of cycles at a non-default clock into a directory that does
#      not exist yet; tb/tools/lockstep_vcd_check checks every timestamp (c x P, c x P +
#      P / 2), clk, tb.cycle, tb.now_ns against s_evt_now_ns, tb.events against the
#      handshakes; the bench's printed "waveform" line names the same cycles;
#   2. a forced mismatch (--inject-mismatch C): exit 1, the story (kind, cycle, seed,
#      the injected row, the reproduce command with the window), the replayed window
#      written next to it (only cycles C-W..C+W, tb.mismatch high at C, under a size
#      bound), and the printed reproduce command, run as printed, writes the same file;
#   3. missing coverage (a short run): exit 1, "FAIL (coverage)" with the seed, the
#      coverpoints and the reproduce command, no waveform;
#   4. bad waveform options: exit 2 with one line naming the option (a file on a full
#      disk included: a link to /dev/full).
#
#   tb/tools/lockstep_trace_test.sh BENCH_BINARY VCD_CHECK_BINARY BLOCK SEED [vcd|fst]
# (fst: BENCH_BINARY is the bench's _fst build, every file is FST)
set -uo pipefail
bench=${1:?usage: lockstep_trace_test.sh BENCH VCD_CHECK BLOCK SEED [vcd|fst]}
check=${2:?}
blk=${3:?}
seed=${4:?}
ext=${5:-vcd}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() {  # has TEXT FILE: the output contains TEXT literally
  grep -qF -- "$1" "$2" || bad "output lacks: $1"
}
ev=4000  # short: coverage is incomplete (exit 1), the waveform is what is checked

# 1. time axis: cycles 200..700 at 5 ns into new/dir/
"$bench" --seed "$seed" --events $ev --quiet --vcd new/dir/axis.$ext --trace-from 200 \
  --trace-to 700 --clock-ns 5 >out1 2>&1
rc=$?
cat out1
[ $rc -le 1 ] || bad "time-axis run exited $rc"
grep -q "FAIL (mismatch)\|FAIL (check)" out1 && bad "time-axis run failed other than by coverage"
has "$blk: waveform new/dir/axis.$ext: cycles 200..700 (501 cycles of 5.000 ns" out1
"$check" new/dir/axis.$ext --clock-ps 5000 --from 200 --to 700 >chk1 || bad "time axis (5 ns)"
cat chk1

# 2. forced mismatch at cycle 1600, window 300: the story and the replayed window
m=1600 w=300
"$bench" --seed "$seed" --events $ev --quiet --inject-mismatch $m --window $w >out2 2>&1
rc=$?
cat out2
[ $rc -eq 1 ] || bad "forced mismatch exited $rc, expected 1"
f="$(basename "$bench").seed$seed.fail.$ext"
has "$blk: FAIL (mismatch) at cycle $m (t = 4.965 us), after " out2
has ", seed $seed (" out2
has "injected: --inject-mismatch $m flipped bit 0 of the reference's csr_rdata" out2
has "csr_rdata " out2
has "$blk: reproduce (waveform of cycles $((m - w))..$((m + w)) only): $bench --seed $seed --events $ev --quiet --inject-mismatch $m --vcd $f --trace-around $m --window $w" out2
has "$blk: waveform $f: cycles $((m - w))..$((m + w)) ($((2 * w + 1)) cycles of 3.103 ns" out2
[ -f "$f" ] || bad "no $f"
"$check" "$f" --clock-ps 3103 --from $((m - w)) --to $((m + w)) --mismatch $m >chk2 || bad "failure window"
cat chk2
size=$(stat -c %s "$f" 2>/dev/null || echo 0)
# bounded: 601 cycles of the 16-flow block, where the whole run is 4,300..28,000 cycles
[ "$size" -gt 0 ] && [ "$size" -lt 2000000 ] || bad "window file $size bytes, expected 1..2000000"
echo "window file: $size bytes"
# the printed command, run as printed, replays the same cycles into the same file name
cmd=$(sed -nE "s/^$blk: reproduce \(waveform of cycles [0-9.]+ only\): //p" out2)
mv "$f" "first.$ext"
eval "$cmd" >out3 2>&1
rc=$?
[ $rc -eq 1 ] || bad "the reproduce command exited $rc, expected 1"
has "$blk: FAIL (mismatch) at cycle $m " out3
grep -q "replaying" out3 && bad "a traced run replayed itself"
if [ "$ext" = vcd ]; then
  cmp -s first.vcd "$f" || bad "the reproduce command wrote a different $f than the replay"
else
  "$check" "$f" --clock-ps 3103 --from $((m - w)) --to $((m + w)) --mismatch $m | sed "s|$f|F|" >chk3
  sed "s|$f|F|" chk2 | cmp -s - chk3 || bad "the reproduce command wrote a $f other than the replay's"
fi

# 3. missing coverage: the story, no waveform
"$bench" --seed "$seed" --events 500 --quiet >out4 2>&1
rc=$?
cat out4
[ $rc -eq 1 ] || bad "short run exited $rc, expected 1"
has "$blk: FAIL (coverage): " out4
has " coverpoints never hit in 500 events, seed $seed (no mismatch, NUM_" out4
has "$blk: reproduce: $bench --seed $seed --events 500 --quiet" out4
grep -q "waveform" out4 && bad "a coverage failure wrote a waveform"

# 4. bad options: exit 2, one line naming the option
badopt() {  # badopt TEXT ARGS...: exit 2 and TEXT on stderr
  local text=$1
  shift
  "$bench" "$@" >out5 2>err5
  local rc=$?
  [ $rc -eq 2 ] || bad "'$*' exited $rc, expected 2"
  grep -qF -- "$text" err5 || { bad "'$*': stderr lacks '$text'"; cat err5; }
}
badopt "cannot create directory '/proc/nope'" --events 10 --vcd /proc/nope/x.$ext
badopt "the file name must end in .$ext" --events 10 --vcd x.txt
badopt "need --vcd FILE" --events 10 --trace-from 5
badopt "--window '0': out of range; give a whole number 1..20000" --events 10 --window 0
badopt "--clock-ns" --events 10 --clock-ns 0
ln -s /dev/full full.$ext
badopt "$blk: FAIL (error: waveform full.$ext: cannot write: No space left on device)" --events 10 --vcd full.$ext

[ $fail -eq 0 ] && echo "PASS lockstep.trace.$blk"
exit $fail
