// SPDX-License-Identifier: MIT
// Random and directed Ethernet frames for the frame blocks' benches (tb/lockstep_ecn_mark
// and the others of docs/frames.md): RoCEv2 over IPv4 (IHL 5..15, options) and IPv6,
// with or without one 802.1Q tag, non-RoCE UDP and TCP, non-IP EtherTypes, IPv4/IPv6
// with a wrong version or IHL, runts and frames cut anywhere in their headers. Valid
// frames carry a correct IPv4 checksum and ICRC (tb/ref/frame_ref.h); a few get a wrong
// one on purpose. Frames have no FCS (the MAC's).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "frame_ref.h"
#include "harness.h"

namespace dcqcn::tb {

// What a generated frame is, for coverage and the benches' own checks.
struct FrameInfo {
  enum Kind { RoceV4, RoceV6, UdpV4, TcpV4, UdpV6, NonIp, BadVersion, Runt, Cut } kind = RoceV4;
  bool vlan = false;
  bool options = false;      // IPv4 IHL > 5
  uint8_t ecn = 0;           // the ECN field written
  bool bad_ip_csum = false;  // IPv4 checksum deliberately wrong
  bool bad_icrc = false;     // RoCEv2 ICRC deliberately wrong
  uint8_t opcode = 0;        // BTH opcode (RoCE)
  uint32_t dst_qp = 0;       // BTH destination QP (RoCE)
  size_t cut_from = 0;       // Cut: the length of the frame before it was cut
  std::string name() const {
    static const char* k[] = {"roce_v4", "roce_v6", "udp_v4", "tcp_v4", "udp_v6", "non_ip",
                              "bad_version", "runt", "cut"};
    return std::string(k[kind]) + (vlan ? "+vlan" : "") + (options ? "+options" : "");
  }
};

struct GenFrame {
  std::vector<uint8_t> bytes;
  FrameInfo info;
};

inline void put16(std::vector<uint8_t>& f, size_t at, uint32_t v) {
  f[at] = static_cast<uint8_t>(v >> 8);
  f[at + 1] = static_cast<uint8_t>(v);
}

// One RoCEv2 (or other IP) frame from its fields; payload bytes random.
struct FrameSpec {
  bool v6 = false, vlan = false;
  unsigned ihl = 5;           // IPv4 header words
  uint8_t proto = 17;         // 17 UDP, 6 TCP
  uint16_t udp_dst = 4791;
  uint8_t dscp = 26, ecn = 2;
  uint8_t opcode = 0x04;
  uint16_t pkey = 0xFFFF;
  uint32_t dst_qp = 0x11;
  uint32_t psn = 0;
  uint16_t udp_src = 0xC000;
  uint16_t vlan_tci = 0x6005;
  unsigned payload = 16;      // bytes after the BTH (before the ICRC)
  uint8_t mac_dst[6] = {0x02, 0, 0, 0, 0, 0x01}, mac_src[6] = {0x02, 0, 0, 0, 0, 0x02};
  uint32_t ip_src = 0x0A000001, ip_dst = 0x0A000002;
};

inline std::vector<uint8_t> build_frame(const FrameSpec& s, Rng& rng) {
  const size_t l2 = s.vlan ? 18 : 14;
  const size_t iph = s.v6 ? 40 : 4 * size_t{s.ihl};
  const bool roce = s.proto == 17 && s.udp_dst == 4791;
  const size_t l4 = s.proto == 6 ? 20 : 8;
  const size_t body = roce ? 12 + s.payload + 4 : s.payload;
  std::vector<uint8_t> f(l2 + iph + l4 + body);
  for (auto& b : f) b = static_cast<uint8_t>(rng.next());
  std::copy(s.mac_dst, s.mac_dst + 6, f.begin());
  std::copy(s.mac_src, s.mac_src + 6, f.begin() + 6);
  if (s.vlan) {
    put16(f, 12, 0x8100);
    put16(f, 14, s.vlan_tci);
  }
  put16(f, l2 - 2, s.v6 ? 0x86DD : 0x0800);
  uint8_t* ip = f.data() + l2;
  const size_t ip_len = f.size() - l2;
  if (s.v6) {
    const uint8_t tc = static_cast<uint8_t>(s.dscp << 2 | s.ecn);
    ip[0] = static_cast<uint8_t>(0x60 | tc >> 4);
    ip[1] = static_cast<uint8_t>((tc & 15) << 4 | (ip[1] & 15));
    put16(f, l2 + 4, static_cast<uint32_t>(ip_len - 40));
    ip[6] = s.proto;
    ip[7] = 64;
  } else {
    ip[0] = static_cast<uint8_t>(0x40 | s.ihl);
    ip[1] = static_cast<uint8_t>(s.dscp << 2 | s.ecn);
    put16(f, l2 + 2, static_cast<uint32_t>(ip_len));
    put16(f, l2 + 6, 0x4000);
    ip[8] = 64;
    ip[9] = s.proto;
    for (int i = 0; i < 4; ++i) {
      ip[12 + i] = static_cast<uint8_t>(s.ip_src >> (24 - 8 * i));
      ip[16 + i] = static_cast<uint8_t>(s.ip_dst >> (24 - 8 * i));
    }
    for (size_t i = 20; i < iph; ++i) ip[i] = 1;  // options: NOP
    const uint16_t c = ipv4_checksum(ip, s.ihl);
    ip[10] = static_cast<uint8_t>(c >> 8);
    ip[11] = static_cast<uint8_t>(c);
  }
  const size_t u = l2 + iph;
  if (s.proto == 17) {
    put16(f, u, s.udp_src);
    put16(f, u + 2, s.udp_dst);
    put16(f, u + 4, static_cast<uint32_t>(f.size() - u));
    put16(f, u + 6, 0);
  }
  if (roce) {
    uint8_t* bth = f.data() + u + 8;
    bth[0] = s.opcode;
    bth[1] = 0;
    bth[2] = static_cast<uint8_t>(s.pkey >> 8);
    bth[3] = static_cast<uint8_t>(s.pkey);
    bth[4] = 0;
    bth[5] = static_cast<uint8_t>(s.dst_qp >> 16);
    bth[6] = static_cast<uint8_t>(s.dst_qp >> 8);
    bth[7] = static_cast<uint8_t>(s.dst_qp);
    bth[8] = 0;
    bth[9] = static_cast<uint8_t>(s.psn >> 16);
    bth[10] = static_cast<uint8_t>(s.psn >> 8);
    bth[11] = static_cast<uint8_t>(s.psn);
    if (s.opcode == 0x81)
      for (unsigned i = 0; i < s.payload; ++i) bth[12 + i] = 0;  // CNP: 16 reserved bytes
    const uint32_t icrc = roce_icrc(ip, f.data() + f.size() - 4);
    for (int i = 0; i < 4; ++i) f[f.size() - 4 + i] = static_cast<uint8_t>(icrc >> (8 * i));
  }
  return f;
}

// The random mix of the benches. qpn_pick: the BTH destination QP of a RoCE frame.
template <class QpnPick>
GenFrame random_frame(Rng& rng, QpnPick qpn_pick) {
  GenFrame g;
  FrameSpec s;
  s.vlan = rng.chance(30);
  s.vlan_tci = static_cast<uint16_t>(rng.next());
  s.ecn = static_cast<uint8_t>(rng.below(4));
  s.dscp = static_cast<uint8_t>(rng.below(64));
  s.payload = static_cast<unsigned>(rng.chance(70) ? rng.below(160) : rng.below(1100));
  s.dst_qp = qpn_pick();
  s.psn = static_cast<uint32_t>(rng.below(1u << 24));
  s.udp_src = static_cast<uint16_t>(0xC000 | rng.below(0x4000));
  s.opcode = rng.chance(30) ? 0x81 : (rng.chance(50) ? 0x04 : static_cast<uint8_t>(rng.below(0x20)));
  if (s.opcode == 0x81) s.payload = 16;
  const unsigned r = static_cast<unsigned>(rng.below(100));
  FrameInfo& in = g.info;
  if (r < 40) {
    in.kind = FrameInfo::RoceV4;
    if (rng.chance(20)) s.ihl = 6 + static_cast<unsigned>(rng.below(10));
  } else if (r < 60) {
    in.kind = FrameInfo::RoceV6;
    s.v6 = true;
  } else if (r < 66) {
    in.kind = FrameInfo::UdpV4;
    s.udp_dst = static_cast<uint16_t>(rng.chance(50) ? 4792 : rng.next());
    if (s.udp_dst == 4791) s.udp_dst = 4790;
    if (rng.chance(20)) s.ihl = 6 + static_cast<unsigned>(rng.below(10));
  } else if (r < 70) {
    in.kind = FrameInfo::TcpV4;
    s.proto = 6;
  } else if (r < 74) {
    in.kind = FrameInfo::UdpV6;
    s.v6 = true;
    s.udp_dst = 4790;
  } else if (r < 80) {
    in.kind = FrameInfo::NonIp;
  } else if (r < 84) {
    in.kind = FrameInfo::BadVersion;
    s.v6 = rng.chance(40);
  } else if (r < 90) {
    in.kind = FrameInfo::Runt;
  } else {
    in.kind = FrameInfo::Cut;
    s.v6 = rng.chance(40);
    if (!s.v6 && rng.chance(30)) s.ihl = 6 + static_cast<unsigned>(rng.below(10));
  }
  in.vlan = s.vlan;
  in.options = !s.v6 && s.ihl > 5;
  in.ecn = s.ecn;
  in.opcode = s.opcode;
  in.dst_qp = s.dst_qp;
  g.bytes = build_frame(s, rng);
  const size_t l2 = s.vlan ? 18 : 14;
  switch (in.kind) {
    case FrameInfo::NonIp: {
      static const uint16_t et[] = {0x0806, 0x88CC, 0x8808, 0x88A8, 0x86DC, 0x0801};
      const uint16_t t = et[rng.below(6)];
      put16(g.bytes, l2 - 2, t);
      break;
    }
    case FrameInfo::BadVersion:
      // EtherType IPv4/IPv6 but another version nibble, or IPv4 with IHL < 5
      if (s.v6 || rng.chance(50)) {
        const unsigned good = s.v6 ? 6 : 4;
        const unsigned ver = (good + 1 + static_cast<unsigned>(rng.below(15))) % 16;  // not good
        g.bytes[l2] = static_cast<uint8_t>(ver << 4 | (g.bytes[l2] & 15));
      } else {
        g.bytes[l2] = static_cast<uint8_t>(0x40 | rng.below(5));
      }
      break;
    case FrameInfo::Runt:
      g.bytes.resize(1 + rng.below(std::min<size_t>(g.bytes.size(), 64)));
      break;
    case FrameInfo::Cut:
      in.cut_from = g.bytes.size();
      g.bytes.resize(std::max<size_t>(1, std::min(g.bytes.size() - 1, l2 + rng.below(70))));
      break;
    default:
      break;
  }
  if ((in.kind == FrameInfo::RoceV4 || in.kind == FrameInfo::UdpV4) && rng.chance(3)) {
    g.bytes[l2 + 10] ^= static_cast<uint8_t>(1 + rng.below(255));
    in.bad_ip_csum = true;
  }
  if ((in.kind == FrameInfo::RoceV4 || in.kind == FrameInfo::RoceV6) && rng.chance(4)) {
    g.bytes[g.bytes.size() - 1 - rng.below(4)] ^= static_cast<uint8_t>(1 + rng.below(255));
    in.bad_icrc = true;
  }
  return g;
}

// A frame as AXI4-Stream beats of `bytes` lanes: full beats, the last with a contiguous
// tkeep; lanes past the frame's end hold random bytes (a receiver ignores them).
inline std::vector<AxisBeat> to_beats(const std::vector<uint8_t>& f, unsigned bytes, Rng& rng) {
  std::vector<AxisBeat> v;
  for (size_t at = 0; at < f.size(); at += bytes) {
    AxisBeat b;
    const size_t n = std::min<size_t>(bytes, f.size() - at);
    for (unsigned i = 0; i < bytes; ++i)
      b.data[i] = i < n ? f[at + i] : static_cast<uint8_t>(rng.next());
    b.keep = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    b.last = at + bytes >= f.size();
    v.push_back(b);
  }
  return v;
}

}  // namespace dcqcn::tb
