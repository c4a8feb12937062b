# SPDX-License-Identifier: MIT
# Sourced by the capture tests (pcap_test.sh, net_frames_test.sh) after they set OUT:
# skips the test (exit 77) without tshark, needs jq, makes OUT empty, and defines
#   check WHAT GOT EXPECTED   prints ok or FAIL and counts the failures in $fails
#   ts ARGS...                tshark with the IPv4 checksum and the FCS checked
if ! command -v tshark >/dev/null; then
  echo "SKIP: tshark is not installed (scripts/setup.sh installs it: apt-get install tshark)"
  exit 77
fi
command -v jq >/dev/null || { echo "FAIL: jq is not installed (scripts/setup.sh installs it)"; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT"
fails=0
check() {  # check WHAT GOT EXPECTED
  if [ "$2" = "$3" ]; then echo "ok   $1: $2"; else echo "FAIL $1: got $2, expected $3"; fails=$((fails + 1)); fi
}
ts() { tshark -o ip.check_checksum:TRUE -o eth.check_fcs:TRUE "$@" 2>/dev/null; }
