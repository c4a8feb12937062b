// SPDX-License-Identifier: MIT
// The RTL engines (engine_rtl.cpp) against the reference engines (engine_ref.cpp): the
// same seeded random stream of events and register writes to both, every result
// compared, the first difference reported in full.
//
// Seed: DCQCN_TEST_SEED (default fixed, printed). Events per block: DCQCN_EQUIV_EVENTS
// (default 200000). The throughput tests replay DCQCN_BENCH_EVENTS (default 1000000)
// events per block on the RTL engine alone and print events/s and cycles/event.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine.h"
#include "harness.h"
#include "pins.h"
#include "profiles.h"
#include "regmap.h"

namespace dcqcn::net {
namespace {

uint64_t env_u64(const char* name, uint64_t dflt) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 0) : dflt;
}

uint64_t test_seed() { return env_u64("DCQCN_TEST_SEED", 20240611); }

using tb::Rng;  // the benches' generator (tb/common/harness.h)

// ---- formatting (only on a failure) -----------------------------------------------------

std::string fmt(const RpEvent& e) { return "RpEvent{" + pins::describe<pins::Rp>(e) + "}"; }
std::string fmt(const RpResult& r) { return "RpResult{" + pins::describe<pins::Rp>(r) + "}"; }
std::string fmt(const NpEvent& e) { return "NpEvent{" + pins::describe<pins::Np>(e) + "}"; }
std::string fmt(const NpResult& r) { return "NpResult{" + pins::describe<pins::Np>(r) + "}"; }
std::string fmt(const CpEvent& e) { return "CpEvent{" + pins::describe<pins::Cp>(e) + "}"; }
std::string fmt(const CpResult& r) { return "CpResult{" + pins::describe<pins::Cp>(r) + "}"; }

// ---- the stream: events, register writes and reads --------------------------------------

template <class Event>
struct Op {
  enum Kind : uint8_t { EVT, CSR_W, CSR_R } kind = EVT;
  Event ev{};
  uint8_t addr = 0;
  uint32_t val = 0;
};

// A random register write over a block's table: in range (log-uniform, so small and large
// values both occur), at the bounds, or outside them (clamped by both engines).
template <size_t N>
void random_reg_write(Rng& rng, const std::array<RegDef, N>& tab, uint8_t& addr, uint32_t& val) {
  const RegDef& d = tab[rng.below(N)];
  addr = d.addr;
  const unsigned k = static_cast<unsigned>(rng.below(100));
  if (k < 8) {
    val = static_cast<uint32_t>(rng.next());
  } else if (k < 20) {
    val = rng.chance(50) ? d.min : d.max;
  } else {
    const uint64_t span = static_cast<uint64_t>(d.max) - d.min + 1;
    const unsigned bits = static_cast<unsigned>(rng.below(33));
    val = static_cast<uint32_t>(d.min + (rng.next() & ((1ull << bits) - 1)) % span);
  }
}

// Timers announced by a block, replayed once their deadline has passed. Keyed by
// (flow, kind); the latest announcement replaces the previous one, CLR removes it.
class TimerTable {
 public:
  struct Tmr { uint32_t flow; uint8_t kind; uint8_t gen; };
  void set(uint64_t t0_64, uint32_t t0_32, uint32_t flow, uint8_t kind, uint8_t gen,
           uint32_t deadline) {
    clear(flow, kind);
    const int32_t delta = static_cast<int32_t>(deadline - t0_32);
    const uint64_t due = t0_64 + static_cast<uint64_t>(delta > 0 ? delta : 0);
    idx_[key(flow, kind)] = by_due_.insert({due, Tmr{flow, kind, gen}});
  }
  void clear(uint32_t flow, uint8_t kind) {
    auto it = idx_.find(key(flow, kind));
    if (it == idx_.end()) return;
    by_due_.erase(it->second);
    idx_.erase(it);
  }
  // The earliest timer due at or before now, removed; false if none.
  bool pop_due(uint64_t now, Tmr& out) {
    if (by_due_.empty() || by_due_.begin()->first > now) return false;
    out = by_due_.begin()->second;
    idx_.erase(key(out.flow, out.kind));
    by_due_.erase(by_due_.begin());
    return true;
  }

