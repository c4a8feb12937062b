// SPDX-License-Identifier: MIT
// The stimulus of the CP lock-step bench (tb/lockstep_cp.cpp, which includes it once,
// compiled with its DUT_SIZE): marking regimes in phases programmed through the CSR bus,
// random CSR accesses, PFC storms, queue-length walks, time steps and the directed
// episodes' register programs. The file comment of lockstep_cp.cpp describes them.
#pragma once
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "cp_ref.h"
#include "harness.h"

namespace dcqcn::tb::cp {

using tb::Rng;

constexpr uint32_t kQueues = DUT_SIZE;
static_assert((kQueues & (kQueues - 1)) == 0, "DUT_SIZE must be a power of two");

enum Phase { PH_RED, PH_DCTCP, PH_KMIN_GT_KMAX, PH_TCD_TREND, PH_TCD_RED, PH_TCD_AUTH, PH_COUNT };
const char* const kPhaseName[PH_COUNT] = {"red", "dctcp", "kmin>kmax", "tcd-trend", "tcd-red",
                                          "tcd-authors"};

struct CsrOp {
  bool we = false, re = false;
  uint8_t addr = 0;
  uint32_t wdata = 0;
  bool check = false;       // re: the read data must equal `expect` two cycles later
  uint32_t expect = 0;
  bool clamped = false;
};

// Stimulus: one event at a time, with the CSR programme of each phase.
class Stimulus {
 public:
  Stimulus(Rng& rng) : rng_(rng), qlen_(kQueues), target_(kQueues), paused_(kQueues),
                       storm_(kQueues) {
    // Start 0.5..3 ms before the 2^32 ns wrap so every run crosses it early.
    now_ = 0xFFFFFFFFu - static_cast<uint32_t>(500000 + rng_.below(2500000));
    for (uint32_t q = 0; q < kQueues; ++q) target_[q] = static_cast<uint32_t>(rng_.below(300000));
  }

