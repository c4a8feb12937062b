// SPDX-License-Identifier: MIT
// Cycle model of rtl/dcqcn_nic_sched.sv: the same registers, the same combinational
// decisions (comb() then step(), every next value from this cycle's registers); the wheel
// engine is NicWheelModel, stepped with the inputs the RTL gives dcqcn_nic_wheel.
#include "nic_sched_ref.h"

#include <stdexcept>
#include <string>

namespace dcqcn {

namespace {
inline bool after(uint32_t a, uint32_t b) { return static_cast<int32_t>(a - b) >= 0; }
}  // namespace

NicSchedModel::NicSchedModel(uint32_t num_flows, unsigned slot_bits, unsigned slots_log2)
    : n_(num_flows), gb_(slot_bits), wheel_(num_flows, slot_bits, slots_log2) {
  if (num_flows < 4 || (num_flows & (num_flows - 1)) != 0)
    throw std::invalid_argument("NicSchedModel: num_flows " + std::to_string(num_flows) +
                                " must be a power of two >= 4");
}

NicSchedModel::Comb NicSchedModel::comb(const In& in) const {
  Comb c{};
  c.w = wheel_.outputs(in.evt.now_ns);
  const bool txop = c0_.ev.op == NicSchedOp::TXOPP;
  // C0 waits only for the wheel or, for a TXOPP, while 65533 or more are pending
  c.go = c0_.v && (c0_.whl ? c.w.s_ready : txop ? !txp_full_ : true);
  c.drain_cmd = c0_.v && c0_.drn;
  // the output: a timer first, then the DRAIN, then the answer to a TXOPP
  c.en = !out_valid_ || in.out_ready;
  c.tfire = c.en && c.w.tmr_valid;
  c.dfire = c.en && !c.tfire && d_on_ && d_due_ && !c.drain_cmd;
  c.answer = c.en && !c.tfire && !c.dfire && txp_nz_;
  c.grant = c.answer && c.w.dep_valid && !in.evt.pause;
  c.inc = !after(in.evt.now_ns, c.w.dep_at_ns + catchup_ + 1);
  return c;
}

NicWheelIn NicSchedModel::wheel_in(const In& in) const { return wheel_in(in, comb(in)); }

NicWheelIn NicSchedModel::wheel_in(const In& in, const Comb& c) const {
  NicWheelIn w;
  w.rst = in.rst;
  w.now_ns = in.evt.now_ns;
  w.s_valid = c0_.v && c0_.whl;
  w.s_op = static_cast<uint8_t>(c0_.ev.op);
  w.s_kind = c0_.ev.kind;
  w.s_flow = c0_.ev.flow;
  w.s_gen = c0_.ev.gen;
  w.s_at_ns = c0_.ev.at_ns;
  w.tmr_ready = c.en;
  w.dep_ready = c.answer && !in.evt.pause;
  return w;
}

NicSchedModel::Out NicSchedModel::outputs(const In& in) const {
  Out o;
  o.evt_ready = !c0_.v || comb(in).go;
  o.out_valid = out_valid_;
  o.out = out_;
  o.csr_rdata = csr_rdata_;
  return o;
}

void NicSchedModel::step(const In& in) {
  const Comb c = comb(in);
  const NicWheelOut& w = c.w;
  const uint32_t now = in.evt.now_ns;
  const bool arm = c0_.ev.op == NicSchedOp::ARM;
  const bool txop_go = c.go && c0_.ev.op == NicSchedOp::TXOPP;
  const uint32_t g = 1u << gb_;

  // ---- the CSR read (this cycle's registers; a landing CATCHUP_NS write shows)
  const uint32_t landing = cwq_hi_ ? kNicSchedCatchupMax : cwq_data_;  // clamp_reg, compare registered
  if (in.csr_re) {
    switch (in.csr_addr) {
      case kSchedCsrId: csr_rdata_ = kNicSchedId; break;
      case kSchedCsrVersion: csr_rdata_ = kNicSchedVersion; break;
      case kSchedCsrCatchup: csr_rdata_ = cwq_v_ ? landing : catchup_; break;
      case kSchedCsrFired: csr_rdata_ = fired_; break;
      case kSchedCsrGrants: csr_rdata_ = grants_; break;
      case kSchedCsrLateMax: csr_rdata_ = late_max_; break;
      case kSchedCsrWheelHwm: csr_rdata_ = hwm_; break;
      case kSchedCsrDropped: csr_rdata_ = dropped_; break;
      default: csr_rdata_ = 0;
    }
  }

  // ---- the wheel, with this cycle's inputs
  wheel_.step(wheel_in(in, c));

  // ---- next_due: the minimum of last cycle's candidates, then this cycle's candidates
  const bool m1_tp = ct_v_ && (!cp_v_ || static_cast<int32_t>(ct_ - cp_) < 0);
  const bool m1_v = ct_v_ || cp_v_;
  const uint32_t m1 = m1_tp ? ct_ : cp_;
  const bool nd_dsel = cd_v_ && (!m1_v || static_cast<int32_t>(cd_ - m1) < 0);
  nd_v_ = cd_v_ || m1_v;
  nd_ = nd_dsel ? cd_ : m1;
  cd_v_ = d_on_;
  cd_ = d_at_;
  ct_v_ = w.tmr_count != 0;
  ct_ = (w.tmr_valid || w.tmr_moving) ? w.tmr_drain_ns : w.tmr_next_valid ? w.tmr_next_ns : w.tmr_drain_ns + g;
  cp_v_ = w.dep_count != 0 && !w.dep_valid;
  cp_ = w.dep_moving ? w.dep_drain_ns : w.dep_next_valid ? w.dep_next_ns : w.dep_drain_ns + g;
  if ((c.go && (c0_.whl || c0_.drn)) || w.busy || c.tfire || c.dfire || c.grant) settle_ = kNdLat;
  else if (settle_ != 0) --settle_;

  // ---- counters
  fired_ += fired_inc_ ? 1 : 0;
  grants_ += grants_inc_ ? 1 : 0;
  fired_inc_ = c.tfire || c.dfire;
  grants_inc_ = c.grant;
  if (la_ > late_max_) late_max_ = la_;
  la_ = c.tfire ? now - w.tmr_at_ns : c.dfire ? now - d_at_ : 0;
  if (hs_ > hwm_) hwm_ = hs_;
  hs_ = w.tmr_count + w.dep_count;
  if (c.go && c0_.bad && dropped_ != 0xffffffffu) ++dropped_;

  // ---- the result
  if (c.en) out_valid_ = c.tfire || c.dfire || c.answer;
  if (c.tfire) {
    out_ = {w.tmr_kind, w.tmr_flow, w.tmr_gen, w.tmr_at_ns, now, now - w.tmr_at_ns};
  } else if (c.dfire) {
    out_ = {kSchedDrain, d_flow_, 0, d_at_, now, now - d_at_};
  } else if (c.answer) {
    if (c.grant)
      out_ = {kSchedDep, w.dep_flow, 0, w.dep_at_ns, c.inc ? w.dep_at_ns : now, now - w.dep_at_ns};
    else
      out_ = {kSchedNoGrant, 0, 0, 0, now, 0};
  }

  // ---- DRAIN slot: a command replaces it (and has the slot first)
  if (c.drain_cmd) {
    d_on_ = arm;
    d_flow_ = c0_.ev.flow;
    d_at_ = c0_.ev.at_ns;
    d_due_ = arm && after(now, c0_.ev.at_ns);
  } else {
    const bool on = d_on_ && !c.dfire;
    d_due_ = on && after(now, d_at_);
    d_on_ = on;
  }

  // ---- pending TXOPPs
  const uint32_t txp = txp_;
  txp_ = (txp + (txop_go ? 1u : 0u) - (c.answer ? 1u : 0u)) & 0xffffu;
  txp_nz_ = txp_ != 0;
  txp_full_ = txp >= 0xfffdu;

  // ---- C0
  if (in.evt_valid && (!c0_.v || c.go)) {
    const NicSchedEvent& e = in.evt;
    const uint8_t op = static_cast<uint8_t>(e.op) & 3;
    const uint8_t kind = e.kind & 7;
    const bool set = op == 1 || op == 2;
    c0_.v = true;
    c0_.ev = e;
    c0_.ev.op = static_cast<NicSchedOp>(op);
    c0_.ev.kind = kind;
    c0_.whl = set && e.flow < n_ && (kind <= 3 || kind == 5);
    c0_.drn = set && e.flow < n_ && kind == 4;
    c0_.bad = set && (e.flow >= n_ || kind > 5);
  } else if (c.go) {
    c0_.v = false;
  }

  // ---- CATCHUP_NS: a write lands a cycle after it is registered
  if (cwq_v_) catchup_ = landing;
  cwq_v_ = in.csr_we && in.csr_addr == kSchedCsrCatchup && !in.rst;
  cwq_hi_ = in.csr_wdata > kNicSchedCatchupMax;
  cwq_data_ = in.csr_wdata;

  if (in.rst) {
    c0_.v = false;
    d_on_ = d_due_ = false;
    txp_ = 0;
    txp_nz_ = txp_full_ = false;
    out_valid_ = false;
    cd_v_ = ct_v_ = cp_v_ = nd_v_ = false;
    settle_ = 0;
    fired_inc_ = grants_inc_ = false;
    fired_ = grants_ = la_ = late_max_ = hs_ = hwm_ = dropped_ = 0;
    catchup_ = kNicSchedCatchupRst;
    csr_rdata_ = 0;
  }
}

}  // namespace dcqcn