 private:
  static uint64_t key(uint32_t flow, uint8_t kind) { return (uint64_t{flow} << 8) | kind; }
  std::multimap<uint64_t, Tmr> by_due_;
  std::map<uint64_t, std::multimap<uint64_t, Tmr>::iterator> idx_;
};

// Shared by the generators: 64-bit time (32 bits on the pins), starting 3 ms before the
// 2^32 ns wrap; profile loads and random register accesses between events.
class GenBase {
 protected:
  GenBase(uint64_t seed, uint32_t n, Block blk)
      : rng_(seed), n_(n), blk_(blk), now64_((uint64_t{1} << 32) - 3000000) {
    for (auto& h : hot_) h = static_cast<uint32_t>(rng_.below(n_));
    hot_[0] = 0;
    hot_[1] = n_ - 1;
  }
  void advance_time() {
    const unsigned k = static_cast<unsigned>(rng_.below(1000));
    now64_ += k < 600 ? rng_.below(50) : k < 900 ? rng_.below(2000)
              : k < 990 ? rng_.below(50000) : rng_.below(1000000);
  }
  uint32_t pick_index() {
    if (rng_.chance(80)) return hot_[rng_.below(hot_.size())];
    return static_cast<uint32_t>(rng_.below(n_));
  }
  // Called once per event: starts profile loads, new hot sets. Fills `pending_` with
  // register operations to run before the next event.
  template <size_t N>
  void housekeeping(const std::array<RegDef, N>& tab) {
    ++events_;
    if (events_ >= next_profile_) {
      const auto& names = profile_names();
      for (const auto& w : profile_writes(names[rng_.below(names.size())],
                                          1 + static_cast<unsigned>(rng_.below(64))))
        if (w.block == blk_) pending_.push_back({w.addr, w.value, true});
      next_profile_ = events_ + 20000 + rng_.below(20000);
      profile_loaded_ = true;
    }
    if (rng_.permille(1)) {  // a random write somewhere (also clamped values)
      uint8_t a;
      uint32_t v;
      random_reg_write(rng_, tab, a, v);
      pending_.push_back({a, v, true});
    }
    if (rng_.permille(2)) pending_.push_back({static_cast<uint8_t>(rng_.below(0x60)), 0, false});
    if (rng_.permille(1)) {
      for (auto& h : hot_) h = static_cast<uint32_t>(rng_.below(n_));
    }
  }
  template <class Event>
  bool pop_pending(Op<Event>& op) {
    if (pending_pos_ >= pending_.size()) {
      pending_.clear();
      pending_pos_ = 0;
      return false;
    }
    const Pending& p = pending_[pending_pos_++];
    op.kind = p.write ? Op<Event>::CSR_W : Op<Event>::CSR_R;
    op.addr = p.addr;
    op.val = p.val;
    return true;
  }

  struct Pending { uint8_t addr; uint32_t val; bool write; };
  Rng rng_;
  uint32_t n_;
  Block blk_;
  uint64_t now64_;
  std::array<uint32_t, 8> hot_{};
  uint64_t events_ = 0, next_profile_ = 0;
  bool profile_loaded_ = false;
  std::vector<Pending> pending_;
  size_t pending_pos_ = 0;
  TimerTable timers_;
};

class RpGen : GenBase {
 public:
  using Event = RpEvent;
  using Result = RpResult;
  RpGen(uint64_t seed, uint32_t flows) : GenBase(seed, flows, Block::RP) {}

