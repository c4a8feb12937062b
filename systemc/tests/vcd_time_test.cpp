// SPDX-License-Identifier: MIT
// The waveform of a network run (dcqcn-sim --vcd) on its true time axis, read back:
//   - every block's event (a rising s_evt_valid in the block's scope, h1.rp, sw.cp, ...)
//     is drawn at the simulated time its own s_evt_now_ns says, within the rounding of ns
//     to ps (0.5 ns), or, when the block was still clocking the previous call, exactly
//     one half period after that call's last edge (queued in front of the block), and
//     then late by at most kMaxLatePs; never earlier. The RAM clear is not drawn: the
//     first event is at its own time (it was drawn 3.185 us late after the clear). An
//     RP's TX event is the exception by design: its s_evt_now_ns is the departure's ideal
//     time (the grant's tx_ns, docs/nic.md "Pacing stays exact over the long run"), so it
//     is drawn at or after that time, by at most CATCHUP_NS (16384 ns) plus kMaxLatePs.
//   - the RTL cycles are at the clock period: no two clock changes of a block closer
//     than half a period (the old axis drew 45 cycles in 90 ps), and each call's cycles
//     exactly half a period apart (--trace-clock-ns sets the period; two are tried).
//   - --engine ref --vcd writes the network and each block's transaction view, events at
//     their own time; no part file is left beside it.
//   - the GTKWave save file beside the waveform names only signals of the waveform, and
//     the network's per-flow Rc and per-port queue (named by the port's peer) are in it.
//   - --trace-from / --trace-to: nothing drawn outside the window; bad values are errors.
//   - FILE.fst (read with GTKWave's reader library) holds the same signals and the same
//     events as FILE.vcd of the same run, and its .gtkw names only signals it holds.
// These runs use nic.core: blocks (BLOCKS), where each NIC's RP and NP are blocks of their
// own (h1.rp, h1.np) with an event per call; the top core's waveform (h1.top, the whole
// NIC top's RTL) is checked by Network.VcdHasOneNicTopPerTracedNic.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fstapi.h"
#include "sim_run.h"

#define BLOCKS "--set nic.core=blocks "
using namespace simtest;

namespace {

constexpr uint64_t kMaxLatePs = 200000;  // a few calls' cycles

struct Block {
  std::string name;           // "h1.rp"
  bool valid = false;         // s_evt_valid now
  uint32_t now_ns = 0;        // s_evt_now_ns now
  uint32_t op = ~0u;          // s_evt_op now (RP blocks: 0 = TX)
  bool rose = false;          // s_evt_valid went 0 -> 1 at the current timestamp
  bool clk_changed = false;
  uint64_t last_clk = 0;      // the block's previous clock change (ps)
  bool clocked = false;
  uint64_t events = 0, exact = 0, queued = 0, bad = 0, tx_ideal = 0;
  uint64_t half_gaps = 0, short_gaps = 0, first_event_ps = ~0ull;
  int64_t first_event_d = 0;
  uint64_t max_late_ps = 0;
  std::string first_bad;
};

enum class Sig { CLK, VALID, NOW, OP };
constexpr uint64_t kCatchupPs = 16384000;  // CATCHUP_NS (the scheduler's reset value)

struct Trace {
  uint64_t half_lo = 0, half_hi = 0;  // the half period, rounded either way (ps)
  std::vector<Block> blocks;
  std::map<std::string, std::vector<std::pair<size_t, Sig>>> ids;
  std::set<std::string> names;        // every signal, as GTKWave names it
  uint64_t first_t = ~0ull, last_t = 0;

