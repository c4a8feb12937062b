// SPDX-License-Identifier: MIT
// Directed tests of the NP reference model (tb/ref/np_ref.h): the CNP hold-off rule,
// the TIMER replay, TCD marks, DCQCN+ tau, wrapping time, the CSR clamp and the cycle
// wrapper's latency, clear time and back-pressure.
#include <gtest/gtest.h>

#include <set>

#include "np_ref.h"

namespace dcqcn {
namespace {

NpEvent rx(uint32_t flow, uint32_t now, uint8_t ecn = kEcnCe) {
  return NpEvent{NpOp::RX, flow, now, ecn, 0};
}
NpEvent timer(uint32_t flow, uint32_t now, uint8_t gen) {
  return NpEvent{NpOp::TIMER, flow, now, 0, gen};
}
NpEvent init(uint32_t flow, uint32_t now) {
  return NpEvent{NpOp::INIT, flow, now, 0, 0};
}
NpEvent drain(uint32_t flow, uint32_t now) {
  return NpEvent{NpOp::DRAIN, flow, now, 0, 0};
}

// NpAlgo keeping the trace of its last event (the algorithm itself keeps none).
struct TracedNp : NpAlgo {
  using NpAlgo::NpAlgo;
  NpResult process(const NpEvent& ev) { return NpAlgo::process(ev, &trace); }
  const NpTrace& last_trace() const { return trace; }
  NpTrace trace;
};

TEST(NpRegmap, TableIsConsistent) {
  std::set<unsigned> addrs;
  for (const auto& r : kNpRegs) {
    EXPECT_EQ(r.addr % 4, 0u) << r.name;
    EXPECT_TRUE(addrs.insert(r.addr).second) << r.name << " address reused";
    EXPECT_LE(r.min, r.reset) << r.name;
    EXPECT_LE(r.reset, r.max) << r.name;
  }
  for (const auto& r : kNpStatus) {
    EXPECT_EQ(r.addr % 4, 0u) << r.name;
    EXPECT_TRUE(addrs.insert(r.addr).second) << r.name << " address reused";
  }
  EXPECT_EQ(kNpRegs[NP_CNP_INTERVAL_NS].reset, 50000u);  // paper: N = 50 us
  EXPECT_EQ(kNpRegs[NP_CNP_BUDGET_NS].reset, 0u);        // no budget unless written
}

TEST(NpAlgo, PaperHoldOffWindow) {
  TracedNp np(16);  // reset values: N = 50 us, DCQCN mode
  // First CE of the flow: CNP at once.
  NpResult r = np.process(rx(3, 1000));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.cnp_kind, static_cast<uint8_t>(NpCnpKind::CE));
  EXPECT_EQ(r.cnp_tau_ns, 50000u);
  EXPECT_FALSE(r.tmr_set);
  EXPECT_EQ(np.last_trace().path, NpPath::CnpFirst);
  // 20 us later: suppressed, deadline 1000 + 50000 announced with gen 1.
  r = np.process(rx(3, 21000));
  EXPECT_FALSE(r.cnp);
  EXPECT_TRUE(r.tmr_set);
  EXPECT_EQ(r.tmr_deadline_ns, 51000u);
  EXPECT_EQ(r.tmr_gen, 1u);
  // More marks in the window: still suppressed, no second deadline.
  r = np.process(rx(3, 30000));
  EXPECT_FALSE(r.cnp);
  EXPECT_FALSE(r.tmr_set);
  EXPECT_EQ(np.last_trace().path, NpPath::HoldoffHit);
  // Another flow is independent.
  EXPECT_TRUE(np.process(rx(4, 30000)).cnp);
  // The timer: the pending CNP goes out at 51 us and opens a new window.
  r = np.process(timer(3, 51000, 1));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.cnp_kind, static_cast<uint8_t>(NpCnpKind::CE));
  EXPECT_FALSE(r.stale);
  EXPECT_EQ(np.flow(3).last_cnp_ns, 51000u);
  EXPECT_FALSE(np.flow(3).pending);
  // The same timer again: gen matches but nothing is pending.
  r = np.process(timer(3, 51000, 1));
  EXPECT_FALSE(r.cnp);
  EXPECT_FALSE(r.stale);
  // No mark in the next window: no CNP at its end, and a mark 50 us after the last
  // CNP is sent at once.
  EXPECT_TRUE(np.process(rx(3, 101000)).cnp);
  EXPECT_EQ(np.last_trace().path, NpPath::CnpInterval);
}