  Op<RpEvent> next() {
    Op<RpEvent> op;
    if (pop_pending(op)) return op;
    housekeeping(kRpRegs);
    if (profile_loaded_) {  // half the time, a small byte counter: hyper increase is reached
      profile_loaded_ = false;
      if (rng_.chance(50))
        pending_.push_back({reg_addr(Block::RP, "BYTE_COUNTER_BYTES"),
                            65536 + static_cast<uint32_t>(rng_.below(100000)), true});
    }
    if (pop_pending(op)) return op;
    if (phase_left_ == 0) {
      phase_ = static_cast<int>(rng_.below(3));  // 0 congested, 1 recovering, 2 mixed
      phase_left_ = 2000 + rng_.below(10000);
    }
    --phase_left_;
    advance_time();
    RpEvent& e = op.ev;
    e.now_ns = static_cast<uint32_t>(now64_);
    e.flow = pick_index();
    e.gen = static_cast<uint8_t>(rng_.below(256));
    TimerTable::Tmr t;
    if (rng_.chance(80) && timers_.pop_due(now64_, t)) {
      e.op = static_cast<RpOp>(t.kind);
      e.flow = t.flow;
      e.gen = rng_.chance(3) ? static_cast<uint8_t>(t.gen + 1 + rng_.below(255)) : t.gen;
      return op;
    }
    const unsigned cnp_pm = phase_ == 0 ? 100 : phase_ == 1 ? 0 : 10;
    const unsigned p = static_cast<unsigned>(rng_.below(1000));
    if (p < cnp_pm) {
      e.op = RpOp::CNP;
      e.cnp_ue = rng_.chance(15);
      e.tau_ns = static_cast<uint32_t>(rng_.chance(50) ? rng_.below(100000) : rng_.below(4000));
    } else if (p < cnp_pm + 10) {
      e.op = static_cast<RpOp>(2 + rng_.below(2));  // timer with a random tag
    } else if (p < cnp_pm + 30) {
      e.op = static_cast<RpOp>(rng_.chance(80) ? 4 : 6 + rng_.below(2));  // QUERY, or CUT_TIMER (6) / AGE (7)
    } else if (p < cnp_pm + 33) {
      e.op = RpOp::INIT;
      // half restart at line rate, half at a start rate (some outside [MIN, LINE])
      if (rng_.chance(50)) e.tau_ns = static_cast<uint32_t>(rng_.below(rng_.chance(10) ? 0xffffffffu : 50000000u));
    } else {
      e.op = RpOp::TX;
      const unsigned b = static_cast<unsigned>(rng_.below(100));
      e.bytes = static_cast<uint16_t>(b < 70 ? 64 + rng_.below(4033)
                                      : b < 98 ? rng_.below(9217) : rng_.below(65536));
    }
    return op;
  }

  void feedback(const RpEvent& e, const RpResult& r) {
    auto track = [&](uint8_t act, uint8_t kind, uint8_t gen, uint32_t dl) {
      if (act == static_cast<uint8_t>(TmrAct::SET))
        timers_.set(now64_, e.now_ns, r.flow, kind, gen, dl);
      else if (act == static_cast<uint8_t>(TmrAct::CLR))
        timers_.clear(r.flow, kind);
    };
    track(r.atmr, static_cast<uint8_t>(RpOp::ALPHA_TIMER), r.agen, r.adl_ns);
    track(r.itmr, static_cast<uint8_t>(RpOp::INC_TIMER), r.igen, r.idl_ns);
  }

 private:
  int phase_ = 0;
  uint64_t phase_left_ = 0;
};

class NpGen : GenBase {
 public:
  using Event = NpEvent;
  using Result = NpResult;
  NpGen(uint64_t seed, uint32_t flows) : GenBase(seed, flows, Block::NP) {}

