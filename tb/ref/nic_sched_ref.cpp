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
  if (num_flows < 4 || (num_flows & (num_flows - 1)) != 0)
    throw std::invalid_argument("NicSchedModel: num_flows " + std::to_string(num_flows) +
                                " must be a power of two >= 4");
  for (auto& m : tmem_) m.assign(n_, 0);
  dmem_.assign(n_, 0);
  qmem_.assign(n_, 0);
  fmem_.assign(n_, 0);
  s1_flow_ = n_ - 1;
  b_flow_ = n_ - 2;
}

NicSchedModel::Comb NicSchedModel::comb(const In& in) const {
  Comb c{};
  const NicSchedEvent& e = c0_;  // the command in C0
  const uint32_t now = in.evt.now_ns;
  const uint8_t op = static_cast<uint8_t>(e.op) & 3;
  const uint8_t kind = e.kind & 7;
  const uint32_t flow = e.flow & fw_mask_;
  const uint32_t ra1 = (ra_ + 1) & fw_mask_;
  c.cmd_set = op == 1 || op == 2;
  c.cmd_txop = op == 3;
  c.cmd_ok = c.cmd_set && c0_ok_;
  c.arm = op == 1;
  c.en = !out_valid_ || in.out_ready;
  const bool b_none = (b_rem_ & 0xf) == 0;
  c.tfire = !b_none && c.en;
  c.tk = (b_rem_ & 1) ? 0 : (b_rem_ & 2) ? 1 : (b_rem_ & 4) ? 2 : 3;
  const uint8_t tk_oh = b_none ? 0 : static_cast<uint8_t>(1u << c.tk);
  c.b_wr = c.tfire ? tk_oh : 0;
  c.dpush = (b_rem_ & 0x10) != 0;
  const bool b_one = !b_none && (b_rem_ & 0xf & ((b_rem_ & 0xf) - 1)) == 0;
  c.load = !clearing_ && (b_none || (b_one && c.en));
  // C0: a timer command waits only while B fires its kind (the RAM's write port)
  const uint8_t koh = (c.cmd_ok && kind <= 3) ? static_cast<uint8_t>(1u << kind) : 0;
  const bool txp_full = txp_full_;  // from last cycle's count (never passes 0xffff)
  c.acc = c0_valid_ && !clearing_ && !((koh & tk_oh) && c.en) && !(c.cmd_txop && txp_full);
  c.ready = !clearing_ && (!c0_valid_ || c.acc);
  c.c_wr = c.acc ? koh : 0;
  c.c0_d = c0_valid_ && !clearing_ && c.cmd_ok && kind == 4;
  c.txop_go = c.acc && c.cmd_txop;
  // grant
  c.g3_ok = g3_has_ && (g3_w_ & kOn33) && after(now, lo32(g3_w_));
  c.g3_inc = !after(now, g3_atc_);
  c.gcommit = g3_v_ && c.en && !c.tfire && !c.dpush && !c1_valid_ &&
              !(c0_valid_ && !clearing_ && c.cmd_ok && kind == 5);
  c.g2_adv = g2_v_ && !g3_v_;
  c.g1_adv = g1_v_ && (!g2_v_ || c.g2_adv);
  c.g0_adv = g0_v_ && (!g1_v_ || c.g1_adv);
  c.gstart = txp_ != 0 && !d_due_ && !(g0_v_ && g1_v_) && !clearing_;
  c.pop = c.gstart && count_ != 0 && !in.evt.pause;
  c.gd_we = c.gcommit && c.g3_ok;
  c.gq = c.gcommit && g3_has_;
  c.dfire = d_due_ && d_on_ && c.en && !c.tfire && !c.gcommit && !c.c0_d;
  c.c1_push = c1_valid_ && c1_due_ && !c1_q_ && !c.dpush;
  c.c1_w = c1_arm_ ? (kOn33 | c1_at_) : 0;
  // RAM write data
  for (int k = 0; k < 4; ++k)
    c.t_wdata[k] = (clearing_ || ((c.b_wr >> k) & 1) || !c.arm)
                       ? 0 : (kOn41 | (uint64_t{e.gen} << 32) | e.at_ns);
  c.d_wdata = clearing_ ? 0 : c1_valid_ ? c.c1_w : (((g3_w_ & kOn33) && !c.g3_ok) ? kOn33 : 0) | lo32(g3_w_);
  c.q_wdata = !clearing_ && (c.c1_push || c.dpush);
  // this cycle's writes against S1 and the read-port word (B's own writes never hit them)
  c.th_s1 = flow == s1_flow_ ? c.c_wr : 0;
  c.th_ra = flow == ra_ ? c.c_wr : 0;
  c.dh_s1 = c1_valid_ ? c1_flow_ == s1_flow_ : (c.gq && g3_flow_ == s1_flow_);
  c.dh_ra = c1_valid_ ? c1_flow_ == ra_ : (c.gq && g3_flow_ == ra_);
  c.qh_s1 = c.c1_push ? c1_flow_ == s1_flow_ : (c.gq && g3_flow_ == s1_flow_);
  c.qh_ra = c.c1_push ? c1_flow_ == ra_ : (c.gq && g3_flow_ == ra_);
  (void)ra1;
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
  return comb(in).load && s1_flow_ == n_ - 1;
}

