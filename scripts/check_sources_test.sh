#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CTest handoff.sources.mutations: scripts/check_sources.sh catches a file dropped from
# any one of its four lists. On a copy of rtl/ and docs/fpga.md in a temporary directory:
# the unchanged copy passes; then, one at a time, a file is dropped from rtl/dcqcn.f
# (a source and a header), from rtl/dcqcn.core, from the file table of docs/fpga.md and
# from rtl/ itself, and a new .sv appears in rtl/ with no line anywhere: each must fail
# with the line naming that file. Prints each case and its message; exits 1 if any case
# is not caught.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_sources_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

fresh() {  # a clean copy of what the check reads
  rm -rf "$tmp/r"; mkdir -p "$tmp/r/docs" "$tmp/r/tb"
  cp -r "$src/rtl" "$tmp/r/rtl"; cp "$src/docs/fpga.md" "$tmp/r/docs/"; cp -r "$src/tb/icarus" "$tmp/r/tb/"
}
# case NAME EXPECTED_REGEX: run the check on the mutated copy, want exit 1 and the message
expect_fail() {
  local name=$1 want=$2 out rc
  out=$("$here/check_sources.sh" --root "$tmp/r" 2>&1); rc=$?
  if [ $rc -eq 1 ] && grep -qE -- "$want" <<<"$out"; then
    echo "caught: $name"; grep -E -- "$want" <<<"$out" | sed 's/^/  /'
  else
    echo "NOT CAUGHT: $name (exit $rc, wanted a line matching '$want'); output:"
    sed 's/^/  /' <<<"$out"; fail=1
  fi
}

fresh
if out=$("$here/check_sources.sh" --root "$tmp/r" 2>&1); then
  echo "clean copy passes: $out"
else
  echo "FAIL: the unchanged copy does not pass:"; sed 's/^/  /' <<<"$out"; exit 1
fi

fresh; sed -i '/^dcqcn_nic_fifo\.sv$/d' "$tmp/r/rtl/dcqcn.f"
expect_fail "dcqcn_nic_fifo.sv dropped from rtl/dcqcn.f" \
  "dcqcn_nic_fifo.sv is in the .sv files of rtl/ but not in rtl/dcqcn.f"

fresh; sed -i '/^\/\/@include dcqcn_cp_regmap\.vh$/d' "$tmp/r/rtl/dcqcn.f"
expect_fail "dcqcn_cp_regmap.vh dropped from rtl/dcqcn.f" \
  "dcqcn_cp_regmap.vh is in the .vh files of rtl/ but not in rtl/dcqcn.f"

fresh; sed -i '/^ *- dcqcn_nic_arb\.sv$/d' "$tmp/r/rtl/dcqcn.core"
expect_fail "dcqcn_nic_arb.sv dropped from rtl/dcqcn.core" \
  "dcqcn_nic_arb.sv is in rtl/dcqcn.f but not in rtl/dcqcn.core"

fresh; sed -i '/^| `dcqcn_nic_fifo\.sv` |/d' "$tmp/r/docs/fpga.md"
expect_fail "dcqcn_nic_fifo.sv dropped from the file table of docs/fpga.md" \
  "dcqcn_nic_fifo.sv is in rtl/ \(every file but README.md\) but not in the file table of docs/fpga.md"

fresh; rm "$tmp/r/rtl/dcqcn_cp_tcd.sv"
expect_fail "dcqcn_cp_tcd.sv deleted from rtl/" \
  "dcqcn_cp_tcd.sv is in rtl/dcqcn.f but not in the .sv files of rtl/"

fresh; printf 'module dcqcn_new; endmodule\n' > "$tmp/r/rtl/dcqcn_new.sv"
expect_fail "a new rtl/dcqcn_new.sv listed nowhere" \
  "dcqcn_new.sv is in the .sv files of rtl/ but not in rtl/dcqcn.f"

fresh; sed -i 's/^dcqcn_rp_rate\.sv$/dcqcn_rp_pace.sv/; t; s/^dcqcn_rp_pace\.sv$/dcqcn_rp_rate.sv/' "$tmp/r/rtl/dcqcn.f"
expect_fail "two sources swapped in rtl/dcqcn.f (core not regenerated)" \
  "rtl/dcqcn.core is not what scripts/gen_core.sh makes of rtl/dcqcn.f"

[ $fail = 0 ] && echo "check_sources_test: every mutation caught"
exit $fail
