// SPDX-License-Identifier: MIT
// Reference model of rtl/dcqcn_nic_sched.sv (the NIC's timer service and paced transmit
// scheduler, docs/nic.md), bit- and cycle-exact. Two layers:
//   NicSchedModel  the block with the RTL's ports (ModelIn/ModelOut): outputs() for the
//                  current cycle, step() is one rising clock edge. It composes the wheel
//                  engine's cycle model (NicWheelModel, nic_wheel_ref.h) with the block's
//                  own registers (C0, the DRAIN slot, the pending TXOPPs, the result,
//                  next_due, the CSRs), as the RTL instantiates dcqcn_nic_wheel.
//   NicSchedCheck  the contract, independent of the cycle rules: no timer lost, fired
//                  early, fired twice or stale; no departure granted early; the lateness
//                  bound of the DRAIN. The lock-step bench runs it on every result (and
//                  NicWheelCheck on the wheel's ports for the timers' and departures' bound).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "nic_wheel_ref.h"
#include "regmap.h"

namespace dcqcn {

enum class NicSchedOp : uint8_t { NOP = 0, ARM = 1, DISARM = 2, TXOPP = 3 };
// Kinds of an ARM / DISARM (nic_core_blocks.cpp's timer numbering) and of a result.
enum NicSchedKind : uint8_t {
  kSchedAlpha = 0, kSchedInc = 1, kSchedNp = 2, kSchedCut = 3, kSchedDrain = 4,
  kSchedDep = 5,       // ARM: the flow's next departure; result: GRANT
  kSchedNoGrant = 6,   // result: TXOPP found no eligible departure, or the port is paused
  kSchedStale = 7      // result of the scan (VERSION 1.0) only: the wheel never sends it
};

// The CSR window (tb/ref/regmap_sched.h, the one table the RTL's CSR file is generated from)
inline constexpr uint32_t kNicSchedId = kSchedStatus[SCHED_ID].value;
inline constexpr uint32_t kNicSchedVersion = kSchedStatus[SCHED_VERSION].value;
inline constexpr uint32_t kNicSchedCatchupMax = kSchedRegs[SCHED_CATCHUP_NS].max;
inline constexpr uint32_t kNicSchedCatchupRst = kSchedRegs[SCHED_CATCHUP_NS].reset;
// CSR byte addresses
enum : uint8_t {
  kSchedCsrId = kSchedStatus[SCHED_ID].addr, kSchedCsrVersion = kSchedStatus[SCHED_VERSION].addr,
  kSchedCsrCatchup = kSchedRegs[SCHED_CATCHUP_NS].addr, kSchedCsrFired = kSchedStatus[SCHED_FIRED].addr,
  kSchedCsrGrants = kSchedStatus[SCHED_GRANTS].addr, kSchedCsrLateMax = kSchedStatus[SCHED_LATE_MAX_NS].addr,
  kSchedCsrWheelHwm = kSchedStatus[SCHED_WHEEL_HWM].addr, kSchedCsrDropped = kSchedStatus[SCHED_DROPPED].addr
};

struct NicSchedEvent {
  NicSchedOp op = NicSchedOp::NOP;
  uint8_t kind = 0;
  uint32_t flow = 0;
  uint8_t gen = 0;
  uint32_t at_ns = 0;
  uint32_t now_ns = 0;  // sampled every cycle
  bool pause = false;   // sampled every cycle (at a TXOPP)
};

struct NicSchedResult {
  uint8_t kind = 0;
  uint32_t flow = 0;
  uint8_t gen = 0;
  uint32_t at_ns = 0;
  uint32_t tx_ns = 0;
  uint32_t late_ns = 0;
  bool operator==(const NicSchedResult& o) const {
    return kind == o.kind && flow == o.flow && gen == o.gen && at_ns == o.at_ns &&
           tx_ns == o.tx_ns && late_ns == o.late_ns;
  }
};

class NicSchedModel {
 public:
  using In = ModelIn<NicSchedEvent>;
  using Out = ModelOut<NicSchedResult>;
  // slot_bits, slots_log2: the wheel's (dcqcn_nic_sched's SLOT_BITS, SLOTS_LOG2).
  explicit NicSchedModel(uint32_t num_flows, unsigned slot_bits = 5, unsigned slots_log2 = 12);
  Out outputs(const In& in) const;
  void step(const In& in);

  // The simulation outputs (registered, or from the wheel's registers).
  bool next_due_valid() const { return nd_v_; }
  uint32_t next_due_ns() const { return nd_; }
  bool txq_nonempty() const { return wheel_.outputs().dep_valid; }
  // A command is in C0, the wheel is busy (a command in its C0 or C1, or a move), or less
  // than kNdLat cycles ago an ARM/DISARM left C0, the wheel was busy or a head was popped:
  // next_due_* may not show it yet.
  bool settling() const { return c0_.v || wheel_.outputs().busy || settle_ != 0; }
  static constexpr unsigned kNdLat = 3;

