// SPDX-License-Identifier: MIT
// Directed tests of the NIC top's cycle model (tb/ref/nic_top_ref.h, bit-exact with
// rtl/dcqcn_nic_top.sv by lockstep.nic_top) with time coming round: a flow sends one
// packet, runs out of data, the NIC is idle (a simulation stops the clock: nothing armed)
// and the host gives the flow data again seconds later. The flow must be granted at the
// next transmit opportunity, paced (docs/rp.md "Time", docs/nic.md). NIC_WRAP_DEBUG=1 prints
// every RP result and txsel.
#include <gtest/gtest.h>

#include <cstdio>
#include <initializer_list>
#include <cstdlib>
#include <algorithm>
#include <climits>
#include <string>

#include "nic_top_ref.h"

using namespace dcqcn;

namespace {

constexpr uint32_t kFlows = 16;

struct Drv {
  NicTopModel m{kFlows};
  NicTopIn in;
  uint64_t cycles = 0;
  // One clock edge; time advances 3 ns a cycle (about the 322 MHz clock).
  NicTopOut cyc() {
    NicTopOut o = m.outputs(in);
    if (std::getenv("NIC_WRAP_DEBUG")) {
      if (o.mon_rp_valid)
        std::printf("cyc %llu now %u RP op %u flow %u next_tx %u paced %d\n", (unsigned long long)cycles,
                    in.now_ns, (unsigned)o.mon_rp.op, o.mon_rp.flow, o.mon_rp.next_tx_ns, o.mon_rp.paced);
      if (o.txsel_valid)
        std::printf("cyc %llu now %u txsel grant %d flow %u tx_ns %u\n", (unsigned long long)cycles, in.now_ns,
                    o.txsel.grant, o.txsel.flow, o.txsel.tx_ns);
    }
    m.step(in);
    in.now_ns += 3;
    ++cycles;
    return o;
  }
  void reset() {
    in.rst = true;
    for (int i = 0; i < 4; ++i) cyc();
    in.rst = false;
    // the RAM clears: until the host input is ready
    for (int i = 0; i < 20000 && !m.outputs(in).host_ready; ++i) cyc();
    ASSERT_TRUE(m.outputs(in).host_ready);
  }
  void settle() {
    for (int i = 0; i < 200; ++i) cyc();
    for (int i = 0; i < 20000 && !m.outputs(in).idle; ++i) cyc();
    ASSERT_TRUE(m.outputs(in).idle);
  }
  void host_data(uint32_t flow) {
    in.host_valid = true;
    in.host = NicHostOp{0, flow, kHostData};
    for (int i = 0; i < 100; ++i)
      if (cyc().host_ready) break;
    in.host_valid = false;
  }
  // One txop; its txsel.
  NicTxSel txop() {
    in.txop_valid = true;
    for (int i = 0; i < 1000; ++i)
      if (cyc().txop_ready) break;
    in.txop_valid = false;
    for (int i = 0; i < 1000; ++i) {
      const NicTopOut o = cyc();
      if (o.txsel_valid) return o.txsel;
    }
    ADD_FAILURE() << "no txsel";
    return {};
  }
  // A simulation with nothing to do for `ns`: it stops the clock while the top is idle and
  // nothing is due, and wakes it at next_due or sweep_due, whichever comes first (clocking
  // it while !idle or due). Counts the wakes. (systemc/net/nic_core_top.cpp clocks the
  // sweeps lazily, at their times, before the next input: the same cycles.)
  int wakes = 0;
  void sleep(uint64_t ns) {
    uint64_t left = ns;
    for (;;) {
      const NicTopOut o = m.outputs(in);
      const bool due = (o.next_due_valid && static_cast<int32_t>(o.next_due_ns - in.now_ns) <= 0) ||
                       static_cast<int32_t>(o.sweep_due_ns - in.now_ns) <= 0;
      if (!o.idle || due) {
        cyc();
        if (left <= 3) return;
        left -= 3;
        continue;
      }
      uint64_t gap = uint64_t{o.sweep_due_ns - in.now_ns};
      if (o.next_due_valid) gap = std::min(gap, uint64_t{o.next_due_ns - in.now_ns});
      if (gap >= left) {
        in.now_ns += static_cast<uint32_t>(left);
        return;
      }
      in.now_ns += static_cast<uint32_t>(gap);
      left -= gap;
      ++wakes;
    }
  }
  void txdone(const NicTxSel& s, uint16_t bytes, bool more) {
    in.txdone_valid = true;
    in.txdone = NicTxDone{s.tx_ns, s.flow, bytes, more};
    for (int i = 0; i < 100; ++i)
      if (cyc().txdone_ready) break;
    in.txdone_valid = false;
  }
};

// How the time passes while the NIC has nothing to do: the clock keeps running (hardware;
// here 1 ms a cycle), a simulation stops it and wakes it at next_due and sweep_due (the
// contract: docs/nic.md "`idle` and `next_due`"), or one that ignores them jumps the whole
// time at once (against the contract: the wheel still copes, the RP's pacing word not).
enum class Clock { kRunning, kSleeping, kJump };
const char* clock_name(Clock c) {
  return c == Clock::kRunning ? "running" : c == Clock::kSleeping ? "stopped, waking at next_due / sweep_due"
                                                                  : "stopped, one jump";
}

// A flow sends 1500 B (40 Gb/s: 300 ns a packet) and runs out of data; the NIC has
// nothing armed but the sweep, so a simulation stops its clock for `idle_ns` (waking for
// the sweeps); then the host gives the flow data again and keeps it backlogged (every
// completion says `more`). A txop about every 117 ns for about 35 us. The flow must be
// paced: about one grant per 300 ns, and every grant's tx_ns at or before the time of the
// grant (the ideal departure, or now).
struct AfterIdle {
  int grants = 0, expect = 0;
  int32_t max_ahead = INT32_MIN;  // max over grants of tx_ns - now (signed)
};
AfterIdle backlogged_after_idle(uint32_t idle_ns, Clock clock, uint32_t flow) {
  AfterIdle r;
  Drv d;
  d.in.now_ns = 0xFFFFFFFFu - 50000000u;  // 50 ms before the wrap
  d.reset();
  d.host_data(1);
  d.settle();
  NicTxSel s = d.txop();
  EXPECT_TRUE(s.grant);
  EXPECT_EQ(s.flow, 1u);
  d.txdone(s, 1500, false);
  d.settle();
  {  // nothing armed (the clock may stop); the next sweep at the start of now's next 2^29-ns epoch
    const NicTopOut o = d.m.outputs(d.in);
    EXPECT_FALSE(o.next_due_valid);
    EXPECT_EQ(o.sweep_due_ns, ((d.in.now_ns >> 29) + 1) << 29);
  }
  if (clock == Clock::kRunning) {
    for (uint32_t t = 0; t + 1000000 <= idle_ns; t += 1000000) {
      d.cyc();
      d.in.now_ns += 1000000 - 3;
    }
    d.in.now_ns += idle_ns % 1000000;
  } else if (clock == Clock::kSleeping) {
    d.sleep(idle_ns);  // one wake per sweep: one per 2^29-ns epoch boundary crossed
    EXPECT_GE(d.wakes, static_cast<int>(idle_ns >> 29) - 1);
    EXPECT_LE(d.wakes, static_cast<int>(idle_ns >> 29) + 1);
  } else {
    d.in.now_ns += idle_ns;
  }
  const uint32_t t0 = d.in.now_ns;  // (running: within a few ns of the same time)
  d.host_data(flow);
  d.settle();
  for (int k = 0; k < 300; ++k) {
    s = d.txop();
    if (s.grant) {
      EXPECT_EQ(s.flow, flow);
      ++r.grants;
      r.max_ahead = std::max(r.max_ahead, static_cast<int32_t>(s.tx_ns - d.in.now_ns));
      d.txdone(s, 1500, true);
    }
    for (int i = 0; i < 30; ++i) d.cyc();
  }
  r.expect = static_cast<int>((d.in.now_ns - t0) / 300);
  return r;
}

void expect_paced(uint32_t idle_ns, uint32_t flow,
                  std::initializer_list<Clock> clocks = {Clock::kSleeping, Clock::kRunning}) {
  for (Clock clock : clocks) {
    SCOPED_TRACE("flow " + std::to_string(flow) + ", idle " + std::to_string(idle_ns) + " ns, clock " +
                 clock_name(clock));
    const AfterIdle r = backlogged_after_idle(idle_ns, clock, flow);
    EXPECT_GE(r.grants, r.expect - 5) << "held: fewer grants than its pacing allows";
    EXPECT_LE(r.grants, r.expect + 2) << "a burst: more grants than its pacing allows";
    EXPECT_LE(r.max_ahead, 0) << "a grant's tx_ns after the time of the grant";
  }
}

}  // namespace

