// SPDX-License-Identifier: MIT
// Network-level tests: each runs dcqcn-sim (a SystemC simulation can be elaborated once
// per process, so every run is its own process) and asserts on its summary.json and CSVs.
// The paper's experiments are in paper_test.cpp (label `paper`).
#include "sim_run.h"

using namespace simtest;


TEST(Network, PfcAloneIncast8HasPausesAndNoDrops) {
  const SimRun r = sim("pfc8", "incast8", "--engine ref --duration 20 --set switch.ecn.enabled=false");
  expect_checks_ok(r);
  EXPECT_EQ(r.summary["drops"]["lossless"].get<uint64_t>(), 0u);
  EXPECT_EQ(r.summary["drops"]["lossy"].get<uint64_t>(), 0u);
  EXPECT_GT(r.summary["pause_frames"].get<uint64_t>(), 0u);
  EXPECT_EQ(r.summary["cnps_sent"].get<uint64_t>(), 0u);
}

class DcqcnIncast : public ::testing::TestWithParam<int> {};

TEST_P(DcqcnIncast, FairAndConvergedOverSecondHalf) {
  const int n = GetParam();
  // 100 ms of fairness: on the blocks core (CI time; docs/verification.md "Which core")
  const SimRun r = sim("incast" + std::to_string(n), "incast" + std::to_string(n),
                    "--engine ref --set nic.core=blocks --duration 100");
  expect_checks_ok(r);
  const json& flows = r.flows;
  ASSERT_EQ(static_cast<int>(flows.size()), n);
  double total = 0;
  for (const json& f : flows) total += f["second_half_tput_gbps"].get<double>();
  const double fair = total / n;
  std::printf("incast %d:1: Jain %.4f, fair share %.3f Gb/s of %.3f delivered\n", n,
              r.summary["jain_second_half"].get<double>(), fair, total);
  EXPECT_GE(r.summary["jain_second_half"].get<double>(), 0.99);
  for (const json& f : flows)
    EXPECT_NEAR(f["second_half_tput_gbps"].get<double>(), fair, 0.15 * fair) << f.dump();
  EXPECT_GT(total, 0.85 * 40);  // the 40 Gb/s bottleneck is used (wire bytes)
  EXPECT_GT(r.summary["cnps_sent"].get<uint64_t>(), 0u);
}

INSTANTIATE_TEST_SUITE_P(N, DcqcnIncast, ::testing::Values(2, 4, 8, 16));

TEST(Network, NoPfcAndSmallBufferDropsAreReported) {
  const SimRun r = sim("drops16", "incast16",
                    "--engine ref --duration 10 --set switch.pfc.enabled=false "
                    "--set switch.buffer_bytes=1000000");
  expect_checks_ok(r);  // conservation holds, drops included
  EXPECT_GT(r.summary["drops"]["lossy"].get<uint64_t>(), 0u);
  EXPECT_EQ(r.summary["pause_frames"].get<uint64_t>(), 0u);
}

// PFC off: the switch drops (lossy class, buffer full) and go-back-N recovers them, so
// every flow keeps delivering in-order data; what the receivers accept is goodput.
TEST(Network, NoPfcIncast8DropsAreRecoveredByGoBackN) {
  const SimRun r = sim("gbn8", "incast8",
                       "--engine ref --duration 20 --set switch.pfc.enabled=false "
                       "--set switch.buffer_bytes=300000");
  expect_checks_ok(r);
  const uint64_t drops = r.summary["drops"]["lossy"].get<uint64_t>();
  EXPECT_GT(drops, 0u);
  EXPECT_EQ(r.summary["pause_frames"].get<uint64_t>(), 0u);
  uint64_t naks = 0, retx = 0;
  double total = 0;
  for (const json& f : r.flows) {
    const double g = f["second_half_tput_gbps"].get<double>();
    std::printf("  flow %u: 2nd half %.3f Gb/s, sent %llu B, delivered %llu B, retransmitted %llu B, %llu NAKs\n",
                f["flow"].get<unsigned>(), g, static_cast<unsigned long long>(f["sent_bytes"].get<uint64_t>()),
                static_cast<unsigned long long>(f["delivered_bytes"].get<uint64_t>()),
                static_cast<unsigned long long>(f["retransmitted_bytes"].get<uint64_t>()),
                static_cast<unsigned long long>(f["naks_sent"].get<uint64_t>()));
    EXPECT_GT(g, 0.5) << "flow starved: " << f.dump();  // fair share 5 Gb/s
    EXPECT_LT(f["delivered_bytes"].get<uint64_t>(), f["sent_bytes"].get<uint64_t>());
    naks += f["naks_sent"].get<uint64_t>();
    retx += f["retransmitted_bytes"].get<uint64_t>();
    total += g;
  }
  std::printf("incast 8:1, PFC off, 300 KB buffer: %llu switch drops, %llu NAKs, %llu B resent, "
              "goodput %.3f Gb/s\n", static_cast<unsigned long long>(drops),
              static_cast<unsigned long long>(naks), static_cast<unsigned long long>(retx), total);
  EXPECT_GT(naks, 0u);
  EXPECT_GT(retx, 0u);
  EXPECT_GT(total, 0.5 * 40);
}