TEST(NpAlgo, UnmarkedPacketsChangeNothing) {
  TracedNp np(16);
  for (uint8_t ecn : {kEcnNotEct, kEcnEct1, kEcnUe}) {
    const NpResult r = np.process(rx(1, 500, ecn));
    EXPECT_FALSE(r.cnp);
    EXPECT_FALSE(r.tmr_set);
    EXPECT_EQ(np.flow(1), NpFlowState{});
  }
}

TEST(NpAlgo, StaleTimer) {
  TracedNp np(16);
  np.process(rx(2, 0));
  EXPECT_EQ(np.process(rx(2, 10000)).tmr_gen, 1u);
  NpResult r = np.process(timer(2, 50000, 0));  // an older generation
  EXPECT_TRUE(r.stale);
  EXPECT_FALSE(r.cnp);
  EXPECT_TRUE(np.flow(2).pending);
  // A mark after the window but before the timer: CNP at once; the timer is then idle.
  EXPECT_TRUE(np.process(rx(2, 60000)).cnp);
  r = np.process(timer(2, 60001, 1));
  EXPECT_FALSE(r.cnp);
  EXPECT_FALSE(r.stale);
  // The next suppression announces gen 2: timer gen 1 is now stale.
  EXPECT_EQ(np.process(rx(2, 70000)).tmr_gen, 2u);
  EXPECT_TRUE(np.process(timer(2, 110000, 1)).stale);
  EXPECT_TRUE(np.process(timer(2, 110000, 2)).cnp);
}

TEST(NpAlgo, IntervalZeroEveryMarkedPacket) {
  TracedNp np(16);
  np.csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 0);  // ConnectX min_time_between_cnps 0
  for (uint32_t t = 0; t < 5; ++t) {
    const NpResult r = np.process(rx(7, 100));  // same ns even
    EXPECT_TRUE(r.cnp);
    EXPECT_EQ(r.cnp_tau_ns, 0u);
  }
}

TEST(NpAlgo, TcdUeAndCeOverride) {
  TracedNp np(16);
  // DCQCN mode: 10 is ECT(0), not a mark.
  EXPECT_FALSE(np.process(rx(5, 0, kEcnUe)).cnp);
  np.csr_write(kNpRegs[NP_MODE].addr, 1);
  NpResult r = np.process(rx(5, 1000, kEcnUe));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.cnp_kind, static_cast<uint8_t>(NpCnpKind::UE));
  // UE suppressed, then a CE in the same window: the pending CNP becomes CE.
  EXPECT_TRUE(np.process(rx(5, 2000, kEcnUe)).tmr_set);
  EXPECT_EQ(np.flow(5).pending_kind, static_cast<uint8_t>(NpCnpKind::UE));
  np.process(rx(5, 3000, kEcnCe));
  EXPECT_TRUE(np.last_trace().ce_override);
  np.process(rx(5, 4000, kEcnUe));  // a later UE does not turn it back
  r = np.process(timer(5, 51000, 1));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.cnp_kind, static_cast<uint8_t>(NpCnpKind::CE));
  // A window with only UE gives a UE CNP.
  np.process(rx(5, 60000, kEcnUe));
  r = np.process(timer(5, 101000, 2));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.cnp_kind, static_cast<uint8_t>(NpCnpKind::UE));
}

