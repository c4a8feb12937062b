// SPDX-License-Identifier: MIT
// Reference model of rtl/dcqcn_nic_sched.sv (the NIC's timer service and paced transmit
// scheduler, docs/nic.md), bit- and cycle-exact. Two layers:
//   NicSchedModel  the block with the RTL's ports (ModelIn/ModelOut): outputs() for the
//                  current cycle, step() is one rising clock edge. The scan, the due FIFO
//                  and the hazards are cycle rules, so the model is this one layer.
//   NicSchedCheck  the contract, independent of the cycle rules: no timer lost, fired
//                  early, fired twice or stale; no departure granted early; the lateness
//                  bound of docs/nic.md. The lock-step bench runs it on every result.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "regmap.h"

namespace dcqcn {

enum class NicSchedOp : uint8_t { NOP = 0, ARM = 1, DISARM = 2, TXOPP = 3 };
// Kinds of an ARM / DISARM (nic_core_blocks.cpp's timer numbering) and of a result.
enum NicSchedKind : uint8_t {
  kSchedAlpha = 0, kSchedInc = 1, kSchedNp = 2, kSchedCut = 3, kSchedDrain = 4,
  kSchedDep = 5,       // ARM: the flow's next departure; result: GRANT
  kSchedNoGrant = 6,   // result: TXOPP found no due flow, or the port is paused
  kSchedStale = 7      // result: the popped flow was re-timed later or has no data
};

inline constexpr uint32_t kNicSchedId = 0x5C4ED001;
inline constexpr uint32_t kNicSchedVersion = 0x00010000;
inline constexpr uint32_t kNicSchedCatchupMax = 1048576;
inline constexpr uint32_t kNicSchedCatchupRst = 16384;
// CSR byte addresses
enum : uint8_t {
  kSchedCsrId = 0x00, kSchedCsrVersion = 0x04, kSchedCsrCatchup = 0x08, kSchedCsrFired = 0x0c,
  kSchedCsrGrants = 0x10, kSchedCsrLateMax = 0x14, kSchedCsrFifoHwm = 0x18, kSchedCsrDropped = 0x1c
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
  explicit NicSchedModel(uint32_t num_flows);
  Out outputs(const In& in) const;
  void step(const In& in);

  // The simulation outputs (registered).
  bool next_due_valid() const { return nd_v_; }
  uint32_t next_due_ns() const { return nd_; }
  bool txq_nonempty() const { return count_ != 0; }
  // A command is in C0, or one left it or a STALE departure was registered less than kNdLat
  // cycles ago: next_due_* may not show it yet (an ARM leaving C0 at edge e is in next_due
  // after e+4: dcqcn_nic_sched_due's ai at e, then am, t1, t2, nd). Conservative for the
  // commands that are not ARMs; the cycle st_v_ is high the STALE result is on out_valid.
  bool settling() const { return c0_valid_ || settle_ != 0; }
  static constexpr unsigned kNdLat = 4;

  // For coverage and the bench's checks.
  bool clearing() const { return clearing_; }
  uint32_t fifo_count() const { return count_; }
  bool round_end_load(const In& in) const;  // this cycle loads the last flow of a round
  bool busy() const;                        // anything in the grant pipe, B or the output
  // TXOPPs accepted and not yet answered (counted; the grant pipe takes one when it can)
  uint32_t txops_pending() const {
    return txp_ + (g0_v_ ? 1 : 0) + (g1_v_ ? 1 : 0) + (g2_v_ ? 1 : 0) + (g3_v_ ? 1 : 0);
  }
  // A TXOPP in C0 waits: the pending count of the cycle before is 65533 or more.
  bool txops_full() const { return txp_full_; }
  // This cycle the grant pipe starts a TXOPP (the pause input and the FIFO are sampled now).
  bool txop_starts(const In& in) const { return comb(in).gstart; }
  uint32_t num_flows() const { return n_; }
  // The command in C0 goes into the core at this cycle's edge (it takes effect then).
  bool c0_goes(const In& in) const { return comb(in).acc; }
  const NicSchedEvent& c0() const { return c0_; }

 private:
  struct Comb {
    bool ready, acc, en, load, tfire, dfire, dpush, c0_d, txop_go, c1_push;
    bool g3_ok, g3_inc, gcommit, g2_adv, g1_adv, g0_adv, gstart, pop, gd_we, gq;
    bool cmd_set, cmd_txop, cmd_ok, arm;
    unsigned tk;
    uint8_t b_wr, c_wr;
    uint64_t c1_w;
    // this cycle's writes against S1 and the read-port word
    uint8_t th_s1, th_ra;
    bool dh_s1, dh_ra, qh_s1, qh_ra;
    std::array<uint64_t, 4> t_wdata;
    uint64_t d_wdata;
    bool q_wdata;
  };
  Comb comb(const In& in) const;

