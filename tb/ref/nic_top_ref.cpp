// SPDX-License-Identifier: MIT
// NicTopModel: the cycle model of rtl/dcqcn_nic_top.sv (see nic_top_ref.h). The arbiter
// part follows rtl/dcqcn_nic_arb.sv register by register: comb() is its combinational
// logic for the current cycle, step() its always_ff.
#include "nic_top_ref.h"

#include <cstdio>

namespace dcqcn {

namespace {
constexpr uint8_t kArm = 1, kDisarm = 2, kTxopp = 3;
}

NicTopModel::NicTopModel(uint32_t num_flows, unsigned slot_bits, unsigned slots_log2)
    : n_(num_flows), fmask_(num_flows - 1), slot_bits_(slot_bits), slots_log2_(slots_log2), rp_(num_flows),
      np_(num_flows), sch_(num_flows, slot_bits, slots_log2), fl_(num_flows, 0) {}

RpModel::In NicTopModel::rp_in() const {
  RpModel::In i;
  i.evt_valid = rp_iss_v_;
  i.evt = rp_iss_;
  i.out_ready = true;
  i.csr_we = rp_we_;
  i.csr_re = rp_re_;
  i.csr_addr = csr_addr_;
  i.csr_wdata = csr_wdata_;
  return i;
}

NpModel::In NicTopModel::np_in() const {
  NpModel::In i;
  i.evt_valid = np_iss_v_;
  i.evt = np_iss_;
  i.out_ready = true;
  i.csr_we = np_we_;
  i.csr_re = np_re_;
  i.csr_addr = csr_addr_;
  i.csr_wdata = csr_wdata_;
  return i;
}

NicSchedModel::In NicTopModel::sch_in() const {
  NicSchedModel::In i;
  i.evt_valid = cmd_v_;
  i.evt = cmd_;
  i.evt.now_ns = now_;
  i.evt.pause = pause_;
  i.out_ready = rq_.size() != kQueueDepth && nq_.size() != kQueueDepth;
  i.csr_we = sch_we_;
  i.csr_re = sch_re_;
  i.csr_addr = csr_addr_;
  i.csr_wdata = csr_wdata_;
  return i;
}

void NicTopModel::comb(const NicTopIn& in, Comb& c) const {
  c.rpo = rp_.outputs(rp_in());
  c.npo = np_.outputs(np_in());
  c.so = sch_.outputs(sch_in());

  // inputs
  c.txop_push = in.txop_valid && !clearing_ && txop_cnt_ != 2;
  c.txdone_push = in.txdone_valid && !clearing_ && txdone_q_.size() != 2;
  c.host_acc = in.host_valid && !clearing_ && host_q_.size() != 2;
  c.host_push = c.host_acc && (in.host.op & 2) == 0;
  c.rxcnp_push = in.rxcnp_valid && !clearing_ && rxcnp_q_.size() != 2;
  c.rxdata_push = in.rxdata_valid && !clearing_ && rxdata_q_.size() != 2;

  // scheduler results
  c.sr_ready = rq_.size() != kQueueDepth && nq_.size() != kQueueDepth;
  c.sr_take = c.so.out_valid && c.sr_ready;
  const uint8_t sk = c.so.out.kind;
  c.g_take = c.sr_take && sk == kSchedDep;
  c.txop_pop = c.sr_take && (sk == kSchedDep || sk == kSchedNoGrant);

  // RP issue
  const bool rp_req[5] = {!rq_.empty(), !txdone_q_.empty(), !rxcnp_q_.empty(), !host_q_.empty(),
                          sw_on_};
  bool rp_any = false;
  c.rp_pick = rp_rr_;
  for (unsigned i = 0; i < 5; ++i) {
    const unsigned s = (rp_rr_ + i) % 5;
    if (rp_req[s]) {
      rp_any = true;
      c.rp_pick = s;
      break;
    }
  }
  c.rp_ld = rp_any && !rp_iss_v_ && rp_cred_ != kRpCredits;

  // NP issue
  c.np_pick = np_rr_ ? !rxdata_q_.empty() : nq_.empty();
  c.np_ld = (!nq_.empty() || !rxdata_q_.empty()) && !np_iss_v_ && np_cred_ != kNpCredits;

  // X
  const bool infl = ((fl_rdata_ >> 1) & 1) || x_gset_;
  c.x_k = 3;
  for (int i = 2; i >= 0; --i)
    if ((x_mask_ >> i) & 1) c.x_k = static_cast<unsigned>(i);
  c.x_cmd_needed = false;
  c.x_cmd_op = kArm;
  c.x_cmd_kind = kSchedDep;
  c.x_cmd_gen = 0;
  c.x_cmd_at = x_next_;
  const uint8_t hd = (fl_rdata_ >> 2) & 1, qd = fl_rdata_ & 1;
  c.x_wr_word = static_cast<uint8_t>(hd << 2 | (infl ? 2 : 0) | qd);
  if (c.x_k != 3) {
    c.x_cmd_needed = true;
    c.x_cmd_op = x_tmr_[c.x_k] == 1 ? kArm : kDisarm;
    c.x_cmd_kind = c.x_k == 0 ? 0 : c.x_k == 1 ? 1 : 3;
    c.x_cmd_gen = x_gen_[c.x_k];
    c.x_cmd_at = x_dl_[c.x_k];
  } else if (x_is_g_) {
    c.x_cmd_needed = true;
    c.x_cmd_op = kDisarm;
    c.x_wr_word = static_cast<uint8_t>(hd << 2 | 2 | qd);
  } else if (x_op_ == RpOp::TX) {
    const bool data = x_more_ || qd;
    c.x_cmd_needed = true;
    c.x_cmd_op = data ? kArm : kDisarm;
    c.x_wr_word = data ? 4 : 0;
  } else if (x_op_ == RpOp::AGE) {
    // the sweep's AGE: the departure stays as it is
  } else if (x_op_ == RpOp::QUERY) {
    if (infl) {
      c.x_wr_word = 7;
    } else {
      c.x_cmd_needed = true;
      c.x_wr_word = 4;
    }
  } else if (x_paced_ && hd && !infl) {
    c.x_cmd_needed = true;
  }
  c.x_step = x_v_ && (!c.x_cmd_needed || !xc_v_);
  c.x_done = c.x_step && c.x_k == 3;
  c.x_ld_g = !x_v_ && g_v_;
  c.x_ld = !x_v_ && (g_v_ || !rf_.empty());
  c.x_pop = !x_v_ && !g_v_ && !rf_.empty();

  // Y
  c.y_chg = y_qvalid_ && (!drain_on_ || !y_same_);
  c.y_dis = !y_qvalid_ && drain_on_;
  c.y_cmd = (y_mask_ & 1) || ((y_mask_ & 2) && (c.y_chg || c.y_dis));
  c.y_step = y_v_ && (y_mask_ & 3) != 0 && (!c.y_cmd || !yc_v_);
  c.y_cnp_push = y_v_ && (y_mask_ & 4) && cnpq_.size() != 2;
  c.y_mask_after = y_mask_;
  if (c.y_step) c.y_mask_after &= (y_mask_ & 1) ? uint8_t{6} : uint8_t{5};
  if (c.y_cnp_push) c.y_mask_after &= 3;
  c.y_done = y_v_ && c.y_mask_after == 0;
  c.y_pop = !y_v_ && !nf_.empty();

  // T
  c.t_ld = !tc_v_ && txop_cnt_ != 0 && !txop_busy_ && !ts_v_ && !g_v_ && !(x_v_ && x_is_g_) &&
           !(xc_v_ && xc_g_);

  // the command register
  c.cmd_free = !cmd_v_ || c.so.evt_ready;
  const bool req[3] = {xc_v_, yc_v_, tc_v_};
  c.cmd_any = false;
  c.cmd_pick = 0;
  for (unsigned i = 0; i < 3; ++i) {
    const unsigned s = (cmd_rr_ + i) % 3;
    if (req[s]) {
      c.cmd_any = true;
      c.cmd_pick = s;
      break;
    }
  }
  c.xc_take = c.cmd_free && c.cmd_any && c.cmd_pick == 0;
  c.yc_take = c.cmd_free && c.cmd_any && c.cmd_pick == 1;
  c.tc_take = c.cmd_free && c.cmd_any && c.cmd_pick == 2;
}

const NicTopModel::Comb& NicTopModel::comb_kept(const NicTopIn& in) const {
  const uint8_t key = static_cast<uint8_t>(
      (in.txop_valid ? 1 : 0) | (in.txdone_valid ? 2 : 0) | (in.host_valid ? 4 : 0) |
      ((in.host.op & 2) ? 8 : 0) | (in.rxcnp_valid ? 16 : 0) | (in.rxdata_valid ? 32 : 0));
  if (!kept_ok_ || kept_key_ != key) {
    comb(in, kept_);
    kept_key_ = key;
    kept_ok_ = true;
  }
  return kept_;
}

bool NicTopModel::arb_idle(const Comb& c) const {
  return !clearing_ && txop_cnt_ == 0 && txdone_q_.empty() && host_q_.empty() &&
         rxcnp_q_.empty() && rxdata_q_.empty() && rp_cred_ == 0 && np_cred_ == 0 && !g_v_ &&
         !x_v_ && !y_v_ && !xc_v_ && !yc_v_ && !tc_v_ && !cmd_v_ && !txop_busy_ && !ts_v_ && cnpq_.empty() && rq_.empty() &&
         nq_.empty() && !c.so.out_valid && !sch_.settling() && !sw_on_;
}

NicTopOut NicTopModel::outputs(const NicTopIn& in) const {
  NicTopOut o;
  outputs(in, o);
  return o;
}

void NicTopModel::outputs(const NicTopIn& in, NicTopOut& o) const {
  const Comb& c = comb_kept(in);
  o.txop_ready = !clearing_ && txop_cnt_ != 2;
  o.txdone_ready = !clearing_ && txdone_q_.size() != 2;
  o.host_ready = !clearing_ && host_q_.size() != 2;
  o.rxcnp_ready = !clearing_ && rxcnp_q_.size() != 2;
  o.rxdata_ready = !clearing_ && rxdata_q_.size() != 2;
  o.txsel_valid = ts_v_;
  o.txsel = ts_;
  o.cnpreq_valid = !cnpq_.empty();
  o.cnpreq = o.cnpreq_valid ? cnpq_.front() : NicCnpReq{};
  o.mon_rp_valid = mon_rp_v_;
  o.mon_rp = mon_rp_;
  o.mon_np_valid = mon_np_v_;
  o.mon_np = mon_np_;
  o.next_due_valid = sch_.next_due_valid();
  o.next_due_ns = sch_.next_due_ns();
  o.sweep_due_ns = (sw_ep_ + 1) << 29;
  o.txq_nonempty = sch_.txq_nonempty();
  o.idle = arb_idle(c) && !aw_held_ && !w_held_ && !bvalid_ && !rd_issue_ && !rd_wait_ && !rvalid_;
  const bool wr_go = aw_held_ && w_held_ && !bvalid_;
  o.awready = !aw_held_ && !bvalid_;
  o.wready = !w_held_ && !bvalid_;
  o.bvalid = bvalid_;
  o.bresp = bslverr_ ? 2 : 0;
  o.arready = !rd_issue_ && !rd_wait_ && !rvalid_ && !wr_go;
  o.rvalid = rvalid_;
  o.rdata = rdata_;
  o.rresp = 0;
}

NicTopModel::Peek NicTopModel::peek(const NicTopIn& in) const {
  Peek p;
  if (in.rst) return p;
  const Comb& c = comb_kept(in);
  p.sched_taken = c.sr_take;
  p.sched = c.so.out;
  p.rp_issued = rp_iss_v_ && c.rpo.evt_ready;
  p.rp_ev = rp_iss_;
  p.np_issued = np_iss_v_ && c.npo.evt_ready;
  p.np_ev = np_iss_;
  p.cmd_issued = cmd_v_ && c.so.evt_ready;
  p.cmd = cmd_;
  p.cmd.now_ns = now_;
  p.cmd.pause = pause_;
  p.sched_held = c.so.out_valid && !c.sr_ready;
  p.retime = c.x_step && c.x_cmd_needed && c.x_k == 3 && !x_is_g_ && x_op_ != RpOp::TX &&
             x_op_ != RpOp::QUERY;
  p.query_in_flight = c.x_done && !x_is_g_ && x_op_ == RpOp::QUERY && !c.x_cmd_needed;
  return p;
}

namespace {
unsigned blk_sel(uint16_t addr) {
  const unsigned a = (addr >> 8) & 0xf;
  return a <= 3 ? a : 4;
}
}  // namespace

void NicTopModel::step(const NicTopIn& in) {
  struct Forget {  // the kept comb() (read below, not copied), once the registers changed
    bool& ok;
    ~Forget() { ok = false; }
  } forget{kept_ok_};
  const Comb& c = comb_kept(in);
  const RpModel::In ri = rp_in();
  const NpModel::In ni = np_in();
  const NicSchedModel::In si = sch_in();
  const bool wr_go = aw_held_ && w_held_ && !bvalid_;
  const bool ar_take = in.arvalid && !rd_issue_ && !rd_wait_ && !rvalid_ && !wr_go;
  const uint32_t arb_rdata_old = arb_rdata_;
  if (in.rst) {
    RpModel::In r{};
    r.rst = true;
    rp_.step(r);
    NpModel::In n{};
    n.rst = true;
    np_.step(n);
    NicSchedModel::In s{};
    s.rst = true;
    s.evt.now_ns = now_;
    s.evt.pause = pause_;
    sch_.step(s);
    // what the RTL's reset does not override keeps flowing (the RAM, time, pause)
    const uint32_t now_in = in.now_ns;
    const bool pause_in = in.pause;
    std::vector<uint8_t> fl = std::move(fl_);
    if (clearing_) fl[clr_addr_] = 0;
    else if (c.x_done) fl[x_flow_] = c.x_wr_word;
    const RpModel rp = rp_;
    const NpModel np = np_;
    const NicSchedModel sch = sch_;
    *this = NicTopModel(n_, slot_bits_, slots_log2_);
    rp_ = rp;
    np_ = np;
    sch_ = sch;
    fl_ = std::move(fl);
    now_ = now_in;
    pause_ = pause_in;
    sw_ep_ = now_in >> 29;  // the time at reset: no sweep until its epoch ends
    return;
  }

  rp_.step(ri);
  np_.step(ni);
  sch_.step(si);

  // values the RTL reads before the edge
  const bool sw_new = !clearing_ && (now_ >> 29) != sw_ep_;
  const uint32_t x_flow_old = x_flow_;
  const bool x_is_g_old = x_is_g_;
  const uint32_t dropped_old = dropped_;
  const uint32_t c_old[10] = {c_txop_, c_txdone_, c_host_, c_rxcnp_, c_rxdata_, c_cnpreq_,
                              c_grant_, hwm_rp_, hwm_np_, hwm_rq_};
  const bool cnpq_pop = !cnpq_.empty() && in.cnpreq_ready;
  if (cnpq_pop) cnpq_.pop_front();

  const NicSchedResult& sr = c.so.out;
  const uint32_t sflow = sr.flow & fmask_;

  // flow RAM (read-first) and its clearing walk
  const uint32_t ld_flow = g_v_ ? g_flow_ : (rf_.empty() ? 0 : rf_.front().flow & fmask_);
  uint8_t rd = fl_rdata_;
  if (c.x_ld) rd = fl_[ld_flow];
  if (clearing_) {
    fl_[clr_addr_] = 0;
    if (clr_addr_ == n_ - 1) clearing_ = false;
    clr_addr_ = (clr_addr_ + 1) & fmask_;
  } else if (c.x_done) {
    fl_[x_flow_] = c.x_wr_word;
  }

  // ---- X (before the queues change: it reads the heads)
  if (c.x_ld) {
    fl_rdata_ = rd;
    x_gset_ = c.g_take && sflow == ld_flow;
    x_v_ = true;
    x_is_g_ = c.x_ld_g;
    x_flow_ = ld_flow;
    if (c.x_ld_g) {
      x_mask_ = 8;
      x_op_ = RpOp::QUERY;
      x_more_ = false;
    } else {
      const RpResult& r = rf_.front();
      x_op_ = r.op;
      x_paced_ = r.paced;
      x_next_ = r.next_tx_ns;
      x_tmr_ = {r.atmr, r.itmr, r.ctmr};
      x_gen_ = {r.agen, r.igen, r.cgen};
      x_dl_ = {r.adl_ns, r.idl_ns, r.cdl_ns};
      x_mask_ = static_cast<uint8_t>(8 | (r.ctmr != 0 ? 4 : 0) | (r.itmr != 0 ? 2 : 0) |
                                     (r.atmr != 0 ? 1 : 0));
      x_more_ = tag_q_.front();
    }
  } else {
    if (c.x_done) x_v_ = false;
    if (c.x_step && c.x_k != 3) x_mask_ &= static_cast<uint8_t>(~(1u << c.x_k));
    if (x_v_ && c.g_take && sflow == x_flow_) x_gset_ = true;
  }
  if (c.x_pop) {
    rf_.pop_front();
    tag_q_.pop_front();
  }
  const NicSchedEvent xc_old = xc_, yc_old = yc_;  // the command register takes these
  if (c.x_step && c.x_cmd_needed) {
    xc_v_ = true;
    xc_g_ = x_is_g_old && c.x_k == 3;
    xc_.op = static_cast<NicSchedOp>(c.x_cmd_op);
    xc_.kind = c.x_cmd_kind;
    xc_.flow = x_flow_old;
    xc_.gen = c.x_cmd_gen;
    xc_.at_ns = c.x_cmd_at;
  } else if (c.xc_take) {
    xc_v_ = false;
  }

  // ---- Y
  const bool y_mask0 = y_mask_ & 1;
  if (c.y_cnp_push) cnpq_.push_back(NicCnpReq{y_tau_, y_flow_, y_kind_});
  if (c.y_step && c.y_cmd) {
    yc_v_ = true;
    yc_.op = static_cast<NicSchedOp>(y_mask0 ? kArm : (c.y_chg ? kArm : kDisarm));
    yc_.kind = y_mask0 ? kSchedNp : kSchedDrain;
    yc_.flow = y_mask0 ? y_flow_ : (c.y_chg ? y_qflow_ : 0);
    yc_.gen = y_mask0 ? y_tgen_ : 0;
    yc_.at_ns = y_mask0 ? y_tdl_ : (c.y_chg ? y_qat_ : 0);
  } else if (c.yc_take) {
    yc_v_ = false;
  }
  const uint32_t y_qflow = y_qflow_, y_qat = y_qat_;
  const uint32_t drain_flow_old = drain_flow_, drain_at_old = drain_at_;
  if (c.y_step && !y_mask0 && c.y_chg) {
    drain_on_ = true;
    drain_flow_ = y_qflow;
    drain_at_ = y_qat;
  } else if (c.y_step && !y_mask0 && c.y_dis) {
    drain_on_ = false;
  } else if (c.sr_take && sr.kind == kSchedDrain) {
    drain_on_ = false;
  }
  if (c.y_pop) {
    const NpResult& r = nf_.front();
    y_v_ = true;
    y_flow_ = r.flow & fmask_;
    y_mask_ = static_cast<uint8_t>((r.cnp ? 4 : 0) | 2 | (r.tmr_set ? 1 : 0));
    y_tgen_ = r.tmr_gen;
    y_tdl_ = r.tmr_deadline_ns;
    y_kind_ = r.cnp_kind != 0;
    y_tau_ = r.cnp_tau_ns;
    y_qvalid_ = r.q_valid;
    y_qflow_ = r.q_flow & fmask_;
    y_qat_ = r.q_at_ns;
    y_same_ = y_qflow_ == drain_flow_old && y_qat_ == drain_at_old;
    nf_.pop_front();
  } else {
    if (c.y_done) y_v_ = false;
    y_mask_ = c.y_mask_after;
  }

  // ---- the command register
  if (c.cmd_free && c.cmd_any) {
    cmd_v_ = true;
    cmd_rr_ = c.cmd_pick == 2 ? 0 : c.cmd_pick + 1;
    if (c.cmd_pick == 0) {
      cmd_ = xc_old;
    } else if (c.cmd_pick == 1) {
      cmd_ = yc_old;
    } else {
      cmd_ = NicSchedEvent{};
      cmd_.op = static_cast<NicSchedOp>(kTxopp);
    }
  } else if (c.so.evt_ready) {
    cmd_v_ = false;
  }

  // ---- T and the txsel register
  if (c.t_ld) tc_v_ = true;
  else if (c.tc_take) tc_v_ = false;
  if (c.t_ld) txop_busy_ = true;
  else if (c.sr_take && sr.kind >= kSchedDep) txop_busy_ = false;
  if (c.sr_take && sr.kind == kSchedDep) {
    ts_v_ = true;
    ts_ = NicTxSel{sr.tx_ns, sflow, true};
  } else if (c.sr_take && sr.kind == kSchedNoGrant) {
    ts_v_ = true;
    ts_ = NicTxSel{};
  } else if (in.txsel_ready) {
    ts_v_ = false;
    ts_ = NicTxSel{};
  }

  // ---- G
  if (c.g_take) {
    g_v_ = true;
    g_flow_ = sflow;
  } else if (c.x_ld_g) {
    g_v_ = false;
  }

  // ---- RP issue (reads the heads, then the queues move)
  const uint32_t rp_cred_old = rp_cred_, np_cred_old = np_cred_;
  const size_t rq_old = rq_.size();
  if (c.rp_ld) {
    rp_iss_v_ = true;
    rp_rr_ = (c.rp_pick + 1) % 5;
    RpEvent e;
    e.now_ns = now_;
    switch (c.rp_pick) {
      case 0:
        e.op = rq_.front().op;
        e.flow = rq_.front().flow;
        e.gen = rq_.front().gen;
        break;
      case 1:
        e.op = RpOp::TX;
        e.flow = txdone_q_.front().flow;
        e.now_ns = txdone_q_.front().tx_ns;
        e.bytes = txdone_q_.front().bytes;
        break;
      case 2:
        e.op = RpOp::CNP;
        e.flow = rxcnp_q_.front().flow;
        e.tau_ns = rxcnp_q_.front().tau;
        e.cnp_ue = rxcnp_q_.front().ue;
        break;
      case 3:
        e.op = host_q_.front().init ? RpOp::INIT : RpOp::QUERY;
        e.flow = host_q_.front().flow;
        e.tau_ns = host_q_.front().init ? host_q_.front().arg : 0;
        break;
      default:
        e.op = RpOp::AGE;
        e.flow = sw_flow_;
        break;
    }
    rp_iss_ = e;
    tag_q_.push_back(c.rp_pick == 1 && txdone_q_.front().more);
    if (c.rp_pick == 0) rq_.pop_front();
    if (c.rp_pick == 1) txdone_q_.pop_front();
    if (c.rp_pick == 2) rxcnp_q_.pop_front();
    if (c.rp_pick == 3) host_q_.pop_front();
  } else if (c.rpo.evt_ready) {
    rp_iss_v_ = false;
  }
  rp_cred_ = rp_cred_ + (c.rp_ld ? 1 : 0) - (c.x_pop ? 1 : 0);
  // the sweep
  if (sw_new) {
    sw_ep_ = now_ >> 29;
    sw_on_ = true;
    sw_flow_ = 0;
  } else if (c.rp_ld && c.rp_pick == 4) {
    if (sw_flow_ == n_ - 1) sw_on_ = false;
    sw_flow_ = (sw_flow_ + 1) & fmask_;
  }
  if (mon_rp_v_) rf_.push_back(mon_rp_);
  mon_rp_v_ = c.rpo.out_valid;
  mon_rp_ = c.rpo.out_valid ? c.rpo.out : RpResult{};

  // ---- NP issue
  if (c.np_ld) {
    np_iss_v_ = true;
    np_rr_ = !c.np_pick;
    NpEvent e;
    e.now_ns = now_;
    e.ecn = 0;
    e.gen = 0;
    if (!c.np_pick) {
      e.op = nq_.front().drain ? NpOp::DRAIN : NpOp::TIMER;
      e.flow = nq_.front().flow;
      e.gen = nq_.front().drain ? 0 : nq_.front().gen;
      nq_.pop_front();
    } else {
      e.op = NpOp::RX;
      e.flow = rxdata_q_.front().flow;
      e.ecn = rxdata_q_.front().ecn;
      rxdata_q_.pop_front();
    }
    np_iss_ = e;
  } else if (c.npo.evt_ready) {
    np_iss_v_ = false;
  }
  np_cred_ = np_cred_ + (c.np_ld ? 1 : 0) - (c.y_pop ? 1 : 0);
  if (mon_np_v_) nf_.push_back(mon_np_);
  mon_np_v_ = c.npo.out_valid;
  mon_np_ = c.npo.out_valid ? c.npo.out : NpResult{};

  // ---- scheduler results into rq / nq
  if (c.sr_take && (sr.kind == kSchedAlpha || sr.kind == kSchedInc || sr.kind == kSchedCut))
    rq_.push_back(RqE{sr.kind == kSchedAlpha ? RpOp::ALPHA_TIMER
                      : sr.kind == kSchedInc ? RpOp::INC_TIMER : RpOp::CUT_TIMER,
                      sflow, sr.gen});
  if (c.sr_take && (sr.kind == kSchedNp || sr.kind == kSchedDrain))
    nq_.push_back(NqE{sr.kind == kSchedDrain, sflow, sr.gen});

  // ---- input FIFOs
  if (c.txop_push) ++txop_cnt_;
  if (c.txop_pop) --txop_cnt_;
  if (c.txdone_push)
    txdone_q_.push_back(TxDoneE{in.txdone.tx_ns, in.txdone.flow & fmask_, in.txdone.bytes, in.txdone.more});
  if (c.host_push) host_q_.push_back(HostE{in.host.arg, in.host.flow & fmask_, (in.host.op & 1) != 0});
  if (c.rxcnp_push) rxcnp_q_.push_back(RxCnpE{in.rxcnp.tau_ns, in.rxcnp.flow & fmask_, in.rxcnp.ue});
  if (c.rxdata_push) rxdata_q_.push_back(RxDataE{in.rxdata.flow & fmask_, static_cast<uint8_t>(in.rxdata.ecn & 3)});

  // ---- counters and the status CSRs
  if (c.txop_push) ++c_txop_;
  if (c.txdone_push) ++c_txdone_;
  if (c.host_push) ++c_host_;
  if (c.rxcnp_push) ++c_rxcnp_;
  if (c.rxdata_push) ++c_rxdata_;
  if (cnpq_pop) ++c_cnpreq_;
  if (c.g_take) ++c_grant_;
  if (c.host_acc && !c.host_push && dropped_ != 0xffffffffu) ++dropped_;
  if (rp_cred_old > hwm_rp_) hwm_rp_ = rp_cred_old;
  if (np_cred_old > hwm_np_) hwm_np_ = np_cred_old;
  if (rq_old > hwm_rq_) hwm_rq_ = static_cast<uint32_t>(rq_old);
  if (arb_re_) {
    switch (csr_addr_) {
      case kTopCsrId: arb_rdata_ = kNicTopId; break;
      case kTopCsrNumFlows: arb_rdata_ = n_; break;
      case kTopCsrVersion: arb_rdata_ = kNicTopVersion; break;
      case kTopCsrDropped: arb_rdata_ = dropped_old; break;
      case kTopCsrTxop: arb_rdata_ = c_old[0]; break;
      case kTopCsrTxdone: arb_rdata_ = c_old[1]; break;
      case kTopCsrHost: arb_rdata_ = c_old[2]; break;
      case kTopCsrRxcnp: arb_rdata_ = c_old[3]; break;
      case kTopCsrRxdata: arb_rdata_ = c_old[4]; break;
      case kTopCsrCnpreq: arb_rdata_ = c_old[5]; break;
      case kTopCsrGrants: arb_rdata_ = c_old[6]; break;
      case kTopCsrRpHwm: arb_rdata_ = c_old[7]; break;
      case kTopCsrNpHwm: arb_rdata_ = c_old[8]; break;
      case kTopCsrTimerqHwm: arb_rdata_ = c_old[9]; break;
      default: arb_rdata_ = 0; break;
    }
  }

  // ---- AXI4-Lite slave
  const bool aw_take = in.awvalid && !aw_held_ && !bvalid_;
  const bool w_take = in.wvalid && !w_held_ && !bvalid_;
  rp_we_ = np_we_ = sch_we_ = false;
  rp_re_ = np_re_ = arb_re_ = sch_re_ = false;
  if (aw_take) {
    aw_held_ = true;
    awaddr_ = in.awaddr & 0xfff;
  }
  if (w_take) {
    w_held_ = true;
    wdata_ = in.wdata;
    wstrb_full_ = (in.wstrb & 0xf) == 0xf;
  }
  if (wr_go) {
    const unsigned sel = blk_sel(awaddr_);
    aw_held_ = false;
    w_held_ = false;
    bvalid_ = true;
    bslverr_ = !wstrb_full_;
    csr_addr_ = static_cast<uint8_t>(awaddr_);
    csr_wdata_ = wdata_;
    rp_we_ = wstrb_full_ && sel == 0;
    np_we_ = wstrb_full_ && sel == 1;
    sch_we_ = wstrb_full_ && sel == 3;
  }
  if (bvalid_ && in.bready && !wr_go) bvalid_ = false;
  const bool rd_issue = rd_issue_, rd_wait = rd_wait_, rvalid = rvalid_;
  if (ar_take) {
    const unsigned sel = blk_sel(in.araddr & 0xfff);
    rd_sel_ = sel;
    rd_issue_ = true;
    csr_addr_ = static_cast<uint8_t>(in.araddr);
    rp_re_ = sel == 0;
    np_re_ = sel == 1;
    arb_re_ = sel == 2;
    sch_re_ = sel == 3;
  }
  if (rd_issue) {
    rd_issue_ = false;
    rd_wait_ = true;
  }
  if (rd_wait) {
    rd_wait_ = false;
    rvalid_ = true;
    switch (rd_sel_) {
      case 0: rdata_ = c.rpo.csr_rdata; break;
      case 1: rdata_ = c.npo.csr_rdata; break;
      case 2: rdata_ = arb_rdata_old; break;
      case 3: rdata_ = c.so.csr_rdata; break;
      default: rdata_ = 0; break;
    }
  }
  if (rvalid && in.rready) rvalid_ = false;

  now_ = in.now_ns;
  pause_ = in.pause;
}

std::string NicTopModel::debug() const {
  char b[600];
  std::snprintf(b, sizeof b,
                "txop %u busy %d ts %d | q txdone %zu host %zu rxcnp %zu rxdata %zu rq %zu nq %zu | "
                "rp_iss %d cred %u rf %zu | np_iss %d cred %u nf %zu | g %d | x %d g%d mask %x op %u "
                "flow %u | y %d mask %x | cmd %d op %u kind %u flow %u | cnpq %zu | sched out %d",
                txop_cnt_, txop_busy_, ts_v_, txdone_q_.size(), host_q_.size(), rxcnp_q_.size(),
                rxdata_q_.size(), rq_.size(), nq_.size(), rp_iss_v_, rp_cred_, rf_.size(), np_iss_v_,
                np_cred_, nf_.size(), g_v_, x_v_, x_is_g_, x_mask_, static_cast<unsigned>(x_op_),
                x_flow_, y_v_, y_mask_, cmd_v_, static_cast<unsigned>(cmd_.op), cmd_.kind, cmd_.flow,
                cnpq_.size(), sch_.outputs(sch_in()).out_valid);
  return b;
}

}  // namespace dcqcn