  Op<NpEvent> next() {
    Op<NpEvent> op;
    if (pop_pending(op)) return op;
    housekeeping(kNpRegs);
    if (profile_loaded_) {  // also vary what the profiles leave at reset
      profile_loaded_ = false;
      pending_.push_back({reg_addr(Block::NP, "MODE"), static_cast<uint32_t>(rng_.below(2)), true});
      if (rng_.chance(50))
        pending_.push_back({reg_addr(Block::NP, "EPOCH_NS"),
                            static_cast<uint32_t>(1000 + rng_.below(200000)), true});
    }
    if (pop_pending(op)) return op;
    if (rng_.permille(1)) mark_pct_ = static_cast<unsigned>(rng_.below(101));
    advance_time();
    NpEvent& e = op.ev;
    e.now_ns = static_cast<uint32_t>(now64_);
    e.flow = pick_index();
    e.gen = static_cast<uint8_t>(rng_.below(256));
    e.ecn = static_cast<uint8_t>(rng_.below(4));
    if (drain_on_ && drain_at64_ <= now64_ && rng_.chance(90)) {
      drain_on_ = false;  // the head the NP announced may leave: DRAIN it (budget queue)
      e.op = NpOp::DRAIN;
      e.flow = drain_flow_;
      return op;
    }
    TimerTable::Tmr t;
    if (rng_.chance(80) && timers_.pop_due(now64_, t)) {
      e.op = NpOp::TIMER;
      e.flow = t.flow;
      e.gen = rng_.chance(3) ? static_cast<uint8_t>(t.gen + 1 + rng_.below(255)) : t.gen;
      return op;
    }
    const unsigned p = static_cast<unsigned>(rng_.below(1000));
    if (p < 10) {
      e.op = NpOp::TIMER;  // random tag (early or stale)
    } else if (p < 13) {
      e.op = NpOp::INIT;
    } else if (p < 20) {
      e.op = NpOp::NOP;
    } else {
      e.op = NpOp::RX;
      e.ecn = rng_.chance(mark_pct_) ? static_cast<uint8_t>(rng_.chance(70) ? 3 : 2)
                                     : static_cast<uint8_t>(rng_.below(3));
    }
    return op;
  }

  void feedback(const NpEvent& e, const NpResult& r) {
    if (r.tmr_set) timers_.set(now64_, e.now_ns, r.flow, static_cast<uint8_t>(NpOp::TIMER), r.tmr_gen, r.tmr_deadline_ns);
    drain_on_ = r.q_valid;
    if (r.q_valid) {
      drain_flow_ = r.q_flow;
      drain_at64_ = now64_ + static_cast<int32_t>(r.q_at_ns - e.now_ns);
    }
  }

 private:
  unsigned mark_pct_ = 30;
  bool drain_on_ = false;
  uint32_t drain_flow_ = 0;
  uint64_t drain_at64_ = 0;
};

class CpGen : GenBase {
 public:
  using Event = CpEvent;
  using Result = CpResult;
  CpGen(uint64_t seed, uint32_t queues)
      : GenBase(seed, queues, Block::CP), qlen_(queues, 0), paused_(queues, false) {}

  Op<CpEvent> next() {
    Op<CpEvent> op;
    if (pop_pending(op)) return op;
    housekeeping(kCpRegs);
    if (profile_loaded_) {  // the profiles only set RED: vary TCD too
      profile_loaded_ = false;
      pending_.push_back({reg_addr(Block::CP, "MODE"), static_cast<uint32_t>(rng_.below(2)), true});
      pending_.push_back({reg_addr(Block::CP, "TCD_CE_RULE"),
                          static_cast<uint32_t>(rng_.below(3)), true});  // trend, RED, authors
      if (rng_.chance(30))
        pending_.push_back({reg_addr(Block::CP, "LFSR_SEED"), static_cast<uint32_t>(rng_.next()),
                            true});
    }
    if (pop_pending(op)) return op;
    advance_time();
    CpEvent& e = op.ev;
    e.now_ns = static_cast<uint32_t>(now64_);
    e.queue = pick_index();
    // the queue's length: a random walk, with jumps
    uint32_t& q = qlen_[e.queue];
    const unsigned k = static_cast<unsigned>(rng_.below(100));
    if (k < 2) q = static_cast<uint32_t>(rng_.below(400000));
    else if (k < 60) q += static_cast<uint32_t>(rng_.below(4096));
    else q = q > 4000 ? q - static_cast<uint32_t>(rng_.below(4000)) : 0;
    if (q > 500000) q = 500000;
    e.qlen_bytes = rng_.permille(5) ? static_cast<uint32_t>(rng_.next()) : q;
    e.ecn = static_cast<uint8_t>(rng_.below(4));
    e.paused = rng_.chance(50);
    const unsigned p = static_cast<unsigned>(rng_.below(1000));
    if (p < 15) {
      e.op = CpOp::PFC;
      paused_[e.queue] = rng_.chance(80) ? !paused_[e.queue] : paused_[e.queue];
      e.paused = paused_[e.queue];
    } else if (p < 17) {
      e.op = CpOp::INIT;
    } else if (p < 22) {
      e.op = CpOp::NOP;
    } else {
      e.op = CpOp::PKT;
      e.ecn = static_cast<uint8_t>(rng_.chance(85) ? 1 + rng_.below(2) : rng_.below(4));
    }
    return op;
  }

