// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_np.sv against the cycle-accurate NpModel (tb/ref/np_ref.h).
// Random RX packets (a small hot set of flows and all NUM_FLOWS, every ECN code point),
// time advancing in small steps with jumps across the 2^32 wrap, TIMER events replaying
// the deadlines the model announced (and stale ones), INITs, no-ops, CSR writes during
// traffic (illegal values included, read back and checked against the register table),
// profile switches and one reset in the middle, plus directed episodes for the corners
// that random traffic reaches only for some seeds (start_episode()). Every cycle compares
// s_evt_ready, m_out_valid, every m_out field and csr_rdata.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <queue>
#include <string>
#include <vector>

#include VHEADER
#include "lockstep.h"
#include "np_ref.h"
#include "lockstep_np_variants.h"
#include "profiles.h"

using namespace dcqcn;
using dcqcn::tb::Diff;

namespace {

constexpr uint32_t kFlows = DUT_SIZE;
// Events after which every coverpoint was hit at every seed tried (docs/verification.md,
// "Events for full coverage", measured with scripts/coverage_events.sh); printed when a
// shorter run misses some.
constexpr uint64_t kFullCoverageEvents = DUT_SIZE > 16 ? 50000 : 20000;
#ifdef DUT_QDEPTH
constexpr uint32_t kQDepth = DUT_QDEPTH;
#else
constexpr uint32_t kQDepth = kNpQueueDepth;
#endif

struct CsrOp {
  bool we = false;
  uint8_t addr = 0;
  uint32_t data = 0;
};

struct Timer {
  uint64_t deadline;  // unwrapped ns
  uint32_t flow;
  uint8_t gen;
  bool operator>(const Timer& o) const { return deadline > o.deadline; }
};

struct Issued {
  NpEvent ev;
  uint64_t now64;
  uint64_t cycle;
  bool ep_final;  // one of the directed episode's Final events: tau must be saturated
};

class Bench {
 public:
  explicit Bench(const tb::Options& o)
      : o_(o), rng_(o.seed), ls_(o, "np", kFlows, kQDepth), variants_(tb::np::make_variants(kFlows)),
        last_gen_(kFlows, 0) {
    define_coverage();
    // Start just below the 2^32 wrap of the 32-bit time.
    now64_ = (uint64_t{1} << 32) - 20000 - rng_.below(200000);
    mid_reset_at_ = o.events * (3 + rng_.below(5)) / 10;
    switch_every_ = o.events / 24 + 1;
    // the directed episode: between 5 % and 20 % of the run, before the mid-run reset
    episode_at_ = kEpisodeNeeded ? o.events * (5 + rng_.below(16)) / 100 : ~uint64_t{0};
    variant_idx_ = static_cast<size_t>(rng_.below(variants_.size()));
    profile_after_reset_ = o.profile;
    shadow_reset();
    bool known = false;
    for (const auto& x : variants_) known |= x.name == o.profile;
    if (!known) {
      std::string list;
      for (const auto& x : variants_) list += " " + x.name;
      std::fprintf(stderr, "np: unknown --profile '%s'; expected one of:%s\n", o.profile.c_str(),
                   list.c_str());
      std::exit(2);
    }
  }

  int run() {
    rst_cycles_ = 3;
    while (accepted_ < o_.events || !in_fifo_.empty() || in_valid_ || ep_ != Ep::None) {
      if (int rc = cycle()) return rc;
      if (cycle_ > 200 * (o_.events + 100000))
        return fail("no progress after " + std::to_string(cycle_) + " cycles (deadlock?)");
    }
    return ls_.finish(cov_, accepted_, kFullCoverageEvents);
  }