  void header(std::istream& in) {
    std::string line;
    std::vector<std::string> scope;
    std::map<std::string, size_t> index;
    while (std::getline(in, line)) {
      std::istringstream ls(line);
      std::string kw;
      ls >> kw;
      if (kw == "$enddefinitions") return;
      if (kw == "$scope") {
        std::string type, name;
        ls >> type >> name;
        scope.push_back(name);
      } else if (kw == "$upscope") {
        scope.pop_back();
      } else if (kw == "$var") {
        std::string type, width, id, name, range;
        ls >> type >> width >> id >> name >> range;
        std::string path;
        for (const auto& s : scope) path += s + ".";
        names.insert(path + name + (range == "$end" ? "" : range));
        // a block's ports sit in its scope "<node>.<rp|np|cp>"; the network is "net"
        if (scope.size() != 2 || scope[0] == "net") continue;
        const std::string blk = scope[0] + "." + scope[1];
        if (!index.count(blk)) {
          index[blk] = blocks.size();
          blocks.push_back(Block{blk});
        }
        const size_t p = index[blk];
        if (name == "clk") ids[id].push_back({p, Sig::CLK});
        else if (name == "s_evt_valid") ids[id].push_back({p, Sig::VALID});
        else if (name == "s_evt_now_ns") ids[id].push_back({p, Sig::NOW});
        else if (name == "s_evt_op") ids[id].push_back({p, Sig::OP});
      }
    }
  }

  void change(const std::string& id, const std::string& value) {
    auto it = ids.find(id);
    if (it == ids.end()) return;
    for (auto [p, s] : it->second) {
      Block& x = blocks[p];
      if (s == Sig::CLK) {
        x.clk_changed = true;
      } else if (s == Sig::VALID) {
        const bool v = value == "1";
        if (v && !x.valid) x.rose = true;
        x.valid = v;
      } else if (s == Sig::OP) {
        x.op = static_cast<uint32_t>(std::stoull(value, nullptr, 2));
      } else {
        x.now_ns = static_cast<uint32_t>(std::stoull(value, nullptr, 2));
      }
    }
  }

  void end_of(uint64_t t) {
    for (Block& x : blocks) {
      const bool queued_edge = x.clocked && t >= x.last_clk + half_lo && t <= x.last_clk + half_hi;
      if (x.rose) {
        ++x.events;
        const int64_t d = static_cast<int64_t>(t) - static_cast<int64_t>(x.now_ns) * 1000;
        if (x.first_event_ps == ~0ull) {
          x.first_event_ps = t;
          x.first_event_d = d;
        }
        const bool rp_tx = x.op == 0 && x.name.size() > 3 && x.name.compare(x.name.size() - 3, 3, ".rp") == 0;
        if (d >= -501 && d <= 501) {
          ++x.exact;
        } else if (rp_tx && d > 501 && static_cast<uint64_t>(d) <= kCatchupPs + kMaxLatePs) {
          ++x.tx_ideal;  // a TX at its ideal departure time, sent later
        } else if (d > 501 && static_cast<uint64_t>(d) <= kMaxLatePs && (queued_edge || !x.clocked)) {
          ++x.queued;
          x.max_late_ps = std::max<uint64_t>(x.max_late_ps, static_cast<uint64_t>(d));
        } else if (x.bad++ == 0) {
          char b[200];
          std::snprintf(b, sizeof b, "event with s_evt_now_ns = %u ns drawn at %llu ps (%+lld ps; "
                        "the block's previous clock change at %llu ps)", x.now_ns,
                        static_cast<unsigned long long>(t), static_cast<long long>(d),
                        static_cast<unsigned long long>(x.last_clk));
          x.first_bad = b;
        }
        x.rose = false;
      }
      if (x.clk_changed) {
        if (x.clocked) {
          const uint64_t g = t - x.last_clk;
          if (g >= half_lo && g <= half_hi) ++x.half_gaps;
          else if (g < half_lo) ++x.short_gaps;
        }
        x.last_clk = t;
        x.clocked = true;
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
        first_t = std::min(first_t, t);
        last_t = std::max(last_t, t);
        any = true;
      } else if (line[0] == 'b') {
        const size_t sp = line.find(' ');
        if (sp != std::string::npos) change(line.substr(sp + 1), line.substr(1, sp - 1));
      } else {
        change(line.substr(1), line.substr(0, 1));
      }
    }
    if (any) end_of(t);
  }
};

Trace read_trace(const std::string& vcd, double clock_ns) {
  Trace tr;
  const double half = clock_ns * 500.0;
  tr.half_lo = static_cast<uint64_t>(half);         // 1551 for 3.103 ns
  tr.half_hi = static_cast<uint64_t>(half + 0.999); // 1552
  std::ifstream f(vcd);
  EXPECT_TRUE(f.good()) << vcd;
  tr.header(f);
  tr.body(f);
  return tr;
}

// The signal names of a GTKWave save file (its lines that are neither directives [..],
// flags @.., comments/labels -.., nor the zoom line *..; "+{label} name" is a labelled one).
std::vector<std::string> gtkw_signals(const std::string& path) {
  std::vector<std::string> v;
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '[' || line[0] == '@' || line[0] == '-' || line[0] == '*') continue;
    if (line[0] == '+') line = line.substr(line.find("} ") + 2);  // "+{label} name"
    v.push_back(line);
  }
  return v;
}