  void feedback(const CpEvent&, const CpResult&) {}

 private:
  std::vector<uint32_t> qlen_;
  std::vector<bool> paused_;
};

// What the stream exercised (printed, so that a trivial stream would be noticed).
struct Tally {
  uint64_t a = 0, b = 0, c = 0, d = 0;
};
void tally(Tally& t, const RpResult& r) {
  t.a += r.stale;
  t.b += r.atmr == 1 || r.itmr == 1;
  t.c += r.rc != 0 && r.rc < r.rt;
  t.d += r.op == RpOp::TX;
}
void tally(Tally& t, const NpResult& r) {
  t.a += r.stale;
  t.b += r.tmr_set;
  t.c += r.cnp;
  t.d += r.cnp && r.cnp_kind;
}
void tally(Tally& t, const CpResult& r) {
  t.a += r.marked && r.ecn == 3;
  t.b += r.marked && r.ecn == 2;
  t.c += r.tcd_state == 1;
  t.d += r.region == 1;
}
const char* tally_names(const RpResult&) { return "stale timers, timers set, rc < rt, TX"; }
const char* tally_names(const NpResult&) { return "stale timers, timers set, CNPs, UE CNPs"; }
const char* tally_names(const CpResult&) {
  return "marked CE, marked UE, TCD congestion, RED middle region";
}

// ---- the comparison ---------------------------------------------------------------------

template <class Engine>
std::unique_ptr<Engine> make(EngineKind k, uint32_t n);
template <>
std::unique_ptr<RpEngine> make<RpEngine>(EngineKind k, uint32_t n) { return make_rp(k, n, {}); }
template <>
std::unique_ptr<NpEngine> make<NpEngine>(EngineKind k, uint32_t n) { return make_np(k, n, {}); }
template <>
std::unique_ptr<CpEngine> make<CpEngine>(EngineKind k, uint32_t n) { return make_cp(k, n, {}); }

template <class Engine, class Gen>
void run_equiv(const char* blk, uint32_t n, uint64_t divide = 1) {
  using OpT = Op<typename Gen::Event>;
  const uint64_t seed = test_seed();
  const uint64_t events = env_u64("DCQCN_EQUIV_EVENTS", 200000) / divide;
  std::printf("[ %s ] seed %" PRIu64 " (DCQCN_TEST_SEED), %" PRIu64 " events, %u flows/queues\n",
              blk, seed, events, n);
  auto ref = make<Engine>(EngineKind::REF, n);
  auto rtl = make<Engine>(EngineKind::RTL, n);
  Gen gen(seed, n);
  std::string last_csr = "none";
  uint64_t ev_count = 0, csr_w = 0, csr_r = 0;
  double rtl_secs = 0;
  Tally t;
  const uint64_t cyc0 = rtl->cycles();
  while (ev_count < events) {
    const auto op = gen.next();
    if (op.kind != OpT::EVT) {
      char b[96];
      std::snprintf(b, sizeof b, "%s addr=0x%02x value=%u before event #%" PRIu64,
                    op.kind == OpT::CSR_W ? "write" : "read", op.addr, op.val, ev_count);
      if (op.kind == OpT::CSR_W) {
        ref->csr_write(op.addr, op.val, 0);
        rtl->csr_write(op.addr, op.val, 0);
        ++csr_w;
        last_csr = b;
      } else {
        const uint32_t a = ref->csr_read(op.addr, 0), r = rtl->csr_read(op.addr, 0);
        ++csr_r;
        ASSERT_EQ(a, r) << blk << " csr_read(0x" << std::hex << unsigned{op.addr} << std::dec
                        << ") differs before event #" << ev_count << " (seed " << seed << ")";
      }
      continue;
    }
    const auto a = ref->process(op.ev, 0);
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = rtl->process(op.ev, 0);
    rtl_secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!(a == r)) {
      ADD_FAILURE() << blk << ": first difference at event #" << ev_count << " (seed " << seed
                    << ", reproduce with DCQCN_TEST_SEED=" << seed << ")\n  event: " << fmt(op.ev)
                    << "\n  ref:   " << fmt(a) << "\n  rtl:   " << fmt(r)
                    << "\n  last register write: " << last_csr;
      return;
    }
    gen.feedback(op.ev, a);
    tally(t, a);
    ++ev_count;
  }
  std::printf("[ %s ] exercised (%s): %" PRIu64 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64 "\n", blk,
              tally_names(typename Gen::Result{}), t.a, t.b, t.c, t.d);
  const uint64_t cyc = rtl->cycles() - cyc0;
  std::printf("[ %s ] %" PRIu64 " events identical (%" PRIu64 " register writes, %" PRIu64
              " reads); RTL: %.0f events/s in process() (timed per call), %.2f cycles/event "
              "incl. register accesses\n",
              blk, ev_count, csr_w, csr_r, rtl_secs > 0 ? ev_count / rtl_secs : 0.0,
              static_cast<double>(cyc) / static_cast<double>(ev_count));
}

