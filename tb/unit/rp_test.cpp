// SPDX-License-Identifier: MIT
// Directed tests of the RP reference model (tb/ref/rp_ref.h): the algorithm's numbers,
// pacing accuracy, and fidelity of the fixed-point formats against the float model.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <queue>

#include "profiles.h"
#include "rp_float.h"
#include "rp_ref.h"

using namespace dcqcn;

namespace {

constexpr RpOp TX = RpOp::TX, CNP = RpOp::CNP, ATMR = RpOp::ALPHA_TIMER, ITMR = RpOp::INC_TIMER,
               QUERY = RpOp::QUERY, INIT = RpOp::INIT, CTMR = RpOp::CUT_TIMER, AGE = RpOp::AGE;

// Coverage counters of each algorithm instance the tests drive through ev().
std::map<const RpAlgo*, RpCov> g_cov;
const RpCov& cov_of(const RpAlgo& a) { return g_cov[&a]; }

void load(RpAlgo& a, const std::string& profile, uint32_t line_kbps = 40000000) {
  a.load_regs(rp_reset_regs());
  g_cov.erase(&a);  // a new algorithm (the address of an earlier test's one)
  for (const auto& w : profile_writes(profile))
    if (w.block == Block::RP) a.csr_write(w.addr, w.value);
  a.set(RP_LINE_RATE_KBPS, line_kbps);
}

RpResult ev(RpAlgo& a, RpOp op, uint32_t now, uint16_t bytes = 0, uint8_t gen = 0,
            bool ue = false, uint32_t tau = 0) {
  RpEvent e;
  e.op = op;
  e.flow = 3;
  e.now_ns = now;
  e.bytes = bytes;
  e.gen = gen;
  e.cnp_ue = ue;
  e.tau_ns = tau;
  return a.process(e, &g_cov[&a]);
}

}  // namespace

TEST(RpRef, FreshFlowStartsAtLineRateAndPacesExactly) {
  RpAlgo a(16);
  load(a, "paper");
  RpResult r = ev(a, TX, 1000, 1500);
  EXPECT_EQ(r.rc, 40000000u);
  EXPECT_EQ(r.rt, 40000000u);
  EXPECT_EQ(r.alpha, 65536u);
  EXPECT_EQ(r.next_tx_ns, 1000u + 300u);  // 1500 B at 40 Gb/s = 300 ns
  r = ev(a, TX, 1300, 1500);
  EXPECT_EQ(r.next_tx_ns, 1600u);
}

TEST(RpRef, CnpCutsByAlphaOverTwoAndArmsBothTimers) {
  RpAlgo a(16);
  load(a, "paper");
  RpResult r = ev(a, CNP, 5000);
  EXPECT_EQ(r.rc, 20000000u);  // alpha = 1: Rc * (1 - 1/2)
  EXPECT_EQ(r.rt, 40000000u);  // Rt = old Rc
  EXPECT_EQ(r.alpha, 65536u);  // (1 - g) * 1 + g = 1
  EXPECT_EQ(r.atmr, 1);
  EXPECT_EQ(r.adl_ns, 5000u + 55000u);
  EXPECT_EQ(r.itmr, 1);
  EXPECT_EQ(r.idl_ns, 5000u + 55000u);
  // alpha timer: alpha *= (1 - 1/256)
  r = ev(a, ATMR, 60000, 0, r.agen);
  EXPECT_EQ(r.alpha, 65536u - 256u);
  EXPECT_FALSE(r.stale);
  // a second CNP cuts with the decayed alpha: 20e6 * 65280 / 2^17
  r = ev(a, CNP, 61000);
  EXPECT_EQ(r.rc, 20000000u - static_cast<uint32_t>((20000000ull * 65280) >> 17));
  EXPECT_EQ(r.rt, 20000000u);
}

TEST(RpRef, FiveFastRecoveryStepsThenAdditiveThenHyper) {
  RpAlgo a(16);
  load(a, "paper");
  RpResult r = ev(a, CNP, 0);  // Rc 20 G, Rt 40 G
  uint32_t now = 0;
  uint32_t rc = r.rc;
  for (int i = 0; i < 5; ++i) {  // F = 5 fast-recovery iterations: Rt fixed
    now += 55000;
    r = ev(a, ITMR, now, 0, r.igen);
    rc = (40000000u + rc + 1) / 2;
    EXPECT_EQ(r.rt, 40000000u) << "step " << i;
    EXPECT_EQ(r.rc, rc) << "step " << i;
  }
  // 6th expiry: additive increase, Rt would pass line rate and is clamped
  now += 55000;
  r = ev(a, ITMR, now, 0, r.igen);
  EXPECT_EQ(r.rt, 40000000u);

  // From a low rate: cut to the minimum several times, then recover
  load(a, "paper");
  a.set(RP_BYTE_COUNTER_BYTES, 65536);
  for (int i = 0; i < 12; ++i) r = ev(a, CNP, 100000 + i);
  EXPECT_EQ(r.rc, 100000u);  // clamped at the 100 Mb/s minimum
  const uint32_t rt0 = r.rt;
  now = 200000;
  for (int i = 0; i < 6; ++i) r = ev(a, ITMR, now += 55000, 0, r.igen);  // T_stage = 6
  EXPECT_EQ(r.rt, rt0 + 40000u);  // one AI step (6th expiry, BC_stage 0)
  for (int i = 0; i < 7; ++i) r = ev(a, TX, now += 10, 65535 / 7 * 7 > 0 ? 9362 : 0);
  r = ev(a, QUERY, now);
  // 7 * 9362 = 65534 < 65536: not yet; one more byte-counter expiry needs the next TX
  const uint32_t rt1 = r.rt;
  r = ev(a, TX, now += 10, 9362);  // BC_stage 0 -> 1: additive (min(T,BC) = 0 <= F)
  EXPECT_EQ(r.rt, rt1 + 40000u);
  for (int i = 0; i < 5; ++i)      // BC expiries 2..6 (each needs 65536 bytes)
    for (int k = 0; k < 7; ++k) r = ev(a, TX, now += 10, 9362);
  const uint32_t rt2 = r.rt;
  // now T_stage = 6, BC_stage = 6: the next timer expiry is hyper with i = 6 - 5 = 1
  r = ev(a, ITMR, now += 55000, 0, r.igen);
  EXPECT_EQ(r.rt, rt2 + 100000u);
}

