// SPDX-License-Identifier: MIT
// NicWheelModel (tb/ref/nic_wheel_ref.h), the cycle model of the wheel engine
// (rtl/dcqcn_nic_wheel.sv), against its contract (NicWheelCheck, from the ports only):
// directed cases, then random runs on a small wheel (64 slots of 32 ns: deadlines beyond
// it are parked and moved, time jumps make the drain jump), each with its seed printed
// (NIC_WHEEL_MODEL_SEED=<n> replays one).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>

#include "nic_wheel_check.h"
#include "nic_wheel_ref.h"

using namespace dcqcn;

namespace {

constexpr uint32_t kK = 16;  // the engine's bound in cycles with 32-ns slots and 1..6 ns per cycle

struct WheelRun {
  NicWheelModel m;
  NicWheelCheck chk;
  uint64_t c = 0;
  uint32_t now = 1000;
  WheelRun(uint32_t n, unsigned gb, unsigned sl) : m(n, gb, sl), chk(n, gb, kK) {}
  // one cycle with these inputs (now and rst filled in); the contract checked
  NicWheelOut cycle(NicWheelIn in) {
    in.now_ns = now;
    const NicWheelOut o = m.outputs(in.now_ns);
    const std::string e = chk.cycle(c, in, o);
    EXPECT_EQ(e, "") << "cycle " << c << ": " << m.describe();
    if (!e.empty()) throw std::runtime_error(e);
    m.step(in);
    ++c;
    return o;
  }
  void settle() {  // through the RAM clear after reset
    while (m.clearing()) cycle(NicWheelIn{});
  }
};

NicWheelIn arm(uint8_t kind, uint32_t flow, uint8_t gen, uint32_t at) {
  return nic_wheel_command(1, kind, flow, gen, at);
}

}  // namespace

TEST(NicWheelModel, ATimerLeavesWithinKOfItsSlotEnd) {
  WheelRun r(16, 5, 6);
  r.cycle(NicWheelIn{.rst = true});
  r.settle();
  const uint32_t at = r.now + 100;
  ASSERT_TRUE(r.cycle(arm(1, 3, 7, at)).s_ready);
  NicWheelIn idle;
  idle.tmr_ready = idle.dep_ready = true;
  uint64_t fired_c = 0;
  uint32_t fired_now = 0;
  for (int i = 0; i < 400 && !fired_c; ++i) {
    r.now += 3;
    const NicWheelOut o = r.cycle(idle);
    if (o.tmr_valid) {
      EXPECT_EQ(o.tmr_kind, 1);
      EXPECT_EQ(o.tmr_flow, 3u);
      EXPECT_EQ(o.tmr_gen, 7);
      EXPECT_EQ(o.tmr_at_ns, at);
      fired_c = r.c;
      fired_now = r.now;
    }
  }
  ASSERT_NE(fired_c, 0u);
  const uint32_t elig = (at + 31) & ~31u;
  EXPECT_GE(static_cast<int32_t>(fired_now - elig), 0);
  EXPECT_LE(fired_now - elig, 3 * kK);
  EXPECT_EQ(r.chk.pops[0], 1u);
}

TEST(NicWheelModel, FarDeparturesAreParkedMovedAndLeaveOnTime) {
  WheelRun r(16, 5, 6);  // 64 slots x 32 ns: 2 us of wheel
  r.cycle(NicWheelIn{.rst = true});
  r.settle();
  const uint32_t at = r.now + 20000;  // 20 us: parked and moved about ten times
  r.cycle(arm(5, 9, 0, at));
  NicWheelIn idle;
  idle.tmr_ready = idle.dep_ready = true;
  uint32_t moves = 0;
  bool left = false;
  for (int i = 0; i < 20000 && !left; ++i) {
    r.now += 2;
    const NicWheelOut o = r.cycle(idle);
    moves += r.m.events().move;
    if (o.dep_valid) {
      EXPECT_EQ(o.dep_flow, 9u);
      EXPECT_GE(static_cast<int32_t>(r.now - at), 0);
      left = true;
    }
  }
  EXPECT_TRUE(left);
  EXPECT_GE(moves, 8u);
  EXPECT_EQ(r.chk.drain_check(), "");
}

