// SPDX-License-Identifier: MIT
// Bit-exact reference of rtl/dcqcn_rp.sv, the DCQCN reaction point (rate limiter).
//
// Two layers:
//  - RpAlgo: the algorithm, one event at a time (stage A: rate state; stage P: pacing
//    and timer deadlines). It is what the network simulation runs in place of the RTL.
//  - RpModel: a cycle-accurate wrapper with the RTL's ports; step() is one clock edge.
//
// Timers are not free-running: the block announces each timer's deadline with a
// generation tag (m_out_*tmr_set) and the system sends an ALPHA_TIMER / INC_TIMER event
// carrying that tag when the deadline passes. A tag that no longer matches (the timer
// was re-armed or cancelled meanwhile) makes the event a no-op (stale).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "regmap.h"

namespace dcqcn {

enum class RpOp : uint8_t { TX = 0, CNP = 1, ALPHA_TIMER = 2, INC_TIMER = 3, QUERY = 4, INIT = 5,
                            CUT_TIMER = 6 };

struct RpEvent {
  uint8_t op = 0;          // RpOp; 6 and 7 behave as QUERY
  uint32_t flow = 0;
  uint32_t now_ns = 0;     // wrapping nanosecond timestamp
  uint16_t bytes = 0;      // TX: bytes of the packet sent
  bool cnp_ue = false;     // CNP: 0 = CE (cut), 1 = UE (TCD: stop increasing only)
  uint32_t tau_ns = 0;     // CNP: the NP's CNP interval (DCQCN+); INIT: start rate kb/s (0 = line), Rt = line
  uint8_t gen = 0;         // *_TIMER: the tag announced with the deadline
};

// Per-flow rate state: one word of the RTL's state RAM (see kRpStateBits).
struct RpState {
  bool valid = false;      // false = fresh flow (after reset or INIT)
  uint32_t rc = 0, rt = 0; // kb/s
  uint32_t alpha = 0;      // Q16, 0..65536
  uint8_t t_stage = 0, bc_stage = 0;
  uint32_t byte_cnt = 0;
  uint8_t agen = 0, igen = 0;
  bool a_armed = false, i_armed = false;
  bool cut_valid = false;
  uint32_t last_cut_ns = 0;
  bool cnp_seen = false, ti_flag = false;
  uint32_t tau_ns = 0;
};

// Pacing state: one word of the RTL's second RAM.
struct RpPace {
  bool valid = false;
  uint64_t t_next = 0;     // 44 bits: ns.12 of the earliest next departure
};

enum class TmrAct : uint8_t { NONE = 0, SET = 1, CLR = 2 };

struct RpResult {
  uint8_t op = 0;
  uint32_t flow = 0;
  bool stale = false;             // timer event whose tag no longer matches
  uint32_t next_tx_ns = 0;        // TX: earliest departure of the flow's next packet
  uint32_t rc = 0, rt = 0, alpha = 0;
  uint8_t atmr = 0, agen = 0;     // TmrAct and tag of the alpha timer
  uint32_t adl_ns = 0;            // alpha-timer deadline when atmr == SET
  uint8_t itmr = 0, igen = 0;     // same for the rate-increase timer
  uint32_t idl_ns = 0;
  bool paced = false;             // next_tx_ns is the flow's (re-timed) earliest next departure
  uint8_t ctmr = 0, cgen = 0;     // same for the deferred-cut timer
  uint32_t cdl_ns = 0;
  bool operator==(const RpResult&) const = default;
};

// What stage A hands to the divider and stage P.
struct RpStageA {
  RpResult r;
  uint32_t now_ns = 0;
  uint16_t div_bytes = 0;  // TX: packet bytes; otherwise MTU (DCQCN+ period)
  bool plus = false;       // DCQCN+: the increase deadline needs MTU / Rc
  uint16_t lambda_q8 = 0;
  uint32_t tau_ns = 0;
};

using RpRegs = std::array<uint32_t, RP_NUM_REGS>;

// Branch counters for functional coverage (cheap; the network simulation ignores them).
struct RpCov {
  uint64_t fr = 0, ai = 0, hai = 0, plus_fr = 0, plus_mid = 0, plus_high = 0, bc_expire = 0,
           rt_clamp_line = 0, rc_clamp_min = 0, alpha_floor = 0, alpha_decay = 0, cut = 0,
           cut_blocked = 0, first_rate = 0, clamp_after_ti = 0, ue = 0, stale = 0,
           inc_disarm = 0, pace_keep = 0, pace_restart = 0, plus_tau = 0, plus_mtu = 0,
           init = 0, init_rate = 0, query = 0;
};

RpRegs rp_reset_regs();

class RpAlgo {
 public:
  explicit RpAlgo(uint32_t num_flows);
  RpRegs regs = rp_reset_regs();
  RpCov cov;

  // Whole event, both stages with the same registers (the network simulation's use).
  RpResult process(const RpEvent& ev) { return stage_p(stage_a(ev)); }
  RpStageA stage_a(const RpEvent& ev);
  RpResult stage_p(const RpStageA& a);
  void clear();  // all flows fresh

  const RpState& state(uint32_t flow) const { return st_[flow]; }
  RpState fresh() const;

  // Pacing time has kFrac fraction bits: ns.12, 44 bits, wrapping with the 32-bit ns.
  static constexpr unsigned kFrac = 12;
  static constexpr uint64_t kNsFracPerByteKbps = 8000000ull << kFrac;  // 8 b * 1e6, in ns.12

 private:
  void increase(RpState& s, bool timer);
  std::vector<RpState> st_;
  std::vector<RpPace> pace_;
};

// Cycle-accurate model of dcqcn_rp: same ports, same latency, same back-pressure.
class RpModel {
 public:
  static constexpr int kLatency = 45;  // accept -> m_out_valid, with m_out_ready high
  using In = ModelIn<RpEvent>;
  using Out = ModelOut<RpResult>;
  explicit RpModel(uint32_t num_flows);
  // Outputs as they are in the current cycle (before the edge) for these inputs.
  Out outputs(const In& in) const;
  // One rising edge with these inputs.
  void step(const In& in);
  RpAlgo algo;

 private:
  struct Slot { bool valid = false; RpEvent ev; RpStageA a; };
  uint32_t n_;
  uint32_t clearing_ = 0;  // cycles of RAM clearing left
  // Ring of pipeline registers: position 0 is the accepted event, 1..43 the divider,
  // 44 the output register. pos() maps a position to the ring; a shift is one index step.
  std::array<Slot, kLatency> ring_{};
  unsigned head_ = 0;
  Slot& pos(unsigned i) { return ring_[(head_ + i) % kLatency]; }
  const Slot& pos(unsigned i) const { return ring_[(head_ + i) % kLatency]; }
  uint32_t csr_rdata_ = 0;
};

uint32_t rp_csr_read(const RpRegs& r, uint8_t addr);
void rp_csr_write(RpRegs& r, uint8_t addr, uint32_t v);

}  // namespace dcqcn
