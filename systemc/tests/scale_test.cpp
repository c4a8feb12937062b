// SPDX-License-Identifier: MIT
// DCQCN+ at scale (thesis Tables 2 and 3) and TCD on the victim-flow topology (SPEC
// section 4). Each run is a dcqcn-sim process on the reference engine; every measured
// number is printed. What is asserted is what our model does, with the reason where it
// differs from the papers (README "DCQCN+ at scale" and "TCD and the victim flow").
#include <cctype>

#include "sim_run.h"

using namespace simtest;

namespace {

// ---------------------------------------------------------------- thesis_scale

struct ScalePoint {
  std::string profile;
  int flows = 0;               // in all (8 senders x flows/8)
  uint64_t startup_peak = 0;   // max_queue_bytes of the bottleneck port (whole run)
  uint64_t max_after = 0;      // from stats_from_ms on
  double mean_after = 0;       // bytes
  double delay_us = 0;         // mean queueing delay of the data packets from stats_from_ms on
  uint64_t pauses = 0;
  double mean_rc_gbps = 0;     // the RPs' final Rc, averaged over the flows
  double tput_gbps = 0;        // delivered, all flows, from stats_from_ms (= the second half)
  std::string dir;             // the run's output directory
};

const json& bottleneck(const json& summary) {
  for (const json& p : summary["ports"])
    if (p["node"] == "sw" && p["peer"] == "r") return p;
  throw std::runtime_error("no port sw -> r in the summary");
}

// thesis_scale: 100 ms, statistics from 50 ms (the start-up is over by then: the 500 ms runs
// in the README gave the same post-start numbers within a few per cent, with the profiles'
// own floors; with the scenario's 1 Mb/s floor DCQCN+ at 80 flows is still climbing back
// from it at 100 ms, see below).
// `extra`: more dcqcn-sim arguments (a register override for a contrast run).
ScalePoint run_scale(const std::string& profile, int flows, const std::string& extra = "") {
  std::string tag = "scale_" + profile + "_" + std::to_string(flows);
  for (char c : extra)  // " --set registers.NP_EPOCH_NS=100000" -> "_registers_NP_EPOCH_NS_100000"
    if (std::isalnum(static_cast<unsigned char>(c))) tag += c;
    else if (tag.back() != '_') tag += '_';
  const SimRun r = sim(tag, "thesis_scale",
                       "--engine ref --set profile=" + profile +
                           " --set defaults.flow.count=" + std::to_string(flows / 8) + extra);
  expect_checks_ok(r);
  EXPECT_EQ(r.summary["drops"]["lossless"].get<uint64_t>(), 0u) << tag;
  EXPECT_EQ(static_cast<int>(r.flows.size()), flows) << tag;
  ScalePoint p;
  p.profile = profile;
  p.flows = flows;
  const json& b = bottleneck(r.summary);
  p.startup_peak = b["max_queue_bytes"].get<uint64_t>();
  p.max_after = b["max_queue_bytes_after"].get<uint64_t>();
  p.mean_after = b["mean_queue_bytes_after"].get<double>();
  p.delay_us = b["mean_queue_delay_us_after"].get<double>();
  p.pauses = r.summary["pause_frames"].get<uint64_t>();
  for (const json& f : r.flows) {
    p.mean_rc_gbps += f["final_rate_gbps"].get<double>();
    p.tput_gbps += f["tput_gbps_after"].get<double>();
  }
  p.mean_rc_gbps /= flows;
  p.dir = r.dir;
  return p;
}

void print_table(const std::vector<ScalePoint>& v) {
  std::printf("\n%-18s %6s %14s %14s %14s %12s %8s %12s %10s\n", "profile", "flows", "startup_peak_B",
              "max_after_B", "mean_after_B", "delay_us", "pauses", "mean_Rc_Gbps", "tput_Gbps");
  for (const ScalePoint& p : v)
    std::printf("%-18s %6d %14llu %14llu %14.0f %12.1f %8llu %12.4f %10.3f\n", p.profile.c_str(), p.flows,
                static_cast<unsigned long long>(p.startup_peak),
                static_cast<unsigned long long>(p.max_after), p.mean_after, p.delay_us,
                static_cast<unsigned long long>(p.pauses), p.mean_rc_gbps, p.tput_gbps);
}

// Far above the ECN Kmax (200 KB): ECN does not hold the queue, PFC does. The dynamic
// threshold (beta 8, 5.1 MB less 9 x 8 x 22.4 KB headroom) lets the 8 ingress ports fill
// about 3.1 MB before they pause their senders.
constexpr double kPfcBoundMeanBytes = 1e6;
constexpr uint64_t kPfcCeilingBytes = 3100000;  // what the 8 ingress ports fill (README: ~3.12 MB)
constexpr double kLinkGbps = 10;  // the bottleneck sw -> r
// tput_gbps counts frames (1000 B payload + 62 B headers); each also costs 20 B of
// preamble and IFG on the wire, so a full link carries 1062 / 1082 of its rate in frames
// (9.815 Gb/s at 10 Gb/s; before the wire model: 10, with 58 B headers and no IFG).
constexpr double kFrameShare = 1062.0 / 1082.0;

}  // namespace

