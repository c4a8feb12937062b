// SPDX-License-Identifier: MIT
#include "pcap.h"

#include "frame_ref.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace dcqcn::net {

namespace {

void put16(uint8_t* p, uint32_t v) { p[0] = uint8_t(v >> 8); p[1] = uint8_t(v); }
void put24(uint8_t* p, uint32_t v) { p[0] = uint8_t(v >> 16); p[1] = uint8_t(v >> 8); p[2] = uint8_t(v); }
void put32(uint8_t* p, uint32_t v) { put16(p, v >> 16); put16(p + 2, v); }
void put32le(uint8_t* p, uint32_t v) { for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i)); }

void host_mac(uint8_t* p, uint16_t node) {
  const uint32_t x = uint32_t{node} + 1;
  const uint8_t m[6] = {0x02, 0, 0, 0, uint8_t(x >> 8), uint8_t(x)};
  std::memcpy(p, m, 6);
}

uint16_t ip_checksum(const uint8_t* h) {
  uint32_t s = 0;
  for (int i = 0; i < 20; i += 2) s += uint32_t(h[i]) << 8 | h[i + 1];
  while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
  return static_cast<uint16_t>(~s);
}

}  // namespace

uint32_t host_ipv4(uint16_t node) { return 0x0A000000u | ((uint32_t{node} + 1) & 0xFFFF); }

// The one CRC-32 of the project (tb/ref/frame_ref.cpp), which the frame blocks' references use.
uint32_t crc32_update(uint32_t crc, const uint8_t* p, size_t n) {
  return dcqcn::crc32_update(crc, p, n);
}