  uint32_t n_, fw_mask_;
  // RAMs and their read registers
  std::array<std::vector<uint64_t>, 4> tmem_;
  std::vector<uint64_t> dmem_;  // {on, at}; two copies in the RTL, always equal
  std::vector<uint8_t> qmem_;
  std::vector<uint32_t> fmem_;
  std::array<uint64_t, 4> t_rd_{};
  uint64_t d_rd_ = 0, dg_rd_ = 0;
  uint8_t q_rd_ = 0, qc_rd_ = 0;  // the queued bits at the scan word and at C0's flow
  uint32_t f_rd_ = 0;
  // registers
  bool clearing_ = true;
  uint32_t clr_addr_ = 0, ra_ = 0, s1_flow_ = 0, b_flow_ = 0;
  std::array<uint64_t, 4> s1_t_{};  // S1: the words of flow ra - 1, kept current
  uint64_t s1_d_ = 0;
  bool s1_q_ = false;
  uint8_t s1_due_ = 0;  // S1's entries due, compared a cycle before B takes them
  uint8_t b_rem_ = 0;
  std::array<uint8_t, 4> b_gen_{};
  std::array<uint32_t, 4> b_dl_{};
  uint32_t b_at_ = 0;
  bool d_on_ = false, d_due_ = false;
  uint32_t d_flow_ = 0, d_at_ = 0;
  uint32_t wp_ = 0, rp_ = 0, count_ = 0, txp_ = 0;
  bool txp_full_ = false, fired_inc_ = false, grants_inc_ = false;
  bool c0_valid_ = false, c0_ok_ = false;  // C0: the command register
  unsigned settle_ = 0;                     // cycles left of kNdLat after a command left C0
  NicSchedEvent c0_{};
  bool c1_valid_ = false, c1_arm_ = false, c1_due_ = false;
  uint32_t c1_flow_ = 0, c1_at_ = 0;
  bool g0_v_ = false, g0_has_ = false, g1_v_ = false, g1_has_ = false;
  bool g2_v_ = false, g2_has_ = false, g2_ov_v_ = false;
  bool g3_v_ = false, g3_has_ = false;
  uint32_t g1_flow_ = 0, g2_flow_ = 0, g3_flow_ = 0, g3_atc_ = 0, g2_ov_atc_ = 0, c1_atc_ = 0;
  uint64_t g2_ov_ = 0, g3_w_ = 0;
  uint32_t la_ = 0, lb_ = 0, lm_ = 0;
  std::array<bool, 5> lr_v_{}, ll_v_{};
  std::array<uint32_t, 5> lr_{}, ll_{};
  bool am_v_ = false, al_v_ = false, ai_v_ = false, st_v_ = false;
  uint32_t st_ = 0;  // a departure STALE left armed, a cycle late
  uint32_t am_ = 0, al_ = 0, ai_ = 0;
  std::array<bool, 4> t1_v_{};
  std::array<uint32_t, 4> t1_{};
  std::array<bool, 2> t2_v_{};
  std::array<uint32_t, 2> t2_{};
  bool nd_v_ = false;
  uint32_t nd_ = 0;
  uint8_t fwh_ = 0;  // last cycle's write hit the word now on the read port (bits 0..5)
  bool fwhq_ = false, c1_q_ = false;
  std::array<uint64_t, 4> fw_t_{};
  uint64_t fw_d_ = 0;
  bool fw_q_ = false;
  bool out_valid_ = false;
  NicSchedResult out_{};
  bool cwq_v_ = false;     // a CATCHUP_NS write registered last cycle (lands this cycle)
  uint32_t cwq_val_ = 0;  // ... its value, clamped
  uint32_t catchup_ = kNicSchedCatchupRst, fired_ = 0, grants_ = 0, late_max_ = 0, hwm_ = 0,
           dropped_ = 0, csr_rdata_ = 0;
};

// The contract of the timer service and the scheduler, checked on the command and result
// streams, not on the cycle rules: no timer lost, fired early, fired twice or with a stale
// tag; no departure granted before its time or without data; a STALE answer only for a
// flow that is not due; lateness (counted in cycles the output could move, i.e. without
// the cycles m_out_ready held a result) within the bound of docs/nic.md. Times are
// unwrapped 64-bit ns; the bench passes them.
class NicSchedCheck {
 public:
  NicSchedCheck(uint32_t num_flows, uint64_t bound_cycles);
  void reset();
  // Once per cycle, before that cycle's commands and results: its time, and whether it
  // counts towards lateness (false: the output was held by m_out_ready).
  void tick(uint64_t now, bool counts);
  // An accepted command (at: its at_ns unwrapped).
  void command(const NicSchedEvent& ev, uint64_t at);
  // A result decided at time now (the cycle before it shows); "" when it keeps the
  // contract, else what it breaks.
  std::string result(const NicSchedResult& r, uint64_t now);
  // Timers due longer than the bound and never sent ("" when none).
  std::string finish() const;
  uint64_t worst_late_cycles() const { return worst_; }
  uint64_t last_late() const { return last_; }  // of the last timer result checked
  // The earliest deadline of an armed timer (kinds 0..4) among the first max_seq commands
  // (commands() counts them), -1 when none.
  int64_t earliest_armed(uint64_t max_seq = ~uint64_t{0}) const;
  uint64_t commands() const { return seq_; }
  // (kind, flow) is armed and not yet due at now.
  bool pending(unsigned kind, uint32_t flow, uint64_t now) const {
    const Entry& x = e_[kind][kind == kSchedDrain ? 0 : flow];
    return x.on && x.at > now;
  }
  uint64_t bound_cycles() const { return bound_; }

 private:
  struct Entry { bool on = false; uint8_t gen = 0; uint32_t flow = 0; uint64_t at = 0, due = 0, seq = 0; };
  uint64_t late_cycles(uint64_t due) const;  // counted cycles since time `due` was reached
  uint32_t n_;
  uint64_t bound_;
  std::array<std::vector<Entry>, 6> e_;  // kinds 0..3; 4: index 0 only; 5: departures
  std::vector<std::pair<uint64_t, uint64_t>> hist_;  // (now, counted cycles so far)
  size_t hist_head_ = 0;
  uint64_t counted_ = 0, now_ = 0;
  uint64_t worst_ = 0, last_ = 0;
  uint64_t seq_ = 0;  // commands seen
};

}  // namespace dcqcn