TEST(NpAlgo, PendingCeCarriedByLateUe) {
  // A CE is pending, the timer is late, and a UE arrives after the window: the CNP
  // sent at once is CE (a CE was seen in the window).
  TracedNp np(16);
  np.csr_write(kNpRegs[NP_MODE].addr, 1);
  np.process(rx(9, 0, kEcnCe));
  np.process(rx(9, 1000, kEcnCe));
  const NpResult r = np.process(rx(9, 50000, kEcnUe));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.cnp_kind, static_cast<uint8_t>(NpCnpKind::CE));
}

TEST(NpAlgo, TimeWrapsModulo2To32) {
  TracedNp np(16);
  np.process(rx(1, 0xFFFFF000u));  // CNP 4096 ns before the wrap
  NpResult r = np.process(rx(1, 0x00001000u));  // 8192 ns later: inside 50 us
  EXPECT_FALSE(r.cnp);
  EXPECT_TRUE(r.tmr_set);
  EXPECT_EQ(r.tmr_deadline_ns, 0xFFFFF000u + 50000u);  // wraps to 45904
  EXPECT_EQ(r.tmr_deadline_ns, 45904u);
  r = np.process(rx(1, 45904u));  // exactly N after the last CNP: window over
  EXPECT_TRUE(r.cnp);
}

// A flow silent for seconds (docs/np.md, "Time is expected not to decrease"). Between
// 2^31 and 2^32 ns the unsigned difference is still right: a CNP at once. At 2^32 ns
// plus less than N the stored time matches again (the documented limit): the mark is
// held, its deadline is the old last_cnp + N, at most N ahead, and the TIMER then sends
// it: one CNP late by < N.
TEST(NpAlgo, FlowSilentForSecondsIsNotifiedAtOnceOrWithinN) {
  {
    TracedNp np(16);  // N = 50 us
    EXPECT_TRUE(np.process(rx(4, 1000)).cnp);
    EXPECT_TRUE(np.process(rx(4, 1000u + 3000000000u)).cnp);  // 3 s later
    EXPECT_TRUE(np.process(rx(4, 1000u + 3000000000u + 0x80000000u)).cnp);  // 2.1 s more
  }
  {
    TracedNp np(16);
    EXPECT_TRUE(np.process(rx(4, 1000)).cnp);
    // 2^32 + 20 us after it: now_ns = 21000, the old CNP reads as 20 us old
    NpResult r = np.process(rx(4, 21000));
    EXPECT_FALSE(r.cnp);
    ASSERT_TRUE(r.tmr_set);
    EXPECT_EQ(r.tmr_deadline_ns, 51000u);                    // 30 us after the mark: < N
    EXPECT_TRUE(np.process(timer(4, 51000, r.tmr_gen)).cnp);  // the CNP, 30 us late
    // 2^32 + N after a CNP: at once
    EXPECT_TRUE(np.process(rx(4, 51000u + 50000u)).cnp);
  }
}

// The budget's "last CNP of the block" the same way: silent for 3 s, the next CNP leaves at
// once; at 2^32 ns plus less than the budget it waits in the queue for the old
// last + budget: late by less than CNP_BUDGET_NS (at most 2^20 ns).
TEST(NpAlgo, BudgetAfterSecondsOfSilence) {
  TracedNp np(16);
  np.csr_write(kNpRegs[NP_CNP_BUDGET_NS].addr, 1000);
  EXPECT_TRUE(np.process(rx(0, 10000)).cnp);
  EXPECT_TRUE(np.process(rx(1, 10000u + 3000000000u)).cnp);  // 3 s later: at once
  TracedNp nq(16);
  nq.csr_write(kNpRegs[NP_CNP_BUDGET_NS].addr, 1000);
  EXPECT_TRUE(nq.process(rx(0, 10000)).cnp);
  NpResult r = nq.process(rx(1, 10400));  // 2^32 + 400 ns later
  EXPECT_FALSE(r.cnp);
  EXPECT_TRUE(r.cnp_queued);
  EXPECT_EQ(r.q_at_ns, 11000u);  // 600 ns later: < the budget
  EXPECT_TRUE(nq.process(drain(1, 11000)).cnp);
}