TEST(RpRef, ConnectxLimitsCutAndCoalescesCnpsInMonitorPeriod) {
  RpAlgo a(16);
  load(a, "connectx");
  RpResult r = ev(a, CNP, 0);
  // alpha = 1023/1024; cut = Rc * alpha / 2 <= Rc * 50 %: here alpha/2 < 50 %
  EXPECT_EQ(r.rc, 40000000u - static_cast<uint32_t>((40000000ull * 65472) >> 17));
  EXPECT_EQ(r.rt, 40000000u);  // clamp_tgt_rate 0: target not set to Rc
  const uint32_t rc1 = r.rc;
  r = ev(a, CNP, 3999);  // inside the 4 us monitor period: no cut
  EXPECT_EQ(r.rc, rc1);
  r = ev(a, CNP, 4000);
  EXPECT_LT(r.rc, rc1);
  // MAX_CUT_Q16 = 50 % bounds a cut with alpha = 1 and CUT_SHIFT 0
  a.set(RP_CUT_SHIFT, 0);
  const uint32_t rc2 = r.rc;
  r = ev(a, CNP, 9000);
  EXPECT_EQ(r.rc, rc2 - (rc2 >> 1));
}

// CUT_DEFER: CNPs inside the monitor period are remembered; one cut and one alpha raise
// at the period's end (CUT_TIMER with the announced tag), however many arrived.
TEST(RpRef, DeferredCutHappensOnceAtThePeriodsEnd) {
  RpAlgo a(16);
  load(a, "connectx");
  ASSERT_EQ(a.regs()[RP_CUT_DEFER], 1u);
  a.set(RP_ALPHA_INIT_Q16, 32768);        // alpha 0.5: a raise is visible
  RpResult r = ev(a, CNP, 0);
  const uint32_t rc1 = r.rc, alpha1 = r.alpha;
  EXPECT_EQ(r.ctmr, 0);                      // an allowed cut: nothing deferred
  r = ev(a, CNP, 1000);                      // inside the 4 us period
  EXPECT_EQ(r.rc, rc1);
  EXPECT_EQ(r.alpha, alpha1);
  EXPECT_EQ(r.ctmr, 1);                      // deferred: cut timer at last cut + 4 us
  EXPECT_EQ(r.cdl_ns, 4000u);
  const uint8_t tag = r.cgen;
  r = ev(a, CNP, 2000);                      // a second one: still one deferred cut
  EXPECT_EQ(r.ctmr, 0);
  r = ev(a, CTMR, 4100, 0, static_cast<uint8_t>(tag + 1));  // wrong tag: stale
  EXPECT_TRUE(r.stale);
  EXPECT_EQ(r.rc, rc1);
  r = ev(a, CTMR, 4100, 0, tag);
  EXPECT_FALSE(r.stale);
  EXPECT_LT(r.rc, rc1);                      // one cut ...
  EXPECT_GT(r.alpha, alpha1);                // ... and one alpha raise
  const uint32_t rc2 = r.rc;
  r = ev(a, CTMR, 4200, 0, tag);             // consumed: a second expiry is stale
  EXPECT_TRUE(r.stale);
  EXPECT_EQ(r.rc, rc2);
  // The same CNPs with CUT_DEFER 0 are discarded: no timer, no cut.
  RpAlgo b(16);
  load(b, "connectx");
  b.set(RP_CUT_DEFER, 0);
  b.set(RP_ALPHA_INIT_Q16, 32768);
  ev(b, CNP, 0);
  r = ev(b, CNP, 1000);
  EXPECT_EQ(r.ctmr, 0);
  EXPECT_EQ(r.rc, rc1);
}

