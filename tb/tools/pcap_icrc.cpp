// SPDX-License-Identifier: MIT
// pcap_icrc FILE.pcap: recomputes the RoCEv2 ICRC of every frame of a capture with zlib's
// crc32 (an implementation independent of tb/ref/frame_ref.cpp, the reference the RTL is
// checked against) and counts the right and wrong ones. A RoCEv2 frame: Ethernet, an
// optional 802.1Q tag, IPv4 (any IHL) or IPv6 (no extension header), UDP to port 4791,
// BTH, payload, ICRC (4 bytes, least significant first). The ICRC covers 8 bytes of ones
// (the absent LRH), the IP header with TOS/TTL/checksum (IPv4) or traffic class, flow
// label and hop limit (IPv6) set to ones, UDP with its checksum set to ones, BTH with
// resv8a (its byte 4) set to ones, and the payload (IBA annex A17).
// Prints "pcap_icrc: N frames, R RoCEv2, G right ICRC, B wrong ICRC"; exit 0, or 2 with
// one message when the file is not a readable Ethernet pcap. --fcs: every frame ends with a
// 4-byte FCS (dcqcn-sim --pcap), the ICRC before it; the FCS is checked too (zlib's crc32)
// and the wrong ones printed as ", F wrong FCS".
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

int bad(const std::string& file, const std::string& what) {
  std::fprintf(stderr, "pcap_icrc: %s: %s\n", file.c_str(), what.c_str());
  return 2;
}

uint32_t le32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

}  // namespace

int main(int argc, char** argv) {
  const bool fcs = argc == 3 && std::string(argv[1]) == "--fcs";
  if (argc != 2 && !fcs) {
    std::fprintf(stderr, "usage: pcap_icrc [--fcs] FILE.pcap\n");
    return 2;
  }
  const std::string file = argv[argc - 1];
  std::ifstream in(file, std::ios::binary);
  if (!in) return bad(file, "cannot open");
  const std::vector<uint8_t> d((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (d.size() < 24) return bad(file, "shorter than a pcap header (24 bytes)");
  const uint32_t magic = le32(d.data());
  if (magic != 0xa1b23c4d && magic != 0xa1b2c3d4)
    return bad(file, "not a little-endian pcap (magic 0xa1b23c4d or 0xa1b2c3d4 expected)");
  if (le32(d.data() + 20) != 1) return bad(file, "linktype is not 1 (Ethernet)");
  uint64_t frames = 0, roce = 0, good = 0, wrong = 0, bad_fcs = 0;
  for (size_t at = 24; at < d.size();) {
    if (d.size() - at < 16) return bad(file, "truncated record header at byte " + std::to_string(at));
    uint32_t len = le32(d.data() + at + 8);
    if (d.size() - at - 16 < len) return bad(file, "truncated frame at byte " + std::to_string(at));
    const uint8_t* f = d.data() + at + 16;
    at += 16 + len;
    ++frames;
    if (fcs) {
      if (len < 4) return bad(file, "a frame shorter than its FCS at byte " + std::to_string(at - len - 16));
      bad_fcs += static_cast<uint32_t>(crc32(0L, f, len - 4)) != le32(f + len - 4);
      len -= 4;
    }
    if (len < 14) continue;
    size_t ip = 14;
    uint16_t et = static_cast<uint16_t>(f[12] << 8 | f[13]);
    if (et == 0x8100) {
      if (len < 18) continue;
      ip = 18;
      et = static_cast<uint16_t>(f[16] << 8 | f[17]);
    }
    size_t iph;
    bool v6 = false;
    if (et == 0x0800 && len > ip + 9 && (f[ip] >> 4) == 4 && f[ip + 9] == 17) {
      iph = 4u * (f[ip] & 15);
    } else if (et == 0x86DD && len > ip + 6 && (f[ip] >> 4) == 6 && f[ip + 6] == 17) {
      iph = 40;
      v6 = true;
    } else {
      continue;
    }
    const size_t udp = ip + iph;
    if (len < udp + 8 + 12 + 4 || ((f[udp + 2] << 8) | f[udp + 3]) != 4791) continue;
    ++roce;
    std::vector<uint8_t> m(f + ip, f + len - 4);
    if (v6) {
      m[0] |= 0x0F;
      m[1] = m[2] = m[3] = 0xFF;
      m[7] = 0xFF;
    } else {
      m[1] = 0xFF;
      m[8] = 0xFF;
      m[10] = m[11] = 0xFF;
    }
    m[iph + 6] = m[iph + 7] = 0xFF;
    m[iph + 8 + 4] = 0xFF;
    static const Bytef ones[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    uLong c = crc32(0L, ones, 8);
    c = crc32(c, m.data(), static_cast<uInt>(m.size()));
    if (static_cast<uint32_t>(c) == le32(f + len - 4)) ++good;
    else ++wrong;
  }
  std::printf("pcap_icrc: %llu frames, %llu RoCEv2, %llu right ICRC, %llu wrong ICRC",
              static_cast<unsigned long long>(frames), static_cast<unsigned long long>(roce),
              static_cast<unsigned long long>(good), static_cast<unsigned long long>(wrong));
  if (fcs) std::printf(", %llu wrong FCS", static_cast<unsigned long long>(bad_fcs));
  std::printf("\n");
  return 0;
}