// Sized flows whose tail is lost: nothing after it reveals the gap, so the sender's
// retransmission timeout (nic.rto_us) recovers it; every flow completes with all its
// bytes accepted exactly once. 100 flows of 10 packets at 5 % loss: each flow's last
// packet is lost with 5 %, so about 5 tail timeouts are expected (none: e^-5 < 1 %).
TEST(Network, SizedFlowsCompleteDespiteLossWithTheTailTimeout) {
  const SimRun r = sim("tail", "loss_sweep",
                       "--engine ref --duration 20 --set links.0.loss=0.05 "
                       "--set flows.0.size_bytes=10000 --set flows.0.count=100");
  expect_checks_ok(r);
  uint64_t timeouts = 0;
  double fct_max = 0;
  for (const json& f : r.flows) {
    EXPECT_GE(f["fct_us"].get<double>(), 0) << "unfinished: " << f.dump();
    fct_max = std::max(fct_max, f["fct_us"].get<double>());
    EXPECT_EQ(f["delivered_bytes"].get<uint64_t>(), 10u * 1062u) << f.dump();  // 10 x (1000 + 62 B)
    EXPECT_EQ(f["delivered_payload_bytes"].get<uint64_t>(), 10000u) << f.dump();
    timeouts += f["timeouts"].get<uint64_t>();
  }
  std::printf("100 x 10 KB at 5%% loss (seed %llu): %llu link losses, %llu tail timeouts, "
              "last flow done at %.1f us\n",
              static_cast<unsigned long long>(r.summary["seed"].get<uint64_t>()),
              static_cast<unsigned long long>(r.summary["drops"]["link_loss"].get<uint64_t>()),
              static_cast<unsigned long long>(timeouts), fct_max);
  EXPECT_GT(r.summary["drops"]["link_loss"].get<uint64_t>(), 0u);
  // the console line shows the link losses too (issue 16: it printed "drops 0/0")
  const std::string out = slurp(r.dir + "/stdout.txt");
  const std::string want = "drops 0 lossless / 0 lossy / " +
                           std::to_string(r.summary["drops"]["link_loss"].get<uint64_t>()) + " link loss";
  EXPECT_NE(out.find(want), std::string::npos) << out;
  EXPECT_GT(timeouts, 0u);
  EXPECT_GT(fct_max, r.summary["gbn"]["rto_us"].get<double>());  // someone waited for it
}

TEST(Network, TooLittleHeadroomIsALosslessViolation) {
  const SimRun r = sim("hdrm", "incast8",
                    "--engine ref --duration 5 --set switch.ecn.enabled=false "
                    "--set switch.pfc.headroom_bytes=1000 --set switch.pfc.response_ns=5000");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_GT(r.summary["drops"]["lossless"].get<uint64_t>(), 0u);
  EXPECT_NE(r.err.find("WARNING"), std::string::npos) << r.err;
  // ...and the loader said so before the run: 1000 B < t_flight (2 x 1082 + 5000 x (2 + 5))
  EXPECT_NE(r.err.find("warning: --set switch.pfc.headroom_bytes=1000: 1000 B is below t_flight 37164 B"),
            std::string::npos) << r.err;
  EXPECT_TRUE(r.summary["checks"]["conservation"]["ok"].get<bool>());
}

// Goodput and wire rate (docs/network.md, "Frames on the wire"): one flow alone on a
// 40 Gb/s path, PFC alone: its port sends back to back, 1082 B of wire per 1000 B of
// payload, so the NIC's link carries 40 Gb/s of wire and 40 x 1000 / 1082 = 36.97 Gb/s of
// goodput; the flow's own figures agree (less the first microseconds of the path).
TEST(Network, GoodputAndWireRateOfASaturatedLink) {
  const SimRun r = sim("wire", "incast2",
                       "--engine ref --duration 5 --set switch.ecn.enabled=false --set flows.1.enabled=false");
  expect_checks_ok(r);
  const json& f = r.flows[0];
  EXPECT_NEAR(f["goodput_gbps"].get<double>(), 40.0 * 1000 / 1082, 0.05) << f.dump();
  EXPECT_NEAR(f["wire_gbps"].get<double>(), 40.0, 0.05) << f.dump();
  bool seen = false;
  for (const json& p : r.summary["ports"]) {
    if (p["node"] != "h1") continue;
    seen = true;
    EXPECT_NEAR(p["tx_wire_gbps"].get<double>(), 40.0, 0.01) << p.dump();
    EXPECT_NEAR(p["tx_goodput_gbps"].get<double>(), 40.0 * 1000 / 1082, 0.01) << p.dump();
    EXPECT_EQ(p["tx_wire_bytes"].get<uint64_t>(), p["tx_bytes"].get<uint64_t>() + 20 * p["tx_frames"].get<uint64_t>());
    EXPECT_EQ(p["tx_payload_bytes"].get<uint64_t>(), 1000 * p["tx_data_frames"].get<uint64_t>());
  }
  EXPECT_TRUE(seen);
  // the console table has both
  const std::string out = slurp(r.dir + "/stdout.txt");
  EXPECT_NE(out.find("goodput"), std::string::npos) << out;
  EXPECT_NE(out.find("wire_gbps"), std::string::npos) << out;
}

// The pacing check (docs/network.md "Checks in every run"): every data departure is within 2 ns
// plus the scheduler's 31 ns of resolution of its flow's bound, max(last rate change, previous departure + packet time at Rc), plus
// the time its port was busy or paused. Without rate changes (PFC alone, one flow with
// loss and go-back-N, the NIC's own PAUSE) it holds on any RP.
TEST(Network, PacingHoldsWithoutRateChanges) {
  for (const auto& [tag, scenario, args] :
       {std::tuple<const char*, const char*, const char*>{"pace_pfc8", "incast8", "--duration 10 --set switch.ecn.enabled=false"},
        {"pace_loss", "loss_sweep", "--duration 10 --set links.0.loss=0.01"},
        {"pace_nicpfc", "incast4", "--duration 10 --set switch.ecn.enabled=false --set nic.pfc_enabled=true "
                                   "--set nic.rx_drain_gbps=20"}}) {
    const SimRun r = sim(tag, scenario, std::string("--engine ref ") + args);
    expect_checks_ok(r);
    const json& p = r.summary["checks"]["pacing"];
    std::printf("%s: %s\n", tag, p.dump().c_str());
    EXPECT_GT(p["departures_checked"].get<uint64_t>(), 10000u) << tag;
    // 2 ns of rounding plus the scheduler's resolution, the timing wheel's 32-ns slot
    // (docs/nic.md, "Resolution and worst-case lateness")
    EXPECT_NEAR(p["tolerance_ns"].get<double>(), 33.0, 1e-3) << tag;
    EXPECT_LE(p["worst_ns"].get<double>(), p["tolerance_ns"].get<double>()) << tag;
  }
}