// ALPHA_FIRST (ns3-rdma) cuts with the raised alpha; HAI_FIXED (HPCC's Mellanox model)
// steps Rt by R_HAI in hyper increase instead of i x R_HAI.
TEST(RpRef, AlphaFirstAndFixedHyperStep) {
  RpAlgo a(16), b(16);
  load(a, "paper");
  load(b, "paper");
  a.set(RP_ALPHA_INIT_Q16, 32768);
  b.set(RP_ALPHA_INIT_Q16, 32768);  // alpha 0.5
  b.set(RP_ALPHA_FIRST, 1);
  const RpResult ra = ev(a, CNP, 0), rb = ev(b, CNP, 0);
  const uint32_t up = 32768 + static_cast<uint32_t>((32768ull * 256) >> 16);
  EXPECT_EQ(ra.rc, 40000000u - static_cast<uint32_t>((40000000ull * 32768) >> 17));
  EXPECT_EQ(rb.rc, 40000000u - static_cast<uint32_t>((40000000ull * up) >> 17));
  EXPECT_EQ(ra.alpha, up);
  EXPECT_EQ(rb.alpha, up);
  // hyper increase: both stage counters past F (F = 1, tiny byte counter)
  RpAlgo h(16), f(16);
  for (RpAlgo* x : {&h, &f}) {
    load(*x, "paper");
    x->set(RP_F_STEPS, 1);
    x->set(RP_BYTE_COUNTER_BYTES, 65536);
  }
  f.set(RP_HAI_FIXED, 1);
  ev(h, CNP, 0);                  // two cuts: Rt = the first cut's Rc, below line rate,
  ev(f, CNP, 0);                  // so the hyper steps are not clamped away
  RpResult rh = ev(h, CNP, 1), rf = ev(f, CNP, 1);
  ASSERT_LT(rh.rt, 40000000u);
  uint8_t gh = rh.igen, gf = rf.igen;
  for (int i = 1; i <= 8; ++i) {  // 8 timer and 8 byte-counter expiries: i up to 6
    rh = ev(h, ITMR, 1000 * i, 0, gh);
    rf = ev(f, ITMR, 1000 * i, 0, gf);
    gh = rh.igen;
    gf = rf.igen;
    for (int k = 0; k < 2; ++k) {  // 2 x 65535 B >= B = 65536: one byte-counter expiry
      rh = ev(h, TX, 1000 * i + 1 + k, 65535);
      rf = ev(f, TX, 1000 * i + 1 + k, 65535);
    }
  }
  EXPECT_EQ(cov_of(h).hai, cov_of(f).hai);
  EXPECT_GT(cov_of(f).hai_fixed, 0u);
  EXPECT_GT(rh.rt, rf.rt);  // i x R_HAI grows faster than R_HAI
}

// Re-timing: after a cut to a low rate the pending departure is far away; the increase
// that follows pulls it in (previous departure + bytes at the new Rc, not before now).
TEST(RpRef, RateChangeRetimesThePendingDeparture) {
  RpAlgo a(16);
  load(a, "connectx");
  a.set(RP_MIN_RATE_KBPS, 1000);
  RpResult r = ev(a, TX, 0, 4096);
  EXPECT_TRUE(r.paced);
  for (int i = 0; i < 30; ++i) r = ev(a, CNP, 10000 * (i + 1));  // cut towards 1 Mb/s
  EXPECT_LT(r.rc, 2000u);
  const uint32_t far = r.next_tx_ns;     // 4096 B at ~1 Mb/s: ~33 ms after 0
  EXPECT_GT(far, 30000000u);
  // The rate recovers: each increase re-times the departure to dep + 4096 B at the new Rc.
  uint8_t g = r.igen;
  uint32_t now = 400000;
  for (int i = 0; i < 12; ++i) {
    now += 300000;
    r = ev(a, ITMR, now, 0, g);
    g = r.igen;
  }
  EXPECT_GT(r.rc, 1000000u);              // back above 1 Gb/s
  EXPECT_EQ(r.next_tx_ns, now);           // dep (0) + 4096 B at >1 Gb/s is long past: now
  EXPECT_GT(cov_of(a).retime, 10u);
  EXPECT_GT(cov_of(a).retime_at_now, 0u);
  // A QUERY changes nothing: no re-timing, the departure stays.
  const RpResult q = ev(a, QUERY, now + 5);
  EXPECT_EQ(q.next_tx_ns, now);
}

// The reciprocal table never makes a packet time longer than exact and is within 0.027 %
// of it (the bucket, 1/4097, plus T's own rounding, 1/62500, plus one ns.12 LSB): every bucket's both ends, at every exponent Rc can have (1000 kb/s .. 2^32).
TEST(RpRef, ReciprocalIsNeverAboveExact) {
  uint64_t checks = 0;
  for (unsigned idx = 0; idx < 4096; ++idx) {
    for (unsigned lz = 0; lz <= 22; ++lz) {
      for (uint32_t fill : {0u, 0x7FFFFu}) {
        const uint32_t n = (1u << 31) | (idx << 19) | fill;
        const uint32_t rc = n >> lz;
        if (rc < 1000) continue;
        const RpRecip rr = rp_recip(rc);
        for (uint16_t b : {uint16_t{64}, uint16_t{1500}, uint16_t{65535}}) {
          const double exact = b * 8e6 * 4096.0 / rc;
          const double got = static_cast<double>(rp_pace_ns12(b, rr));
          ASSERT_LE(got, exact) << "rc " << rc << " bytes " << b;
          ASSERT_GE(got, exact * (1 - 2.7e-4) - 1) << "rc " << rc << " bytes " << b;
          ++checks;
        }
      }
    }
  }
  EXPECT_GT(checks, 500000u);
}

TEST(RpRef, FirstCnpRateAndUeReaction) {
  RpAlgo a(16);
  load(a, "paper");
  a.set(RP_FIRST_CNP_RATE_KBPS, 5000000);
  RpResult r = ev(a, CNP, 0);
  EXPECT_EQ(r.rc, 5000000u);
  r = ev(a, CNP, 100);
  EXPECT_EQ(r.rc, 2500000u);  // later CNPs cut as usual
  // UE: no cut, no alpha change, increase restarted
  const uint32_t alpha = r.alpha, rc = r.rc;
  r = ev(a, CNP, 200, 0, 0, true);
  EXPECT_EQ(r.rc, rc);
  EXPECT_EQ(r.alpha, alpha);
  EXPECT_EQ(r.itmr, 1);
  EXPECT_EQ(r.atmr, 0);
  EXPECT_EQ(a.state(3).t_stage, 0);
}

TEST(RpRef, StaleTimerIgnoredAndInitForgets) {
  RpAlgo a(16);
  load(a, "paper");
  RpResult r = ev(a, CNP, 0);
  const uint8_t old = r.igen;
  r = ev(a, CNP, 10);  // re-arms: old tag is stale now
  r = ev(a, ITMR, 55000, 0, old);
  EXPECT_TRUE(r.stale);
  EXPECT_EQ(r.rc, 10000000u);
  r = ev(a, INIT, 60000);
  EXPECT_EQ(r.rc, 40000000u);
  EXPECT_EQ(r.atmr, 2);
  EXPECT_EQ(r.itmr, 2);
  EXPECT_FALSE(a.state(3).valid);
}