// SIGCOMM'15 DCQCN (`paper`) against the DCQCN+ RP and NP (`dcqcn_plus`), same CP, with
// the scenario's registers (thesis_scale.yaml): a 1 Mb/s minimum rate and a 1 ms NP epoch.
//
// What holds: DCQCN+ stays lower than DCQCN at 480 flows and above, with the link still
// used, and DCQCN is at the PFC ceiling there. The former claim that DCQCN with the 1 Mb/s
// floor is at the ceiling already at 80 flows (a limit cycle between the ceiling and deep
// cuts) came from paced departures that ignored rate increases; with re-timed departures
// it no longer holds (80 flows: 1.3 MB post-start maximum, 9.0 Gb/s), and it is withdrawn.
TEST(ThesisScale, DcqcnPlusStaysBelowDcqcnFrom480FlowsDcqcnIsPfcBoundThere) {
  std::map<std::string, std::map<int, ScalePoint>> m;
  std::vector<ScalePoint> all;
  for (const char* prof : {"paper", "dcqcn_plus"})
    for (int n : {80, 480, 720}) {
      m[prof][n] = run_scale(prof, n);
      all.push_back(m[prof][n]);
    }
  print_table(all);
  const auto& d = m["paper"];
  const auto& p = m["dcqcn_plus"];
  for (int n : {480, 720}) {
    // DCQCN: PFC-bound from 480 flows (near the ceiling, mean above 1 MB), link full.
    // At 80 flows it was PFC-bound only while paced departures ignored rate increases
    // (flows cut to the 1 Mb/s floor waited out their stale departure, then burst): with
    // re-timed departures ECN holds 80 flows below the ceiling (docs/rp.md "Pacing"). The
    // thesis's own setup is issue 16's to reproduce; no claim is made at 80 flows here.
    EXPECT_GT(d.at(n).max_after, kPfcCeilingBytes * 95 / 100) << n;
    EXPECT_GT(d.at(n).mean_after, kPfcBoundMeanBytes) << n;
    EXPECT_GT(d.at(n).tput_gbps, 0.99 * kLinkGbps * kFrameShare) << n;
  }

  // DCQCN+ stays lower than DCQCN at 480 flows and above, and keeps the link busy
  // (9.3, 9.6 Gb/s): the RPs' rates add up to about the link, where DCQCN's add up to
  // hundreds of times it. At 480 it holds the queue below half of DCQCN's; at 720 only
  // just below: it swings every ~45 ms between an empty queue and near the ceiling (its
  // loop is as slow as a flow's packets: at 4-14 Mb/s one 1058-byte frame per 0.6-2 ms,
  // and tau = 720 us).
  for (int n : {480, 720}) {
    EXPECT_LT(p.at(n).max_after, d.at(n).max_after) << n;
    EXPECT_LT(p.at(n).mean_after, d.at(n).mean_after) << n;
    EXPECT_LT(p.at(n).delay_us, d.at(n).delay_us) << n;
    EXPECT_GT(p.at(n).tput_gbps, 0.9 * kLinkGbps) << n;
    EXPECT_LT(p.at(n).mean_rc_gbps * n, 2 * kLinkGbps) << n;
    EXPECT_GT(d.at(n).mean_rc_gbps * n, 100 * kLinkGbps) << n;
  }
  EXPECT_LT(p.at(480).max_after, d.at(480).max_after / 2);
  EXPECT_LT(p.at(480).mean_after, d.at(480).mean_after / 2);
  // At 80 flows DCQCN+'s queue is low because the link is idle: the start-up cuts every
  // flow to the 1 Mb/s floor, and DCQCN+'s increase period lambda * max(tau, MTU / Rc) is
  // then MTU / Rc = 1058 B / 1 Mb/s = 8.5 ms, with the first F = 5 steps (Rc + Rt) / 2 doing
  // nothing (Rt = Rc after a cut) and each additive step adding Rc / 10: it needs far more
  // than the 100 ms run to climb back (mean Rc at the end about 2 Mb/s, fair share 125).
  EXPECT_LT(p.at(80).max_after, 100000u);
  EXPECT_LT(p.at(80).tput_gbps, 0.05 * kLinkGbps);
  EXPECT_LT(p.at(80).mean_rc_gbps, 0.005);

  // NP_EPOCH_NS: only the DCQCN+ NP reads it. DCQCN with the reset value (100 us) writes
  // the same CSVs byte for byte; DCQCN+ with it is PFC-bound again at 480 flows (the epoch
  // sees only the flows whose CNP falls in it, so tau is too short).
  const std::string ep100 = " --set registers.NP_EPOCH_NS=100000";
  const ScalePoint p480_ep100 = run_scale("dcqcn_plus", 480, ep100);
  const ScalePoint d80_ep100 = run_scale("paper", 80, ep100);
  print_table({p480_ep100, d80_ep100});
  EXPECT_GT(p480_ep100.max_after, kPfcCeilingBytes * 95 / 100);
  EXPECT_GT(p480_ep100.mean_after, kPfcBoundMeanBytes);
  for (const char* csv : {"/queues.csv", "/flows.csv"})
    EXPECT_EQ(slurp(d.at(80).dir + csv), slurp(d80_ep100.dir + csv)) << csv;
}

