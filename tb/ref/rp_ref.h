// SPDX-License-Identifier: MIT
// Bit-exact reference of rtl/dcqcn_rp.sv, the DCQCN reaction point (rate limiter).
//
// Two layers:
//  - RpAlgo: the algorithm, one event at a time (process()). It is what the network
//    simulation runs in place of the RTL. Every value the RTL computes is computed here
//    with the same integer arithmetic (docs/rp.md gives the formulas).
//  - RpModel: a cycle-accurate wrapper with the RTL's ports; step() is one clock edge.
//    It reproduces the RTL's admission rule (same-flow stall, credits, CSR apply), its
//    latency and its output FIFO; the arithmetic is RpAlgo's.
//
// Timers are not free-running: the block announces each timer's deadline with a
// generation tag (*tmr = SET) and the system sends an ALPHA_TIMER / INC_TIMER /
// CUT_TIMER event carrying that tag when the deadline passes. A tag that no longer
// matches (the timer was re-armed or cancelled meanwhile) makes the event a no-op (stale).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "regmap.h"
#include "small_fifo.h"

namespace dcqcn {

enum class RpOp : uint8_t {
  TX = 0, CNP = 1, ALPHA_TIMER = 2, INC_TIMER = 3, QUERY = 4, INIT = 5, CUT_TIMER = 6,
  AGE = 7  // as QUERY in the RP; the NIC's sweep (one per flow and 2^29-ns epoch), arms nothing
};

struct RpEvent {
  RpOp op = RpOp::TX;      // AGE (7) does what QUERY does (docs/rp.md "Time")
  uint32_t flow = 0;
  uint32_t now_ns = 0;     // wrapping nanosecond timestamp
  uint16_t bytes = 0;      // TX: bytes of the packet sent
  bool cnp_ue = false;     // CNP: 0 = CE (cut), 1 = UE (TCD: stop increasing only)
  uint32_t tau_ns = 0;     // CNP: the NP's CNP interval (DCQCN+); INIT: start rate kb/s (0 = line), Rt = line
  uint8_t gen = 0;         // *_TIMER: the tag announced with the deadline
};

// Per-flow rate state: one word of the RTL's state RAM A (kRpStateBits).
struct RpState {
  bool valid = false;      // false = fresh flow (after reset or INIT)
  uint32_t rc = 0, rt = 0; // kb/s
  uint32_t alpha = 0;      // Q16, 0..65536
  uint8_t t_stage = 0, bc_stage = 0;
  uint32_t byte_cnt = 0;
  uint8_t agen = 0, igen = 0, cgen = 0;
  bool a_armed = false, i_armed = false, c_armed = false;
  bool cut_pending = false;  // CUT_DEFER: a CE CNP arrived inside the monitor period
  bool cut_valid = false;
  uint32_t last_cut_ns = 0;
  bool cnp_seen = false, ti_flag = false;
  uint32_t tau_ns = 0;
};
inline constexpr unsigned kRpStateBits = 1 + 32 + 32 + 17 + 8 + 8 + 32 + 8 * 3 + 3 + 1 + 1 + 32 + 1 + 1 + 32;

// Pacing state: one word of the RTL's RAM B (kRpPaceBits). Times are ns.12 (44 bits,
// wrapping with the 32-bit ns).
struct RpPace {
  bool valid = false;      // the flow has sent since reset / INIT
  uint64_t t_dep = 0;      // schedule time of the last departure
  uint16_t bytes = 0;      // bytes of the last departure
  uint64_t t_next = 0;     // earliest next departure
};
inline constexpr unsigned kRpPaceBits = 1 + 44 + 16 + 44;

enum class TmrAct : uint8_t { NONE = 0, SET = 1, CLR = 2 };

struct RpResult {
  RpOp op = RpOp::TX;
  uint32_t flow = 0;
  bool stale = false;             // timer event whose tag no longer matches
  bool paced = false;             // the flow has pacing state: next_tx_ns is real
  uint32_t next_tx_ns = 0;        // earliest departure of the flow's next packet (re-timed)
  uint32_t rc = 0, rt = 0, alpha = 0;
  uint8_t atmr = 0, agen = 0;     // TmrAct and tag of the alpha timer
  uint32_t adl_ns = 0;            // alpha-timer deadline when atmr == SET, else 0
  uint8_t itmr = 0, igen = 0;     // same for the rate-increase timer
  uint32_t idl_ns = 0;
  uint8_t ctmr = 0, cgen = 0;     // same for the deferred-cut timer (CUT_DEFER)
  uint32_t cdl_ns = 0;
  bool operator==(const RpResult&) const = default;
};

using RpRegs = std::array<uint32_t, RP_NUM_REGS>;

// Branch counters for functional coverage, kept by the caller of RpAlgo::process().
struct RpCov {
  uint64_t fr = 0, ai = 0, hai = 0, hai_fixed = 0, plus_fr = 0, plus_mid = 0, plus_high = 0,
           bc_expire = 0, rt_clamp_line = 0, rc_clamp_min = 0, alpha_floor = 0, alpha_decay = 0,
           cut = 0, cut_alpha_first = 0, cut_blocked = 0, cut_deferred = 0, cut_deferred_again = 0,
           cut_at_period_end = 0, cut_pending_cleared = 0, first_rate = 0, clamp_after_ti = 0,
           ue = 0, stale = 0, inc_disarm = 0, pace_keep = 0, pace_restart = 0, retime = 0,
           retime_at_now = 0, plus_tau = 0, plus_mtu = 0, init = 0, init_rate = 0, query = 0,
           pace_retire = 0;
};

RpRegs rp_reset_regs();

// Pacing arithmetic (docs/rp.md "Pacing"): no divider. recip(rc) gives the leading-zero
// count lz of rc and T = floor(125000 * 4096 / (4096 + idx + 1)), idx the 12 bits after
// the leading one; T * 2^(lz - 13) <= 8e6 * 4096 / rc (ns.12 per byte), within 0.027 %.
struct RpRecip {
  unsigned lz;   // leading zeros of rc (0..22 for rc >= 1000)
  uint32_t t;    // 17-bit table value
};
RpRecip rp_recip(uint32_t rc_kbps);
uint32_t rp_recip_table(unsigned idx);  // the 4096-entry table (rtl/dcqcn_rp_recip.vh)
// ns.12 to send `bytes` at rc: floor(bytes * T * 2^lz / 2^13) <= bytes * 8e6 * 4096 / rc.
uint64_t rp_pace_ns12(uint16_t bytes, RpRecip r);
// DCQCN+ MTU term in ns: floor(L * T / 2^(33 - lz)), L = LAMBDA_Q8 * MTU_BYTES.
uint64_t rp_period_mtu_ns(uint32_t lambda_mtu, RpRecip r);

class RpAlgo {
 public:
  explicit RpAlgo(uint32_t num_flows);