// INIT with a start rate (tau_ns field, kb/s): the flow restarts at Rc = that rate, clamped
// to [MIN_RATE, LINE_RATE], Rt = line, the initial alpha, fresh stages and the increase
// timer armed (the state after a cut from line rate); paced at Rc from its first packet.
TEST(RpRef, InitWithStartRateStartsThereClampedAndPacesAtIt) {
  RpAlgo a(16);
  load(a, "paper");  // MIN_RATE 100 Mb/s, line 40 Gb/s
  RpResult r = ev(a, INIT, 0, 0, 0, false, 1000000);  // 1 Gb/s
  EXPECT_EQ(r.rc, 1000000u);
  EXPECT_EQ(r.rt, 40000000u);
  EXPECT_EQ(r.alpha, 65536u);
  EXPECT_EQ(r.itmr, 1);                     // increase timer armed: T = 55 us
  EXPECT_EQ(r.idl_ns, 55000u);
  EXPECT_EQ(r.atmr, 2);
  EXPECT_TRUE(a.state(3).valid);
  const uint8_t gen = r.igen;
  r = ev(a, TX, 100, 1000);                 // 1000 B at 1 Gb/s = 8000 ns
  EXPECT_EQ(r.next_tx_ns, 8100u);
  r = ev(a, ITMR, 55000, 0, gen);           // fast recovery: (1 + 40) / 2 Gb/s
  EXPECT_EQ(r.rc, 20500000u);
  r = ev(a, CNP, 60000);                    // cut by alpha/2 = 1/2
  EXPECT_EQ(r.rc, 10250000u);
  r = ev(a, INIT, 10000, 0, 0, false, 5);   // below MIN_RATE: clamped up
  EXPECT_EQ(r.rc, 100000u);
  r = ev(a, INIT, 10000, 0, 0, false, 0xffffffffu);  // above line: line rate
  EXPECT_EQ(r.rc, 40000000u);
  EXPECT_TRUE(a.state(3).valid);
  r = ev(a, INIT, 10000);                   // 0: fresh flow at line rate
  EXPECT_EQ(r.rc, 40000000u);
  EXPECT_FALSE(a.state(3).valid);

  // A deadline announced before an INIT with a start rate stays stale after it: the
  // INIT takes a new tag instead of restarting the tags.
  r = ev(a, CNP, 20000);
  const uint8_t before = r.igen;
  r = ev(a, INIT, 20010, 0, 0, false, 2000000);
  EXPECT_NE(r.igen, before);
  r = ev(a, ITMR, 75000, 0, before);
  EXPECT_TRUE(r.stale);
  EXPECT_EQ(r.rc, 2000000u);
}

// DCQCN+: after an INIT with a start rate the increase deadline is now + lambda x
// max(tau, MTU / Rc), tau = 0 for a new flow: at 1 Mb/s, MTU x 8 us.
TEST(RpRef, DcqcnPlusInitWithStartRateArmsTheAdaptivePeriod) {
  RpAlgo a(16);
  load(a, "dcqcn_plus");
  a.set(RP_MIN_RATE_KBPS, 1000);
  const uint32_t mtu = a.regs()[RP_MTU_BYTES];
  RpResult r = ev(a, INIT, 1000, 0, 0, false, 1000);  // 1 Mb/s
  EXPECT_EQ(r.rc, 1000u);
  EXPECT_EQ(r.itmr, 1);
  // MTU / Rc comes from the reciprocal table: never above exact, within 0.027 % below it
  auto near_below = [](uint32_t got, uint32_t exact) {
    EXPECT_LE(got, exact);
    EXPECT_GE(got, exact - exact / 3700 - 1);
  };
  near_below(r.idl_ns - 1000u, mtu * 8000u);         // lambda 1.0 (Q8 256)
  a.set(RP_LAMBDA_Q8, 512);                        // lambda 2
  r = ev(a, INIT, 1000, 0, 0, false, 4000);          // 4 Mb/s: MTU x 2 us, times 2
  near_below(r.idl_ns - 1000u, 2u * mtu * 2000u);
}

TEST(RpRef, AlphaDecaysToItsFloorThenTimerStops) {
  RpAlgo a(16);
  load(a, "connectx");
  RpResult r = ev(a, CNP, 0);
  uint32_t now = 0;
  int steps = 0;
  while (r.atmr == 1 && steps < 100000) {
    now += 1000;
    r = ev(a, ATMR, now, 0, r.agen);
    ++steps;
  }
  EXPECT_EQ(r.atmr, 2);  // cancelled at the floor
  EXPECT_LT(r.alpha * 320u, 65536u);  // one more step would not change alpha
  EXPECT_GT(r.alpha, 150u);           // ... and it stopped at that point, not at 0
  // Truncating each decrement makes the fixed point decay a little slower than
  // (1 - g)^n; the step count stays within 15 % of the float count.
  const double est = std::log(r.alpha / 65472.0) / std::log(1 - 320 / 65536.0);
  EXPECT_NEAR(steps, est, 0.15 * est);
}