// The thesis's testbed: ConnectX-4 DCQCN with the mlx5 defaults (`connectx`, Table 2)
// against its static DCQCN+ approximation (`dcqcn_plus_static`, Table 3; n = all flows).
TEST(ThesisScale, ConnectxAndStaticApproximationArePfcBoundFrom80Flows) {
  std::vector<ScalePoint> all;
  std::map<std::string, std::map<int, ScalePoint>> m;
  for (const char* prof : {"connectx", "dcqcn_plus_static"})
    for (int n : {80, 480}) {
      m[prof][n] = run_scale(prof, n);
      all.push_back(m[prof][n]);
    }
  print_table(all);
  // Neither leaves the PFC-bound regime within 100 ms, already at 80 flows (thesis: 130
  // and 189 KB after 5 s). Their flows get one CNP per delivered packet; the PAUSEs stop
  // the packets and hence the CNPs for longer than the 300 us (3.1 n us) increase timer,
  // and with clamp_tgt_rate 0 Rt stays high, so fast recovery undoes the 0.5-1 % cuts
  // (alpha decays every 1 us to about g). README "DCQCN+ at scale".
  for (const auto& [prof, byn] : m)
    for (const auto& [n, p] : byn) {
      EXPECT_GT(p.mean_after, kPfcBoundMeanBytes) << prof << " " << n;
      // the RPs' rates add up to more than the link: PFC, not the rates, holds the senders
      EXPECT_GT(p.mean_rc_gbps * n, kLinkGbps) << prof << " " << n;
    }
}

// ---------------------------------------------------------------- CNP budget

// The NIC-wide CNP budget: ConnectX-4 generates about one CNP per us (DCQCN+ thesis
// section 6.1; the `connectx` profile sets NP_CNP_BUDGET_NS = 1000). In the thesis's
// 720-flow incast every flow is marked and wants a CNP per 4 us (N), 180 per us in all:
// the receiver's NP must hold the budget (no two CNPs of the NIC less than 1 us apart),
// its queue fills (32 entries) and overflows, and the budget, not the marks, sets the
// CNP rate.
TEST(CnpBudget, Incast720ConnectxAtMostOneCnpPerUsPerNic) {
  const SimRun r = sim("budget_720", "thesis720", "--engine ref --set profile=connectx --duration 20");
  expect_checks_ok(r);  // includes np_budget_violations == 0 and the per-flow interval
  const json& b = r.summary["cnp_budget"];
  const uint64_t cnps = r.summary["cnps_sent"].get<uint64_t>();
  std::printf("budget %.0f ns: %llu CNPs in 20 ms, min gap %.3f ns, queue high-water %u, "
              "overflows %llu\n",
              b["budget_ns"].get<double>(), static_cast<unsigned long long>(cnps),
              b["min_gap_ns"].get<double>(), b["queue_hwm_max"].get<unsigned>(),
              static_cast<unsigned long long>(b["queue_overflows"].get<uint64_t>()));
  EXPECT_EQ(r.summary["checks"]["np_budget_violations"].get<uint64_t>(), 0u);
  EXPECT_EQ(b["budget_ns"].get<double>(), 1000.0);
  // the NP counts whole ns (the simulator rounds its time to the ns for the blocks)
  EXPECT_GE(b["min_gap_ns"].get<double>(), 999.0);
  EXPECT_LE(cnps, 20000u + 1u);  // one receiving NIC, 20 ms: at most one CNP per us
  EXPECT_GT(cnps, 15000u);       // ... and the budget is what limits them
  EXPECT_EQ(b["queue_hwm_max"].get<unsigned>(), 32u);
  EXPECT_GT(b["queue_overflows"].get<uint64_t>(), 0u);
}

// ---------------------------------------------------------------- tcd_victim

