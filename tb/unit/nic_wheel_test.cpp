// SPDX-License-Identifier: MIT
// NicWheel (tb/ref/nic_wheel.h), the scheduler's algorithm at transaction level: directed
// cases of each rule, and a random run against a brute-force statement of the same rules
// (every entry's rank computed from scratch) with the contract checked on every fire.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <tuple>
#include <vector>

#include "nic_wheel.h"

using dcqcn::NicWheel;

TEST(NicWheel, EligibleAtIsTheSlotEnd) {
  EXPECT_EQ(NicWheel::eligible_at(0, 5), 0u);
  EXPECT_EQ(NicWheel::eligible_at(1, 5), 32u);
  EXPECT_EQ(NicWheel::eligible_at(32, 5), 32u);
  EXPECT_EQ(NicWheel::eligible_at(33, 5), 64u);
  EXPECT_EQ(NicWheel::eligible_at(0xFFFFFFF0u, 5), 0u);  // wraps with the time
  EXPECT_EQ(NicWheel::eligible_at(7, 0), 7u);            // G = 1 ns: exact
}

TEST(NicWheel, NeverEarlyAtMostOneSlotLate) {
  NicWheel w(4);
  w.arm(0, 1, 3, 1000, 0);  // slot end 1024
  for (uint32_t t = 0; t < 1024; ++t) ASSERT_FALSE(w.pop_timer(t)) << t;
  auto f = w.pop_timer(1024);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, 0);
  EXPECT_EQ(f->flow, 1u);
  EXPECT_EQ(f->gen, 3);
  EXPECT_EQ(f->at_ns, 1000u);
  EXPECT_FALSE(w.pop_timer(5000));  // once
}

TEST(NicWheel, ReArmEarlierAndLaterInPlace) {
  NicWheel w(4);
  w.arm(1, 2, 1, 5000, 0);
  w.arm(1, 2, 2, 640, 10);   // earlier: replaces
  ASSERT_EQ(w.next_timer_ns(10), 640u);
  auto f = w.pop_timer(640);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->gen, 2);
  EXPECT_FALSE(w.pop_timer(6000));  // the 5000 entry is gone
  w.arm(1, 2, 3, 7000, 6000);
  w.arm(1, 2, 4, 9000, 6001);  // later: replaces
  EXPECT_FALSE(w.pop_timer(7100));
  f = w.pop_timer(9024);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->gen, 4);
}

TEST(NicWheel, DisarmDropsEvenWhenEligible) {
  NicWheel w(4);
  w.arm(3, 0, 1, 100, 0);
  w.arm(3, 1, 1, 100, 0);
  w.disarm(3, 0, 50);
  ASSERT_TRUE(w.pop_timer(200));  // flow 1 only
  EXPECT_FALSE(w.pop_timer(200));
  w.arm(2, 3, 9, 300, 200);
  ASSERT_TRUE(w.timer_ready(400));  // eligible already
  EXPECT_FALSE(w.next_timer_ns(400));  // nothing left to wait for
  w.disarm(2, 3, 400);               // ... and dropped from the ready list
  EXPECT_FALSE(w.timer_ready(400));
  EXPECT_FALSE(w.pop_timer(400));
}

TEST(NicWheel, OrderSlotThenArmOrderAndLateArmsBehind) {
  NicWheel w(8);
  w.arm(0, 5, 0, 70, 0);   // slot end 96
  w.arm(0, 6, 0, 40, 1);   // slot end 64
  w.arm(1, 6, 0, 64, 2);   // slot end 64, armed after (0,6)
  w.arm(2, 1, 0, 90, 3);   // slot end 96, after (0,5)
  w.arm(0, 7, 0, 10, 100);  // armed at 100, its slot (32) reached: behind all of them
  std::vector<std::pair<int, int>> got;
  while (auto f = w.pop_timer(100)) got.emplace_back(f->kind, f->flow);
  const std::vector<std::pair<int, int>> want{{0, 6}, {1, 6}, {0, 5}, {2, 1}, {0, 7}};
  EXPECT_EQ(got, want);
  // a re-arm to the same slot is a new arm: it goes behind
  w.arm(0, 1, 0, 200, 100);
  w.arm(0, 2, 0, 200, 101);
  w.arm(0, 1, 1, 199, 102);
  auto a = w.pop_timer(224), b = w.pop_timer(224);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->flow, 2u);
  EXPECT_EQ(b->flow, 1u);
  EXPECT_EQ(b->gen, 1);
  // ... but an eligible entry re-armed to a deadline also reached keeps its place
  w.arm(1, 3, 0, 230, 224);  // eligible at 256
  w.arm(1, 4, 0, 240, 225);
  EXPECT_TRUE(w.timer_ready(300));
  w.arm(1, 3, 7, 250, 300);  // still eligible: stays first
  auto c = w.pop_timer(300);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->flow, 3u);
  EXPECT_EQ(c->gen, 7);
  EXPECT_EQ(c->at_ns, 250u);
  w.arm(1, 3, 0, 290, 300);
  w.arm(1, 3, 1, 400, 301);  // re-armed to the future: leaves the ready list
  c = w.pop_timer(301);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->flow, 4u);
  EXPECT_FALSE(w.pop_timer(401));
  EXPECT_TRUE(w.pop_timer(416));
}