TEST(RpRef, DcqcnPlusPeriodIsLambdaTimesMaxOfTauAndMtuTime) {
  RpAlgo a(16);
  load(a, "dcqcn_plus");
  a.set(RP_LAMBDA_Q8, 512);  // 2.0
  RpResult r = ev(a, CNP, 1000, 0, 0, false, 50000);
  // Rc 20 Gb/s: MTU 1500 B takes 600 ns < tau 50 us -> K = 2 * 50 us
  EXPECT_EQ(r.idl_ns, 1000u + 100000u);
  a.set(RP_MIN_RATE_KBPS, 1000);
  for (int i = 0; i < 20; ++i) r = ev(a, CNP, 2000 + i, 0, 0, false, 1000);
  // Rc is now 1 Mb/s: MTU time 12 ms > tau -> K = 2 * 12 ms
  EXPECT_EQ(r.rc, 1000u);
  EXPECT_LE(r.idl_ns - 2019u, 24000000u);  // the reciprocal table: never above exact,
  EXPECT_GE(r.idl_ns - 2019u, 24000000u - 24000000u / 3700);  // within 0.027 % below
}

// Pacing: a flow that always sends at the returned time achieves Rc within 0.1 %.
TEST(RpRef, PacingLongRunErrorBelowOnePerMille) {
  for (double rate_kbps : {1000.0, 7777.0, 100000.0, 1234567.0, 9999999.0, 25000000.0, 40000000.0,
                           100000000.0, 400000000.0}) {
    for (uint16_t bytes : {64, 1500, 4096}) {
      RpAlgo a(16);
      load(a, "paper", 400000000);
      a.set(RP_MIN_RATE_KBPS, static_cast<uint32_t>(rate_kbps));
      a.set(RP_LINE_RATE_KBPS, static_cast<uint32_t>(rate_kbps));
      uint64_t t = 0xFFFF0000u;  // crosses the 2^32 wrap
      const int n = 2000;
      uint64_t next = t;
      for (int i = 0; i < n; ++i) {
        t = next;
        const RpResult r = ev(a, TX, static_cast<uint32_t>(t), bytes);
        next = t + static_cast<uint32_t>(r.next_tx_ns - static_cast<uint32_t>(t));
      }
      const double secs = (next - 0xFFFF0000u) * 1e-9;
      const double achieved_kbps = n * bytes * 8.0 / secs / 1000.0;
      EXPECT_LT(std::fabs(achieved_kbps / rate_kbps - 1.0), 1e-3)
          << "rate " << rate_kbps << " kb/s, " << bytes << " B";
    }
  }
}

// ----------------------------------------------------------------- fidelity

namespace {

// Drives RpAlgo and RpFloat with the same events: a backlogged flow sending 1500 B
// packets at the fixed model's pacing, CNPs every `cnp_ns` until `cnp_until_ns`, and
// the timers the fixed model announces. Returns the largest |Rc_fixed - Rc_float|.
double fidelity(const std::string& profile, uint32_t cnp_ns, uint64_t cnp_until_ns,
                uint64_t end_ns, uint32_t* final_rc = nullptr) {
  RpAlgo fx(4);
  load(fx, profile);
  RpFloat fl(fx.regs());
  enum Kind { K_CNP = 0, K_ATMR = 1, K_ITMR = 2, K_TX = 3 };
  struct E { uint64_t t; int kind; uint8_t gen; bool operator>(const E& o) const {
    return t != o.t ? t > o.t : kind > o.kind; } };
  std::priority_queue<E, std::vector<E>, std::greater<E>> q;
  std::map<int, uint8_t> live;  // timer kind -> tag (only the latest is delivered)
  for (uint64_t t = 1000; t < cnp_until_ns; t += cnp_ns) q.push({t, K_CNP, 0});
  q.push({0, K_TX, 0});
  double worst = 0;
  while (!q.empty()) {
    const E e = q.top();
    q.pop();
    if (e.t > end_ns) break;
    RpEvent ev;
    ev.flow = 1;
    ev.now_ns = static_cast<uint32_t>(e.t);
    if (e.kind == K_CNP) {
      ev.op = CNP;
      fl.cnp(ev.now_ns, false);
    } else if (e.kind == K_ATMR || e.kind == K_ITMR) {
      auto it = live.find(e.kind);
      if (it == live.end() || it->second != e.gen) continue;  // cancelled or re-armed
      ev.op = e.kind == K_ATMR ? ATMR : ITMR;
      ev.gen = e.gen;
      if (e.kind == K_ATMR) fl.alpha_timer(); else fl.inc_timer();
    } else {
      ev.op = TX;
      ev.bytes = 1500;
      fl.tx(1500);
    }
    const RpResult r = fx.process(ev);
    if (e.kind == K_TX)
      q.push({e.t + static_cast<uint32_t>(r.next_tx_ns - ev.now_ns), K_TX, 0});
    auto track = [&](int kind, uint8_t act, uint8_t gen, uint32_t dl) {
      if (act == 1) { live[kind] = gen; q.push({e.t + static_cast<uint32_t>(dl - ev.now_ns), kind, gen}); }
      if (act == 2) live.erase(kind);
    };
    track(K_ATMR, r.atmr, r.agen, r.adl_ns);
    track(K_ITMR, r.itmr, r.igen, r.idl_ns);
    worst = std::max(worst, std::fabs(static_cast<double>(r.rc) - fl.rc));
    if (final_rc) *final_rc = r.rc;
  }
  return worst;
}

}  // namespace

class RpFidelity : public ::testing::TestWithParam<std::string> {};

TEST_P(RpFidelity, CnpEvery50usFor10msThenQuiet50ms) {
  const double w = fidelity(GetParam(), 50000, 10000000, 60000000);
  std::printf("fidelity %s CNP/50us: max |Rc - Rc_float| = %.0f kb/s (%.4f %% of line)\n",
              GetParam().c_str(), w, w / 400000.0);
  EXPECT_LE(w, 0.005 * 40000000);
}