uint32_t roce_icrc(const uint8_t* f, size_t len) {
  static const uint8_t ones[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  uint8_t h[20 + 8 + 12];
  std::memcpy(h, f + 14, sizeof h);
  h[1] = 0xFF;                 // IPv4 TOS (DSCP, ECN)
  h[8] = 0xFF;                 // TTL
  h[10] = h[11] = 0xFF;        // header checksum
  h[26] = h[27] = 0xFF;        // UDP checksum
  h[28 + 4] = 0xFF;            // BTH resv8a
  uint32_t c = crc32_update(0xFFFFFFFFu, ones, sizeof ones);
  c = crc32_update(c, h, sizeof h);
  c = crc32_update(c, f + 14 + sizeof h, len - 14 - sizeof h);
  return ~c;
}

PcapWriter::PcapWriter(const std::string& path, const std::vector<unsigned>& ports) : path_(path) {
  for (unsigned n : ports) sel_.emplace_back(n, false);
  f_ = std::fopen(path.c_str(), "wb");
  if (!f_) throw std::runtime_error("--pcap " + path + ": cannot open for writing: " + std::strerror(errno));
  // pcap global header, nanosecond timestamps (magic 0xa1b23c4d), linktype 1 (Ethernet)
  uint8_t g[24];
  auto le32 = [&](int o, uint32_t v) { put32le(g + o, v); };
  le32(0, 0xa1b23c4d);
  g[4] = 2; g[5] = 0; g[6] = 4; g[7] = 0;  // version 2.4
  le32(8, 0);                 // thiszone
  le32(12, 0);                // sigfigs
  le32(16, 65535);            // snaplen
  le32(20, 1);                // LINKTYPE_ETHERNET
  if (std::fwrite(g, 1, sizeof g, f_) != sizeof g) {
    const std::string why = std::strerror(errno);
    std::fclose(f_);
    f_ = nullptr;
    throw std::runtime_error("--pcap " + path + ": cannot write: " + why);
  }
}

PcapWriter::~PcapWriter() {
  if (f_) std::fclose(f_);
}

void PcapWriter::close() {
  if (!f_) return;
  errno = 0;
  const bool bad = std::fflush(f_) != 0 || std::ferror(f_);
  const int e = errno;
  const bool closed_bad = std::fclose(f_) != 0;
  f_ = nullptr;
  if (bad || closed_bad)
    throw std::runtime_error("--pcap " + path_ + ": write error after " + std::to_string(frames_) +
                             " frames: " + std::strerror(e ? e : errno ? errno : EIO) +
                             "; expected a writable file system with free space");
}

void transport_frame(const WireFrame& e, uint32_t dqpn, std::vector<uint8_t>& out) {
  const size_t len = e.size - 4;  // without the FCS
  out.assign(len, 0);
  uint8_t* f = out.data();
  // Ethernet
  host_mac(f, e.dst);
  host_mac(f + 6, e.src);
  put16(f + 12, 0x0800);
  // IPv4
  uint8_t* ip = f + 14;
  ip[0] = 0x45;
  ip[1] = static_cast<uint8_t>((e.prio * 8) << 2 | (e.ecn & 3));
  put16(ip + 2, static_cast<uint32_t>(len - 14));  // up to the ICRC
  put16(ip + 6, 0x4000);                           // DF
  ip[8] = 64;
  ip[9] = 17;
  put32(ip + 12, host_ipv4(e.src));
  put32(ip + 16, host_ipv4(e.dst));
  put16(ip + 10, ip_checksum(ip));
  // UDP (checksum 0: none, as RoCEv2 allows over IPv4)
  uint8_t* udp = ip + 20;
  put16(udp, 0xC000 | (e.flow & 0x3FFF));
  put16(udp + 2, 4791);
  put16(udp + 4, static_cast<uint32_t>(len - 14 - 20));
  // BTH
  uint8_t* bth = udp + 8;
  const bool ack = e.kind == PktKind::ACK || e.kind == PktKind::NAK;
  bth[0] = ack ? 0x11 : 0x04;  // RC Acknowledge, RC SEND Only
  bth[1] = 0;  // SE 0, M 0, pad 0, TVer 0
  put16(bth + 2, 0xFFFF);  // default P_Key
  put24(bth + 5, dqpn);
  if (e.kind == PktKind::DATA) put24(bth + 9, e.psn & 0xFFFFFF);
  if (ack) {
    // BTH PSN: the PSN acknowledged (ACK: expected - 1) or expected (NAK); AETH syndrome
    // ACK 0x1F (credits invalid) or NAK PSN sequence error 0x60.
    put24(bth + 9, (e.kind == PktKind::ACK ? e.psn - 1 : e.psn) & 0xFFFFFF);
    bth[12] = e.kind == PktKind::ACK ? 0x1F : 0x60;
  }
  put32le(f + len - 4, roce_icrc(f, len - 4));
}

// A PFC frame (the MAC's), FCS included.
size_t PcapWriter::build(uint16_t node, unsigned port, const WireFrame& e) {
  const size_t len = e.size;
  buf_.assign(len, 0);
  uint8_t* f = buf_.data();
  // 802.1Qbb: MAC control frame, opcode 0x0101, class-enable vector, 8 x 2 B quanta.
  const uint8_t dst[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
  std::memcpy(f, dst, 6);
  const uint32_t x = uint32_t{node} + 1;
  const uint8_t src[6] = {0x02, 0, 0, uint8_t(x >> 8), uint8_t(x), uint8_t(port)};
  std::memcpy(f + 6, src, 6);
  put16(f + 12, 0x8808);
  put16(f + 14, 0x0101);
  put16(f + 16, 1u << e.prio);
  put16(f + 18 + 2 * e.prio, e.pause ? 0xFFFF : 0);  // XOFF: the maximum; XON: 0
  put32le(f + len - 4, ~crc32_update(0xFFFFFFFFu, f, len - 4));  // FCS
  return len;
}

void PcapWriter::write(uint16_t node, unsigned port, const WireFrame& e, const std::vector<uint8_t>& bytes,
                       double now_ns) {
  if (!sel_[node][port]) return;
  size_t len;
  if (e.kind == PktKind::PFC) {
    len = build(node, port, e);
  } else {
    // the bytes the blocks and the transport made, and the MAC's FCS
    if (bytes.size() + 4 != e.size)
      throw std::logic_error("--pcap: a frame of " + std::to_string(e.size) + " bytes (FCS included) carries " +
                             std::to_string(bytes.size()) + " bytes; expected its bytes without the FCS");
    len = e.size;
    buf_.resize(len);
    std::memcpy(buf_.data(), bytes.data(), bytes.size());
    put32le(buf_.data() + len - 4, ~crc32_update(0xFFFFFFFFu, buf_.data(), len - 4));
  }
  const uint64_t t = static_cast<uint64_t>(std::llround(now_ns));
  uint8_t h[16];
  put32le(h, static_cast<uint32_t>(t / 1000000000ull));
  put32le(h + 4, static_cast<uint32_t>(t % 1000000000ull));
  put32le(h + 8, static_cast<uint32_t>(len));
  put32le(h + 12, static_cast<uint32_t>(len));
  if (std::fwrite(h, 1, sizeof h, f_) != sizeof h || std::fwrite(buf_.data(), 1, len, f_) != len)
    throw std::runtime_error("--pcap " + path_ + ": write failed after " + std::to_string(frames_) +
                             " frames: " + std::strerror(errno) + "; expected a writable file system with free space");
  ++frames_;
}

}  // namespace dcqcn::net
