// SPDX-License-Identifier: MIT
// Bit- and cycle-exact reference of rtl/dcqcn_nic_top.sv: RpModel, NpModel and
// NicSchedModel composed with a cycle model of the event arbiter (rtl/dcqcn_nic_arb.sv),
// its FIFOs and the AXI4-Lite slave. outputs() are the top's output pins in the current
// cycle (every one comes from a register), step() is one rising clock edge. The network
// simulation's reference engine drives it in place of the Verilated top; the lock-step
// bench (tb/lockstep_nic_top.cpp) compares every output pin every cycle.
#pragma once
#include <array>
#include <cstdint>
#include "small_fifo.h"
#include <string>
#include <vector>

#include "nic_sched_ref.h"
#include "nic_top_desc.h"
#include "np_ref.h"
#include "rp_ref.h"

namespace dcqcn {

struct NicTopIn {
  bool rst = false;
  uint32_t now_ns = 0;
  bool pause = false;
  bool txop_valid = false;
  bool txsel_ready = true;
  bool txdone_valid = false;
  NicTxDone txdone;
  bool host_valid = false;
  NicHostOp host;
  bool rxcnp_valid = false;
  NicRxCnp rxcnp;
  bool rxdata_valid = false;
  NicRxData rxdata;
  bool cnpreq_ready = true;
  // AXI4-Lite master pins
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

struct NicTopOut {
  bool txop_ready = false;
  bool txsel_valid = false;
  NicTxSel txsel;
  bool txdone_ready = false, host_ready = false, rxcnp_ready = false, rxdata_ready = false;
  bool cnpreq_valid = false;
  NicCnpReq cnpreq;
  bool mon_rp_valid = false;
  RpResult mon_rp;
  bool mon_np_valid = false;
  NpResult mon_np;
  bool next_due_valid = false;
  uint32_t next_due_ns = 0;
  uint32_t sweep_due_ns = 0;  // the next sweep (docs/nic.md "The sweep")
  bool txq_nonempty = false;
  bool idle = false;
  // AXI4-Lite slave pins
  bool awready = false, wready = false, bvalid = false;
  uint8_t bresp = 0;
  bool arready = false, rvalid = false;
  uint32_t rdata = 0;
  uint8_t rresp = 0;
};

// Top CSRs (0x200 + these byte addresses), read-only: the table kTopStatus
// (tb/ref/regmap_top.h) that the RTL's status window and docs/regmap.md are generated from
inline constexpr uint32_t kNicTopId = kTopStatus[TOP_ID].value;            // "DCQ1"
inline constexpr uint32_t kNicTopVersion = kTopStatus[TOP_VERSION].value;  // 2.0
enum : uint8_t {
  kTopCsrId = kTopStatus[TOP_ID].addr, kTopCsrNumFlows = kTopStatus[TOP_NUM_FLOWS].addr,
  kTopCsrVersion = kTopStatus[TOP_VERSION].addr, kTopCsrDropped = kTopStatus[TOP_DROPPED].addr,
  kTopCsrTxop = kTopStatus[TOP_TXOP_IN].addr, kTopCsrTxdone = kTopStatus[TOP_TXDONE_IN].addr,
  kTopCsrHost = kTopStatus[TOP_HOST_IN].addr, kTopCsrRxcnp = kTopStatus[TOP_RXCNP_IN].addr,
  kTopCsrRxdata = kTopStatus[TOP_RXDATA_IN].addr, kTopCsrCnpreq = kTopStatus[TOP_CNPREQ_OUT].addr,
  kTopCsrGrants = kTopStatus[TOP_GRANTS_OUT].addr, kTopCsrRpHwm = kTopStatus[TOP_RP_INFLIGHT_HWM].addr,
  kTopCsrNpHwm = kTopStatus[TOP_NP_INFLIGHT_HWM].addr, kTopCsrTimerqHwm = kTopStatus[TOP_TIMERQ_HWM].addr
};

class NicTopModel {
 public:
  static constexpr unsigned kRpCredits = 8;  // RP events in flight
  static constexpr unsigned kNpCredits = 4;  // NP events in flight
  static constexpr unsigned kQueueDepth = 4; // rq, nq
  // slot_bits, slots_log2: the scheduler's wheel (dcqcn_nic_top's SCHED_SLOT_BITS,
  // SCHED_SLOTS_LOG2)
  explicit NicTopModel(uint32_t num_flows, unsigned slot_bits = 5, unsigned slots_log2 = 12);
  NicTopOut outputs(const NicTopIn& in) const;
  // The same into `o`, every field written (a simulation keeps one NicTopOut and fills it
  // every cycle rather than building and zeroing a new one)
  void outputs(const NicTopIn& in, NicTopOut& o) const;
  void step(const NicTopIn& in);

