// SPDX-License-Identifier: MIT
// A pcap file of Ethernet frames (no FCS) for the frame benches' --pcap: nanosecond
// timestamps (magic 0xa1b23c4d), linktype 1. Throws with a one-line reason on any error.
#pragma once
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace dcqcn::tb {

class PcapOut {
 public:
  explicit PcapOut(const std::string& path) : path_(path) {
    f_ = std::fopen(path.c_str(), "wb");
    if (!f_) throw std::runtime_error("--pcap " + path + ": cannot open for writing: " + std::strerror(errno));
    uint8_t g[24] = {};
    le32(g, 0xa1b23c4d);
    g[4] = 2;  // version 2.4
    g[6] = 4;
    le32(g + 16, 65535);  // snaplen
    le32(g + 20, 1);      // Ethernet
    put(g, sizeof g);
  }
  ~PcapOut() {
    if (f_) std::fclose(f_);
  }
  PcapOut(const PcapOut&) = delete;
  PcapOut& operator=(const PcapOut&) = delete;

  void write(const std::vector<uint8_t>& frame, uint64_t t_ns) {
    uint8_t h[16];
    le32(h, static_cast<uint32_t>(t_ns / 1000000000u));
    le32(h + 4, static_cast<uint32_t>(t_ns % 1000000000u));
    le32(h + 8, static_cast<uint32_t>(frame.size()));
    le32(h + 12, static_cast<uint32_t>(frame.size()));
    put(h, sizeof h);
    put(frame.data(), frame.size());
    ++frames_;
  }
  uint64_t frames() const { return frames_; }

 private:
  static void le32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
  }
  void put(const void* p, size_t n) {
    if (std::fwrite(p, 1, n, f_) != n)
      throw std::runtime_error("--pcap " + path_ + ": write failed: " + std::strerror(errno));
  }
  std::string path_;
  FILE* f_ = nullptr;
  uint64_t frames_ = 0;
};

// The CNP benches' --pcap (cnp_build, nic_frame_top): every CNP frame checked, in a pcap,
// its destination QP (from the bench's own context table) a line of PATH.dqpn, the tagged
// ones counted; summary() is the line tb/tools/frames_tshark_test.sh reads.
class CnpCapture {
 public:
  explicit CnpCapture(const std::string& path) : path_(path), pcap_(path) {
    qpns_ = std::fopen((path + ".dqpn").c_str(), "w");
    if (!qpns_) throw std::runtime_error("--pcap " + path + ".dqpn: cannot open for writing");
  }
  ~CnpCapture() { std::fclose(qpns_); }
  CnpCapture(const CnpCapture&) = delete;
  CnpCapture& operator=(const CnpCapture&) = delete;

  void write(const std::vector<uint8_t>& frame, uint64_t t_ns, uint32_t dqpn, bool tagged) {
    pcap_.write(frame, t_ns);
    std::fprintf(qpns_, "%u\n", dqpn);
    ++tagged_[tagged ? 1 : 0];
  }
  // "<bench>: pcap PATH: N frames, T tagged, U untagged (what); their destination QPs ..."
  void summary(const char* bench, const char* what) const {
    std::printf("%s: pcap %s: %llu frames, %llu tagged, %llu untagged%s; their destination QPs "
                "(from the bench's context table) in %s.dqpn\n",
                bench, path_.c_str(), static_cast<unsigned long long>(pcap_.frames()),
                static_cast<unsigned long long>(tagged_[1]), static_cast<unsigned long long>(tagged_[0]),
                what, path_.c_str());
  }

 private:
  std::string path_;
  PcapOut pcap_;
  std::FILE* qpns_ = nullptr;
  uint64_t tagged_[2] = {0, 0};
};

}  // namespace dcqcn::tb