// With DCQCN changing rates, it holds when the NIC follows the RP's re-timed departures
// (RpResult::paced). An RP that never re-times (retimed == 0 over a run full of rate
// changes) cannot pass: skipped, with the numbers.
TEST(Network, PacingHoldsWithRetimedDepartures) {
  for (const auto& [tag, scenario, args] :
       {std::tuple<const char*, const char*, const char*>{"pace_incast4", "incast4", "--duration 20"},
        {"pace_cx16", "incast16", "--duration 20 --set profile=connectx"},
        {"pace_plus4", "incast4", "--duration 20 --set profile=dcqcn_plus"},
        {"pace_lossy8", "incast8", "--duration 10 --set switch.pfc.enabled=false --set switch.buffer_bytes=300000"}}) {
    const SimRun r = sim(tag, scenario, std::string("--engine ref ") + args);
    const json& p = r.summary["checks"]["pacing"];
    std::printf("%s: %s\n", tag, p.dump().c_str());
    if (p["retimed"].get<uint64_t>() == 0)
      GTEST_SKIP() << "the RP does not re-time departures (RpResult::paced is never set): " << p.dump();
    expect_checks_ok(r);
    EXPECT_GT(p["departures_checked"].get<uint64_t>(), 10000u) << tag;
  }
}

// The debugging knob nic.follow_retime=false reproduces the behaviour before re-timing:
// a flow's next departure stays where its previous packet put it, at the rate of then.
// On the ConnectX profile (deep cuts, fast recovery) flows then sit out whole increase
// periods at a rate that has long recovered: the check fails the run.
TEST(Network, PacingCheckFailsWhenTheNicIgnoresRetimedDepartures) {
  const SimRun r = sim("pace_ignore", "incast16",
                       "--engine ref --duration 30 --set profile=connectx --set nic.core=blocks "
                       "--set nic.follow_retime=false");
  const json& p = r.summary["checks"]["pacing"];
  std::printf("pacing with nic.follow_retime=false: %s\n", p.dump().c_str());
  EXPECT_EQ(r.rc, 1) << r.err;
  EXPECT_FALSE(r.summary["checks"]["ok"].get<bool>());
  EXPECT_FALSE(p["ok"].get<bool>());
  EXPECT_GT(p["violations"].get<uint64_t>(), 100u);
  EXPECT_GT(p["worst_ns"].get<double>(), 100000.0);  // a flow idle > 100 us at its rate
  EXPECT_NE(r.err.find("CHECK FAILED: pacing"), std::string::npos) << r.err;
  EXPECT_TRUE(r.summary["checks"]["conservation"]["ok"].get<bool>());  // only pacing fails
  EXPECT_TRUE(r.summary["checks"]["pfc"]["ok"].get<bool>());
}

// The RTL engine and the reference engine write byte-identical outputs.
class EngineEquivalence
    : public ::testing::TestWithParam<std::tuple<const char*, const char*, const char*>> {};