  // for the bench's checks and coverage
  const RpModel& rp() const { return rp_; }
  const NpModel& np() const { return np_; }
  const NicSchedModel& sched() const { return sch_; }
  // the scheduler result taken this cycle (valid when sched_taken)
  struct Peek {
    bool sched_taken = false;
    NicSchedResult sched{};
    bool rp_issued = false;   // an event went into the RP this cycle
    RpEvent rp_ev{};
    bool np_issued = false;
    NpEvent np_ev{};
    bool cmd_issued = false;  // a command went into the scheduler this cycle
    NicSchedEvent cmd{};
    bool sched_held = false;  // a scheduler result waits: rq or nq full
    bool retime = false;      // X loads a departure ARM of a re-timed flow (not TX/QUERY)
    bool query_in_flight = false;  // X applies a host DATA to a flow in flight
  };
  Peek peek(const NicTopIn& in) const;
  unsigned rq_count() const { return static_cast<unsigned>(rq_.size()); }
  bool txop_busy() const { return txop_busy_; }
  std::string debug() const;  // one line of the arbiter's state

 private:
  struct TxDoneE { uint32_t tx_ns, flow; uint16_t bytes; bool more; };
  struct HostE { uint32_t arg, flow; bool init; };
  struct RxCnpE { uint32_t tau, flow; bool ue; };
  struct RxDataE { uint32_t flow; uint8_t ecn; };
  struct RqE { RpOp op; uint32_t flow; uint8_t gen; };
  struct NqE { bool drain; uint32_t flow; uint8_t gen; };

  // the blocks' inputs in this cycle (all from registers)
  RpModel::In rp_in() const;
  NpModel::In np_in() const;
  NicSchedModel::In sch_in() const;

  // the arbiter's combinational decisions of this cycle
  struct Comb {
    RpModel::Out rpo;
    NpModel::Out npo;
    NicSchedModel::Out so;
    bool sr_ready, sr_take, g_take;
    bool rp_ld; unsigned rp_pick;
    bool np_ld, np_pick;
    bool x_ld, x_ld_g, x_pop, x_done, x_step, x_cmd_needed;
    unsigned x_k;
    uint8_t x_cmd_op, x_cmd_kind, x_cmd_gen;
    uint32_t x_cmd_at;
    uint8_t x_wr_word;
    bool y_chg, y_dis, y_cmd, y_step, y_cnp_push, y_done, y_pop;
    uint8_t y_mask_after;
    bool t_ld, xc_take, yc_take, tc_take, cmd_free, cmd_any;
    unsigned cmd_pick;
    bool txop_push, txdone_push, host_acc, host_push, rxcnp_push, rxdata_push;
    bool txop_pop;
  };
  void comb(const NicTopIn& in, Comb& c) const;  // every field of c written
  // comb() depends on the registers and on six input bits only (the inputs' valids and the
  // host op's DATA bit): a simulation asks outputs() and then step() of the same cycle, so
  // the last result is kept until the registers change (step) or those bits differ
  const Comb& comb_kept(const NicTopIn& in) const;
  mutable Comb kept_{};
  mutable bool kept_ok_ = false;
  mutable uint8_t kept_key_ = 0;
  bool arb_idle(const Comb& c) const;

  uint32_t n_, fmask_;
  unsigned slot_bits_, slots_log2_;
  RpModel rp_;
  NpModel np_;
  NicSchedModel sch_;

