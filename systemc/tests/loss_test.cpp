// SPDX-License-Identifier: MIT
// DCQCN paper section 7, Fig. 21: non-congestion loss and go-back-N. One 40 Gb/s flow
// h1 -> sw -> r (systemc/scenarios/loss_sweep.yaml, PFC + DCQCN paper profile) with
// random loss on the h1 -> sw link, at 0.001 %, 0.01 %, 0.1 % and 1 %. Each run is its own
// dcqcn-sim process (reference engine); the assertions are on summary.json.
//
// The physics (a renewal argument): every packet is lost independently with probability
// p. After a loss the sender keeps sending until the NAK has come back and its firmware
// has rewound the flow, so one loss costs W packets of sending: the lost one and all that
// follow it until the rewind,
//   W = (t_detect + nak_latency) / t_pkt + 1,
// with t_pkt = (1062 B frame + 20 B preamble/IFG) x 8 / 40 Gb/s = 216.4 ns and t_detect =
// 3 t_pkt + 4 x 1 us + 2 x 17.2 ns (the next packet's last bit reaches r through the
// store-and-forward switch, the 66 B NAK + 20 B comes back over two 1 us links) plus on
// average half a packet for the frame on the wire when the rewind happens. Between losses (1 - p) / p packets get through,
// so the goodput fraction is
//   G(p) / G(0) = (1 - p) / (1 - p + p W).
// With the default nak_latency of 20 us, W = 115.6: 99.9 % at 0.001 %, 98.9 % at 0.01 %,
// 89.6 % at 0.1 %, 46.1 % at 1 %: the collapse past 0.1 % is p W reaching 1, i.e. one
// loss per (RTT + NAK latency) worth of packets. The model ignores a lost retransmission
// (probability p per loss, then the receiver's NAK timeout decides), which costs about
// p x nak_timeout / t_pkt more packets per loss: 1 % of the loss cost at 1 %. The goodput
// measured is mean_tput_gbps (frame bytes): a lossless link carries 40 x 1062 / 1082 =
// 39.26 Gb/s of frames (the wire model, docs/network.md).
#include "sim_run.h"

#include <cmath>

using namespace simtest;

namespace {

SimRun sim(const std::string& tag, const std::string& args) {
  return simtest::sim(tag, "loss_sweep", PAPER_ENGINE + args);
}

constexpr double kLineGbps = 40;
constexpr double kFrameBytes = 1062;    // mtu_bytes 1000 + header_bytes 62
constexpr double kPktWireBytes = 1082;  // + preamble, SFD and IFG (20 B)
constexpr double kNakWireBytes = 86;    // a 66 B NAK + 20 B
constexpr double kDurationMs = 200;  // ~945,000 packets: ~9 losses at 0.001 %

double model_fraction(double p, double nak_latency_us) {
  const double t_pkt_us = kPktWireBytes * 8 / (kLineGbps * 1e3);
  const double t_detect_us = 3 * t_pkt_us + 4 * 1.0 + 2 * (kNakWireBytes * 8 / (kLineGbps * 1e3)) + 0.5 * t_pkt_us;
  const double w = (t_detect_us + nak_latency_us) / t_pkt_us + 1;
  return (1 - p) / (1 - p + p * w);
}

}  // namespace

