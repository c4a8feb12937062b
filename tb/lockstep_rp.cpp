// SPDX-License-Identifier: MIT
// Lock-step test of rtl/dcqcn_rp.sv against RpModel (tb/ref/rp_ref.h): random and
// directed events, the same inputs to both every cycle, every output compared every
// cycle; the first mismatch stops the run with the cycle, seed, event and both values.
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>

#include VHEADER
#include "lockstep.h"
#include "profiles.h"
#include "rp_ref.h"

using namespace dcqcn;
using tb::Coverage;
using tb::Diff;

namespace {

constexpr uint32_t kFlows = DUT_SIZE;
// Events after which every coverpoint was hit at every seed tried (docs/verification.md,
// "Events for full coverage", measured with scripts/coverage_events.sh); printed when a
// shorter run misses some.
constexpr uint64_t kFullCoverageEvents = 500000;

struct Tmr {  // a timer the block announced, waiting for its deadline
  uint32_t flow;
  uint8_t kind;  // 2 alpha, 3 increase, 6 deferred cut (the event op)
  uint8_t gen;
};

class Bench {
 public:
  explicit Bench(const tb::Options& o) : opt_(o), rng_(o.seed), ls_(o, "rp", kFlows) {
    define_coverage();
  }

  int run();

 private:
  void define_coverage();
  bool cycle(RpModel::In in);  // one clock; false on mismatch
  RpModel::In idle_in() const {
    RpModel::In in;
    in.out_ready = true;
    return in;
  }
  void reset();
  void load_profile(const std::string& name);
  RpEvent random_event();
  void start_episode();
  void random_csr(RpModel::In& in);

  tb::Options opt_;
  tb::Rng rng_;
  tb::Lockstep<pins::Rp, VMODEL, RpModel> ls_;
  RpCov counts_;  // the reference's branch counters
  Coverage cov_;
  uint64_t accepted_ = 0, outputs_ = 0;
  int fail_ = 0;