  // ---- arbiter registers
  uint32_t now_ = 0;
  bool pause_ = false;
  bool clearing_ = true;
  uint32_t clr_addr_ = 0;
  unsigned txop_cnt_ = 0;
  SmallFifo<TxDoneE, 2> txdone_q_;
  SmallFifo<HostE, 2> host_q_;
  SmallFifo<RxCnpE, 2> rxcnp_q_;
  SmallFifo<RxDataE, 2> rxdata_q_;
  SmallFifo<RqE, kQueueDepth> rq_;
  SmallFifo<NqE, kQueueDepth> nq_;
  bool rp_iss_v_ = false;
  RpEvent rp_iss_{};
  unsigned rp_rr_ = 0, rp_cred_ = 0;
  // the sweep (docs/nic.md "The sweep"): the epoch now[31:29] of the last start, in progress,
  // the next flow
  uint32_t sw_ep_ = 0;
  bool sw_on_ = false;
  uint32_t sw_flow_ = 0;
  SmallFifo<bool, kRpCredits> tag_q_;
  bool mon_rp_v_ = false;
  RpResult mon_rp_{};
  SmallFifo<RpResult, kRpCredits> rf_;
  bool np_iss_v_ = false;
  NpEvent np_iss_{};
  bool np_rr_ = false;
  unsigned np_cred_ = 0;
  bool mon_np_v_ = false;
  NpResult mon_np_{};
  SmallFifo<NpResult, kNpCredits> nf_;
  bool g_v_ = false;
  uint32_t g_flow_ = 0;
  // X
  bool x_v_ = false, x_is_g_ = false;
  uint8_t x_mask_ = 0;
  RpOp x_op_ = RpOp::TX;
  uint32_t x_flow_ = 0;
  bool x_paced_ = false, x_more_ = false;
  uint32_t x_next_ = 0;
  std::array<uint8_t, 3> x_tmr_{}, x_gen_{};
  std::array<uint32_t, 3> x_dl_{};
  bool x_gset_ = false;
  bool xc_v_ = false, xc_g_ = false;  // XC: X's next command
  NicSchedEvent xc_{};
  std::vector<uint8_t> fl_;  // flow RAM {has_data, in_flight, query_seen}
  uint8_t fl_rdata_ = 0;
  // Y
  bool y_v_ = false;
  uint8_t y_mask_ = 0;
  uint32_t y_flow_ = 0, y_qflow_ = 0, y_tdl_ = 0, y_tau_ = 0, y_qat_ = 0;
  uint8_t y_tgen_ = 0;
  bool y_kind_ = false, y_qvalid_ = false, y_same_ = false;
  bool yc_v_ = false;  // YC: Y's next command
  NicSchedEvent yc_{};
  bool tc_v_ = false;  // TC: a TXOPP
  bool drain_on_ = false;
  uint32_t drain_flow_ = 0, drain_at_ = 0;
  SmallFifo<NicCnpReq, 2> cnpq_;
  // T, txsel
  bool txop_busy_ = false;
  bool ts_v_ = false;
  NicTxSel ts_{};
  // command register
  bool cmd_v_ = false;
  NicSchedEvent cmd_{};
  unsigned cmd_rr_ = 0;
  // counters
  uint32_t c_txop_ = 0, c_txdone_ = 0, c_host_ = 0, c_rxcnp_ = 0, c_rxdata_ = 0, c_cnpreq_ = 0,
           c_grant_ = 0, dropped_ = 0, hwm_rp_ = 0, hwm_np_ = 0, hwm_rq_ = 0, arb_rdata_ = 0;

  // ---- AXI4-Lite slave and the CSR bus to the blocks
  bool aw_held_ = false, w_held_ = false, bvalid_ = false, bslverr_ = false;
  uint16_t awaddr_ = 0;
  uint32_t wdata_ = 0;
  bool wstrb_full_ = false;
  bool rd_issue_ = false, rd_wait_ = false, rvalid_ = false;
  uint32_t rdata_ = 0;
  unsigned rd_sel_ = 4;
  bool rp_we_ = false, np_we_ = false, sch_we_ = false;
  bool rp_re_ = false, np_re_ = false, arb_re_ = false, sch_re_ = false;
  uint8_t csr_addr_ = 0;
  uint32_t csr_wdata_ = 0;
};

}  // namespace dcqcn
