// SPDX-License-Identifier: MIT
// The pacing check (net/pacing_check.h) on synthetic sequences; the network-level runs
// are in network_test.cpp.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "pacing_check.h"

using namespace dcqcn::net;

// I(t): the time the port was neither busy nor paused, from 0 to t.
TEST(PortCover, IdleTimeIsTheComplementOfBusyUnionPaused) {
  PortCover c;
  EXPECT_DOUBLE_EQ(c.idle_until(10), 10);
  c.busy(true, 10);       // frame 10..20
  c.paused(true, 15);     // paused 15..40 (overlaps the frame)
  c.busy(false, 20);
  c.busy(true, 30);       // frame 30..35 while paused
  c.busy(false, 35);
  c.paused(true, 36);     // repeated PAUSE: ignored
  c.paused(false, 40);
  c.busy(true, 50);       // back-to-back frames 50..60..70: no gap between them
  c.busy(false, 60);
  c.busy(true, 60);
  c.busy(false, 70);
  EXPECT_DOUBLE_EQ(c.idle_until(5), 5);
  EXPECT_DOUBLE_EQ(c.idle_until(25), 10);  // covered 10..40
  EXPECT_DOUBLE_EQ(c.idle_until(40), 10);
  EXPECT_DOUBLE_EQ(c.idle_until(45), 15);
  EXPECT_DOUBLE_EQ(c.idle_until(65), 20);
  EXPECT_DOUBLE_EQ(c.idle_until(100), 50);  // idle since 70
  EXPECT_EQ(c.gaps(), 2u);                  // 0..10 and 40..50
}

// Beyond kMaxGaps the oldest gaps go: a time before the history reads as the oldest point
// kept (never more uncovered wait than there was), flagged as truncated.
TEST(PortCover, HistoryIsBoundedAndTruncationIsConservative) {
  PortCover c;
  const size_t n = PortCover::kMaxGaps + 100;
  for (size_t k = 0; k < n; ++k) {  // idle 10 ns, busy 10 ns, ...
    c.busy(true, 20.0 * k + 10);
    c.busy(false, 20.0 * k + 20);
  }
  EXPECT_EQ(c.gaps(), PortCover::kMaxGaps);
  bool trunc = false;
  EXPECT_DOUBLE_EQ(c.idle_until(20.0 * n - 5, &trunc), 10.0 * n);  // exact, recent
  EXPECT_FALSE(trunc);
  const double old = c.idle_until(15, &trunc);  // true value 10
  EXPECT_TRUE(trunc);
  EXPECT_DOUBLE_EQ(old, 10.0 * 100);  // I(2000): the oldest gap kept, the 101st, starts at 2000
  EXPECT_GE(old, 10.0);
}

namespace {
// A flow sending 1000-byte packets on an otherwise idle port, at the departures the
// NIC chose; returns the check's statistics.
PacingStats run(const std::vector<std::pair<double, uint32_t>>& rate_changes,
                const std::vector<double>& departures) {
  PortCover port;
  PacingCheck chk;
  FlowPacing f;
  size_t r = 0;
  for (double t : departures) {
    while (r < rate_changes.size() && rate_changes[r].first <= t) {
      PacingCheck::on_result(f, false, rate_changes[r].second, rate_changes[r].first);
      ++r;
    }
    chk.on_departure(f, port, t, 1000);
    port.busy(true, t);
    port.busy(false, t + 200);  // 1000 B at 40 Gb/s
  }
  return chk.stats();
}
}  // namespace

// A flow sends 1000 B at 0 at 10 Gb/s (next at 800 ns); a cut at 100 ns to 5 Gb/s moves
// that to 1600 ns; an increase at 1000 ns to 40 Gb/s (200 ns per packet) must pull it back
// to max(1000, 0 + 200) = 1000.
TEST(PacingCheck, ARateIncreaseMustPullThePendingDepartureEarlier) {
  const std::vector<std::pair<double, uint32_t>> cut_then_inc = {{0, 10000000}, {100, 5000000}, {1000, 40000000}};
  // Re-timed: departures at 0, 1000, 1200 (200 ns apart at 40 Gb/s, port busy 1000..1200).
  const PacingStats ok = run(cut_then_inc, {0, 1000, 1200, 1401});
  EXPECT_EQ(ok.checked, 3u);
  EXPECT_EQ(ok.violations, 0u);
  EXPECT_NEAR(ok.worst_ns, 1.0, 1e-9);  // 1401: 1 ns late, within the tolerance
  // The NIC ignored the re-timing: the departure stayed at 0 + 1600 ns (the cut's rate).
  const PacingStats late = run(cut_then_inc, {0, 1600, 1800});
  EXPECT_EQ(late.checked, 2u);
  EXPECT_EQ(late.violations, 1u);
  EXPECT_NEAR(late.worst_ns, 600.0, 1e-9);  // bound 1000, nothing on the port until 1600
  // Late, but the port was busy with another frame or paused: explained.
  {
    PortCover port;
    PacingCheck chk;
    FlowPacing f;
    PacingCheck::on_result(f, false, 40000000, 0);
    chk.on_departure(f, port, 0, 1000);
    port.busy(true, 0);
    port.busy(false, 200);
    port.busy(true, 200);   // another flow's frame 200..400
    port.busy(false, 400);
    port.paused(true, 400);  // PFC 400..900
    port.paused(false, 900);
    EXPECT_NEAR(chk.on_departure(f, port, 901.5, 1000), 1.5, 1e-9);  // bound 200
    EXPECT_NEAR(chk.on_departure(f, port, 1301.5, 1000), 200.0, 1e-9);  // bound 1101.5, idle since
    EXPECT_EQ(chk.stats().checked, 2u);
    EXPECT_EQ(chk.stats().violations, 1u);
  }
}

// No bound for the first packet of a flow, nor the first after INIT; a flow that had no
// data (go-back-N) cannot be late before it got data again.
TEST(PacingCheck, FirstPacketAfterInitAndDataAgainHaveNoEarlierBound) {
  PortCover port;
  PacingCheck chk;
  FlowPacing f;
  PacingCheck::on_result(f, false, 40000000, 0);
  EXPECT_EQ(chk.on_departure(f, port, 5000, 1000), 0.0);  // first: unchecked
  EXPECT_EQ(chk.stats().checked, 0u);
  PacingCheck::on_result(f, true, 40000000, 6000);        // INIT
  EXPECT_EQ(chk.on_departure(f, port, 9000, 1000), 0.0);
  EXPECT_EQ(chk.stats().checked, 0u);
  PacingCheck::on_data_again(f, 20000);                   // rewound at 20 us
  EXPECT_NEAR(chk.on_departure(f, port, 20001, 1000), 1.0, 1e-9);  // bound 20000
  EXPECT_EQ(chk.stats().checked, 1u);
  EXPECT_EQ(chk.stats().violations, 0u);
  EXPECT_NEAR(chk.on_departure(f, port, 20500, 1000), 299.0, 1e-9);  // bound 20201
  EXPECT_EQ(chk.stats().violations, 1u);
}