TEST(LossSweep, GoBackNGoodputCollapsesPastAboutPointOnePercent) {
  const std::vector<double> rates = {1e-5, 1e-4, 1e-3, 1e-2};
  std::vector<double> goodput;
  char dur[32];
  std::snprintf(dur, sizeof dur, "%g", kDurationMs);
  for (double p : rates) {
    char tag[64], val[32];
    std::snprintf(val, sizeof val, "%g", p);
    std::snprintf(tag, sizeof tag, "loss_%g", p);
    const SimRun r = sim(tag, std::string("--set links.0.loss=") + val + " --duration " + dur);
    ASSERT_EQ(r.rc, 0) << r.err;
    const json& s = r.summary;
    ASSERT_TRUE(s["checks"]["ok"].get<bool>()) << s["checks"].dump();
    ASSERT_TRUE(s["checks"]["conservation"]["ok"].get<bool>()) << s["checks"].dump();
    ASSERT_EQ(r.flows.size(), 1u);
    const json& f = r.flows[0];
    const double g = f["mean_tput_gbps"].get<double>();
    const double lat = s["gbn"]["nak_latency_us"].get<double>();
    const double model = kLineGbps * kFrameBytes / kPktWireBytes * model_fraction(p, lat);
    const uint64_t injected = s["checks"]["conservation"]["injected"].get<uint64_t>();
    const uint64_t lost = s["drops"]["link_loss"].get<uint64_t>();
    const double lost_expect = p * static_cast<double>(injected);
    std::printf("loss %-7g seed %llu: goodput %7.3f Gb/s (model %7.3f, nak_latency %g us), "
                "%llu of %llu packets lost (expected %.1f), %llu B retransmitted, %llu NAKs, "
                "%llu timeouts, %llu switch drops\n  command: %s\n",
                p, static_cast<unsigned long long>(s["seed"].get<uint64_t>()), g, model, lat,
                static_cast<unsigned long long>(lost), static_cast<unsigned long long>(injected),
                lost_expect, static_cast<unsigned long long>(f["retransmitted_bytes"].get<uint64_t>()),
                static_cast<unsigned long long>(f["naks_sent"].get<uint64_t>()),
                static_cast<unsigned long long>(f["timeouts"].get<uint64_t>()),
                static_cast<unsigned long long>(s["drops"]["lossy"].get<uint64_t>() +
                                                s["drops"]["lossless"].get<uint64_t>()),
                r.cmd.c_str());
    // The link loses what it should: binomial, within 5 standard deviations.
    EXPECT_NEAR(static_cast<double>(lost), lost_expect, 5 * std::sqrt(lost_expect) + 1);
    // No other loss; an infinite flow never needs the tail timeout; every loss was NAKed
    // at most once per gap (a NAK per loss, fewer when a gap hides another).
    EXPECT_EQ(s["drops"]["lossy"].get<uint64_t>() + s["drops"]["lossless"].get<uint64_t>(), 0u);
    EXPECT_EQ(f["timeouts"].get<uint64_t>(), 0u);
    EXPECT_LE(f["naks_sent"].get<uint64_t>(), lost);
    if (lost > 0) EXPECT_GT(f["retransmitted_bytes"].get<uint64_t>(), 0u);
    // The renewal model within 5 %: its neglected terms are ~1 % (see the top).
    EXPECT_NEAR(g, model, 0.05 * model) << "loss " << p;
    goodput.push_back(g);
  }
  // 0.001 %: the link is practically lossless.
  EXPECT_GE(goodput[0], 0.9 * kLineGbps);
  // More loss never helps.
  for (size_t i = 1; i < goodput.size(); ++i)
    EXPECT_LE(goodput[i], goodput[i - 1]) << rates[i] << " vs " << rates[i - 1];
  // The collapse: at 1 % one loss comes every 100 packets, fewer than the W ~ 116 a loss
  // costs, so more than half the sending is wasted: below 60 % of the 0.01 % goodput.
  EXPECT_LT(goodput[3], 0.6 * goodput[1]);
}

// Same seed, same losses, same numbers; another seed, other losses.
TEST(LossSweep, SeededAndReproducible) {
  const SimRun a = sim("seed1a", "--set links.0.loss=0.001 --duration 10 --seed 1");
  const SimRun b = sim("seed1b", "--set links.0.loss=0.001 --duration 10 --seed 1");
  const SimRun c = sim("seed2", "--set links.0.loss=0.001 --duration 10 --seed 2");
  ASSERT_EQ(a.rc, 0) << a.err;
  ASSERT_EQ(b.rc, 0) << b.err;
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(a.flows, b.flows);
  EXPECT_EQ(a.summary["drops"], b.summary["drops"]);
  EXPECT_NE(a.flows, c.flows);  // other loss positions, other bytes
  std::printf("seed 1: %llu losses, seed 2: %llu losses\n",
              static_cast<unsigned long long>(a.summary["drops"]["link_loss"].get<uint64_t>()),
              static_cast<unsigned long long>(c.summary["drops"]["link_loss"].get<uint64_t>()));
}
