// SPDX-License-Identifier: MIT
// The DCQCN paper's claims (SIGCOMM'15; docs/reproduction.md), one test per experiment, label
// `paper`. Every run is its own dcqcn-sim process on the reference engine (bit-identical
// to the RTL engine: EngineEquiv.* and the network tests); scripts/reproduce.sh runs the
// same experiments on the RTL and writes results/report.md. The scenario files and the
// reasons behind each setting are in systemc/scenarios/; every number is printed.
#include "sim_run.h"

#include <cmath>

using namespace simtest;

namespace {

// Throughputs count frame bytes (1000 B payload + 62 B headers); each frame also costs
// 20 B of preamble and IFG on the wire, so a saturated link carries 1062 / 1082 of its rate
// in frames (docs/network.md, "Frames on the wire"). Fair shares below are in that unit:
// before the wire model they were whole Gb/s (frames of 58 B headers, no IFG).
constexpr double kFrameShare = 1062.0 / 1082.0;

// ------------------------------------------------------------------ the Clos (Fig. 2-4, 8-9)
// One ECMP placement per seed; claims on medians over seeds (the paper's figures show
// min / median / max over transfers). Throughput = second-half delivered bytes.
constexpr int kClosSeeds = 10;

std::map<std::string, std::vector<double>> clos_runs(const std::string& tag, const std::string& scenario,
                                                     const std::string& args) {
  std::map<std::string, std::vector<double>> per;
  for (int seed = 1; seed <= kClosSeeds; ++seed) {
    const SimRun r = sim(tag + "_" + std::to_string(seed), scenario,
                         PAPER_ENGINE + args + " --set ecmp_seed=" + std::to_string(seed));
    expect_checks_ok(r);
    EXPECT_EQ(r.summary["drops"]["lossless"].get<uint64_t>(), 0u);
    for (const json& f : r.flows)
      per[f["src"].get<std::string>()].push_back(f["second_half_tput_gbps"].get<double>());
  }
  return per;
}

// flows.csv as time (ms) -> per-flow throughput (Gb/s).
std::map<double, std::vector<double>> flow_series(const std::string& dir, const char* col = "tput_gbps") {
  const Csv c = read_csv(dir + "/flows.csv");
  std::map<double, std::vector<double>> by;
  for (size_t i = 0; i < c.rows; ++i) {
    auto& v = by[c.num.at("time_us")[i] / 1000.0];
    const size_t f = static_cast<size_t>(c.num.at("flow")[i]);
    if (v.size() <= f) v.resize(f + 1, 0.0);
    v[f] = c.num.at(col)[i];
  }
  return by;
}

// Two-flow convergence metrics from `from_ms` on (scripts/report/30_convergence.py):
// gap = |a - b| / max(a, b) of the mean throughputs, and the same per 10 ms window.
struct Conv {
  double a = 0, b = 0, gap = 0, min_window_gap = 1, within = 0;
};

Conv convergence(const std::map<double, std::vector<double>>& by, double from_ms, double end_ms) {
  Conv c;
  double sa = 0, sb = 0;
  int n = 0;
  for (const auto& [t, v] : by)
    if (t > from_ms) { sa += v[0]; sb += v[1]; ++n; }
  c.a = sa / n;
  c.b = sb / n;
  c.gap = std::fabs(c.a - c.b) / std::max(c.a, c.b);
  int windows = 0, ok = 0;
  for (double w = from_ms; w + 10 <= end_ms + 1e-9; w += 10) {
    double x = 0, y = 0;
    int k = 0;
    for (const auto& [t, v] : by)
      if (t > w && t <= w + 10) { x += v[0]; y += v[1]; ++k; }
    if (!k) continue;
    const double g = std::fabs(x - y) / std::max({x, y, 1e-9});
    c.min_window_gap = std::min(c.min_window_gap, g);
    ++windows;
    ok += g <= 0.1;
  }
  c.within = windows ? static_cast<double>(ok) / windows : 0;
  return c;
}

}  // namespace

