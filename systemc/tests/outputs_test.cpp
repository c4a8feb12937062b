// SPDX-License-Identifier: MIT
// What a run writes (docs/network.md "Outputs"): flow_results.csv holds every flow's
// results (summary.json only the aggregates); flows.csv keeps the time series of the
// flows sample_flows chooses, with the CNPs and marks of each interval; the console line
// shows link losses and retransmissions. Each case runs dcqcn-sim (reference engine).
#include <cmath>
#include <set>

#include "sim_run.h"

using namespace simtest;

namespace {

// Sum of a flows.csv column per flow id.
std::map<uint64_t, double> per_flow_sum(const Csv& c, const std::string& col) {
  std::map<uint64_t, double> m;
  for (size_t i = 0; i < c.rows; ++i) m[static_cast<uint64_t>(c.num.at("flow")[i])] += c.num.at(col)[i];
  return m;
}

// The flows.csv rows (as text) of the given flows, in file order.
std::string rows_of(const std::string& path, const std::set<std::string>& flows) {
  std::ifstream f(path);
  std::string line, out;
  std::getline(f, line);
  while (std::getline(f, line)) {
    const size_t a = line.find(',') + 1;
    if (flows.count(line.substr(a, line.find(',', a) - a))) out += line + "\n";
  }
  return out;
}

}  // namespace

// The per-interval CNPs and marks of flows.csv add up to the flow's totals in
// flow_results.csv (the run ends on a sample boundary, so every event is in an interval),
// and the interval throughputs add up to the delivered bytes.
TEST(Outputs, FlowsCsvIntervalCountsAddUpToTheFlowTotals) {
  const SimRun r = sim("counts_tcd4", "incast4", "--engine ref --duration 10 --set switch.ecn.tcd=true");
  expect_checks_ok(r);
  ASSERT_EQ(r.flows.size(), 4u);
  EXPECT_EQ(r.summary["num_flows"].get<uint64_t>(), 4u);
  EXPECT_FALSE(r.summary.contains("flows"));  // per-flow results are in flow_results.csv
  const Csv c = read_csv(r.dir + "/flows.csv");
  EXPECT_EQ(c.rows, 4u * 100u);  // 10 ms / 100 us, every flow
  const auto cnps = per_flow_sum(c, "cnps_received"), ce = per_flow_sum(c, "ce_marks"),
             ue = per_flow_sum(c, "ue_marks"), tput = per_flow_sum(c, "tput_gbps");
  uint64_t total_cnps = 0, total_ce = 0;
  for (const json& f : r.flows) {
    const uint64_t id = f["flow"].get<uint64_t>();
    EXPECT_EQ(cnps.at(id), f["cnps_received_by_rp"].get<double>()) << id;
    EXPECT_EQ(ce.at(id), f["ce_marks"].get<double>()) << id;
    EXPECT_EQ(ue.at(id), f["ue_marks"].get<double>()) << id;
    // Gb/s x 100 us = bytes x 8 / 1e9 ... each printed to 1e-6 Gb/s (0.0125 B per row)
    EXPECT_NEAR(tput.at(id) * 100e-6 * 1e9 / 8, f["delivered_bytes"].get<double>(), 100 * 0.0125) << id;
    total_cnps += f["cnps_received_by_rp"].get<uint64_t>();
    total_ce += f["ce_marks"].get<uint64_t>();
  }
  std::printf("CNPs received %llu, CE marks %llu\n", static_cast<unsigned long long>(total_cnps),
              static_cast<unsigned long long>(total_ce));
  EXPECT_GT(total_cnps, 0u);
  EXPECT_GT(total_ce, 0u);
  EXPECT_EQ(total_cnps, r.summary["cnps_received"].get<uint64_t>());
}

// sample_flows keeps the time series of the chosen flows only: their rows are those of a
// run that samples every flow, byte for byte; flow_results.csv, queues.csv and the
// summary's aggregates do not change.
TEST(Outputs, SampleFlowsKeepsTheChosenSeriesAndEveryResult) {
  const std::string args = "--engine ref --duration 5 --set defaults.flow.count=3";  // 8 x 3 flows
  const SimRun all = sim("subset_all", "incast8", args);
  const SimRun some = sim("subset_some", "incast8", args + " --sample-flows 1,5-7,22");
  const SimRun none = sim("subset_none", "incast8", args + " --set sample_flows=none");
  for (const SimRun* r : {&all, &some, &none}) expect_checks_ok(*r);
  EXPECT_EQ(all.summary["num_flows"].get<uint64_t>(), 24u);
  EXPECT_EQ(all.summary["sampled_flows"].get<uint64_t>(), 24u);
  EXPECT_EQ(some.summary["sampled_flows"].get<uint64_t>(), 5u);
  EXPECT_EQ(none.summary["sampled_flows"].get<uint64_t>(), 0u);
  EXPECT_EQ(read_csv(all.dir + "/flows.csv").rows, 24u * 50u);
  EXPECT_EQ(read_csv(some.dir + "/flows.csv").rows, 5u * 50u);
  EXPECT_EQ(read_csv(none.dir + "/flows.csv").rows, 0u);
  const std::set<std::string> chosen = {"1", "5", "6", "7", "22"};
  const std::string want = rows_of(all.dir + "/flows.csv", chosen);
  EXPECT_GT(want.size(), 1000u);
  EXPECT_EQ(rows_of(some.dir + "/flows.csv", chosen), want);
  for (const SimRun* r : {&some, &none}) {
    for (const char* f : {"flow_results.csv", "queues.csv"})
      EXPECT_TRUE(slurp(all.dir + "/" + f) == slurp(r->dir + "/" + f)) << f;
    for (const char* k : {"jain_second_half", "max_queue_bytes", "pause_frames", "cnps_sent"})
      EXPECT_EQ(all.summary[k], r->summary[k]) << k;
  }
  EXPECT_EQ(all.flows.size(), 24u);
}