TEST_P(EngineEquivalence, RtlAndRefWriteIdenticalCsvs) {
  const auto [tag, scenario, args] = GetParam();
  const SimRun a = sim(std::string(tag) + "_ref", scenario, std::string("--engine ref ") + args);
  const SimRun b = sim(std::string(tag) + "_rtl", scenario, std::string("--engine rtl ") + args);
  expect_checks_ok(a);
  expect_checks_ok(b);
  for (const char* f : {"flows.csv", "queues.csv", "flow_results.csv"}) {
    const std::string x = slurp(a.dir + "/" + f), y = slurp(b.dir + "/" + f);
    EXPECT_GT(x.size(), 100u);
    EXPECT_TRUE(x == y) << f << " differs between engines (" << a.dir << " vs " << b.dir << ")";
  }
  EXPECT_GT(b.summary["rtl_cycles"].get<uint64_t>(), 0u);
  EXPECT_EQ(a.summary["rtl_cycles"].get<uint64_t>(), 0u);
  // nic.core: top: the tops' cycles by cause, the same on both engines (the reference top
  // is cycle-exact), adding up to the total, which the RTL engine's rtl_cycles contains
  // (with the switches' CP cycles); nic.core: blocks has no NIC top
  const bool blocks = std::string(args).find("nic.core=blocks") != std::string::npos;
  ASSERT_EQ(a.summary.contains("nic_top"), !blocks);
  ASSERT_EQ(b.summary.contains("nic_top"), !blocks);
  if (!blocks) {
    EXPECT_EQ(a.summary["nic_top"].dump(), b.summary["nic_top"].dump());
    uint64_t sum = 0, drains = 0;
    for (const auto& [cause, v] : b.summary["nic_top"]["by_cause"].items()) {
      sum += v["cycles"].get<uint64_t>();
      drains += v["drains"].get<uint64_t>();
    }
    EXPECT_EQ(sum, b.summary["nic_top"]["cycles"].get<uint64_t>());
    EXPECT_GT(drains, 0u);
    EXPECT_GT(sum, drains);  // a drain is a pipeline's latency: several cycles on average
    EXPECT_LE(sum, b.summary["rtl_cycles"].get<uint64_t>());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Scenarios, EngineEquivalence,
    ::testing::Values(
        std::make_tuple("paper4", "incast4", "--duration 5"),
        std::make_tuple("pfc8", "incast8", "--duration 4 --set switch.ecn.enabled=false"),
        std::make_tuple("connectx_tcd16", "incast16",
                        "--duration 3 --set profile=connectx --set switch.ecn.tcd=true"),
        std::make_tuple("plus4", "incast4", "--duration 5 --set profile=dcqcn_plus"),
        // random link loss and go-back-N (the RNG draws must not depend on the engine)
        std::make_tuple("loss1pct", "loss_sweep", "--duration 5 --set links.0.loss=0.01"),
        std::make_tuple("lossy8", "incast8",
                        "--duration 4 --set switch.pfc.enabled=false --set switch.buffer_bytes=300000"),
        // every other shipped scenario, briefly (nic.core: top, the default: one NIC top per
        // NIC; thesis720's senders take the 128-flow top, its receiver the 1024-flow one)
        std::make_tuple("incast2", "incast2", "--duration 5"),
        std::make_tuple("convergence", "convergence", "--duration 5"),
        std::make_tuple("parking_lot", "parking_lot", "--duration 5"),
        std::make_tuple("tcd_victim", "tcd_victim", "--duration 2"),
        std::make_tuple("clos_victim", "clos_victim", "--duration 2"),
        std::make_tuple("clos_unfairness", "clos_unfairness", "--duration 2"),
        std::make_tuple("fig18_clos", "fig18_clos", "--duration 2"),
        std::make_tuple("thesis720", "thesis720", "--duration 1"),
        std::make_tuple("thesis_scale", "thesis_scale", "--duration 3 --set stats_from_ms=1 --set sample_us=500 --set defaults.flow.start_spread_us=1000"),
        // the RP and NP engines with the C++ timer service and scheduler
        std::make_tuple("blocks4", "incast4", "--duration 20 --set nic.core=blocks")),
    [](const auto& info) { return std::string(std::get<0>(info.param)); });

TEST(Network, BadScenarioIsOneLineAndExitCode2) {
  const SimRun r = sim("bad", std::string(SCENARIO_TEST_DIR) + "/bad/unknown_key.yaml", "--engine ref");
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("unknown key"), std::string::npos) << r.err;
  const SimRun m = sim("missing", "no_such_scenario", "--engine ref");
  EXPECT_EQ(m.rc, 2);
  EXPECT_NE(m.err.find("cannot open"), std::string::npos) << m.err;
}

// nic.core: blocks, the RP and NP engines as separate instances (h1.rp, h1.np).
TEST(Network, VcdHasRtlAndNetworkSignalsOnOneTimeAxis) {
  const std::string vcd = std::string(SIM_TEST_OUT) + "/vcd/w.vcd";
  const SimRun r = sim("vcd", "incast4",
                       "--engine rtl --set nic.core=blocks --duration 1 --vcd " + vcd +
                           " --trace-filter 'h[12].rp'");
  ASSERT_EQ(r.rc, 0) << r.err;
  std::ifstream f(vcd);
  ASSERT_TRUE(f.good()) << vcd;
  std::string line;
  int scopes_rtl = 0, scope_net = 0, blocks = 0;
  uint64_t last = 0, stamps = 0, changes = 0;
  bool mono = true;
  std::string prev;  // scopes are nested by node and block: h1 / rp (docs/waveforms.md)
  while (std::getline(f, line)) {
    if (line.rfind("$scope module rp $end", 0) == 0 &&
        (prev == "$scope module h1 $end" || prev == "$scope module h2 $end"))
      ++scopes_rtl;
    if (line == "$scope module rp $end" || line == "$scope module np $end" || line == "$scope module cp $end")
      ++blocks;
    if (line.rfind("$scope module net $end", 0) == 0) ++scope_net;
    prev = line;
    if (!line.empty() && line[0] == '#') {
      const uint64_t t = std::stoull(line.substr(1));
      mono = mono && (stamps == 0 || t > last);
      last = t;
      ++stamps;
    } else if (!line.empty() && line[0] != '$') {
      ++changes;
    }
  }
  EXPECT_EQ(scopes_rtl, 2);  // exactly the instances the filter matched
  EXPECT_EQ(blocks, 2);
  EXPECT_EQ(scope_net, 1);
  EXPECT_TRUE(mono);
  EXPECT_GT(stamps, 1000u);
  EXPECT_GT(last, 900000000u);  // reaches ~1 ms in ps
  EXPECT_GT(changes, stamps);
  // written during the run: no part file beside it, and its view and its map
  for (const auto& e : fs::directory_iterator(fs::path(vcd).parent_path()))
    EXPECT_EQ(e.path().filename().string().find("part"), std::string::npos) << e.path();
  EXPECT_TRUE(fs::exists(fs::path(vcd).replace_extension(".gtkw")));
  EXPECT_TRUE(fs::exists(fs::path(vcd).replace_extension(".map.txt")));
}

