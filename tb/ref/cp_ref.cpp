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
  const auto op = static_cast<CpOp>(ev.op & 3u);
  const uint32_t q = ev.qlen_bytes, now = ev.now_ns;
  CpEntry& slot = tab_[ev.queue & (n_ - 1)];

  CpResult r;
  r.op = ev.op & 3u;
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

  if (op == CpOp::PFC) {
    e.paused = ev.paused;
    if (!ev.paused) {
      e.ever_paused = true;
      e.off_end_ns = now;
    }
  }
  // ON-OFF pattern: paused now, or T_on = now - end of the last OFF below max(T_on).
  // Durations are modular 32-bit differences compared unsigned.
  const uint32_t t_on = now - e.off_end_ns;
  const bool onoff = e.paused || (e.ever_paused && t_on < regs_[CP_MAX_TON_NS]);
  t.onoff = onoff;

  bool red_mark = false;
  if (op == CpOp::PKT) {
    // Queue trend, evaluated lazily: at most one sample per SAMPLE_NS, only outside ON-OFF.
    if (!onoff && now - e.sample_ns >= regs_[CP_SAMPLE_NS]) {
      t.trend_eval = true;
      if (q > e.sample_q && q > regs_[CP_HIGH_BYTES]) e.trend = true;
      else if (q <= regs_[CP_LOW_BYTES]) e.trend = false;
      e.sample_q = q;
      e.sample_ns = now;
    }
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
    const bool cong = regs_[CP_TCD_CE_RULE] ? red_mark : e.trend;
    r.tcd_state = static_cast<uint8_t>(onoff ? TcdState::UNDET
                                              : cong ? TcdState::CONG : TcdState::NONCONG);
    const bool ect = r.ecn == 1 || r.ecn == 2;
    if (regs_[CP_MODE] == 0) {
      if (ect && red_mark) r.ecn = kEcnCe;
    } else if (ect) {
      if (onoff) r.ecn = kEcnUe;        // UE, never over CE (11 is not ECT here)
      else if (cong) r.ecn = kEcnCe;    // CE overrides UE
    }
    r.marked = r.ecn != (ev.ecn & 3u);
  } else {  // PFC
    r.tcd_state = static_cast<uint8_t>(onoff ? TcdState::UNDET
                                              : e.trend ? TcdState::CONG : TcdState::NONCONG);
  }
  slot = e;
  if (trace) *trace = t;
  return r;
}

CpModel::CpModel(uint32_t num_queues) : algo(num_queues), n_(num_queues) {}

CpModel::Out CpModel::outputs(const In& in) const {
  Out o;
  const bool en = !out_valid_ || in.out_ready;
  o.evt_ready = en && clearing_ == 0;
  o.out_valid = out_valid_;
  if (out_valid_) o.out = out_;
  o.csr_rdata = csr_rdata_;
  return o;
}

void CpModel::step(const In& in, CpTrace* trace, bool* computed, CpResult* result) {
  if (computed) *computed = false;
  if (in.rst) {
    s1_valid_ = false;
    out_valid_ = false;
    clearing_ = n_;
    csr_rdata_ = 0;
    algo.reset();
    return;
  }
  const bool en = !out_valid_ || in.out_ready;
  const bool accept = in.evt_valid && en && clearing_ == 0;
  if (in.csr_re) csr_rdata_ = algo.csr_read(in.csr_addr);
  if (en) {
    out_valid_ = s1_valid_;
    if (s1_valid_) {
      out_ = algo.process(s1_, trace);
      if (computed) *computed = true;
      if (result) *result = out_;
    }
    s1_valid_ = accept;
    if (accept) s1_ = in.evt;
  }
  if (clearing_ > 0) --clearing_;
  // A write is seen by the logic from the next edge; a LFSR_SEED write wins over a step.
  if (in.csr_we) algo.csr_write(in.csr_addr, in.csr_wdata);
}

}  // namespace dcqcn