// flow_results.csv's three means are the means of the flow's flows.csv rows over their
// windows. Rows k = 0..n-1 (sample k ends at (k+1) x sample_us); a flow's first row is the
// sample its start falls in; mean_tput_gbps averages k >= first, second_half_tput_gbps
// k >= max(first, n/2), tput_gbps_after k >= max(first, ceil(stats_from_ms / sample_us)).
// stats_from_ms is off the sample grid (37.3 ms, 74.6 samples of 500 us: the window starts
// at row 75), and at 7.3 ms (row 15), before the joiner's first row (10 ms: row 20).
// Tolerance 1e-6 Gb/s absolute: every cell is printed with six decimals, so a row and the
// result are each within 5e-7 of their exact value, and a mean of rows is too.
TEST(Outputs, FlowResultsMeansAreTheMeansOfTheFlowsCsvRowsOverTheirWindows) {
  for (const double from_ms : {37.3, 7.3}) {
    char tag[32];
    std::snprintf(tag, sizeof tag, "windows_%.1f", from_ms);
    char set[64];
    std::snprintf(set, sizeof set, "--engine ref --set nic.core=blocks --set stats_from_ms=%.1f", from_ms);
    const SimRun r = sim(tag, "convergence", set);
    expect_checks_ok(r);
    ASSERT_EQ(r.flows.size(), 2u);
    const double sample_us = 500;  // convergence.yaml
    const Csv c = read_csv(r.dir + "/flows.csv");
    const size_t n = 200000 / 500;  // duration_ms 200
    ASSERT_EQ(c.rows, 2 * n);
    const size_t after = static_cast<size_t>(std::ceil(from_ms * 1000 / sample_us));
    EXPECT_EQ(after, from_ms == 37.3 ? 75u : 15u);
    for (const json& f : r.flows) {
      const uint64_t id = f["flow"].get<uint64_t>();
      const size_t first = static_cast<size_t>(f["start_us"].get<double>() / sample_us);
      EXPECT_EQ(first, id == 0 ? 0u : 20u);
      std::vector<double> tput(n, std::nan(""));
      for (size_t i = 0; i < c.rows; ++i) {
        if (static_cast<uint64_t>(c.num.at("flow")[i]) != id) continue;
        const double k = c.num.at("time_us")[i] / sample_us - 1;
        ASSERT_EQ(k, std::round(k)) << i;
        tput.at(static_cast<size_t>(k)) = c.num.at("tput_gbps")[i];
      }
      auto mean_from = [&](size_t from) {
        double sum = 0;
        for (size_t k = from; k < n; ++k) sum += tput[k];  // a missing row stays NaN and fails
        return sum / static_cast<double>(n - from);
      };
      const double mean = mean_from(first), half = mean_from(std::max(first, n / 2)),
                   aft = mean_from(std::max(first, after));
      std::printf("stats_from_ms %.1f flow %llu: rows from %zu / %zu / %zu: %.6f / %.6f / %.6f Gb/s\n", from_ms,
                  static_cast<unsigned long long>(id), first, std::max(first, n / 2), std::max(first, after),
                  mean, half, aft);
      EXPECT_NEAR(mean, f["mean_tput_gbps"].get<double>(), 1e-6) << id;
      EXPECT_NEAR(half, f["second_half_tput_gbps"].get<double>(), 1e-6) << id;
      EXPECT_NEAR(aft, f["tput_gbps_after"].get<double>(), 1e-6) << id;
      EXPECT_GT(aft, 10.0) << id;  // both flows carry traffic in every window
    }
  }
}