TEST(EngineEquiv, RpRefVsRtl) { run_equiv<RpEngine, RpGen>("rp", kRtlFlows); }
TEST(EngineEquiv, NpRefVsRtl) { run_equiv<NpEngine, NpGen>("np", kRtlFlows); }
TEST(EngineEquiv, CpRefVsRtl) { run_equiv<CpEngine, CpGen>("cp", kRtlQueues); }
// Fewer flows than built: the RTL engine must still agree with a ref engine of that size.
TEST(EngineEquiv, SmallerThanBuilt) {
  run_equiv<RpEngine, RpGen>("rp/16", 16, 4);
  if (HasFailure()) return;
  run_equiv<NpEngine, NpGen>("np/8", 8, 4);
  if (HasFailure()) return;
  run_equiv<CpEngine, CpGen>("cp/4", 4, 4);
}

// Several RTL engines in one process, calls interleaved (one per NIC in the network): each
// has its own VerilatedContext and model, nothing is shared.
TEST(EngineEquiv, InterleavedInstances) {
  constexpr int kN = 3;
  const uint64_t seed = test_seed();
  std::printf("[ rp x%d ] seed %" PRIu64 " (DCQCN_TEST_SEED)\n", kN, seed);
  std::vector<std::unique_ptr<RpEngine>> ref, rtl;
  std::vector<std::unique_ptr<RpGen>> gen;
  for (int i = 0; i < kN; ++i) {
    ref.push_back(make_rp(EngineKind::REF, 32, {}));
    rtl.push_back(make_rp(EngineKind::RTL, 32, {}));
    gen.push_back(std::make_unique<RpGen>(seed + 100 + i, 32));
  }
  Rng pick(seed);
  for (int k = 0; k < 30000; ++k) {
    const int i = static_cast<int>(pick.below(kN));
    const auto op = gen[i]->next();
    if (op.kind == Op<RpEvent>::CSR_W) {
      ref[i]->csr_write(op.addr, op.val, 0);
      rtl[i]->csr_write(op.addr, op.val, 0);
    } else if (op.kind == Op<RpEvent>::CSR_R) {
      ASSERT_EQ(ref[i]->csr_read(op.addr, 0), rtl[i]->csr_read(op.addr, 0)) << "instance " << i;
    } else {
      const RpResult a = ref[i]->process(op.ev, 0), r = rtl[i]->process(op.ev, 0);
      ASSERT_TRUE(a == r) << "instance " << i << " step " << k << " (seed " << seed
                          << ")\n  event: " << fmt(op.ev) << "\n  ref:   " << fmt(a)
                          << "\n  rtl:   " << fmt(r);
      gen[i]->feedback(op.ev, a);
    }
  }
}

// ---- throughput (informational) ----------------------------------------------------------

