// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_nic_sched.sv against NicSchedModel (tb/ref/nic_sched_ref.h),
// plus the contract (NicSchedCheck: no timer lost, early, doubled or stale; the DRAIN's
// bound; NicWheelCheck on the wheel's ports, every cycle: the busy-period bound of the
// timers and departures, docs/nic.md) and three system-level episodes: fairness among
// continuously due flows, the long-run pacing error of a flow at a constant rate
// (< 0.1 %), and a departure re-timed later while it waits at the head.
//
// The bench plays the integrator: it ARMs timers with random deadlines (some in the past,
// some replaced or DISARMed before they are due), re-arms a timer after it fires (as the
// RP/NP announce the next deadline), answers a GRANT like the RP (the next departure at
// tx_ns + the flow's packet time), sends TXOPPs, pauses the port now and then, writes and
// reads the CSRs, sends bad commands and resets once in the middle. Time advances as in
// hardware (3.103 ns a cycle: 3 or 4 ns; --clock-ns another period, DUT_SLOT_BITS
// another slot G: docs/nic.md "The clock"), across the 2^32 ns wrap, with jumps of up to
// 200 us (a simulation asleep) while nothing is linked in the wheel. Every cycle compares
// s_evt_ready, m_out_*, csr_rdata, next_due_*, txq_nonempty and settling.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include VHEADER
#include "lockstep.h"
#include "nic_sched_ref.h"
#include "nic_wheel_check.h"

#ifndef DUT_SLOTS_LOG2
#define DUT_SLOTS_LOG2 12
#endif

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

constexpr uint32_t kFlows = DUT_SIZE;
#ifndef DUT_SLOT_BITS
#define DUT_SLOT_BITS 5
#endif
constexpr unsigned kSlotBits = DUT_SLOT_BITS;  // SLOT_BITS: G = 2^kSlotBits ns
constexpr unsigned kSlotsLog2 = DUT_SLOTS_LOG2;
// The DRAIN's bound in cycles the output could move (docs/nic.md): compared a cycle
// ahead, fired in the next cycle nothing else has the output; plus one cycle per timer
// result sent meanwhile (NicSchedCheck adds those).
constexpr uint64_t kDrainBound = 2;
// The wheel's K (NicWheelCheck, as lockstep_nic_wheel: ceil(32 / 3.103) + its pipeline,
// with margin): the scheduler takes the timer head whenever its output is free.
constexpr uint32_t kWheelK = 16;
// A held output never blocks commands (docs/nic.md, "Cycle rules"): while m_out_ready
// holds a result, a command waits in C0 only for the wheel: behind the moves of parked
// entries (a move takes the command slot in the cycle after its head is popped, the other
// type's in the cycle after that; a slot with many parked entries keeps moving them, two
// types interleaved, for as many cycles: seen at 16384 flows), or for a jump or a time step,
// at most this many cycles in a row besides the moves (the rule's other exception, a TXOPP
// while 65533 or more are pending, is excluded where it is checked).
constexpr uint64_t kHeldWaitBound = 3;
// The long hold of the random phase: m_out_ready low for this many cycles.
constexpr uint64_t kHoldCycles = 10 * uint64_t{kFlows};
// Events the bench needs for full coverage: not measured below CTest's 1,000,000, which
// covers every coverpoint at every seed and idle/back-pressure mode CTest runs (the
// fairness and pacing episodes run after the random phase whatever --events says).
constexpr uint64_t kFullCoverageEvents = 1000000;