void check_rtl_axis(const std::string& tag, double clock_ns) {
  const std::string vcd = std::string(SIM_TEST_OUT) + "/" + tag + "_w/w.vcd";
  fs::remove_all(fs::path(vcd).parent_path());
  char clk[64];
  std::snprintf(clk, sizeof clk, "%g", clock_ns);
  // every block traced: 5 RPs, 5 NPs and the switch's CP; marks and CNPs within 0.3 ms
  const SimRun r = sim(tag, "incast4", BLOCKS "--engine rtl --duration 0.3 --vcd " + vcd + " --trace-clock-ns " + clk);
  ASSERT_EQ(r.rc, 0) << r.cmd << "\n" << r.err;
  const Trace tr = read_trace(vcd, clock_ns);
  std::map<std::string, uint64_t> per_kind;
  ASSERT_EQ(tr.blocks.size(), 11u);
  for (const Block& x : tr.blocks) {
    per_kind[x.name.substr(x.name.size() - 2)] += x.events;
    std::printf("%-6s %6llu events: %6llu at their time, %4llu TX at their ideal time, %4llu queued "
                "behind the previous call (at most %.1f ns late), %llu wrong; %llu half-period clock "
                "gaps, %llu shorter\n",
                x.name.c_str(), static_cast<unsigned long long>(x.events),
                static_cast<unsigned long long>(x.exact), static_cast<unsigned long long>(x.tx_ideal),
                static_cast<unsigned long long>(x.queued),
                x.max_late_ps / 1000.0, static_cast<unsigned long long>(x.bad),
                static_cast<unsigned long long>(x.half_gaps), static_cast<unsigned long long>(x.short_gaps));
    EXPECT_EQ(x.bad, 0u) << x.name << ": " << x.first_bad;
    EXPECT_EQ(x.short_gaps, 0u) << x.name << ": clock edges closer than half a period";
    // each event's call runs at least 2 cycles (4 half periods) at the clock period
    EXPECT_GE(x.half_gaps, 4 * x.events) << x.name;
    if (x.events) EXPECT_LE(std::llabs(x.first_event_d), 501) << x.name << ": the first event is drawn "
                                                              << x.first_event_d << " ps from its time";
  }
  EXPECT_GT(per_kind["rp"], 1000u);
  EXPECT_GT(per_kind["np"], 1000u);
  EXPECT_GT(per_kind["cp"], 1000u);
  // the save file opens what it lists; the network's views are in it
  const auto sigs = gtkw_signals(fs::path(vcd).replace_extension(".gtkw").string());
  ASSERT_GT(sigs.size(), 50u);
  for (const auto& s : sigs) EXPECT_TRUE(tr.names.count(s)) << s << ": in the .gtkw, not in the waveform";
  for (const char* want : {"net.flows.f3_h4_r.rc_kbps[31:0]", "net.sw.p4_r.egress_bytes[31:0]",
                           "net.sw.p4_r.paused", "h3.rp.s_evt_flow[9:0]", "sw.cp.m_out_marked"})
    EXPECT_NE(std::find(sigs.begin(), sigs.end(), want), sigs.end()) << want << " not in the .gtkw";
  // the map beside it: h4's flow is global flow 3, RP index 0; port 4 goes to r
  const std::string map = slurp(fs::path(vcd).replace_extension(".map.txt").string());
  EXPECT_NE(map.find("flow 3 h4 -> r: h4.rp flow 0, r.np flow 3, net.flows.f3_h4_r"), std::string::npos) << map;
  EXPECT_NE(map.find("port sw.p4 -> r (port 0)"), std::string::npos) << map;
}