 private:
  void define_coverage() {
    cov_.define("cnp_first_immediate", "first marked packet of a flow: CNP at once");
    cov_.define("cnp_after_interval", "marked packet >= tau after the last CNP: CNP at once");
    cov_.define("holdoff_hit", "marked packet within tau: suppressed");
    cov_.define("holdoff_arm", "suppressed packet announced a deadline (tmr_set)");
    cov_.define("holdoff_pending_timer_cnp", "TIMER with the current gen sent the pending CNP");
    cov_.define("holdoff_timer_early", "TIMER with the current gen before the hold-off is over: re-armed");
    cov_.define("budget_queued", "a due CNP waits in the budget queue");
    cov_.define("budget_queued_merge", "a mark for a flow whose CNP is queued");
    cov_.define("budget_drain_cnp", "DRAIN of the queue head sent its CNP");
    cov_.define("budget_drain_early", "DRAIN of the queue head before the budget allows");
    cov_.define("budget_overflow", "a due CNP dropped: budget queue full");
    cov_.define("same_flow_hazard_stall", "s_evt_ready low: the same flow is in S1 or C1");
    cov_.define("epoch_rollover_hold", "s_evt_ready low: the event in S1 starts a DCQCN+ epoch");
    cov_.define("timer_idle", "TIMER with the current gen but nothing pending");
    cov_.define("stale_timer", "TIMER with an outdated gen (m_out_stale)");
    cov_.define("interval_zero", "N = 0: a CNP for a marked packet right after another");
    cov_.define("ue_cnp", "TCD: CNP of kind UE");
    cov_.define("ue_ignored_dcqcn", "DCQCN mode: ECN 10 is not a mark");
    cov_.define("ce_overrides_ue", "CE arriving while a UE CNP is pending makes it CE");
    cov_.define("same_flow_min_gap", "events of one flow accepted 3 cycles apart (the minimum)");
    cov_.define("timestamp_wrap", "a flow's hold-off decided across the 2^32 ns wrap");
    cov_.define("csr_write_during_traffic", "CSR write while events are in the pipeline");
    cov_.define("csr_clamp", "CSR write outside [min, max], read back clamped");
    cov_.define("csr_unknown_addr", "CSR access to an unmapped address");
    cov_.define("plus_epoch_rollover", "DCQCN+ epoch rollover");
    cov_.define("plus_tau_above_min", "DCQCN+ tau above CNP_INTERVAL_NS");
    if (kFlows > 1024) cov_.define("plus_tau_saturated", "DCQCN+ tau saturated at 2^30 ns");
    cov_.define("init_flow", "INIT event");
    cov_.define("nop_event", "op 3 (no-op) event");
    ls_.watch_backpressure(cov_);  // a directed stall in every run, random ones with --bp 1
    ls_.require_quiet_outputs();  // m_out data are 0 while m_out_valid is 0
    cov_.define("reset_mid_run", "rst in the middle of traffic, RAM cleared again");
  }

  // ---- stimulus
  uint32_t pick_flow() {
    if (!hot_.empty() && rng_.chance(60)) return hot_[rng_.below(hot_.size())];
    return static_cast<uint32_t>(rng_.below(kFlows));
  }

  void advance_time() {
    const uint64_t r = rng_.below(10000);
    uint64_t d;
    if (r < 6000) d = rng_.below(300);
    else if (r < 9000) d = rng_.below(3000);
    else if (r < 9940) d = rng_.below(60000);
    else if (r < 9995) d = rng_.below(1000000);
    else d = rng_.below(uint64_t{1} << 31);  // across the wrap now and then
    now64_ += d;
  }

  NpEvent make_event() {
    advance_time();
    NpEvent ev;
    ev.now_ns = static_cast<uint32_t>(now64_);
    if (drain_on_ && (drain_at_ <= now64_ ? rng_.chance(90) : rng_.chance(3))) {
      drain_on_ = false;  // announced again by the next result while the queue is not empty
      ev.op = NpOp::DRAIN;
      ev.flow = drain_flow_;
      ev.gen = static_cast<uint8_t>(rng_.below(256));
      return ev;
    }
    if (!timers_.empty() && timers_.top().deadline <= now64_ && rng_.chance(90)) {
      const Timer t = timers_.top();
      timers_.pop();
      ev.op = NpOp::TIMER;
      ev.flow = t.flow;
      ev.gen = t.gen;
      return ev;
    }
    const uint64_t r = rng_.below(1000);
    ev.flow = pick_flow();
    ev.ecn = static_cast<uint8_t>(rng_.below(4));
    ev.gen = static_cast<uint8_t>(rng_.below(256));
    if (r < 12) {
      ev.op = NpOp::INIT;
    } else if (r < 40) {
      ev.op = NpOp::TIMER;  // usually stale: a gen other than the last one announced
      ev.gen = rng_.chance(70) ? static_cast<uint8_t>(last_gen_[ev.flow] - 1 - rng_.below(4))
                               : static_cast<uint8_t>(last_gen_[ev.flow]);
    } else if (r < 50) {
      ev.op = NpOp::DRAIN;  // usually not the queue head: a no-op
    } else {
      ev.op = NpOp::RX;
      const uint64_t e = rng_.below(100);
      ev.ecn = e < 40 ? kEcnCe : e < 65 ? kEcnUe : e < 85 ? kEcnEct1 : kEcnNotEct;
    }
    return ev;
  }