TEST(NpAlgo, InitForgetsTheWindowButKeepsGen) {
  TracedNp np(16);
  np.process(rx(6, 0));
  EXPECT_EQ(np.process(rx(6, 100)).tmr_gen, 1u);
  np.process(init(6, 200));
  EXPECT_FALSE(np.flow(6).cnp_sent);
  EXPECT_FALSE(np.flow(6).pending);
  EXPECT_EQ(np.flow(6).gen, 1u);
  EXPECT_TRUE(np.process(rx(6, 300)).cnp);  // first mark after INIT: at once
  EXPECT_EQ(np.last_trace().path, NpPath::CnpFirst);
  EXPECT_EQ(np.process(rx(6, 400)).tmr_gen, 2u);  // gen 1 of before the INIT stays stale
  EXPECT_TRUE(np.process(timer(6, 50200, 1)).stale);
}

TEST(NpAlgo, DcqcnPlusTauFollowsActiveFlows) {
  TracedNp np(1024);
  np.csr_write(kNpRegs[NP_PLUS_ENABLE].addr, 1);
  np.csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 4000);  // N = 4 us
  np.csr_write(kNpRegs[NP_CNP_GEN_TIME_NS].addr, 1000);  // 1 CNP/us (ConnectX-4)
  np.csr_write(kNpRegs[NP_EPOCH_NS].addr, 100000);       // 100 us
  // Epoch starting at 1 ms: 60 flows get a CNP, flow 0 twice (counted once).
  NpResult r = np.process(rx(0, 1000000));
  EXPECT_TRUE(np.last_trace().rollover);
  EXPECT_EQ(r.cnp_tau_ns, 4000u);  // nothing counted in the previous epoch
  for (uint32_t f = 1; f < 60; ++f) np.process(rx(f, 1000000 + f * 100));
  np.process(rx(0, 1050000));
  EXPECT_EQ(np.global().count_cur, 60u);
  EXPECT_EQ(np.global().demand_cur, 60000u);
  // Next epoch: tau = 60 flows * 1 us = 60 us, from the event after the rollover (the
  // rolling event itself still uses the tau of before: 4 us).
  r = np.process(rx(100, 1100000));
  EXPECT_TRUE(np.last_trace().rollover);
  EXPECT_EQ(np.global().count_prev, 60u);
  EXPECT_EQ(np.global().demand_prev, 60000u);
  EXPECT_EQ(np.global().count_cur, 1u);
  EXPECT_EQ(r.cnp_tau_ns, 4000u);
  // The hold-off uses tau: 10 us after flow 100's CNP is inside 60 us.
  r = np.process(rx(100, 1110000));
  EXPECT_EQ(r.cnp_tau_ns, 60000u);
  EXPECT_TRUE(np.last_trace().tau_raised);
  EXPECT_FALSE(r.cnp);
  EXPECT_EQ(r.tmr_deadline_ns, 1100000u + 60000u);
  // DCQCN mode: the same history gives tau = N.
  np.csr_write(kNpRegs[NP_PLUS_ENABLE].addr, 0);
  EXPECT_EQ(np.process(rx(100, 1120000)).cnp_tau_ns, 4000u);
  // (flow 100's second CNP, at 1.12 ms, is in the same epoch: not counted again.)
  EXPECT_EQ(np.global().count_cur, 1u);
  // One rollover per event even after a long silence: count_prev is the count of the
  // epoch just left (1), not of the empty epochs in between.
  np.process(rx(200, 5000000));
  EXPECT_TRUE(np.last_trace().rollover);
  EXPECT_EQ(np.global().count_prev, 1u);
  EXPECT_EQ(np.global().epoch_start_ns, 5000000u);
}