TEST(VcdTime, EveryRtlEventAtItsTimeAndCyclesAtTheClockPeriod) { check_rtl_axis("rtl3103", 3.103); }

TEST(VcdTime, TheClockPeriodIsAParameter) { check_rtl_axis("rtl5", 5.0); }

TEST(VcdTime, ReferenceEngineWritesTransactionsAndTheNetwork) {
  const std::string dir = std::string(SIM_TEST_OUT) + "/ref_w";
  fs::remove_all(dir);
  const SimRun r = sim("ref", "incast4", BLOCKS "--engine ref --duration 0.3 --vcd " + dir + "/x.vcd");
  ASSERT_EQ(r.rc, 0) << r.cmd << "\n" << r.err;
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) files.insert(e.path().filename().string());
  EXPECT_EQ(files, (std::set<std::string>{"x.vcd", "x.gtkw", "x.map.txt"}));
  std::ifstream f(dir + "/x.vcd");
  Trace tr;
  tr.header(f);
  // a reference call has no clock: track s_evt_valid and s_evt_now_ns only
  tr.half_lo = tr.half_hi = 0;
  tr.body(f);
  ASSERT_EQ(tr.blocks.size(), 11u);
  uint64_t events = 0;
  for (const Block& x : tr.blocks) {
    events += x.events;
    EXPECT_EQ(x.bad, 0u) << x.name << ": " << x.first_bad;
  }
  EXPECT_GT(events, 3000u);
  for (const char* want : {"h1.rp.s_evt_valid", "h1.rp.m_out_valid", "h1.rp.m_out_rc_kbps[31:0]",
                           "sw.cp.m_out_marked", "r.np.m_out_cnp", "net.flows.f0_h1_r.rc_kbps[31:0]"})
    EXPECT_TRUE(tr.names.count(want)) << want;
  for (const auto& s : gtkw_signals(dir + "/x.gtkw"))
    EXPECT_TRUE(tr.names.count(s)) << s << ": in the .gtkw, not in the waveform";
}

TEST(VcdTime, WindowAndDepth) {
  const std::string dir = std::string(SIM_TEST_OUT) + "/win_w";
  fs::remove_all(dir);
  const SimRun r = sim("win", "incast4", BLOCKS "--duration 0.3 --vcd " + dir + "/w.vcd --trace-from 0.1 "
                       "--trace-to 0.15 --trace-depth ports");
  ASSERT_EQ(r.rc, 0) << r.cmd << "\n" << r.err;
  const Trace tr = read_trace(dir + "/w.vcd", 3.103);
  EXPECT_GE(tr.first_t, 100000000u);
  EXPECT_LE(tr.last_t, 150000000u);
  EXPECT_TRUE(tr.names.count("h1.rp.s_evt_valid"));
  for (const auto& n : tr.names) EXPECT_EQ(n.find(".rtl."), std::string::npos) << n << ": deeper than the ports";
  for (const std::string& bad : {std::string("--trace-from 0.3"), std::string("--trace-from 0.2 --trace-to 0.1"),
                                 std::string("--trace-from -1"), std::string("--trace-to abc"),
                                 std::string("--trace-depth 0"), std::string("--trace-clock-ns 0")}) {
    const SimRun b = sim("win_bad", "incast4", BLOCKS "--duration 0.3 --vcd " + dir + "/b.vcd " + bad);
    EXPECT_EQ(b.rc, 2) << bad << "\n" << b.err;
    EXPECT_NE(b.err.find("expected"), std::string::npos) << bad << ": " << b.err;
  }
  const SimRun n = sim("win_novcd", "incast4", BLOCKS "--duration 0.3 --trace-from 0.1");
  EXPECT_EQ(n.rc, 2);
  const SimRun x = sim("win_ext", "incast4", BLOCKS "--duration 0.3 --vcd " + dir + "/w.txt");
  EXPECT_EQ(x.rc, 2);
  EXPECT_NE(x.err.find(".fst"), std::string::npos) << x.err;
}

