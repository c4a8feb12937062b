#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The frames a frame block's RTL produced, as Wireshark reads them (docs/frames.md):
#   frames_tshark_test.sh BLOCK BENCH PCAP_ICRC OUT_DIR
# BENCH (build/tb/lockstep_<block>_<width>) runs 3000 random frames at seed 11 with
# --pcap, writing every whole frame (not the runts and cut frames) that left the RTL, and
# prints what the reference says the capture holds. Then:
#   ecn_mark: tshark -o ip.check_checksum:TRUE counts the frames; the frames with ECN CE
#     (ip.dsfield.ecn == 3 || ipv6.tclass.ecn == 3) equal the reference's count; the IPv4
#     CE frames with ip.checksum.status == "Good" equal the reference's CE frames with a
#     right checksum (the marked ones included: the RTL's RFC 1624 update verified by
#     Wireshark); the frames with a bad checksum equal those made wrong on purpose; and
#     pcap_icrc (zlib's crc32, not the reference's CRC) finds every RoCEv2 ICRC right but
#     those made wrong on purpose (the marker leaves the ICRC valid).
# Exit 77 (CTest: skipped) only if tshark is not installed.
set -euo pipefail
BLOCK=${1:?usage: frames_tshark_test.sh BLOCK BENCH PCAP_ICRC OUT_DIR}
BENCH=${2:?usage}; ICRC=${3:?usage}; OUT=${4:?usage}
if ! command -v tshark >/dev/null; then
  echo "SKIP: tshark is not installed (scripts/setup.sh installs it: apt-get install tshark)"
  exit 77
fi
rm -rf "$OUT" && mkdir -p "$OUT"
fails=0
check() {  # check WHAT GOT EXPECTED
  if [ "$2" = "$3" ]; then echo "ok   $1: $2"; else echo "FAIL $1: capture $2, expected $3"; fails=$((fails + 1)); fi
}
ts() { tshark -o ip.check_checksum:TRUE "$@" 2>/dev/null; }
P="$OUT/$BLOCK.pcap"
"$BENCH" --seed 11 --events 3000 --quiet --pcap "$P" > "$OUT/bench.log"
cat "$OUT/bench.log"
num() {  # num LABEL: the number before LABEL on the bench's pcap line
  grep "pcap $P:" "$OUT/bench.log" | sed -E "s/.*[ (]([0-9]+) $1.*/\1/"
}

case $BLOCK in
  ecn_mark)
    frames=$(num "frames"); ce=$(num "with CE"); good=$(num "IPv4 with a right checksum")
    marked=$(num "marked by the block"); badc=$(num "IPv4 checksums wrong"); roce=$(num "RoCEv2")
    badi=$(num "ICRCs wrong")
    [ "$marked" -gt 100 ] || { echo "FAIL: only $marked frames marked by the block: nothing to check"; exit 1; }
    check "frames in the capture" "$(ts -r "$P" | wc -l)" "$frames"
    check "frames with CE (IPv4 or IPv6)" "$(ts -r "$P" -Y 'ip.dsfield.ecn == 3 || ipv6.tclass.ecn == 3' | wc -l)" "$ce"
    check "IPv4 CE frames with ip.checksum.status == \"Good\"" \
      "$(ts -r "$P" -Y 'ip.dsfield.ecn == 3 && ip.checksum.status == "Good"' | wc -l)" "$good"
    check "IPv4 frames with a bad checksum" "$(ts -r "$P" -Y 'ip.checksum.status == "Bad"' | wc -l)" "$badc"
    line=$("$ICRC" "$P")
    echo "$line"
    check "RoCEv2 frames (pcap_icrc)" "$(echo "$line" | sed -E 's/.* ([0-9]+) RoCEv2.*/\1/')" "$roce"
    check "wrong ICRCs (pcap_icrc, zlib crc32)" "$(echo "$line" | sed -E 's/.* ([0-9]+) wrong ICRC.*/\1/')" "$badi"
    ;;
  *) echo "frames_tshark_test.sh: unknown block '$BLOCK' (ecn_mark)" >&2; exit 2 ;;
esac
[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all $BLOCK tshark checks passed"
