// SPDX-License-Identifier: MIT
// Bit-exact reference of rtl/dcqcn_cnp_build.sv, the RoCEv2 CNP frame builder
// (docs/frames.md, "CNP builder").
//
// Two layers:
//  - cnp_frame(): the frame's bytes from a QP context and the global CSRs (the byte layout
//    of the RTL's header; IPv4 checksum and ICRC computed from the bytes, tb/ref/frame_ref.h).
//  - CnpBuildModel: a cycle-accurate wrapper with the RTL's ports; step() is one edge.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "frame_ref.h"
#include "regmap.h"

namespace dcqcn {

struct QpContext {
  bool valid = false;
  uint64_t dmac = 0;  // 48 bits, [47:40] first on the wire
  uint32_t sip = 0, dip = 0;
  uint32_t dqpn = 0;  // 24 bits
  uint16_t sport = 0, pkey = 0;
  bool operator==(const QpContext&) const = default;
};

struct CnpGlobals {
  uint64_t smac = 0;   // 48 bits
  uint8_t dscp = 48;   // 6 bits
  uint32_t vlan = 0;   // [11:0] VID, [14:12] PCP, [16] tagged
};

// The CNP frame (74 bytes, 78 tagged; no FCS).
std::vector<uint8_t> cnp_frame(const QpContext& c, const CnpGlobals& g);

// CSR byte addresses: the table kCnpRegs / kCnpCmds / kCnpStatus (tb/ref/regmap_frame.h)
// that the RTL's CSR file and docs/regmap.md are generated from.
enum CnpCsr : uint8_t {
  kCnpSrcMacLo = kCnpRegs[CNP_SRC_MAC_LO].addr, kCnpSrcMacHi = kCnpRegs[CNP_SRC_MAC_HI].addr,
  kCnpDscp = kCnpRegs[CNP_DSCP].addr, kCnpVlan = kCnpRegs[CNP_VLAN].addr,
  kCnpCtxDmacLo = kCnpRegs[CNP_CTX_DMAC_LO].addr, kCnpCtxDmacHi = kCnpRegs[CNP_CTX_DMAC_HI].addr,
  kCnpCtxSip = kCnpRegs[CNP_CTX_SIP].addr, kCnpCtxDip = kCnpRegs[CNP_CTX_DIP].addr,
  kCnpCtxDqpn = kCnpRegs[CNP_CTX_DQPN].addr, kCnpCtxPortPkey = kCnpRegs[CNP_CTX_PORT_PKEY].addr,
  kCnpCtxCommit = kCnpCmds[CNP_CTX_COMMIT].addr, kCnpCnps = kCnpStatus[CNP_CNPS].addr,
  kCnpNoCtx = kCnpStatus[CNP_NO_CTX].addr
};

struct CnpBuildIn {
  bool rst = false;
  bool req_valid = false;
  uint64_t req = 0;  // s_axis_cnpreq_tdata: [47:32] flow
  bool m_ready = true;
  bool csr_we = false, csr_re = false;
  uint8_t csr_addr = 0;
  uint32_t csr_wdata = 0;
};

struct CnpBuildOut {
  bool req_ready = false;
  bool m_valid = false;
  AxisBeat m;  // all zero while m_valid is 0
  uint32_t csr_rdata = 0;
};

class CnpBuildModel {
 public:
  CnpBuildModel(unsigned data_width, unsigned num_flows);
  CnpBuildOut outputs(const CnpBuildIn& in) const;
  void step(const CnpBuildIn& in);
  bool clearing() const { return clearing_; }
  unsigned flows() const { return flows_; }
  // what a request for `flow` (masked) reads from the RAM now
  const QpContext& context(uint32_t flow) const { return ram_[flow & (flows_ - 1)]; }
  CnpGlobals globals() const;

 private:
  struct Item {
    bool valid = false;
    QpContext ctx;
    CnpGlobals g;
  };
  unsigned bytes_, flows_;
  // CSRs: the registers in the order of kCnpRegs, the counters
  std::array<uint32_t, CNP_NUM_REGS> reg_{};
  uint32_t rdata_ = 0, cnps_ = 0, noctx_ = 0;
  void reset_regs() {
    for (unsigned i = 0; i < CNP_NUM_REGS; ++i) reg_[i] = kCnpRegs[i].reset;
  }
  // RAM and its read register
  std::vector<QpContext> ram_;
  QpContext rd_;
  bool clearing_ = true;
  uint32_t clear_addr_ = 0;
  // stages L, C, P, F
  bool l_valid_ = false;
  Item c_, p_, f_;
  // the frame register
  bool e_valid_ = false;
  std::vector<uint8_t> e_frame_;
  size_t e_off_ = 0;
  unsigned e_left_ = 0;
};

}  // namespace dcqcn