// Records the stream against the ref engine (timers need the results), then replays it
// on a fresh RTL engine: only the RTL's process() and csr_write() are in the timing.
template <class Engine, class Gen>
void run_bench(const char* blk, uint32_t n) {
  using OpT = Op<typename Gen::Event>;
  const uint64_t events = env_u64("DCQCN_BENCH_EVENTS", 1000000);
  auto ref = make<Engine>(EngineKind::REF, n);
  Gen gen(test_seed() + 1, n);
  std::vector<OpT> ops;
  ops.reserve(events + events / 100);
  for (uint64_t k = 0; k < events;) {
    const auto op = gen.next();
    if (op.kind == OpT::CSR_R) continue;
    if (op.kind == OpT::CSR_W) {
      ref->csr_write(op.addr, op.val, 0);
    } else {
      gen.feedback(op.ev, ref->process(op.ev, 0));
      ++k;
    }
    ops.push_back(op);
  }
  auto rtl = make<Engine>(EngineKind::RTL, n);
  const uint64_t cyc0 = rtl->cycles();
  uint64_t ev_cycles = 0, sink = 0;
  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& op : ops) {
    if (op.kind == OpT::CSR_W) {
      rtl->csr_write(op.addr, op.val, 0);
    } else {
      const uint64_t c = rtl->cycles();
      sink += static_cast<uint64_t>(rtl->process(op.ev, 0).op);
      ev_cycles += rtl->cycles() - c;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  std::printf("[ %s ] RTL engine: %" PRIu64 " events + %zu register writes in %.3f s wall "
              "(%.3f s CPU): %.0f events/s (%.0f per CPU second), %.2f cycles/event (%.2f incl. "
              "writes) [sink %" PRIu64 "]\n",
              blk, events, ops.size() - events, secs, cpu, events / secs, events / cpu,
              static_cast<double>(ev_cycles) / static_cast<double>(events),
              static_cast<double>(rtl->cycles() - cyc0) / static_cast<double>(events), sink);
}

#ifdef DCQCN_ENGINE_BENCH  // built as engine_bench (scripts/bench.sh), not a CTest test
TEST(EngineThroughput, Rp) { run_bench<RpEngine, RpGen>("rp", kRtlFlows); }
TEST(EngineThroughput, Np) { run_bench<NpEngine, NpGen>("np", kRtlFlows); }
TEST(EngineThroughput, Cp) { run_bench<CpEngine, CpGen>("cp", kRtlQueues); }
#endif

// ---- tracing -----------------------------------------------------------------------------

struct VcdInfo {
  std::string timescale;
  std::vector<uint64_t> times;
  size_t bytes = 0;
};

VcdInfo read_vcd(const std::string& path) {
  VcdInfo v;
  std::ifstream f(path);
  std::string line;
  bool in_ts = false;
  while (std::getline(f, line)) {
    v.bytes += line.size() + 1;
    if (line.rfind("$timescale", 0) == 0) {
      in_ts = true;
      v.timescale = line.substr(10);
    } else if (in_ts) {
      v.timescale += line;
    }
    if (in_ts && line.find("$end") != std::string::npos) in_ts = false;
    if (!line.empty() && line[0] == '#') v.times.push_back(std::stoull(line.substr(1)));
  }
  return v;
}

template <class Engine, class Gen>
void traced_run(const char* blk, std::unique_ptr<Engine> e, uint32_t n) {
  using OpT = Op<typename Gen::Event>;
  Gen gen(test_seed() + 2, n);
  // network times: advancing, repeating, and once going back (must stay monotonic)
  const double times_ns[] = {0, 0, 10, 10.5, 1000, 999, 5000, 5000, 100000, 100000.25};
  size_t ti = 0;
  for (int k = 0; k < 300; ++k) {
    const auto op = gen.next();
    const double at = times_ns[ti] + (ti + 1 == std::size(times_ns) ? k : 0);
    if (ti + 1 < std::size(times_ns)) ++ti;
    if (op.kind == OpT::CSR_W) e->csr_write(op.addr, op.val, at);
    else if (op.kind == OpT::CSR_R) e->csr_read(op.addr, at);
    else gen.feedback(op.ev, e->process(op.ev, at));
  }
  (void)blk;
  e.reset();  // the engine closes its tracer into the waveform
}

void check_trace(const char* blk, const std::string& path) {
  const VcdInfo v = read_vcd(path);
  SCOPED_TRACE(std::string(blk) + ": " + path);
  EXPECT_GT(v.bytes, 1000u);
  EXPECT_NE(v.timescale.find("1ps"), std::string::npos) << "timescale:" << v.timescale;
  ASSERT_GT(v.times.size(), 100u);
  for (size_t i = 1; i < v.times.size(); ++i)
    ASSERT_LT(v.times[i - 1], v.times[i]) << "VCD time not increasing at #" << i;
  // the call at network time 100 us starts at 100'000'000 ps (it is past the earlier ones)
  bool found = false;
  for (uint64_t t : v.times) found |= t == 100000000ull;
  EXPECT_TRUE(found) << "no dump at the network time 100000 ns = 100000000 ps";
}

TEST(EngineTrace, VcdWrittenWithIncreasingTimes) {
  const std::string dir = testing::TempDir();
  for (const char* blk : {"rp", "np", "cp"}) {
    const std::string path = dir + "engine_trace_" + blk + ".vcd";
    {
      wave::WaveOptions o;
      o.path = path;
      wave::Wave w(o);
      TraceSpec t;
      t.wave = &w;
      t.instance = std::string("h1.") + blk;
      t.clock_ns = 3.103;
      if (blk[0] == 'r') traced_run<RpEngine, RpGen>(blk, make_rp(EngineKind::RTL, 16, t), 16);
      else if (blk[0] == 'n') traced_run<NpEngine, NpGen>(blk, make_np(EngineKind::RTL, 16, t), 16);
      else traced_run<CpEngine, CpGen>(blk, make_cp(EngineKind::RTL, 16, t), 16);
      w.finish();
    }
    check_trace(blk, path);
  }
}

// ---- sizes and indices -------------------------------------------------------------------

template <class F>
std::string what_of(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  } catch (...) {
    return "(wrong exception type)";
  }
  return "(no exception)";
}

