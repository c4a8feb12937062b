// SPDX-License-Identifier: MIT
// --pcap FILE: every frame on the chosen links as Wireshark decodes it (docs/network.md,
// "Packet captures"). A frame is written when its first bit leaves the sending port, with
// that time (ns resolution, pcap magic 0xa1b23c4d, linktype 1 Ethernet) and its modelled
// length (FCS included, preamble/IFG not): the bytes the frame carries (PacketExt::frame:
// the transport's DATA/ACK/NAK, the CNP builder's CNP, rewritten by the switches' ECN
// markers) and the FCS. DATA: Ethernet / IPv4 (DSCP = 8 x priority, the ECN bits, header
// checksum) / UDP 4791 / BTH RC SEND Only (0x04, destination QP = the receiver's local
// QPN of the flow, PSN) / zero payload / ICRC; CNP: BTH opcode 0x81 + 16 reserved bytes;
// ACK/NAK: BTH RC Acknowledge (0x11) + AETH; PFC: an 802.1Qbb MAC control frame
// (01:80:C2:00:00:01, 0x8808, opcode 0x0101, class-enable vector, 8 quanta), built here.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "wire.h"

namespace dcqcn::net {

// Addresses: host node k (scenario node id) has IPv4 10.0.X.Y and MAC 02:00:00:00:X:Y,
// X.Y = k + 1 as 16 bits; a switch port p of node k sends PFC frames from
// 02:00:00:X:Y:p (with X.Y = k + 1).
uint32_t host_ipv4(uint16_t node);
// A NIC's local QPNs: kQpnBase + i for the flow it sends at RP index i, kQpnBase + (the
// number of flows it sends) + j for the flow it receives at NP index j.
constexpr uint32_t kQpnBase = 0x100;

// CRC-32 (IEEE 802.3, reflected, as Ethernet's FCS and RoCEv2's ICRC use it), continuing
// from `crc` (start with 0xFFFFFFFF; the final value is ~crc).
uint32_t crc32_update(uint32_t crc, const uint8_t* p, size_t n);
// The RoCEv2 ICRC of a frame laid out as Ethernet(14) IPv4(20) UDP(8) BTH(12) ... ICRC(4)
// FCS(4): CRC-32 over 8 bytes of 0xFF, the IPv4 header with TOS, TTL and checksum set to
// 1s, the UDP header with its checksum set to 1s, the BTH with resv8a set to 1s, and the
// rest up to the ICRC. Stored least significant byte first, as the FCS.
uint32_t roce_icrc(const uint8_t* frame, size_t len_without_icrc_fcs);

// The bytes of a DATA, ACK or NAK frame as the sending NIC's transport makes them, without
// the FCS (e.size - 4 bytes): the layout above, destination QP `dqpn` (the receiver's
// local QPN of the flow: docs/network.md), the ICRC computed. (CNPs are the CNP builder's,
// frames.h; PFC frames the MAC's, built by the capture.)
void transport_frame(const WireFrame& e, uint32_t dqpn, std::vector<uint8_t>& out);

class PcapWriter {
 public:
  // Opens `path` for writing; throws std::runtime_error naming it on failure.
  // `ports[n]` = number of ports of node n.
  PcapWriter(const std::string& path, const std::vector<unsigned>& ports);
  ~PcapWriter();
  // Writes what is buffered and closes the file; a write error throws, naming the file.
  void close();
  PcapWriter(const PcapWriter&) = delete;
  PcapWriter& operator=(const PcapWriter&) = delete;

  // Capture the frames node sends on port.
  void select(uint16_t node, unsigned port) { sel_[node][port] = true; }
  bool selected(uint16_t node, unsigned port) const { return sel_[node][port]; }
  // Writes the frame `e` if node:port is selected; `now_ns` = the start of transmission.
  // `bytes`: the frame as the blocks and the transport made it (no FCS; the FCS is
  // appended here, as a MAC does); empty only for a PFC frame, which is built here.
  void write(uint16_t node, unsigned port, const WireFrame& e, const std::vector<uint8_t>& bytes,
             double now_ns);
  uint64_t frames() const { return frames_; }
  const std::string& path() const { return path_; }

 private:
  size_t build(uint16_t node, unsigned port, const WireFrame& e);
  std::string path_;
  std::FILE* f_ = nullptr;
  std::vector<std::vector<bool>> sel_;
  std::vector<uint8_t> buf_;
  uint64_t frames_ = 0;
};

}  // namespace dcqcn::net