struct Cmd {
  NicSchedEvent ev;
  uint64_t at64 = 0;
};

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed), ls_(o, "nic_sched", kFlows, kSlotBits, kSlotsLog2),
        chk_(kFlows, kSlotBits, kDrainBound), wchk_(kFlows, kSlotBits, kWheelK),
        period_(kFlows), gen_(kFlows * 4, 0) {
    now64_ = (uint64_t{1} << 32) - 50000 - rng_.below(300000);
    for (auto& p : period_) p = 60 + rng_.below(4000);
    mid_reset_at_ = o.events * (3 + rng_.below(4)) / 10;
    hold_at_ = o.events * 8 / 10;  // after the reset
    define_coverage();
  }

  int run() {
    rst_cycles_ = 3;
    // random phase, then the directed episodes on a quiet block
    while (accepted_ < o_.events) {
      if (int rc = cycle()) return rc;
      if (ls_.cycle() > 100 * (o_.events + 10000)) return stuck("random phase");
    }
    if (int rc = fairness_episode()) return rc;
    if (int rc = pacing_episode()) return rc;
    if (int rc = retime_episode()) return rc;
    if (int rc = drain_all()) return rc;
    const std::string f = chk_.finish();
    if (!f.empty()) return fail("contract at the end: " + f);
    std::printf("nic_sched: worst timer lateness %" PRIu64 " cycles after its slot's end; the wheel: worst %" PRIu64
                " with nothing else in its busy period (K = %u), busy periods at most 2 x work + %" PRIu64
                "; DRAIN worst %" PRIu64 " (bound %" PRIu64 " + timers meanwhile); pacing error %.6f %% over %" PRIu64
                " grants at %" PRIu64 " ns\n", chk_.worst_late_cycles(), wchk_.worst_free_late, kWheelK,
                wchk_.worst_excess, chk_.worst_drain_late_cycles(), kDrainBound, pacing_err_ * 100.0,
                pacing_grants_, pacing_period_);
    std::printf("nic_sched: output held %" PRIu64 " cycles in all, %" PRIu64 " commands accepted meanwhile; the "
                "stretch of %" PRIu64 " cycles held %" PRIu64 " of them and took %" PRIu64 " of %" PRIu64
                " commands offered; longest wait in C0 while held %" PRIu64 " cycles besides parked entries' moves"
                " (bound %" PRIu64 "), %" PRIu64 " cycles behind moves\n",
                held_cycles_, held_accepted_, kHoldCycles, hold_held_, hold_accepted_, hold_offered_, held_wait_max_,
                kHeldWaitBound, held_wait_moves_);
    return ls_.finish(cov_, accepted_, kFullCoverageEvents);
  }

  // A failed check of the bench's own (the contract, fairness, pacing, progress): the story
  // of tb/common/lockstep.h with the last event driven.
  int fail(const std::string& what) { return ls_.fail(pins::describe<pins::NicSched>(last_evt_), {}, what); }

 private:
  pins::NicSched::Event last_evt_{};
  void define_coverage() {
    const char* names[] = {"alpha", "inc", "np", "cut", "drain"};
    for (int k = 0; k < 5; ++k)
      cov_.define(std::string("fire_") + names[k], std::string("TIMER of kind ") + names[k] + " sent");
    cov_.define("grant", "TXOPP answered with a GRANT");
    cov_.define("grant_catchup", "GRANT with tx_ns the ideal time, after a late wake-up");
    cov_.define("grant_restart", "GRANT with tx_ns = now: waited longer than CATCHUP_NS");
    cov_.define("nogrant_empty", "TXOPP with no due flow");
    cov_.define("nogrant_paused", "TXOPP while paused: no GRANT though flows are due");
    cov_.define("late_ge_8", "a timer sent 8 or more cycles after its slot's end (behind others: alone it takes at most 6)");
    cov_.define("multi_due_flow", "one flow with 3 or more timers due at once");
    cov_.define("rearm_replaces", "ARM of a pending timer replaced it before it was due");
    cov_.define("disarm_pending", "DISARM of a pending timer");
    cov_.define("hazard_stall", "s_evt_ready low for a command (not clearing)");
    cov_.define("bad_command", "ARM/DISARM with a bad kind or flow: dropped and counted");
    cov_.define("deadline_in_past", "ARM with a deadline already passed");
    cov_.define("time_wrap", "time crosses the 2^32 ns wrap");
    cov_.define("deps_linked_ge_4", "4 or more departures linked while one waits at the head");
    cov_.define("time_jump", "time jumps 10 us or more (nothing linked): the wheel's drains jump");
    cov_.define("csr_clamp", "CATCHUP_NS written above its max, read back clamped");
    cov_.define("csr_id", "ID and VERSION read");
    cov_.define("next_due_checked", "next_due_ns checked against every armed timer");
    cov_.define("settled_next_due_checked", "not settling, no result: next_due checked against every armed timer");
    cov_.define("fairness_rr", "fairness episode: due flows granted in turns (runs of up to 3)");
    cov_.define("pacing_exact", "pacing episode: long-run error < 0.1 %");
    cov_.define("retime_waiting", "retime episode: a departure waiting at the head re-timed later leaves the head, "
                "is in next_due and is granted at its new time");
    ls_.watch_backpressure(cov_);
    cov_.define("reset_mid_run", "rst in the middle of traffic, RAM cleared again");
    cov_.define("held_output_accepts", "m_out_ready low for 10 N cycles: every command offered meanwhile, in a "
                "cycle the wheel takes commands, accepted");
  }

  int stuck(const char* where) {
    return fail(std::string("no progress in the ") + where + " (deadlock?)");
  }

  // ---- the integrator's commands
  Cmd arm(uint8_t kind, uint32_t flow, uint64_t at64) {
    Cmd c;
    c.ev.op = NicSchedOp::ARM;
    c.ev.kind = kind;
    c.ev.flow = flow;
    c.ev.at_ns = static_cast<uint32_t>(at64);
    c.at64 = at64;
    if (kind < 4 && flow < kFlows) c.ev.gen = ++gen_[flow * 4 + kind];
    return c;
  }
  Cmd op(NicSchedOp o, uint8_t kind = 0, uint32_t flow = 0) {
    Cmd c;
    c.ev.op = o;
    c.ev.kind = kind;
    c.ev.flow = flow;
    c.ev.gen = static_cast<uint8_t>(rng_.next());
    return c;
  }

  uint32_t pick_flow() {
    if (rng_.chance(50)) return static_cast<uint32_t>(rng_.below(std::min<uint32_t>(kFlows, 8)));
    return static_cast<uint32_t>(rng_.below(kFlows));
  }

  void random_command() {
    const uint64_t r = rng_.below(1000);
    const uint32_t flow = pick_flow();
    uint64_t at = now64_ + rng_.below(rng_.chance(80) ? 3000 : 200000);
    if (rng_.chance(5)) at = now64_ - rng_.below(1000);  // already due
    if (r < 300) {
      q_.push_back(op(NicSchedOp::TXOPP));
    } else if (r < 560) {
      q_.push_back(arm(static_cast<uint8_t>(rng_.below(4)), flow, at));
    } else if (r < 760) {
      q_.push_back(arm(kSchedDep, flow, at));
    } else if (r < 800) {
      q_.push_back(arm(kSchedDrain, flow, at));
    } else if (r < 875) {
      q_.push_back(op(NicSchedOp::DISARM, static_cast<uint8_t>(rng_.below(6)), flow));
    } else if (r < 880) {  // three timers of one flow for one deadline: one slot, back to back
      for (uint8_t k : {0, 1, 3}) q_.push_back(arm(k, flow, at));
    } else if (r < 890) {  // bad: kind 6/7, or a flow out of range
      Cmd c = op(rng_.chance(50) ? NicSchedOp::ARM : NicSchedOp::DISARM,
                 static_cast<uint8_t>(rng_.chance(50) ? 6 + rng_.below(2) : rng_.below(6)),
                 rng_.chance(50) ? flow : kFlows + static_cast<uint32_t>(rng_.below(1u << 20)));
      if (c.ev.kind < 6) c.ev.flow = kFlows + static_cast<uint32_t>(rng_.below(100));
      c.ev.at_ns = static_cast<uint32_t>(at);
      q_.push_back(c);
    } else {
      q_.push_back(op(NicSchedOp::NOP));
    }
  }

  // The integrator's answer to a result (handed over this cycle).
  void react(const NicSchedResult& r) {
    if (r.kind < 4 && rng_.chance(50)) {  // the RP/NP announces the next deadline
      q_.push_back(arm(r.kind, r.flow, now64_ + 500 + rng_.below(60000)));
    } else if (r.kind == kSchedDep) {
      // the RP's TX result: the next departure one packet time after the ideal time
      const uint64_t tx64 = now64_ - static_cast<uint32_t>(static_cast<uint32_t>(now64_) - r.tx_ns);
      if (rng_.chance(90)) q_.push_back(arm(kSchedDep, r.flow, tx64 + period_[r.flow]));
      else q_.push_back(op(NicSchedOp::DISARM, kSchedDep, r.flow));
    }
  }

  void random_csr(ModelIn<NicSchedEvent>& in) {
    const uint64_t r = rng_.below(100);
    if (r < 20) {
      in.csr_we = true;
      in.csr_addr = kSchedCsrCatchup;
      in.csr_wdata = rng_.chance(20) ? kNicSchedCatchupMax + 1 + static_cast<uint32_t>(rng_.below(1u << 30))
                                     : static_cast<uint32_t>(rng_.below(40000));
      clamp_written_ = in.csr_wdata > kNicSchedCatchupMax;
    } else if (r < 25) {
      in.csr_we = true;  // a read-only or unmapped address: ignored
      in.csr_addr = static_cast<uint8_t>(rng_.below(256));
      if (in.csr_addr == kSchedCsrCatchup) in.csr_addr = kSchedCsrFired;
      in.csr_wdata = static_cast<uint32_t>(rng_.next());
    } else {
      in.csr_re = true;
      in.csr_addr = static_cast<uint8_t>(rng_.chance(80) ? 4 * rng_.below(8) : rng_.below(256));
    }
  }

  // ---- one clock cycle. Mode: random traffic, or only the bench's queued commands.
  int cycle(bool random = true, uint64_t dt_fixed = 0) {
    ModelIn<NicSchedEvent> in;
    // time
    const uint64_t before = now64_;
    if (dt_fixed) {
      now64_ += dt_fixed;
    } else {
      // the clock period on average (--clock-ns; 3.103 ns: 3 or 4 ns a cycle)
      now64_ += o_.clock_ps / 1000 + (rng_.below(1000) < o_.clock_ps % 1000 ? 1 : 0);
      const NicWheelOut w = ls_.ref().wheel().outputs();
      if (w.tmr_count == 0 && w.dep_count == 0 && !ls_.ref().settling() && !ls_.ref().clearing() &&
          rng_.chance(10)) {
        now64_ += 10000 + rng_.below(200000);  // asleep: nothing linked, nothing in flight
        cov_.hit("time_jump");
      }
    }
    if ((before >> 32) != (now64_ >> 32)) cov_.hit("time_wrap");
    // reset
    if (rst_cycles_ == 0 && random && mid_reset_at_ && accepted_ >= mid_reset_at_) {
      rst_cycles_ = 1 + static_cast<unsigned>(rng_.below(3));
      mid_reset_at_ = 0;
      cov_.hit("reset_mid_run");
    }
    in.rst = rst_cycles_ > 0;
    if (in.rst) {
      --rst_cycles_;
      q_.clear();
      hold_ = false;
    }
    // the command: the queue's head stays on the pins until accepted
    if (random && !in.rst && q_.size() < 4 && !(o_.idle && rng_.chance(30))) random_command();
    if (!q_.empty() && !in.rst && (hold_ || !(o_.idle && rng_.chance(25)))) {
      in.evt_valid = true;
      in.evt = q_.front().ev;
      hold_ = true;
    }
    in.evt.now_ns = static_cast<uint32_t>(now64_);
    in.evt.pause = pause_;
    if (random && rng_.permille(2)) pause_ = !pause_;
    if (!random) pause_ = false;
    in.evt.pause = pause_;
    // the long hold: m_out_ready low for kHoldCycles, random commands go on
    if (random && hold_at_ && accepted_ >= hold_at_ && rst_cycles_ == 0 && !mid_reset_at_) {
      hold_left_ = kHoldCycles;
      hold_at_ = 0;
      hold_accepted_ = hold_offered_ = hold_held_ = 0;
    }
    in.out_ready = !(o_.backpressure && rng_.chance(30)) && !(stall_left_ > 0) && hold_left_ == 0;
    if (stall_left_ > 0) --stall_left_;
    if (random && rng_.permille(5)) stall_left_ = 1 + static_cast<unsigned>(rng_.below(6));
    if (random && !in.rst && rng_.chance(3)) random_csr(in);
    if (!random && catchup_write_) {  // the episode's register setting
      in.csr_we = true;
      in.csr_addr = kSchedCsrCatchup;
      in.csr_wdata = kNicSchedCatchupRst;
      catchup_write_ = false;
    }

    const auto& out = ls_.low(in);
    last_evt_ = in.evt;
    if (!ls_.same() || !same_extra()) return ls_.mismatch(pins::describe<pins::NicSched>(in.evt), extra_diffs());
    // a TXOPP is answered from the cycle the grant pipe starts it (pause sampled then)
    if (!in.rst && ls_.ref().answers(in)) txop_q_.push_back(in.evt.pause && ls_.ref().txq_nonempty());
    chk_.tick(now64_, !(out.out_valid && !in.out_ready));
    {  // the wheel's contract on its ports (the model's: the lock-step makes them the RTL's)
      const NicWheelIn wi = ls_.ref().wheel_in(in);
      const std::string werr = wchk_.cycle(ls_.cycle(), wi, ls_.ref().wheel().outputs(wi.now_ns));
      if (!werr.empty()) return fail("the wheel's contract: " + werr);
    }
    // a held output never blocks commands
    const bool held = out.out_valid && !in.out_ready && !in.rst;
    if (held) ++held_cycles_;
    if (held && in.evt_valid && out.evt_ready) ++held_accepted_;
    const bool c0_full_txops = ls_.ref().c0().op == NicSchedOp::TXOPP && ls_.ref().txops_full();
    if (held && in.evt_valid && !out.evt_ready && !ls_.ref().clearing() && !c0_full_txops) {
      if (ls_.ref().wheel().outputs(in.evt.now_ns).s_ready)
        return fail("a command waited in C0 while the output was held and the wheel was ready");
      if (moved_[0] || moved_[1]) {
        ++held_wait_moves_;  // the command slot taken by a move (a head parked 1 or 2 cycles ago)
      } else {
        held_wait_max_ = std::max(held_wait_max_, ++held_wait_);
      }
      if (held_wait_ > kHeldWaitBound)
        return fail("a command waited " + std::to_string(held_wait_) + " cycles in C0 while the output was held (bound " +
                    std::to_string(kHeldWaitBound) + ")");
    } else {
      held_wait_ = 0;
    }
    {  // a parked head popped this cycle (its move takes the command slot in the next one or two)
      const NicWheelOut wo = ls_.ref().wheel().outputs(in.evt.now_ns);
      moved_[1] = moved_[0];
      moved_[0] = !in.rst && (wo.tmr_moving || wo.dep_moving);
    }
    if (hold_left_ > 0) {  // the long hold: every command offered while held is taken at once
      if (held) ++hold_held_;
      // (offered in a cycle the wheel takes commands: C0 waits only for the wheel)
      if (held && in.evt_valid && ls_.ref().wheel().outputs(in.evt.now_ns).s_ready) ++hold_offered_;
      if (held && in.evt_valid && out.evt_ready && ls_.ref().wheel().outputs(in.evt.now_ns).s_ready)
        ++hold_accepted_;
      if (--hold_left_ == 0 && hold_accepted_ > 0 && hold_accepted_ == hold_offered_) cov_.hit("held_output_accepts");
    }

    // coverage and the contract
    const bool clearing = ls_.ref().clearing();
    if (in.evt_valid && !out.evt_ready && !clearing) cov_.hit("hazard_stall");
    if (out.out_valid && new_result_) {
      const std::string err = chk_.result(out.out, prev_now64_);
      if (!err.empty()) return fail("contract: " + err);
      cover_result(out.out);
    }
    if (in.evt_valid && out.evt_ready) {
      const Cmd c = q_.front();
      q_.pop_front();
      hold_ = false;
      accepted_++;
      command_cover(c);
      applied_q_.push_back(c.at64);
      if (c.ev.op == NicSchedOp::TXOPP) ++txops_out_;
    }
    if (in.rst) {  // after this cycle's result (made before the reset) was checked
      chk_.reset();
      have_pend_ = false;
      txop_q_.clear();
      txops_out_ = 0;
      applied_q_.clear();
    }
    if (out.out_valid && in.out_ready && !in.rst) {
      if (out.out.kind >= kSchedDep && !txop_q_.empty()) txop_q_.pop_front();
      if (out.out.kind >= kSchedDep && txops_out_ > 0) --txops_out_;
      if (random) {
        react(out.out);
      } else if (out.out.kind == kSchedNoGrant) {
        ++nogrants_;
      } else if (out.out.kind == kSchedDep) {
        last_grant_flow_ = out.out.flow;
        last_grant_tx64_ = now64_ - static_cast<uint32_t>(static_cast<uint32_t>(now64_) - out.out.tx_ns);
      }
    }
    // a command takes effect when it leaves the command register C0 (the DRAIN, in the
    // block's own slot), or a cycle later, when the wheel's C0 takes it (timers, departures:
    // the wheel may still give the old entry in the cycle the command leaves C0)
    if (!in.rst && have_pend_) {
      chk_.command(pend_.ev, pend_.at64);
      have_pend_ = false;
    }
    if (!in.rst && ls_.ref().c0_goes(in) && !applied_q_.empty()) {
      const NicSchedEvent& e = ls_.ref().c0();
      const bool wheel_cmd = (e.op == NicSchedOp::ARM || e.op == NicSchedOp::DISARM) && e.flow < kFlows &&
                             (e.kind <= 3 || e.kind == kSchedDep);
      if (wheel_cmd) {
        pend_ = Cmd{e, applied_q_.front()};
        have_pend_ = true;
      } else {
        chk_.command(e, applied_q_.front());
      }
      applied_q_.pop_front();
    }
    seq_at_[ls_.cycle() % 8] = chk_.commands();
    if (!check_next_due())
      return fail("next_due_ns " + std::to_string(ls_.ref().next_due_ns()) + " (valid " +
                      std::to_string(ls_.ref().next_due_valid()) + ") is later than an armed timer at " +
                      std::to_string(static_cast<uint32_t>(chk_.earliest_armed(seq_at_[(ls_.cycle() - 5) % 8]))) +
                      " (now " + std::to_string(static_cast<uint32_t>(now64_)) + "; the wheel:" +
                      ls_.ref().wheel().describe() + ")");
    if (!in.rst && !check_settled(out.out_valid))
      return fail("not settling and no result waiting, but next_due_ns " + std::to_string(ls_.ref().next_due_ns()) +
                  " (valid " + std::to_string(ls_.ref().next_due_valid()) + ") is later than a timer armed at " +
                  std::to_string(static_cast<uint32_t>(chk_.earliest_armed(seq_at_[(ls_.cycle() - 1) % 8]))) +
                  ": a simulation stopping the clock here would sleep past it");
    if (in.csr_re && in.csr_addr == kSchedCsrId) saw_id_ = true;
    if (in.csr_re && in.csr_addr == kSchedCsrCatchup) saw_catchup_ = true;
    {
      const NicWheelOut w = ls_.ref().wheel().outputs();
      if (w.dep_valid && w.dep_count >= 4) cov_.hit("deps_linked_ge_4");
    }
    const bool en = !out.out_valid || in.out_ready;
    prev_now64_ = now64_;
    ls_.high();
    new_result_ = en && !in.rst;
    if (saw_id_ && ls_.dut().csr_rdata == kNicSchedId) cov_.hit("csr_id");
    if (saw_catchup_ && clamp_written_ && ls_.dut().csr_rdata == kNicSchedCatchupMax) cov_.hit("csr_clamp");
    saw_id_ = saw_catchup_ = false;
    return 0;
  }

  bool same_extra() {
    if (ls_.cycle() == 0) return true;
    auto& m = ls_.dut();
    const auto& r = ls_.ref();
    return m.next_due_valid == r.next_due_valid() && (!r.next_due_valid() || m.next_due_ns == r.next_due_ns()) &&
           m.txq_nonempty == r.txq_nonempty() && m.settling == r.settling();
  }
  std::vector<Diff> extra_diffs() {
    auto& m = ls_.dut();
    const auto& r = ls_.ref();
    return {{"next_due_valid", m.next_due_valid, r.next_due_valid()},
            {"next_due_ns", m.next_due_ns, r.next_due_ns()},
            {"txq_nonempty", m.txq_nonempty, r.txq_nonempty()},
            {"settling", m.settling, r.settling()}};
  }

  // next_due_ns is never later than an armed timer (checked every 256 cycles against the
  // timers armed by commands that left C0 at least 5 cycles ago: an ARM reaches next_due 5
  // cycles after it left C0, docs/nic.md).
  bool check_next_due() {
    // (every 256 cycles, at the first cycle that is not settling: a parked entry the wheel
    // re-files, or a pop, reaches next_due within the settling cycles, which is the contract)
    if (ls_.cycle() % 256 == 0) nd_check_due_ = true;
    if (!nd_check_due_ || ls_.cycle() < 8 || ls_.ref().clearing() || ls_.ref().settling()) return true;
    nd_check_due_ = false;
    return next_due_covers(5, "next_due_checked");
  }

  // The `settling` contract, every cycle: when the block is not settling and has no result
  // waiting (where a simulation may stop its clock), every timer and DRAIN armed by a
  // command that left C0 before this cycle is at or after next_due_ns.
  bool check_settled(bool out_valid) {
    const auto& r = ls_.ref();
    if (ls_.cycle() < 8 || r.clearing() || r.settling() || out_valid) return true;
    return next_due_covers(1, "settled_next_due_checked");
  }

  // next_due_ns is valid and not later than the earliest eligibility (a timer's slot end,
  // the DRAIN's deadline) of the entries armed by the commands that had left C0 `lag`
  // cycles ago, or than now when that has passed (a simulation then keeps clocking);
  // `cover` counts the checks that had one.
  bool next_due_covers(uint64_t lag, const char* cover) {
    const auto& r = ls_.ref();
    const int64_t earliest = chk_.earliest_armed(seq_at_[(ls_.cycle() - lag) % 8]);
    if (earliest < 0) return true;
    const uint32_t limit = static_cast<uint32_t>(std::max<uint64_t>(static_cast<uint64_t>(earliest), now64_));
    if (!r.next_due_valid() || static_cast<int32_t>(r.next_due_ns() - limit) > 0)
      return false;
    cov_.hit(cover);
    return true;
  }

  void command_cover(const Cmd& c) {
    const bool set = c.ev.op == NicSchedOp::ARM || c.ev.op == NicSchedOp::DISARM;
    if (set && (c.ev.kind > 5 || c.ev.flow >= kFlows)) cov_.hit("bad_command");
    if (c.ev.op == NicSchedOp::ARM && c.at64 < now64_) cov_.hit("deadline_in_past");
    if (set && c.ev.kind < 4 && c.ev.flow < kFlows && chk_.pending(c.ev.kind, c.ev.flow, now64_))
      cov_.hit(c.ev.op == NicSchedOp::ARM ? "rearm_replaces" : "disarm_pending");
  }

  void cover_result(const NicSchedResult& r) {
    static const char* names[] = {"fire_alpha", "fire_inc", "fire_np", "fire_cut", "fire_drain"};
    if (r.kind <= 4) {
      cov_.hit(names[r.kind]);
      if (r.kind < 4 && chk_.last_late() >= 8) cov_.hit("late_ge_8");
      if (r.kind < 4 && ++same_flow_fires_[r.flow % 64] >= 3 && last_fire_flow_ == r.flow) cov_.hit("multi_due_flow");
      if (last_fire_flow_ != r.flow) same_flow_fires_[r.flow % 64] = 1;
      last_fire_flow_ = r.flow;
    }
    if (r.kind == kSchedDep) {
      cov_.hit("grant");
      if (r.late_ns > 0 && r.tx_ns == r.at_ns) cov_.hit("grant_catchup");
      if (r.tx_ns != r.at_ns) cov_.hit("grant_restart");
    }
    if (r.kind == kSchedNoGrant) cov_.hit(!txop_q_.empty() && txop_q_.front() ? "nogrant_paused" : "nogrant_empty");
  }

  // ---- episodes (no random traffic; the block first empties)
  int drain_all() {
    for (uint64_t i = 0; i < 8 * kFlows + 64; ++i)
      if (int rc = cycle(false)) return rc;
    return 0;
  }

  // A reset, then wait for the wheel's RAM clear: the episodes start from an empty block.
  int fresh() {
    if (int rc = drain_all()) return rc;
    rst_cycles_ = 2;
    for (uint64_t i = 0; i < 4 || ls_.ref().clearing(); ++i) {
      if (i > 5 * uint64_t{kFlows} + (uint64_t{1} << kSlotsLog2) + 16) return stuck("RAM clear after reset");
      if (int rc = cycle(false)) return rc;
    }
    last_grant_flow_ = -1;
    return 0;
  }

  // K flows due at once, each re-armed due at once after its GRANT: over many TXOPPs every
  // flow is granted equally often (turns of up to three grants: counts within 3).
  int fairness_episode() {
    if (int rc = fresh()) return rc;
    const uint32_t k = std::min<uint32_t>(kFlows, 8);
    std::vector<uint64_t> grants(kFlows, 0);
    for (uint32_t i = 0; i < k; ++i) q_.push_back(arm(kSchedDep, i * (kFlows / k), now64_));
    uint64_t total = 0;
    const uint64_t want = 40 * k;
    for (uint64_t c = 0; total < want; ++c) {
      if (c > 200 * want * (kFlows + 8)) return stuck("fairness episode");
      if (q_.empty() && c % 4 == 0) q_.push_back(op(NicSchedOp::TXOPP));
      if (int rc = cycle(false, 3)) return rc;
      if (last_grant_flow_ >= 0) {
        grants[static_cast<uint32_t>(last_grant_flow_)]++;
        ++total;
        q_.push_back(arm(kSchedDep, static_cast<uint32_t>(last_grant_flow_), now64_));
        last_grant_flow_ = -1;
      }
    }
    uint64_t lo = ~uint64_t{0}, hi = 0;
    for (uint32_t i = 0; i < k; ++i) {
      lo = std::min(lo, grants[i * (kFlows / k)]);
      hi = std::max(hi, grants[i * (kFlows / k)]);
    }
    // The wheel serves a drained slot's three lists in side order (0, 1, 2) and a granted
    // flow re-armed due at once links into the next side of its own: a flow served from
    // side 2 links into side 0 and is served again, then from side 1, so the due flows take
    // turns in runs of up to three grants (docs/nic.md, "The wheel engine": order by side
    // within a slot): counts within 3 (a strict round robin would be within 1).
    if (hi - lo > 3) return fail("fairness: grant counts of the due flows range " + std::to_string(lo) +
                                     ".." + std::to_string(hi) + " (runs of up to 3 allowed)");
    cov_.hit("fairness_rr");
    for (uint32_t i = 0; i < k; ++i) q_.push_back(op(NicSchedOp::DISARM, kSchedDep, i * (kFlows / k)));
    return 0;
  }

  // One flow at a constant packet time P, re-armed at tx_ns + P after each GRANT (the RP's
  // rule), TXOPPs every cycle: the long-run rate is 1/P within 0.1 % although single
  // wake-ups are late by up to a scan round.
  int pacing_episode() {
    if (int rc = fresh()) return rc;
    catchup_write_ = true;  // CATCHUP_NS back to its reset value (the random phase wrote it)
    pacing_period_ = 97 + rng_.below(400);
    const uint32_t flow = static_cast<uint32_t>(rng_.below(kFlows));
    const uint64_t t0 = now64_ + 10;
    q_.push_back(arm(kSchedDep, flow, t0));
    uint64_t first = 0, last = 0, n = 0;
    const uint64_t want = 20000;
    for (uint64_t c = 0; n < want; ++c) {
      if (c > want * (8 * kFlows + 64)) return stuck("pacing episode");
      if (q_.empty() && txops_out_ == 0) q_.push_back(op(NicSchedOp::TXOPP));  // one MAC slot at a time
      if (int rc = cycle(false, 3)) return rc;
      if (last_grant_flow_ >= 0) {
        if (last_grant_flow_ != flow) return fail("pacing: GRANT of flow " + std::to_string(last_grant_flow_));
        if (n == 0) first = prev_now64_;
        last = prev_now64_;
        ++n;
        q_.push_back(arm(kSchedDep, flow, last_grant_tx64_ + pacing_period_));
        last_grant_flow_ = -1;
      }
    }
    const double mean = static_cast<double>(last - first) / static_cast<double>(n - 1);
    pacing_err_ = std::abs(mean - static_cast<double>(pacing_period_)) / static_cast<double>(pacing_period_);
    pacing_grants_ = n;
    if (pacing_err_ >= 1e-3)
      return fail("pacing: mean departure spacing " + std::to_string(mean) + " ns for a packet time of " +
                      std::to_string(pacing_period_) + " ns (error " + std::to_string(pacing_err_ * 100) + " %)");
    cov_.hit("pacing_exact");
    q_.push_back(op(NicSchedOp::DISARM, kSchedDep, flow));
    return 0;
  }

  // A flow due at once waits at the wheel's departure head; while it waits, its departure
  // is re-timed later (the RP cut its rate): it leaves the head (txq_nonempty falls), a
  // TXOPP then is a NOGRANT, next_due_ns is never later than the new departure's slot
  // end while nothing else happens (a simulation sleeps until next_due_ns), and a TXOPP
  // after the new time is its GRANT.
  int retime_episode() {
    if (int rc = fresh()) return rc;
    const uint32_t flow = static_cast<uint32_t>(rng_.below(kFlows));
    q_.push_back(arm(kSchedDep, flow, now64_));  // due now: at the head
    for (uint64_t i = 0; i < 64; ++i)
      if (int rc = cycle(false, 3)) return rc;
    if (!ls_.ref().txq_nonempty()) return fail("retime episode: the due departure is not at the head");
    const uint64_t later = now64_ + 5000 + rng_.below(20000);
    q_.push_back(arm(kSchedDep, flow, later));
    for (uint64_t i = 0; i < 16; ++i)
      if (int rc = cycle(false, 3)) return rc;
    if (ls_.ref().txq_nonempty()) return fail("retime episode: the re-timed departure is still at the head");
    nogrants_ = 0;
    q_.push_back(op(NicSchedOp::TXOPP));
    for (uint64_t c = 0; nogrants_ == 0; ++c) {
      if (c > 64) return stuck("retime episode (NOGRANT)");
      if (last_grant_flow_ >= 0) return fail("retime episode: GRANT before the new departure time");
      if (int rc = cycle(false, 3)) return rc;
    }
    const uint64_t g = uint64_t{1} << kSlotBits;
    const uint64_t elig = (later + g - 1) / g * g;
    uint64_t since = 0;
    while (now64_ + 3 < elig) {
      ++since;
      if (int rc = cycle(false, 3)) return rc;
      const NicSchedModel& r = ls_.ref();
      if (since > 4 && !r.settling() &&
          (!r.next_due_valid() || static_cast<int32_t>(r.next_due_ns() - static_cast<uint32_t>(elig)) > 0))
        return fail("retime episode: next_due_ns " + std::to_string(r.next_due_ns()) + " (valid " +
                    std::to_string(r.next_due_valid()) + ") is later than the re-timed departure's slot end " +
                    std::to_string(static_cast<uint32_t>(elig)) + " (now " +
                    std::to_string(static_cast<uint32_t>(now64_)) + "; the wheel: " +
                    std::to_string(r.wheel().outputs().dep_count) + " departures linked, its drain at " +
                    std::to_string(r.wheel().outputs().dep_drain_ns) + ")");
    }
    for (uint64_t i = 0; i < 32; ++i)
      if (int rc = cycle(false, 3)) return rc;
    last_grant_flow_ = -1;
    q_.push_back(op(NicSchedOp::TXOPP));
    for (uint64_t c = 0; last_grant_flow_ < 0; ++c) {
      if (c > 64) return stuck("retime episode (GRANT)");
      if (int rc = cycle(false, 3)) return rc;
    }
    if (last_grant_flow_ != flow) return fail("retime episode: GRANT of flow " + std::to_string(last_grant_flow_));
    last_grant_flow_ = -1;
    cov_.hit("retime_waiting");
    return 0;
  }

  const tb::Options o_;
  tb::Rng rng_;
  tb::Lockstep<pins::NicSched, VMODEL, NicSchedModel> ls_;
  NicSchedCheck chk_;
  NicWheelCheck wchk_;
  tb::Coverage cov_;
  std::vector<uint64_t> period_;
  std::vector<uint8_t> gen_;
  std::deque<Cmd> q_;
  uint64_t now64_ = 0, prev_now64_ = 0;
  uint64_t accepted_ = 0, mid_reset_at_ = 0;
  uint64_t seq_at_[8] = {};  // the checker's command count at the end of each of the last 8 cycles
  unsigned rst_cycles_ = 0, stall_left_ = 0;
  uint64_t hold_at_ = 0, hold_left_ = 0, hold_accepted_ = 0, hold_offered_ = 0, hold_held_ = 0;
  uint64_t held_cycles_ = 0, held_accepted_ = 0, held_wait_ = 0, held_wait_max_ = 0, held_wait_moves_ = 0;
  bool moved_[2] = {false, false};  // a parked head popped 1 and 2 cycles ago
  uint64_t txops_out_ = 0;  // TXOPPs accepted and not yet answered
  bool hold_ = false, pause_ = false, new_result_ = false, saw_id_ = false, saw_catchup_ = false;
  bool clamp_written_ = false, catchup_write_ = false;
  std::deque<bool> txop_q_;
  std::deque<uint64_t> applied_q_;  // at_ns (unwrapped) of the accepted commands not yet in the core  // per TXOPP in flight: paused with flows due
  uint32_t last_fire_flow_ = ~0u;
  uint8_t same_flow_fires_[64] = {};
  int64_t last_grant_flow_ = -1;
  uint64_t nogrants_ = 0;
  bool nd_check_due_ = false;  // a periodic next_due check waits for a cycle not settling
  Cmd pend_;  // a timer or departure command the wheel's C0 takes this cycle
  bool have_pend_ = false;
  uint64_t last_grant_tx64_ = 0;
  double pacing_err_ = 0;
  uint64_t pacing_grants_ = 0, pacing_period_ = 0;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "nic_sched"); }