// nic.core: top (the default): one Verilated dcqcn_nic_top per NIC, drawn as h1.top with
// its RTL hierarchy (the RP, NP, scheduler and arbiter inside), on the network's time axis.
TEST(Network, VcdHasOneNicTopPerTracedNic) {
  const std::string vcd = std::string(SIM_TEST_OUT) + "/vcd_top/w.vcd";
  const SimRun r = sim("vcd_top", "incast4",
                       "--engine rtl --duration 1 --vcd " + vcd + " --trace-filter 'h[12].top'");
  ASSERT_EQ(r.rc, 0) << r.err;
  std::ifstream f(vcd);
  ASSERT_TRUE(f.good()) << vcd;
  std::string line, prev;
  int tops = 0;
  uint64_t last = 0, stamps = 0;
  bool mono = true, sched = false;
  while (std::getline(f, line)) {
    if (line == "$scope module top $end" &&
        (prev == "$scope module h1 $end" || prev == "$scope module h2 $end"))
      ++tops;
    if (line.find("next_due_ns") != std::string::npos) sched = true;
    prev = line;
    if (!line.empty() && line[0] == '#') {
      const uint64_t t = std::stoull(line.substr(1));
      mono = mono && (stamps == 0 || t > last);
      last = t;
      ++stamps;
    }
  }
  EXPECT_EQ(tops, 2);    // exactly the NICs the filter matched
  EXPECT_TRUE(sched);    // the top's timer service is in the picture
  EXPECT_TRUE(mono);
  EXPECT_GT(stamps, 1000u);
  EXPECT_GT(last, 900000000u);  // reaches ~1 ms in ps
}

// issue 16: max_queue_bytes is the true peak (tracked at every enqueue), not the largest
// sample, so the same run sampled every 100 us and every 1 us reports the same maxima,
// per port and overall, and the peak is at least every sampled queue length.
TEST(Network, MaxQueueIsTheTruePeakWhateverTheSampling) {
  const SimRun a = sim("peak100", "incast4", "--engine ref --duration 5 --set sample_us=100");
  const SimRun b = sim("peak1", "incast4", "--engine ref --duration 5 --set sample_us=1");
  expect_checks_ok(a);
  expect_checks_ok(b);
  const uint64_t peak = a.summary["max_queue_bytes"].get<uint64_t>();
  EXPECT_GT(peak, 0u);
  EXPECT_EQ(peak, b.summary["max_queue_bytes"].get<uint64_t>());
  ASSERT_EQ(a.summary["ports"].size(), b.summary["ports"].size());
  for (size_t i = 0; i < a.summary["ports"].size(); ++i)
    EXPECT_EQ(a.summary["ports"][i].value("max_queue_bytes", uint64_t{0}),
              b.summary["ports"][i].value("max_queue_bytes", uint64_t{0})) << i;
  uint64_t sampled = 0;
  const Csv q = read_csv(b.dir + "/queues.csv");
  for (double v : q.num.at("egress_bytes")) sampled = std::max(sampled, static_cast<uint64_t>(v));
  EXPECT_GE(peak, sampled);
  std::printf("incast4 5 ms: true peak %llu B, largest 1-us sample %llu B\n",
              static_cast<unsigned long long>(peak), static_cast<unsigned long long>(sampled));
}

// issue 16: an invalid --trace-filter glob, or one that matches no block, used to trace
// nothing without a word; both are errors that list the blocks (no simulation runs).
TEST(Network, TraceFilterThatTracesNothingIsAnError) {
  const std::string vcd = std::string(SIM_TEST_OUT) + "/vcd_bad/w.vcd";
  const SimRun a = sim("vcd_bad1", "incast4", "--engine ref --duration 1 --vcd " + vcd + " --trace-filter '['");
  EXPECT_EQ(a.rc, 2);
  EXPECT_NE(a.err.find("--trace-filter '[': invalid glob: the '[' at position 1 is not closed; expected a glob"),
            std::string::npos) << a.err;
  const SimRun b = sim("vcd_bad2", "incast4", "--engine ref --duration 1 --vcd " + vcd + " --trace-filter 'zz*'");
  EXPECT_EQ(b.rc, 2);
  EXPECT_NE(b.err.find("--trace-filter 'zz*': matches no block; expected a glob matching one of "),
            std::string::npos) << b.err;
  EXPECT_NE(b.err.find("h1.top"), std::string::npos) << b.err;  // nic.core: top names the NIC tops
  EXPECT_FALSE(fs::exists(b.dir + "/summary.json"));
}

// issue 16: --seed -1 and --seed 99999999999999999999 used to wrap to 2^64-1; the value
// typed is now checked as the YAML key seed is.
TEST(Network, SeedOutOfRangeIsAnError) {
  for (const char* v : {"-1", "99999999999999999999"}) {
    const SimRun r = sim("seed_bad", "incast2", std::string("--engine ref --duration 1 --seed ") + v);
    EXPECT_EQ(r.rc, 2);
    EXPECT_EQ(r.err, std::string("--seed ") + v + ": out of range: " + v + "; expected an integer >= 0\n");
  }
}

// issue 16: a duration beyond SystemC's 64-bit ps time was accepted and aborted at the end
// with E544 (with traffic a 1e12 ms run went on until killed); --duration is now checked
// like duration_ms, before anything runs.
TEST(Network, DurationBeyondTheKernelLimitIsAnError) {
  const SimRun r = sim("dur_bad", "incast2", "--engine ref --duration 1e12");
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(r.err, "--duration 1e12: out of range: 1e12; expected a number > 0 and <= 18000000000 (ms)\n");
  EXPECT_FALSE(fs::exists(r.dir + "/summary.json"));
}