  void queue_variant() {
    const tb::np::Variant& v = variants_[variant_idx_++ % variants_.size()];
    for (const auto& [reg, val] : v.regs) csr_write(kNpRegs[reg].addr, val);
    hot_.clear();
    const uint64_t n = 1 + rng_.below(8);
    for (uint64_t i = 0; i < n; ++i) hot_.push_back(static_cast<uint32_t>(rng_.below(kFlows)));
  }

  void csr_write(uint8_t addr, uint32_t data) {
    csr_q_.push_back({true, addr, data});
    csr_q_.push_back({false, addr, 0});  // read it back
  }

  void random_csr() {
    const unsigned reg = static_cast<unsigned>(rng_.below(NP_NUM_REGS));
    const RegDef& d = kNpRegs[reg];
    const uint64_t r = rng_.below(100);
    uint8_t addr = d.addr;
    uint32_t v;
    if (r < 50) v = d.min + static_cast<uint32_t>(rng_.below(uint64_t{d.max} - d.min + 1));
    else if (r < 65) v = d.max + 1 + static_cast<uint32_t>(rng_.below(1000));  // above max
    else if (r < 75) v = d.min ? static_cast<uint32_t>(rng_.below(d.min)) : 0;  // below min
    else if (r < 85) v = static_cast<uint32_t>(rng_.next());
    else if (r < 93) v = rng_.chance(50) ? d.min : d.max;
    else {
      addr = static_cast<uint8_t>(0x18 + 4 * rng_.below(50));  // unmapped, status, misaligned
      if (rng_.chance(30)) addr |= static_cast<uint8_t>(1 + rng_.below(3));
      v = static_cast<uint32_t>(rng_.next());
    }
    if (rng_.chance(80)) csr_write(addr, v);
    else csr_q_.push_back({false, addr, 0});
  }

  // ---- directed episode
  // plus_tau_saturated needs more than 1024 flows sent a CNP in one DCQCN+ epoch, then a
  // rollover: random traffic gets there only for some seeds (the plus_sat variant's epoch
  // of 2^30 ns is usually cut short by the big time jumps). The episode does it directly,
  // through the same drive/compare path, with random CSR writes, INITs, variant switches
  // and the mid-run reset held off while it lasts:
  //   Settle  wait for queued CSR accesses; save the registers; write N = 0, DCQCN+ off,
  //           CNP_GEN_TIME_NS = 2^20, EPOCH_NS = 2^30, no CNP budget
  //   Setup   wait for those writes; DRAIN the budget queue until it is empty
  //   Sweep   one CE packet to every flow (odd stride from a random base), the first 2^30
  //           + 1000 ns after the last event: it rolls the epoch over (after any event
  //           now - epoch_start < EPOCH_NS <= 2^30), the rest follow within 1.3 ms. With
  //           N = 0 each gets a CNP and counts its flow in the new epoch (all but those
  //           last counted exactly 256 k epochs ago: far fewer than 3072)
  //   Drain   wait until every sweep event has its result; write DCQCN+ on
  //   Arm     wait for that write
  //   Final   2^30 ns later: rollover, demand_prev > 2^30, tau = 2^30 > N from the next
  //           event on. A CE (CNP after the interval; it starts the epoch, so it still
  //           has the old tau), a CE in the window (deadline 2^30 ahead) and a DRAIN for
  //           a flow not queued (a no-op), these two with the saturated tau (checked)
  //   Restore wait until those have their results; write the saved registers back
  static constexpr bool kEpisodeNeeded = kFlows > 1024;
  enum class Ep { None, Settle, Setup, Sweep, Drain, Arm, Final, Restore };
  static constexpr unsigned kEpRegs[] = {NP_CNP_INTERVAL_NS, NP_PLUS_ENABLE,
                                         NP_CNP_GEN_TIME_NS, NP_EPOCH_NS, NP_CNP_BUDGET_NS};