TEST(NpAlgo, DcqcnPlusTauSaturates) {
  NpRegs regs{};
  for (unsigned i = 0; i < NP_NUM_REGS; ++i) regs[i] = kNpRegs[i].reset;
  regs[NP_PLUS_ENABLE] = 1;
  regs[NP_CNP_GEN_TIME_NS] = 1u << 20;
  regs[NP_CNP_INTERVAL_NS] = 1000;
  EXPECT_EQ(np_tau_ns(regs, 0), 1000u);
  EXPECT_EQ(np_tau_ns(regs, 3u << 20), 3u << 20);
  EXPECT_EQ(np_tau_ns(regs, 1u << 30), 1u << 30);
  regs[NP_CNP_INTERVAL_NS] = 1u << 30;
  EXPECT_EQ(np_tau_ns(regs, 5u << 20), 1u << 30);
  regs[NP_PLUS_ENABLE] = 0;
  regs[NP_CNP_INTERVAL_NS] = 1000;
  EXPECT_EQ(np_tau_ns(regs, 1u << 30), 1000u);
  // The demand adds CNP_GEN_TIME_NS per counted flow and saturates at 2^30: 1100 flows
  // of 2^20 ns each would be 1.07 * 2^30.
  TracedNp np(2048);
  np.csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 0);
  np.csr_write(kNpRegs[NP_CNP_GEN_TIME_NS].addr, 1u << 20);
  for (uint32_t f = 0; f < 1100; ++f) np.process(rx(f, 1000 + f));
  EXPECT_EQ(np.global().count_cur, 1100u);
  EXPECT_EQ(np.global().demand_cur, kNpTauMax);
}

// Issue: a TIMER with the current tag sent the pending CNP without checking the
// hold-off, so an early timer service produced two CNPs within N. The NP checks it.
TEST(NpAlgo, EarlyTimerDoesNotBreakTheHoldOff) {
  TracedNp np(16);  // N = 50 us
  EXPECT_TRUE(np.process(rx(3, 1000)).cnp);
  NpResult r = np.process(rx(3, 2000));
  ASSERT_TRUE(r.tmr_set);
  EXPECT_EQ(r.tmr_gen, 1u);
  // The timer service fires at once (the same ns as the suppressed mark).
  r = np.process(timer(3, 2000, 1));
  EXPECT_FALSE(r.cnp);
  EXPECT_EQ(np.last_trace().path, NpPath::TimerHoldoff);
  EXPECT_TRUE(r.tmr_set);  // announced again: the same deadline, a new tag
  EXPECT_EQ(r.tmr_deadline_ns, 51000u);
  EXPECT_EQ(r.tmr_gen, 2u);
  EXPECT_TRUE(np.flow(3).pending);
  EXPECT_TRUE(np.process(timer(3, 3000, 1)).stale);  // the old tag is stale now
  r = np.process(timer(3, 50999, 2));                // 1 ns early: still held
  EXPECT_FALSE(r.cnp);
  EXPECT_EQ(r.tmr_gen, 3u);
  r = np.process(timer(3, 51000, 3));                // exactly N after the CNP
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(np.flow(3).last_cnp_ns, 51000u);
}

