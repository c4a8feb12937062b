// SPDX-License-Identifier: MIT
// The wire model (docs/network.md, "Frames on the wire"): frame sizes and the per-frame
// cost on the link. A frame's size is the Ethernet frame from the destination MAC to the
// FCS; every frame also costs preamble + SFD (8 B) and the inter-frame gap (12 B) of
// serialisation time on its link.
#pragma once
#include <cstdint>

namespace dcqcn::net {

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
