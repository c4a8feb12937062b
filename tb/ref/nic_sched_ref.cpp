// SPDX-License-Identifier: MIT
// Cycle model of rtl/dcqcn_nic_sched.sv: the same registers, the same combinational
// decisions in the same order (comb() then step()), RAMs read-first like dcqcn_ram_sdp.
#include "nic_sched_ref.h"

#include <algorithm>
#include <stdexcept>

namespace dcqcn {

namespace {
constexpr uint64_t kOn41 = uint64_t{1} << 40;
constexpr uint64_t kOn33 = uint64_t{1} << 32;
inline bool after(uint32_t a, uint32_t b) { return static_cast<int32_t>(a - b) >= 0; }
struct Opt { bool v; uint32_t t; };
// the earlier of two times (modular), with valid bits (the RTL's tmin)
inline Opt tmin(bool av, uint32_t a, bool bv, uint32_t b) {
  if (!av) return {bv, b};
  if (!bv) return {true, a};
  return static_cast<int32_t>(a - b) < 0 ? Opt{true, a} : Opt{true, b};
}
inline uint32_t lo32(uint64_t w) { return static_cast<uint32_t>(w); }
}  // namespace

NicSchedModel::NicSchedModel(uint32_t num_flows) : n_(num_flows), fw_mask_(num_flows - 1) {
  if (num_flows < 2 || (num_flows & (num_flows - 1)) != 0)
    throw std::invalid_argument("NicSchedModel: num_flows " + std::to_string(num_flows) +
                                " must be a power of two >= 2");
  for (auto& m : tmem_) m.assign(n_, 0);
  dmem_.assign(n_, 0);
  qmem_.assign(n_, 0);
  fmem_.assign(n_, 0);
}

NicSchedModel::Comb NicSchedModel::comb(const In& in) const {
  Comb c{};
  const NicSchedEvent& e = c0_;  // the command in C0
  const uint32_t now = in.evt.now_ns;
  const uint8_t op = static_cast<uint8_t>(e.op) & 3;
  const uint8_t kind = e.kind & 7;
  const uint32_t flow = e.flow & fw_mask_;
  c.cmd_set = op == 1 || op == 2;
  c.cmd_txop = op == 3;
  c.cmd_ok = c.cmd_set && c0_ok_;
  c.en = !out_valid_ || in.out_ready;
  c.tfire = (b_rem_ & 0xf) != 0 && c.en;
  c.tk = (b_rem_ & 1) ? 0 : (b_rem_ & 2) ? 1 : (b_rem_ & 4) ? 2 : 3;
  c.g2_go = g2_valid_ && c.en && !c.tfire && !(b_rem_ & 0x10);
  c.g2_stall = g2_valid_ && !c.g2_go;
  c.g1_stall = g1_valid_ && c.g2_stall;
  c.grant_ok = g2_has_ && (dg_rd_ & kOn33) && after(now, lo32(dg_rd_));
  c.dpush = (b_rem_ & 0x10) != 0;
  const bool c1_q = (fw_v_[5] && fw_a_[5] == c1_flow_) ? fw_q_ : (qc_rd_ != 0);
  c.c1_push = c1_valid_ && c1_arm_ && after(now, c1_at_) && !c1_q && !c.dpush;
  bool hz = false;
  if (c.cmd_set) {
    if (flow == ra_) hz = true;
    if (b_rem_ != 0 && flow == b_flow_) hz = true;
    if (kind <= 3 && ((b_rem_ >> kind) & 1)) hz = true;
    if (kind == 5 && (g1_valid_ || g2_valid_)) hz = true;
    if (kind == 5 && flow == ((ra_ + 1) & fw_mask_)) hz = true;
    if (kind == 4 && d_due_) hz = true;
  }
  if (c.cmd_txop && (c.g1_stall || d_due_)) hz = true;
  c.acc = c0_valid_ && !clearing_ && !hz;  // C0's command goes into the core
  c.ready = !clearing_ && (!c0_valid_ || c.acc);
  c.dfire = d_due_ && d_on_ && c.en && !c.tfire && !g2_valid_;
  for (int k = 0; k < 4; ++k) c.t_word[k] = (fw_v_[k] && fw_a_[k] == ra_) ? fw_t_[k] : t_rd_[k];
  c.d_word = (fw_v_[4] && fw_a_[4] == ra_) ? fw_d_ : d_rd_;
  c.q_word = (fw_v_[5] && fw_a_[5] == ra_) ? fw_q_ : (q_rd_ != 0);
  c.ld_due = 0;
  for (int k = 0; k < 4; ++k)
    if ((c.t_word[k] & kOn41) && after(now, lo32(c.t_word[k]))) c.ld_due |= 1u << k;
  if ((c.d_word & kOn33) && !c.q_word && after(now, lo32(c.d_word))) c.ld_due |= 0x10;
  return c;
}

NicSchedModel::Out NicSchedModel::outputs(const In& in) const {
  Out o;
  o.evt_ready = comb(in).ready;
  o.out_valid = out_valid_;
  o.out = out_;
  o.csr_rdata = csr_rdata_;
  return o;
}

bool NicSchedModel::round_end_load(const In& in) const {
  if (clearing_) return false;
  const Comb c = comb(in);
  uint8_t rem = b_rem_;
  if (c.tfire) rem &= static_cast<uint8_t>(~(1u << c.tk));
  if (c.dpush) rem &= 0xf;
  return rem == 0 && ra_ == n_ - 1;
}

bool NicSchedModel::busy() const { return b_rem_ != 0 || g1_valid_ || g2_valid_ || out_valid_; }

void NicSchedModel::step(const In& in) {
  const Comb c = comb(in);
  const NicSchedEvent& e = c0_;
  const uint32_t now = in.evt.now_ns;
  const bool pause = in.evt.pause;
  const uint8_t kind = e.kind & 7;
  const bool arm = (static_cast<uint8_t>(e.op) & 3) == 1;

  // next values (the RTL's *_next), defaults: hold
  auto clearing = clearing_;
  auto clr_addr = clr_addr_, ra = ra_, b_flow = b_flow_;
  uint8_t b_rem = b_rem_;
  auto b_gen = b_gen_;
  auto b_dl = b_dl_;
  auto b_at = b_at_;
  auto d_on = d_on_;
  auto d_flow = d_flow_, d_at = d_at_;
  auto wp = wp_, rp = rp_;
  bool c1_valid = false;
  auto c1_arm = c1_arm_;
  auto c1_flow = c1_flow_, c1_at = c1_at_;
  uint32_t f_wdata = b_flow_;
  auto g1_valid = g1_valid_, g1_has = g1_has_, g2_valid = g2_valid_, g2_has = g2_has_;
  auto g2_flow = g2_flow_;
  uint32_t la = 0, lb = 0, lm = std::max(la_, lb_);
  auto lr_v = lr_v_, ll_v = ll_v_;
  auto lr = lr_, ll = ll_;
  auto am_v = am_v_, al_v = al_v_;
  auto am = am_, al = al_;
  std::array<bool, 6> fw_v{};
  auto fw_a = fw_a_;
  auto fw_t = fw_t_;
  auto fw_d = fw_d_;
  auto fw_q = fw_q_;
  auto out_valid = out_valid_;
  auto out = out_;
  auto catchup = catchup_, fired = fired_, grants = grants_, dropped = dropped_;
  uint32_t late_max = std::max(lm_, late_max_);
  uint32_t hwm = std::max(count_, hwm_);
  auto csr_rdata = csr_rdata_;
  std::array<bool, 4> t_we{};
  std::array<uint32_t, 4> t_waddr{};
  std::array<uint64_t, 4> t_wdata{};
  bool d_we = false, q_we = false, q_wdata = false, f_we = false;
  uint32_t d_waddr = 0, q_waddr = 0;
  uint64_t d_wdata = 0;
  bool load = false;
  uint32_t scan_raddr = ra_;

  if (clearing_) {
    t_we = {true, true, true, true};
    d_we = q_we = true;
    t_waddr = {clr_addr_, clr_addr_, clr_addr_, clr_addr_};
    d_waddr = q_waddr = clr_addr_;
    clr_addr = (clr_addr_ + 1) & fw_mask_;
    if (clr_addr_ == n_ - 1) clearing = false;
    scan_raddr = 0;
  } else {
    if (c.tfire) {
      const unsigned k = c.tk;
      t_we[k] = true;
      t_waddr[k] = b_flow_;
      t_wdata[k] = 0;
      b_rem &= static_cast<uint8_t>(~(1u << k));
      out_valid = true;
      out = NicSchedResult{static_cast<uint8_t>(k), b_flow_, b_gen_[k], b_dl_[k], now, now - b_dl_[k]};
      la = now - b_dl_[k];
      fired = fired_ + 1;
    }
    if (c.dpush) {
      f_we = true;
      q_we = true;
      q_waddr = b_flow_;
      q_wdata = true;
      wp = (wp_ + 1) & fw_mask_;
      b_rem &= 0xf;
      lb = now - b_at_;
    }
    if (b_rem == 0) {
      load = true;
      b_flow = ra_;
      b_rem = c.ld_due;
      for (int k = 0; k < 4; ++k) {
        b_gen[k] = static_cast<uint8_t>(c.t_word[k] >> 32);
        b_dl[k] = lo32(c.t_word[k]);
      }
      b_at = lo32(c.d_word);
      ra = (ra_ + 1) & fw_mask_;
      scan_raddr = ra;
      for (int k = 0; k < 5; ++k) {
        const bool on = k < 4 ? (c.t_word[k] & kOn41) != 0 : ((c.d_word & kOn33) && !c.q_word);
        const uint32_t v = k < 4 ? lo32(c.t_word[k]) : lo32(c.d_word);
        const Opt m = tmin(lr_v_[k], lr_[k], on, v);
        if (ra_ == n_ - 1) {
          ll_v[k] = m.v;
          ll[k] = m.t;
          lr_v[k] = false;
        } else {
          lr_v[k] = m.v;
          lr[k] = m.t;
        }
      }
    }
    if (c.g2_go) {
      g2_valid = false;
      out_valid = true;
      out.gen = 0;
      out.tx_ns = now;
      out.late_ns = 0;
      out.at_ns = 0;
      out.flow = 0;
      if (!g2_has_) {
        out.kind = kSchedNoGrant;
      } else {
        q_we = true;
        q_waddr = g2_flow_;
        q_wdata = false;
        out.flow = g2_flow_;
        if (c.grant_ok) {
          const uint32_t at = lo32(dg_rd_);
          const uint32_t late = now - at;
          out.kind = kSchedDep;
          out.at_ns = at;
          out.late_ns = late;
          out.tx_ns = late <= catchup_ ? at : now;
          grants = grants_ + 1;
          d_we = true;
          d_waddr = g2_flow_;
          d_wdata = at;
        } else {
          out.kind = kSchedStale;
        }
      }
    }
    if (g1_valid_ && !c.g2_stall) {
      g1_valid = false;
      g2_valid = true;
      g2_has = g1_has_;
      g2_flow = f_rd_;
    }
    if (c.dfire) {
      d_on = false;
      out_valid = true;
      out = NicSchedResult{kSchedDrain, d_flow_, 0, d_at_, now, now - d_at_};
      la = now - d_at_;
      fired = fired_ + 1;
    }
    if (c.en && !c.tfire && !c.g2_go && !c.dfire) out_valid = false;
    if (c1_valid_) {
      d_we = true;
      d_waddr = c1_flow_;
      d_wdata = c1_arm_ ? (kOn33 | c1_at_) : 0;
      if (c.c1_push) {
        f_we = true;
        f_wdata = c1_flow_;
        q_we = true;
        q_waddr = c1_flow_;
        q_wdata = true;
        wp = (wp_ + 1) & fw_mask_;
      }
    }
    const bool pop = c.acc && c.cmd_txop && count_ != 0 && !pause;
    if (c.acc && c.cmd_txop) {
      g1_valid = true;
      g1_has = count_ != 0 && !pause;
      if (pop) rp = (rp_ + 1) & fw_mask_;
    }
    if (c.acc && c.cmd_set && !c.cmd_ok && dropped_ != 0xffffffffu) dropped = dropped_ + 1;
    if (c.acc && c.cmd_ok) {
      const uint32_t f = e.flow & fw_mask_;
      if (kind <= 3) {
        t_we[kind] = true;
        t_waddr[kind] = f;
        t_wdata[kind] = arm ? (kOn41 | (uint64_t{e.gen} << 32) | e.at_ns) : 0;
      } else if (kind == 4) {
        d_on = arm;
        d_flow = e.flow;
        d_at = e.at_ns;
      } else {
        c1_valid = true;
        c1_arm = arm;
        c1_flow = f;
        c1_at = e.at_ns;
      }
      if (arm && kind != 4) {
        const Opt m = tmin(am_v_, am_, true, e.at_ns);
        am_v = m.v;
        am = m.t;
      }
    }
    if (load && ra_ == n_ - 1) {
      al_v = am_v;
      al = am;
      am_v = false;
    }
    for (int k = 0; k < 4; ++k) {
      fw_v[k] = t_we[k];
      fw_a[k] = t_waddr[k];
      fw_t[k] = t_wdata[k];
    }
    fw_v[4] = d_we;
    fw_a[4] = d_waddr;
    fw_d = d_wdata;
    fw_v[5] = q_we;
    fw_a[5] = q_waddr;
    fw_q = q_wdata;
  }
  const uint32_t count = clearing_ ? count_
                                   : count_ + (c.dpush ? 1 : 0) + (c.c1_push ? 1 : 0) -
                                         ((c.acc && c.cmd_txop && count_ != 0 && !pause) ? 1 : 0);
  // next_due tree
  std::array<bool, 4> t1_v{};
  std::array<uint32_t, 4> t1{};
  for (int i = 0; i < 2; ++i) {
    const Opt m = tmin(ll_v_[2 * i], ll_[2 * i], ll_v_[2 * i + 1], ll_[2 * i + 1]);
    t1_v[i] = m.v;
    t1[i] = m.t;
  }
  {
    const Opt m = tmin(ll_v_[4], ll_[4], d_on_, d_at_);
    t1_v[2] = m.v;
    t1[2] = m.t;
    const Opt m2 = tmin(al_v_, al_, am_v_, am_);
    t1_v[3] = m2.v;
    t1[3] = m2.t;
  }
  std::array<bool, 2> t2_v{};
  std::array<uint32_t, 2> t2{};
  for (int i = 0; i < 2; ++i) {
    const Opt m = tmin(t1_v_[2 * i], t1_[2 * i], t1_v_[2 * i + 1], t1_[2 * i + 1]);
    t2_v[i] = m.v;
    t2[i] = m.t;
  }
  const Opt nd = tmin(t2_v_[0], t2_[0], t2_v_[1], t2_[1]);
  const bool d_due = d_on && after(now, d_at);
  // CSR bus
  if (in.csr_we && in.csr_addr == kSchedCsrCatchup)
    catchup = std::min(in.csr_wdata, kNicSchedCatchupMax);
  if (in.csr_re) {
    switch (in.csr_addr) {
      case kSchedCsrId: csr_rdata = kNicSchedId; break;
      case kSchedCsrVersion: csr_rdata = kNicSchedVersion; break;
      case kSchedCsrCatchup: csr_rdata = catchup; break;
      case kSchedCsrFired: csr_rdata = fired_; break;
      case kSchedCsrGrants: csr_rdata = grants_; break;
      case kSchedCsrLateMax: csr_rdata = late_max_; break;
      case kSchedCsrFifoHwm: csr_rdata = hwm_; break;
      case kSchedCsrDropped: csr_rdata = dropped_; break;
      default: csr_rdata = 0;
    }
  }
  const bool f_re = !c.g1_stall, dg_re = !c.g2_stall;

  // RAMs: read first, then write (dcqcn_ram_sdp)
  for (int k = 0; k < 4; ++k) t_rd_[k] = tmem_[k][scan_raddr];
  d_rd_ = dmem_[scan_raddr];
  q_rd_ = qmem_[scan_raddr];
  qc_rd_ = qmem_[c0_.flow & fw_mask_];
  if (dg_re) dg_rd_ = dmem_[f_rd_];
  if (f_re) f_rd_ = fmem_[rp_];
  for (int k = 0; k < 4; ++k)
    if (t_we[k]) tmem_[k][t_waddr[k]] = t_wdata[k];
  if (d_we) dmem_[d_waddr] = d_wdata;
  if (q_we) qmem_[q_waddr] = q_wdata;
  if (f_we) fmem_[wp_] = f_wdata;

  // registers
  clearing_ = clearing;
  clr_addr_ = clr_addr;
  ra_ = ra;
  b_flow_ = b_flow;
  b_rem_ = b_rem;
  b_gen_ = b_gen;
  b_dl_ = b_dl;
  b_at_ = b_at;
  d_on_ = d_on;
  d_flow_ = d_flow;
  d_at_ = d_at;
  d_due_ = d_due;
  wp_ = wp;
  c1_valid_ = c1_valid;
  if (in.evt_valid && c.ready) {
    c0_valid_ = true;
    c0_ = in.evt;
    c0_ok_ = in.evt.flow < n_ && in.evt.kind <= 5;
  } else if (c.acc) {
    c0_valid_ = false;
  }
  c1_arm_ = c1_arm;
  c1_flow_ = c1_flow;
  c1_at_ = c1_at;
  rp_ = rp;
  count_ = count;
  g1_valid_ = g1_valid;
  g1_has_ = g1_has;
  g2_valid_ = g2_valid;
  g2_has_ = g2_has;
  g2_flow_ = g2_flow;
  la_ = la;
  lb_ = lb;
  lm_ = lm;
  lr_v_ = lr_v;
  lr_ = lr;
  ll_v_ = ll_v;
  ll_ = ll;
  am_v_ = am_v;
  am_ = am;
  al_v_ = al_v;
  al_ = al;
  t1_v_ = t1_v;
  t1_ = t1;
  t2_v_ = t2_v;
  t2_ = t2;
  nd_v_ = nd.v;
  nd_ = nd.t;
  fw_v_ = fw_v;
  fw_a_ = fw_a;
  fw_t_ = fw_t;
  fw_d_ = fw_d;
  fw_q_ = fw_q;
  out_valid_ = out_valid;
  out_ = out;
  catchup_ = catchup;
  fired_ = fired;
  grants_ = grants;
  late_max_ = late_max;
  hwm_ = hwm;
  dropped_ = dropped;
  csr_rdata_ = csr_rdata;
  if (in.rst) {
    clearing_ = true;
    clr_addr_ = 0;
    ra_ = 0;
    b_rem_ = 0;
    d_on_ = false;
    d_due_ = false;
    wp_ = rp_ = count_ = 0;
    c1_valid_ = false;
    c0_valid_ = false;
    g1_valid_ = g2_valid_ = false;
    la_ = lb_ = lm_ = 0;
    lr_v_ = {};
    ll_v_ = {};
    am_v_ = al_v_ = false;
    t1_v_ = {};
    t2_v_ = {};
    nd_v_ = false;
    fw_v_ = {};
    out_valid_ = false;
    catchup_ = kNicSchedCatchupRst;
    fired_ = grants_ = late_max_ = hwm_ = dropped_ = csr_rdata_ = 0;
  }
}

}  // namespace dcqcn