// Fig. 3: PFC alone, H4 (alone on T4's port P2) gets more than H1-H3 (which share
// P3/P4): its median at least 1.5x the median of H1-H3. Fig. 8: with DCQCN the median of
// each of H1-H4 is within 10 % (1 Gb/s) of 10 Gb/s of wire, 9.82 Gb/s of frames.
TEST(PaperClos, UnfairnessPfcAloneFixedByDcqcn) {
  const auto pfc = clos_runs("clos_unfair_pfc", "clos_unfairness", "--set switch.ecn.enabled=false");
  const auto dcqcn = clos_runs("clos_unfair_dcqcn", "clos_unfairness", "");
  std::vector<double> h13;
  std::printf("clos_unfairness, PFC alone:\n");
  for (const char* h : {"H1", "H2", "H3", "H4"}) {
    ASSERT_EQ(pfc.at(h).size(), static_cast<size_t>(kClosSeeds)) << h;
    print_mmm(h, pfc.at(h));
    if (h[1] != '4') h13.insert(h13.end(), pfc.at(h).begin(), pfc.at(h).end());
  }
  print_mmm("H1-H3 (pooled)", h13);
  const double h4 = mmm(pfc.at("H4")).med, rest = mmm(h13).med;
  std::printf("  H4 median / H1-H3 median = %.2f (claim >= 1.5)\n", h4 / rest);
  EXPECT_GE(h4, 1.5 * rest);
  std::printf("clos_unfairness, PFC and DCQCN:\n");
  for (const char* h : {"H1", "H2", "H3", "H4"}) {
    print_mmm(h, dcqcn.at(h));
    EXPECT_NEAR(mmm(dcqcn.at(h)).med, 10.0 * kFrameShare, 1.0) << h;
  }
}

// Fig. 4: PFC alone, the victim VS -> VR (T1 -> T2) falls as senders under T3 are added,
// though no path from T3 to R shares a link with it: at 2 senders its median is at most
// 70 % of its median at 0 (the acceptance threshold, fixed before any run; we
// measure 0.68, the paper 0.45). Fig. 9: with DCQCN it is not hurt: at 1 and 2 senders its
// median is at least 90 % of its median at 0. (The upper side of "within 10 %" is
// printed, not asserted: with DCQCN the victim's median *rises*, 21 -> 24 -> 26 Gb/s at
// 0, 1, 2 senders, because H11-H14, limited at R to 40/4 then 40/6 Gb/s, leave more of
// the T1 uplink it shares with them: its max-min share, 40 - k x 40/n for k of them on
// its uplink.)
TEST(PaperClos, VictimFlowHurtByPfcAloneNotByDcqcn) {
  const char* senders[3] = {"--set flows.5.enabled=false --set flows.6.enabled=false",
                            "--set flows.6.enabled=false", ""};
  for (const bool ecn : {false, true}) {
    double med[3];
    std::printf("clos_victim, %s:\n", ecn ? "PFC and DCQCN" : "PFC alone");
    for (int n = 0; n < 3; ++n) {
      const auto per = clos_runs(std::string("clos_victim_") + (ecn ? "dcqcn" : "pfc") + std::to_string(n),
                                 "clos_victim",
                                 std::string(senders[n]) + (ecn ? "" : " --set switch.ecn.enabled=false"));
      ASSERT_EQ(per.at("VS").size(), static_cast<size_t>(kClosSeeds));
      EXPECT_EQ(per.count("H31"), n >= 1 ? 1u : 0u);
      EXPECT_EQ(per.count("H32"), n >= 2 ? 1u : 0u);
      print_mmm("VS -> VR, " + std::to_string(n) + " sender(s) under T3", per.at("VS"));
      med[n] = mmm(per.at("VS")).med;
    }
    std::printf("  victim median at 1, 2 senders / at 0: %.2f, %.2f\n", med[1] / med[0], med[2] / med[0]);
    if (!ecn) {
      EXPECT_LT(med[1], med[0]);
      EXPECT_LT(med[2], med[1]);
      EXPECT_LE(med[2], 0.7 * med[0]);
    } else {
      EXPECT_GE(med[1], 0.9 * med[0]);
      EXPECT_GE(med[2], 0.9 * med[0]);
    }
  }
}