// The slot number comes round: time is 32-bit ns, so a slot's number recurs every 2^32 ns.
// A drained slot's head and tail words must not be taken for that slot's again then (the
// bug found by the wheel's proof attempt, tb/formal/README.md: the RTL and this model left
// the words valid in RAM, and 2^32 ns later the load matched their tag: the entry left a
// second time, unarmed, and the count wrapped; re-armed meanwhile, it left early). The
// scenario of tb/icarus/tb_nic_wheel_wrap.sv, at its sizes (16 flows, 32-ns slots, 4096
// slots); `rearm`: the entry is armed again, 24 ns into the slot after its old slot number,
// before the drain reaches that slot number again (the stale word made it leave early).
void slot_number_comes_round(bool rearm) {
  WheelRun r(16, 5, 12);
  r.cycle(NicWheelIn{.rst = true});
  r.settle();
  NicWheelIn idle;
  idle.tmr_ready = idle.dep_ready = true;
  r.now += 4;
  const uint32_t at = r.now + 100;
  ASSERT_TRUE(r.cycle(arm(0, 3, 0x5A, at)).s_ready);
  unsigned fired = 0;
  auto run = [&](int cycles, uint32_t dt) {
    for (int i = 0; i < cycles; ++i) {
      r.now += dt;
      const NicWheelOut o = r.cycle(idle);
      if (o.tmr_valid) {
        ++fired;
        EXPECT_GE(static_cast<int32_t>(r.now - o.tmr_at_ns), 0) << "cycle " << r.c << ": early";
      }
    }
  };
  run(40, 4);
  ASSERT_EQ(fired, 1u);
  ASSERT_EQ(r.m.outputs().tmr_count, 0u);
  run(1, 0x7FFF0000u);
  run(4, 0);
  run(1, 0x7FFF0000u);
  run(4, 0);
  const uint32_t old_slot_start = (at + 31) & ~31u;  // the slot number comes round 2^32 ns on
  run(1, old_slot_start - 64 - r.now);
  run(4, 0);
  uint32_t at2 = 0;
  if (rearm) {
    at2 = old_slot_start + 24;  // 24 ns into the slot after the old slot number
    r.now += 4;
    ASSERT_TRUE(r.cycle(arm(0, 3, 0x5B, at2)).s_ready);
  }
  run(80, 4);
  EXPECT_EQ(fired, rearm ? 2u : 1u);
  EXPECT_EQ(r.m.outputs().tmr_count, 0u);
  EXPECT_EQ(r.chk.drain_check(), "");
}

TEST(NicWheelModel, ASlotNumberComingRoundDoesNotReviveItsOldList) { slot_number_comes_round(false); }
TEST(NicWheelModel, ASlotNumberComingRoundDoesNotMakeAReArmEarly) { slot_number_comes_round(true); }

