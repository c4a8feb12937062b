// SPDX-License-Identifier: MIT
#include "np_ref.h"

#include <algorithm>

namespace dcqcn {

bool np_is_marked(uint8_t ecn, uint32_t mode) {
  return ecn == kEcnCe || (mode != 0 && ecn == kEcnUe);
}

uint32_t np_tau_ns(const NpRegs& regs, uint32_t count_prev) {
  const uint32_t n = regs[NP_CNP_INTERVAL_NS];
  if (!regs[NP_PLUS_ENABLE]) return n;
  const uint64_t prod = uint64_t{count_prev} * regs[NP_CNP_GEN_TIME_NS];
  const uint32_t demand = prod > kNpTauMax ? kNpTauMax : static_cast<uint32_t>(prod);
  return std::max(n, demand);
}

NpUpdate np_algo(const NpRegs& regs, const NpGlobal& g, const NpFlowState& s,
                 const NpEvent& ev) {
  NpUpdate u;
  u.global = g;
  u.flow = s;

  // DCQCN+ epoch: at most one rollover per event, whatever the gap since the last one.
  if (ev.now_ns - g.epoch_start_ns >= regs[NP_EPOCH_NS]) {
    u.global.count_prev = g.count_cur;
    u.global.count_cur = 0;
    u.global.epoch_start_ns = ev.now_ns;
    u.global.epoch_id = static_cast<uint8_t>(g.epoch_id + 1);
    u.trace.rollover = true;
  }
  const uint32_t tau = np_tau_ns(regs, u.global.count_prev);
  u.trace.tau_raised = tau > regs[NP_CNP_INTERVAL_NS];

  NpResult& o = u.out;
  o.op = ev.op;
  o.flow = ev.flow;
  o.cnp_tau_ns = tau;

  NpFlowState& f = u.flow;
  const uint32_t since = ev.now_ns - s.last_cnp_ns;  // modular
  u.trace.since_ns = since;

  auto send_cnp = [&](uint8_t kind) {
    o.cnp = true;
    o.cnp_kind = kind;
    f.cnp_sent = true;
    f.last_cnp_ns = ev.now_ns;
    f.pending = false;
    f.pending_kind = 0;
    if (!s.valid || s.epoch != u.global.epoch_id) {
      u.global.count_cur = u.global.count_cur + 1;
      u.trace.counted = true;
    }
    f.epoch = u.global.epoch_id;
    f.valid = true;
  };

  switch (ev.op) {
    case NP_OP_RX: {
      if (!np_is_marked(ev.ecn, regs[NP_MODE])) {
        u.trace.path = NpPath::Unmarked;
        break;
      }
      const uint8_t kind = ev.ecn == kEcnCe ? NP_KIND_CE : NP_KIND_UE;
      // A CE anywhere in the window makes the CNP a CE one.
      const bool pend_ce = s.pending && s.pending_kind == NP_KIND_CE;
      const uint8_t merged = (kind == NP_KIND_CE || pend_ce) ? NP_KIND_CE : NP_KIND_UE;
      u.trace.ce_override = s.pending && s.pending_kind == NP_KIND_UE && kind == NP_KIND_CE;
      if (s.cnp_sent) u.trace.wrapped = ev.now_ns < s.last_cnp_ns;
      if (!s.cnp_sent) {
        u.trace.path = NpPath::CnpFirst;
        send_cnp(merged);  // == kind: nothing is pending before the first CNP
      } else if (since >= tau) {
        u.trace.path = NpPath::CnpInterval;
        send_cnp(merged);
      } else if (!s.pending) {
        u.trace.path = NpPath::HoldoffArm;
        f.pending = true;
        f.pending_kind = kind;
        f.gen = static_cast<uint8_t>(s.gen + 1);
        o.tmr_set = true;
        o.tmr_deadline_ns = s.last_cnp_ns + tau;
        o.tmr_gen = f.gen;
      } else {
        u.trace.path = NpPath::HoldoffHit;
        f.pending_kind = merged;
      }
      break;
    }
    case NP_OP_TIMER:
      if (ev.gen != s.gen) {
        u.trace.path = NpPath::TimerStale;
        o.stale = true;
      } else if (s.pending) {
        u.trace.path = NpPath::TimerCnp;
        send_cnp(s.pending_kind);
      } else {
        u.trace.path = NpPath::TimerIdle;
      }
      break;
    case NP_OP_INIT:
      // gen and epoch survive so that timers announced before the INIT stay stale and
      // the flow is not counted twice in one epoch.
      u.trace.path = NpPath::Init;
      f.cnp_sent = false;
      f.pending = false;
      f.pending_kind = 0;
      f.last_cnp_ns = 0;
      break;
    default:
      u.trace.path = NpPath::Nop;
      break;
  }
  return u;
}

// ---------------------------------------------------------------------------- NpAlgo

NpAlgo::NpAlgo(uint32_t num_flows) : flows_(num_flows) { reset(); }

void NpAlgo::reset() {
  for (unsigned i = 0; i < NP_NUM_REGS; ++i) regs_[i] = kNpRegs[i].reset;
  global_ = NpGlobal{};
  std::fill(flows_.begin(), flows_.end(), NpFlowState{});
  trace_ = NpTrace{};
}

NpResult NpAlgo::process(const NpEvent& ev) {
  NpFlowState& f = flows_.at(ev.flow);
  const NpUpdate u = np_algo(regs_, global_, f, ev);
  f = u.flow;
  global_ = u.global;
  trace_ = u.trace;
  return u.out;
}

void NpAlgo::csr_write(uint8_t addr, uint32_t data) {
  for (unsigned i = 0; i < NP_NUM_REGS; ++i)
    if (kNpRegs[i].addr == addr) regs_[i] = clamp_reg(kNpRegs[i], data);
}

uint32_t NpAlgo::csr_read(uint8_t addr) const {
  for (unsigned i = 0; i < NP_NUM_REGS; ++i)
    if (kNpRegs[i].addr == addr) return regs_[i];
  return 0;
}

// ---------------------------------------------------------------------------- NpModel

NpModel::NpModel(uint32_t num_flows) : algo_(num_flows) { eval(); }

void NpModel::eval() {
  const bool en = !m_out_valid || m_out_ready;
  s_evt_ready = en && !clearing_;
}

void NpModel::step() {
  if (rst) {
    algo_.reset();  // the RTL clears its RAM after rst; no event can see it earlier
    clearing_ = true;
    clr_addr_ = 0;
    s1_valid_ = false;
    m_out_valid = false;
    m_out = NpResult{};
    out_trace_ = NpTrace{};
    csr_rdata = 0;
    eval();
    return;
  }
  const bool en = !m_out_valid || m_out_ready;
  const bool accept = s_evt_valid && en && !clearing_;

  // The read returns the register as it was before this edge's write.
  csr_rdata = csr_re ? algo_.csr_read(csr_addr) : 0;

  if (en) {
    // Output register: the compute stage's result, with the registers of this cycle.
    if (s1_valid_) {
      m_out = algo_.process(s1_);
      out_trace_ = algo_.last_trace();
    }
    m_out_valid = s1_valid_;
    s1_valid_ = accept;
    if (accept) {
      s1_.op = s_evt_op & 3;
      s1_.flow = s_evt_flow;
      s1_.now_ns = s_evt_now_ns;
      s1_.ecn = s_evt_ecn & 3;
      s1_.gen = s_evt_gen;
    }
  }
  if (csr_we) algo_.csr_write(csr_addr, csr_wdata);

  if (clearing_) {
    if (clr_addr_ == algo_.num_flows() - 1) clearing_ = false;
    ++clr_addr_;
  }
  eval();
}

}  // namespace dcqcn
