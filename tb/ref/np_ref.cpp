// SPDX-License-Identifier: MIT
#include "np_ref.h"

#include <algorithm>

namespace dcqcn {

namespace {
constexpr uint8_t kCe = static_cast<uint8_t>(NpCnpKind::CE);
constexpr uint8_t kUe = static_cast<uint8_t>(NpCnpKind::UE);
}  // namespace

bool np_is_marked(uint8_t ecn, uint32_t mode) {
  return ecn == kEcnCe || (mode != 0 && ecn == kEcnUe);
}

uint32_t np_tau_ns(const NpRegs& regs, uint32_t demand_prev) {
  const uint32_t n = regs[NP_CNP_INTERVAL_NS];
  if (!regs[NP_PLUS_ENABLE]) return n;
  return std::max(n, std::min(demand_prev, kNpTauMax));
}

NpUpdate np_algo(const NpRegs& regs, const NpGlobal& g, const NpFlowState& s,
                 const NpEvent& ev, uint32_t q_depth) {
  NpUpdate u;
  u.global = g;
  u.flow = s;
  NpGlobal& G = u.global;

  // tau from the demand of the last finished epoch, as it was before this event: an
  // event that starts a new epoch still uses the old tau (the new one from the next event).
  const uint32_t tau = np_tau_ns(regs, g.demand_prev);
  u.trace.tau_raised = tau > regs[NP_CNP_INTERVAL_NS];

  // DCQCN+ epoch: at most one rollover per event, whatever the gap since the last one.
  if (ev.now_ns - g.epoch_start_ns >= regs[NP_EPOCH_NS]) {
    G.count_prev = g.count_cur;
    G.count_cur = 0;
    G.demand_prev = g.demand_cur;
    G.demand_cur = 0;
    G.epoch_start_ns = ev.now_ns;
    G.epoch_id = static_cast<uint8_t>(g.epoch_id + 1);
    u.trace.rollover = true;
  }

  NpResult& o = u.out;
  o.op = ev.op;
  o.flow = ev.flow;
  o.cnp_tau_ns = tau;

  NpFlowState& f = u.flow;
  const uint32_t since = ev.now_ns - s.last_cnp_ns;  // modular
  u.trace.since_ns = since;
  // The hold-off, checked on every path that sends a CNP.
  const bool holdoff_over = !s.cnp_sent || since >= tau;
  // The budget: the queue is empty and the last CNP of the block is B ns old.
  const bool budget_due = !g.any_sent || ev.now_ns - g.last_any_ns >= regs[NP_CNP_BUDGET_NS];
  const bool budget_free = g.q_count == 0 && budget_due;

  auto send_cnp = [&](uint8_t kind) {
    o.cnp = true;
    o.cnp_kind = kind;
    f.cnp_sent = true;
    f.last_cnp_ns = ev.now_ns;
    f.pending = false;
    f.queued = false;
    f.pending_kind = 0;
    if (!s.valid || s.epoch != G.epoch_id) {
      G.count_cur = G.count_cur + 1;
      G.demand_cur = std::min(G.demand_cur + regs[NP_CNP_GEN_TIME_NS], kNpTauMax);
      u.trace.counted = true;
    }
    f.epoch = G.epoch_id;
    f.valid = true;
    G.any_sent = true;
    G.last_any_ns = ev.now_ns;
  };
  auto arm = [&]() {
    f.pending = true;
    f.gen = static_cast<uint8_t>(s.gen + 1);
    o.tmr_set = true;
    o.tmr_deadline_ns = s.last_cnp_ns + tau;
    o.tmr_gen = f.gen;
  };
  // A CNP is due (hold-off over): now if the budget allows, else queued, else dropped.
  auto deliver = [&](uint8_t kind) {
    if (budget_free) {
      send_cnp(kind);
    } else if (g.q_count < q_depth) {
      u.trace.queued = true;
      u.trace.budget_wait = true;
      o.cnp_queued = true;
      f.queued = true;
      f.pending = false;
      f.pending_kind = kind;
      u.q_push = true;
      G.q_count = g.q_count + 1;
      if (g.q_count == 0) G.q_head = ev.flow;
      G.hwm = std::max(G.hwm, G.q_count);
    } else {
      u.trace.dropped = true;
      o.cnp_dropped = true;
      f.pending = false;
      f.pending_kind = 0;
      if (G.overflows != 0xffffffffu) G.overflows = G.overflows + 1;
    }
  };

  switch (ev.op) {
    case NpOp::RX: {
      if (!np_is_marked(ev.ecn, regs[NP_MODE])) {
        u.trace.path = NpPath::Unmarked;
        break;
      }
      const uint8_t kind = ev.ecn == kEcnCe ? kCe : kUe;
      // A CE anywhere in the window makes the CNP a CE one.
      const bool owed = s.pending || s.queued;
      const bool pend_ce = owed && s.pending_kind == kCe;
      const uint8_t merged = (kind == kCe || pend_ce) ? kCe : kUe;
      u.trace.ce_override = owed && s.pending_kind == kUe && kind == kCe;
      if (s.cnp_sent) u.trace.wrapped = ev.now_ns < s.last_cnp_ns;
      if (s.queued) {
        u.trace.path = NpPath::QueuedMerge;  // its CNP is already on the way
        f.pending_kind = merged;
      } else if (!s.cnp_sent) {
        u.trace.path = NpPath::CnpFirst;
        deliver(merged);
      } else if (since >= tau) {
        u.trace.path = NpPath::CnpInterval;
        deliver(merged);
      } else if (!s.pending) {
        u.trace.path = NpPath::HoldoffArm;
        f.pending_kind = kind;
        arm();
      } else {
        u.trace.path = NpPath::HoldoffHit;
        f.pending_kind = merged;
      }
      break;
    }
    case NpOp::TIMER:
      if (ev.gen != s.gen) {
        u.trace.path = NpPath::TimerStale;
        o.stale = true;
      } else if (!s.pending) {
        u.trace.path = NpPath::TimerIdle;
      } else if (holdoff_over) {
        u.trace.path = NpPath::TimerCnp;
        deliver(s.pending_kind);
      } else {
        // Early (the timer service fired too soon) or tau grew since the deadline was
        // announced: the hold-off is not over, so announce the deadline again.
        u.trace.path = NpPath::TimerHoldoff;
        arm();
      }
      break;
    case NpOp::INIT:
      // gen and epoch survive so that timers announced before the INIT stay stale and
      // the flow is not counted twice in one epoch; a queued CNP stays queued (it leaves
      // in its turn).
      u.trace.path = NpPath::Init;
      f.cnp_sent = false;
      f.pending = false;
      if (!s.queued) f.pending_kind = 0;
      f.last_cnp_ns = 0;
      break;
    default:  // DRAIN: the head of the budget queue may leave
      if (!(s.queued && g.q_head == ev.flow)) {
        u.trace.path = NpPath::Nop;
      } else if (!budget_due) {
        u.trace.path = NpPath::DrainEarly;
        u.trace.budget_wait = true;
      } else {
        u.q_pop = true;
        G.q_count = g.q_count - 1;
        if (holdoff_over) {
          u.trace.path = NpPath::DrainCnp;
          send_cnp(s.pending_kind);
        } else {
          // tau grew while the CNP waited: back to pending, with a new deadline
          u.trace.path = NpPath::DrainHoldoff;
          f.queued = false;
          arm();
        }
      }
      break;
  }
  // The queue's head and when it may leave (every result, while the queue is not empty).
  o.q_valid = G.q_count != 0;
  o.q_at_ns = o.q_valid ? G.last_any_ns + regs[NP_CNP_BUDGET_NS] : 0;
  return u;
}

// ---------------------------------------------------------------------------- NpAlgo

NpAlgo::NpAlgo(uint32_t num_flows, uint32_t q_depth) : flows_(num_flows), q_(q_depth) {
  reset();
}

void NpAlgo::reset() {
  for (unsigned i = 0; i < NP_NUM_REGS; ++i) regs_[i] = kNpRegs[i].reset;
  global_ = NpGlobal{};
  std::fill(flows_.begin(), flows_.end(), NpFlowState{});
  q_rd_ = 0;
}

NpResult NpAlgo::process(const NpEvent& ev, NpTrace* trace) { return process(ev, regs_, trace); }

NpResult NpAlgo::process(const NpEvent& ev, const NpRegs& regs, NpTrace* trace) {
  NpFlowState& f = flows_.at(ev.flow);
  NpUpdate u = np_algo(regs, global_, f, ev, q_depth());
  const uint32_t depth = q_depth();
  if (u.q_pop) {
    q_rd_ = (q_rd_ + 1) % depth;
    u.global.q_head = q_[q_rd_];  // the next one (meaningless when the queue is empty)
  }
  if (u.q_push) q_[(q_rd_ + global_.q_count) % depth] = ev.flow;
  f = u.flow;
  global_ = u.global;
  if (trace) *trace = u.trace;
  u.out.q_flow = global_.q_count ? global_.q_head : 0;
  return u.out;
}

void NpAlgo::csr_write(uint8_t addr, uint32_t data) {
  for (unsigned i = 0; i < NP_NUM_REGS; ++i)
    if (kNpRegs[i].addr == addr) regs_[i] = clamp_reg(kNpRegs[i], data);
}

uint32_t NpAlgo::csr_read(uint8_t addr) const {
  for (unsigned i = 0; i < NP_NUM_REGS; ++i)
    if (kNpRegs[i].addr == addr) return regs_[i];
  if (addr == kNpStatus[NP_CNPQ_OVERFLOWS].addr) return global_.overflows;
  if (addr == kNpStatus[NP_CNPQ_HWM].addr) return global_.hwm;
  if (addr == kNpStatus[NP_CNPQ_LEVEL].addr) return global_.q_count;
  return 0;
}

// ---------------------------------------------------------------------------- NpModel

NpModel::NpModel(uint32_t num_flows, uint32_t q_depth) : algo_(num_flows, q_depth) {
  prev_regs_ = algo_.regs();
}

bool NpModel::hazard(const In& in) const {
  const uint32_t fl = in.evt.flow & (algo_.num_flows() - 1);
  return (s1_.valid && s1_.ev.flow == fl) || (c1_.valid && c1_.ev.flow == fl);
}

NpModel::Out NpModel::outputs(const In& in) const {
  Out o;
  const bool en = !out_valid_ || in.out_ready;
  o.evt_ready = en && !clearing_ && !hazard(in) && !hold();
  o.out_valid = out_valid_;
  o.out = out_;
  o.csr_rdata = csr_rdata_;
  return o;
}

void NpModel::step(const In& in) {
  if (in.rst) {
    algo_.reset();  // the RTL clears its RAM after rst; no event can see it earlier
    clearing_ = true;
    clr_addr_ = 0;
    s1_ = c1_ = c2_ = Stage{};
    prev_regs_ = algo_.regs();
    epoch_start_ = 0;
    out_valid_ = false;
    out_ = NpResult{};
    out_trace_ = NpTrace{};
    csr_rdata_ = 0;
    return;
  }
  const bool en = !out_valid_ || in.out_ready;
  const bool accept = in.evt_valid && outputs(in).evt_ready;
  const NpRegs cur_regs = algo_.regs();

  // The read returns the register as it was before this edge's write.
  csr_rdata_ = in.csr_re ? algo_.csr_read(in.csr_addr) : 0;

  if (en) {
    // Output register: the decision stage's result; 0 while not valid (the RTL clears it).
    out_ = c2_.valid ? algo_.process(c2_.ev, c2_.regs, &out_trace_) : NpResult{};
    out_valid_ = c2_.valid;
    c2_ = c1_;
    c2_.regs = prev_regs_;  // C1 computed with the registers of the previous cycle
    c2_.regs[NP_EPOCH_NS] = c1_.epoch_len;
    c1_ = s1_;
    s1_.valid = accept;
    if (accept) {
      s1_.ev.op = static_cast<NpOp>(static_cast<uint8_t>(in.evt.op) & 3);
      s1_.ev.flow = in.evt.flow & (algo_.num_flows() - 1);
      s1_.ev.now_ns = in.evt.now_ns;
      s1_.ev.ecn = in.evt.ecn & 3;
      s1_.ev.gen = in.evt.gen;
      s1_.epoch_len = cur_regs[NP_EPOCH_NS];
      s1_.rolls = s1_.ev.now_ns - epoch_start_ >= s1_.epoch_len;
      if (s1_.rolls) epoch_start_ = s1_.ev.now_ns;
    }
  }
  prev_regs_ = cur_regs;
  if (in.csr_we) algo_.csr_write(in.csr_addr, in.csr_wdata);

  if (clearing_) {
    if (clr_addr_ == algo_.num_flows() - 1) clearing_ = false;
    ++clr_addr_;
  }
}

}  // namespace dcqcn
