// SPDX-License-Identifier: MIT
// Bit-exact reference of rtl/dcqcn_rx_class.sv, the RoCEv2 receive classifier
// (docs/frames.md, "Receive classifier").
//
// Two layers:
//  - rx_class_frame(): the rule on a whole frame's bytes (the class, the ECN, the BTH's
//    opcode and destination QP; the ICRC recomputed with roce_icrc, tb/ref/frame_ref.h).
//  - RxClassModel: a cycle-accurate wrapper with the RTL's ports; step() is one edge. It
//    carries each frame's class from its last beat down the RTL's 8 stages (A..H), reads the QP
//    table when the last beat moves from stage D to E, and shows the descriptor with the
//    last beat on m_axis.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "frame_ref.h"
#include "regmap.h"

namespace dcqcn {

// The class of a frame before the QP table is read: Roce (ICRC right) then becomes
// UnknownQpn, Data or Cnp by the table.
enum class RxKind : uint8_t { Short = 0, NotRoce, BadIcrc, Roce };

struct RxFrameClass {
  RxKind kind = RxKind::Short;
  uint8_t ecn = 0;     // the IP ECN field (Roce)
  uint8_t opcode = 0;  // BTH opcode (Roce)
  uint32_t dqpn = 0;   // BTH destination QP (Roce)
  bool operator==(const RxFrameClass&) const = default;
};

// The rule on the len bytes of a frame (no FCS): rtl/dcqcn_rx_class.sv's header.
RxFrameClass rx_class_frame(const uint8_t* f, size_t len);

// One QP table entry (NUM_QPS entries, direct-mapped by the QP's low bits).
struct RxQpEntry {
  bool valid = false;
  uint32_t tag = 0;    // the QP's bits above log2(NUM_QPS)
  uint16_t flow = 0;
  bool operator==(const RxQpEntry&) const = default;
};

// CSR byte addresses: the table kRxRegs / kRxCmds / kRxStatus (tb/ref/regmap_frame.h) that
// the RTL's CSR file and docs/regmap.md are generated from; counters in the order of
// RxCounter, which is kRxStatus's.
enum RxClassCsr : uint8_t {
  kRxMapFlow = kRxRegs[RX_MAP_FLOW].addr, kRxMapCommit = kRxCmds[RX_MAP_COMMIT].addr,
  kRxCnt0 = kRxStatus[RX_FRAMES].addr
};
enum RxCounter : unsigned { kRxFrames = RX_FRAMES, kRxData = RX_DATA, kRxCnps = RX_CNPS,
                            kRxNotRoce = RX_NOT_ROCE, kRxShort = RX_SHORT, kRxBadIcrc = RX_BAD_ICRC,
                            kRxUnknownQpn = RX_UNKNOWN_QPN, kRxCntN = RX_NUM_STATUS };

struct RxClassIn {
  bool rst = false;
  bool s_valid = false;
  AxisBeat s;
  bool m_ready = true, rxdata_ready = true, rxcnp_ready = true;
  bool csr_we = false, csr_re = false;
  uint8_t csr_addr = 0;
  uint32_t csr_wdata = 0;
};

struct RxClassOut {
  bool s_ready = false;
  bool m_valid = false;
  AxisBeat m;  // all zero while m_valid is 0
  bool rxdata_valid = false, rxcnp_valid = false;
  uint64_t rxdata = 0, rxcnp = 0;  // 0 while not valid
  uint32_t csr_rdata = 0;
};

class RxClassModel {
 public:
  RxClassModel(unsigned data_width, unsigned num_qps);
  RxClassOut outputs(const RxClassIn& in) const;
  void step(const RxClassIn& in);
  bool clearing() const { return clearing_; }
  unsigned qps() const { return qps_; }
  uint32_t counter(unsigned i) const { return cnt_[i]; }
  // what a lookup of qpn would read now
  const RxQpEntry& entry(uint32_t qpn) const { return ram_[qpn & (qps_ - 1)]; }
  static constexpr unsigned kLatency = 9;

 private:
  struct Slot {
    bool valid = false;
    AxisBeat beat;
    RxFrameClass cls;     // on a last beat: the frame's class
    RxQpEntry hit{};      // on a last beat: the entry read (from stage D on)
  };
  unsigned bytes_, qps_, shift_;
  uint16_t map_flow_ = 0;
  uint32_t rdata_ = 0;
  std::array<uint32_t, kRxCntN> cnt_{}, pulse_{};
  std::vector<RxQpEntry> ram_;
  bool clearing_ = true;
  uint32_t clear_addr_ = 0;
  std::vector<uint8_t> frame_;       // the bytes of the frame coming in
  std::array<Slot, kLatency - 1> st_{};  // stages A .. H
  bool m_valid_ = false;
  AxisBeat m_;
  bool rxd_valid_ = false, rxc_valid_ = false;
  uint64_t rxd_ = 0, rxc_ = 0;
};

}  // namespace dcqcn