TEST(EngineLimits, TooLargeThrowsNamingTheLimit) {
  const std::string lim = std::to_string(kRtlFlows);
  std::string m = what_of([] { make_rp(EngineKind::RTL, kRtlFlows + 1, {}); });
  EXPECT_NE(m.find(lim), std::string::npos) << m;
  EXPECT_NE(m.find("flows"), std::string::npos) << m;
  m = what_of([] { make_np(EngineKind::RTL, 2 * kRtlFlows, {}); });
  EXPECT_NE(m.find(lim), std::string::npos) << m;
  m = what_of([] { make_cp(EngineKind::RTL, kRtlQueues + 1, {}); });
  EXPECT_NE(m.find(std::to_string(kRtlQueues)), std::string::npos) << m;
  EXPECT_NE(m.find("queues"), std::string::npos) << m;
  EXPECT_EQ(what_of([] { make_rp_rtl(0, {}); }).find("(no"), std::string::npos);
  // the built size itself is fine
  EXPECT_NO_THROW(make_rp_rtl(kRtlFlows, {}));
  EXPECT_NO_THROW(make_cp_rtl(kRtlQueues, {}));
}

TEST(EngineLimits, IndexOutOfRangeThrows) {
  auto rp = make_rp_rtl(8, {});
  RpEvent re;
  re.flow = 8;
  std::string m = what_of([&] { rp->process(re, 0); });
  EXPECT_NE(m.find("flow 8 out of range"), std::string::npos) << m;
  re.flow = 7;
  EXPECT_NO_THROW(rp->process(re, 0));
  auto np = make_np_rtl(4, {});
  NpEvent ne;
  ne.flow = 300;
  m = what_of([&] { np->process(ne, 0); });
  EXPECT_NE(m.find("flow 300 out of range"), std::string::npos) << m;
  auto cp = make_cp_rtl(kRtlQueues, {});
  CpEvent ce;
  ce.queue = kRtlQueues;
  m = what_of([&] { cp->process(ce, 0); });
  EXPECT_NE(m.find("queue 256 out of range"), std::string::npos) << m;
}

}  // namespace
}  // namespace dcqcn::net
