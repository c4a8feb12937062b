// SPDX-License-Identifier: MIT
// Bit- and cycle-exact reference of rtl/dcqcn_nic_frame_top.sv, the NIC top with frames in
// and out (docs/frames.md, "The frame-level NIC top"): RxClassModel in front of
// NicTopModel's s_axis_rxdata / s_axis_rxcnp, CnpBuildModel behind its m_axis_cnpreq, and a
// model of the wrapper's AXI4-Lite slave (local CSR buses of the two frame blocks, the
// top's slave mastered for 0x0000-0x0FFF). outputs() are the wrapper's output pins in the
// current cycle, step() one rising edge. The blocks are connected as the RTL connects them:
// every valid and data between them comes from a register, and the readies are computed
// from the receiving block's registers and the wrapper's inputs, so the order below
// (builder's ready, top, classifier) has no loop.
#pragma once
#include <cstdint>
#include <string>

#include "cnp_build_ref.h"
#include "frame_ref.h"
#include "nic_top_ref.h"
#include "rx_class_ref.h"

namespace dcqcn {

// The wrapper's own registers at 0x1200 (read-only: kFrameStatus, tb/ref/regmap_frame.h)
// and the blocks' windows.
inline constexpr uint32_t kFrameTopId = kFrameStatus[FRAME_ID].value;  // "DCQF"
enum : uint16_t {
  kFrameTopWinTop = 0x0000,    // dcqcn_nic_top's map, 0x0000-0x0FFF
  kFrameTopWinRx = 0x1000,     // dcqcn_rx_class CSRs
  kFrameTopWinCnp = 0x1100,    // dcqcn_cnp_build CSRs
  kFrameTopWinInfo = 0x1200,   // FRAME_ID, FRAME_DATA_WIDTH, FRAME_NUM_QPS
};

struct NicFrameTopIn {
  bool rst = false;
  uint32_t now_ns = 0;
  bool pause = false;
  bool txop_valid = false;
  bool txsel_ready = true;
  bool txdone_valid = false;
  NicTxDone txdone;
  bool host_valid = false;
  NicHostOp host;
  bool rx_valid = false;      // s_axis_rx
  AxisBeat rx;
  bool rx_out_ready = true;   // m_axis_rx_tready
  bool cnp_ready = true;      // m_axis_cnp_tready
  // AXI4-Lite master pins (13-bit addresses)
  bool awvalid = false;
  uint16_t awaddr = 0;
  bool wvalid = false;
  uint32_t wdata = 0;
  uint8_t wstrb = 0;
  bool bready = false;
  bool arvalid = false;
  uint16_t araddr = 0;
  bool rready = false;
};

struct NicFrameTopOut {
  bool txop_ready = false;
  bool txsel_valid = false;
  NicTxSel txsel;
  bool txdone_ready = false, host_ready = false;
  bool rx_ready = false;       // s_axis_rx_tready
  bool rx_out_valid = false;   // m_axis_rx
  AxisBeat rx_out;             // all zero while not valid
  bool cnp_valid = false;      // m_axis_cnp
  AxisBeat cnp;                // all zero while not valid
  bool mon_rp_valid = false;
  RpResult mon_rp;
  bool mon_np_valid = false;
  NpResult mon_np;
  bool next_due_valid = false;
  uint32_t next_due_ns = 0;
  uint32_t sweep_due_ns = 0;
  bool txq_nonempty = false;
  bool idle = false;
  bool awready = false, wready = false, bvalid = false;
  uint8_t bresp = 0;
  bool arready = false, rvalid = false;
  uint32_t rdata = 0;
  uint8_t rresp = 0;
};

class NicFrameTopModel {
 public:
  NicFrameTopModel(unsigned data_width, uint32_t num_flows, uint32_t num_qps);
  NicFrameTopOut outputs(const NicFrameTopIn& in) const;
  void step(const NicFrameTopIn& in);

  // the three blocks' pins in this cycle (for the bench's checks and coverage)
  struct Inner {
    RxClassIn rx;
    RxClassOut rxo;
    NicTopIn top;
    NicTopOut to;
    CnpBuildIn cb;
    CnpBuildOut cbo;
  };
  Inner inner(const NicFrameTopIn& in) const;
  const RxClassModel& rx_class() const { return rx_; }
  const NicTopModel& top() const { return top_; }
  const CnpBuildModel& cnp_build() const { return cb_; }
  std::string debug() const { return top_.debug(); }

 private:
  struct Regs {
    bool aw_held = false, w_held = false, bvalid = false;
    uint8_t bresp = 0, rresp = 0;
    uint16_t awaddr = 0;
    uint32_t wdata = 0;
    uint8_t wstrb = 0;
    bool wfwd = false, rfwd = false;
    bool t_awvalid = false, t_wvalid = false, t_arvalid = false;
    uint16_t t_awaddr = 0, t_araddr = 0;
    uint32_t t_wdata = 0;
    uint8_t t_wstrb = 0;
    bool rd_issue = false, rd_wait = false, rvalid = false;
    uint32_t rdata = 0;
    unsigned rd_sel = 4;
    bool rx_we = false, rx_re = false, cb_we = false, cb_re = false;
    uint8_t rx_addr = 0, cb_addr = 0, inf_addr = 0;
    uint32_t rx_wdata = 0, cb_wdata = 0;
  };
  static unsigned blk_sel(uint16_t addr);  // 0 top, 1 rx_class, 2 cnp_build, 3 info, 4 none
  uint32_t info(uint8_t a) const;
  static bool wr_go_of(const Regs& r) { return r.aw_held && r.w_held && !r.bvalid && !r.wfwd; }
  bool wr_go() const { return wr_go_of(r_); }

  unsigned width_;
  uint32_t qps_;
  RxClassModel rx_;
  NicTopModel top_;
  CnpBuildModel cb_;
  Regs r_;
};

}  // namespace dcqcn