  // A new phase: its CSR writes (each followed by a checked read-back) go to `csr`.
  void new_phase(std::deque<CsrOp>& csr) {
    phase_ = static_cast<Phase>(rng_.below(PH_COUNT));
    phase_left_ = 2000 + rng_.below(8000);  // accepted events
    const unsigned hot = 1 + static_cast<unsigned>(rng_.below(8));
    hot_.clear();
    for (unsigned i = 0; i < hot; ++i) hot_.push_back(static_cast<uint32_t>(rng_.below(kQueues)));
    std::vector<std::pair<CpReg, uint32_t>> w;
    auto red_params = [&] {
      kmin_ = static_cast<uint32_t>(rng_.below(60000));
      const uint64_t k = rng_.below(3);
      kmax_ = kmin_ + (k == 0   ? 1 + static_cast<uint32_t>(rng_.below(300000))
                       : k == 1 ? 1 + static_cast<uint32_t>(rng_.below(3000))
                                : 1u << rng_.below(11));  // a power of two: exact ties
      const uint32_t pm[] = {655, 65536, 0, 30000, 32768, 16384,
                             static_cast<uint32_t>(rng_.below(65537)),
                             static_cast<uint32_t>(rng_.below(200000))};  // last may clamp
      w.push_back({CP_KMIN_BYTES, kmin_});
      w.push_back({CP_KMAX_BYTES, kmax_});
      w.push_back({CP_PMAX_Q16, pm[rng_.below(8)]});
    };
    switch (phase_) {
      case PH_RED:
        w.push_back({CP_MODE, 0});
        red_params();
        break;
      case PH_DCTCP:
        w.push_back({CP_MODE, 0});
        kmin_ = kmax_ = 1000 + static_cast<uint32_t>(rng_.below(100000));
        w.push_back({CP_KMIN_BYTES, kmin_});
        w.push_back({CP_KMAX_BYTES, kmax_});
        w.push_back({CP_PMAX_Q16, rng_.chance(80) ? 65536u : 0xFFFFFFFFu});  // clamps to 65536
        break;
      case PH_KMIN_GT_KMAX:
        w.push_back({CP_MODE, 0});
        kmin_ = 20000 + static_cast<uint32_t>(rng_.below(100000));
        kmax_ = kmin_ - 1 - static_cast<uint32_t>(rng_.below(kmin_));
        w.push_back({CP_KMIN_BYTES, kmin_});
        w.push_back({CP_KMAX_BYTES, kmax_});
        w.push_back({CP_PMAX_Q16, static_cast<uint32_t>(rng_.below(65537))});
        break;
      case PH_TCD_TREND:
      case PH_TCD_RED:
      case PH_TCD_AUTH: {
        w.push_back({CP_MODE, rng_.chance(80) ? 1u : 7u});  // 7 clamps to 1
        w.push_back({CP_TCD_CE_RULE, phase_ == PH_TCD_RED    ? 1u
                                     : phase_ == PH_TCD_TREND ? 0u
                                     : rng_.chance(80)        ? 2u : 3u});  // 3 clamps to 2
        if (phase_ != PH_TCD_TREND) red_params();
        const uint32_t ton[] = {97000, 500, 2000, 10000, 20000, 0, 300, 5000};
        w.push_back({CP_MAX_TON_NS, ton[rng_.below(phase_ == PH_TCD_AUTH ? 8 : 6)]});
        if (phase_ == PH_TCD_AUTH) {
          const uint32_t g[] = {900, 0, 1, 5000, static_cast<uint32_t>(rng_.below(20000))};
          w.push_back({CP_TCD_GROW_BYTES, g[rng_.below(5)]});
          w.push_back({CP_TCD_DRAIN_BYTES, static_cast<uint32_t>(rng_.below(30000))});
        }
        w.push_back({CP_SAMPLE_NS, static_cast<uint32_t>(rng_.below(5000))});  // 0 clamps to 1
        high_ = 5000 + static_cast<uint32_t>(rng_.below(60000));
        low_ = rng_.chance(85) ? static_cast<uint32_t>(rng_.below(high_))
                               : high_ + static_cast<uint32_t>(rng_.below(20000));  // LOW > HIGH
        w.push_back({CP_HIGH_BYTES, high_});
        w.push_back({CP_LOW_BYTES, low_});
        break;
      }
      default: break;
    }
    if (rng_.chance(30)) w.push_back({CP_LFSR_SEED, seed_value()});
    // Shuffle the writes: the order in which a regime is entered varies.
    for (size_t i = w.size(); i > 1; --i) std::swap(w[i - 1], w[rng_.below(i)]);
    for (auto& [reg, v] : w) push_write(csr, kCpRegs[reg].addr, v);
  }

  // A random single CSR access during traffic: any register (also unknown addresses),
  // legal and illegal values.
  void random_csr(std::deque<CsrOp>& csr) {
    if (rng_.chance(15)) {  // unknown address: writes ignored, reads 0
      const uint8_t a = static_cast<uint8_t>(4 * CP_NUM_REGS + rng_.below(256 - 4 * CP_NUM_REGS));
      push_write(csr, a, static_cast<uint32_t>(rng_.next()));
      return;
    }
    const auto reg = static_cast<CpReg>(rng_.below(CP_NUM_REGS));
    if (phase_ != PH_RED && phase_ != PH_TCD_RED && phase_ != PH_TCD_AUTH && reg != CP_LFSR_SEED &&
        !rng_.chance(20))
      return;
    uint32_t v;
    if (reg == CP_LFSR_SEED) {
      push_write(csr, kCpRegs[reg].addr, seed_value());
      return;
    }
    switch (rng_.below(4)) {
      case 0: v = static_cast<uint32_t>(rng_.next()); break;
      case 1: v = 0; break;
      case 2: v = kCpRegs[reg].max + static_cast<uint32_t>(rng_.below(3)); break;
      default: v = kCpRegs[reg].reset + static_cast<uint32_t>(rng_.below(1000)); break;
    }
    if (reg == CP_MODE && (phase_ == PH_RED || phase_ == PH_TCD_RED || phase_ == PH_TCD_AUTH))
      v = rng_.below(2) ? 1 : 0;
    push_write(csr, kCpRegs[reg].addr, v);
  }