  void start_episode() {
    ep_ = Ep::Settle;
    ep_i_ = 0;
    ep_base_ = static_cast<uint32_t>(rng_.below(kFlows));
    ep_stride_ = static_cast<uint32_t>(rng_.below(kFlows)) | 1;  // odd: a permutation
  }

  // One step of the episode; true when it produced an event in ev (time advanced).
  // in_ep_final_ marks the Final events: their outputs must carry the saturated tau.
  bool episode_event(NpEvent& ev) {
    in_ep_final_ = ep_ == Ep::Final;
    auto rx_ce = [&](uint32_t flow, uint64_t dt) {
      now64_ += dt;
      ev = NpEvent{};
      ev.op = NpOp::RX;
      ev.flow = flow;
      ev.now_ns = static_cast<uint32_t>(now64_);
      ev.ecn = kEcnCe;
      ev.gen = static_cast<uint8_t>(rng_.below(256));
      return true;
    };
    switch (ep_) {
      case Ep::None: return false;
      case Ep::Settle:
        if (!csr_q_.empty()) return false;
        ep_saved_ = shadow_;
        csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 0);
        csr_write(kNpRegs[NP_PLUS_ENABLE].addr, 0);
        csr_write(kNpRegs[NP_CNP_GEN_TIME_NS].addr, 1u << 20);
        csr_write(kNpRegs[NP_EPOCH_NS].addr, 1u << 30);
        csr_write(kNpRegs[NP_CNP_BUDGET_NS].addr, 0);  // every sweep CNP leaves at once
        ep_ = Ep::Setup;
        return false;
      case Ep::Setup:
        if (!csr_q_.empty() || !in_fifo_.empty()) return false;
        if (drain_on_) {  // empty the budget queue first (B = 0: each DRAIN sends its head)
          drain_on_ = false;
          now64_ += 1;
          ev = NpEvent{};
          ev.op = NpOp::DRAIN;
          ev.flow = drain_flow_;
          ev.now_ns = static_cast<uint32_t>(now64_);
          return true;
        }
        ep_ = Ep::Sweep;
        return false;
      case Ep::Sweep: {
        const uint32_t flow = (ep_base_ + ep_i_ * ep_stride_) & (kFlows - 1);
        const uint64_t dt = ep_i_ == 0 ? (uint64_t{1} << 30) + 1000 : 1 + rng_.below(300);
        if (++ep_i_ == kFlows) ep_ = Ep::Drain;
        return rx_ce(flow, dt);
      }
      case Ep::Drain:
        if (!in_fifo_.empty() || !csr_q_.empty()) return false;
        csr_write(kNpRegs[NP_PLUS_ENABLE].addr, 1);
        ep_ = Ep::Arm;
        ep_i_ = 0;
        return false;
      case Ep::Arm:
        if (!csr_q_.empty()) return false;
        ep_ = Ep::Final;
        return false;
      case Ep::Final:
        switch (ep_i_++) {
          case 0:  // starts the epoch: still the old tau (the new one from the next event)
            in_ep_final_ = false;
            return rx_ce(ep_base_, (uint64_t{1} << 30) + 1000 + rng_.below(1000));
          case 1: return rx_ce(ep_base_, 1 + rng_.below(300));
          default:
            now64_ += rng_.below(300);
            ev = NpEvent{};
            ev.op = NpOp::DRAIN;
            ev.flow = static_cast<uint32_t>(rng_.below(kFlows));
            ev.now_ns = static_cast<uint32_t>(now64_);
            ep_ = Ep::Restore;
            return true;
        }
      case Ep::Restore:
        if (!in_fifo_.empty()) return false;
        for (unsigned r : kEpRegs) csr_write(kNpRegs[r].addr, ep_saved_[r]);
        ep_ = Ep::None;
        return false;
    }
    return false;
  }