TEST_P(RpFidelity, CnpEvery10usFor10msThenQuiet50ms) {
  const double w = fidelity(GetParam(), 10000, 10000000, 60000000);
  std::printf("fidelity %s CNP/10us: max |Rc - Rc_float| = %.0f kb/s (%.4f %% of line)\n",
              GetParam().c_str(), w, w / 400000.0);
  EXPECT_LE(w, 0.005 * 40000000);
}

TEST_P(RpFidelity, HeldAtMinimumRate) {
  uint32_t rc = 0;
  const double w = fidelity(GetParam(), 5000, 20000000, 20000000, &rc);
  std::printf("fidelity %s held at min: max |Rc - Rc_float| = %.0f kb/s, final Rc %u kb/s\n",
              GetParam().c_str(), w, rc);
  EXPECT_LE(w, 0.005 * 40000000);
  RpAlgo tmp(1);
  load(tmp, GetParam());
  EXPECT_LE(rc, tmp.regs()[RP_MIN_RATE_KBPS] * 2);  // pinned near the floor
}

INSTANTIATE_TEST_SUITE_P(Profiles, RpFidelity, ::testing::Values("paper", "connectx"));

TEST(Profiles, AllResolveAndUnknownIsRejectedWithTheList) {
  for (const auto& p : profile_names()) EXPECT_FALSE(profile_writes(p, 8).empty()) << p;
  try {
    profile_writes("papr");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("paper, connectx"), std::string::npos) << e.what();
  }
}

TEST(Profiles, ConnectxAndStaticValuesMatchTheSpec) {
  auto get = [](const std::string& p, std::string_view n, unsigned flows = 1) {
    for (const auto& w : profile_writes(p, flows))
      if (w.block == Block::RP && w.name == n) return w.value;
    return ~0u;
  };
  EXPECT_EQ(get("connectx", "BYTE_COUNTER_BYTES"), 32767u * 64);
  EXPECT_EQ(get("connectx", "TIMER_PERIOD_NS"), 300000u);
  EXPECT_EQ(get("dcqcn_plus_static", "TIMER_PERIOD_NS", 80), 248000u);  // 3.1 us * 80
  EXPECT_EQ(get("dcqcn_plus_static", "AI_RATE_KBPS", 80), 3200u);       // 256/80 Mb/s
  EXPECT_EQ(get("strawman", "BYTE_COUNTER_BYTES"), 150000u);
}

TEST(Regmap, RpRowsAreConsistent) {
  for (size_t i = 0; i < kRpRegs.size(); ++i) {
    const auto& r = kRpRegs[i];
    EXPECT_EQ(r.addr, i * 4) << r.name;
    EXPECT_LE(r.min, r.reset) << r.name;
    EXPECT_LE(r.reset, r.max) << r.name;
  }
  RpAlgo g(1);
  g.csr_write(kRpRegs[RP_ALPHA_PERIOD_NS].addr, 0);  // zero period: clamped
  EXPECT_EQ(g.regs()[RP_ALPHA_PERIOD_NS], 100u);
  g.csr_write(kRpRegs[RP_G_Q16].addr, 1u << 20);     // g > 1: clamped
  EXPECT_EQ(g.regs()[RP_G_Q16], 65536u);
  EXPECT_EQ(g.csr_read(0xFC), 0u);                   // unmapped reads 0
}

// ---------------------------------------------------------------- time coming round 2^32 ns
// now_ns wraps every 2^32 ns (4.29 s). A flow that is idle for seconds and then active
// again is inside the contract; these tests bring time round (docs/rp.md "Time").

// The monitor period (RRMP_NS) compares now with the last cut's time. A flow cut at 0,
// whose timers then ran (its increase timer up to full recovery, the last expiry after
// the period), is idle and gets a CE CNP 2^32 + 1000 ns after the cut: its last cut is
// 4.29 s old, so the CNP cuts. Until 2026-11-28 the stored cut time matched again (the
// 32-bit difference read 1000 ns < RRMP 4 us): the CNP was deferred to 4 us (CUT_DEFER
// 1) or discarded (CUT_DEFER 0).
TEST(RpRef, MonitorPeriodIsOverForAFlowIdleForTwoToThe32ns) {
  for (uint32_t defer : {1u, 0u}) {
    SCOPED_TRACE("CUT_DEFER " + std::to_string(defer));
    RpAlgo a(16);
    load(a, "connectx");  // RRMP 4 us, K 1 us, T 300 us
    a.set(RP_CUT_DEFER, defer);
    ASSERT_EQ(a.regs()[RP_RRMP_NS], 4000u);
    RpResult r = ev(a, CNP, 0);
    ASSERT_LT(r.rc, 40000000u);  // cut at 0
    // The increase timer until the flow is back at line rate (the timer cancelled).
    uint32_t now = 0;
    int steps = 0;
    while (r.itmr == 1 && steps < 1000) {
      now = r.idl_ns;
      r = ev(a, ITMR, now, 0, r.igen);
      ++steps;
    }
    ASSERT_EQ(r.itmr, 2);
    ASSERT_EQ(r.rc, 40000000u);
    EXPECT_FALSE(a.state(3).cut_valid);  // the period was over at the first expiry
    // Idle; a CE CNP 2^32 + 1000 ns after the cut (now_ns = 1000 again).
    r = ev(a, CNP, 1000);
    EXPECT_LT(r.rc, 40000000u) << "the CNP must cut: the last cut is 4.29 s old";
    EXPECT_NE(r.ctmr, 1) << "no deferred cut: the monitor period is long over";
    // Inside the new period the next CNP is deferred or discarded as usual.
    const uint32_t rc1 = r.rc;
    r = ev(a, CNP, 2000);
    EXPECT_EQ(r.rc, rc1);
    EXPECT_EQ(r.ctmr, defer ? 1 : 0);
  }
}