  // time: 64-bit unwrapped in the bench, 32-bit on the pins
  uint64_t now64_ = 0;
  std::deque<std::pair<uint64_t, RpEvent>> inflight_;  // accepted events and their now64, in order
  std::multimap<uint64_t, Tmr> timers_;        // by deadline (unwrapped)
  std::map<std::pair<uint32_t, uint8_t>, std::multimap<uint64_t, Tmr>::iterator> tmr_idx_;
  std::vector<uint32_t> hot_;
  int phase_ = 0;            // 0 congested, 1 recovering, 2 mixed
  uint64_t phase_left_ = 0;
  bool last_valid_ = false;
  uint32_t last_flow_ = 0;
  bool wrapped_ = false;
  bool force_cnp_ = false;
  bool in_episode_ = false;  // no INIT and no random register writes while it lasts
  unsigned episode_n_ = 0;
  unsigned bp_burst_ = 0;    // cycles left of a long m_out_ready low (fills the FIFO)
  bool out_ready() {
    if (!opt_.backpressure) return true;
    if (bp_burst_ > 0) { --bp_burst_; return false; }
    if (rng_.chance(1) && rng_.chance(5)) bp_burst_ = 40;
    return rng_.chance(70);
  }
};

// A directed episode inside the random run: one flow is cut by a CE CNP and then left to
// recover for ~6000 events with a small byte counter, so that every increase phase of
// DCQCN (hyper increase needs both counters past F) and DCQCN+ (S > 4F) is reached
// whatever the seed.
void Bench::start_episode() {
  static const char* const kProfiles[] = {"paper", "dcqcn_plus", "connectx"};
  for (const RegDef& d : kRpRegs) {  // undo earlier random writes (line rate, MTU, ...)
    RpModel::In in = idle_in();
    in.csr_we = true;
    in.csr_addr = d.addr;
    in.csr_wdata = d.reset;
    cycle(in);
  }
  const unsigned n = episode_n_++;
  load_profile(kProfiles[n % 3]);
  RpModel::In in = idle_in();
  in.csr_we = true;  // the register options the papers and simulators differ on
  in.csr_addr = reg_addr(Block::RP, "ALPHA_FIRST");
  in.csr_wdata = (n / 3) % 2;
  cycle(in);
  in.csr_addr = reg_addr(Block::RP, "HAI_FIXED");
  in.csr_wdata = (n / 6) % 2;
  cycle(in);
  in = idle_in();
  in.csr_we = true;
  in.csr_addr = reg_addr(Block::RP, "BYTE_COUNTER_BYTES");
  in.csr_wdata = 65536;
  cycle(in);
  hot_ = {static_cast<uint32_t>(rng_.below(kFlows))};
  phase_ = 1;
  phase_left_ = 6000;
  force_cnp_ = true;
  in_episode_ = true;
}

void Bench::define_coverage() {
  ls_.require_quiet_outputs();  // m_out data are 0 while m_out_valid is 0
  if (opt_.backpressure) {
    ls_.watch_backpressure(cov_);
    cov_.define("credit_stall", "event held: 17 results owed (FIFO and output full)");
  }
  cov_.define("inc_fast_recovery", "DCQCN increase step in fast recovery");
  cov_.define("inc_additive", "DCQCN additive increase step");
  cov_.define("inc_hyper", "DCQCN hyper increase step (both counters past F)");
  cov_.define("plus_fast_recovery", "DCQCN+ S < F");
  cov_.define("plus_mid", "DCQCN+ F <= S <= 4F");
  cov_.define("plus_high", "DCQCN+ S > 4F");
  cov_.define("plus_period_tau", "DCQCN+ period set by tau");
  cov_.define("plus_period_mtu", "DCQCN+ period set by MTU / Rc");
  cov_.define("byte_counter_expiry", "byte counter reached B");
  cov_.define("alpha_decay", "alpha timer decayed alpha");
  cov_.define("alpha_floor", "alpha decayed to its floor, timer disarmed");
  cov_.define("rate_clamp_min", "cut clamped at the minimum rate");
  cov_.define("rate_clamp_line", "target rate clamped at line rate");
  cov_.define("cut", "CE CNP cut the rate");
  cov_.define("cut_blocked_rrmp", "CE CNP inside the rate-reduce monitor period, discarded");
  cov_.define("cut_deferred", "CE CNP inside the monitor period remembered (CUT_DEFER)");
  cov_.define("cut_deferred_again", "a second CE CNP while a cut is already deferred");
  cov_.define("cut_at_period_end", "CUT_TIMER: the deferred cut done at the period's end");
  cov_.define("cut_pending_cleared", "a cut cleared a deferred cut (CNP after the period)");
  cov_.define("cut_alpha_first", "cut with alpha raised first (ALPHA_FIRST)");
  cov_.define("inc_hyper_fixed", "hyper increase by a fixed R_HAI (HAI_FIXED)");
  cov_.define("retime", "Rc changed: pending departure re-timed");
  cov_.define("retime_at_now", "re-timed departure already past: moved to now");
  cov_.define("pace_retire", "pacing word 2^30 to 2^31 ns old: retired (read as not valid)");
  cov_.define("hazard_stall", "event held: its flow in S1..S7 (same-flow hazard)");
  cov_.define("csr_apply_stall", "event held while a register write is applied");
  cov_.define("first_cnp_rate", "rate set on the first CNP");
  cov_.define("clamp_after_ti", "target clamped because of a timer increase");
  cov_.define("ue_cnp", "TCD UE CNP: increase restarted only");
  cov_.define("stale_timer", "timer event with an outdated tag ignored");
  cov_.define("inc_timer_disarm", "flow fully recovered, increase timer cancelled");
  cov_.define("pace_keep_schedule", "packet left on time: exact schedule kept");
  cov_.define("pace_restart", "packet left late: schedule restarts at now");
  cov_.define("init_flow", "INIT event");
  cov_.define("init_start_rate", "INIT with a start rate (flow restarts below line rate)");
  cov_.define("query", "QUERY event");
  cov_.define("same_flow_back_to_back", "events to one flow in consecutive cycles");
  cov_.define("timestamp_wrap", "now wrapped past 2^32 with events in flight");
  cov_.define("csr_write_during_traffic", "register written with events in the pipeline");
  cov_.define("csr_clamp", "register write outside [min, max] clamped");
  cov_.define("csr_read", "register read back");
  cov_.define("reset_during_traffic", "reset with events in the pipeline");
}

void Bench::reset() {
  RpModel::In in = idle_in();
  in.rst = true;
  cycle(in);
  cycle(in);
  // wait out the RAM clear
  for (uint32_t i = 0; i < kFlows + 2; ++i) cycle(idle_in());
  inflight_.clear();
  timers_.clear();
  tmr_idx_.clear();
  last_valid_ = false;
}

void Bench::load_profile(const std::string& name) {
  for (const auto& w : profile_writes(name, 1 + static_cast<unsigned>(rng_.below(64)))) {
    if (w.block != Block::RP) continue;
    RpModel::In in = idle_in();
    in.csr_we = true;
    in.csr_addr = w.addr;
    in.csr_wdata = w.value;
    if (!cycle(in)) return;
  }
}

bool Bench::cycle(RpModel::In in) {
  const RpModel::Out& r = ls_.low(in);
  static const bool dbg = std::getenv("RP_DEBUG") != nullptr;
  if (dbg)
    std::printf("cyc %llu evt_v=%d f%u op%u rdy rtl=%d ref=%d | %s\n",
                static_cast<unsigned long long>(ls_.cycle()), in.evt_valid, in.evt.flow,
                static_cast<unsigned>(in.evt.op), ls_.dut().s_evt_ready, r.evt_ready,
                ls_.ref().debug().c_str());
  // Not during reset: the RTL's outputs then are whatever reset makes them.
  if (!in.rst && !ls_.same()) {
    // The output belongs to the oldest event in flight.
    const RpEvent e = inflight_.empty() ? in.evt : inflight_.front().second;
    fail_ = ls_.mismatch(pins::describe<pins::Rp>(e) +
                         " (the event whose output differs); this cycle: out_ready=" +
                         std::to_string(in.out_ready) + " csr_we=" + std::to_string(in.csr_we) +
                         " addr=" + std::to_string(in.csr_addr) +
                         " wdata=" + std::to_string(in.csr_wdata));
    return false;
  }

  // Bookkeeping on what the handshakes do this cycle
  if (!in.rst) {
    if (in.evt_valid && r.evt_ready) {
      ++accepted_;
      inflight_.push_back({now64_, in.evt});
      if (last_valid_ && last_flow_ == in.evt.flow) cov_.hit("same_flow_back_to_back");
      last_valid_ = true;
      last_flow_ = in.evt.flow;
    } else {
      last_valid_ = false;
    }
    if (r.out_valid && in.out_ready) {
      ++outputs_;
      const uint64_t t0 = inflight_.front().first;
      inflight_.pop_front();
      const RpResult& o = r.out;
      auto track = [&](uint8_t act, uint8_t kind, uint8_t gen, uint32_t dl) {
        const auto key = std::make_pair(o.flow, kind);
        auto it = tmr_idx_.find(key);
        if (act == 0) return;
        if (it != tmr_idx_.end()) {
          timers_.erase(it->second);
          tmr_idx_.erase(it);
        }
        if (act == 1) {
          const int32_t delta = static_cast<int32_t>(dl - static_cast<uint32_t>(t0));
          const uint64_t due = t0 + static_cast<uint64_t>(std::max<int32_t>(delta, 0));
          tmr_idx_[key] = timers_.insert({due, Tmr{o.flow, kind, gen}});
        }
      };
      track(o.atmr, 2, o.agen, o.adl_ns);
      track(o.itmr, 3, o.igen, o.idl_ns);
      track(o.ctmr, 6, o.cgen, o.cdl_ns);
    }
    if (in.csr_we && !inflight_.empty()) cov_.hit("csr_write_during_traffic");
    if (in.csr_re) cov_.hit("csr_read");
  }

  ls_.high(&counts_);
  return true;
}

RpEvent Bench::random_event() {
  // time advances
  const unsigned k = static_cast<unsigned>(rng_.below(100));
  uint64_t dt = k < 55 ? rng_.below(20) : k < 90 ? rng_.below(500) : k < 99 ? rng_.below(20000)
                                                                             : rng_.below(2000000);
  // Now and then (one event in 5000) time jumps by 2^30 to 2^32 ns: the pacing words of
  // the flows that sent before are then that old at their next event, which retires those
  // 2^30 to 2^31 ns old (pace_retire, docs/rp.md "Time") and reads the others, past the
  // horizon, as ahead (the block's behaviour there is compared all the same).
  if (rng_.below(5000) == 0) dt = (1ull << 30) + rng_.below(3ull << 30);
  const uint64_t before = now64_;
  now64_ += dt;
  if ((before >> 32) != (now64_ >> 32)) wrapped_ = true;
  if (wrapped_ && !inflight_.empty()) {
    cov_.hit("timestamp_wrap");
    wrapped_ = false;
  }

  if (phase_left_ == 0) {
    in_episode_ = false;
    phase_ = static_cast<int>(rng_.below(3));
    phase_left_ = 2000 + rng_.below(8000);
    if (rng_.chance(30)) {  // new hot set
      hot_.clear();
      for (int i = 0; i < 4; ++i) hot_.push_back(static_cast<uint32_t>(rng_.below(kFlows)));
    }
  }
  --phase_left_;

  RpEvent e;
  e.now_ns = static_cast<uint32_t>(now64_);
  if (force_cnp_) {
    force_cnp_ = false;
    e.op = RpOp::CNP;
    e.flow = hot_[0];
    e.tau_ns = 20000;
    return e;
  }
  e.flow = rng_.chance(85) ? hot_[rng_.below(hot_.size())] : static_cast<uint32_t>(rng_.below(kFlows));

  // a due timer?
  if (!timers_.empty() && timers_.begin()->first <= now64_ && rng_.chance(70)) {
    const Tmr t = timers_.begin()->second;
    tmr_idx_.erase({t.flow, t.kind});
    timers_.erase(timers_.begin());
    e.op = static_cast<RpOp>(t.kind);
    e.flow = t.flow;
    e.gen = t.gen;
    if (rng_.chance(3)) e.gen = static_cast<uint8_t>(e.gen + 1 + rng_.below(255));  // stale
    return e;
  }
  const unsigned cnp_pct = phase_ == 0 ? 12 : phase_ == 1 ? 0 : 1;
  const unsigned p = static_cast<unsigned>(rng_.below(1000));
  if (p < cnp_pct * 10) {
    e.op = RpOp::CNP;
    e.cnp_ue = rng_.chance(15);
    e.tau_ns = rng_.chance(50) ? static_cast<uint32_t>(rng_.below(100000))
                               : static_cast<uint32_t>(rng_.below(4000));
  } else if (p < cnp_pct * 10 + 20) {
    static const RpOp kTimerOps[] = {RpOp::ALPHA_TIMER, RpOp::INC_TIMER, RpOp::CUT_TIMER};
    e.op = kTimerOps[rng_.below(3)];  // timer with a random tag
    e.gen = static_cast<uint8_t>(rng_.below(256));
  } else if (p < cnp_pct * 10 + 40) {
    e.op = rng_.chance(80) ? RpOp::QUERY : RpOp::AGE;
  } else if (p < cnp_pct * 10 + 43 && !in_episode_) {
    e.op = RpOp::INIT;
    // half restart at line rate (0), half at a start rate (some outside [MIN, LINE])
    if (rng_.chance(50)) e.tau_ns = static_cast<uint32_t>(rng_.below(rng_.chance(10) ? 0xffffffffu : 50000000u));
  } else {
    e.op = RpOp::TX;
    const unsigned b = static_cast<unsigned>(rng_.below(100));
    e.bytes = static_cast<uint16_t>(b < 70 ? 64 + rng_.below(4033) : b < 98 ? rng_.below(9217)
                                                                            : rng_.below(65536));
  }
  e.gen = e.op == RpOp::ALPHA_TIMER || e.op == RpOp::INC_TIMER || e.op == RpOp::CUT_TIMER
              ? e.gen : static_cast<uint8_t>(rng_.below(256));
  return e;
}

void Bench::random_csr(RpModel::In& in) {
  const unsigned i = static_cast<unsigned>(rng_.below(RP_NUM_REGS));
  const RegDef& d = kRpRegs[i];
  in.csr_we = true;
  in.csr_addr = d.addr;
  const unsigned k = static_cast<unsigned>(rng_.below(100));
  uint64_t v;
  if (k < 10) {
    v = rng_.chance(50) ? (d.min ? d.min - 1 - rng_.below(d.min) : d.min)
                        : (d.max < 0xffffffffu ? d.max + 1 + rng_.below(0xffffffffu - d.max) : d.max);
  } else if (k < 20) {
    v = rng_.chance(50) ? d.min : d.max;
  } else {
    // log-uniform inside the range, so small and large values both occur
    const uint64_t span = static_cast<uint64_t>(d.max) - d.min + 1;
    const unsigned bits = static_cast<unsigned>(rng_.below(33));
    v = d.min + (bits >= 64 ? rng_.next() : rng_.next() & ((1ull << bits) - 1)) % span;
  }
  in.csr_wdata = static_cast<uint32_t>(v);
  if (v < d.min || v > d.max) cov_.hit("csr_clamp");
}

int Bench::run() {
  reset();
  // Wrap early: start up to 5 ms before 2^32 ns.
  now64_ = 0xFFFFFFFFull - rng_.below(5000000);
  load_profile(opt_.profile);
  const auto& names = profile_names();
  hot_ = {0, 1, static_cast<uint32_t>(kFlows - 1), static_cast<uint32_t>(rng_.below(kFlows))};

  uint64_t next_profile = 20000 + rng_.below(20000);
  uint64_t next_episode = 0;
  bool did_reset = false;
  const uint64_t reset_at = opt_.events / 2 + rng_.below(opt_.events / 4 + 1);
  while (accepted_ < opt_.events && !fail_) {
    if (accepted_ >= next_episode) {
      start_episode();
      next_episode = accepted_ + 40000 + rng_.below(20000);
      next_profile = std::max(next_profile, accepted_ + 6000);
      continue;
    }
    if (accepted_ >= next_profile) {
      load_profile(names[rng_.below(names.size())]);
      next_profile = accepted_ + 20000 + rng_.below(20000);
      if (rng_.chance(50)) {  // small byte counter so that hyper increase is reached
        RpModel::In in = idle_in();
        in.csr_we = true;
        in.csr_addr = reg_addr(Block::RP, "BYTE_COUNTER_BYTES");
        in.csr_wdata = 65536 + static_cast<uint32_t>(rng_.below(100000));
        cycle(in);
      }
      continue;
    }
    if (!did_reset && accepted_ >= reset_at) {
      did_reset = true;
      if (!inflight_.empty()) cov_.hit("reset_during_traffic");
      reset();
      load_profile(names[rng_.below(names.size())]);
      continue;
    }
    RpModel::In in = idle_in();
    in.out_ready = out_ready();
    if (!(opt_.idle && rng_.chance(30))) {
      in.evt_valid = true;
      in.evt = random_event();
    }
    if (rng_.chance(1)) {
      if (rng_.chance(40) && !in_episode_) random_csr(in);
      else {
        in.csr_re = true;
        in.csr_addr = static_cast<uint8_t>(rng_.below(96));
      }
    }
    // keep the same event on the pins until it is accepted
    while (!fail_) {
      const bool ready = ls_.ref().outputs(in).evt_ready;
      if (!cycle(in)) break;
      if (!in.evt_valid || ready) break;
      in.csr_we = in.csr_re = false;
      in.out_ready = out_ready();
    }
  }
  // drain
  for (int i = 0; i < 4 * RpModel::kLatency && !fail_; ++i) cycle(idle_in());
  if (fail_) return fail_;

  const RpCov& c = counts_;
  cov_.hit("inc_fast_recovery", c.fr);
  cov_.hit("inc_additive", c.ai);
  cov_.hit("inc_hyper", c.hai);
  cov_.hit("plus_fast_recovery", c.plus_fr);
  cov_.hit("plus_mid", c.plus_mid);
  cov_.hit("plus_high", c.plus_high);
  cov_.hit("plus_period_tau", c.plus_tau);
  cov_.hit("plus_period_mtu", c.plus_mtu);
  cov_.hit("byte_counter_expiry", c.bc_expire);
  cov_.hit("alpha_decay", c.alpha_decay);
  cov_.hit("alpha_floor", c.alpha_floor);
  cov_.hit("rate_clamp_min", c.rc_clamp_min);
  cov_.hit("rate_clamp_line", c.rt_clamp_line);
  cov_.hit("cut", c.cut);
  cov_.hit("cut_blocked_rrmp", c.cut_blocked);
  cov_.hit("cut_deferred", c.cut_deferred);
  cov_.hit("cut_deferred_again", c.cut_deferred_again);
  cov_.hit("cut_at_period_end", c.cut_at_period_end);
  cov_.hit("cut_pending_cleared", c.cut_pending_cleared);
  cov_.hit("cut_alpha_first", c.cut_alpha_first);
  cov_.hit("inc_hyper_fixed", c.hai_fixed);
  cov_.hit("retime", c.retime);
  cov_.hit("retime_at_now", c.retime_at_now);
  cov_.hit("pace_retire", c.pace_retire);
  cov_.hit("hazard_stall", ls_.ref().stall_hazard);
  cov_.hit("csr_apply_stall", ls_.ref().stall_csr);
  if (opt_.backpressure) cov_.hit("credit_stall", ls_.ref().stall_credit);
  cov_.hit("first_cnp_rate", c.first_rate);
  cov_.hit("clamp_after_ti", c.clamp_after_ti);
  cov_.hit("ue_cnp", c.ue);
  cov_.hit("stale_timer", c.stale);
  cov_.hit("inc_timer_disarm", c.inc_disarm);
  cov_.hit("pace_keep_schedule", c.pace_keep);
  cov_.hit("pace_restart", c.pace_restart);
  cov_.hit("init_flow", c.init);
  cov_.hit("init_start_rate", c.init_rate);
  cov_.hit("query", c.query);

  return ls_.finish(cov_, accepted_, kFullCoverageEvents);
}

}  // namespace

int main(int argc, char** argv) { return tb::lockstep_main<Bench>(argc, argv, "rp"); }