bool NicSchedModel::busy() const {
  return b_rem_ != 0 || g0_v_ || g1_v_ || g2_v_ || g3_v_ || txp_ != 0 || out_valid_;
}

void NicSchedModel::step(const In& in) {
  const Comb c = comb(in);
  const NicSchedEvent& e = c0_;
  const uint32_t now = in.evt.now_ns;
  const uint8_t kind = e.kind & 7;
  const uint32_t cflow = e.flow & fw_mask_;
  const uint32_t ra1 = (ra_ + 1) & fw_mask_;

  // ---- RAM write ports
  std::array<bool, 4> t_we{};
  std::array<uint32_t, 4> t_waddr{};
  for (int k = 0; k < 4; ++k) {
    t_we[k] = clearing_ || ((c.b_wr >> k) & 1) || ((c.c_wr >> k) & 1);
    t_waddr[k] = clearing_ ? clr_addr_ : ((c.b_wr >> k) & 1) ? b_flow_ : cflow;
  }
  const bool d_we = clearing_ || c1_valid_ || c.gq;
  const uint32_t d_waddr = clearing_ ? clr_addr_ : c1_valid_ ? c1_flow_ : g3_flow_;
  const bool q_we = clearing_ || c.dpush || c.c1_push || c.gq;
  const uint32_t q_waddr = clearing_ ? clr_addr_ : c.c1_push ? c1_flow_ : c.gq ? g3_flow_ : b_flow_;
  const bool f_we = c.dpush || c.c1_push;
  const uint32_t f_wdata = c.c1_push ? c1_flow_ : b_flow_;
  const uint32_t scan_raddr = c.load ? ra1 : ra_;

  // ---- scanner: S1 takes the read-port word or keeps its word current; B takes S1
  auto s1_t = s1_t_;
  auto s1_d = s1_d_;
  auto s1_q = s1_q_;
  auto s1_flow = s1_flow_, ra = ra_, b_flow = b_flow_;
  // B drops its copy of an entry a timer command in C0 writes (from registers: when the
  // command waits, B fires that entry anyway, or the entry B takes is dropped a cycle early)
  const bool c0_base = c0_valid_ && !clearing_;
  const bool b_none_now = (b_rem_ & 0xf) == 0;
  const uint8_t koh = (c0_base && c.cmd_ok && kind <= 3) ? static_cast<uint8_t>(1u << kind) : 0;
  const uint8_t mb = cflow == b_flow_ ? koh : 0, ms1 = cflow == s1_flow_ ? koh : 0;
  uint8_t b_rem = static_cast<uint8_t>(b_rem_ & 0xf & ~c.b_wr & ~mb);
  auto b_gen = b_gen_;
  auto b_dl = b_dl_;
  auto b_at = b_at_;
  auto lr_v = lr_v_, ll_v = ll_v_;
  auto lr = lr_, ll = ll_;
  if (!c.load) {
    for (int k = 0; k < 4; ++k)
      if ((c.th_s1 >> k) & 1) s1_t[k] = c.t_wdata[k];
    if (c.dh_s1) s1_d = c.d_wdata;
    if (c.qh_s1) s1_q = c.q_wdata;
  } else {
    ra = ra1;
    s1_flow = ra_;
    b_flow = s1_flow_;
    b_rem = 0;
    for (int k = 0; k < 4; ++k) {
      if (((s1_due_ >> k) & 1) && !((ms1 >> k) & 1)) b_rem |= 1u << k;
      b_gen[k] = static_cast<uint8_t>(s1_t_[k] >> 32);
      b_dl[k] = lo32(s1_t_[k]);
    }
    if ((s1_due_ & 0x10) && !s1_q_ && !(c1_valid_ && c1_flow_ == s1_flow_)) b_rem |= 0x10;
    b_at = lo32(s1_d_);
    for (int k = 0; k < 4; ++k)
      s1_t[k] = ((c.th_ra >> k) & 1) ? c.t_wdata[k] : ((fwh_ >> k) & 1) ? fw_t_[k] : t_rd_[k];
    s1_d = c.dh_ra ? c.d_wdata : ((fwh_ >> 4) & 1) ? fw_d_ : d_rd_;
    s1_q = c.qh_ra ? c.q_wdata : ((fwh_ >> 5) & 1) ? fw_q_ : (q_rd_ != 0);
    // lane minima of the words B takes
    for (int k = 0; k < 5; ++k) {
      const bool on = k < 4 ? (s1_t_[k] & kOn41) != 0 : ((s1_d_ & kOn33) && !s1_q_);
      const uint32_t v = k < 4 ? lo32(s1_t_[k]) : lo32(s1_d_);
      const Opt m = tmin(lr_v_[k], lr_[k], on, v);
      if (s1_flow_ == n_ - 1) {
        ll_v[k] = m.v;
        ll[k] = m.t;
        lr_v[k] = false;
      } else {
        lr_v[k] = m.v;
        lr[k] = m.t;
      }
    }
  }
  // S1's entries due with this cycle's time (B takes them next cycle): one compare per source
  // of S1's next word; C0's and g3's writes taken from registers, as if they happened (when
  // one waits instead, B drops that entry anyway, and the bit is made again next cycle)
  uint8_t s1_due = 0;
  {
    const auto due = [&](uint64_t w, uint64_t on) { return (w & on) != 0 && after(now, lo32(w)); };
    const bool due_cmd = c.arm && after(now, e.at_ns);
    const uint8_t thp_ra = cflow == ra_ ? koh : 0;
    for (int k = 0; k < 4; ++k) {
      bool d;
      if (!c.load) d = ((ms1 >> k) & 1) ? due_cmd : due(s1_t_[k], kOn41);
      else if ((thp_ra >> k) & 1) d = due_cmd;
      else d = ((fwh_ >> k) & 1) ? due(fw_t_[k], kOn41) : due(t_rd_[k], kOn41);
      if (d) s1_due |= 1u << k;
    }
    const bool gqp = g3_v_ && !c1_valid_ && !(c0_valid_ && c.cmd_ok && kind == 5) && b_none_now && !c.dpush && g3_has_;
    const bool due_c1 = c1_arm_ && after(now, c1_at_);  // (g3's word is never due)
    const auto dhp = [&](uint32_t f) { return c1_valid_ ? c1_flow_ == f : (gqp && g3_flow_ == f); };
    bool d;
    if (!c.load) d = dhp(s1_flow_) ? (c1_valid_ && due_c1) : due(s1_d_, kOn33);
    else if (dhp(ra_)) d = c1_valid_ && due_c1;
    else d = ((fwh_ >> 4) & 1) ? due(fw_d_, kOn33) : due(d_rd_, kOn33);
    if (d) s1_due |= 0x10;  // (not queued: checked at the load)
  }
  // ---- forwarding to the word on the read port next cycle (ra, or ra + 1 after a load)
  const uint32_t nx = c.load ? ra1 : ra_;
  uint8_t fwh = 0;
  if (!clearing_) {
    if (cflow == nx) fwh |= c.c_wr;
    if (c1_valid_ ? c1_flow_ == nx : (c.gq && g3_flow_ == nx)) fwh |= 0x10;
    if (c.c1_push ? c1_flow_ == nx : (c.gq && g3_flow_ == nx)) fwh |= 0x20;
  }
  // the queued bit of C0's flow, for C1: the copy is read at C0's flow of the next cycle;
  // C1 takes it (with the writes since the read) when the command leaves C0
  const uint32_t c0_flow_next = (in.evt_valid && c.ready) ? (in.evt.flow & fw_mask_) : cflow;
  const auto qhit = [&](uint32_t f) {
    return (c.c1_push && c1_flow_ == f) || (c.gq && g3_flow_ == f) || (c.dpush && b_flow_ == f);
  };
  const bool fwhq = qhit(c0_flow_next);
  const bool c1_q = qhit(cflow) ? c.q_wdata : fwhq_ ? fw_q_ : (qc_rd_ != 0);
  auto fw_t = fw_t_;
  if (!clearing_) fw_t = c.t_wdata;

  // ---- C1, the FIFO, pending TXOPPs
  const bool c0_k5 = c.acc && c.cmd_ok && kind == 5;
  auto c1_arm = c1_arm_;
  auto c1_flow = c1_flow_, c1_at = c1_at_;
  auto c1_due = c1_due_;
  auto c1_atc = c1_atc_;
  if (c0_k5) {
    c1_atc = e.at_ns + catchup_ + 1;
    c1_due = c.arm && after(now, e.at_ns);
    c1_arm = c.arm;
    c1_flow = cflow;
    c1_at = e.at_ns;
  }
  const uint32_t wp = (wp_ + (f_we ? 1 : 0)) & fw_mask_;
  const uint32_t rp = (rp_ + (c.pop ? 1 : 0)) & fw_mask_;
  const uint32_t count = count_ + (f_we ? 1 : 0) - (c.pop ? 1 : 0);
  const uint32_t txp = txp_ + (c.txop_go ? 1 : 0) - (c.gstart ? 1 : 0);
  const bool txp_full_next = txp_ >= 0xfffd;  // from the register (RTL: txp_full_reg)

  // ---- grant pipeline
  const bool c1h_f = c1_valid_ && c1_flow_ == g1_flow_;
  const bool c1h_g2 = c1_valid_ && c1_flow_ == g2_flow_;
  const bool c1h_g3 = c1_valid_ && c1_flow_ == g3_flow_;
  const bool g0_v = c.gstart || (g0_v_ && !c.g0_adv);
  const bool g0_has = c.gstart ? (count_ != 0 && !in.evt.pause) : g0_has_;
  const bool g1_v = c.g0_adv || (g1_v_ && !c.g1_adv);
  const bool g1_has = c.g0_adv ? g0_has_ : g1_has_;
  const uint32_t g1_flow = c.g0_adv ? f_rd_ : g1_flow_;
  const bool g2_v = c.g1_adv || (g2_v_ && !c.g2_adv);
  const bool g2_has = c.g1_adv ? g1_has_ : g2_has_;
  const uint32_t g2_flow = c.g1_adv ? g1_flow_ : g2_flow_;
  const bool g2_ov_v = c.g1_adv ? c1h_f : (g2_ov_v_ || c1h_g2);
  const uint64_t g2_ov = (c.g1_adv ? c1h_f : c1h_g2) ? c.c1_w : g2_ov_;
  const uint32_t g2_ov_atc = (c.g1_adv ? c1h_f : c1h_g2) ? c1_atc_ : g2_ov_atc_;
  const bool g3_v = c.g2_adv || (g3_v_ && !c.gcommit);
  const bool g3_has = c.g2_adv ? g2_has_ : g3_has_;
  const uint32_t g3_flow = c.g2_adv ? g2_flow_ : g3_flow_;
  const uint64_t g3_w = c.g2_adv ? (c1h_g2 ? c.c1_w : g2_ov_v_ ? g2_ov_ : dg_rd_) : c1h_g3 ? c.c1_w : g3_w_;
  // at + CATCHUP_NS + 1, made with the CATCHUP_NS of the cycle the word is read or written
  const bool g3_from_ram = c.g2_adv && !c1h_g2 && !g2_ov_v_;
  const uint32_t g3_atc = g3_from_ram ? lo32(dg_rd_) + catchup_ + 1
                          : !c.g2_adv ? (c1h_g3 ? c1_atc_ : g3_atc_) : c1h_g2 ? c1_atc_ : g2_ov_atc_;

  // ---- DRAIN slot
  const bool d_on = c.c0_d ? c.arm : (d_on_ && !c.dfire);
  const uint32_t d_flow = c.c0_d ? e.flow : d_flow_;
  const uint32_t d_at = c.c0_d ? e.at_ns : d_at_;
  const bool d_due = c.c0_d ? (c.arm && after(now, e.at_ns)) : (d_on_ && !c.dfire && after(now, d_at_));

  // ---- the result: B's fire, else the grant, else the DRAIN
  bool out_valid = c.en ? (c.tfire || c.gcommit || c.dfire) : out_valid_;
  NicSchedResult out = out_;
  if (c.tfire) {
    const unsigned k = c.tk;
    out = NicSchedResult{static_cast<uint8_t>(k), b_flow_, b_gen_[k], b_dl_[k], now, now - b_dl_[k]};
  } else if (c.gcommit) {
    const uint32_t at = lo32(g3_w_);
    out.kind = !g3_has_ ? kSchedNoGrant : c.g3_ok ? kSchedDep : kSchedStale;
    out.flow = g3_has_ ? g3_flow_ : 0;
    out.gen = 0;
    out.at_ns = c.g3_ok ? at : 0;
    out.late_ns = c.g3_ok ? now - at : 0;
    out.tx_ns = (c.g3_ok && c.g3_inc) ? at : now;
  } else if (c.dfire) {
    out = NicSchedResult{kSchedDrain, d_flow_, 0, d_at_, now, now - d_at_};
  }
  const uint32_t la = c.tfire ? now - b_dl_[c.tk] : c.dfire ? now - d_at_ : 0;
  const uint32_t lb = c.dpush ? now - b_at_ : 0;
  const uint32_t lm = std::max(la_, lb_);
  const uint32_t late_max = std::max(lm_, late_max_);
  const uint32_t hwm = std::max(count_, hwm_);
  const uint32_t fired = fired_ + (fired_inc_ ? 1 : 0);  // last cycle's results
  const uint32_t grants = grants_ + (grants_inc_ ? 1 : 0);
  uint32_t dropped = dropped_;
  if (c.acc && c.cmd_set && !c0_ok_ && dropped_ != 0xffffffffu) dropped = dropped_ + 1;

  // ---- next_due
  auto am_v = am_v_, al_v = al_v_;
  auto am = am_, al = al_;
  // the ARM that left C0 last cycle is merged into the arms since the round start
  // and a departure a STALE answer leaves armed (re-timed later while it waited in the due
  // FIFO: the lanes of the rounds that saw it queued left it out): the earlier of both
  // (the STALE's departure registered a cycle first: timing)
  const Opt mi = tmin(c.acc && c.cmd_ok && c.arm && kind != 4, e.at_ns, st_v_, st_);
  const bool st_v = c.gq && !c.g3_ok && (g3_w_ & kOn33) != 0;
  const uint32_t st = lo32(g3_w_);
  const bool ai_v = mi.v;
  const uint32_t ai = mi.t;
  if (ai_v_) {
    const Opt m = tmin(am_v_, am_, true, ai_);
    am_v = m.v;
    am = m.t;
  }
  if (c.load && s1_flow_ == n_ - 1) {
    al_v = am_v;
    al = am;
    am_v = false;
  }
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

  // ---- CSR bus
  // a CATCHUP_NS write is registered (with its clamp) and lands a cycle later: the sums
  // above use catchup_ still in the cycle after the write; a read then returns the new value
  const uint32_t catchup = cwq_v_ ? cwq_val_ : catchup_;
  auto csr_rdata = csr_rdata_;
  if (in.csr_re) {
    switch (in.csr_addr) {
      case kSchedCsrId: csr_rdata = kNicSchedId; break;
      case kSchedCsrVersion: csr_rdata = kNicSchedVersion; break;
      case kSchedCsrCatchup: csr_rdata = catchup; break;  // a write in the same cycle shows next cycle
      case kSchedCsrFired: csr_rdata = fired_; break;
      case kSchedCsrGrants: csr_rdata = grants_; break;
      case kSchedCsrLateMax: csr_rdata = late_max_; break;
      case kSchedCsrFifoHwm: csr_rdata = hwm_; break;
      case kSchedCsrDropped: csr_rdata = dropped_; break;
      default: csr_rdata = 0;
    }
  }

  // ---- RAMs: read first, then write (dcqcn_ram_sdp)
  for (int k = 0; k < 4; ++k) t_rd_[k] = tmem_[k][scan_raddr];
  d_rd_ = dmem_[scan_raddr];
  q_rd_ = qmem_[scan_raddr];
  qc_rd_ = qmem_[c0_flow_next];
  if (c.g1_adv) dg_rd_ = dmem_[g1_flow_];
  if (c.gstart) f_rd_ = fmem_[rp_];
  for (int k = 0; k < 4; ++k)
    if (t_we[k]) tmem_[k][t_waddr[k]] = c.t_wdata[k];
  if (d_we) dmem_[d_waddr] = c.d_wdata;
  if (q_we) qmem_[q_waddr] = c.q_wdata;
  if (f_we) fmem_[wp_] = f_wdata;

  // ---- registers
  if (clearing_) {
    clr_addr_ = (clr_addr_ + 1) & fw_mask_;
    if (clr_addr_ == 0) clearing_ = false;
  }
  ra_ = ra;
  s1_flow_ = s1_flow;
  s1_t_ = s1_t;
  s1_d_ = s1_d;
  s1_q_ = s1_q;
  s1_due_ = s1_due;
  b_flow_ = b_flow;
  b_rem_ = b_rem;
  b_gen_ = b_gen;
  b_dl_ = b_dl;
  b_at_ = b_at;
  d_on_ = d_on;
  d_flow_ = d_flow;
  d_at_ = d_at;
  d_due_ = d_due;
  if (c.acc || st_v_) settle_ = kNdLat;  // st_v_: the STALE departure of the cycle before
  else if (settle_ != 0) --settle_;
  if (in.evt_valid && c.ready) {
    c0_valid_ = true;
    c0_ = in.evt;
    c0_ok_ = in.evt.flow < n_ && in.evt.kind <= 5;
  } else if (c.acc) {
    c0_valid_ = false;
  }
  c1_valid_ = c0_k5;
  c1_arm_ = c1_arm;
  c1_flow_ = c1_flow;
  c1_at_ = c1_at;
  c1_due_ = c1_due;
  c1_atc_ = c1_atc;
  g2_ov_atc_ = g2_ov_atc;
  wp_ = wp;
  rp_ = rp;
  count_ = count;
  txp_ = txp;
  g0_v_ = g0_v;
  g0_has_ = g0_has;
  g1_v_ = g1_v;
  g1_has_ = g1_has;
  g1_flow_ = g1_flow;
  g2_v_ = g2_v;
  g2_has_ = g2_has;
  g2_flow_ = g2_flow;
  g2_ov_v_ = g2_ov_v;
  g2_ov_ = g2_ov;
  g3_v_ = g3_v;
  g3_has_ = g3_has;
  g3_flow_ = g3_flow;
  g3_w_ = g3_w;
  g3_atc_ = g3_atc;
  la_ = la;
  lb_ = lb;
  lm_ = lm;
  lr_v_ = lr_v;
  lr_ = lr;
  ll_v_ = ll_v;
  ll_ = ll;
  am_v_ = am_v;
  ai_v_ = ai_v;
  st_v_ = st_v && !in.rst;
  st_ = st;
  ai_ = ai;
  am_ = am;
  al_v_ = al_v;
  al_ = al;
  t1_v_ = t1_v;
  t1_ = t1;
  t2_v_ = t2_v;
  t2_ = t2;
  nd_v_ = nd.v;
  nd_ = nd.t;
  fwh_ = fwh;
  fwhq_ = fwhq;
  if (c0_k5) c1_q_ = c1_q;
  fw_t_ = fw_t;
  fw_d_ = c.d_wdata;
  fw_q_ = c.q_wdata;
  out_valid_ = out_valid;
  out_ = out;
  catchup_ = catchup;
  cwq_v_ = in.csr_we && in.csr_addr == kSchedCsrCatchup && !in.rst;
  cwq_val_ = std::min(in.csr_wdata, kNicSchedCatchupMax);
  fired_ = fired;
  grants_ = grants;
  fired_inc_ = c.tfire || c.dfire;
  grants_inc_ = c.gd_we;
  txp_full_ = txp_full_next;
  late_max_ = late_max;
  hwm_ = hwm;
  dropped_ = dropped;
  csr_rdata_ = csr_rdata;
  if (in.rst) {
    clearing_ = true;
    clr_addr_ = 0;
    ra_ = 0;
    s1_flow_ = n_ - 1;
    s1_t_ = {};
    s1_d_ = 0;
    s1_q_ = false;
    s1_due_ = 0;
    b_flow_ = n_ - 2;
    b_rem_ = 0;
    fwh_ = 0;
    fwhq_ = false;
    d_on_ = false;
    d_due_ = false;
    c0_valid_ = false;
    settle_ = 0;
    c1_valid_ = false;
    wp_ = rp_ = count_ = txp_ = 0;
    g0_v_ = g1_v_ = g2_v_ = g3_v_ = false;
    la_ = lb_ = lm_ = 0;
    lr_v_ = {};
    ll_v_ = {};
    am_v_ = al_v_ = ai_v_ = false;
    t1_v_ = {};
    t2_v_ = {};
    nd_v_ = false;
    out_valid_ = false;
    catchup_ = kNicSchedCatchupRst;
    fired_ = grants_ = late_max_ = hwm_ = dropped_ = csr_rdata_ = 0;
    fired_inc_ = grants_inc_ = txp_full_ = false;
  }
}

}  // namespace dcqcn