// The cut is forgotten by the first event that finds the period over, with the RRMP in
// force then: a larger RRMP written afterwards does not bring an old cut back.
TEST(RpRef, MonitorPeriodOverIsRememberedAcrossAnRrmpRewrite) {
  RpAlgo a(16);
  load(a, "connectx");  // RRMP 4 us
  a.set(RP_CUT_DEFER, 0);
  RpResult r = ev(a, CNP, 0);
  EXPECT_TRUE(a.state(3).cut_valid);
  r = ev(a, QUERY, 3999);
  EXPECT_TRUE(a.state(3).cut_valid);     // inside: kept
  r = ev(a, QUERY, 4000);
  EXPECT_FALSE(a.state(3).cut_valid);    // over: forgotten
  a.set(RP_RRMP_NS, 40000);
  const uint32_t rc1 = r.rc;
  r = ev(a, CNP, 5000);                  // 5 us after the cut, RRMP now 40 us: cuts
  EXPECT_LT(r.rc, rc1);
  EXPECT_TRUE(a.state(3).cut_valid);
  // A flow whose cut is still inside the period when RRMP grows keeps it.
  const uint32_t rc2 = r.rc;
  r = ev(a, CNP, 30000);                 // 25 us after the cut < 40 us: discarded
  EXPECT_EQ(r.rc, rc2);
}

// The pacing word (docs/rp.md "Time", fixed 2026-11-29): RAM B keeps the absolute time
// of the flow's last departure `dep` and its next permitted departure `next`, read by the
// sign of their difference with now. Before the fix, after 2^31 ns without a TX they read
// as in the future: a QUERY (the NIC's "the flow has data again") answered next_tx_ns up
// to 2^31 ns after now and the NIC held the flow that long; a TX took `next` as its base;
// a flow whose timers kept re-timing it (events less than 2^31 ns apart) had `dep` age.
// Now every event retires a word whose `dep` is 2^30 to 2^31 ns behind now (read as not
// valid, written back so), and the integrator sends every flow an event (AGE, its sweep)
// at least every 2^30 ns. This test failed on the block before the fix (QUERY answered
// next_tx 1.29 s after now at idle 3 s; the TX based at the old next).
TEST(RpRef, IdleFlowIsNotHeldAfterTwoToThe31nsWithAgeEvents) {
  const uint32_t kEpoch = 1u << 29;
  for (uint32_t step : {kEpoch, (1u << 30) - 1u}) {
    for (uint64_t idle : {2200000000ull, 3000000000ull, 0xFFFFFFFFull - 1000000ull, 5000000000ull}) {
      SCOPED_TRACE("AGE every " + std::to_string(step) + " ns, idle " + std::to_string(idle) + " ns");
      RpAlgo a(16);
      load(a, "paper");
      RpResult r = ev(a, TX, 0, 1500);
      ASSERT_EQ(r.next_tx_ns, 300u);
      for (uint64_t t = step; t < idle; t += step) {
        r = ev(a, AGE, static_cast<uint32_t>(t));
        EXPECT_EQ(r.op, AGE);
        // the word is kept while dep is less than 2^30 ns behind, retired at the first AGE after
        EXPECT_EQ(r.paced, t < (1u << 30)) << "AGE at " << t;
        EXPECT_EQ(r.next_tx_ns, t < (1u << 30) ? 300u : static_cast<uint32_t>(t));
      }
      const uint32_t now = static_cast<uint32_t>(idle);
      r = ev(a, QUERY, now);
      EXPECT_EQ(r.next_tx_ns, now) << "QUERY: next_tx_ns " << r.next_tx_ns << " is "
                                   << static_cast<int32_t>(r.next_tx_ns - now) << " ns after now";
      EXPECT_FALSE(r.paced);
      r = ev(a, TX, now, 1500);
      EXPECT_EQ(r.next_tx_ns, now + 300u) << "TX: the base must be now (an idle flow earns no credit)";
      EXPECT_TRUE(r.paced);
    }
  }
  EXPECT_EQ(RpOp::AGE, static_cast<RpOp>(7));
}

// Re-timing: a flow that sent at 0 and then only sees its increase timer (T = 1 s, each
// expiry changes Rc and re-times the departure). dep stays 0; before the fix, at 3 s
// dep + b read as in the future and the re-timed departure was ~1.29 s ahead. The
// timers are events every 1 s < 2^30 ns: the expiry at 2 s retires the word, no AGE needed.
TEST(RpRef, RetimedFlowWhoseDepartureAgesIsNeverHeld) {
  RpAlgo a(16);
  load(a, "paper");
  a.set(RP_TIMER_PERIOD_NS, 1000000000);
  RpResult r = ev(a, TX, 0, 1500);
  r = ev(a, CNP, 10);
  for (int i = 0; i < 5; ++i) {
    const uint32_t now = r.idl_ns;
    const uint32_t rc0 = r.rc;
    r = ev(a, ITMR, now, 0, r.igen);
    ASSERT_NE(r.rc, rc0);  // Rc changed: a paced flow is re-timed
    EXPECT_LE(static_cast<int32_t>(r.next_tx_ns - now), 0)
        << "INC_TIMER at " << now << ": next_tx_ns " << r.next_tx_ns << " is "
        << static_cast<int32_t>(r.next_tx_ns - now) << " ns after now";
    EXPECT_EQ(r.paced, i == 0) << "INC_TIMER at " << now;  // retired at 2 s (dep 2 s behind)
  }
  EXPECT_EQ(cov_of(a).pace_retire, 1u);
  const uint32_t now = r.idl_ns - 1000;
  r = ev(a, TX, now, 1500);
  EXPECT_EQ(r.next_tx_ns, now + rp_pace_ns12(1500, rp_recip(r.rc)) / 4096 +
                              (rp_pace_ns12(1500, rp_recip(r.rc)) % 4096 != 0));
}