TEST(NpAlgo, BudgetQueuesCnpsInArrivalOrder) {
  TracedNp np(16);
  np.csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 4000);
  np.csr_write(kNpRegs[NP_CNP_BUDGET_NS].addr, 1000);  // one CNP per us (ConnectX-4)
  NpResult r = np.process(rx(0, 10000));
  EXPECT_TRUE(r.cnp);
  EXPECT_FALSE(r.q_valid);
  r = np.process(rx(1, 10100));  // due, but the budget allows the next CNP at 11 us
  EXPECT_FALSE(r.cnp);
  EXPECT_TRUE(r.cnp_queued);
  EXPECT_TRUE(r.q_valid);
  EXPECT_EQ(r.q_flow, 1u);
  EXPECT_EQ(r.q_at_ns, 11000u);
  r = np.process(rx(2, 10200, kEcnCe));  // behind flow 1
  EXPECT_TRUE(r.cnp_queued);
  EXPECT_EQ(r.q_flow, 1u);
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_LEVEL].addr), 2u);
  // A DRAIN for a flow that is not the head, or before the budget allows: nothing.
  r = np.process(drain(2, 11000));
  EXPECT_FALSE(r.cnp);
  EXPECT_EQ(np.last_trace().path, NpPath::Nop);
  r = np.process(drain(1, 10999));
  EXPECT_FALSE(r.cnp);
  EXPECT_EQ(np.last_trace().path, NpPath::DrainEarly);
  EXPECT_EQ(r.q_at_ns, 11000u);
  // More marks for a queued flow ride on its queued CNP.
  r = np.process(rx(1, 10999));
  EXPECT_FALSE(r.cnp);
  EXPECT_FALSE(r.tmr_set);
  EXPECT_EQ(np.last_trace().path, NpPath::QueuedMerge);
  r = np.process(drain(1, 11000));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.flow, 1u);
  EXPECT_EQ(r.q_flow, 2u);
  EXPECT_EQ(r.q_at_ns, 12000u);
  // Flow 1's window starts when its CNP left (11 us), not when it was queued.
  r = np.process(rx(1, 14500));
  EXPECT_FALSE(r.cnp);
  EXPECT_EQ(r.tmr_deadline_ns, 15000u);
  r = np.process(drain(2, 12500));  // late DRAIN: fine
  EXPECT_TRUE(r.cnp);
  EXPECT_FALSE(r.q_valid);
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_LEVEL].addr), 0u);
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_HWM].addr), 2u);
  // Budget free again: 2.5 us after the last CNP a new one leaves at once...
  EXPECT_TRUE(np.process(rx(5, 15000)).cnp);
  // ...and the next TIMER-sent CNP of flow 1 (at 15.5 us) waits for 16 us.
  r = np.process(timer(1, 15500, 1));
  EXPECT_TRUE(r.cnp_queued);
  EXPECT_EQ(r.q_at_ns, 16000u);
}

TEST(NpAlgo, BudgetQueueOverflowIsCountedAndDropped) {
  TracedNp np(16, 2);  // a queue of 2
  np.csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 0);
  np.csr_write(kNpRegs[NP_CNP_BUDGET_NS].addr, 1u << 20);
  EXPECT_TRUE(np.process(rx(0, 0)).cnp);
  EXPECT_TRUE(np.process(rx(1, 1)).cnp_queued);
  EXPECT_TRUE(np.process(rx(2, 2)).cnp_queued);
  NpResult r = np.process(rx(3, 3));
  EXPECT_TRUE(r.cnp_dropped);
  EXPECT_FALSE(r.cnp);
  EXPECT_FALSE(np.flow(3).pending);
  EXPECT_TRUE(np.process(rx(4, 4)).cnp_dropped);
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_OVERFLOWS].addr), 2u);
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_HWM].addr), 2u);
  np.csr_write(kNpStatus[NP_CNPQ_OVERFLOWS].addr, 0);  // read-only
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_OVERFLOWS].addr), 2u);
  // INIT of a queued flow does not cancel its CNP: it leaves in its turn.
  np.process(init(1, 5));
  EXPECT_TRUE(np.flow(1).queued);
  r = np.process(drain(1, 1u << 20));
  EXPECT_TRUE(r.cnp);
  EXPECT_EQ(r.q_flow, 2u);
}

TEST(NpAlgo, BudgetZeroIsUnlimited) {
  TracedNp np(64);
  np.csr_write(kNpRegs[NP_CNP_INTERVAL_NS].addr, 4000);
  for (uint32_t f = 0; f < 64; ++f) {
    const NpResult r = np.process(rx(f, 7000));  // 64 CNPs in the same ns
    EXPECT_TRUE(r.cnp);
    EXPECT_FALSE(r.q_valid);
  }
  EXPECT_EQ(np.csr_read(kNpStatus[NP_CNPQ_HWM].addr), 0u);
}

