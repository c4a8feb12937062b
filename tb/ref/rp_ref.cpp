// SPDX-License-Identifier: MIT
#include "rp_ref.h"

#include <algorithm>

namespace dcqcn {

namespace {
inline uint8_t sat8(unsigned v) { return static_cast<uint8_t>(v > 255 ? 255 : v); }
inline uint32_t r(const RpRegs& g, RpReg i) { return g[i]; }
}  // namespace

RpRegs rp_reset_regs() {
  RpRegs g{};
  for (unsigned i = 0; i < RP_NUM_REGS; ++i) g[i] = kRpRegs[i].reset;
  return g;
}

uint32_t rp_csr_read(const RpRegs& g, uint8_t addr) {
  for (unsigned i = 0; i < RP_NUM_REGS; ++i)
    if (kRpRegs[i].addr == addr) return g[i];
  return 0;
}

void rp_csr_write(RpRegs& g, uint8_t addr, uint32_t v) {
  for (unsigned i = 0; i < RP_NUM_REGS; ++i)
    if (kRpRegs[i].addr == addr) g[i] = clamp_reg(kRpRegs[i], v);
}

RpAlgo::RpAlgo(uint32_t num_flows) : st_(num_flows), pace_(num_flows) {}

void RpAlgo::clear() {
  std::fill(st_.begin(), st_.end(), RpState{});
  std::fill(pace_.begin(), pace_.end(), RpPace{});
}

RpState RpAlgo::fresh() const {
  RpState s;
  s.valid = true;
  s.rc = s.rt = r(regs, RP_LINE_RATE_KBPS);
  s.alpha = r(regs, RP_ALPHA_INIT_Q16);
  return s;
}

// One rate-increase step (SPEC section 1 / section 3).
// DCQCN: the phase is chosen with the stage counts BEFORE this expiry (F = 5 gives the
// paper's five fast-recovery iterations, as in QCN and the ConnectX firmware); then the
// expiring counter is incremented. DCQCN+: S is incremented first, then the thesis's
// rules are applied to it, as the thesis writes.
void RpAlgo::increase(RpState& s, bool timer) {
  const uint64_t line = r(regs, RP_LINE_RATE_KBPS);
  const unsigned f = r(regs, RP_F_STEPS);
  uint64_t rt = s.rt;
  if (r(regs, RP_ALGO) == 0) {
    const unsigned t = s.t_stage, b = s.bc_stage;
    const unsigned mx = std::max(t, b), mn = std::min(t, b);
    if (mx < f) {
      ++cov.fr;  // fast recovery: Rt unchanged
    } else if (mn > f) {
      ++cov.hai;
      rt += static_cast<uint64_t>(mn - f) * r(regs, RP_HAI_RATE_KBPS);
    } else {
      ++cov.ai;
      rt += r(regs, RP_AI_RATE_KBPS);
    }
    if (timer) s.t_stage = sat8(t + 1u);
    else s.bc_stage = sat8(b + 1u);
  } else {
    s.t_stage = sat8(s.t_stage + 1u);
    const unsigned S = s.t_stage;
    const uint64_t rl = r(regs, RP_RL_KBPS) ? r(regs, RP_RL_KBPS) : line;
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

RpStageA RpAlgo::stage_a(const RpEvent& ev) {
  RpStageA a;
  RpResult& o = a.r;
  const uint32_t flow = ev.flow;
  o.op = ev.op;
  o.flow = flow;
  a.now_ns = ev.now_ns;

  const uint32_t line = r(regs, RP_LINE_RATE_KBPS);
  const uint32_t minr = std::min(r(regs, RP_MIN_RATE_KBPS), line);
  const uint32_t g = r(regs, RP_G_Q16);
  const bool plus = r(regs, RP_ALGO) == 1;

  RpState s = st_[flow].valid ? st_[flow] : fresh();
  // Normalise to the current registers (LINE/MIN may have been rewritten).
  s.rc = std::clamp(s.rc, minr, line);
  s.rt = std::clamp(s.rt, minr, line);

  auto arm_alpha = [&] {
    s.agen = static_cast<uint8_t>(s.agen + 1);
    s.a_armed = true;
    o.atmr = static_cast<uint8_t>(TmrAct::SET);
    o.adl_ns = ev.now_ns + r(regs, RP_ALPHA_PERIOD_NS);
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
    o.idl_ns = ev.now_ns + r(regs, RP_TIMER_PERIOD_NS);
  };
  auto disarm_inc = [&] {
    s.igen = static_cast<uint8_t>(s.igen + 1);
    s.i_armed = false;
    o.itmr = static_cast<uint8_t>(TmrAct::CLR);
  };

  switch (static_cast<RpOp>(ev.op)) {
    case RpOp::TX:
      if (!plus) {
        uint64_t bc = static_cast<uint64_t>(s.byte_cnt) + ev.bytes;
        const uint32_t B = r(regs, RP_BYTE_COUNTER_BYTES);
        if (bc >= B) {
          bc -= B;
          ++cov.bc_expire;
          increase(s, false);
        }
        s.byte_cnt = static_cast<uint32_t>(bc);
      }
      break;
    case RpOp::CNP:
      s.tau_ns = ev.tau_ns;
      if (!ev.cnp_ue) {
        const uint32_t rrmp = r(regs, RP_RRMP_NS);
        const bool allowed = rrmp == 0 || !s.cut_valid || (ev.now_ns - s.last_cut_ns) >= rrmp;
        if (allowed) {
          const bool clamp = r(regs, RP_CLAMP_TGT) || (r(regs, RP_CLAMP_TGT_AFTER_TI) && s.ti_flag);
          const uint32_t first = r(regs, RP_FIRST_CNP_RATE_KBPS);
          if (clamp) s.rt = s.rc;
          if (clamp && !r(regs, RP_CLAMP_TGT)) ++cov.clamp_after_ti;
          if (first != 0 && !s.cnp_seen) {
            s.rc = std::clamp(first, minr, line);
            ++cov.first_rate;
          } else {
            ++cov.cut;
            uint64_t cut = (static_cast<uint64_t>(s.rc) * s.alpha) >> (16 + r(regs, RP_CUT_SHIFT));
            const uint64_t maxcut = (static_cast<uint64_t>(s.rc) * r(regs, RP_MAX_CUT_Q16)) >> 16;
            cut = std::min(cut, maxcut);
            if (s.rc - cut < minr) ++cov.rc_clamp_min;
            s.rc = std::max(static_cast<uint32_t>(s.rc - cut), minr);
          }
          s.alpha = s.alpha + static_cast<uint32_t>((static_cast<uint64_t>(65536 - s.alpha) * g) >> 16);
          s.cut_valid = true;
          s.last_cut_ns = ev.now_ns;
        } else {
          ++cov.cut_blocked;
        }
        s.cnp_seen = true;
        s.ti_flag = false;
        arm_alpha();
      } else {
        ++cov.ue;
      }
      s.t_stage = s.bc_stage = 0;
      s.byte_cnt = 0;
      arm_inc();
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
        increase(s, true);
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
    case RpOp::INIT:
      // tau_ns = start rate in kb/s; 0 = line rate (the flow stays fresh). A start rate
      // leaves the flow as after a cut from line rate: Rc = start, Rt = line, the increase
      // timer armed, so it recovers towards line rate as usual.
      {
        const uint8_t igen = s.igen;
        s = fresh();
        s.valid = ev.tau_ns != 0;
        o.atmr = o.itmr = static_cast<uint8_t>(TmrAct::CLR);
        if (ev.tau_ns != 0) {
          s.rc = std::clamp(ev.tau_ns, minr, line);
          s.igen = igen;  // arm_inc() takes the next tag: an old deadline in flight stays stale
          arm_inc();
          ++cov.init_rate;
        }
      }
      ++cov.init;
      break;
    default:  // QUERY, 6, 7
      ++cov.query;
      break;
  }

  st_[flow] = s;
  o.rc = s.rc;
  o.rt = s.rt;
  o.alpha = s.alpha;
  o.agen = s.agen;
  o.igen = s.igen;
  a.div_bytes = ev.op == static_cast<uint8_t>(RpOp::TX) ? ev.bytes
                                                       : static_cast<uint16_t>(r(regs, RP_MTU_BYTES));
  a.plus = plus;
  a.lambda_q8 = static_cast<uint16_t>(r(regs, RP_LAMBDA_Q8));
  a.tau_ns = s.tau_ns;
  return a;
}

RpResult RpAlgo::stage_p(const RpStageA& a) {
  RpResult o = a.r;
  constexpr unsigned W = 32 + kFrac;
  constexpr uint64_t kMask = (1ull << W) - 1;
  constexpr uint64_t kOne = 1ull << kFrac;
  // The divider: ns.12 to send div_bytes at Rc (exact floor division).
  const uint64_t q = (static_cast<uint64_t>(a.div_bytes) * kNsFracPerByteKbps) / o.rc;
  RpPace& p = pace_[o.flow];
  const uint64_t now_f = static_cast<uint64_t>(a.now_ns) << kFrac;
  const uint64_t tn = p.valid ? p.t_next : now_f;
  auto ceil_ns = [&](uint64_t t) { return static_cast<uint32_t>(((t + kOne - 1) & kMask) >> kFrac); };
  if (o.op == static_cast<uint8_t>(RpOp::TX)) {
    // Left within 1 ns after (or before) the permitted time: keep the exact schedule,
    // so the fraction carries and the long-run rate is Rc. Later: restart from now.
    const uint64_t diff = (now_f - tn) & kMask;
    const bool late = diff < (1ull << (W - 1)) && diff >= kOne;
    const uint64_t base = late ? now_f : tn;
    if (late) ++cov.pace_restart;
    else ++cov.pace_keep;
    p.t_next = (base + q) & kMask;
    p.valid = true;
    o.next_tx_ns = ceil_ns(p.t_next);
  } else {
    if (o.op == static_cast<uint8_t>(RpOp::INIT)) p.valid = false;
    o.next_tx_ns = p.valid ? ceil_ns(p.t_next) : a.now_ns;
  }
  if (a.plus && o.itmr == static_cast<uint8_t>(TmrAct::SET)) {
    // DCQCN+: K = lambda * max(tau, MTU / Rc), capped at 2^30 ns.
    constexpr uint64_t kCap = 1ull << 30;
    const uint64_t mtu_ns = q >> kFrac;
    if (a.tau_ns > mtu_ns) ++cov.plus_tau;
    else ++cov.plus_mtu;
    const uint64_t m = std::min<uint64_t>(std::max<uint64_t>(a.tau_ns, mtu_ns), kCap);
    const uint64_t period = std::min<uint64_t>((m * a.lambda_q8) >> 8, kCap);
    o.idl_ns = a.now_ns + static_cast<uint32_t>(period);
  }
  return o;
}

// ---------------------------------------------------------------- cycle model

RpModel::RpModel(uint32_t num_flows) : algo(num_flows), n_(num_flows) {}

RpModel::Out RpModel::outputs(const In& in) const {
  Out o;
  const Slot& last = pos(kLatency - 1);
  const bool en = !last.valid || in.out_ready;
  o.evt_ready = en && clearing_ == 0;
  o.out_valid = last.valid;
  if (last.valid) o.out = last.a.r;
  o.csr_rdata = csr_rdata_;
  return o;
}

void RpModel::step(const In& in) {
  if (in.rst) {
    for (auto& s : ring_) s.valid = false;
    clearing_ = n_;
    csr_rdata_ = 0;
    algo.regs = rp_reset_regs();
    algo.clear();
    return;
  }
  const Out o = outputs(in);
  const bool en = !pos(kLatency - 1).valid || in.out_ready;
  // CSR read samples the registers before this edge's write.
  if (in.csr_re) csr_rdata_ = rp_csr_read(algo.regs, in.csr_addr);
  if (en) {
    // Stage P on the last divider register, stage A on the accept register, in place;
    // then every register moves one position on.
    Slot& p = pos(kLatency - 2);
    if (p.valid) p.a.r = algo.stage_p(p.a);
    Slot& a = pos(0);
    if (a.valid) a.a = algo.stage_a(a.ev);
    head_ = (head_ + kLatency - 1) % kLatency;
    Slot& in0 = pos(0);
    in0.valid = in.evt_valid && o.evt_ready;
    in0.ev = in.evt;
  }
  if (clearing_ > 0) --clearing_;
  if (in.csr_we) rp_csr_write(algo.regs, in.csr_addr, in.csr_wdata);
}

}  // namespace dcqcn