TEST(NicWheelModel, RandomAgainstTheContract) {
  uint64_t seed0 = 1;
  int runs = 6;
  if (const char* s = std::getenv("NIC_WHEEL_MODEL_SEED")) {
    seed0 = std::strtoull(s, nullptr, 0);
    runs = 1;
  }
  for (int k = 0; k < runs; ++k) {
    const uint64_t seed = seed0 + k;
    std::printf("NicWheelModel random: seed %llu (NIC_WHEEL_MODEL_SEED=%llu replays)\n",
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed));
    std::mt19937_64 rng(seed);
    const uint32_t n = 16;
    WheelRun r(n, 5, 6);
    r.cycle(NicWheelIn{.rst = true});
    r.settle();
    auto u = [&](uint64_t lo, uint64_t hi) { return lo + rng() % (hi - lo + 1); };
    const bool bp = k % 2;
    uint64_t ev_keep = 0, ev_move = 0, ev_jump = 0, ev_blocked = 0, ev_mid = 0, ev_void = 0;
    for (int i = 0; i < 200000; ++i) {
      if (u(0, 99) < 70) r.now += static_cast<uint32_t>(u(0, 6));
      NicWheelIn in;
      in.tmr_ready = !bp || u(0, 99) < 60;
      in.dep_ready = u(0, 99) < (bp ? 10 : 40);
      // nothing new for a while: everything leaves; then a gap in time while nothing is armed
      // and no command is in flight (as a simulation sleeps), which the drains jump
      const bool quiet = i % 20000 > 16000;
      if (quiet && i % 20000 > 16002 && u(0, 999) < 50 &&
          r.m.outputs().tmr_count + r.m.outputs().dep_count == 0 && !r.m.outputs().busy)
        r.now += static_cast<uint32_t>(u(10000, 200000));
      if (!quiet && u(0, 99) < 60) {
        in.s_valid = true;
        in.s_op = u(0, 99) < 85 ? 1 : 2;
        const uint64_t kk = u(0, 4);
        in.s_kind = static_cast<uint8_t>(kk == 4 ? 5 : kk);
        if (u(0, 999) < 3) in.s_kind = 4;  // a bad one
        in.s_flow = static_cast<uint32_t>(u(0, 999) < 3 ? n + 1 : u(0, n - 1));
        in.s_gen = static_cast<uint8_t>(u(0, 255));
        const uint64_t z = u(0, 99);
        in.s_at_ns = z < 10 ? r.now - static_cast<uint32_t>(u(0, 500))       // behind
                     : z < 80 ? r.now + static_cast<uint32_t>(u(0, 1500))   // in the wheel
                              : r.now + static_cast<uint32_t>(u(1500, 9000));  // far
      }
      if (u(0, 199999) == 0) in.rst = true;
      if (std::getenv("NIC_WHEEL_MODEL_TRACE") && r.c + 80 > std::strtoull(std::getenv("NIC_WHEEL_MODEL_TRACE"), nullptr, 0) &&
          r.c <= std::strtoull(std::getenv("NIC_WHEEL_MODEL_TRACE"), nullptr, 0))
        std::printf("%llu now %u in v%d op%d k%d f%u at %u | %s\n", (unsigned long long)r.c, r.now, in.s_valid, in.s_op, in.s_kind, in.s_flow, in.s_at_ns, r.m.describe().c_str());
      ASSERT_NO_THROW(r.cycle(in)) << "seed " << seed;
      const auto& e = r.m.events();
      ev_keep += e.keep;
      ev_move += e.move;
      ev_jump += e.jump;
      ev_blocked += e.blocked;
      ev_mid += e.unlink_mid;
      ev_void += e.move_void;
      if (in.rst) r.settle();
    }
    // drain: no commands, both outputs taken, time on
    NicWheelIn idle;
    idle.tmr_ready = idle.dep_ready = true;
    for (int i = 0; i < 200000 && (r.chk.armed_count(0) || r.chk.armed_count(1)); ++i) {
      r.now += 3;
      ASSERT_NO_THROW(r.cycle(idle)) << "seed " << seed;
    }
    EXPECT_EQ(r.chk.drain_check(), "") << "seed " << seed;
    const NicWheelOut o = r.m.outputs();
    EXPECT_EQ(o.tmr_count + o.dep_count, 0u) << "seed " << seed;
    std::printf("  pops %llu / %llu, worst lateness %llu cycles (free %llu, over 2x work %llu), "
                "keep %llu move %llu void %llu jump %llu blocked %llu mid %llu\n",
                (unsigned long long)r.chk.pops[0], (unsigned long long)r.chk.pops[1],
                (unsigned long long)r.chk.worst_late, (unsigned long long)r.chk.worst_free_late,
                (unsigned long long)r.chk.worst_excess, (unsigned long long)ev_keep,
                (unsigned long long)ev_move, (unsigned long long)ev_void, (unsigned long long)ev_jump,
                (unsigned long long)ev_blocked, (unsigned long long)ev_mid);
    EXPECT_GT(ev_keep, 0u);
    EXPECT_GT(ev_move, 0u);
    EXPECT_GT(ev_jump, 0u);
    EXPECT_GT(ev_blocked, 0u);
    EXPECT_GT(ev_mid, 0u);
  }
}