TEST(NpAlgo, CsrClampAndUnknownAddresses) {
  TracedNp np(16);
  const uint8_t n = kNpRegs[NP_CNP_INTERVAL_NS].addr, e = kNpRegs[NP_EPOCH_NS].addr;
  np.csr_write(n, 0xFFFFFFFFu);
  EXPECT_EQ(np.csr_read(n), 1u << 30);
  np.csr_write(e, 5);
  EXPECT_EQ(np.csr_read(e), 100u);
  np.csr_write(kNpRegs[NP_MODE].addr, 7);
  EXPECT_EQ(np.csr_read(kNpRegs[NP_MODE].addr), 1u);
  np.csr_write(kNpRegs[NP_CNP_GEN_TIME_NS].addr, 3u << 20);
  EXPECT_EQ(np.csr_read(kNpRegs[NP_CNP_GEN_TIME_NS].addr), 1u << 20);
  np.csr_write(0x80, 1234);
  EXPECT_EQ(np.csr_read(0x80), 0u);
  np.csr_write(kNpRegs[NP_CNP_BUDGET_NS].addr, 5u << 20);
  EXPECT_EQ(np.csr_read(kNpRegs[NP_CNP_BUDGET_NS].addr), 1u << 20);
  np.csr_write(0x02, 1234);  // misaligned: unknown
  EXPECT_EQ(np.csr_read(n), 1u << 30);
  np.reset();
  EXPECT_EQ(np.csr_read(n), 50000u);
}

// ---- cycle wrapper

// The model's ports as pins: these tests set inputs one by one and read the outputs of
// the current cycle (eval) or after the edge (step).
struct Np {
  explicit Np(uint32_t flows) : model(flows) {}
  NpModel model;
  NpModel::In in{};
  NpModel::Out out{};
  void eval() { out = model.outputs(in); }
  void step() {
    model.step(in);
    eval();
  }
};

void clock_reset(Np& m) {
  m.in.rst = true;
  m.step();
  m.in.rst = false;
}

TEST(NpModel, ClearTakesNumFlowsCyclesAfterReset) {
  Np m(16);
  clock_reset(m);
  m.in.out_ready = true;
  m.in.evt_valid = true;
  unsigned blocked = 0;
  m.eval();
  while (!m.out.evt_ready) {
    ++blocked;
    m.step();
  }
  EXPECT_EQ(blocked, 16u);
}

