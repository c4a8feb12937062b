// SPDX-License-Identifier: MIT
// The DCQCN fluid model (SIGCOMM'15 section 5, equations 5-9; docs/network.md), extended
// to N flows with their own Rc, Rt and alpha that share one bottleneck queue q and its
// marking probability p(q), as the paper does for two flows (Fig. 10-13):
//
//   p(t)      RED on q: 0 (q <= Kmin), Pmax (q - Kmin)/(Kmax - Kmin), 1 (q > Kmax)    (5)
//   dq/dt     = sum_i Rc_i(t) - C, q >= 0                                               (6)
//   dalpha_i  = g/tau' ((1 - (1-p*)^(tau' Rc_i*)) - alpha_i)                            (7)
//   dRt_i     = -(Rt_i - Rc_i)/tau (1 - (1-p*)^(tau Rc_i*))
//               + R_AI Rc_i* (1-p*)^(F B) p* / ((1-p*)^-B - 1)
//               + R_AI Rc_i* (1-p*)^(F T Rc_i*) p* / ((1-p*)^(-T Rc_i*) - 1)           (8)
//   dRc_i     = -Rc_i cut(alpha_i)/tau (1 - (1-p*)^(tau Rc_i*))
//               + (Rt_i - Rc_i)/2 Rc_i* p* / ((1-p*)^-B - 1)
//               + (Rt_i - Rc_i)/2 Rc_i* p* / ((1-p*)^(-T Rc_i*) - 1)                   (9)
//
// x* = x(t - tau*) (tau*: control-loop delay, a delay line of tau*/dt steps). Rates in
// the exponents are in packets per second and B in packets (bytes / packet size), so
// tau Rc is the number of packets in tau; p is a per-packet probability. cut(alpha) =
// min(alpha / 2^CUT_SHIFT, MAX_CUT) (the paper: alpha/2). tau = the NP's CNP interval N
// (when N is below one packet time at line rate, a CNP per marked packet: the CNP rate
// is Rc* p*), tau' = the alpha period K.
//
// Parameters come from tb/ref/profiles.h profile_writes(name): the same register values
// the RTL is loaded with, converted to physical units. What the model leaves out, as the
// paper does: hyper increase, the rate-reduce monitor period, first-CNP rate and the
// target-clamp variants (a cut always sets Rt = Rc), PFC. Added: Rc and Rt never exceed
// the line rate and Rc never falls below the minimum rate (the RP's registers).
//
// Integrator: explicit (forward) Euler with a fixed step dt (default 0.1 us, --step-us);
// the delayed terms read the stored history tau*/dt steps back (before t = 0: the
// initial state). A flow that has not started has Rc = 0 and no dynamics; it starts in the
// RP's initial state (tb/ref/rp_start.h, the one definition the packet model uses too):
// Rc = Rt = its line rate (or its start rate), alpha = ALPHA_INIT, and alpha holds there
// until the flow's first CNP, taken as the time its expected CNP count (the integral of
// its CNP rate) reaches 1; from then on equation (7) applies.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace dcqcn::analysis {

struct FluidFlow {
  std::string src = "h1", dst = "r";
  double start_us = 0;
  double line_gbps = 40;
  double start_rate_gbps = 0;  // Rc at start (Rt = line); 0 = line rate, as the packet NICs
};

struct FluidModelParams {  // physical units
  double g = 1.0 / 256, alpha_init = 1;
  double alpha_period_us = 55;   // tau' (K)
  double timer_us = 55;          // T
  double byte_counter_bytes = 10e6;  // B
  double f_steps = 5;            // F
  double ai_gbps = 0.04;         // R_AI
  double min_rate_gbps = 0.1;
  double cut_scale = 0.5;        // 1 / 2^CUT_SHIFT
  double max_cut = 1.0;          // MAX_CUT_Q16 / 65536
  double cnp_interval_us = 50;   // tau (N)
  double kmin_bytes = 5000, kmax_bytes = 200000, pmax = 0.01;
};

// The profile's registers in physical units (throws std::invalid_argument for an
// unknown profile, and for a DCQCN+ profile (ALGO 1): the model covers DCQCN only).
FluidModelParams fluid_params_from_profile(const std::string& profile, unsigned flows);
// Register values in physical units: rp, np and cp are indexed as the register tables
// tb/ref/regmap_{rp,np,cp}.h (RP_NUM_REGS, NP_NUM_REGS, CP_NUM_REGS entries).
FluidModelParams fluid_params_from_registers(const uint32_t* rp, const uint32_t* np, const uint32_t* cp);

struct FluidConfig {
  std::string profile = "paper";
  FluidModelParams m;
  std::vector<FluidFlow> flows;
  double capacity_gbps = 40;     // C
  double packet_bytes = 1062;    // mtu 1000 + 62 header, as the scenarios
  double duration_ms = 100;
  double sample_us = 100;
  double step_us = 0.1;
  double tau_star_us = 4;        // control-loop delay
  std::string queue_node = "sw";
  unsigned queue_port = 0;
  unsigned queue_prio = 3;
  std::string scenario;          // file, when built from one
};

struct FluidSample {
  double t_us;
  std::vector<double> rc, rt, alpha;  // Gb/s, Gb/s, 1
  double q_bytes, p;
};

struct FluidResult {
  std::vector<FluidSample> samples;
};

// Throws std::invalid_argument (one line) for bad settings.
FluidResult run_fluid(const FluidConfig& c);

// Metrics over a run (also written to summary.json).
struct FluidMetrics {
  std::vector<double> mean_second_half_gbps;  // from max(start, half of the run)
  std::vector<double> final_window_gbps;      // mean over the last 10 % of the run
  double final_gap = 0;      // (max - min) / max of final_window_gbps
  // gap = (max - min) / max of the flows' Rc at a sample
  double min_gap_after_settle = 0;  // min gap over the samples from the last start + 1 ms
                                    // (past the join, when both flows are still at line rate)
  double converged_at_us = -1;      // first sample after which the gap stays <= 10 % (-1: never)
  double jain_second_half = 1;
  double q_mean_second_half = 0, q_max = 0, p_mean_second_half = 0;
};
FluidMetrics fluid_metrics(const FluidConfig& c, const FluidResult& r);

// flows.csv and queues.csv (the packet simulation's columns) and summary.json into dir.
void write_fluid_outputs(const FluidConfig& c, const FluidResult& r, const std::string& dir);

}  // namespace dcqcn::analysis
