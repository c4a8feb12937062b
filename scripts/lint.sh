#!/usr/bin/env bash
# Lints every top-level block with `verilator --lint-only -Wall` (waivers only from
# rtl/dcqcn.vlt). Prints one line per block; exits non-zero on any warning.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t SRCS < <(grep -v '^\s*//' rtl/dcqcn.f | sed '/^\s*$/d; s|^|rtl/|')
fail=0
for top in dcqcn_rp dcqcn_np dcqcn_cp dcqcn_nic_wheel dcqcn_nic_sched dcqcn_nic_arb dcqcn_nic_top; do
  for n in 16 1024 4096; do
    param=NUM_FLOWS; [ "$top" = dcqcn_cp ] && param=NUM_QUEUES
    if out=$(verilator --lint-only -Wall -Irtl rtl/dcqcn.vlt "${SRCS[@]}" --top-module "$top" \
             -G$param=$n 2>&1); then
      echo "lint: $top $param=$n clean"
    else
      echo "lint: $top $param=$n FAILED"; echo "$out"; fail=1
    fi
  done
done
# the frame blocks (docs/frames.md), at both data widths
for top in dcqcn_ecn_mark dcqcn_rx_class dcqcn_cnp_build; do
  for w in 64 512; do
    if out=$(verilator --lint-only -Wall -Irtl rtl/dcqcn.vlt "${SRCS[@]}" --top-module "$top" \
             -GDATA_WIDTH=$w 2>&1); then
      echo "lint: $top DATA_WIDTH=$w clean"
    else
      echo "lint: $top DATA_WIDTH=$w FAILED"; echo "$out"; fail=1
    fi
  done
done
# the frame-level NIC top (docs/frames.md): both data widths, each at one size (64 bits with
# 16 flows, 512 with 1024; about 4 s of CPU each)
for wn in 64:16 512:1024; do
  w=${wn%%:*}; n=${wn##*:}
  if out=$(verilator --lint-only -Wall -Irtl rtl/dcqcn.vlt "${SRCS[@]}" --top-module dcqcn_nic_frame_top \
           -GDATA_WIDTH=$w -GNUM_FLOWS=$n 2>&1); then
    echo "lint: dcqcn_nic_frame_top DATA_WIDTH=$w NUM_FLOWS=$n clean"
  else
    echo "lint: dcqcn_nic_frame_top DATA_WIDTH=$w NUM_FLOWS=$n FAILED"; echo "$out"; fail=1
  fi
done
exit $fail
