#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The frames a frame block's RTL produced, as Wireshark reads them (docs/frames.md):
#   frames_tshark_test.sh BLOCK BENCH PCAP_ICRC OUT_DIR
# BENCH (build/tb/lockstep_<block>_<width>) runs 3000 random frames (cnp_build: 20000
# requests) at seed 11 with
# --pcap, writing every whole frame (not the runts and cut frames) that left the RTL, and
# prints what the reference says the capture holds. Then:
#   ecn_mark: tshark -o ip.check_checksum:TRUE counts the frames; the frames with ECN CE
#     (ip.dsfield.ecn == 3 || ipv6.tclass.ecn == 3) equal the reference's count; the IPv4
#     CE frames with ip.checksum.status == "Good" equal the reference's CE frames with a
#     right checksum (the marked ones included: the RTL's RFC 1624 update verified by
#     Wireshark); the frames with a bad checksum equal those made wrong on purpose; and
#     pcap_icrc (zlib's crc32, not the reference's CRC) finds every RoCEv2 ICRC right but
#     those made wrong on purpose (the marker leaves the ICRC valid).
#   cnp_build, and nic_frame_top (the frame-level NIC top: its CNPs out of m_axis_cnp,
#     made by the top's NP and its builder from the frames it received; 3000 frames):
#     every frame decodes as a RoCEv2 CNP (infiniband.bth.opcode == 129) to UDP
#     port 4791, with ip.checksum.status == "Good" and ECN 00; the tagged ones equal the
#     bench's count; the destination QP of every frame, in order, equals the one the
#     bench's own copy of the context table gives (BENCH writes them to PCAP.dqpn); and
#     pcap_icrc finds every ICRC right.
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
case $BLOCK in ecn_mark|nic_frame_top) events=3000 ;; *) events=20000 ;; esac  # full coverage of each bench
"$BENCH" --seed 11 --events $events --quiet --pcap "$P" > "$OUT/bench.log"
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
  cnp_build|nic_frame_top)
    frames=$(num "frames"); tagged=$(num "tagged")
    [ "$frames" -gt 100 ] || { echo "FAIL: only $frames CNPs: nothing to check"; exit 1; }
    check "frames in the capture" "$(ts -r "$P" | wc -l)" "$frames"
    check "CNPs (infiniband.bth.opcode == 129)" "$(ts -r "$P" -Y 'infiniband.bth.opcode == 129' | wc -l)" "$frames"
    check "CNPs with ip.checksum.status == \"Good\"" "$(ts -r "$P" -Y 'ip.checksum.status == "Good"' | wc -l)" "$frames"
    check "CNPs with ECN 00 (not ECT)" "$(ts -r "$P" -Y 'ip.dsfield.ecn == 0' | wc -l)" "$frames"
    check "CNPs with an 802.1Q tag" "$(ts -r "$P" -Y 'vlan' | wc -l)" "$tagged"
    check "UDP destination port 4791" "$(ts -r "$P" -Y 'udp.dstport == 4791' | wc -l)" "$frames"
    # the destination QP of every CNP, in order, against the bench's context table
    ts -r "$P" -T fields -e infiniband.bth.destqp | while read -r q; do printf '%d\n' "$q"; done > "$OUT/dqpn.tshark"
    check "destination QPs equal the flows' contexts (frames that differ)" \
      "$(diff "$OUT/dqpn.tshark" "$P.dqpn" | grep -c '^[<>]' || true)" 0
    line=$("$ICRC" "$P")
    echo "$line"
    check "RoCEv2 frames (pcap_icrc)" "$(echo "$line" | sed -E 's/.* ([0-9]+) RoCEv2.*/\1/')" "$frames"
    check "wrong ICRCs (pcap_icrc, zlib crc32)" "$(echo "$line" | sed -E 's/.* ([0-9]+) wrong ICRC.*/\1/')" 0
    ;;
  *) echo "frames_tshark_test.sh: unknown block '$BLOCK' (ecn_mark, cnp_build, nic_frame_top)" >&2; exit 2 ;;
esac
[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all $BLOCK tshark checks passed"