// The rule's bounds, exactly: dep 2^30 ns - 1 LSB (ns.12) behind now is kept, 2^30 ns
// behind is retired; 2^31 ns - 1 ns behind is retired, 2^31 ns (past the horizon: the
// difference's sign bit) is not.
TEST(RpRef, PacingWordIsRetiredFromTwoToThe30nsBehindToTwoToThe31ns) {
  // A dep with fraction 1 LSB: a TX on time keeps the exact schedule (dep = the last next).
  // Find the bytes whose time at line rate ends 1 LSB past a whole ns.
  const RpRecip rr = rp_recip(40000000);
  uint16_t b1 = 0;
  for (uint32_t b = 64; b < 65536 && !b1; ++b)
    if (rp_pace_ns12(static_cast<uint16_t>(b), rr) % 4096 == 1) b1 = static_cast<uint16_t>(b);
  ASSERT_NE(b1, 0);
  const uint64_t dep_f = rp_pace_ns12(b1, rr);   // the second TX's dep (ns.12)
  const uint32_t d = static_cast<uint32_t>(dep_f >> 12);
  for (int late : {0, 1}) {
    SCOPED_TRACE(late ? "2^30 ns + 4095 LSB behind" : "2^30 ns - 1 LSB behind");
    RpAlgo a(16);
    load(a, "paper");
    ev(a, TX, 0, b1);
    RpResult r = ev(a, TX, d, 1500);    // on time (d <= next): dep = next of the first
    ASSERT_EQ(a.pace(3).t_dep, dep_f);
    const uint32_t next = r.next_tx_ns;
    const uint32_t now = d + (1u << 30) + static_cast<uint32_t>(late);
    r = ev(a, QUERY, now);
    EXPECT_EQ(r.paced, !late);
    EXPECT_EQ(r.next_tx_ns, late ? now : next);
    EXPECT_EQ(cov_of(a).pace_retire, late ? 1u : 0u);
  }
  // dep = 0 (a TX at 0): 2^30 behind retires, 2^31 - 1 ns retires, 2^31 does not (past
  // the horizon the word reads as ahead: the contract's event every 2^30 ns avoids it).
  for (uint32_t now : {(1u << 30) - 1u, 1u << 30, (1u << 31) - 1u, 1u << 31}) {
    SCOPED_TRACE("dep 0, now " + std::to_string(now));
    RpAlgo a(16);
    load(a, "paper");
    ev(a, TX, 0, 1500);
    const RpResult r = ev(a, QUERY, now);
    const bool retired = now >= (1u << 30) && now < (1u << 31);
    EXPECT_EQ(r.paced, !retired);
    EXPECT_EQ(r.next_tx_ns, retired ? now : 300u);
    EXPECT_FALSE(a.pace(3).valid != !retired);  // written back as read
  }
}

// Inside 2^30 ns nothing changes: a flow that sent at 0 and is queried at 1 s still has
// its departure at 300 ns (a past time, due), paced; a TX then restarts at now (late).
TEST(RpRef, PacingWordInsideTwoToThe30nsIsKept) {
  RpAlgo a(16);
  load(a, "paper");
  RpResult r = ev(a, TX, 0, 1500);
  ASSERT_EQ(r.next_tx_ns, 300u);
  r = ev(a, AGE, 1000000000);
  EXPECT_TRUE(r.paced);
  EXPECT_EQ(r.next_tx_ns, 300u);
  r = ev(a, QUERY, 1000000000);
  EXPECT_TRUE(r.paced);
  EXPECT_EQ(r.next_tx_ns, 300u);
  r = ev(a, TX, 1000000000, 1500);
  EXPECT_EQ(r.next_tx_ns, 1000000300u);
  EXPECT_EQ(cov_of(a).pace_retire, 0u);
  EXPECT_EQ(cov_of(a).pace_restart, 1u);
}

// Past the horizon (a flow without an event for more than 2^30 ns: outside the contract)
// the rule still reads the word as not valid whatever `next` says: a flow re-timed when
// its dep was 2^31 + 100 ns old (read as ahead: not retired; next = now) and retired at a
// TX 2^31 + 2^30 + 900 ns later, whose `next` then reads as 2^31 - 900 ns ahead, bases the
// TX at now, as a flow that never sent (the RTL's S9 takes now for a retired word).
TEST(RpRef, RetiredWordWhoseNextReadsAheadTxBasesAtNow) {
  RpAlgo a(16);
  load(a, "paper");
  RpResult r = ev(a, TX, 0, 1500);
  r = ev(a, CNP, (1u << 31) + 100u);          // cut: Rc 20 Gb/s, re-timed to now
  ASSERT_EQ(r.rc, 20000000u);
  EXPECT_TRUE(r.paced);
  EXPECT_EQ(r.next_tx_ns, (1u << 31) + 100u);
  EXPECT_EQ(cov_of(a).pace_retire, 0u);
  const uint32_t now = (1u << 30) + 1000u;     // 2^32 + 2^30 + 1000 ns after the TX
  r = ev(a, TX, now, 1500);
  EXPECT_EQ(cov_of(a).pace_retire, 1u);
  EXPECT_EQ(r.next_tx_ns, now + 600u);          // 1500 B at 20 Gb/s from now
  EXPECT_EQ(a.pace(3).t_dep, static_cast<uint64_t>(now) << 12);
}
