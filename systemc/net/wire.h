// SPDX-License-Identifier: MIT
// The wire model (docs/network.md, "Frames on the wire"): frame sizes and the per-frame
// cost on the link. A frame's size is the Ethernet frame from the destination MAC to the
// FCS; every frame also costs preamble + SFD (8 B) and the inter-frame gap (12 B) of
// serialisation time on its link.
#pragma once
#include <cstdint>

namespace dcqcn::net {

// NAK and ACK: go-back-N recovery (gbn.h), `psn` = the receiver's expected PSN; they
// travel at the CNP priority and, like CNPs and PFC frames, never suffer link loss.
enum class PktKind : uint8_t { DATA = 0, CNP = 1, PFC = 2, NAK = 3, ACK = 4 };
constexpr int kNumPktKinds = 5;

// What the capture (pcap.h) needs of a frame; the simulator's PacketExt has it all.
struct WireFrame {
  PktKind kind = PktKind::DATA;
  uint32_t flow = 0;          // global flow id
  uint16_t src = 0, dst = 0;  // host node ids (DATA: sender -> receiver; CNP/ACK/NAK: back)
  uint32_t psn = 0;
  uint32_t size = 0;          // frame bytes, FCS included
  uint8_t ecn = 0, prio = 0;
  bool pause = false;         // PFC: XOFF (true) or XON
};

constexpr uint32_t kWireOverheadBytes = 20;  // 7 preamble + 1 SFD + 12 IFG
constexpr uint32_t kEthMinFrameBytes = 64;   // the Ethernet minimum (FCS included); shorter is padded
// RoCEv2: Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4 (the default header_bytes).
constexpr uint32_t kRoceHeaderBytes = 62;
// A CNP: the RoCEv2 headers + 16 reserved bytes after the BTH (IB spec, annex A17).
constexpr uint32_t kCnpFrameBytes = kRoceHeaderBytes + 16;  // 78
// An ACK or NAK: the RoCEv2 headers + AETH (4 B).
constexpr uint32_t kAckFrameBytes = kRoceHeaderBytes + 4;   // 66
// A PFC frame: an 802.1Qbb MAC control frame, padded to the minimum.
constexpr uint32_t kPfcFrameBytes = kEthMinFrameBytes;      // 64
inline uint32_t padded_frame(uint32_t bytes) { return bytes < kEthMinFrameBytes ? kEthMinFrameBytes : bytes; }

}  // namespace dcqcn::net