  // ---- the clock
  void drive() {
    // reset
    bool rst = rst_cycles_ > 0;
    if (rst_cycles_ > 0) --rst_cycles_;

    // event input: hold a valid event until it is taken
    if (!rst && need_profile_) {  // after every reset: the --profile's register values
      need_profile_ = false;
      for (const auto& x : variants_)
        if (x.name == profile_after_reset_)
          for (const auto& [reg, val] : x.regs) csr_write(kNpRegs[reg].addr, val);
    }
    if (!rst && !in_valid_ && (issued_ < o_.events || ep_ != Ep::None)) {
      bool go = true;
      if (o_.idle) {
        if (idle_left_ == 0 && rng_.chance(2)) idle_left_ = 1 + rng_.below(40);
        if (idle_left_ > 0) { --idle_left_; go = false; }
        else go = rng_.chance(75);
      }
      if (go && ep_ != Ep::None) {
        if (episode_event(in_ev_)) {
          in_now64_ = now64_;
          in_valid_ = true;
          ++issued_;
          ++since_rst_;
        }
      } else if (go) {
        if (issued_ >= mid_reset_at_ && !mid_reset_done_) {
          mid_reset_done_ = true;
          rst_cycles_ = 2;
          rst = true;
        } else if (issued_ >= episode_at_ && since_rst_ > 0) {
          // since_rst_: some event after the reset has set the epoch (see Sweep)
          episode_at_ = ~uint64_t{0};
          start_episode();
        } else {
          if (issued_ / switch_every_ != last_switch_) {  // late if an episode ran over it
            last_switch_ = issued_ / switch_every_;
            queue_variant();
          }
          if (rng_.chance(1) && rng_.chance(30)) random_csr();
          in_ev_ = make_event();
          in_ep_final_ = false;
          in_now64_ = now64_;
          in_valid_ = true;
          ++issued_;
          ++since_rst_;
        }
      }
    }
    if (rst) {
      if (in_valid_) --issued_;  // dropped by the reset: issue it again
      in_valid_ = false;
      since_rst_ = 0;
      need_profile_ = true;
    }

    ready_ = true;
    if (!o_.backpressure && !stall_done_ && issued_ >= o_.events / 10) {
      // one directed stall in every run; --bp 1 adds random back-pressure throughout
      stall_done_ = true;
      stall_left_ = 8 + rng_.below(8);
    }
    if (stall_left_ > 0) {
      --stall_left_;
      ready_ = false;
    }
    if (o_.backpressure) {
      if (cycle_ % 997 == 0) bp_pct_ = static_cast<unsigned>(10 + rng_.below(85));
      ready_ = rng_.chance(bp_pct_);
    }

    CsrOp op{};
    bool csr_active = false;
    if (!rst && !csr_q_.empty() && rng_.chance(70)) {
      op = csr_q_.front();
      csr_q_.pop_front();
      csr_active = true;
    }

    // drive both (random data on the idle buses: the block must ignore them)
    const bool v = in_valid_;
    const NpEvent ev = v ? in_ev_ : NpEvent{static_cast<NpOp>(rng_.below(4)),
                                            static_cast<uint32_t>(rng_.below(kFlows)),
                                            static_cast<uint32_t>(rng_.next()),
                                            static_cast<uint8_t>(rng_.below(4)),
                                            static_cast<uint8_t>(rng_.below(256))};
    const bool we = csr_active && op.we, re = csr_active && !op.we;
    const uint8_t addr = csr_active ? op.addr : static_cast<uint8_t>(rng_.below(256));
    const uint32_t wdata = csr_active ? op.data : static_cast<uint32_t>(rng_.next());
    in_ = NpModel::In{};
    in_.rst = rst;
    in_.evt_valid = v;
    in_.evt = ev;
    in_.out_ready = ready_;
    in_.csr_we = we;
    in_.csr_re = re;
    in_.csr_addr = addr;
    in_.csr_wdata = wdata;
    cur_csr_ = csr_active ? op : CsrOp{};
    cur_csr_active_ = csr_active;
    cur_rst_ = rst;
  }

