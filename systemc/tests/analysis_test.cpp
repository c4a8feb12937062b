// SPDX-License-Identifier: MIT
// The analysis tools: buffer thresholds (DCQCN SIGCOMM'15 section 4) and the fluid
// model (DCQCN section 5), through the library and through dcqcn-sim.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "csv_format.h"
#include "fluid.h"
#include "rp_ref.h"
#include "rp_start.h"
#include "scenario.h"
#include "thresholds.h"

namespace fs = std::filesystem;
using namespace dcqcn;
using namespace dcqcn::analysis;

namespace {

struct Cmd {
  int rc;
  std::string out;
};

Cmd run(const std::string& args) {
  const std::string cmd = std::string(DCQCN_SIM) + " " + args + " 2>&1";
  Cmd c{-1, ""};
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return c;
  char buf[4096];
  while (fgets(buf, sizeof buf, p)) c.out += buf;
  const int st = pclose(p);
  c.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return c;
}

std::string out_dir(const std::string& name) {
  const std::string d = std::string(ANALYSIS_TEST_OUT) + "/" + name;
  fs::create_directories(d);
  return d;
}

size_t count_lines(const std::string& s, const std::string& what) {
  size_t n = 0;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);)
    if (l.find(what) != std::string::npos) ++n;
  return n;
}

// Two flows at 40 Gb/s, flow 1 joins 10 ms after flow 0 (the paper's Fig. 11-13 setup) at
// 100 Mb/s, as the `convergence` scenario. (A joiner at line rate would be the incumbent's
// twin: both at 40 Gb/s with alpha 1, since alpha holds until the first CNP (rp_start.h),
// so the model would keep them equal whatever the profile.)
FluidConfig two_flows(const std::string& profile) {
  FluidConfig c;
  c.profile = profile;
  c.m = fluid_params_from_profile(profile, 2);
  c.flows = {{"h1", "r", 0, 40, 0}, {"h2", "r", 10000, 40, 0.1}};
  c.capacity_gbps = 40;
  c.duration_ms = 200;
  c.sample_us = 100;
  return c;
}

}  // namespace

// ---------------------------------------------------------------- thresholds

TEST(Thresholds, TFlightFormulaGivesThePapersHeadroom) {
  // 2 x 1500 B + 40 Gb/s x (2 x 1 us + 1.88 us) / 8 = 3000 + 19400
  EXPECT_NEAR(t_flight_bytes(1500, 40, 1.0, 1.88), 22400.0, 1e-6);
  // 100 m more cable each way: + 2 x 0.5 us x 5 GB/s = 5000 B
  EXPECT_NEAR(t_flight_bytes(1500, 40, 1.5, 1.88), 27400.0, 1e-6);
}

TEST(Thresholds, ReproducesTheTridentIINumbers) {
  ThresholdParams p;  // defaults: B 12,000,000, n 32, P 8, 1500 B, 40 Gb/s, beta 8
  const Thresholds t = compute_thresholds(p);
  EXPECT_NEAR(t.t_flight, 22400.0, 1e-6);
  // static t_PFC = (12e6 - 8*32*22400) / (8*32) = 24475 B: the paper's 24.47 KB (truncated)
  EXPECT_NEAR(t.t_pfc_static, 24475.0, 0.5);
  EXPECT_EQ(std::floor(t.t_pfc_static / 10.0) / 100.0, 24.47);
  // static bound t_ECN < t_PFC / n = 764.8 B = 0.76 KB (the paper prints 0.85 KB), below one MTU
  EXPECT_NEAR(t.t_ecn_static, 764.84, 0.01);
  EXPECT_LT(t.t_ecn_static, p.mtu_bytes);
  // dynamic bound with beta 8: 8 * 6,265,600 / (256 * 9) = 21755.6 B: the paper's 21.75 KB
  EXPECT_NEAR(t.t_ecn_dynamic, 21755.6, 0.1);
  EXPECT_EQ(std::floor(t.t_ecn_dynamic / 10.0) / 100.0, 21.75);
}