// The fairness the rule above buys: a due flow re-timed while it waits for the port keeps
// its turn. Three due flows, the first re-timed (still due) before each opportunity.
TEST(NicWheel, DueFlowReTimedKeepsItsTurn) {
  NicWheel w(4);
  for (uint32_t f = 0; f < 3; ++f) w.arm(NicWheel::kDep, f, 0, 100, 0);
  w.arm(NicWheel::kDep, 0, 0, 90, 200);  // re-timed earlier, still due
  auto g = w.txop(200);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->flow, 0u);
  EXPECT_EQ(g->at_ns, 90u);
}

TEST(NicWheel, DeparturesRoundRobinAndCatchUp) {
  NicWheel w(4, 5, /*catchup_ns=*/1000);
  w.arm(NicWheel::kDep, 0, 0, 100, 0);
  w.arm(NicWheel::kDep, 1, 0, 100, 0);
  w.arm(NicWheel::kDep, 2, 0, 5000, 0);
  EXPECT_FALSE(w.txop(127));   // 100 -> slot end 128
  EXPECT_EQ(w.next_dep_ns(127), 128u);
  auto g = w.txop(128);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->flow, 0u);
  EXPECT_EQ(g->tx_ns, 100u);  // the ideal departure: 28 ns late, within the catch-up
  // flow 0 sends again (already due): behind flow 1
  w.arm(NicWheel::kDep, 0, 0, 110, 130);
  EXPECT_FALSE(w.txop(130, /*pause=*/true));
  g = w.txop(131);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->flow, 1u);
  g = w.txop(2000);  // flow 0 is 1890 ns late: more than the catch-up, restarts from now
  ASSERT_TRUE(g);
  EXPECT_EQ(g->flow, 0u);
  EXPECT_EQ(g->tx_ns, 2000u);
  EXPECT_FALSE(w.txop(2000));
  EXPECT_TRUE(w.dep_ready(5024));
}

TEST(NicWheel, CatchUpBoundaryIsInclusive) {
  NicWheel w(2, 5, /*catchup_ns=*/1000);
  w.arm(NicWheel::kDep, 0, 0, 64, 0);
  w.arm(NicWheel::kDep, 1, 0, 64, 0);
  auto g = w.txop(64 + 1000);  // exactly CATCHUP_NS late: still the ideal time
  ASSERT_TRUE(g);
  EXPECT_EQ(g->tx_ns, 64u);
  g = w.txop(64 + 1001);  // one more: from now
  ASSERT_TRUE(g);
  EXPECT_EQ(g->tx_ns, 64u + 1001u);
}

TEST(NicWheel, DrainIsExact) {
  NicWheel w(4);
  w.arm_drain(3, 1001, 0);
  EXPECT_EQ(w.next_timer_ns(0), 1001u);
  EXPECT_FALSE(w.timer_ready(1000));
  EXPECT_FALSE(w.pop_drain(1000));
  EXPECT_TRUE(w.timer_ready(1001));
  EXPECT_FALSE(w.next_timer_ns(1001));
  auto d = w.pop_drain(1001);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->kind, 4);
  EXPECT_EQ(d->flow, 3u);
  w.arm_drain(1, 2000, 1001);
  w.disarm_drain();
  EXPECT_FALSE(w.pop_drain(3000));
}

TEST(NicWheel, WrapsWithTheTime) {
  NicWheel w(2);
  const uint32_t t0 = 0xFFFFFF00u;
  w.arm(0, 0, 0, t0 + 0x200, t0);  // across the wrap
  EXPECT_FALSE(w.pop_timer(t0 + 0x1FF));
  EXPECT_TRUE(w.pop_timer(t0 + 0x200));
}