// The pipeline: latency 4, one event per cycle across flows, one per 3 cycles for one
// flow (s_evt_ready low while the flow is in S1 or C1).
TEST(NpModel, LatencyFourOnePerCycleSameFlowEveryThird) {
  static_assert(NpModel::kLatency == 4);
  Np m(16);
  clock_reset(m);
  m.in.out_ready = true;
  m.eval();
  while (!m.out.evt_ready) m.step();
  // Three CEs to flows 1, 2, 3: accepted in cycles 0, 1, 2, out in 4, 5, 6.
  std::vector<int> acc, out;
  uint32_t next = 0;
  for (int c = 0; c < 10; ++c) {
    m.in.evt_valid = next < 3;
    m.in.evt.op = NpOp::RX;
    m.in.evt.flow = 1 + next;
    m.in.evt.now_ns = 1000;
    m.in.evt.ecn = kEcnCe;
    m.eval();
    if (m.out.out_valid) out.push_back(c);
    if (m.in.evt_valid && m.out.evt_ready) { acc.push_back(c); ++next; }
    m.step();
  }
  EXPECT_EQ(acc, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(out, (std::vector<int>{4, 5, 6}));
  // Three CEs to flow 9 offered back to back: accepted in cycles 0, 3, 6, out in 4, 7, 10.
  acc.clear();
  out.clear();
  std::vector<NpResult> res;
  next = 0;
  for (int c = 0; c < 12; ++c) {
    m.in.evt_valid = next < 3;
    m.in.evt.flow = 9;
    m.in.evt.now_ns = 2000;
    m.eval();
    EXPECT_EQ(m.in.evt_valid && m.model.hazard(m.in), m.in.evt_valid && !m.out.evt_ready) << "cycle " << c;
    if (m.out.out_valid) { out.push_back(c); res.push_back(m.out.out); }
    if (m.in.evt_valid && m.out.evt_ready) { acc.push_back(c); ++next; }
    m.step();
  }
  EXPECT_EQ(acc, (std::vector<int>{0, 3, 6}));
  EXPECT_EQ(out, (std::vector<int>{4, 7, 10}));
  ASSERT_EQ(res.size(), 3u);
  EXPECT_TRUE(res[0].cnp);      // first: CNP
  EXPECT_TRUE(res[1].tmr_set);  // the second sees the first's write (forwarded in the RTL)
  EXPECT_EQ(res[1].tmr_deadline_ns, 52000u);
  EXPECT_FALSE(res[2].tmr_set);
  EXPECT_FALSE(res[2].cnp);
}

TEST(NpModel, BackPressureHoldsTheOutput) {
  Np m(16);
  clock_reset(m);
  m.in.out_ready = true;
  m.eval();
  while (!m.out.evt_ready) m.step();
  m.in.evt_valid = true;
  m.in.evt.op = NpOp::RX;
  m.in.evt.flow = 2;
  m.in.evt.ecn = kEcnCe;
  m.in.evt.now_ns = 5;
  m.step();  // accepted
  m.in.evt_valid = false;
  m.in.out_ready = false;
  for (int c = 0; c < 3; ++c) m.step();  // S1, C1, C2, then into the output register
  for (int c = 0; c < 5; ++c) {
    m.in.evt_valid = true;  // offered but not taken: output full, ready low
    m.in.evt.flow = 3;
    m.eval();
    EXPECT_TRUE(m.out.out_valid);
    EXPECT_FALSE(m.out.evt_ready);
    EXPECT_TRUE(m.out.out.cnp);
    m.step();
  }
  m.in.evt_valid = false;
  m.in.out_ready = true;
  m.eval();
  EXPECT_TRUE(m.out.evt_ready);
  m.step();
  m.eval();
  EXPECT_FALSE(m.out.out_valid);
}

// A register write in cycle w applies to the events accepted in cycle w or later.
TEST(NpModel, RegisterWriteAppliesToEventsAcceptedFromItsCycle) {
  Np m(16);
  clock_reset(m);
  m.in.out_ready = true;
  m.eval();
  while (!m.out.evt_ready) m.step();
  auto offer = [&](uint32_t flow, bool write) {
    m.in.evt_valid = true;
    m.in.evt.op = NpOp::RX;
    m.in.evt.flow = flow;
    m.in.evt.now_ns = 100;
    m.in.evt.ecn = kEcnCe;
    m.in.csr_we = write;
    m.in.csr_addr = kNpRegs[NP_CNP_INTERVAL_NS].addr;
    m.in.csr_wdata = 777;
    m.eval();
    ASSERT_TRUE(m.out.evt_ready);
    m.step();
    m.in.csr_we = false;
  };
  offer(1, false);
  offer(2, true);  // accepted in the write's cycle: new value
  m.in.evt_valid = false;
  std::vector<uint32_t> taus;
  for (int c = 0; c < 6; ++c) {
    m.eval();
    if (m.out.out_valid) taus.push_back(m.out.out.cnp_tau_ns);
    m.step();
  }
  EXPECT_EQ(taus, (std::vector<uint32_t>{50000, 777}));
}

TEST(NpModel, CsrWriteVisibleNextCycleReadDataOneCycleLater) {
  Np m(16);
  clock_reset(m);
  m.in.csr_we = true;
  m.in.csr_addr = kNpRegs[NP_CNP_INTERVAL_NS].addr;
  m.in.csr_wdata = 1234;
  m.in.csr_re = true;  // read in the same cycle: the old value
  m.step();
  EXPECT_EQ(m.out.csr_rdata, 50000u);
  m.in.csr_we = false;
  m.step();
  EXPECT_EQ(m.out.csr_rdata, 1234u);
  m.in.csr_re = false;
  m.step();
  EXPECT_EQ(m.out.csr_rdata, 0u);
}

}  // namespace
}  // namespace dcqcn