  // One event. Branch counters for coverage are added to *cov when given (the network
  // simulation passes none).
  RpResult process(const RpEvent& ev, RpCov* cov = nullptr);
  void clear();  // all flows fresh

  // CSR semantics of regmap.h: writes clamped to [min, max], unknown addresses ignore
  // writes and read 0.
  void csr_write(uint8_t addr, uint32_t v);
  uint32_t csr_read(uint8_t addr) const;
  void set(RpReg r, uint32_t v) { csr_write(kRpRegs[r].addr, v); }
  const RpRegs& regs() const { return regs_; }
  void load_regs(const RpRegs& r) { regs_ = r; }  // values already clamped (the model's apply)

  const RpState& state(uint32_t flow) const { return st_[flow]; }
  const RpPace& pace(uint32_t flow) const { return pace_[flow]; }
  RpState fresh() const;
  // Host memory of the flow table (capacity x size of the per-flow state and pacing
  // entries): the simulator's per-flow memory figure (docs/network.md, state_bytes).
  size_t flow_state_bytes() const {
    return st_.capacity() * sizeof(RpState) + pace_.capacity() * sizeof(RpPace);
  }

  static constexpr unsigned kFrac = 12;                  // ns.12
  static constexpr uint64_t kMask44 = (1ull << 44) - 1;

 private:
  void increase(RpState& s, bool timer, RpCov& cov);
  RpRegs regs_ = rp_reset_regs();
  std::vector<RpState> st_;
  std::vector<RpPace> pace_;
};

// Cycle-accurate model of dcqcn_rp: same ports, same latency, same back-pressure.
class RpModel {
 public:
  static constexpr int kLatency = 12;     // cycles from the s_evt handshake cycle to the first
                                          // with m_out_valid, both counted, nothing stalled
  static constexpr int kPipe = 12;        // pipeline registers P1..P12 after admission
  static constexpr int kHazard = 7;       // an event waits while its flow is in P1..P7
  static constexpr int kCredits = 17;     // output FIFO (16) + output register
  static constexpr int kSettle = 3;       // cycles after a CSR apply before admission
  using In = ModelIn<RpEvent>;
  using Out = ModelOut<RpResult>;
  explicit RpModel(uint32_t num_flows);
  // Outputs as they are in the current cycle (before the edge) for these inputs.
  Out outputs(const In& in) const;
  // One rising edge with these inputs; the events computed at it add to *cov if given.
  void step(const In& in, RpCov* cov = nullptr);
  const RpAlgo& algo() const { return algo_; }
  // Why the held event did not advance in the last cycle (coverage).
  uint64_t stall_hazard = 0, stall_credit = 0, stall_csr = 0;
  // One line of internal state for debugging a bench (admission, pipeline, credits).
  std::string debug() const;

 private:
  bool admit() const;                 // the event in I advances
  bool gates_open() const;            // credits, no CSR apply, RAM cleared
  bool hazard(uint32_t flow) const;   // flow in P1..P7
  struct Slot { bool valid = false; uint32_t flow = 0; RpResult r; };
  RpAlgo algo_;
  uint32_t n_;
  uint32_t clearing_ = 0;
  bool in_valid_ = false;   // the accept register I
  RpEvent in_ev_;
  std::array<Slot, kPipe + 1> p_{};  // p_[1..kPipe]
  SmallFifo<RpResult, 16> fifo_;  // the RTL's output FIFO (kCredits - 1 entries)
  bool o_valid_ = false;
  RpResult o_;
  unsigned cnt_ = 0;        // admitted and not yet taken from the output
  RpRegs shadow_ = rp_reset_regs();
  bool pending_ = false;
  bool we_prev_ = false;    // a CSR write in the previous cycle (it is still landing: no apply)
  unsigned settle_ = 0;
  uint32_t csr_rdata_ = 0;
};

}  // namespace dcqcn
