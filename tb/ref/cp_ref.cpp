// SPDX-License-Identifier: MIT
#include "cp_ref.h"

#include <algorithm>
#include <cassert>

namespace dcqcn {

CpRegs cp_reset_regs() {
  CpRegs g{};
  for (unsigned i = 0; i < CP_NUM_REGS; ++i) g[i] = kCpRegs[i].reset;
  return g;
}

CpAlgo::CpAlgo(uint32_t num_queues) : n_(num_queues), regs_(cp_reset_regs()), tab_(num_queues) {
  assert(n_ >= 2 && (n_ & (n_ - 1)) == 0);
  lfsr_ = regs_[CP_LFSR_SEED];
}

void CpAlgo::reset() {
  regs_ = cp_reset_regs();
  lfsr_ = regs_[CP_LFSR_SEED];
  clear();
}

void CpAlgo::load_regs(const CpRegs& r, bool reload_lfsr) {
  regs_ = r;
  if (reload_lfsr) lfsr_ = regs_[CP_LFSR_SEED];
}

void CpAlgo::clear() { std::fill(tab_.begin(), tab_.end(), CpEntry{}); }

void CpAlgo::csr_write(uint8_t addr, uint32_t v) {
  for (unsigned i = 0; i < CP_NUM_REGS; ++i) {
    if (kCpRegs[i].addr != addr) continue;
    regs_[i] = clamp_reg(kCpRegs[i], v);
    if (i == CP_LFSR_SEED) lfsr_ = regs_[i];
  }
}

uint32_t CpAlgo::csr_read(uint8_t addr) const {
  for (unsigned i = 0; i < CP_NUM_REGS; ++i)
    if (kCpRegs[i].addr == addr) return regs_[i];
  return 0;
}

CpResult CpAlgo::process(const CpEvent& ev, CpTrace* trace) {
  CpTrace t;
  const auto op = static_cast<CpOp>(static_cast<uint8_t>(ev.op) & 3u);
  const uint32_t q = ev.qlen_bytes, now = ev.now_ns;
  CpEntry& slot = tab_[ev.queue & (n_ - 1)];

  CpResult r;
  r.op = op;
  r.queue = ev.queue & (n_ - 1);
  r.ecn = ev.ecn & 3u;

  // RED region and decision. Kmax < Kmin acts as Kmax = Kmin (a step at Kmin).
  const uint32_t kmin = regs_[CP_KMIN_BYTES];
  const uint32_t kmax = std::max(regs_[CP_KMAX_BYTES], kmin);
  t.kmin_gt_kmax = regs_[CP_KMIN_BYTES] > regs_[CP_KMAX_BYTES];
  const RedRegion region = q <= kmin ? RedRegion::BELOW
                           : q > kmax ? RedRegion::ABOVE : RedRegion::BETWEEN;
  r.region = static_cast<uint8_t>(region);

  if (op == CpOp::NOP) {
    if (trace) *trace = t;
    return r;
  }
  if (op == CpOp::INIT) {
    t.fresh = !slot.valid;
    slot = CpEntry{};
    if (trace) *trace = t;
    return r;
  }

  // A fresh queue starts non-congested, never paused, sampled now.
  CpEntry e = slot;
  t.fresh = !e.valid;
  if (!e.valid) {
    e = CpEntry{};
    e.valid = true;
    e.sample_ns = now;
    e.sample_q = q;
  }
  t.prev_trend = e.trend;
  t.wrap = e.sample_ns > now || (e.ever_paused && e.off_end_ns > now);

  t.ost_prev = e.ost;
  if (op == CpOp::PFC) {
    e.paused = ev.paused;
    if (!ev.paused) {
      e.ever_paused = true;
      e.off_end_ns = now;
      e.q_res = q;  // rule 2: the queue at the end of the OFF period
    }
  }
  // ON-OFF pattern: paused now, or T_on = now - end of the last OFF below max(T_on).
  // Durations are modular 32-bit differences compared unsigned.
  const uint32_t t_on = now - e.off_end_ns;
  const bool onoff = e.paused || (e.ever_paused && t_on < regs_[CP_MAX_TON_NS]);
  t.onoff = onoff;
  const uint32_t rule = regs_[CP_TCD_CE_RULE];

  bool red_mark = false;
  if (op == CpOp::PKT) {
    // RED: mark iff r * (Kmax - Kmin) < Pmax * (q - Kmin), r = the LFSR's low 16 bits;
    // the LFSR advances (16 shifts) once per PKT in the middle region, whatever the
    // mode or ECN.
    if (region == RedRegion::ABOVE) {
      red_mark = true;
    } else if (region == RedRegion::BETWEEN) {
      t.r = static_cast<uint16_t>(lfsr_);
      t.lfsr_step = true;
      red_mark = uint64_t{t.r} * (kmax - kmin) < uint64_t{regs_[CP_PMAX_Q16]} * (q - kmin);
      lfsr_ = lfsr_advance(lfsr_);
    }
    t.red_mark = red_mark;

    bool cong = false;
    TcdState st = TcdState::NONCONG;
    if (rule == 2) {
      // The TCD authors' rule (DCQCN-TCD, qbb-net-device.cc, DequeueAndTransmit, the
      // RootECN branch): CE where RED marks, gated by the state; after an undetermined
      // period CE is withheld while the queue drains. sample_ns / sample_q hold the
      // authors' last_timeout / last_timeout_queue, MAX_TON_NS is also the check period.
      const auto ost = static_cast<TcdOst>(e.ost);
      auto take = [&] { e.sample_ns = now; e.sample_q = q; };
      bool gate = false;
      if (onoff) {
        e.ost = static_cast<uint8_t>(TcdOst::UNDET);
      } else if (ost == TcdOst::UNDET) {
        if (q >= e.q_res) {
          gate = true;
          e.ost = static_cast<uint8_t>(TcdOst::CONG);
          t.ost_branch = 1;
        } else {
          take();
          e.ost = static_cast<uint8_t>(TcdOst::CHECK);
          t.ost_branch = 2;
        }
      } else if (ost == TcdOst::CHECK) {
        if (now - e.sample_ns >= regs_[CP_MAX_TON_NS]) {
          if (uint64_t{q} >= uint64_t{e.sample_q} + regs_[CP_TCD_GROW_BYTES]) {
            gate = true;
            e.ost = static_cast<uint8_t>(TcdOst::CONG);
            t.ost_branch = 3;
          } else {
            take();
            t.ost_branch = 4;
          }
        } else {
          t.ost_branch = 5;
        }
        if (!gate && q <= regs_[CP_TCD_DRAIN_BYTES]) {
          e.ost = static_cast<uint8_t>(TcdOst::NONCONG);
          t.drained = true;
        }
      } else {  // NONCONG or CONG: RED decides
        gate = true;
        e.ost = static_cast<uint8_t>(red_mark ? TcdOst::CONG : TcdOst::NONCONG);
        t.ost_branch = 6;
      }
      cong = gate && red_mark;
      t.ce_suppressed = !onoff && red_mark && !gate;
      const auto o = static_cast<TcdOst>(e.ost);
      st = onoff ? TcdState::UNDET
           : o == TcdOst::CONG ? TcdState::CONG
           : o == TcdOst::CHECK ? TcdState::DRAIN : TcdState::NONCONG;
    } else {
      // Queue trend, evaluated lazily: at most one sample per SAMPLE_NS, only outside ON-OFF.
      if (!onoff && now - e.sample_ns >= regs_[CP_SAMPLE_NS]) {
        t.trend_eval = true;
        if (q > e.sample_q && q > regs_[CP_HIGH_BYTES]) e.trend = true;
        else if (q <= regs_[CP_LOW_BYTES]) e.trend = false;
        e.sample_q = q;
        e.sample_ns = now;
      }
      cong = rule == 1 ? red_mark : e.trend;
      st = onoff ? TcdState::UNDET : cong ? TcdState::CONG : TcdState::NONCONG;
    }
    r.tcd_state = static_cast<uint8_t>(st);
    const bool ect = r.ecn == 1 || r.ecn == 2;
    if (regs_[CP_MODE] == 0) {
      if (ect && red_mark) r.ecn = kEcnCe;
    } else if (ect) {
      if (onoff) r.ecn = kEcnUe;        // UE, never over CE (11 is not ECT here)
      else if (cong) r.ecn = kEcnCe;    // CE overrides UE
    }
    r.marked = r.ecn != (ev.ecn & 3u);
  } else {  // PFC
    TcdState st;
    if (onoff) st = TcdState::UNDET;
    else if (rule == 2)
      st = e.ost == static_cast<uint8_t>(TcdOst::CONG)    ? TcdState::CONG
           : e.ost == static_cast<uint8_t>(TcdOst::CHECK) ? TcdState::DRAIN
                                                          : TcdState::NONCONG;
    else st = e.trend ? TcdState::CONG : TcdState::NONCONG;
    r.tcd_state = static_cast<uint8_t>(st);
  }
  slot = e;
  if (trace) *trace = t;
  return r;
}

CpModel::CpModel(uint32_t num_queues)
    : algo_(num_queues), n_(num_queues), bus_(cp_reset_regs()) {}

CpModel::Out CpModel::outputs(const In& in) const {
  Out o;
  const bool en = !out_valid_ || in.out_ready;
  o.evt_ready = en && clearing_ == 0 && !pend_ && !wq_valid_;
  o.out_valid = out_valid_;
  if (out_valid_) o.out = out_;
  o.csr_rdata = csr_rdata_;
  return o;
}

void CpModel::step(const In& in, CpTrace* trace, bool* computed, CpResult* result) {
  if (computed) *computed = false;
  if (in.rst) {
    for (auto& s : st_) s.valid = false;
    out_valid_ = false;
    clearing_ = n_;
    csr_rdata_ = 0;
    bus_ = cp_reset_regs();
    pend_ = seed_pend_ = wq_valid_ = false;
    algo_.reset();
    return;
  }
  const bool en = !out_valid_ || in.out_ready;
  const bool accept = in.evt_valid && en && clearing_ == 0 && !pend_ && !wq_valid_;
  // the write registered at the last edge, clamped to its register (0: unknown address)
  int wq_reg = -1;
  uint32_t wq_val = 0;
  if (wq_valid_)
    for (unsigned i = 0; i < CP_NUM_REGS; ++i)
      if (kCpRegs[i].addr == wq_addr_) {
        wq_reg = static_cast<int>(i);
        wq_val = clamp_reg(kCpRegs[i], wq_data_);
      }
  if (in.csr_re) {
    uint32_t v = 0;
    for (unsigned i = 0; i < CP_NUM_REGS; ++i)
      if (kCpRegs[i].addr == in.csr_addr) v = bus_[i];
    if (wq_valid_ && wq_addr_ == in.csr_addr) v = wq_val;  // forwarded
    csr_rdata_ = v;
  }
  // Apply: S0..S3 empty at this edge (independent of en). It loads the bus registers as
  // they were before this edge; the write landing at this same edge stays pending.
  bool empty = true;
  for (int k = 0; k < kApplyStages; ++k) empty = empty && !st_[k].valid;
  const bool apply = pend_ && empty;
  if (apply) {
    algo_.load_regs(bus_, seed_pend_);
    seed_pend_ = false;
  }
  if (en) {
    out_valid_ = st_[kStages - 1].valid;
    if (out_valid_) out_ = st_[kStages - 1].r;
    for (int k = kStages - 1; k > 0; --k) st_[k] = st_[k - 1];
    st_[0].valid = accept;
    if (accept) {
      st_[0].r = algo_.process(in.evt, trace);
      if (computed) *computed = true;
      if (result) *result = st_[0].r;
    }
  }
  if (clearing_ > 0) --clearing_;
  pend_ = pend_ && !apply;
  if (wq_valid_) {
    if (wq_reg >= 0) {
      bus_[wq_reg] = wq_val;
      if (wq_reg == CP_LFSR_SEED) seed_pend_ = true;
    }
    pend_ = true;  // any write, known address or not, takes one apply
  }
  wq_valid_ = in.csr_we;
  wq_addr_ = in.csr_addr;
  wq_data_ = in.csr_wdata;
}

}  // namespace dcqcn