  // For coverage and the bench's checks.
  bool clearing() const { return wheel_.clearing(); }
  const NicWheelModel& wheel() const { return wheel_; }
  // The wheel's inputs of this cycle (the bench runs NicWheelCheck on them).
  NicWheelIn wheel_in(const In& in) const;
  uint32_t txops_pending() const { return txp_; }  // TXOPPs accepted and not yet answered
  // A TXOPP in C0 waits: the pending count of the cycle before is 65533 or more.
  bool txops_full() const { return txp_full_; }
  // This cycle answers a TXOPP (the pause input and the wheel's departure head sampled now).
  bool answers(const In& in) const { return comb(in).answer; }
  uint32_t num_flows() const { return n_; }
  // The command in C0 goes into the core at this cycle's edge (it takes effect then).
  bool c0_goes(const In& in) const { return comb(in).go; }
  const NicSchedEvent& c0() const { return c0_.ev; }

 private:
  struct Comb {
    NicWheelOut w;
    bool go, drain_cmd, en, tfire, dfire, answer, grant, inc;
  };
  Comb comb(const In& in) const;
  NicWheelIn wheel_in(const In& in, const Comb& c) const;  // (this cycle's decisions made once)

  uint32_t n_;
  unsigned gb_;
  NicWheelModel wheel_;
  struct C0 {
    bool v = false;
    NicSchedEvent ev{};
    bool whl = false, drn = false, bad = false;
  } c0_;
  bool d_on_ = false, d_due_ = false;
  uint32_t d_flow_ = 0, d_at_ = 0;
  uint32_t txp_ = 0;
  bool txp_nz_ = false, txp_full_ = false;
  bool out_valid_ = false;
  NicSchedResult out_{};
  bool cd_v_ = false, ct_v_ = false, cp_v_ = false, nd_v_ = false;
  uint32_t cd_ = 0, ct_ = 0, cp_ = 0, nd_ = 0;
  unsigned settle_ = 0;
  bool cwq_v_ = false, cwq_hi_ = false;
  uint32_t cwq_data_ = 0;
  uint32_t catchup_ = kNicSchedCatchupRst, fired_ = 0, grants_ = 0, late_max_ = 0, hwm_ = 0,
           dropped_ = 0, csr_rdata_ = 0, la_ = 0, hs_ = 0;
  bool fired_inc_ = false, grants_inc_ = false;
};

// The contract of the timer service and the scheduler, checked on the command and result
// streams, not on the cycle rules: no timer lost, fired early, fired twice or with a stale
// tag; no departure granted before its time or twice. Lateness is counted in cycles the
// output could move (without the cycles m_out_ready held a result) from the entry's
// eligibility: the end of its wheel slot, ceil(at / G) x G (the DRAIN: at, compared
// exactly). The DRAIN's bound is checked here: at most `drain_bound` cycles plus one per
// timer result sent meanwhile (timers have the output first); the timers' and the
// departures' bound is the wheel's busy-period bound, which the bench checks with
// NicWheelCheck on the wheel's ports in the same run. At the end, an entry eligible for
// more than 2 x 5 N + 64 counted cycles and never sent is lost. Times are unwrapped
// 64-bit ns; the bench passes them.
class NicSchedCheck {
 public:
  NicSchedCheck(uint32_t num_flows, unsigned slot_bits, uint64_t drain_bound);
  void reset();
  // Once per cycle, before that cycle's commands and results: its time, and whether it
  // counts towards lateness (false: the output was held by m_out_ready).
  void tick(uint64_t now, bool counts);
  // An accepted command (at: its at_ns unwrapped).
  void command(const NicSchedEvent& ev, uint64_t at);
  // A result decided at time now (the cycle before it shows); "" when it keeps the
  // contract, else what it breaks.
  std::string result(const NicSchedResult& r, uint64_t now);
  // Timers eligible longer than 2 x 5 N + 64 counted cycles and never sent ("" when none).
  std::string finish() const;
  uint64_t worst_late_cycles() const { return worst_; }
  uint64_t last_late() const { return last_; }  // of the last timer result checked
  uint64_t worst_drain_late_cycles() const { return worst_drain_; }
  // The earliest eligibility of an armed timer (kinds 0..4) among the first max_seq
  // commands (commands() counts them), -1 when none.
  int64_t earliest_armed(uint64_t max_seq = ~uint64_t{0}) const;
  uint64_t commands() const { return seq_; }
  // (kind, flow) is armed and not yet due at now.
  bool pending(unsigned kind, uint32_t flow, uint64_t now) const {
    const Entry& x = e_[kind][kind == kSchedDrain ? 0 : flow];
    return x.on && x.at > now;
  }
  uint64_t drain_bound() const { return bound_; }

 private:
  struct Entry {
    bool on = false;
    uint8_t gen = 0;
    uint32_t flow = 0;
    uint64_t at = 0, elig = 0, due = 0, seq = 0, tfires = 0;
  };
  uint64_t late_cycles(uint64_t due) const;  // counted cycles since time `due` was reached
  void set_on(unsigned kind, uint32_t idx, bool on);  // keeps armed_ in step
  uint32_t n_;
  unsigned gb_;
  uint64_t bound_;
  std::array<std::vector<Entry>, 6> e_;  // kinds 0..3; 4: index 0 only; 5: departures
  std::set<std::tuple<uint64_t, unsigned, uint32_t>> armed_;  // (elig, kind, index): kinds 0..4 on
  std::vector<std::pair<uint64_t, uint64_t>> hist_;  // (now, counted cycles so far)
  size_t hist_head_ = 0;
  uint64_t counted_ = 0, now_ = 0;
  uint64_t worst_ = 0, last_ = 0, worst_drain_ = 0;
  uint64_t tfires_ = 0;  // timer results seen
  uint64_t seq_ = 0;     // commands seen
};

}  // namespace dcqcn
