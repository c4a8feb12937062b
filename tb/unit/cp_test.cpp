// SPDX-License-Identifier: MIT
// Directed tests of the CP reference (tb/ref/cp_ref.h): the RED ramp measured over many
// packets against binomial bounds, the DCTCP step, ECT-only marking, the LFSR, the TCD
// states and code points, wrap-around, CSR clamping and the pipeline's cycle behaviour.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "cp_ref.h"

namespace dcqcn {
namespace {

CpEvent pkt(uint32_t now, uint32_t q, uint8_t ecn = kEcnEct1, uint32_t queue = 0) {
  CpEvent e;
  e.op = CpOp::PKT;
  e.queue = queue;
  e.now_ns = now;
  e.qlen_bytes = q;
  e.ecn = ecn;
  return e;
}

CpEvent pfc(uint32_t now, bool paused, uint32_t queue = 0) {
  CpEvent e;
  e.op = CpOp::PFC;
  e.queue = queue;
  e.now_ns = now;
  e.paused = paused;
  return e;
}

TcdState st(const CpResult& r) { return static_cast<TcdState>(r.tcd_state); }

// ---------------------------------------------------------------------------------
// LFSR
// ---------------------------------------------------------------------------------

// The step is linear over GF(2)^32: a matrix as 32 columns.
using Mat = std::array<uint32_t, 32>;
uint32_t mat_apply(const Mat& m, uint32_t v) {
  uint32_t r = 0;
  for (int j = 0; j < 32; ++j)
    if (v >> j & 1u) r ^= m[j];
  return r;
}
Mat mul(const Mat& a, const Mat& b) {
  Mat c{};
  for (int j = 0; j < 32; ++j) c[j] = mat_apply(a, b[j]);
  return c;
}
Mat power(Mat a, uint64_t e) {
  Mat r{};
  for (int j = 0; j < 32; ++j) r[j] = 1u << j;
  for (; e; e >>= 1, a = mul(a, a))
    if (e & 1) r = mul(r, a);
  return r;
}
bool is_identity(const Mat& m) {
  for (int j = 0; j < 32; ++j)
    if (m[j] != 1u << j) return false;
  return true;
}

TEST(CpLfsr, MaximalLength) {
  // Period 2^32 - 1 for every nonzero state iff A^(2^32-1) = I and A^((2^32-1)/p) != I
  // for each prime p of 2^32 - 1 = 3 * 5 * 17 * 257 * 65537.
  Mat a{};
  for (int j = 0; j < 32; ++j) a[j] = CpAlgo::lfsr_next(1u << j);
  const uint64_t period = 0xFFFFFFFFull;
  EXPECT_TRUE(is_identity(power(a, period)));
  for (uint64_t p : {3ull, 5ull, 17ull, 257ull, 65537ull})
    EXPECT_FALSE(is_identity(power(a, period / p))) << "p = " << p;
  // the per-sample update (16 shifts) has the same period: gcd(16, 2^32 - 1) = 1
  Mat a16{};
  for (int j = 0; j < 32; ++j) a16[j] = CpAlgo::lfsr_advance(1u << j);
  EXPECT_TRUE(is_identity(power(a16, period)));
  for (uint64_t p : {3ull, 5ull, 17ull, 257ull, 65537ull})
    EXPECT_FALSE(is_identity(power(a16, period / p))) << "p = " << p;
  // and the matrix is the step: a million steps agree, never hit 0 or the seed
  uint32_t x = 1, y = 1;
  for (int i = 0; i < 1000000; ++i) {
    x = CpAlgo::lfsr_next(x);
    y = mat_apply(a, y);
    ASSERT_EQ(x, y);
    ASSERT_NE(x, 0u);
    ASSERT_NE(x, 1u);
  }
}

TEST(CpLfsr, SuccessiveSamplesAreUncorrelated) {
  // P(r[n+1] < T | r[n] < T) ~ T / 65536: marks at p = 1% do not come in bursts
  uint32_t x = 1;
  const uint32_t thr = 655;
  uint64_t hits = 0, pairs = 0;
  bool prev = false;
  const uint64_t n = 2000000;
  for (uint64_t i = 0; i < n; ++i) {
    const bool h = (x & 0xFFFFu) < thr;
    hits += h;
    pairs += h && prev;
    prev = h;
    x = CpAlgo::lfsr_advance(x);
  }
  const double p = thr / 65536.0;
  EXPECT_NEAR(static_cast<double>(hits), n * p, 5 * std::sqrt(n * p * (1 - p)));
  // pairs ~ Binomial(hits, p)
  EXPECT_NEAR(static_cast<double>(pairs), hits * p, 5 * std::sqrt(hits * p * (1 - p)) + 1);
}

TEST(CpLfsr, SeedWriteReloadsAndZeroClampsToOne) {
  CpAlgo a(16);
  EXPECT_EQ(a.lfsr(), 1u);
  a.set(CP_LFSR_SEED, 0);
  EXPECT_EQ(a.get(CP_LFSR_SEED), 1u);
  EXPECT_EQ(a.lfsr(), 1u);
  a.set(CP_LFSR_SEED, 0xDEADBEEF);
  EXPECT_EQ(a.lfsr(), 0xDEADBEEFu);
  // one step per middle-region packet, none elsewhere, r = the low 16 bits before the step
  CpTrace t;
  a.process(pkt(0, 1000), &t);  // below Kmin
  EXPECT_FALSE(t.lfsr_step);
  EXPECT_EQ(a.lfsr(), 0xDEADBEEFu);
  a.process(pkt(1, 100000), &t);  // middle
  EXPECT_TRUE(t.lfsr_step);
  EXPECT_EQ(t.r, 0xBEEF);
  uint32_t x = 0xDEADBEEF;
  for (int i = 0; i < 16; ++i) x = CpAlgo::lfsr_next(x);
  EXPECT_EQ(a.lfsr(), x);
  EXPECT_EQ(CpAlgo::lfsr_advance(0xDEADBEEF), x);
  a.process(pkt(2, 300000), &t);  // above Kmax
  EXPECT_FALSE(t.lfsr_step);
  EXPECT_EQ(a.lfsr(), x);
}

// ---------------------------------------------------------------------------------
// RED
// ---------------------------------------------------------------------------------

// Marks of n ECT packets at queue length q.
uint64_t count_marks(CpAlgo& a, uint32_t q, uint64_t n) {
  uint64_t m = 0;
  for (uint64_t i = 0; i < n; ++i) m += a.process(pkt(static_cast<uint32_t>(i), q)).marked;
  return m;
}

// The measured count must be within 5 binomial standard deviations of n p, p from the
// paper's RED formula (DCQCN section 3.1, docs/cp.md). r is a 16-bit integer, so the exact probability is
// ceil(Pmax * (q - Kmin) / (Kmax - Kmin)) / 65536: up to 1/65536 above p.
void expect_binomial(uint64_t marks, uint64_t n, double p) {
  const double p_hi = std::min(1.0, p + 1 / 65536.0);
  const double sd = std::sqrt(n * p_hi * (1 - p));
  EXPECT_GE(static_cast<double>(marks), n * p - 5 * sd) << "p=" << p << " n=" << n;
  EXPECT_LE(static_cast<double>(marks), n * p_hi + 5 * sd) << "p=" << p << " n=" << n;
}

TEST(CpRed, ProbabilityFollowsTheRampWithDefaults) {
  // Reset values: Kmin 5 KB, Kmax 200 KB, Pmax 1%.
  CpAlgo a(16);
  const uint64_t n = 400000;
  for (uint32_t q : {5001u, 53750u, 102500u, 151250u, 200000u}) {
    const double p = 0.01 * 655 / 655.36 * (q - 5000.0) / 195000.0;
    expect_binomial(count_marks(a, q, n), n, p);
  }
}

TEST(CpRed, ProbabilityFollowsTheRampWithLargePmax) {
  CpAlgo a(16);
  a.set(CP_KMIN_BYTES, 10000);
  a.set(CP_KMAX_BYTES, 110000);
  a.set(CP_PMAX_Q16, 13107);  // 0.2
  a.set(CP_LFSR_SEED, 0x1234567);
  const uint64_t n = 200000;
  for (uint32_t q : {10001u, 35000u, 60000u, 85000u, 110000u}) {
    const double p = 13107 / 65536.0 * (q - 10000.0) / 100000.0;
    expect_binomial(count_marks(a, q, n), n, p);
  }
  // Pmax = 1: p reaches 1 at Kmax, 0.5 halfway
  a.set(CP_PMAX_Q16, 65536);
  EXPECT_EQ(count_marks(a, 110000, 10000), 10000u);
  expect_binomial(count_marks(a, 60000, n), n, 0.5);
}

TEST(CpRed, NothingBelowKminEverythingAboveKmax) {
  CpAlgo a(16);
  a.set(CP_PMAX_Q16, 65536);
  EXPECT_EQ(count_marks(a, 0, 10000), 0u);
  EXPECT_EQ(count_marks(a, 5000, 10000), 0u);       // q = Kmin: p = 0
  EXPECT_EQ(count_marks(a, 200001, 10000), 10000u);  // q > Kmax: p = 1 whatever Pmax
  a.set(CP_PMAX_Q16, 0);
  EXPECT_EQ(count_marks(a, 200000, 10000), 0u);      // Pmax = 0: nothing up to Kmax
  EXPECT_EQ(count_marks(a, 200001, 10000), 10000u);
  EXPECT_EQ(count_marks(a, 0xFFFFFFFFu, 100), 100u);
  EXPECT_EQ(a.process(pkt(0, 5000)).region, static_cast<uint8_t>(RedRegion::BELOW));
  EXPECT_EQ(a.process(pkt(0, 5001)).region, static_cast<uint8_t>(RedRegion::BETWEEN));
  EXPECT_EQ(a.process(pkt(0, 200000)).region, static_cast<uint8_t>(RedRegion::BETWEEN));
  EXPECT_EQ(a.process(pkt(0, 200001)).region, static_cast<uint8_t>(RedRegion::ABOVE));
}

TEST(CpRed, DctcpStep) {
  CpAlgo a(16);
  const uint32_t k = 40000;  // DCTCP K = 40 KB
  a.set(CP_KMIN_BYTES, k);
  a.set(CP_KMAX_BYTES, k);
  a.set(CP_PMAX_Q16, 65536);
  const uint32_t lfsr = a.lfsr();
  EXPECT_EQ(count_marks(a, k, 5000), 0u);
  EXPECT_EQ(count_marks(a, k + 1, 5000), 5000u);
  EXPECT_EQ(count_marks(a, 1000, 5000), 0u);
  EXPECT_EQ(a.lfsr(), lfsr);  // no middle region: the LFSR never steps
  const CpResult r = a.process(pkt(0, k + 1, 2));
  EXPECT_EQ(r.ecn, kEcnCe);
  EXPECT_EQ(r.region, static_cast<uint8_t>(RedRegion::ABOVE));
}

TEST(CpRed, KminAboveKmaxIsAStepAtKmin) {
  CpAlgo a(16);
  a.set(CP_KMIN_BYTES, 50000);
  a.set(CP_KMAX_BYTES, 10000);
  a.set(CP_PMAX_Q16, 100);
  EXPECT_EQ(count_marks(a, 20000, 1000), 0u);  // above Kmax but not above Kmin
  EXPECT_EQ(count_marks(a, 50000, 1000), 0u);
  EXPECT_EQ(count_marks(a, 50001, 1000), 1000u);
  CpTrace t;
  EXPECT_EQ(a.process(pkt(0, 30000), &t).region, static_cast<uint8_t>(RedRegion::BELOW));
  EXPECT_TRUE(t.kmin_gt_kmax);
  EXPECT_FALSE(t.lfsr_step);
}

TEST(CpRed, OnlyEctPacketsAreMarked) {
  CpAlgo a(16);
  const uint32_t q = 500000;  // above Kmax: every ECT packet marked
  const CpResult r0 = a.process(pkt(0, q, 0));
  EXPECT_EQ(r0.ecn, 0);
  EXPECT_FALSE(r0.marked);
  const CpResult r1 = a.process(pkt(0, q, 1));
  EXPECT_EQ(r1.ecn, kEcnCe);
  EXPECT_TRUE(r1.marked);
  const CpResult r2 = a.process(pkt(0, q, 2));
  EXPECT_EQ(r2.ecn, kEcnCe);
  EXPECT_TRUE(r2.marked);
  const CpResult r3 = a.process(pkt(0, q, 3));
  EXPECT_EQ(r3.ecn, kEcnCe);
  EXPECT_FALSE(r3.marked);  // already CE: unchanged
}

TEST(CpRed, TieIsNotMarked) {
  // mark iff r * span < Pmax * (q - Kmin): equality does not mark
  CpAlgo a(16);
  a.set(CP_KMIN_BYTES, 1000);
  a.set(CP_KMAX_BYTES, 1004);
  a.set(CP_PMAX_Q16, 65536);
  a.set(CP_LFSR_SEED, 0x00018000);  // r = 0x8000: r * 4 == 65536 * 2
  EXPECT_FALSE(a.process(pkt(0, 1002)).marked);
  a.set(CP_LFSR_SEED, 0x00017FFF);
  EXPECT_TRUE(a.process(pkt(0, 1002)).marked);
}

// ---------------------------------------------------------------------------------
// TCD
// ---------------------------------------------------------------------------------

// The trend rule (TCD_CE_RULE 0); the default rule 2 has its own tests below.
CpAlgo tcd_algo() {
  CpAlgo a(16);
  a.set(CP_MODE, 1);
  a.set(CP_TCD_CE_RULE, 0);
  a.set(CP_SAMPLE_NS, 10000);
  a.set(CP_HIGH_BYTES, 20000);
  a.set(CP_LOW_BYTES, 5000);
  a.set(CP_MAX_TON_NS, 97000);
  return a;
}

TEST(CpTcd, FreshQueueIsNonCongested) {
  CpAlgo a = tcd_algo();
  CpTrace t;
  const CpResult r = a.process(pkt(100, 500000), &t);  // even a long queue: no trend yet
  EXPECT_TRUE(t.fresh);
  EXPECT_EQ(st(r), TcdState::NONCONG);
  EXPECT_EQ(r.ecn, 1);
  EXPECT_FALSE(r.marked);
  EXPECT_EQ(a.entry(0).sample_ns, 100u);
  EXPECT_EQ(a.entry(0).sample_q, 500000u);
}

TEST(CpTcd, PausedIsUndeterminedAndMarksUe) {
  CpAlgo a = tcd_algo();
  a.process(pkt(0, 1000));
  EXPECT_EQ(st(a.process(pfc(10, true))), TcdState::UNDET);
  const CpResult r1 = a.process(pkt(20, 1000, 1));
  EXPECT_EQ(st(r1), TcdState::UNDET);
  EXPECT_EQ(r1.ecn, kEcnUe);
  EXPECT_TRUE(r1.marked);
  const CpResult r2 = a.process(pkt(30, 1000, 2));  // already UE: unchanged
  EXPECT_EQ(r2.ecn, kEcnUe);
  EXPECT_FALSE(r2.marked);
  const CpResult r3 = a.process(pkt(40, 1000, 3));  // CE is never downgraded to UE
  EXPECT_EQ(r3.ecn, kEcnCe);
  EXPECT_FALSE(r3.marked);
  const CpResult r0 = a.process(pkt(50, 1000, 0));  // not TCD-capable: untouched
  EXPECT_EQ(r0.ecn, 0);
  EXPECT_FALSE(r0.marked);
  // a paused queue stays undetermined however long it waits
  EXPECT_EQ(st(a.process(pkt(50000000, 1000))), TcdState::UNDET);
}

TEST(CpTcd, OnOffWindowEndsAtMaxTon) {
  CpAlgo a = tcd_algo();
  a.process(pfc(1000, true));
  EXPECT_EQ(st(a.process(pfc(5000, false))), TcdState::UNDET);  // XON: T_on = 0
  EXPECT_EQ(a.entry(0).off_end_ns, 5000u);
  EXPECT_EQ(st(a.process(pkt(5000 + 96999, 1000))), TcdState::UNDET);
  CpTrace t;
  EXPECT_EQ(st(a.process(pkt(5000 + 97000, 1000), &t)), TcdState::NONCONG);
  EXPECT_FALSE(t.onoff);
  // MAX_TON_NS = 0: undetermined only while paused
  a.set(CP_MAX_TON_NS, 0);
  EXPECT_EQ(st(a.process(pfc(200000, false))), TcdState::NONCONG);
}

TEST(CpTcd, QueueTrendCongestionAndDrain) {
  CpAlgo a = tcd_algo();
  CpTrace t;
  EXPECT_EQ(st(a.process(pkt(0, 10000))), TcdState::NONCONG);  // first sample
  // a period later the queue grew and is above HIGH: congestion, CE; 10 (UE) -> 11
  const CpResult c = a.process(pkt(10000, 30000, 2), &t);
  EXPECT_TRUE(t.trend_eval);
  EXPECT_EQ(st(c), TcdState::CONG);
  EXPECT_EQ(c.ecn, kEcnCe);
  EXPECT_TRUE(c.marked);
  // inside the period no new sample: still congested even with a short queue
  EXPECT_EQ(st(a.process(pkt(15000, 100, 1), &t)), TcdState::CONG);
  EXPECT_FALSE(t.trend_eval);
  // shrinking but above LOW: keep congestion
  EXPECT_EQ(st(a.process(pkt(20000, 25000), &t)), TcdState::CONG);
  EXPECT_TRUE(t.trend_eval);
  // drained to LOW: non-congestion
  EXPECT_EQ(st(a.process(pkt(30000, 5000))), TcdState::NONCONG);
  // growing but not above HIGH: keep non-congestion
  EXPECT_EQ(st(a.process(pkt(40000, 20000))), TcdState::NONCONG);
  // growing above HIGH: congestion again
  EXPECT_EQ(st(a.process(pkt(50000, 20001))), TcdState::CONG);
  // above HIGH but not growing: keep
  EXPECT_EQ(st(a.process(pkt(60000, 20001))), TcdState::CONG);
}

TEST(CpTcd, OnOffFreezesTheTrendSample) {
  CpAlgo a = tcd_algo();
  a.process(pkt(0, 10000));
  a.process(pfc(1000, true));
  a.process(pkt(50000, 100000));  // undetermined: no sample taken
  EXPECT_EQ(a.entry(0).sample_ns, 0u);
  EXPECT_EQ(a.entry(0).sample_q, 10000u);
  a.process(pfc(60000, false));
  // leaves ON-OFF at 60000 + 97000; the queue is above the pre-OFF sample and HIGH
  CpTrace t;
  EXPECT_EQ(st(a.process(pkt(160000, 40000), &t)), TcdState::CONG);
  EXPECT_TRUE(t.trend_eval);
  EXPECT_TRUE(!t.prev_trend);
}

TEST(CpTcd, LowAboveHighCongestionTestFirst) {
  CpAlgo a = tcd_algo();
  a.set(CP_HIGH_BYTES, 20000);
  a.set(CP_LOW_BYTES, 30000);
  a.process(pkt(0, 10000));
  EXPECT_EQ(st(a.process(pkt(10000, 25000))), TcdState::CONG);     // grew, > HIGH
  EXPECT_EQ(st(a.process(pkt(20000, 24000))), TcdState::NONCONG);  // not grown, <= LOW
}

TEST(CpTcd, CeRuleRed) {
  CpAlgo a = tcd_algo();
  a.set(CP_TCD_CE_RULE, 1);
  a.set(CP_PMAX_Q16, 65536);
  const CpResult hi = a.process(pkt(0, 300000, 2));  // above Kmax: CE over UE
  EXPECT_EQ(st(hi), TcdState::CONG);
  EXPECT_EQ(hi.ecn, kEcnCe);
  EXPECT_EQ(st(a.process(pkt(100, 1000))), TcdState::NONCONG);
  // the trend state is still tracked, but the RED rule decides
  const CpResult r = a.process(pkt(20000, 1000));
  EXPECT_EQ(st(r), TcdState::NONCONG);
  // in ON-OFF: UE, RED not applied
  a.process(pfc(30000, true));
  const CpResult u = a.process(pkt(30010, 300000, 1));
  EXPECT_EQ(st(u), TcdState::UNDET);
  EXPECT_EQ(u.ecn, kEcnUe);
  // RED rule through a probability: about Pmax/2 at the middle
  a.process(pfc(30020, false));
  const uint64_t n = 100000;
  uint64_t ce = 0;
  for (uint64_t i = 0; i < n; ++i)
    ce += a.process(pkt(static_cast<uint32_t>(200000 + i), 102500, 1)).ecn == kEcnCe;
  expect_binomial(ce, n, 0.5);
}

TEST(CpTcd, RedModeTracksTcdButWritesOnlyCe) {
  CpAlgo a(16);  // MODE 0
  a.process(pfc(0, true));
  const CpResult r = a.process(pkt(10, 1000, 1));
  EXPECT_EQ(st(r), TcdState::UNDET);  // observable
  EXPECT_EQ(r.ecn, 1);                // but never UE in RED mode
}

TEST(CpTcd, TimestampsWrap) {
  CpAlgo a = tcd_algo();
  a.process(pfc(0xFFFFFF00u, true));
  a.process(pfc(0xFFFFFF80u, false));
  CpTrace t;
  EXPECT_EQ(st(a.process(pkt(0x100, 1000), &t)), TcdState::UNDET);  // T_on = 0x180
  EXPECT_TRUE(t.wrap);
  EXPECT_EQ(st(a.process(pkt(0xFFFFFF80u + 97000u, 1000))), TcdState::NONCONG);
  // sampling across the wrap
  CpAlgo b = tcd_algo();
  b.process(pkt(0xFFFFF000u, 10000));
  EXPECT_EQ(st(b.process(pkt(0xFFFFF000u + 9999u, 30000))), TcdState::NONCONG);  // < T
  EXPECT_EQ(st(b.process(pkt(0xFFFFF000u + 10000u, 30000))), TcdState::CONG);
}

// A queue untouched for seconds after a PFC resume (docs/cp.md "Time"): 3 s later it is
// not ON-OFF (the unsigned T_on is right below 2^32 ns); 2^32 ns + 10 us later T_on reads
// 10 us < MAX_TON_NS: the documented alias, one spurious undetermined window, over
// MAX_TON_NS after the alias point.
TEST(CpTcd, QueueUntouchedForSecondsAfterAResume) {
  CpAlgo a = tcd_algo();
  a.process(pfc(1000, true));
  a.process(pfc(5000, false));
  EXPECT_EQ(st(a.process(pkt(5000u + 3000000000u, 1000))), TcdState::NONCONG);
  CpAlgo b = tcd_algo();
  b.process(pfc(1000, true));
  b.process(pfc(5000, false));
  EXPECT_EQ(st(b.process(pkt(5000u + 10000u, 1000))), TcdState::UNDET);  // 2^32 + 10 us
  EXPECT_EQ(st(b.process(pkt(5000u + 97000u, 1000))), TcdState::NONCONG);
}

// ---------------------------------------------------------------------------------
// Queues, registers
// ---------------------------------------------------------------------------------

TEST(CpAlgoTest, QueuesAreIndependentAndInitClears) {
  CpAlgo a = tcd_algo();
  a.process(pfc(0, true, 3));
  EXPECT_EQ(st(a.process(pkt(10, 1000, 1, 3))), TcdState::UNDET);
  EXPECT_EQ(st(a.process(pkt(10, 1000, 1, 4))), TcdState::NONCONG);
  CpEvent init;
  init.op = CpOp::INIT;
  init.queue = 3;
  CpTrace t;
  const CpResult r = a.process(init, &t);
  EXPECT_FALSE(t.fresh);
  EXPECT_EQ(r.tcd_state, 0);
  EXPECT_FALSE(a.entry(3).valid);
  a.process(pkt(20, 1000, 1, 3), &t);
  EXPECT_TRUE(t.fresh);
  EXPECT_FALSE(a.entry(3).paused);
  // NOP: no state change, echo
  CpEvent nop;
  nop.op = CpOp::NOP;
  nop.queue = 4;
  nop.ecn = 2;
  const CpEntry before = a.entry(4);
  const CpResult rn = a.process(nop);
  EXPECT_EQ(rn.ecn, 2);
  EXPECT_FALSE(rn.marked);
  EXPECT_TRUE(a.entry(4) == before);
}

TEST(CpAlgoTest, CsrClampAndUnknownAddresses) {
  CpAlgo a(16);
  for (unsigned i = 0; i < CP_NUM_REGS; ++i) EXPECT_EQ(a.get(CpReg(i)), kCpRegs[i].reset);
  a.set(CP_PMAX_Q16, 70000);
  EXPECT_EQ(a.csr_read(kCpRegs[CP_PMAX_Q16].addr), 65536u);
  a.set(CP_MODE, 5);
  EXPECT_EQ(a.get(CP_MODE), 1u);
  a.set(CP_SAMPLE_NS, 0);
  EXPECT_EQ(a.get(CP_SAMPLE_NS), 1u);
  a.set(CP_MAX_TON_NS, 0x80000000u);
  EXPECT_EQ(a.get(CP_MAX_TON_NS), 1u << 30);
  a.csr_write(0x80, 123);
  EXPECT_EQ(a.csr_read(0x80), 0u);
  const CpRegs before = a.regs();
  a.csr_write(0x02, 0);  // unaligned: unknown
  EXPECT_TRUE(a.regs() == before);
}

// ---------------------------------------------------------------------------------
// Cycle-accurate model
// ---------------------------------------------------------------------------------

TEST(CpModelTest, ClearingLatencyThroughputBackpressure) {
  constexpr uint32_t n = 16;
  CpModel m(n);
  CpModel::In in;
  in.rst = true;
  m.step(in);
  in.rst = false;
  for (uint32_t c = 0; c < n; ++c) {
    EXPECT_FALSE(m.outputs(in).evt_ready) << c;
    m.step(in);
  }
  EXPECT_TRUE(m.outputs(in).evt_ready);
  // three back-to-back events to one queue, accepted one per cycle (no hazard stall)
  in.evt_valid = true;
  in.evt = pfc(100, true, 5);
  EXPECT_TRUE(m.outputs(in).evt_ready);
  m.step(in);  // edge 1: first accept
  in.evt = pkt(110, 1000, 1, 5);
  EXPECT_TRUE(m.outputs(in).evt_ready);
  m.step(in);  // edge 2
  in.evt = pfc(120, false, 5);
  EXPECT_TRUE(m.outputs(in).evt_ready);
  m.step(in);  // edge 3
  in.evt_valid = false;
  for (int e = 4; e <= CpModel::kLatency; ++e) {
    EXPECT_FALSE(m.outputs(in).out_valid) << e;
    m.step(in);
  }
  const CpModel::Out o1 = m.outputs(in);  // kLatency = 5 edges after the first accept
  EXPECT_TRUE(o1.out_valid);
  EXPECT_EQ(o1.out.op, CpOp::PFC);
  EXPECT_EQ(st(o1.out), TcdState::UNDET);
  m.step(in);
  // back-pressure: the output holds, input not ready
  in.out_ready = false;
  const CpModel::Out o2 = m.outputs(in);
  EXPECT_TRUE(o2.out_valid);
  EXPECT_EQ(o2.out.op, CpOp::PKT);
  EXPECT_EQ(o2.out.ecn, 1);  // MODE 0: RED only, q below Kmin: unchanged
  EXPECT_EQ(st(o2.out), TcdState::UNDET);
  EXPECT_FALSE(o2.evt_ready);
  for (int i = 0; i < 5; ++i) m.step(in);
  EXPECT_TRUE(m.outputs(in).out_valid);
  EXPECT_EQ(m.outputs(in).out.op, CpOp::PKT);
  in.out_ready = true;
  m.step(in);
  EXPECT_EQ(m.outputs(in).out.op, CpOp::PFC);
  m.step(in);
  EXPECT_FALSE(m.outputs(in).out_valid);
}

TEST(CpModelTest, CsrWriteAppliedWhenThePipelineIsEmpty) {
  CpModel m(16);
  CpModel::In in;
  in.rst = true;
  m.step(in);
  in.rst = false;
  for (int c = 0; c < 16; ++c) m.step(in);
  in.csr_we = true;
  in.csr_addr = kCpRegs[CP_PMAX_Q16].addr;
  in.csr_wdata = 1u << 20;
  in.csr_re = true;  // same cycle: reads the old value
  m.step(in);        // the write is registered
  EXPECT_EQ(m.outputs(in).csr_rdata, 655u);
  EXPECT_FALSE(m.outputs(in).evt_ready);  // from the cycle after a write until it is applied
  in.csr_we = false;
  m.step(in);  // it lands in the bus register; a read in this cycle already sees it
  EXPECT_EQ(m.outputs(in).csr_rdata, 65536u);  // clamped
  EXPECT_FALSE(m.outputs(in).evt_ready);       // pending
  EXPECT_EQ(m.algo().get(CP_PMAX_Q16), 655u);
  m.step(in);  // S0..S3 empty: applied
  EXPECT_EQ(m.algo().get(CP_PMAX_Q16), 65536u);
  EXPECT_TRUE(m.outputs(in).evt_ready);
  in.csr_re = false;
  // A write with a middle-region packet accepted at its edge: the packet uses the old
  // seed (and steps the LFSR); the write lands one edge later and waits until S0..S3
  // are empty (the packet in S4): s_evt_ready low for kApplyStages cycles.
  in.evt_valid = true;
  in.evt = pkt(0, 100000);
  in.csr_we = true;
  in.csr_addr = kCpRegs[CP_LFSR_SEED].addr;
  in.csr_wdata = 77;
  const uint32_t lfsr0 = m.algo().lfsr();
  bool computed = false;
  CpTrace tr;
  m.step(in, &tr, &computed);  // accepted at the write's edge
  EXPECT_TRUE(computed);
  EXPECT_EQ(tr.r, static_cast<uint16_t>(lfsr0));
  in.evt_valid = false;
  in.csr_we = false;
  m.step(in);  // the write lands
  in.evt_valid = true;
  int low = 0;
  while (!m.outputs(in).evt_ready) {
    ++low;
    m.step(in);
    ASSERT_LT(low, 20);
  }
  EXPECT_EQ(low, CpModel::kApplyStages);
  EXPECT_EQ(m.algo().lfsr(), 77u);  // the seed wins over the step that came before it
}

// ---------------------------------------------------------------------------------
// TCD, the authors' rule (TCD_CE_RULE 2, the default)
// ---------------------------------------------------------------------------------

CpAlgo auth_algo() {
  CpAlgo a(16);
  a.set(CP_MODE, 1);
  EXPECT_EQ(a.get(CP_TCD_CE_RULE), 2u);  // the default
  a.set(CP_MAX_TON_NS, 97000);
  a.set(CP_KMIN_BYTES, 5000);
  a.set(CP_KMAX_BYTES, 5000);  // RED as a step: every ECT packet above 5000 B, easy to read
  a.set(CP_PMAX_Q16, 65536);
  a.set(CP_TCD_GROW_BYTES, 900);
  a.set(CP_TCD_DRAIN_BYTES, 2060);
  return a;
}

TEST(CpTcdAuthors, OutsideOnOffCeOnlyWhereRedMarks) {
  CpAlgo a = auth_algo();
  a.set(CP_KMAX_BYTES, 200000);
  a.set(CP_PMAX_Q16, 0);  // RED marks only above Kmax
  CpTrace t;
  // a long, growing queue between Kmin and Kmax: the trend rule would call it congested,
  // the authors' rule marks only where RED does (nowhere here)
  for (uint32_t i = 0; i < 50; ++i) {
    const CpResult r = a.process(pkt(i * 20000, 30000 + i * 3000), &t);
    EXPECT_EQ(r.ecn, kEcnEct1) << i;
    EXPECT_EQ(st(r), TcdState::NONCONG) << i;
    EXPECT_EQ(t.ost_branch, 6);
  }
  const CpResult r = a.process(pkt(2000000, 200001), &t);  // above Kmax
  EXPECT_EQ(r.ecn, kEcnCe);
  EXPECT_EQ(st(r), TcdState::CONG);
}

TEST(CpTcdAuthors, AfterOnOffGrownQueueIsCongested) {
  CpAlgo a = auth_algo();
  CpEvent x = pfc(0, true);
  a.process(x);
  x = pfc(10000, false);
  x.qlen_bytes = 40000;  // the queue at the end of the OFF period
  a.process(x);
  CpTrace t;
  EXPECT_EQ(a.process(pkt(50000, 50000), &t).ecn, kEcnUe);  // T_on 40 us < 97 us
  EXPECT_EQ(a.entry(0).ost, static_cast<uint8_t>(TcdOst::UNDET));
  // out of the pattern, queue at least as long as at the XON: congestion, RED decides
  const CpResult r = a.process(pkt(10000 + 97000, 40000), &t);
  EXPECT_EQ(t.ost_branch, 1);
  EXPECT_EQ(r.ecn, kEcnCe);  // RED marks above the step
  EXPECT_EQ(st(r), TcdState::CONG);
}

TEST(CpTcdAuthors, DrainingAfterOnOffWithholdsCeUntilItGrows) {
  CpAlgo a = auth_algo();
  CpEvent x = pfc(0, true);
  a.process(x);
  x = pfc(10000, false);
  x.qlen_bytes = 40000;
  a.process(x);
  EXPECT_EQ(a.process(pkt(20000, 45000)).ecn, kEcnUe);
  CpTrace t;
  // first packet after the pattern: 39999 < 40000, draining: no CE although RED marks
  CpResult r = a.process(pkt(110000, 39999), &t);
  EXPECT_EQ(t.ost_branch, 2);
  EXPECT_TRUE(t.ce_suppressed);
  EXPECT_EQ(r.ecn, kEcnEct1);
  EXPECT_EQ(st(r), TcdState::DRAIN);
  EXPECT_EQ(a.entry(0).sample_q, 39999u);
  // within one MAX_TON_NS period: still draining, even if it grew
  r = a.process(pkt(110000 + 96999, 60000), &t);
  EXPECT_EQ(t.ost_branch, 5);
  EXPECT_EQ(r.ecn, kEcnEct1);
  // a period later, grown by 899 < 900 bytes: not grown, new sample, still draining
  r = a.process(pkt(110000 + 97000, 39999 + 899), &t);
  EXPECT_EQ(t.ost_branch, 4);
  EXPECT_EQ(r.ecn, kEcnEct1);
  EXPECT_EQ(a.entry(0).sample_ns, 207000u);
  // another period, grown by exactly 900: congestion, CE where RED marks
  r = a.process(pkt(207000 + 97000, 39999 + 899 + 900), &t);
  EXPECT_EQ(t.ost_branch, 3);
  EXPECT_EQ(r.ecn, kEcnCe);
  EXPECT_EQ(st(r), TcdState::CONG);
}

TEST(CpTcdAuthors, DrainedQueueReturnsToRed) {
  CpAlgo a = auth_algo();
  CpEvent x = pfc(0, true);
  a.process(x);
  x = pfc(10000, false);
  x.qlen_bytes = 40000;
  a.process(x);
  a.process(pkt(20000, 45000));
  CpTrace t;
  a.process(pkt(110000, 30000), &t);
  EXPECT_EQ(t.ost_branch, 2);
  CpResult r = a.process(pkt(111000, 2061), &t);  // above the drain threshold
  EXPECT_FALSE(t.drained);
  EXPECT_EQ(st(r), TcdState::DRAIN);
  r = a.process(pkt(112000, 2060), &t);
  EXPECT_TRUE(t.drained);
  EXPECT_EQ(st(r), TcdState::NONCONG);
  // back in RED's hands: the next packet above the step is marked
  r = a.process(pkt(113000, 6000), &t);
  EXPECT_EQ(t.ost_branch, 6);
  EXPECT_EQ(r.ecn, kEcnCe);
}

TEST(CpTcdAuthors, UeOnlyOnEctAndNeverOverCe) {
  CpAlgo a = auth_algo();
  a.process(pfc(0, true));
  EXPECT_EQ(a.process(pkt(10, 100, 0)).ecn, 0);  // not ECT: unchanged (the authors' code
                                                 // writes UE on 00 too: we do not)
  EXPECT_EQ(a.process(pkt(20, 100, 3)).ecn, 3);
  EXPECT_EQ(a.process(pkt(30, 100, 1)).ecn, kEcnUe);
  EXPECT_EQ(a.process(pkt(40, 100, 2)).ecn, kEcnUe);
}

}  // namespace
}  // namespace dcqcn