TEST(Thresholds, GivenTFlightAndBadParameters) {
  ThresholdParams p;
  p.t_flight_bytes = 22400;
  p.cable_delay_us = 100;  // ignored when t_flight is given
  EXPECT_NEAR(compute_thresholds(p).t_pfc_static, 24475.0, 0.5);
  p.t_flight_bytes = 50000;  // 8 x 32 x 50 KB > 12 MB
  EXPECT_THROW(compute_thresholds(p), std::invalid_argument);
  ThresholdParams q;
  q.ports = 0;
  EXPECT_THROW(compute_thresholds(q), std::invalid_argument);
}

TEST(Thresholds, CommandPrintsTheTable) {
  const Cmd c = run("thresholds");
  EXPECT_EQ(c.rc, 0) << c.out;
  EXPECT_NE(c.out.find("24.475 KB"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("0.765 KB"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("21.756 KB"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("22.400 KB"), std::string::npos) << c.out;
}

TEST(Thresholds, BadOptionsExitTwoWithOneLine) {
  for (const char* a : {"thresholds --ports x", "thresholds --cable-m 3 --delay-us 1",
                        "thresholds --t-flight-bytes 60000", "thresholds --priorities 9",
                        "thresholds --scenario /nonexistent.yaml"}) {
    const Cmd c = run(a);
    EXPECT_EQ(c.rc, 2) << a << ": " << c.out;
    EXPECT_EQ(std::count(c.out.begin(), c.out.end(), '\n'), 1)
        << a << ": " << c.out;
  }
}

TEST(Thresholds, ScenarioCheckWarnsWhenPfcCanFireBeforeEcn) {
  const std::string d = out_dir("thr_scenario");
  const std::string base = std::string(DCQCN_SCENARIO_DIR) + "/incast2.yaml";
  // the shipped scenario: Kmin 5 KB < the dynamic bound for n = 3 ports
  {
    const Cmd c = run("thresholds --scenario " + base);
    EXPECT_EQ(c.rc, 0) << c.out;
    EXPECT_EQ(count_lines(c.out, "warning:"), 0u) << c.out;
  }
  std::ifstream in(base);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string y = ss.str();
  // dynamic, beta 1/64 with 3 ports and 5000 B headroom: bound = (12e6 - 8*3*5000) / 64 / (24 * (1 + 1/64)) = 7615 B
  // (below Kmin 10 KB); headroom 5000 B < t_flight needed
  auto sub = [&](const std::string& from, const std::string& to) {
    const auto k = y.find(from);
    ASSERT_NE(k, std::string::npos) << from;
    y.replace(k, from.size(), to);
  };
  sub("beta: 8,", "beta: 0.015625, headroom_bytes: 5000,");
  sub("ecn: {enabled: true, mark_at: enqueue}", "ecn: {enabled: true, mark_at: enqueue, kmin_bytes: 400000, kmax_bytes: 500000}");
  const std::string f = d + "/bad_thresholds.yaml";
  std::ofstream(f) << y;
  const Cmd c = run("thresholds --scenario " + f);
  EXPECT_EQ(c.rc, 0) << c.out;
  EXPECT_EQ(count_lines(c.out, "warning:"), 2u) << c.out;
  EXPECT_NE(c.out.find("PFC can fire before ECN"), std::string::npos) << c.out;
  // the loader's warning, with the key's line, as `run` prints it (issue 25)
  EXPECT_NE(c.out.find("switch.pfc.headroom_bytes: 5000 B is below t_flight"), std::string::npos) << c.out;
  // the library directly, static mode
  dcqcn::net::Scenario s = dcqcn::net::load_scenario(base);
  s.sw.pfc.mode = dcqcn::net::PfcSpec::Mode::STATIC;
  s.sw.pfc.t_pfc_bytes = 24470;  // / 3 ports = 8156 B
  s.sw.ecn.kmin_bytes = 5000;
  EXPECT_TRUE(check_scenario(s).empty());
  s.sw.ecn.kmin_bytes = 9000;
  const auto w = check_scenario(s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("t_PFC / n"), std::string::npos) << w[0];
}

// switch.pfc.derive_thresholds: the scenario takes its headroom and static t_PFC from the
// section-4 formulas. fig18_clos: 1000 B MTU + 62 B header + 20 B preamble/IFG, 40 Gb/s,
// 1 us cables, the default 8 us PFC response: t_flight = 2 x 1082 + 40e9 x (2 + 8) us / 8
// = 52164 B; the busiest switch is T1 (6 hosts + 2 leaves = 8 ports): t_PFC = (12e6 - 8 x
// 8 x 52164) / 64 = 135336 B. Without derive_thresholds the headroom is derived alone (the
// key is absent) and t_PFC is the file's.
TEST(Thresholds, ScenarioDerivesHeadroomAndStaticThreshold) {
  const std::string f = std::string(DCQCN_SCENARIO_DIR) + "/fig18_clos.yaml";
  const dcqcn::net::Scenario plain = dcqcn::net::load_scenario(f);
  EXPECT_EQ(plain.sw.pfc.headroom_bytes, 52164u);
  EXPECT_EQ(plain.sw.pfc.t_pfc_bytes, 24470u);
  const dcqcn::net::Scenario s = dcqcn::net::load_scenario(f, {{"switch.pfc.derive_thresholds", "true"}});
  EXPECT_EQ(s.sw.pfc.headroom_bytes, 52164u);
  EXPECT_EQ(s.sw.pfc.t_pfc_bytes, 135336u);
  EXPECT_DOUBLE_EQ(t_flight_bytes(1082, 40, 1, 8), 52164.0);
  // a given headroom below t_flight is kept, with a warning naming the key, its line and
  // the value needed
  {
    const dcqcn::net::Scenario g = dcqcn::net::load_scenario(f, {{"switch.pfc.headroom_bytes", "22400"}});
    EXPECT_EQ(g.sw.pfc.headroom_bytes, 22400u);
    // the headroom warning first, then section 4's four (fig18_clos's ToRs: Kmin 5000 B >=
    // t_PFC / n, as `thresholds` prints them; issue 25: `run` prints them too)
    ASSERT_EQ(g.warnings.size(), 5u);
    for (size_t i = 1; i < 5; ++i)
      EXPECT_NE(g.warnings[i].find(": ECN Kmin 5000 B >= t_PFC / n"), std::string::npos) << g.warnings[i];
    EXPECT_NE(g.warnings[0].find("--set switch.pfc.headroom_bytes=22400: 22400 B is below t_flight 52164 B"), std::string::npos)
        << g.warnings[0];
    EXPECT_NE(g.warnings[0].find("expected at least 52164 B"), std::string::npos) << g.warnings[0];
    EXPECT_EQ(dcqcn::net::load_scenario(f, {{"switch.pfc.headroom_bytes", "52164"}}).warnings.size(), 4u);
  }
  // a buffer too small for 8 x n x t_flight is one clear error naming the switch (T1,
  // 8 ports: 3.34 MB of headroom; the 4-port leaves and spines fit 1.67 MB)
  try {
    dcqcn::net::load_scenario(f, {{"switch.pfc.derive_thresholds", "true"}, {"switch.buffer_bytes", "3000000"}});
    FAIL() << "expected an error";
  } catch (const dcqcn::net::ScenarioError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("switch.pfc.derive_thresholds: switch T1: 8 priorities x 8 ports"), std::string::npos) << m;
    EXPECT_NE(m.find("expected a larger buffer"), std::string::npos) << m;
  }
}

// ---------------------------------------------------------------- fluid model

TEST(Fluid, ProfileParametersInPhysicalUnits) {
  const FluidModelParams p = fluid_params_from_profile("paper", 1);
  EXPECT_DOUBLE_EQ(p.g, 1.0 / 256);
  EXPECT_DOUBLE_EQ(p.timer_us, 55);
  EXPECT_DOUBLE_EQ(p.alpha_period_us, 55);
  EXPECT_DOUBLE_EQ(p.byte_counter_bytes, 10e6);
  EXPECT_DOUBLE_EQ(p.ai_gbps, 0.04);
  EXPECT_DOUBLE_EQ(p.cnp_interval_us, 50);
  EXPECT_DOUBLE_EQ(p.kmin_bytes, 5000);
  EXPECT_DOUBLE_EQ(p.kmax_bytes, 200000);
  EXPECT_NEAR(p.pmax, 0.01, 1e-4);
  EXPECT_DOUBLE_EQ(p.cut_scale, 0.5);
  const FluidModelParams s = fluid_params_from_profile("strawman", 1);
  EXPECT_DOUBLE_EQ(s.byte_counter_bytes, 150000);
  EXPECT_DOUBLE_EQ(s.timer_us, 1500);
  EXPECT_DOUBLE_EQ(s.g, 1.0 / 16);
  EXPECT_DOUBLE_EQ(s.kmin_bytes, 40000);
  EXPECT_DOUBLE_EQ(s.kmax_bytes, 40000);
  EXPECT_DOUBLE_EQ(s.pmax, 1.0);
  EXPECT_THROW(fluid_params_from_profile("dcqcn_plus", 1), std::invalid_argument);
  EXPECT_THROW(fluid_params_from_profile("nope", 1), std::invalid_argument);
}

TEST(Fluid, PaperProfileConvergesTwoFlows) {
  const FluidConfig c = two_flows("paper");
  const FluidMetrics x = fluid_metrics(c, run_fluid(c));
  std::printf("paper: last 10 %% %.3f / %.3f Gb/s, gap %.2f %%, within 10 %% from %.1f ms, queue %.0f B\n",
              x.final_window_gbps[0], x.final_window_gbps[1], 100 * x.final_gap, x.converged_at_us / 1000,
              x.q_mean_second_half);
  EXPECT_LT(x.final_gap, 0.10);
  EXPECT_GT(x.converged_at_us, 10000);
  EXPECT_NEAR(x.final_window_gbps[0] + x.final_window_gbps[1], 40.0, 0.5);
}

TEST(Fluid, StrawmanDoesNotConverge) {
  const FluidConfig c = two_flows("strawman");
  const FluidMetrics x = fluid_metrics(c, run_fluid(c));
  std::printf("strawman: last 10 %% %.3f / %.3f Gb/s, gap %.2f %%, min gap from the join + 1 ms %.2f %%\n",
              x.final_window_gbps[0], x.final_window_gbps[1], 100 * x.final_gap, 100 * x.min_gap_after_settle);
  EXPECT_GT(x.final_gap, 0.10);
  EXPECT_GT(x.min_gap_after_settle, 0.10);  // apart by more than 10 % at every sample
  EXPECT_LT(x.converged_at_us, 0);
}

// One definition of a flow's initial state (tb/ref/rp_start.h) for the packet RP and the
// fluid model: Rc = Rt = line rate, alpha = ALPHA_INIT, and alpha holds until the flow's
// first CNP. The fluid model used to decay alpha from t = 0 (equation (7) with p = 0):
// 0.49 after 10 ms alone, where the packet RP keeps 1.
TEST(Fluid, AlphaHoldsUntilTheFirstCnpAsInThePacketRp) {
  // the RP: fresh() and INIT take their state from rp_flow_start
  RpAlgo rp(4);
  rp.set(RP_LINE_RATE_KBPS, 40000000);
  rp.set(RP_MIN_RATE_KBPS, 100000);
  const RpFlowStart f = rp_flow_start(40000000, 100000, rp.regs()[RP_ALPHA_INIT_Q16]);
  const RpState s = rp.fresh();
  EXPECT_EQ(s.rc, f.rc_kbps);
  EXPECT_EQ(s.rt, f.rt_kbps);
  EXPECT_EQ(s.alpha, f.alpha_q16);
  EXPECT_EQ(f.alpha_q16, 65536u);  // 1.0
  EXPECT_FALSE(f.alpha_timer);
  EXPECT_FALSE(s.a_armed);
  const RpFlowStart slow = rp_flow_start(40000000, 100000, 65536, 1000);  // below MIN: clamped
  EXPECT_EQ(slow.rc_kbps, 100000u);
  EXPECT_TRUE(slow.increase_timer);
  RpEvent init;
  init.op = RpOp::INIT;
  init.flow = 1;
  init.tau_ns = 1000;
  const RpResult r = rp.process(init);
  EXPECT_EQ(r.rc, slow.rc_kbps);
  EXPECT_EQ(r.alpha, slow.alpha_q16);
  EXPECT_EQ(r.itmr, static_cast<uint8_t>(TmrAct::SET));
  EXPECT_EQ(r.atmr, static_cast<uint8_t>(TmrAct::CLR));  // no alpha timer before a CNP

  // the fluid model: flow 0 is alone for 10 ms (no queue, no CNP): alpha stays exactly
  // ALPHA_INIT; after the join the flows are marked and alpha moves
  const FluidConfig c = two_flows("paper");
  const FluidResult res = run_fluid(c);
  size_t before = 0, moved = 0;
  for (const FluidSample& x : res.samples) {
    if (x.t_us < 10000) {
      ++before;
      EXPECT_EQ(x.alpha[0], 1.0) << x.t_us;
    } else if (x.alpha[0] < 0.99) {
      ++moved;
    }
  }
  EXPECT_EQ(before, 99u);  // samples every 100 us
  EXPECT_GT(moved, 100u);

  // the packet model on the same experiment: flow 0 alone for 10 ms has alpha 1 and no CNP
  const std::string d = out_dir("alpha_packet");
  const Cmd p = run("run convergence --engine ref --duration 10 --quiet --out " + d);
  ASSERT_EQ(p.rc, 0) << p.out;
  std::ifstream csv(d + "/flows.csv");
  std::string line;
  std::getline(csv, line);
  size_t rows = 0;
  while (std::getline(csv, line)) {
    std::stringstream ss(line);
    std::vector<std::string> v;
    for (std::string x; std::getline(ss, x, ',');) v.push_back(x);
    ASSERT_GE(v.size(), 9u) << line;
    if (v[1] != "0") continue;
    ++rows;
    EXPECT_EQ(v[6], "1.000000") << line;  // alpha
    EXPECT_EQ(v[8], "0") << line;         // CNPs in the interval
  }
  EXPECT_EQ(rows, 20u);  // 10 ms / 500 us
}

TEST(Fluid, SingleFlowSettlesNearCapacity) {
  FluidConfig c;
  c.m = fluid_params_from_profile("paper", 1);
  c.flows = {{"h1", "r", 0, 40}};
  c.capacity_gbps = 40;
  c.duration_ms = 20;
  FluidMetrics x = fluid_metrics(c, run_fluid(c));
  EXPECT_NEAR(x.final_window_gbps[0], 40.0, 0.01);
  EXPECT_EQ(x.q_max, 0.0);
  // a 40 Gb/s NIC behind a 20 Gb/s bottleneck
  c.capacity_gbps = 20;
  c.duration_ms = 100;
  x = fluid_metrics(c, run_fluid(c));
  std::printf("1 flow, C = 20: last 10 %% %.3f Gb/s, queue %.0f B\n", x.final_window_gbps[0], x.q_mean_second_half);
  EXPECT_NEAR(x.final_window_gbps[0], 20.0, 1.0);
}

TEST(Fluid, FixedPointIsFairShareWithQueueNearKmin) {
  for (unsigned n : {2u, 4u}) {
    FluidConfig c;
    c.m = fluid_params_from_profile("paper", n);
    for (unsigned i = 0; i < n; ++i) c.flows.push_back({"h" + std::to_string(i + 1), "r", 1000.0 * i, 40});
    c.duration_ms = 200;
    const FluidResult r = run_fluid(c);
    const FluidMetrics x = fluid_metrics(c, r);
    std::printf("N = %u: queue %.0f B (Kmin %.0f), p %.5f, rates", n, x.q_mean_second_half, c.m.kmin_bytes,
                x.p_mean_second_half);
    for (double v : x.mean_second_half_gbps) std::printf(" %.3f", v);
    std::printf("\n");
    for (double v : x.mean_second_half_gbps) EXPECT_NEAR(v, 40.0 / n, 0.05 * 40.0 / n);
    // the queue sits in the RED ramp's low end: above Kmin, within an order of magnitude
    // of it (the paper: "usually an order of magnitude larger than Kmin"), p < Pmax
    EXPECT_GT(x.q_mean_second_half, c.m.kmin_bytes);
    EXPECT_LT(x.q_mean_second_half, 10 * c.m.kmin_bytes);
    EXPECT_LT(x.p_mean_second_half, c.m.pmax);
  }
}

TEST(Fluid, StepSizeDoesNotChangeTheAnswer) {
  FluidConfig a = two_flows("paper");
  FluidConfig b = a;
  b.step_us = 0.025;
  const FluidMetrics xa = fluid_metrics(a, run_fluid(a)), xb = fluid_metrics(b, run_fluid(b));
  EXPECT_NEAR(xa.q_mean_second_half, xb.q_mean_second_half, 0.02 * xa.q_mean_second_half);
  EXPECT_NEAR(xa.mean_second_half_gbps[1], xb.mean_second_half_gbps[1], 0.2);
}

TEST(Fluid, CommandWritesThePacketSimulationsColumns) {
  const std::string d = out_dir("fluid_cmd");
  const Cmd c = run("fluid --profile paper --flows 2 --late-start-us 5000 --duration-ms 20 --sample-us 100 --out " + d);
  ASSERT_EQ(c.rc, 0) << c.out;
  std::ifstream f(d + "/flows.csv"), q(d + "/queues.csv");
  std::string h;
  std::getline(f, h);
  EXPECT_EQ(h, "time_us,flow,src,dst,rate_gbps,target_gbps,alpha,tput_gbps");
  size_t rows = 0;
  for (std::string l; std::getline(f, l);) ++rows;
  EXPECT_EQ(rows, 2u * 200u);
  std::getline(q, h);
  EXPECT_EQ(h, "time_us,node,port,prio,egress_bytes,ingress_bytes,paused");
  EXPECT_TRUE(fs::exists(d + "/summary.json"));
  // from a scenario
  const Cmd s = run("fluid incast2 --duration-ms 10 --out " + d + "/sc");
  EXPECT_EQ(s.rc, 0) << s.out;
  EXPECT_NE(s.out.find("tau* = 4 us"), std::string::npos) << s.out;
}

TEST(Fluid, BadOptionsExitTwoWithOneLine) {
  for (const char* a : {"fluid --flows x", "fluid --profile nope", "fluid --profile dcqcn_plus",
                        "fluid --flows 1 --late-start-us 10", "fluid --step-us 0", "fluid --flows 2 --start-us 0,1,2",
                        "fluid incast2 --flows 3", "fluid --duration-ms -1"}) {
    const Cmd c = run(std::string(a) + " --out " + out_dir("fluid_bad"));
    EXPECT_EQ(c.rc, 2) << a << ": " << c.out;
    EXPECT_EQ(std::count(c.out.begin(), c.out.end(), '\n'), 1) << a << ": " << c.out;
  }
}

// The CSV number format (net/csv_format.h) is printf's "%.6f" for every double, the
// largest included (317 characters): never a truncated or garbage field.
TEST(CsvFormat, SixDecimalsMatchPrintfForEveryMagnitude) {
  for (double v : {0.0, -0.0, 0.1234565, 1.0 / 3, 40.0, 123456789.0000005, 1e20, 1e300, DBL_MAX, -DBL_MAX,
                   DBL_MIN, 5e-324, HUGE_VAL, -HUGE_VAL}) {
    char want[400];
    std::snprintf(want, sizeof want, "%.6f", v);
    EXPECT_EQ(fmt6(v), want) << v;
    CsvLine l;
    l.f6(v).u(UINT64_MAX);
    const std::string path = ::testing::TempDir() + "csv_format_line.csv";
    FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    l.write(f);
    std::fclose(f);
    std::ifstream in(path);
    std::stringstream got;
    got << in.rdbuf();
    EXPECT_EQ(got.str(), std::string(want) + ",18446744073709551615\n") << v;
  }
  EXPECT_EQ(fmt6(-DBL_MAX).size(), kFixed6Max);
}