// Fig. 11-13: flow 2 joins flow 1's 40 Gb/s bottleneck at 10 ms starting at 100 Mb/s
// (systemc/scenarios/convergence.yaml). `strawman`: the two are never within 10 % of each
// other in any 10 ms window from 50 ms after the join, in every seed (the byte counter
// makes the faster flow increase faster). `paper`: the median over 5 marking seeds of the
// gap between their mean throughputs from 50 ms after the join is <= 10 %. The stricter
// "every window within 10 %" is printed, not asserted: RED marking and CNP coalescing
// keep the pair swapping the lead slowly (report section 3).
//
// Fig. 10-12 (issue 5), on the same runs: the fluid model predicts convergence for
// `paper` and none for `strawman`, like the paper, and the packet simulation (median of
// seeds 1-3) agrees in kind. The distance between the two models' flow means is printed.
TEST(Paper, ConvergencePaperConvergesStrawmanDoesNotAndTheFluidModelAgrees) {
  constexpr double kFrom = 60, kEnd = 200;
  std::map<std::string, std::vector<Conv>> runs;  // per profile, seeds 1..
  for (const std::string p : {"paper", "strawman"})
    for (int seed = 1; seed <= (p == "paper" ? 5 : 3); ++seed) {
      const SimRun r = sim("conv_" + p + "_" + std::to_string(seed), "convergence",
                           PAPER_ENGINE "--set profile=" + p + " --set seed=" + std::to_string(seed));
      expect_checks_ok(r);
      runs[p].push_back(convergence(flow_series(r.dir), kFrom, kEnd));
      const Conv& c = runs[p].back();
      std::printf("  %s, seed %d: means %.2f / %.2f Gb/s, gap %.1f %%, 10 ms windows within 10 %%: %.0f %%, "
                  "smallest window gap %.1f %%\n", p.c_str(), seed, c.a, c.b, c.gap * 100, c.within * 100,
                  c.min_window_gap * 100);
    }
  std::vector<double> gaps;
  for (const Conv& c : runs["paper"]) gaps.push_back(c.gap);
  std::printf("  paper: median gap %.1f %% (claim <= 10 %%)\n", median(gaps) * 100);
  EXPECT_LE(median(gaps), 0.10);
  for (size_t i = 0; i < runs["strawman"].size(); ++i)
    EXPECT_GT(runs["strawman"][i].min_window_gap, 0.10) << "strawman converged in some window, seed " << i + 1;

  for (const std::string p : {"paper", "strawman"}) {
    const SimRun f = sim_cmd("fluid_" + p, "fluid convergence --profile " + p + " --duration-ms 200 --sample-us 500",
                             false);
    ASSERT_EQ(f.rc, 0) << f.err;
    const Conv fc = convergence(flow_series(f.dir), kFrom, kEnd);
    std::vector<double> a, b;
    for (int seed = 1; seed <= 3; ++seed) {
      a.push_back(runs[p][seed - 1].a);
      b.push_back(runs[p][seed - 1].b);
    }
    const double pa = median(a), pb = median(b);
    const double pgap = std::fabs(pa - pb) / std::max(pa, pb);
    std::printf("  %s: fluid %.2f / %.2f Gb/s (gap %.1f %%), packet medians %.2f / %.2f (gap %.1f %%), "
                "largest difference %.2f Gb/s\n", p.c_str(), fc.a, fc.b, fc.gap * 100, pa, pb, pgap * 100,
                std::max(std::fabs(fc.a - pa), std::fabs(fc.b - pb)));
    if (p == "paper") {
      EXPECT_LE(fc.gap, 0.10);
      EXPECT_LE(pgap, 0.10);
    } else {
      EXPECT_GT(fc.gap, 0.10);
      EXPECT_GT(pgap, 0.10);
    }
  }
}

// Incast 2:1 and 16:1 (the paper's fluid-model incasts, Fig. 15): fair (Jain over the
// second half >= 0.99) in the packet simulation, and no buffer starvation at 16:1 in the
// fluid model (its queue never empties in the second half). The packet model's 16:1
// utilisation (below the fluid's: synchronised cuts empty the queue at times) is printed.
TEST(Paper, IncastFairAndFluidModelHasNoBufferStarvation) {
  for (const int n : {2, 16}) {
    const SimRun r = sim("incast_paper" + std::to_string(n), "incast" + std::to_string(n),
                         PAPER_ENGINE "--duration 100 --set sample_us=200");
    expect_checks_ok(r);
    double total = 0;
    for (const json& f : r.flows) total += f["second_half_tput_gbps"].get<double>();
    const Csv q = read_csv(r.dir + "/queues.csv");
    std::map<double, double> qmax;
    for (size_t i = 0; i < q.rows; ++i)
      if (q.num.at("time_us")[i] > 50000) qmax[q.num.at("time_us")[i]] = std::max(qmax[q.num.at("time_us")[i]], q.num.at("egress_bytes")[i]);
    int empty = 0;
    for (const auto& [t, b] : qmax) empty += b == 0;
    std::printf("  %d:1 packet: Jain %.4f, total %.2f Gb/s, bottleneck queue empty in %.0f %% of samples\n", n,
                r.summary["jain_second_half"].get<double>(), total, 100.0 * empty / qmax.size());
    EXPECT_GE(r.summary["jain_second_half"].get<double>(), 0.99);
    EXPECT_EQ(r.summary["drops"]["lossless"].get<uint64_t>(), 0u);
  }
  const SimRun f = sim_cmd("incast16_fluid", "fluid incast16 --duration-ms 100 --sample-us 200", false);
  ASSERT_EQ(f.rc, 0) << f.err;
  const Csv q = read_csv(f.dir + "/queues.csv");
  double qmin = 1e300;
  for (size_t i = 0; i < q.rows; ++i)
    if (q.num.at("time_us")[i] > 50000) qmin = std::min(qmin, q.num.at("egress_bytes")[i]);
  std::printf("  16:1 fluid: smallest queue in the second half %.0f B\n", qmin);
  EXPECT_GT(qmin, 0.0);
}

