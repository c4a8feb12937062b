#!/usr/bin/env bash
# The counterexample of a failed ABC run of scripts/formal.sh, as register values by name.
#
#   FORMAL_KEEP=1 scripts/formal.sh BLOCK PROP kind 2     (prints its work dir; FAIL)
#   scripts/formal_cti.sh WORKDIR [DEPTH] > cti.txt
#
# Reruns `bmc3 -F DEPTH` (default 2: a kind run's induction step) on WORKDIR/m.aig, writes
# its counterexample (write_cex -n -f: every input and every flop in every frame) and
# decodes it with the AIGER map WORKDIR/m.aim (write_aiger -zinit -map): one line per
# register (harness or RTL, RAM words after memory_map included) and frame, "NAME FRAME
# BITS" (MSB first; frame 0 from the free initial values, the later frames from the flops),
# and the inputs per frame. For a kind run frame 0 is the state the induction step starts
# from (every lemma holds there) and the assertion fails in frame 1: a counterexample to
# induction, which a missing lemma must exclude (or a real bug, if the state is reachable).
set -euo pipefail
W=${1:?usage: formal_cti.sh WORKDIR [DEPTH]}
DEPTH=${2:-2}
[ -f "$W/m.aig" ] && [ -f "$W/m.aim" ] || { echo "formal_cti.sh: no m.aig / m.aim in $W" >&2; exit 2; }
yosys-abc -c "read_aiger $W/m.aig; fold; strash; bmc3 -F $DEPTH; write_cex -n -f $W/cex.txt" >"$W/cti_abc.log" 2>&1 || true
grep -q "was asserted" "$W/cti_abc.log" || { echo "formal_cti.sh: no counterexample (see $W/cti_abc.log)" >&2; exit 1; }
grep "was asserted" "$W/cti_abc.log" >&2
awk '
FNR == NR {   # the map: init (an initial-value input), latch, input
  if ($1 == "init") ini[$2] = ini[$2] SUBSEP $4 "\t" $3
  else if ($1 == "latch") lat[$2] = lat[$2] SUBSEP $4 "\t" $3
  else if ($1 == "input") inp[$2] = inp[$2] SUBSEP $4 "\t" $3
  next
}
{
  for (f = 1; f <= NF; f++) {
    if (split($f, a, "[@=]") != 3) continue
    kind = substr(a[1], 1, 2); idx = substr(a[1], 3) + 0; fr = a[2]; v = a[3]
    if (kind == "pi" && fr == 0 && (idx in ini)) { src = ini[idx]; F = 0 }
    else if (kind == "pi" && (idx in inp)) { src = inp[idx]; F = fr }
    else if (kind == "lo" && fr >= 1 && (idx in lat)) { src = lat[idx]; F = fr }
    else continue
    n = split(src, parts, SUBSEP)
    for (p = 2; p <= n; p++) {
      split(parts[p], nb, "\t"); key = nb[1] SUBSEP F
      bits[key, nb[2]] = v
      if (!(key in w) || nb[2] + 1 > w[key]) w[key] = nb[2] + 1
    }
  }
}
END {
  for (key in w) {
    split(key, kk, SUBSEP); s = ""
    for (b = w[key] - 1; b >= 0; b--) s = s (((key, b) in bits) ? bits[key, b] : "?")
    print kk[1], kk[2], s
  }
}' "$W/m.aim" "$W/cex.txt" | sort
