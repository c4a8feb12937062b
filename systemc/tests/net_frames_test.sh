#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The frames the RTL frame blocks produced in a network run, as Wireshark reads them
# (docs/network.md, "How frames are made in the simulation"):
#   net_frames_test.sh DCQCN_SIM PCAP_ICRC OUT_DIR
# incast2 with three flows from h1 and one from h2 (so that the senders' QPNs differ),
# 5 ms, every link captured, on --engine rtl (the CNP builder, the classifier and the ECN
# marker Verilated) and on --engine ref:
#  1. the two captures are byte-identical (cmp), and so are flows.csv, queues.csv and
#     flow_results.csv;
#  2. tshark -o ip.check_checksum:TRUE -o eth.check_fcs:TRUE on the RTL capture: no
#     malformed frame, no bad checksum or FCS; the CNPs (infiniband.bth.opcode == 129, all
#     of them built by the RTL CNP builder) equal the ports' tx_cnp_frames, have ECN 00
#     and a good IPv4 checksum, and each one's destination QP is its sender's local QPN
#     of the flow (0x100 + the flow's index at h1 or h2: flows 0, 1, 2 from h1, flow 3
#     from h2; the flow from the UDP source port, 0xC000 + flow); every DATA frame's
#     destination QP is r's QPN of its flow (0x100 + flow); the CE frames (every one
#     marked by the RTL ECN marker) equal the ports' tx_ce_frames (> 0) and every one has
#     ip.checksum.status == "Good";
#  3. pcap_icrc --fcs (zlib's crc32, independent of the references) finds every RoCEv2
#     frame's ICRC and every FCS right;
#  4. summary.json "frames": every CNP built by the builder, every frame received by a
#     NIC classified (each agreed with the packet's metadata, or the run would have
#     stopped), every CE mark applied by the marker.
# Exit 77 (CTest: skipped) only if tshark is not installed.
set -euo pipefail
SIM=${1:?usage: net_frames_test.sh DCQCN_SIM PCAP_ICRC OUT_DIR}
ICRC=${2:?usage}; OUT=${3:?usage}
# shellcheck source=tshark_lib.sh
source "$(dirname "$0")/tshark_lib.sh"   # skip without tshark, OUT emptied, check, ts
ARGS=(run incast2 --duration 5 --set flows.0.count=3 --quiet)
for e in rtl ref; do
  "$SIM" "${ARGS[@]}" --engine $e --out "$OUT/$e" --pcap "$OUT/$e.pcap" > "$OUT/$e.log"
done
P="$OUT/rtl.pcap"; S="$OUT/rtl/summary.json"

# ---- 1. byte-identical across engines
check "captures of --engine rtl and --engine ref (cmp)" "$(cmp "$P" "$OUT/ref.pcap" && echo identical)" identical
for f in flows.csv queues.csv flow_results.csv; do
  check "$f of both engines (cmp)" "$(cmp "$OUT/rtl/$f" "$OUT/ref/$f" && echo identical)" identical
done
check "capture size > 1 MB" "$([ "$(stat -c %s "$P")" -gt 1000000 ] && echo yes)" yes

# ---- 2. tshark
want_cnp=$(jq '[.ports[].tx_cnp_frames] | add' "$S")
want_ce=$(jq '[.ports[].tx_ce_frames] | add' "$S")
[ "$want_cnp" -gt 0 ] && [ "$want_ce" -gt 0 ] || { echo "FAIL: the run has no CNP ($want_cnp) or no CE mark ($want_ce)"; exit 1; }
check "frames in the capture" "$(ts -r "$P" | wc -l)" "$(jq '[.ports[].tx_frames] | add' "$S")"
check "malformed frames, bad checksums or FCS" "$(ts -r "$P" -Y '_ws.malformed || _ws.expert.severity >= error' | wc -l)" 0
check "CNPs (infiniband.bth.opcode == 129)" "$(ts -r "$P" -Y 'infiniband.bth.opcode == 129' | wc -l)" "$want_cnp"
check "CNPs with ECN 00 and ip.checksum.status == \"Good\"" \
  "$(ts -r "$P" -Y 'infiniband.bth.opcode == 129 && ip.dsfield.ecn == 0 && ip.checksum.status == "Good"' | wc -l)" "$want_cnp"