// Idle for less than 2^31 ns: paced from the first grant.
TEST(NicTopWrap, FlowIdleUpToTwoSecondsResumesPaced) {
  for (uint32_t idle : {1000000u, 1000000000u, 2000000000u}) expect_paced(idle, 1);
}

// Idle for more than 2^31 ns (docs/rp.md "Time", the pacing word; fixed 2026-11-29): the
// RP kept the flow's last departure and read it, by its sign against now, as up to 2^31
// ns ahead: the host DATA (QUERY) was answered with it, and the flow was held for up to
// 2.1 s (1.29 s after 3 s of silence). Now the sweep gives every flow an AGE event once
// per 2^29 ns and the RP retires a pacing word whose departure is 2^30 to 2^31 ns old.
TEST(NicTopWrap, FlowIdleForMoreThanTwoToThe31nsResumesPaced) {
  for (uint32_t idle : {2200000000u, 3000000000u, 4200000000u}) expect_paced(idle, 1);
}

// A flow that never sent (its departure is `now`) after the same silence: paced, whether
// the clock ran or a simulation stopped it.
TEST(NicTopWrap, FreshFlowAfterSilenceIsPaced) {
  for (uint32_t idle : {1000000u, 1000000000u, 2000000000u, 2200000000u, 3000000000u, 4200000000u})
    expect_paced(idle, 2);
}

// A clock stopped for more than 2^31 ns in one jump (a simulation that ignores next_due,
// against the contract: docs/nic.md "`idle` and `next_due`"): now then reads as before the
// wheel's drains. Until 2026-11-28 they did not jump (a signed test), every departure
// armed near now was behind them and due at once: 300 grants in 35 us against 119 paced.
// Fixed: a drain with nothing linked jumps to now when now is not within 64 slots after
// it, either way. (A flow that never sent: its pacing word is not involved.)
TEST(NicTopWrap, FreshFlowAfterClockStoppedForMoreThanTwoToThe31nsIsPaced) {
  for (uint32_t idle : {2200000000u, 3000000000u, 4200000000u}) expect_paced(idle, 2, {Clock::kJump});
}