TEST(Network, NicPausesTheSwitchWhenItsReceiveSideFills) {
  const SimRun r = sim("nicpfc", "incast4",
                       "--engine ref --duration 20 --set switch.ecn.enabled=false "
                       "--set nic.pfc_enabled=true --set nic.rx_drain_gbps=20");
  expect_checks_ok(r);
  uint64_t from_r = 0;
  for (const json& p : r.summary["ports"])
    if (p["node"] == "r") from_r += p["pause_frames_sent"].get<uint64_t>();
  EXPECT_GT(from_r, 0u);
  EXPECT_EQ(r.summary["checks"]["nic_rx_overflows"].get<uint64_t>(), 0u);
  EXPECT_EQ(r.summary["drops"]["lossless"].get<uint64_t>(), 0u);
  double total = 0;
  for (const json& f : r.flows) total += f["second_half_tput_gbps"].get<double>();
  EXPECT_NEAR(total, 20.0, 1.0);  // the receiver drains at 20 Gb/s
}

// The scenario's `registers` reach every block: read back through each engine's CSR bus
// (summary "registers": the first NIC's RP and NP, the switch's CP), and they act: a 15
// Gb/s floor (RP_MIN_RATE_KBPS) on a 4:1 incast at 40 Gb/s (fair share 10 Gb/s) keeps
// every RP at or above 15 Gb/s, where without it DCQCN cuts them below 15. A different NP
// hold-off N (20 us) is what the network's NP-interval check measures against.
TEST(Network, RegistersOverrideTheProfileInEveryBlock) {
  const std::string regs =
      " --set registers.RP_MIN_RATE_KBPS=15000000 --set registers.NP_CNP_INTERVAL_NS=20000"
      " --set registers.CP_KMAX_BYTES=100000";
  auto min_rate = [](const SimRun& r) {
    const Csv c = read_csv(r.dir + "/flows.csv");
    return *std::min_element(c.num.at("rate_gbps").begin(), c.num.at("rate_gbps").end());
  };
  for (const char* engine : {"ref", "rtl"}) {
    const SimRun r = sim(std::string("regs_") + engine, "incast4",
                         std::string("--engine ") + engine + " --duration 10" + regs);
    expect_checks_ok(r);
    const json& g = r.summary["registers"];
    EXPECT_EQ(g["RP_MIN_RATE_KBPS"].get<uint32_t>(), 15000000u) << engine;
    EXPECT_EQ(g["NP_CNP_INTERVAL_NS"].get<uint32_t>(), 20000u) << engine;
    EXPECT_EQ(g["CP_KMAX_BYTES"].get<uint32_t>(), 100000u) << engine;
    EXPECT_EQ(g["RP_AI_RATE_KBPS"].get<uint32_t>(), 40000u) << engine;  // the paper profile's
    EXPECT_EQ(g["CP_KMIN_BYTES"].get<uint32_t>(), 5000u) << engine;
    EXPECT_GT(r.summary["cnps_sent"].get<uint64_t>(), 0u) << engine;
    const double lo = min_rate(r);
    std::printf("%s engine, 15 Gb/s floor: lowest sampled Rc %.3f Gb/s\n", engine, lo);
    EXPECT_GE(lo, 15.0 - 1e-6) << engine;
  }
  const SimRun base = sim("regs_none", "incast4", "--engine ref --duration 10");
  expect_checks_ok(base);
  EXPECT_EQ(base.summary["registers"]["RP_MIN_RATE_KBPS"].get<uint32_t>(), 100000u);
  EXPECT_EQ(base.summary["registers"]["NP_CNP_INTERVAL_NS"].get<uint32_t>(), 50000u);
  const double lo = min_rate(base);
  std::printf("ref engine, profile floor 0.1 Gb/s: lowest sampled Rc %.3f Gb/s\n", lo);
  EXPECT_LT(lo, 15.0);
}

// Frames (docs/network.md, "How frames are made in the simulation"): the frame blocks only
// make and read the bytes; --frames off (metadata only) gives the same outputs.
// On/off flows (flows[].on_us, off_us): two flows into one receiver, 1 ms on, 2.2 s off,
// 1 ms on (systemc/tests/good/onoff_idle.yaml). 2.2 s of silence is more than 2^31 ns,
// so the RP's 32-bit pacing times read as in the future after it unless the NIC top's
// sweep has retired them (docs/nic.md "The sweep", docs/rp.md "Time"): without it the
// top held both flows for 1.29 s (no byte in the second on period), and nic.core blocks
// stopped with "NicWheel: time went back" (its wheel heard no time for 2.2 s). Checked
// on both cores (reference engine) and on the RTL engine's top, whose outputs must be
// the reference's byte for byte.
TEST(Network, OnOffFlowsResumeAfter2200msOff) {
  const std::string yaml = std::string(SCENARIO_TEST_DIR) + "/good/onoff_idle.yaml";
  struct Run {
    const char* tag;
    const char* args;
  };
  const Run runs[] = {{"onoff_top", "--engine ref --set nic.core=top"},
                      {"onoff_blocks", "--engine ref --set nic.core=blocks"},
                      {"onoff_top_rtl", "--engine rtl --set nic.core=top"}};
  std::map<std::string, std::vector<double>> delivered;  // per run: bytes per flow
  for (const Run& run : runs) {
    const SimRun r = sim(run.tag, yaml, run.args);
    expect_checks_ok(r);
    const Csv c = read_csv(r.dir + "/flows.csv");
    ASSERT_GT(c.rows, 0u) << r.dir;
    // per flow: mean delivered Gb/s in the first on period's 1 ms, in the silence (from
    // 5 ms: the queue built in the first period has drained), and in the second on period
    double on1[2] = {}, off[2] = {}, on2[2] = {}, first2[2] = {};
    for (size_t i = 0; i < c.rows; ++i) {
      const double t = c.num.at("time_us")[i], g = c.num.at("tput_gbps")[i];
      const auto fl = static_cast<size_t>(c.num.at("flow")[i]);
      ASSERT_LT(fl, 2u);
      if (t <= 1000) on1[fl] += g / 10;
      if (t > 5000 && t <= 2201000) off[fl] += g;
      if (t > 2201000) on2[fl] += g / 10;
      if (t == 2201100) first2[fl] = g;
    }
    for (size_t fl = 0; fl < 2; ++fl) {
      std::printf("%s flow %zu: on %.3f Gb/s, off %.6f, on again %.3f (first 100 us %.3f)\n", run.tag, fl,
                  on1[fl], off[fl], on2[fl], first2[fl]);
      EXPECT_GT(on1[fl], 1.0) << run.tag;
      EXPECT_EQ(off[fl], 0.0) << run.tag << ": the flow sent in its off period";
      // the 40 Gb/s bottleneck shared (frame bytes: 19.6 Gb/s each), from the first
      // 100-us sample on: not held after the silence
      EXPECT_GT(on2[fl], 0.9 * 20) << run.tag;
      EXPECT_GT(first2[fl], 0.9 * 20) << run.tag;
    }
    for (const json& f : r.flows) delivered[run.tag].push_back(f["delivered_bytes"].get<double>());
  }
  // the two cores make the same decisions here (one flow per NIC); within 2 %
  for (size_t fl = 0; fl < 2; ++fl)
    EXPECT_NEAR(delivered["onoff_blocks"][fl], delivered["onoff_top"][fl], 0.02 * delivered["onoff_top"][fl]);
  for (const char* f : {"flows.csv", "queues.csv", "flow_results.csv"})
    EXPECT_EQ(slurp(std::string(SIM_TEST_OUT) + "/onoff_top/" + f),
              slurp(std::string(SIM_TEST_OUT) + "/onoff_top_rtl/" + f))
        << f << " differs between the engines";
}