TEST(NicWheel, BadArgumentsAreRefused) {
  NicWheel w(4);
  EXPECT_THROW(w.arm(4, 0, 0, 0, 0), std::invalid_argument);  // DRAIN: arm_drain
  EXPECT_THROW(w.arm(6, 0, 0, 0, 0), std::invalid_argument);
  EXPECT_THROW(w.arm(0, 4, 0, 0, 0), std::invalid_argument);
  EXPECT_THROW(NicWheel(0), std::invalid_argument);
  w.pop_timer(100);
  EXPECT_THROW(w.pop_timer(50), std::invalid_argument);  // time went back
}

// Time is 32-bit ns taken as a difference from the last call: a silence of 2^31 ns or
// more reads as time going back, unless the caller says the time in between (at(), as
// nic.core blocks does at every 2^29-ns epoch start). A flow armed after 2.2 s of silence
// (the case an on/off flow found, Network.OnOffFlowsResumeAfter2200msOff) fires on
// time, and a timer armed before the silence fires once, when due.
TEST(NicWheel, LongSilenceNeedsTheTimeEvery2To31ns) {
  constexpr uint32_t kEpoch = 1u << 29;
  NicWheel quiet(4);
  quiet.arm(0, 1, 3, 1000, 0);
  EXPECT_THROW(quiet.pop_timer(2200000000u), std::invalid_argument);  // read as a step back
  NicWheel w(4);
  w.arm(0, 1, 3, 1000, 0);
  for (uint32_t t = kEpoch; t <= 4u * kEpoch; t += kEpoch) w.at(t);
  const uint32_t now = 2200000000u;  // 2.2 s: more than 2^31 ns after the arm
  const auto f = w.pop_timer(now);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->flow, 1u);
  EXPECT_EQ(f->gen, 3u);
  EXPECT_FALSE(w.pop_timer(now));
  w.arm(NicWheel::kDep, 2, 0, now + 100, now);
  EXPECT_FALSE(w.txop(now + 64));
  EXPECT_EQ(w.next_dep_ns(now + 64), NicWheel::eligible_at(now + 100, 5));
  const auto g = w.txop(now + 128);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->flow, 2u);
  EXPECT_EQ(g->at_ns, now + 100);
}