// Fig. 18: 8:1 incast with user traffic on the Clos (fig18_clos.yaml, static t_PFC
// 24.47 KB), four configurations, 3 ECMP seeds, 20 ms (quick). The 10th percentile of
// every flow's 1 ms throughput samples is highest with DCQCN + PFC and the right
// thresholds; only the configuration without PFC drops packets (and recovers them by
// go-back-N).
TEST(Paper, Fig18RightThresholdsGiveTheHighestTenthPercentile) {
  const std::vector<std::pair<std::string, std::string>> cfg = {
      {"right", ""},
      {"wrong", "--set switch.ecn.kmin_bytes=200000 --set switch.ecn.kmax_bytes=800000"},
      {"nopfc", "--set switch.pfc.enabled=false"},
      {"pfc", "--set switch.ecn.enabled=false"}};
  std::map<std::string, double> p10;
  std::map<std::string, uint64_t> drops;
  for (const auto& [name, args] : cfg) {
    std::vector<double> s;
    for (int seed = 1; seed <= 3; ++seed) {
      const SimRun r = sim("fig18_" + name + std::to_string(seed), "fig18_clos",
                           PAPER_ENGINE "--duration 20 " + args + " --set ecmp_seed=" + std::to_string(seed));
      expect_checks_ok(r);
      drops[name] += r.summary["drops"]["lossless"].get<uint64_t>() + r.summary["drops"]["lossy"].get<uint64_t>();
      const Csv c = read_csv(r.dir + "/flows.csv");
      s.insert(s.end(), c.num.at("tput_gbps").begin(), c.num.at("tput_gbps").end());
    }
    p10[name] = percentile(s, 10);
    std::printf("  %-6s 10th percentile %.2f Gb/s, median %.2f, drops %llu\n", name.c_str(), p10[name],
                percentile(s, 50), static_cast<unsigned long long>(drops[name]));
  }
  for (const char* other : {"wrong", "nopfc", "pfc"}) EXPECT_GT(p10["right"], p10[other]) << other;
  EXPECT_GT(drops["nopfc"], 0u);
  for (const char* other : {"right", "wrong", "pfc"}) EXPECT_EQ(drops[other], 0u) << other;
}

// Section 7, parking lot: f2 crosses both bottlenecks (T1's uplink with f1, T4's port to
// R2 with f3); max-min gives every flow 20 Gb/s; with DCQCN f2 gets less than 20 and
// less than f1 and f3.
TEST(Paper, ParkingLotTwoBottleneckFlowGetsLessThanItsMaxMinShare) {
  const SimRun r = sim("parking", "parking_lot", PAPER_ENGINE "--duration 100");
  expect_checks_ok(r);
  std::vector<double> t;
  for (const json& f : r.flows) t.push_back(f["second_half_tput_gbps"].get<double>());
  ASSERT_EQ(t.size(), 3u);
  std::printf("  f1 %.2f, f2 (two bottlenecks) %.2f, f3 %.2f Gb/s; max-min share %.2f\n", t[0], t[1], t[2], 20.0 * kFrameShare);
  EXPECT_LT(t[1], 20.0 * kFrameShare);  // the max-min share, in frame bytes
  EXPECT_LT(t[1], t[0]);
  EXPECT_LT(t[1], t[2]);
  EXPECT_GT(t[0] + t[1], 0.9 * 40 * kFrameShare);  // the shared uplink stays busy: f2's loss is f1's gain
}