  // 0 (clamps to 1), random, or a seed whose low 16 bits (the next r) make exact ties
  // r * (Kmax - Kmin) == Pmax * (q - Kmin) likely with power-of-two spans and Pmax.
  uint32_t seed_value() {
    const uint32_t lo[] = {0, 0x8000, 0x4000, 0xC000, 0x2000, 1, 0xFFFF};
    switch (rng_.below(3)) {
      case 0: return 0;
      case 1: return static_cast<uint32_t>(rng_.next());
      default: return (static_cast<uint32_t>(rng_.next()) & 0xFFFF0000u) | lo[rng_.below(7)];
    }
  }

  void push_write(std::deque<CsrOp>& csr, uint8_t addr, uint32_t v) {
    CsrOp w;
    w.we = true;
    w.addr = addr;
    w.wdata = v;
    csr.push_back(w);
    CsrOp r;
    r.re = true;
    r.addr = addr;
    r.check = true;
    r.expect = 0;
    for (const auto& d : kCpRegs)
      if (d.addr == addr) { r.expect = clamp_reg(d, v); r.clamped = r.expect != v; }
    csr.push_back(r);
  }

  // Directed episode: program one regime (MODE 0) through `csr`. kind 0: DCTCP step
  // (Kmin = Kmax, Pmax = 1); kind 1: RED with Kmin < Kmax and a Pmax that admits an exact
  // tie with a 16-bit r (Pmax / gcd(span, Pmax) < 65536). Random writes are the caller's
  // to hold off.
  void start_episode(int kind, std::deque<CsrOp>& csr) {
    std::vector<std::pair<CpReg, uint32_t>> w;
    w.push_back({CP_MODE, 0});
    if (kind == 0) {
      phase_ = PH_DCTCP;
      kmin_ = kmax_ = 1000 + static_cast<uint32_t>(rng_.below(100000));
      w.push_back({CP_PMAX_Q16, rng_.chance(70) ? 65536u : 65536u + 1 + static_cast<uint32_t>(
                                                                 rng_.below(1000))});  // clamps
    } else {
      phase_ = PH_RED;
      kmin_ = static_cast<uint32_t>(rng_.below(60000));
      uint32_t span = rng_.chance(50) ? 1u << rng_.below(17)
                                      : 1 + static_cast<uint32_t>(rng_.below(300000));
      const uint32_t pm[] = {655, 65536, 30000, 32768, 16384,
                             1 + static_cast<uint32_t>(rng_.below(65536))};
      const uint32_t pmax = pm[rng_.below(6)];
      if (pmax == 65536 && (span & 1)) ++span;  // r = 65536 / gcd would not fit 16 bits
      kmax_ = kmin_ + span;
      w.push_back({CP_PMAX_Q16, pmax});
    }
    w.push_back({CP_KMIN_BYTES, kmin_});
    w.push_back({CP_KMAX_BYTES, kmax_});
    for (size_t i = w.size(); i > 1; --i) std::swap(w[i - 1], w[rng_.below(i)]);
    for (auto& [reg, v] : w) push_write(csr, kCpRegs[reg].addr, v);
    hot_.assign(1, static_cast<uint32_t>(rng_.below(kQueues)));
    for (unsigned i = static_cast<unsigned>(rng_.below(4)); i > 0; --i)
      hot_.push_back(static_cast<uint32_t>(rng_.below(kQueues)));
  }
  // The next n events are directed DCTCP-step packets (ECT, queue length K - 1..K + 1).
  void directed_dctcp(unsigned n) { directed_ = n; }
  unsigned directed_left() const { return directed_; }

  bool phase_done() { return phase_left_ == 0 || --phase_left_ == 0; }
  Phase phase() const { return phase_; }