// A sized on/off flow alone on a 40 Gb/s path (onoff_idle.yaml's h1 with 500 KB, 100 us on,
// 100 us off; h2's flow disabled): its 531,000 wire bytes need 106.2 us of sending, so
// it sends 100 us, stops, and finishes 6.2 us into its second on period (plus the path:
// 2 x 1 us each way and a frame). Alone it would finish at about 110 us. In the off period
// only what was on the wire at 100 us arrives. The toggles end with the flow.
TEST(Network, SizedOnOffFlowSendsOnlyInItsOnPeriods) {
  const std::string yaml = std::string(SCENARIO_TEST_DIR) + "/good/onoff_idle.yaml";
  const std::string args = "--duration 1 --set flows.0.size_bytes=500000 --set flows.0.on_us=100 "
                           "--set flows.0.off_us=100 --set flows.1.enabled=false";
  std::map<std::string, double> fct;
  for (const char* core : {"top", "blocks"}) {
    const SimRun r = sim(std::string("onoff_sized_") + core, yaml, args + " --engine ref --set nic.core=" + core);
    expect_checks_ok(r);
    ASSERT_EQ(r.flows.size(), 1u);
    const json& f = r.flows[0];
    ASSERT_TRUE(f["fct_us"].is_number()) << core << ": the flow did not complete: " << f.dump();
    EXPECT_EQ(f["delivered_payload_bytes"].get<uint64_t>(), 500000u) << f.dump();
    const double wire_us = f["sent_bytes"].get<double>() * 8 / 40e3;  // at 40 Gb/s
    fct[core] = f["fct_us"].get<double>();
    std::printf("%s: fct %.3f us, %.1f us of sending\n", core, fct[core], wire_us);
    EXPECT_GT(fct[core], 200 + (wire_us - 100)) << core << ": finished before its second on period allows";
    EXPECT_LT(fct[core], 200 + (wire_us - 100) + 6) << core;
    const Csv c = read_csv(r.dir + "/flows.csv");
    for (size_t i = 0; i < c.rows; ++i) {
      if (c.num.at("flow")[i] != 0 || c.num.at("time_us")[i] != 200) continue;
      // (100, 200] us, off: at most twice the bytes the 2-us path holds at 40 Gb/s
      // (2 us x 40 Gb/s = 80,000 bits; twice that over the 100-us sample: 1.6 Gb/s)
      EXPECT_LT(c.num.at("tput_gbps")[i], 2 * (2e-6 * 40e9) / 100e-6 / 1e9) << core << ": sent while off";
    }
  }
  EXPECT_NEAR(fct["top"], fct["blocks"], 0.001 * fct["blocks"]);
  const SimRun rtl = sim("onoff_sized_top_rtl", yaml, args + " --engine rtl --set nic.core=top");
  expect_checks_ok(rtl);
  for (const char* f : {"flows.csv", "queues.csv", "flow_results.csv"})
    EXPECT_EQ(slurp(std::string(SIM_TEST_OUT) + "/onoff_sized_top/" + f), slurp(rtl.dir + "/" + f))
        << f << " differs between the engines";
}