// A bad --sample-flows is one line naming the option, exit code 2.
TEST(Outputs, BadSampleFlowsOptionIsAnError) {
  const SimRun r = sim("subset_bad", "incast4", "--engine ref --duration 1 --sample-flows 2-9");
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(r.err.rfind("--sample-flows 2-9: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("flow 9 does not exist (4 flows)"), std::string::npos) << r.err;
}

// With link loss the console line states the link losses and the retransmitted packets,
// as summary.json does (drops.link_loss, retransmitted_pkts).
TEST(Outputs, ConsoleLineShowsLinkLossesAndRetransmissions) {
  const SimRun r = sim("console_loss", "loss_sweep", "--engine ref --duration 10 --set links.0.loss=0.001");
  expect_checks_ok(r);
  const uint64_t lost = r.summary["drops"]["link_loss"].get<uint64_t>();
  const uint64_t retx = r.summary["retransmitted_pkts"].get<uint64_t>();
  std::printf("link losses %llu, retransmitted %llu\n", static_cast<unsigned long long>(lost),
              static_cast<unsigned long long>(retx));
  EXPECT_GT(lost, 0u);
  EXPECT_GE(retx, lost);  // go-back-N resends at least the lost packet
  uint64_t retx_bytes = 0;
  for (const json& f : r.flows) retx_bytes += f["retransmitted_bytes"].get<uint64_t>();
  // infinite flow: every frame is full, payload + headers (RP_MTU_BYTES)
  EXPECT_EQ(retx_bytes, retx * r.summary["registers"]["RP_MTU_BYTES"].get<uint64_t>());
  const std::string out = slurp(r.dir + "/stdout.txt");
  EXPECT_NE(out.find(" / " + std::to_string(lost) + " link loss "), std::string::npos) << out;
  EXPECT_NE(out.find("retransmitted " + std::to_string(retx) + " "), std::string::npos) << out;
}

// Issue 16: at most about 1 KB of simulator memory per flow, and nothing per flow in
// summary.json. 10 senders x 1,000 and x 10,000 flows into one receiver, 1 ms, reference
// engine, the series of flows 0-99; flow_results.csv has a row per flow. The memory is
// summary.json's state_bytes_per_flow: the capacity x element size of every per-flow
// container (flow table, NICs, RP and NP engines, sampler; docs/network.md), total over
// flows. It is deterministic (no allocator, page or THP effect, unlike the peak RSS,
// which scripts/bench.sh reports); 531 B at 1e4 flows, 607 B at 1e5 (each sender's RP
// table is a power of two: 10,000 flows take 16,384 entries).
TEST(Outputs, MemoryPerFlowIsUnderOneKilobyteAndTheSummaryHasNoPerFlowData) {
  std::map<int, SimRun> runs;
  for (int k : {1000, 10000}) {
    const std::string dir = std::string(SIM_TEST_OUT) + "/scale_yaml";
    fs::create_directories(dir);
    const std::string yaml = dir + "/s" + std::to_string(k) + ".yaml";
    {
      std::ofstream y(yaml);
      y << "duration_ms: 1\nsample_us: 100\nprofile: paper\ndefaults:\n  link: {rate_gbps: 40, delay_us: 1}\n"
        << "  flow: {count: " << k << "}\nswitch:\n  buffer_bytes: 12000000\n"
        << "  pfc: {enabled: true, mode: dynamic, beta: 8, headroom_bytes: 22400, xon_gap_bytes: 2116}\n"
        << "nodes:\n  - {name: sw, type: switch}\n  - {name: r, type: host}\n";
      for (int i = 0; i < 10; ++i) y << "  - {name: h" << i << ", type: host}\n";
      y << "links:\n  - {a: r, b: sw}\n";
      for (int i = 0; i < 10; ++i) y << "  - {a: h" << i << ", b: sw}\n";
      y << "flows:\n";
      for (int i = 0; i < 10; ++i) y << "  - {src: h" << i << ", dst: r}\n";
    }
    runs[k] = sim("mem_" + std::to_string(k), yaml, "--engine ref --set nic.core=blocks --sample-flows 0-99");
    const SimRun& r = runs[k];
    expect_checks_ok(r);
    EXPECT_EQ(r.flows.size(), 10u * k);
    EXPECT_EQ(r.summary["num_flows"].get<uint64_t>(), 10u * k);
    EXPECT_EQ(read_csv(r.dir + "/flows.csv").rows, 100u * 10u);  // 100 flows x 10 samples
    EXPECT_LT(fs::file_size(r.dir + "/summary.json"), 20000u);    // no per-flow data
  }
  for (const auto& [k, r] : runs) {
    const json& b = r.summary["state_bytes"];
    const double flows = 10.0 * k;
    uint64_t parts = 0;
    for (const char* part : {"flow_table", "nics", "rp_engines", "np_engines", "sampler"}) {
      EXPECT_GT(b[part].get<uint64_t>(), 0u) << part;  // the reference engine holds each
      parts += b[part].get<uint64_t>();
    }
    EXPECT_EQ(b["total"].get<uint64_t>(), parts);
    const double per_flow = r.summary["state_bytes_per_flow"].get<double>();
    EXPECT_DOUBLE_EQ(per_flow, static_cast<double>(parts) / flows);
    std::printf("%.0f flows: %.1f B per flow (flow table %.1f, NICs %.1f, RP %.1f, NP %.1f, sampler %.3f)\n",
                flows, per_flow, b["flow_table"].get<double>() / flows, b["nics"].get<double>() / flows,
                b["rp_engines"].get<double>() / flows, b["np_engines"].get<double>() / flows,
                b["sampler"].get<double>() / flows);
    EXPECT_LT(per_flow, 1024) << k;
  }
}
