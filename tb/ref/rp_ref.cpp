// SPDX-License-Identifier: MIT
#include "rp_ref.h"

#include <algorithm>
#include <bit>

#include "rp_start.h"

namespace dcqcn {

namespace {
inline uint8_t sat8(unsigned v) { return static_cast<uint8_t>(v > 255 ? 255 : v); }
inline uint32_t r(const RpRegs& g, RpReg i) { return g[i]; }
constexpr uint64_t kOne = 1ull << RpAlgo::kFrac;
inline uint32_t ceil_ns(uint64_t t) {
  return static_cast<uint32_t>(((t + kOne - 1) & RpAlgo::kMask44) >> RpAlgo::kFrac);
}
inline bool before(uint64_t a, uint64_t b) {  // a < b, 44-bit modular
  return ((a - b) & RpAlgo::kMask44) >> 43;
}
}  // namespace

RpRegs rp_reset_regs() {
  RpRegs g{};
  for (unsigned i = 0; i < RP_NUM_REGS; ++i) g[i] = kRpRegs[i].reset;
  return g;
}

namespace {
uint32_t csr_get(const RpRegs& g, uint8_t addr) {
  for (unsigned i = 0; i < RP_NUM_REGS; ++i)
    if (kRpRegs[i].addr == addr) return g[i];
  return 0;
}

void csr_put(RpRegs& g, uint8_t addr, uint32_t v) {
  for (unsigned i = 0; i < RP_NUM_REGS; ++i)
    if (kRpRegs[i].addr == addr) g[i] = clamp_reg(kRpRegs[i], v);
}

// Where the counters go when the caller keeps none (never read).
thread_local RpCov cov_sink;
}  // namespace

void RpAlgo::csr_write(uint8_t addr, uint32_t v) { csr_put(regs_, addr, v); }
uint32_t RpAlgo::csr_read(uint8_t addr) const { return csr_get(regs_, addr); }

uint32_t rp_recip_table(unsigned idx) {
  return static_cast<uint32_t>((125000ull * 4096) / (4096 + idx + 1));
}

namespace {
// The table once, as the RTL's ROM: no division per event on the simulation's hot path.
const std::array<uint32_t, 4096>& recip_rom() {
  static const std::array<uint32_t, 4096> rom = [] {
    std::array<uint32_t, 4096> t{};
    for (unsigned i = 0; i < t.size(); ++i) t[i] = rp_recip_table(i);
    return t;
  }();
  return rom;
}
}  // namespace

RpRecip rp_recip(uint32_t rc) {
  const unsigned lz = static_cast<unsigned>(std::countl_zero(rc));
  const uint32_t n = rc << lz;
  return {lz, recip_rom()[(n >> 19) & 0xFFF]};
}

uint64_t rp_pace_ns12(uint16_t bytes, RpRecip rr) {
  return ((static_cast<uint64_t>(bytes) * rr.t) << rr.lz) >> 13;
}

uint64_t rp_period_mtu_ns(uint32_t lambda_mtu, RpRecip rr) {
  return (static_cast<uint64_t>(lambda_mtu) * rr.t) >> (33 - rr.lz);
}

RpAlgo::RpAlgo(uint32_t num_flows) : st_(num_flows), pace_(num_flows) {}

void RpAlgo::clear() {
  std::fill(st_.begin(), st_.end(), RpState{});
  std::fill(pace_.begin(), pace_.end(), RpPace{});
}

// The initial state of rp_start.h (shared with the fluid model): Rc = Rt = LINE,
// alpha = ALPHA_INIT, no timer armed (alpha holds until the first CNP).
RpState RpAlgo::fresh() const {
  const RpFlowStart f =
      rp_flow_start(r(regs_, RP_LINE_RATE_KBPS), r(regs_, RP_MIN_RATE_KBPS), r(regs_, RP_ALPHA_INIT_Q16));
  RpState s;
  s.valid = true;
  s.rc = f.rc_kbps;
  s.rt = f.rt_kbps;
  s.alpha = f.alpha_q16;
  s.a_armed = f.alpha_timer;
  s.i_armed = f.increase_timer;
  return s;
}

// One rate-increase step (DCQCN section 3.1 / DCQCN+; docs/rp.md "The algorithm").
// DCQCN: the phase is chosen with the stage counts BEFORE this expiry (F = 5 gives the
// paper's five fast-recovery iterations, as in QCN and the ConnectX firmware); then the
// expiring counter is incremented. DCQCN+: S is incremented first, then the thesis's
// rules are applied to it, as the thesis writes.
void RpAlgo::increase(RpState& s, bool timer, RpCov& cov) {
  const uint64_t line = r(regs_, RP_LINE_RATE_KBPS);
  const unsigned f = r(regs_, RP_F_STEPS);
  uint64_t rt = s.rt;
  if (r(regs_, RP_ALGO) == 0) {
    const unsigned t = s.t_stage, b = s.bc_stage;
    const unsigned mx = std::max(t, b), mn = std::min(t, b);
    if (mx < f) {
      ++cov.fr;  // fast recovery: Rt unchanged
    } else if (mn > f) {
      ++cov.hai;
      if (r(regs_, RP_HAI_FIXED)) {
        ++cov.hai_fixed;
        rt += r(regs_, RP_HAI_RATE_KBPS);
      } else {
        rt += static_cast<uint64_t>(mn - f) * r(regs_, RP_HAI_RATE_KBPS);
      }
    } else {
      ++cov.ai;
      rt += r(regs_, RP_AI_RATE_KBPS);
    }
    if (timer) s.t_stage = sat8(t + 1u);
    else s.bc_stage = sat8(b + 1u);
  } else {
    s.t_stage = sat8(s.t_stage + 1u);
    const unsigned S = s.t_stage;
    const uint64_t rl = r(regs_, RP_RL_KBPS) ? r(regs_, RP_RL_KBPS) : line;
    const uint64_t rl100 = (rl * 5243) >> 19;             // Rl / 100
    if (S < f) {
      ++cov.plus_fr;  // fast recovery
    } else if (S <= 4 * f) {
      ++cov.plus_mid;
      const uint64_t rc10 = (static_cast<uint64_t>(s.rc) * 52429) >> 19;  // Rc / 10
      rt += std::min(rc10, rl100);
    } else {
      ++cov.plus_high;
      rt += std::min<uint64_t>(s.rc, static_cast<uint64_t>(S - 4 * f) * rl100);
    }
  }
  if (rt > line) ++cov.rt_clamp_line;
  rt = std::min(rt, line);
  s.rt = static_cast<uint32_t>(rt);
  s.rc = static_cast<uint32_t>((static_cast<uint64_t>(s.rt) + s.rc + 1) >> 1);  // rounds up: Rc reaches Rt
}

RpResult RpAlgo::process(const RpEvent& ev, RpCov* counters) {
  RpCov& cov = counters ? *counters : cov_sink;
  RpResult o;
  const uint32_t flow = ev.flow;
  o.op = ev.op;
  o.flow = flow;

  const uint32_t line = r(regs_, RP_LINE_RATE_KBPS);
  const uint32_t minr = std::min(r(regs_, RP_MIN_RATE_KBPS), line);
  const uint32_t g = r(regs_, RP_G_Q16);
  const bool plus = r(regs_, RP_ALGO) == 1;

  const RpState& stored = st_[flow];
  RpState s = stored.valid ? stored : fresh();
  const uint32_t rc_before = s.rc;  // as stored: a change of LINE/MIN re-times too
  // Normalise to the current registers (LINE/MIN may have been rewritten).
  s.rc = std::clamp(s.rc, minr, line);
  s.rt = std::clamp(s.rt, minr, line);
  // The monitor period: the last cut counts only while the period is running. Every event
  // that finds it over (RRMP in force now, modular difference) forgets the cut, so a flow
  // idle for 2^32 ns after its timers ran does not see the old cut time match again
  // (docs/rp.md "Time"). The RTL keeps !cut_ok of S2 as the flow's cut_valid.
  const bool cut_window = s.cut_valid && r(regs_, RP_RRMP_NS) != 0 &&
                          (ev.now_ns - s.last_cut_ns) < r(regs_, RP_RRMP_NS);
  s.cut_valid = cut_window;

  auto arm_alpha = [&] {
    s.agen = static_cast<uint8_t>(s.agen + 1);
    s.a_armed = true;
    o.atmr = static_cast<uint8_t>(TmrAct::SET);
    o.adl_ns = ev.now_ns + r(regs_, RP_ALPHA_PERIOD_NS);
  };
  auto disarm_alpha = [&] {
    s.agen = static_cast<uint8_t>(s.agen + 1);
    s.a_armed = false;
    o.atmr = static_cast<uint8_t>(TmrAct::CLR);
  };
  auto arm_inc = [&] {
    s.igen = static_cast<uint8_t>(s.igen + 1);
    s.i_armed = true;
    o.itmr = static_cast<uint8_t>(TmrAct::SET);
    o.idl_ns = ev.now_ns + r(regs_, RP_TIMER_PERIOD_NS);
  };
  auto disarm_inc = [&] {
    s.igen = static_cast<uint8_t>(s.igen + 1);
    s.i_armed = false;
    o.itmr = static_cast<uint8_t>(TmrAct::CLR);
  };
  // A CE reaction: the cut (when allowed) or, with CUT_DEFER, a cut remembered for the
  // end of the monitor period; alpha timer armed; increase restarted. `forced`: the
  // deferred cut at the period's end (CUT_TIMER), which is always allowed.
  auto ce = [&](bool forced) {
    const uint32_t rrmp = r(regs_, RP_RRMP_NS);
    const bool allowed = forced || !cut_window;
    if (allowed) {
      const bool clamp = r(regs_, RP_CLAMP_TGT) || (r(regs_, RP_CLAMP_TGT_AFTER_TI) && s.ti_flag);
      const uint32_t first = r(regs_, RP_FIRST_CNP_RATE_KBPS);
      const uint32_t alpha_up =
          s.alpha + static_cast<uint32_t>((static_cast<uint64_t>(65536 - s.alpha) * g) >> 16);
      if (clamp) s.rt = s.rc;
      if (clamp && !r(regs_, RP_CLAMP_TGT)) ++cov.clamp_after_ti;
      if (first != 0 && !s.cnp_seen) {
        s.rc = std::clamp(first, minr, line);
        ++cov.first_rate;
      } else {
        ++cov.cut;
        const uint32_t a = r(regs_, RP_ALPHA_FIRST) ? alpha_up : s.alpha;
        if (r(regs_, RP_ALPHA_FIRST)) ++cov.cut_alpha_first;
        uint64_t cut = (static_cast<uint64_t>(s.rc) * a) >> (16 + r(regs_, RP_CUT_SHIFT));
        const uint64_t maxcut = (static_cast<uint64_t>(s.rc) * r(regs_, RP_MAX_CUT_Q16)) >> 16;
        cut = std::min(cut, maxcut);
        if (s.rc - cut < minr) ++cov.rc_clamp_min;
        s.rc = std::max(static_cast<uint32_t>(s.rc - cut), minr);
      }
      s.alpha = alpha_up;
      s.cut_valid = true;
      s.last_cut_ns = ev.now_ns;
      if (s.cut_pending) {
        ++cov.cut_pending_cleared;
        s.cut_pending = false;
      }
      if (s.c_armed) {  // a cut happened: the deferred-cut deadline is void
        s.cgen = static_cast<uint8_t>(s.cgen + 1);
        s.c_armed = false;
        o.ctmr = static_cast<uint8_t>(TmrAct::CLR);
      }
    } else if (r(regs_, RP_CUT_DEFER)) {
      if (!s.cut_pending) {
        ++cov.cut_deferred;
        s.cut_pending = true;
        s.cgen = static_cast<uint8_t>(s.cgen + 1);
        s.c_armed = true;
        o.ctmr = static_cast<uint8_t>(TmrAct::SET);
        o.cdl_ns = s.last_cut_ns + rrmp;
      } else {
        ++cov.cut_deferred_again;
      }
    } else {
      ++cov.cut_blocked;
    }
    s.ti_flag = false;
    arm_alpha();
    s.t_stage = s.bc_stage = 0;
    s.byte_cnt = 0;
    arm_inc();
  };

  switch (ev.op) {
    case RpOp::TX:
      if (!plus) {
        uint64_t bc = static_cast<uint64_t>(s.byte_cnt) + ev.bytes;
        const uint32_t B = r(regs_, RP_BYTE_COUNTER_BYTES);
        if (bc >= B) {
          bc -= B;
          ++cov.bc_expire;
          increase(s, false, cov);
        }
        s.byte_cnt = static_cast<uint32_t>(bc);
      }
      break;
    case RpOp::CNP:
      s.tau_ns = ev.tau_ns;
      if (!ev.cnp_ue) {
        ce(false);
        s.cnp_seen = true;
      } else {
        ++cov.ue;
        s.t_stage = s.bc_stage = 0;
        s.byte_cnt = 0;
        arm_inc();
      }
      break;
    case RpOp::ALPHA_TIMER:
      if (s.a_armed && ev.gen == s.agen) {
        s.alpha -= static_cast<uint32_t>((static_cast<uint64_t>(s.alpha) * g) >> 16);
        ++cov.alpha_decay;
        if (((static_cast<uint64_t>(s.alpha) * g) >> 16) == 0) {
          ++cov.alpha_floor;
          disarm_alpha();  // at its floor: further decay would not change alpha
        } else {
          arm_alpha();
        }
      } else {
        o.stale = true;
        ++cov.stale;
      }
      break;
    case RpOp::INC_TIMER:
      if (s.i_armed && ev.gen == s.igen) {
        increase(s, true, cov);
        s.ti_flag = true;
        if (s.rc == line && s.rt == line) {
          ++cov.inc_disarm;
          disarm_inc();  // fully recovered: further increases would not change anything
        } else {
          arm_inc();
        }
      } else {
        o.stale = true;
        ++cov.stale;
      }
      break;
    case RpOp::CUT_TIMER:
      if (s.c_armed && ev.gen == s.cgen) {
        s.c_armed = false;  // consumed: the system has dropped this deadline
        ++cov.cut_at_period_end;
        ce(true);
      } else {
        o.stale = true;
        ++cov.stale;
      }
      break;
    case RpOp::INIT:
      // tau_ns = start rate in kb/s; 0 = line rate (the flow stays fresh). A start rate
      // leaves the flow as after a cut from line rate: Rc = start, Rt = line, the increase
      // timer armed, so it recovers towards line rate as usual.
      // (rp_start.h: the initial state the fluid model shares.)
      {
        const uint8_t igen = s.igen;
        const RpFlowStart f = rp_flow_start(line, minr, r(regs_, RP_ALPHA_INIT_Q16), ev.tau_ns);
        s = fresh();
        s.valid = ev.tau_ns != 0;
        s.rc = f.rc_kbps;
        o.atmr = o.itmr = o.ctmr = static_cast<uint8_t>(TmrAct::CLR);
        if (f.increase_timer) {
          s.igen = igen;  // arm_inc() takes the next tag: an old deadline in flight stays stale
          arm_inc();
          ++cov.init_rate;
        }
      }
      ++cov.init;
      break;
    default:  // QUERY, AGE: no algorithm step (what every event does, and the result)
      ++cov.query;
      break;
  }

  // DCQCN+: the increase period K = lambda * max(tau, MTU / Rc), capped at 2^30 ns.
  RpPace& p = pace_[flow];
  // The retire rule (docs/rp.md "Time"): a pacing word whose last departure is at least
  // 2^30 and less than 2^31 ns behind now (now - dep in ns.12, 44 bits: bit 43 clear, bit 42
  // set) is read as not valid, as a flow that never sent (no re-timing; a TX bases at now),
  // and written back so. Inside the horizon it changes no departure (dep + bytes at any rate
  // is then before now); with an event at least every 2^30 ns it keeps dep's age read right.
  const uint64_t now_f = (static_cast<uint64_t>(ev.now_ns) << kFrac) & kMask44;
  if (p.valid && ((now_f - p.t_dep) & kMask44) >> 42 == 1) {
    p.valid = false;
    ++cov.pace_retire;
  }
  const bool retime = ev.op != RpOp::TX &&
                      ev.op != RpOp::INIT && p.valid && s.rc != rc_before;
  const bool plus_period = plus && o.itmr == static_cast<uint8_t>(TmrAct::SET);
  const bool need_rr = plus_period || retime || ev.op == RpOp::TX;
  const RpRecip rr = need_rr ? rp_recip(s.rc) : RpRecip{0, 0};
  if (plus_period) {
    constexpr uint64_t kCap = 1ull << 30;
    const uint64_t lambda = r(regs_, RP_LAMBDA_Q8);
    const uint64_t pt = (static_cast<uint64_t>(s.tau_ns) * lambda) >> 8;
    const uint64_t pm = rp_period_mtu_ns(static_cast<uint32_t>(lambda * r(regs_, RP_MTU_BYTES)), rr);
    if (pt > pm) ++cov.plus_tau;
    else ++cov.plus_mtu;
    o.idl_ns = ev.now_ns + static_cast<uint32_t>(std::min(std::max(pt, pm), kCap));
  }

  // Pacing: the departure after a TX, and the pending departure re-timed when Rc changed.
  if (ev.op == RpOp::TX) {
    // Left within 1 ns after (or before) the permitted time: keep the exact schedule,
    // so the fraction carries and the long-run rate is Rc. Later: restart from now.
    const uint64_t tn = p.valid ? p.t_next : now_f;
    const uint64_t diff = (now_f - tn) & kMask44;
    const bool late = !(diff >> 43) && diff >= kOne;
    if (late) ++cov.pace_restart;
    else ++cov.pace_keep;
    p.t_dep = late ? now_f : tn;
    p.bytes = ev.bytes;
    p.t_next = (p.t_dep + rp_pace_ns12(ev.bytes, rr)) & kMask44;
    p.valid = true;
  } else if (ev.op == RpOp::INIT) {
    p = RpPace{};
  } else if (retime) {
    // Re-timing: the pending departure follows the new rate, not before the change.
    ++cov.retime;
    const uint64_t a = (p.t_dep + rp_pace_ns12(p.bytes, rr)) & kMask44;
    if (before(a, now_f)) ++cov.retime_at_now;
    p.t_next = before(a, now_f) ? now_f : a;
  }
  o.paced = p.valid;
  o.next_tx_ns = p.valid ? ceil_ns(p.t_next) : ev.now_ns;

  st_[flow] = s;
  o.rc = s.rc;
  o.rt = s.rt;
  o.alpha = s.alpha;
  o.agen = s.agen;
  o.igen = s.igen;
  o.cgen = s.cgen;
  return o;
}

// ---------------------------------------------------------------- cycle model

std::string RpModel::debug() const {
  std::string s = "I=" + std::to_string(in_valid_) + " f" + std::to_string(in_ev_.flow) + " P=";
  for (int k = 1; k <= kPipe; ++k) s += p_[k].valid ? std::to_string(p_[k].flow % 10) : ".";
  s += " cnt=" + std::to_string(cnt_) + " pend=" + std::to_string(pending_) +
       " settle=" + std::to_string(settle_) + " clr=" + std::to_string(clearing_) +
       " fifo=" + std::to_string(fifo_.size()) + " O=" + std::to_string(o_valid_);
  return s;
}

RpModel::RpModel(uint32_t num_flows) : algo_(num_flows), n_(num_flows) {}

bool RpModel::gates_open() const {
  return clearing_ == 0 && !pending_ && settle_ == 0 && cnt_ < kCredits;
}

bool RpModel::hazard(uint32_t flow) const {
  for (int k = 1; k <= kHazard; ++k)
    if (p_[k].valid && p_[k].flow == flow) return true;
  return false;
}

bool RpModel::admit() const { return in_valid_ && gates_open() && !hazard(in_ev_.flow); }

RpModel::Out RpModel::outputs(const In& in) const {
  (void)in;
  Out o;
  o.evt_ready = clearing_ == 0 && (!in_valid_ || admit());
  o.out_valid = o_valid_;
  if (o_valid_) o.out = o_;
  o.csr_rdata = csr_rdata_;
  return o;
}

void RpModel::step(const In& in, RpCov* cov) {
  if (in.rst) {
    in_valid_ = false;
    for (auto& s : p_) s.valid = false;
    fifo_.clear();
    o_valid_ = false;
    cnt_ = 0;
    clearing_ = n_;
    csr_rdata_ = 0;
    shadow_ = rp_reset_regs();
    algo_.load_regs(shadow_);
    pending_ = false;
    we_prev_ = false;
    settle_ = kSettle;
    algo_.clear();
    return;
  }
  const Out o = outputs(in);
  const bool adm = admit();
  // An event arriving while I is empty is admitted at its accept edge when it may be.
  const bool direct = in.evt_valid && !in_valid_ && gates_open() && !hazard(in.evt.flow);
  if (in_valid_ && !adm) {
    if (pending_ || settle_ > 0) ++stall_csr;
    else if (hazard(in_ev_.flow)) ++stall_hazard;
    else if (cnt_ >= kCredits) ++stall_credit;
  }
  bool pipe_empty = true;
  for (int k = 1; k <= kPipe; ++k) pipe_empty = pipe_empty && !p_[k].valid;
  // Output register and FIFO take the result leaving stage 10.
  const bool pop = o_valid_ && in.out_ready;
  const Slot& leaving = p_[kPipe - 1];
  if (!fifo_.empty()) {
    if (pop) { o_ = fifo_.front(); fifo_.pop_front(); }
    if (leaving.valid) fifo_.push_back(leaving.r);
  } else if (!o_valid_ || pop) {
    o_valid_ = leaving.valid;
    if (leaving.valid) o_ = leaving.r;
  } else if (leaving.valid) {
    fifo_.push_back(leaving.r);
  }
  // Pipeline shift and admission (the arithmetic of an event is done on admission).
  for (int k = kPipe; k > 1; --k) p_[k] = p_[k - 1];
  p_[1].valid = adm || direct;
  if (adm || direct) {
    const RpEvent& e = adm ? in_ev_ : in.evt;
    p_[1].flow = e.flow;
    p_[1].r = algo_.process(e, cov);
  }
  cnt_ = cnt_ + (adm || direct ? 1 : 0) - (pop ? 1 : 0);
  // Accept register.
  if (o.evt_ready && in.evt_valid && !direct) {
    in_valid_ = true;
    in_ev_ = in.evt;
  } else if (adm) {
    in_valid_ = false;
  }
  if (clearing_ > 0) --clearing_;
  // CSRs: a write goes to the shadow set and is applied once no event is in flight and
  // no write is landing (the RTL registers a write and stores it a cycle later).
  if (settle_ > 0) --settle_;
  if (pending_ && pipe_empty && !we_prev_) {
    algo_.load_regs(shadow_);
    pending_ = false;
    settle_ = kSettle;
  }
  if (in.csr_re) csr_rdata_ = csr_get(shadow_, in.csr_addr);
  if (in.csr_we) {
    csr_put(shadow_, in.csr_addr, in.csr_wdata);
    pending_ = true;
  }
  we_prev_ = in.csr_we;
}

}  // namespace dcqcn