  std::string describe() const {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "in: valid=%d op=%u flow=%u now_ns=%u ecn=%u gen=%u | out_ready=%d rst=%d"
                  " csr we=%d re=%d addr=0x%02x wdata=0x%08x",
                  in_valid_, static_cast<unsigned>(in_ev_.op), in_ev_.flow, in_ev_.now_ns, in_ev_.ecn, in_ev_.gen,
                  ready_, cur_rst_, in_.csr_we, in_.csr_re, in_.csr_addr, in_.csr_wdata);
    std::string s = buf;
    if (!in_fifo_.empty()) {
      const Issued& f = in_fifo_.front();
      std::snprintf(buf, sizeof buf,
                    "\n  m_out belongs to: op=%u flow=%u now_ns=%u ecn=%u gen=%u"
                    " (accepted at cycle %" PRIu64 ")",
                    static_cast<unsigned>(f.ev.op), f.ev.flow, f.ev.now_ns, f.ev.ecn, f.ev.gen, f.cycle);
      s += buf;
    }
    return s;
  }

  int fail(const std::string& what) { return ls_.fail(describe(), {}, what); }

  // One cycle: every output compared (m_out_* also while not valid: both show 0 there),
  // then the bookkeeping, then the edge.
  int cycle() {
    drive();
    ro_ = ls_.low(in_);
    if (cycle_ > 0) {
      if (!ls_.same(true)) return ls_.mismatch(describe());
      if (int rc = observe()) return rc;
    }
    ls_.high();
    ++cycle_;
    return 0;
  }

  // Book-keeping of what crosses the edge that follows; coverage; checks of the
  // model's outputs against the stimulus (order, flow, the register table).
  int observe() {
    if (cur_rst_) {
      last_rst_cycle_ = cycle_ + 1;
      in_fifo_.clear();
      csr_q_.clear();
      while (!timers_.empty()) timers_.pop();
      drain_on_ = false;
      std::fill(last_cnp64_.begin(), last_cnp64_.end(), kNoCnp);
      std::fill(last_gen_.begin(), last_gen_.end(), 0);
      shadow_reset();
      pending_read_ = false;
      if (mid_reset_done_ && !mid_reset_hit_) {
        mid_reset_hit_ = true;
        cov_.hit("reset_mid_run");
        // A fresh block: restart time just after a 2^32 boundary so that the first
        // DCQCN+ epoch (id 0, as after reset) sees traffic, with DCQCN+ on.
        now64_ = ((now64_ >> 32) + 1) << 32 | rng_.below(1000);
        profile_after_reset_ = "plus_fast";
      }
      return 0;
    }
    // CSR read data of the previous cycle's read, against the register table
    if (pending_read_) {
      pending_read_ = false;
      if (ro_.csr_rdata != read_expect_)
        return fail("csr_rdata " + std::to_string(ro_.csr_rdata) + " != register table " +
                    std::to_string(read_expect_));
    }
    if (cur_csr_active_) {
      const int i = reg_index(cur_csr_.addr);
      if (i < 0) cov_.hit("csr_unknown_addr");
      if (cur_csr_.we) {
        if (ref_.busy() || in_valid_) cov_.hit("csr_write_during_traffic");
        if (i >= 0) {
          const uint32_t c = clamp_reg(kNpRegs[i], cur_csr_.data);
          if (c != cur_csr_.data) cov_.hit("csr_clamp");
          shadow_[i] = c;  // visible to a read from the next cycle
        }
      } else {
        pending_read_ = true;
        read_expect_ = i >= 0 ? shadow_before_[i] : 0;
        for (const auto& st : kNpStatus)  // status: the model's counters (RTL compared)
          if (st.addr == cur_csr_.addr) read_expect_ = ref_.algo().csr_read(st.addr);
      }
    }
    shadow_before_ = shadow_;

    if (ro_.out_valid && ready_) {
      if (in_fifo_.empty()) return fail("output with no event in flight");
      const Issued is = in_fifo_.front();
      in_fifo_.pop_front();
      const NpResult& r = ro_.out;
      if (r.op != is.ev.op || r.flow != is.ev.flow) return fail("output out of order");
      const NpTrace& t = ref_.out_trace();
      switch (t.path) {
        case NpPath::CnpFirst: cov_.hit("cnp_first_immediate"); break;
        case NpPath::CnpInterval:
          cov_.hit("cnp_after_interval");
          if (r.cnp_tau_ns == 0) cov_.hit("interval_zero");
          break;
        case NpPath::HoldoffArm: cov_.hit("holdoff_arm"); cov_.hit("holdoff_hit"); break;
        case NpPath::HoldoffHit: cov_.hit("holdoff_hit"); break;
        case NpPath::TimerCnp: cov_.hit("holdoff_pending_timer_cnp"); break;
        case NpPath::TimerIdle: cov_.hit("timer_idle"); break;
        case NpPath::TimerStale: cov_.hit("stale_timer"); break;
        case NpPath::Init: cov_.hit("init_flow"); break;
        case NpPath::Nop: cov_.hit("nop_event"); break;
        case NpPath::TimerHoldoff: cov_.hit("holdoff_timer_early"); break;
        case NpPath::QueuedMerge: cov_.hit("budget_queued_merge"); break;
        case NpPath::DrainCnp: cov_.hit("budget_drain_cnp"); break;
        case NpPath::DrainEarly: cov_.hit("budget_drain_early"); break;
        case NpPath::DrainHoldoff: break;
        case NpPath::Unmarked:
          if (is.ev.ecn == kEcnUe) cov_.hit("ue_ignored_dcqcn");
          break;
      }
      if (r.cnp && r.cnp_kind == static_cast<uint8_t>(NpCnpKind::UE)) cov_.hit("ue_cnp");
      if (t.ce_override) cov_.hit("ce_overrides_ue");
      if (t.wrapped && (t.path == NpPath::CnpInterval || t.path == NpPath::HoldoffArm ||
                        t.path == NpPath::HoldoffHit))
        cov_.hit("timestamp_wrap");
      if (t.rollover && ref_.algo().regs()[NP_PLUS_ENABLE]) cov_.hit("plus_epoch_rollover");
      if (t.tau_raised) cov_.hit("plus_tau_above_min");
      if (kFlows > 1024 && r.cnp_tau_ns == kNpTauMax && t.tau_raised)
        cov_.hit("plus_tau_saturated");
      if (is.ep_final && !(r.cnp_tau_ns == kNpTauMax && t.tau_raised))
        return fail("directed episode: tau " + std::to_string(r.cnp_tau_ns) +
                    " not saturated after the sweep (rollover " + std::to_string(t.rollover) +
                    ", demand_prev " + std::to_string(ref_.algo().global().demand_prev) +
                    ", count_prev " + std::to_string(ref_.algo().global().count_prev) +
                    ", count_cur " + std::to_string(ref_.algo().global().count_cur) +
                    ", PLUS " + std::to_string(ref_.algo().regs()[NP_PLUS_ENABLE]) +
                    ", EPOCH " + std::to_string(ref_.algo().regs()[NP_EPOCH_NS]) +
                    ", GT " + std::to_string(ref_.algo().regs()[NP_CNP_GEN_TIME_NS]) + ")");
      if (t.queued) cov_.hit("budget_queued");
      if (t.dropped) cov_.hit("budget_overflow");
      if (r.cnp && r.op == NpOp::INIT) return fail("CNP from an INIT");
      // The hold-off, independently of the model: two CNPs of a flow (with no INIT
      // between) are at least the tau carried by the second one apart.
      if (r.op == NpOp::INIT) last_cnp64_[r.flow] = kNoCnp;
      if (r.cnp) {
        const uint64_t last = last_cnp64_[r.flow];
        if (last != kNoCnp && is.now64 - last < (uint64_t{1} << 31) &&
            is.now64 - last < r.cnp_tau_ns)
          return fail("two CNPs of flow " + std::to_string(r.flow) + " " +
                      std::to_string(is.now64 - last) + " ns apart, tau " +
                      std::to_string(r.cnp_tau_ns));
        last_cnp64_[r.flow] = is.now64;
      }
      if (r.q_valid) {  // the queue head may leave at q_at_ns: DRAIN then
        drain_on_ = true;
        drain_flow_ = r.q_flow;
        drain_at_ = is.now64 + static_cast<int32_t>(r.q_at_ns - is.ev.now_ns);
      } else {
        drain_on_ = false;
      }
      if (r.tmr_set) {
        // deadline - now is the rest of the hold-off window: in (0, tau]
        const uint32_t ahead = r.tmr_deadline_ns - is.ev.now_ns;
        if (ahead == 0 || ahead > r.cnp_tau_ns) return fail("deadline outside the window");
        // now and then the timer service fires early (the NP must check the hold-off)
        if (rng_.chance(3)) timers_.push({is.now64 + rng_.below(ahead), r.flow, r.tmr_gen});
        timers_.push({is.now64 + ahead, r.flow, r.tmr_gen});
        last_gen_[r.flow] = r.tmr_gen;
      }
    }
    if (in_.evt_valid && ref_.hazard(in_) && !cur_rst_) cov_.hit("same_flow_hazard_stall");
    if (in_.evt_valid && ref_.hold() && !cur_rst_) cov_.hit("epoch_rollover_hold");
    if (in_.evt_valid && ro_.evt_ready) {
      // the hazard rule: one flow at most once per 3 cycles
      const uint64_t prev = last_acc_[in_ev_.flow];
      if (prev != kNoCnp && prev >= last_rst_cycle_ && cycle_ - prev < 3)
        return fail("same flow accepted " + std::to_string(cycle_ - prev) + " cycles apart");
      if (prev != kNoCnp && prev >= last_rst_cycle_ && cycle_ - prev == 3)
        cov_.hit("same_flow_min_gap");
      last_acc_[in_ev_.flow] = cycle_;
      in_fifo_.push_back({in_ev_, in_now64_, cycle_, in_ep_final_});
      in_valid_ = false;
      ++accepted_;
    }
    return 0;
  }

  static int reg_index(uint8_t addr) {
    for (unsigned i = 0; i < NP_NUM_REGS; ++i)
      if (kNpRegs[i].addr == addr) return static_cast<int>(i);
    return -1;
  }
  void shadow_reset() {
    for (unsigned i = 0; i < NP_NUM_REGS; ++i) shadow_[i] = kNpRegs[i].reset;
    shadow_before_ = shadow_;
  }

  const tb::Options& o_;
  tb::Rng rng_;
  tb::Coverage cov_;
  tb::Lockstep<pins::Np, VMODEL, NpModel> ls_;
  const NpModel& ref_ = ls_.ref();
  NpModel::In in_{};   // this cycle's inputs
  NpModel::Out ro_{};  // the model's outputs for them
  std::vector<tb::np::Variant> variants_;
  std::vector<uint8_t> last_gen_;
  static constexpr uint64_t kNoCnp = ~uint64_t{0};
  std::vector<uint64_t> last_cnp64_ = std::vector<uint64_t>(kFlows, kNoCnp);
  bool drain_on_ = false;
  uint32_t drain_flow_ = 0;
  uint64_t drain_at_ = 0;

  uint64_t cycle_ = 0, accepted_ = 0, issued_ = 0;
  unsigned rst_cycles_ = 0;
  bool cur_rst_ = false;
  bool need_profile_ = true;
  std::string profile_after_reset_;
  uint64_t mid_reset_at_ = 0;
  bool mid_reset_done_ = false, mid_reset_hit_ = false;
  uint64_t switch_every_ = 1, last_switch_ = 0;
  uint64_t since_rst_ = 0;  // events issued since the last rst

  uint64_t episode_at_ = 0;
  Ep ep_ = Ep::None;
  uint32_t ep_i_ = 0, ep_base_ = 0, ep_stride_ = 1;
  NpRegs ep_saved_{};
  size_t variant_idx_ = 0;

  uint64_t now64_ = 0;
  std::vector<uint32_t> hot_;
  std::priority_queue<Timer, std::vector<Timer>, std::greater<Timer>> timers_;

  bool in_valid_ = false;
  NpEvent in_ev_{};
  uint64_t in_now64_ = 0;
  bool in_ep_final_ = false;
  std::deque<Issued> in_fifo_;
  uint64_t idle_left_ = 0;
  bool ready_ = true;
  unsigned bp_pct_ = 50;
  bool stall_done_ = false;
  uint64_t stall_left_ = 0;
  std::vector<uint64_t> last_acc_ = std::vector<uint64_t>(kFlows, ~uint64_t{0});
  uint64_t last_rst_cycle_ = 0;

  std::deque<CsrOp> csr_q_;
  CsrOp cur_csr_{};
  bool cur_csr_active_ = false;
  NpRegs shadow_{}, shadow_before_{};
  bool pending_read_ = false;
  uint32_t read_expect_ = 0;
};

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "np"); }