namespace {

struct VictimRun {
  double victim_gbps = 0;      // VS -> VR, second half
  uint64_t victim_ce = 0, victim_ue = 0;
  uint64_t congested_ce = 0, congested_ue = 0;  // H11-H14, H31, H32
  double victim_paused_us = 0;  // VS's own port, paused by T1
  uint64_t pauses = 0;
  double jain_congested = 0;   // over the six flows to R, second half
};

VictimRun run_victim(bool tcd, int ecmp_seed) {
  const std::string tag = std::string("tcd_") + (tcd ? "on" : "off") + "_" + std::to_string(ecmp_seed);
  const SimRun r = sim(tag, "tcd_victim",
                       std::string("--engine ref --duration 40 --set switch.ecn.tcd=") +
                           (tcd ? "true" : "false") + " --set ecmp_seed=" + std::to_string(ecmp_seed));
  expect_checks_ok(r);
  EXPECT_EQ(r.summary["drops"]["lossless"].get<uint64_t>(), 0u) << tag;
  VictimRun v;
  double s1 = 0, s2 = 0;
  int n = 0;
  for (const json& f : r.flows) {
    const double x = f["second_half_tput_gbps"].get<double>();
    if (f["src"] == "VS") {
      v.victim_gbps = x;
      v.victim_ce = f["ce_marks"].get<uint64_t>();
      v.victim_ue = f["ue_marks"].get<uint64_t>();
    } else {
      v.congested_ce += f["ce_marks"].get<uint64_t>();
      v.congested_ue += f["ue_marks"].get<uint64_t>();
      s1 += x;
      s2 += x * x;
      ++n;
    }
  }
  v.jain_congested = s1 * s1 / (n * s2);
  for (const json& p : r.summary["ports"])
    if (p["node"] == "VS") v.victim_paused_us = p["paused_us"].get<double>();
  v.pauses = r.summary["pause_frames"].get<uint64_t>();
  return v;
}

}  // namespace

TEST(TcdVictim, VictimSeesUndeterminedAndKeepsItsThroughput) {
  const std::vector<int> seeds = {1, 2, 3};  // ECMP placements
  std::printf("\n%5s %4s %10s %9s %9s %9s %9s %10s %8s %8s\n", "ecmp", "tcd", "victim_Gbps",
              "victim_CE", "victim_UE", "cong_CE", "cong_UE", "VS_paused", "pauses", "jain6");
  double sum_on = 0, sum_off = 0;
  for (int seed : seeds) {
    const VictimRun off = run_victim(false, seed), on = run_victim(true, seed);
    for (const auto* v : {&off, &on})
      std::printf("%5d %4s %10.2f %9llu %9llu %9llu %9llu %10.1f %8llu %8.4f\n", seed,
                  v == &on ? "on" : "off", v->victim_gbps,
                  static_cast<unsigned long long>(v->victim_ce),
                  static_cast<unsigned long long>(v->victim_ue),
                  static_cast<unsigned long long>(v->congested_ce),
                  static_cast<unsigned long long>(v->congested_ue), v->victim_paused_us,
                  static_cast<unsigned long long>(v->pauses), v->jain_congested);
    sum_on += on.victim_gbps;
    sum_off += off.victim_gbps;
    // Without TCD nothing is ever UE.
    EXPECT_EQ(off.victim_ue + off.congested_ue, 0u) << seed;
    // With TCD the victim's path is paused (its own port by T1) and its packets carry UE.
    EXPECT_GT(on.victim_paused_us, 0.0) << seed;
    EXPECT_GT(on.victim_ue, 0u) << seed;
    // The TCD authors' rule (CP TCD_CE_RULE 2, marking at dequeue): CE only where RED
    // would mark, and not while a queue drains after an undetermined period. The victim's
    // marks are almost all UE (at least 50 UE per CE) ...
    EXPECT_GT(on.victim_ue, 50 * on.victim_ce) << seed;
    // ... the congested flows get fewer CE than with RED alone (CE is withheld after ON-OFF
    // periods) ...
    EXPECT_LT(on.congested_ce, off.congested_ce) << seed;
    // ... PFC pauses less, since UE stops the senders' increase ...
    EXPECT_LT(on.pauses, off.pauses) << seed;
    // ... and the six flows to R still share the bottleneck (second half, 20-40 ms: with
    // re-timed pacing, seed 2 needs more than 10 ms to get there: Jain 0.73 over 10-20 ms,
    // 0.86 over 20-40 ms).
    EXPECT_GE(on.jain_congested, 0.8) << seed;
  }
  const double mean_on = sum_on / seeds.size(), mean_off = sum_off / seeds.size();
  std::printf("victim mean over the ECMP seeds: TCD %.2f Gb/s, without %.2f Gb/s\n", mean_on, mean_off);
  // Per placement the victim's rate moves either way (README, "TCD and the victim flow");
  // over seeds 1-3 TCD does not slow it down.
  EXPECT_GE(mean_on, mean_off);
}