// A tail timeout rewinds a sized flow (the host tells the core DATA), then the ACK of all
// its packets arrives before the flow's grant: on nic.core top the flow is still armed
// (the top learns "no data" only from a completion) and is granted with nothing to send.
// The NIC completes such a grant with 0 bytes (summary gbn.empty_grants) and sends
// nothing; before 2026-11-29 it sent a packet with the PSN after the flow's last, and the
// incast's flows took 760 us to complete on top against 344 us on blocks. 8 x 200 KB into
// one receiver, PFC off, 1 % loss on one link, a 5-us tail timeout.
TEST(Network, GrantOfAFlowWhoseQueueEmptiedSendsNothing) {
  std::string sets;
  for (int i = 0; i < 8; ++i) sets += " --set flows." + std::to_string(i) + ".size_bytes=200000";
  const std::string args = "--duration 2 --set switch.pfc.enabled=false --set nic.rto_us=5 "
                           "--set links.0.loss=0.01" + sets;
  uint64_t top_empty = 0;
  std::map<std::string, std::vector<double>> fct;
  for (const char* core : {"top", "blocks"}) {
    const SimRun r = sim(std::string("empty_grant_") + core, "incast8", args + " --engine ref --set nic.core=" + core);
    expect_checks_ok(r);
    const uint64_t empty = r.summary["gbn"]["empty_grants"].get<uint64_t>();
    std::printf("%s: %llu empty grants\n", core, static_cast<unsigned long long>(empty));
    if (std::string(core) == "top") top_empty = empty;
    if (std::string(core) == "top") EXPECT_GT(empty, 0u) << "the case is no longer reached";
    else EXPECT_EQ(empty, 0u);  // blocks disarms the flow when its queue empties
    ASSERT_EQ(r.flows.size(), 8u);
    for (const json& f : r.flows) {
      ASSERT_TRUE(f["fct_us"].is_number()) << core << ": a flow did not complete: " << f.dump();
      EXPECT_EQ(f["delivered_payload_bytes"].get<uint64_t>(), 200000u) << f.dump();
      fct[core].push_back(f["fct_us"].get<double>());
    }
    std::sort(fct[core].begin(), fct[core].end());
  }
  // the cores give the same completion times (as a set: which flow wins differs)
  for (size_t i = 0; i < 8; ++i) {
    std::printf("fct %zu: top %.1f us, blocks %.1f us\n", i, fct["top"][i], fct["blocks"][i]);
    EXPECT_NEAR(fct["top"][i], fct["blocks"][i], 0.02 * fct["blocks"][i]);
  }
  // the RTL top takes the 0-byte completion as its reference does: the same outputs
  const SimRun rtl = sim("empty_grant_top_rtl", "incast8", args + " --set nic.core=top --engine rtl");
  expect_checks_ok(rtl);
  EXPECT_EQ(rtl.summary["gbn"]["empty_grants"].get<uint64_t>(), top_empty);
  for (const char* f : {"flows.csv", "queues.csv", "flow_results.csv"})
    EXPECT_EQ(slurp(std::string(SIM_TEST_OUT) + "/empty_grant_top/" + f), slurp(rtl.dir + "/" + f))
        << f << " differs between the engines";
}

TEST(Frames, OnAndOffWriteIdenticalCsvs) {
  const SimRun on = sim("frames_on", "incast4", "--engine ref --duration 3");
  const SimRun off = sim("frames_off", "incast4", "--engine ref --duration 3 --frames off");
  expect_checks_ok(on);
  expect_checks_ok(off);
  for (const char* f : {"flows.csv", "queues.csv", "flow_results.csv"})
    EXPECT_TRUE(slurp(on.dir + "/" + f) == slurp(off.dir + "/" + f)) << f << " differs between --frames on and off";
  EXPECT_TRUE(on.summary["frames"]["enabled"].get<bool>());
  EXPECT_FALSE(off.summary["frames"]["enabled"].get<bool>());
  EXPECT_EQ(on.summary["frames"]["cnps_built"], on.summary["cnps_sent"]);
  EXPECT_EQ(on.summary["frames"]["ce_marked"], on.summary["ecn_marks"]);
  EXPECT_GT(on.summary["frames"]["classified"].get<uint64_t>(), 2000u);
  EXPECT_EQ(off.summary["frames"]["classified"].get<uint64_t>(), 0u);
}

// The capture records the bytes the blocks made: byte-identical across engines, TCD's UE
// rewrite included (tcd_victim marks about 10,000 packets UE and 70 CE in 2 ms).
TEST(Frames, CapturesOfBothEnginesAreByteIdentical) {
  const std::string args = "--duration 2";
  const SimRun a = sim("frames_pcap_ref", "tcd_victim", "--engine ref " + args + " --pcap " +
                                                            std::string(SIM_TEST_OUT) + "/frames_ref.pcap");
  const SimRun b = sim("frames_pcap_rtl", "tcd_victim", "--engine rtl " + args + " --pcap " +
                                                            std::string(SIM_TEST_OUT) + "/frames_rtl.pcap");
  expect_checks_ok(a);
  expect_checks_ok(b);
  const std::string x = slurp(std::string(SIM_TEST_OUT) + "/frames_ref.pcap");
  const std::string y = slurp(std::string(SIM_TEST_OUT) + "/frames_rtl.pcap");
  EXPECT_GT(x.size(), 1000000u);
  EXPECT_TRUE(x == y) << "the captures of --engine ref and --engine rtl differ";
  EXPECT_GT(b.summary["frames"]["ce_marked"].get<uint64_t>(), 0u);
  EXPECT_GT(b.summary["frames"]["ue_rewritten"].get<uint64_t>(), 0u);
  EXPECT_GT(b.summary["frames"]["cnps_built"].get<uint64_t>(), 0u);
  EXPECT_GT(b.summary["frames"]["rtl_cycles"].get<uint64_t>(), 0u);
  EXPECT_EQ(a.summary["frames"]["rtl_cycles"].get<uint64_t>(), 0u);
}

TEST(Frames, PcapWithFramesOffIsAnError) {
  const SimRun r = sim("frames_pcap_off", "incast2",
                       "--engine ref --duration 1 --frames off --pcap " + std::string(SIM_TEST_OUT) + "/x.pcap");
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("--frames off"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}