# the destination QP of every CNP: the sender's QPN of the flow (h1: 0x100 + 0..2, h2: 0x100)
dec() { while read -r p q; do printf '%d %d\n' "$p" "$q"; done; }  # tshark prints the QP in hex
ts -r "$P" -Y 'infiniband.bth.opcode == 129' -T fields -e udp.srcport -e infiniband.bth.destqp | dec > "$OUT/cnp_qp.txt"
check "CNPs whose destination QP is not their sender's QPN of the flow" \
  "$(awk '{ f = $1 - 49152; want = 256 + (f < 3 ? f : 0); if ($2 != want) n++ } END { print n + 0 }' "$OUT/cnp_qp.txt")" 0
check "CNPs to h1's three QPs and h2's one (distinct destination QPs)" \
  "$(awk '{ print $1 " " $2 }' "$OUT/cnp_qp.txt" | sort -u | wc -l)" 4
ts -r "$P" -Y 'infiniband.bth.opcode == 4' -T fields -e udp.srcport -e infiniband.bth.destqp | dec > "$OUT/data_qp.txt"
check "DATA frames whose destination QP is not r's QPN of the flow" \
  "$(awk '{ if ($2 != 256 + $1 - 49152) n++ } END { print n + 0 }' "$OUT/data_qp.txt")" 0
check "CE frames (ip.dsfield.ecn == 3)" "$(ts -r "$P" -Y 'ip.dsfield.ecn == 3' | wc -l)" "$want_ce"
check "CE frames with ip.checksum.status == \"Good\"" \
  "$(ts -r "$P" -Y 'ip.dsfield.ecn == 3 && ip.checksum.status == "Good"' | wc -l)" "$want_ce"

# ---- 3. ICRC and FCS by zlib
line=$("$ICRC" --fcs "$P")
echo "$line"
roce=$(ts -r "$P" -Y 'udp.dstport == 4791' | wc -l)
check "RoCEv2 frames (pcap_icrc)" "$(echo "$line" | sed -E 's/.* ([0-9]+) RoCEv2.*/\1/')" "$roce"
check "wrong ICRCs (pcap_icrc, zlib crc32)" "$(echo "$line" | sed -E 's/.* ([0-9]+) wrong ICRC.*/\1/')" 0
check "wrong FCSs (pcap_icrc, zlib crc32)" "$(echo "$line" | sed -E 's/.* ([0-9]+) wrong FCS.*/\1/')" 0

# ---- 4. the frame services' counts
check "frames.enabled" "$(jq '.frames.enabled' "$S")" true
check "CNPs built by the CNP builder" "$(jq '.frames.cnps_built' "$S")" "$(jq '.cnps_sent' "$S")"
check "CE marks applied by the ECN marker" "$(jq '.frames.ce_marked' "$S")" "$(jq '.ecn_marks' "$S")"
# every DATA and CNP frame the switch sent to a NIC, but those still on a wire at the end (at
# most a few per link: 1 us of cable holds 5 frames at 40 Gb/s)
sent=$(jq '[.ports[] | select(.node == "sw") | .tx_data_frames + .tx_cnp_frames] | add' "$S")
got=$(jq '.frames.classified' "$S")
check "frames classified ($got) within 30 of the DATA and CNP frames the switch sent ($sent)" \
  "$([ "$got" -le "$sent" ] && [ "$got" -ge $((sent - 30)) ] && echo yes)" yes
check "frame blocks clocked (frames.rtl_cycles > 0)" "$(jq '.frames.rtl_cycles > 0' "$S")" true
check "frame blocks on --engine ref clocked 0 cycles" "$(jq '.frames.rtl_cycles' "$OUT/ref/summary.json")" 0

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all network frame checks passed"
