// SPDX-License-Identifier: MIT
// The merged waveform of a network run (dcqcn-sim --vcd) draws every block's event at its
// network time. The RTL engines lay each call's clock cycles out from the call's network
// time (the `at_ns` of engine.h); this test reads the merged VCD back and checks, for
// every RP, NP and CP instance, that each event (a rising s_evt_valid) is drawn where its
// own s_evt_now_ns says it happened:
//   - at that time (within the rounding of ns to ps: 0.5 ns), or
//   - later only because the same block was still clocking the previous call (each call
//     runs until its result is out: 12 RP cycles, 4 NP cycles, 6 CP cycles, and at time 0
//     the reset's RAM clear, 1024 cycles = 3.2 us): then the event starts one ps after
//     that block's previous dump (the time axis must increase), and after the reset
//     window it is late by at most kMaxLatePs;
//   - never earlier (the bug this guards against: CP events drawn 32-157 ns early when
//     the switch did not set a global trace time).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sim_run.h"

using namespace simtest;

namespace {

constexpr uint64_t kResetWindowPs = 4000000;  // the RAM clear at time 0 (1024 cycles)
constexpr uint64_t kMaxLatePs = 100000;       // a few calls' cycles

// One traced block instance (a top scope of the merged VCD such as "h1_rp" or "sw_cp").
struct Part {
  std::string name;
  bool valid = false;         // s_evt_valid now
  uint32_t now_ns = 0;        // s_evt_now_ns now
  bool rose = false;          // s_evt_valid went 0 -> 1 at the current timestamp
  bool clk_changed = false;   // clk changed at the current timestamp (the block dumped)
  uint64_t last_dump = 0;     // the block's previous dump time (ps)
  bool dumped = false;
  uint64_t events = 0, exact = 0, pushed = 0, bad = 0;
  uint64_t max_push_ps = 0;   // after the reset window
  std::string first_bad;
};

enum class Sig { CLK, VALID, NOW };

struct Checker {
  std::vector<Part> parts;
  std::map<std::string, std::vector<std::pair<size_t, Sig>>> ids;  // VCD id -> signals

  // Reads the header: the top scopes and, in each, the first clk/s_evt_valid/s_evt_now_ns.
  void header(std::istream& in) {
    std::string line;
    int depth = 0;
    std::map<std::pair<size_t, Sig>, bool> seen;
    while (std::getline(in, line)) {
      std::istringstream ls(line);
      std::string kw;
      ls >> kw;
      if (kw == "$enddefinitions") return;
      if (kw == "$scope") {
        std::string type, name;
        ls >> type >> name;
        if (++depth == 1) parts.push_back(Part{name});
      } else if (kw == "$upscope") {
        --depth;
      } else if (kw == "$var" && depth >= 1) {
        std::string type, width, id, name;
        ls >> type >> width >> id >> name;
        const size_t p = parts.size() - 1;
        Sig s;
        if (name == "clk") s = Sig::CLK;
        else if (name == "s_evt_valid") s = Sig::VALID;
        else if (name == "s_evt_now_ns") s = Sig::NOW;
        else continue;
        if (seen[{p, s}]) continue;
        seen[{p, s}] = true;
        ids[id].push_back({p, s});
      }
    }
  }

  void change(const std::string& id, const std::string& value) {
    auto it = ids.find(id);
    if (it == ids.end()) return;
    for (auto [p, s] : it->second) {
      Part& x = parts[p];
      if (s == Sig::CLK) {
        x.clk_changed = true;
      } else if (s == Sig::VALID) {
        const bool v = value == "1";
        if (v && !x.valid) x.rose = true;
        x.valid = v;
      } else {
        x.now_ns = static_cast<uint32_t>(std::stoull(value, nullptr, 2));
      }
    }
  }

  // All changes at time t are in: judge the events that started at t.
  void end_of(uint64_t t) {
    for (Part& x : parts) {
      if (x.rose) {
        ++x.events;
        const int64_t d = static_cast<int64_t>(t) - static_cast<int64_t>(x.now_ns) * 1000;
        if (d >= -501 && d <= 501) {
          ++x.exact;
        } else if (d > 501 && x.dumped && t == x.last_dump + 1 &&
                   (t < kResetWindowPs || static_cast<uint64_t>(d) <= kMaxLatePs)) {
          ++x.pushed;
          if (t >= kResetWindowPs)
            x.max_push_ps = std::max<uint64_t>(x.max_push_ps, static_cast<uint64_t>(d));
        } else {
          if (x.bad++ == 0) {
            char b[200];
            std::snprintf(b, sizeof b,
                          "event with s_evt_now_ns = %u ns drawn at %llu ps (%+lld ps; the "
                          "block's previous dump at %llu ps)",
                          x.now_ns, static_cast<unsigned long long>(t),
                          static_cast<long long>(d), static_cast<unsigned long long>(x.last_dump));
            x.first_bad = b;
          }
        }
        x.rose = false;
      }
      if (x.clk_changed) {
        x.last_dump = t;
        x.dumped = true;
        x.clk_changed = false;
      }
    }
  }

  void body(std::istream& in) {
    std::string line;
    uint64_t t = 0;
    bool any = false;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '$') continue;
      if (line[0] == '#') {
        if (any) end_of(t);
        t = std::stoull(line.substr(1));
        any = true;
      } else if (line[0] == 'b' || line[0] == 'r') {
        const size_t sp = line.find(' ');
        if (sp != std::string::npos) change(line.substr(sp + 1), line.substr(1, sp - 1));
      } else {
        change(line.substr(1), line.substr(0, 1));
      }
    }
    if (any) end_of(t);
  }
};

TEST(VcdTime, EveryBlocksEventIsDrawnAtItsNetworkTime) {
  const std::string vcd = std::string(SIM_TEST_OUT) + "/vcd/w.vcd";
  fs::create_directories(fs::path(vcd).parent_path());
  // every block traced: 5 RPs, 5 NPs and the switch's CP; marks and CNPs within 0.3 ms
  const SimRun r = sim("vcd_time", "incast4", "--engine rtl --duration 0.3 --vcd " + vcd);
  ASSERT_EQ(r.rc, 0) << r.cmd << "\n" << r.err;
  std::ifstream f(vcd);
  ASSERT_TRUE(f.good()) << vcd;
  Checker c;
  c.header(f);
  c.body(f);
  std::map<std::string, uint64_t> per_kind;  // rp, np, cp: events seen
  for (const Part& x : c.parts) {
    if (x.name == "net") continue;
    const std::string kind = x.name.substr(x.name.size() - 2);
    per_kind[kind] += x.events;
    std::printf("%-6s %6llu events: %6llu at their time, %4llu after the previous call's "
                "cycles (after 4 us: at most %.1f ns later), %llu wrong\n",
                x.name.c_str(), static_cast<unsigned long long>(x.events),
                static_cast<unsigned long long>(x.exact),
                static_cast<unsigned long long>(x.pushed), x.max_push_ps / 1000.0,
                static_cast<unsigned long long>(x.bad));
    EXPECT_EQ(x.bad, 0u) << x.name << ": " << x.first_bad;
  }
  EXPECT_GT(per_kind["rp"], 1000u);
  EXPECT_GT(per_kind["np"], 1000u);
  EXPECT_GT(per_kind["cp"], 1000u);
}

}  // namespace
