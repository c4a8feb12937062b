#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dcqcn-sim --pcap as Wireshark reads it (docs/network.md, "Packet captures"):
#   pcap_test.sh DCQCN_SIM OUT_DIR
# 1. incast2 (ECN on), the link r - sw captured in both directions: tshark decodes every
#    frame with no malformed frame and no bad IPv4 checksum or FCS; the capture's frames,
#    CNPs (BTH opcode 0x81) and CE marks (ip.dsfield.ecn == 3) equal summary.json's
#    counters of the two link ends; DATA frames are 1062 B (1000 + 62), CNPs 78 B; DATA
#    frames leave back to back 1082 B x 8 / 40 Gb/s = 216.4 ns apart (preamble and IFG).
# 2. incast2 with a low static PFC threshold and ECN off, every link: the PAUSE frames
#    (802.1Qbb, class 3, 65535 quanta) and RESUMEs (0 quanta) equal summary.json's XOFF
#    and XON counts, the frames the sum of every port's tx_frames.
# 3. --pcap-links that match nothing or do not parse: exit 2 with one message.
# Exit 77 (CTest: skipped) only if tshark is not installed.
set -euo pipefail
SIM=${1:?usage: pcap_test.sh DCQCN_SIM OUT_DIR}
OUT=${2:?usage: pcap_test.sh DCQCN_SIM OUT_DIR}
# shellcheck source=tshark_lib.sh
source "$(dirname "$0")/tshark_lib.sh"   # skip without tshark, OUT emptied, check, ts

# ---- 1. ECN, CNPs, the r - sw link
"$SIM" run incast2 --engine ref --duration 5 --quiet --out "$OUT/ecn" --pcap "$OUT/ecn.pcap" --pcap-links r >"$OUT/ecn.log"
S="$OUT/ecn/summary.json"
# the two ends of the link: r port 0 and the switch port whose peer is r
sel='[.ports[] | select((.node == "r") or (.peer == "r" and .node == "sw"))]'
want_frames=$(jq "$sel | map(.tx_frames) | add" "$S")
want_cnp=$(jq "$sel | map(.tx_cnp_frames) | add" "$S")
want_ce=$(jq "$sel | map(.tx_ce_frames) | add" "$S")
[ "$want_cnp" -gt 0 ] && [ "$want_ce" -gt 0 ] || { echo "FAIL: the run has no CNP ($want_cnp) or no CE mark ($want_ce) to check"; exit 1; }
check "magic (ns timestamps) and linktype 1" "$(od -An -tx4 -N4 "$OUT/ecn.pcap" | tr -d ' ') $(od -An -tu4 -j20 -N4 "$OUT/ecn.pcap" | tr -d ' ')" "a1b23c4d 1"
check "malformed frames, bad checksums or FCS" "$(ts -r "$OUT/ecn.pcap" -Y '_ws.malformed || _ws.expert.severity >= error' | wc -l)" 0
check "frames on r - sw" "$(ts -r "$OUT/ecn.pcap" | wc -l)" "$want_frames"
check "CNPs (BTH opcode 0x81)" "$(ts -r "$OUT/ecn.pcap" -Y 'infiniband.bth.opcode == 0x81' | wc -l)" "$want_cnp"
check "CE marks (ip.dsfield.ecn == 3)" "$(ts -r "$OUT/ecn.pcap" -Y 'ip.dsfield.ecn == 3' | wc -l)" "$want_ce"
check "UDP 4791 frames that are not RoCEv2 BTH" "$(ts -r "$OUT/ecn.pcap" -Y 'udp.dstport == 4791 && !infiniband.bth.opcode' | wc -l)" 0
check "DATA frame sizes" "$(ts -r "$OUT/ecn.pcap" -Y 'infiniband.bth.opcode == 4' -T fields -e frame.len | sort -u | tr '\n' ' ')" "1062 "
check "CNP frame sizes" "$(ts -r "$OUT/ecn.pcap" -Y 'infiniband.bth.opcode == 0x81' -T fields -e frame.len | sort -u | tr '\n' ' ')" "78 "
# the closest two DATA frames on sw -> r: back to back, (1062 + 20) x 8 / 40 = 216.4 ns
gap=$(ts -r "$OUT/ecn.pcap" -Y 'infiniband.bth.opcode == 4' -T fields -e frame.time_epoch |
      awk 'NR > 1 { d = ($1 - p) * 1e9; if (m == "" || d < m) m = d } { p = $1 } END { printf "%.0f", m }')
case "$gap" in 216|217) check "closest DATA frames (ns)" "$gap" "$gap" ;; *) check "closest DATA frames (ns)" "$gap" "216 or 217" ;; esac

# ---- 2. PFC frames on every link
"$SIM" run incast2 --engine ref --duration 3 --quiet --out "$OUT/pfc" --pcap "$OUT/pfc.pcap" \
  --set switch.pfc.mode=static --set switch.pfc.t_pfc_bytes=20000 --set switch.ecn.enabled=false >"$OUT/pfc.log"
S="$OUT/pfc/summary.json"
xoff=$(jq '.checks.pfc.xoff_sent' "$S")
xon=$(jq '.checks.pfc.xon_sent' "$S")
[ "$xoff" -gt 0 ] || { echo "FAIL: the PFC run sent no PAUSE"; exit 1; }
check "malformed frames, bad checksums or FCS (PFC run)" "$(ts -r "$OUT/pfc.pcap" -Y '_ws.malformed || _ws.expert.severity >= error' | wc -l)" 0
check "frames on every link" "$(ts -r "$OUT/pfc.pcap" | wc -l)" "$(jq '[.ports[].tx_frames] | add' "$S")"
check "PAUSE (XOFF) frames" "$(ts -r "$OUT/pfc.pcap" -Y 'macc.opcode == 0x0101 && eth.dst == 01:80:c2:00:00:01 && macc.cbfc.enbv.c3 == 1 && macc.cbfc.pause_time.c3 == 65535' | wc -l)" "$xoff"
check "RESUME (XON) frames" "$(ts -r "$OUT/pfc.pcap" -Y 'macc.opcode == 0x0101 && macc.cbfc.enbv.c3 == 1 && macc.cbfc.pause_time.c3 == 0' | wc -l)" "$xon"
check "PFC frame sizes" "$(ts -r "$OUT/pfc.pcap" -Y 'eth.type == 0x8808' -T fields -e frame.len | sort -u | tr '\n' ' ')" "64 "

# ---- 3. bad --pcap-links
for bad in nosuch 'sw:p[' ; do
  set +e
  msg=$("$SIM" run incast2 --engine ref --duration 1 --quiet --out "$OUT/bad" --pcap "$OUT/bad.pcap" --pcap-links "$bad" 2>&1 >/dev/null)
  rc=$?
  set -e
  check "--pcap-links '$bad': exit code" "$rc" 2
  case "$msg" in *"--pcap-links '$bad'"*"expected"*) echo "ok   message: $msg" ;;
    *) echo "FAIL --pcap-links '$bad': message '$msg'"; fails=$((fails + 1)) ;; esac
done

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all pcap checks passed"