// Random: arms (earlier, later, already due), disarms, fires and grants on a random time
// line, against the rules computed from scratch: an entry's rank is (slot end, 0, arm
// sequence) when its slot was ahead of the arm, else (arm time, 1, arm sequence); what
// leaves is always the eligible entry of least rank, never before its deadline, never
// later than one slot after it while fires are polled every step. Two wheels: 32-ns slots
// with deadlines up to 3 us ahead on a 64-slot wheel (2 us: the far entries are filed into
// the wheel as they come within reach), and 1-ns slots (exact).
void random_against_rules(unsigned bits, uint32_t max_ahead_ns, uint64_t seed) {
  std::printf("NicWheel random: slot 2^%u ns, deadlines up to %u ns ahead, seed %llu "
              "(NIC_WHEEL_SEED replays)\n", bits, max_ahead_ns, static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  constexpr uint32_t kFlows = 16;
  const uint32_t g = 1u << bits;
  NicWheel w(kFlows, bits, 300, 64);
  struct E {
    bool on = false;
    uint8_t gen = 0;
    uint32_t at = 0;
    std::tuple<uint64_t, int, uint64_t> rank{};
    bool kept = false;  // re-armed while eligible: its place, not its new deadline, rules
  };
  std::vector<E> ref(6 * kFlows);
  uint64_t seq = 0, fires = 0, grants = 0;
  uint32_t now = 0xFFFF0000u;  // crosses the wrap
  uint64_t now64 = now;
  auto unwrap = [&](uint32_t t) { return now64 + static_cast<int32_t>(t - now); };
  auto first = [&](bool dep) {  // the eligible entry of least rank, -1 if none
    int best = -1;
    for (int i = 0; i < static_cast<int>(ref.size()); ++i) {
      const bool is_dep = i / kFlows == 5;
      if (!ref[i].on || is_dep != dep) continue;
      const uint64_t el = unwrap(NicWheel::eligible_at(ref[i].at, bits));
      if (el > now64) continue;
      if (best < 0 || ref[i].rank < ref[best].rank) best = i;
    }
    return best;
  };
  for (int step = 0; step < 200000; ++step) {
    // mostly small steps, sometimes a jump past the whole wheel
    const uint32_t dt = rng() % 500 == 0 ? static_cast<uint32_t>(rng() % 5000) : static_cast<uint32_t>(rng() % 8);
    now += dt;
    now64 += dt;
    const int what = static_cast<int>(rng() % 10);
    uint8_t kind = static_cast<uint8_t>(rng() % 5);
    if (kind == 4) kind = NicWheel::kDep;
    const uint32_t flow = static_cast<uint32_t>(rng() % kFlows);
    const int i = kind * kFlows + flow;
    if (what < 5) {  // arm: due already, soon, or far
      const int64_t off = static_cast<int64_t>(rng() % (max_ahead_ns + 100)) - 100;
      const uint32_t at = now + static_cast<uint32_t>(off);
      const uint8_t gen = static_cast<uint8_t>(rng());
      w.arm(kind, flow, gen, at, now);
      const uint64_t el = unwrap(NicWheel::eligible_at(at, bits));
      const bool was_eligible = ref[i].on && unwrap(NicWheel::eligible_at(ref[i].at, bits)) <= now64;
      if (was_eligible && el <= now64) {  // eligible and still eligible: keeps its place
        ref[i].gen = gen;
        ref[i].at = at;
        ref[i].kept = true;
      } else {
        ref[i] = E{true, gen, at,
                   el > now64 ? std::make_tuple(el, 0, seq) : std::make_tuple(now64, 1, seq)};
      }
      ++seq;
    } else if (what == 5) {
      w.disarm(kind, flow, now);
      ref[i].on = false;
    }
    if (rng() % 4 == 0) {  // next_*_ns: the least eligibility time not reached yet
      std::optional<uint64_t> want_t, want_d;
      for (int j = 0; j < static_cast<int>(ref.size()); ++j) {
        if (!ref[j].on) continue;
        const uint64_t el = unwrap(NicWheel::eligible_at(ref[j].at, bits));
        if (el <= now64) continue;
        auto& m = j / kFlows == 5 ? want_d : want_t;
        if (!m || el < *m) m = el;
      }
      const auto t = w.next_timer_ns(now), d = w.next_dep_ns(now);
      ASSERT_EQ(t.has_value(), want_t.has_value()) << "step " << step;
      if (t) ASSERT_EQ(now64 + static_cast<int32_t>(*t - now), *want_t) << "step " << step;
      ASSERT_EQ(d.has_value(), want_d.has_value()) << "step " << step;
      if (d) ASSERT_EQ(now64 + static_cast<int32_t>(*d - now), *want_d) << "step " << step;
    }
    // everything eligible leaves now, in rank order (timers), one grant per step
    for (;;) {
      const int want = first(false);
      const auto f = w.pop_timer(now);
      ASSERT_EQ(f.has_value(), want >= 0) << "step " << step << " seed " << seed;
      if (!f) break;
      const int got = f->kind * kFlows + static_cast<int>(f->flow);
      ASSERT_EQ(got, want) << "step " << step << " seed " << seed;
      ASSERT_EQ(f->gen, ref[want].gen);
      const int32_t late = static_cast<int32_t>(now - f->at_ns);
      ASSERT_GE(late, 0) << "early, step " << step;
      // polled every step: late by less than a slot plus the step, unless armed when it
      // was already due, reached in a jump, or re-armed while eligible
      if (std::get<1>(ref[want].rank) == 0 && dt < 8 && !ref[want].kept) ASSERT_LT(late, static_cast<int32_t>(g + 8)) << "step " << step;
      ref[want].on = false;
      ++fires;
    }
    if (rng() % 2) {
      const int want = first(true);
      const auto gr = w.txop(now);
      ASSERT_EQ(gr.has_value(), want >= 0) << "step " << step << " seed " << seed;
      if (gr) {
        ASSERT_EQ(static_cast<int>(5 * kFlows + gr->flow), want);
        ASSERT_EQ(gr->at_ns, ref[want].at);
        const uint32_t late = now - gr->at_ns;
        ASSERT_EQ(gr->tx_ns, late <= 300 ? gr->at_ns : now);
        ref[want].on = false;
        ++grants;
      }
    }
  }
  std::printf("NicWheel random: %llu fires, %llu grants\n", static_cast<unsigned long long>(fires),
              static_cast<unsigned long long>(grants));
  EXPECT_GT(fires, 10000u);
  EXPECT_GT(grants, 5000u);
}

uint64_t wheel_seed() {
  const char* s = std::getenv("NIC_WHEEL_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 20261127;
}

TEST(NicWheel, RandomAgainstTheRulesWithFarDeadlines) { random_against_rules(5, 3000, wheel_seed()); }
TEST(NicWheel, RandomAgainstTheRulesExact) { random_against_rules(0, 300, wheel_seed()); }