  CpEvent next() {
    CpEvent e;
    // time
    const uint64_t t = rng_.below(10000);
    if (t < 7000) now_ += static_cast<uint32_t>(rng_.below(50));
    else if (t < 9500) now_ += 50 + static_cast<uint32_t>(rng_.below(2000));
    else if (t < 9980) now_ += 2000 + static_cast<uint32_t>(rng_.below(60000));
    else if (t < 9998) now_ += 1000000 + static_cast<uint32_t>(rng_.below(100000000));
    else now_ += static_cast<uint32_t>(rng_.below(0x80000000u));
    e.now_ns = now_;
    // queue: hot set, same as the last one (back-to-back), or any queue
    const uint64_t qs = rng_.below(100);
    uint32_t q;
    if (qs < 15) q = last_q_;
    else if (qs < 85) q = hot_[rng_.below(hot_.size())];
    else q = static_cast<uint32_t>(rng_.below(kQueues));
    last_q_ = q;
    e.queue = q;
    // op
    const bool tcd = phase_ == PH_TCD_TREND || phase_ == PH_TCD_RED || phase_ == PH_TCD_AUTH;
    if (rng_.chance(tcd ? 3 : 1)) storm_[q] = !storm_[q];
    const uint64_t o = rng_.below(1000);
    if (o < 6) {
      e.op = CpOp::INIT;
      paused_[q] = false;
      storm_[q] = false;
    } else if (o < 20) {
      e.op = CpOp::NOP;
    } else if ((storm_[q] && o < 350) || (paused_[q] && o < 120) || o < 30) {
      e.op = CpOp::PFC;
      if (storm_[q]) paused_[q] = rng_.chance(90) ? !paused_[q] : paused_[q];  // toggle or repeat
      else if (paused_[q]) paused_[q] = false;  // storm over: resume
      else paused_[q] = rng_.chance(30);        // an isolated XOFF, or a repeated XON
      e.paused = paused_[q];
    } else {
      e.op = CpOp::PKT;
    }
    // queue length: a walk between a low and a high target, or a threshold value
    if (rng_.chance(2)) target_[q] = rng_.chance(50) ? static_cast<uint32_t>(rng_.below(low_ + 1))
                                                     : high_ + static_cast<uint32_t>(rng_.below(100000));
    uint32_t& ql = qlen_[q];
    const uint32_t stepb = static_cast<uint32_t>(rng_.below(4000));
    if (target_[q] > ql) ql = target_[q] - ql < stepb ? target_[q] : ql + stepb;
    else ql = ql - target_[q] < stepb ? target_[q] : ql - stepb;
    if (rng_.chance(10)) ql = ql > 1500 ? ql - static_cast<uint32_t>(rng_.below(1500)) : 0;  // noise
    e.qlen_bytes = ql;
    if (rng_.chance(tcd ? 15 : 55)) {
      const uint32_t kmx = kmax_ < kmin_ ? kmin_ : kmax_;
      const uint32_t th[] = {kmin_, kmax_, kmx, high_, low_};
      switch (rng_.below(6)) {
        case 0: e.qlen_bytes = 0; break;
        case 1: e.qlen_bytes = rng_.chance(50) ? 0xFFFFFFFFu : static_cast<uint32_t>(rng_.next()); break;
        case 2: e.qlen_bytes = kmin_ + static_cast<uint32_t>(rng_.below(kmx - kmin_ + 1)); break;
        default: e.qlen_bytes = th[rng_.below(5)] + static_cast<uint32_t>(rng_.below(3)) - 1u; break;
      }
    }
    // ECN field
    const uint64_t c = rng_.below(100);
    e.ecn = c < 15 ? 0 : c < 55 ? 1 : c < 85 ? 2 : 3;
    e.paused = e.op == CpOp::PFC ? e.paused : rng_.chance(50);
    if (directed_ > 0) {  // DCTCP-step episode: an ECT packet on the step
      --directed_;
      e.op = CpOp::PKT;
      e.qlen_bytes = kmin_ - 1 + static_cast<uint32_t>(rng_.below(3));
      e.ecn = rng_.chance(50) ? kEcnEct1 : kEcnUe;  // 01 or 10: both ECT
    }
    return e;
  }

  void on_reset() {
    std::fill(paused_.begin(), paused_.end(), false);
    std::fill(storm_.begin(), storm_.end(), false);
  }

 private:
  Rng& rng_;
  uint32_t now_;
  Phase phase_ = PH_RED;
  uint64_t phase_left_ = 0;
  unsigned directed_ = 0;
  std::vector<uint32_t> hot_{0};
  uint32_t last_q_ = 0;
  std::vector<uint32_t> qlen_, target_;
  std::vector<bool> paused_, storm_;
  uint32_t kmin_ = 5000, kmax_ = 200000, high_ = 20000, low_ = 5000;
};

}  // namespace dcqcn::tb::cp