// The FST of a run: its signal names (as GTKWave names them) and, per block, the number of
// rising s_evt_valid.
struct FstInfo {
  std::set<std::string> names;
  std::map<std::string, uint64_t> events;
  uint64_t changes = 0;
};

FstInfo read_fst(const std::string& path) {
  FstInfo info;
  void* ctx = fstReaderOpen(path.c_str());
  EXPECT_NE(ctx, nullptr) << path;
  if (!ctx) return info;
  std::vector<std::string> scope;
  std::map<fstHandle, std::string> valid;  // s_evt_valid handle -> block
  while (fstHier* h = fstReaderIterateHier(ctx)) {
    if (h->htyp == FST_HT_SCOPE) {
      scope.push_back(h->u.scope.name);
    } else if (h->htyp == FST_HT_UPSCOPE) {
      scope.pop_back();
    } else if (h->htyp == FST_HT_VAR) {
      std::string n = h->u.var.name;
      n.erase(std::remove(n.begin(), n.end(), ' '), n.end());
      std::string path;
      for (const auto& x : scope) path += x + ".";
      info.names.insert(path + n);
      if (n == "s_evt_valid" && scope.size() == 2 && scope[0] != "net")
        valid[h->u.var.handle] = scope[0] + "." + scope[1];
    }
  }
  struct Ctx {
    FstInfo* info;
    std::map<fstHandle, std::string>* valid;
  } c{&info, &valid};
  fstReaderSetFacProcessMaskAll(ctx);
  fstReaderIterBlocks(
      ctx,
      [](void* u, uint64_t, fstHandle h, const unsigned char* v) {
        auto* c = static_cast<Ctx*>(u);
        ++c->info->changes;
        auto it = c->valid->find(h);
        if (it != c->valid->end() && v[0] == '1') ++c->info->events[it->second];
      },
      &c, nullptr);
  fstReaderClose(ctx);
  return info;
}

TEST(VcdTime, FstHoldsWhatTheVcdHolds) {
  const std::string dir = std::string(SIM_TEST_OUT) + "/fst_w";
  fs::remove_all(dir);
  const SimRun a = sim("fst_a", "incast4", BLOCKS "--duration 0.3 --vcd " + dir + "/w.fst");
  ASSERT_EQ(a.rc, 0) << a.cmd << "\n" << a.err;
  const SimRun b = sim("fst_b", "incast4", BLOCKS "--duration 0.3 --vcd " + dir + "/w.vcd");
  ASSERT_EQ(b.rc, 0) << b.cmd << "\n" << b.err;
  const FstInfo f = read_fst(dir + "/w.fst");
  const Trace v = read_trace(dir + "/w.vcd", 3.103);
  EXPECT_EQ(f.names, v.names);
  ASSERT_EQ(v.blocks.size(), 11u);
  for (const Block& x : v.blocks) EXPECT_EQ(f.events.count(x.name) ? f.events.at(x.name) : 0, x.events) << x.name;
  EXPECT_GT(f.changes, 100000u);
  const auto sigs = gtkw_signals(dir + "/w.gtkw");
  ASSERT_GT(sigs.size(), 50u);
  for (const auto& s : sigs) EXPECT_TRUE(f.names.count(s)) << s << ": in the .gtkw, not in the FST";
  EXPECT_LT(fs::file_size(dir + "/w.fst") * 4, fs::file_size(dir + "/w.vcd"));
}

}  // namespace
