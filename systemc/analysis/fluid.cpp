// SPDX-License-Identifier: MIT
#include "fluid.h"

#include <utility>
#include <cstring>
#include <cerrno>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "profiles.h"
#include "regmap.h"
#include "rp_start.h"
#include "csv_format.h"

namespace dcqcn::analysis {

namespace {

// (1 - p)^x for p in [0, 1], x >= 0.
double pow1m(double p, double x) {
  if (x <= 0) return 1.0;
  if (p >= 1) return 0.0;
  return std::exp(x * std::log1p(-p));
}

// Rate of expiries of a counter that needs n packets in a row without a mark, at r
// packets/s: r p / ((1 - p)^-n - 1); r / n as p -> 0, 0 at p = 1.
double expiry_rate(double r, double p, double n) {
  if (r <= 0 || n <= 0) return 0.0;
  if (p <= 0) return r / n;
  if (p >= 1) return 0.0;
  const double d = std::expm1(-n * std::log1p(-p));
  if (!(d > 0) || std::isinf(d)) return 0.0;
  return r * p / d;
}

}  // namespace

FluidModelParams fluid_params_from_profile(const std::string& profile, unsigned flows) {
  uint32_t rp[RP_NUM_REGS], np[NP_NUM_REGS], cp[CP_NUM_REGS];
  for (unsigned i = 0; i < RP_NUM_REGS; ++i) rp[i] = kRpRegs[i].reset;
  for (unsigned i = 0; i < NP_NUM_REGS; ++i) np[i] = kNpRegs[i].reset;
  for (unsigned i = 0; i < CP_NUM_REGS; ++i) cp[i] = kCpRegs[i].reset;
  for (const RegWrite& w : profile_writes(profile, flows)) {
    if (w.block == Block::RP)
      for (unsigned i = 0; i < RP_NUM_REGS; ++i)
        if (kRpRegs[i].name == w.name) rp[i] = clamp_reg(kRpRegs[i], w.value);
    if (w.block == Block::NP)
      for (unsigned i = 0; i < NP_NUM_REGS; ++i)
        if (kNpRegs[i].name == w.name) np[i] = clamp_reg(kNpRegs[i], w.value);
    if (w.block == Block::CP)
      for (unsigned i = 0; i < CP_NUM_REGS; ++i)
        if (kCpRegs[i].name == w.name) cp[i] = clamp_reg(kCpRegs[i], w.value);
  }
  if (rp[RP_ALGO] != 0)
    throw std::invalid_argument("profile '" + profile +
                                "' uses the DCQCN+ reaction point (ALGO 1); the fluid model covers DCQCN only");
  return fluid_params_from_registers(rp, np, cp);
}

FluidModelParams fluid_params_from_registers(const uint32_t* rp, const uint32_t* np, const uint32_t* cp) {
  FluidModelParams m;
  m.g = rp[RP_G_Q16] / 65536.0;
  m.alpha_init = rp[RP_ALPHA_INIT_Q16] / 65536.0;
  m.alpha_period_us = rp[RP_ALPHA_PERIOD_NS] / 1000.0;
  m.timer_us = rp[RP_TIMER_PERIOD_NS] / 1000.0;
  m.byte_counter_bytes = rp[RP_BYTE_COUNTER_BYTES];
  m.f_steps = rp[RP_F_STEPS];
  m.ai_gbps = rp[RP_AI_RATE_KBPS] / 1e6;
  m.min_rate_gbps = rp[RP_MIN_RATE_KBPS] / 1e6;
  m.cut_scale = std::ldexp(1.0, -static_cast<int>(rp[RP_CUT_SHIFT]));
  m.max_cut = rp[RP_MAX_CUT_Q16] / 65536.0;
  m.cnp_interval_us = np[NP_CNP_INTERVAL_NS] / 1000.0;
  m.kmin_bytes = cp[CP_KMIN_BYTES];
  m.kmax_bytes = std::max(cp[CP_KMAX_BYTES], cp[CP_KMIN_BYTES]);  // Kmax < Kmin acts as Kmin
  m.pmax = cp[CP_PMAX_Q16] / 65536.0;
  return m;
}

FluidResult run_fluid(const FluidConfig& c) {
  const FluidModelParams& m = c.m;
  if (c.flows.empty()) throw std::invalid_argument("fluid: no flows");
  if (!(c.capacity_gbps > 0)) throw std::invalid_argument("fluid: capacity must be > 0 Gb/s");
  if (!(c.step_us > 0) || c.step_us > 10) throw std::invalid_argument("fluid: --step-us must be in (0, 10]");
  if (!(c.sample_us >= c.step_us)) throw std::invalid_argument("fluid: --sample-us must be >= the step");
  if (!(c.duration_ms > 0)) throw std::invalid_argument("fluid: --duration-ms must be > 0");
  if (!(c.tau_star_us >= 0)) throw std::invalid_argument("fluid: --tau-us must be >= 0");
  if (!(c.packet_bytes > 0)) throw std::invalid_argument("fluid: packet size must be > 0");
  if (c.duration_ms * 1000.0 / c.step_us > 2e9) throw std::invalid_argument("fluid: too many steps");
  for (const FluidFlow& f : c.flows) {
    if (!(f.line_gbps > 0)) throw std::invalid_argument("fluid: a flow's line rate must be > 0");
    if (!(f.start_us >= 0)) throw std::invalid_argument("fluid: start times must be >= 0");
  }
  const size_t n = c.flows.size();
  const double dt = c.step_us * 1e-6;
  const double S = c.packet_bytes;
  const double bits_pp = 8.0 * S;
  const double tau = m.cnp_interval_us * 1e-6;
  const double taup = m.alpha_period_us * 1e-6;
  const double T = m.timer_us * 1e-6;
  const double Bp = m.byte_counter_bytes / S;  // packets
  const double F = m.f_steps;
  const double C = c.capacity_gbps * 1e9;
  const double rai = m.ai_gbps * 1e9;
  const size_t d = static_cast<size_t>(std::llround(c.tau_star_us / c.step_us));
  const size_t H = d + 1;

  auto p_of = [&](double q) {
    if (q <= m.kmin_bytes) return 0.0;
    if (q > m.kmax_bytes) return 1.0;
    return m.pmax * (q - m.kmin_bytes) / (m.kmax_bytes - m.kmin_bytes);
  };

  std::vector<double> rc(n, 0), rt(n, 0), al(n, 0);  // b/s
  std::vector<bool> on(n, false);
  std::vector<double> p_hist(H, 0.0);
  std::vector<std::vector<double>> rc_hist(n, std::vector<double>(H, 0.0));
  double q = 0;
  // alpha_live[i]: the flow's alpha timer runs (its equation (7) applies). Before the
  // flow's first CNP it does not: alpha holds at its initial value (rp_start.h), and the
  // first CNP is when the flow's expected CNP count (the integral of its CNP rate) reaches 1.
  std::vector<bool> alpha_live(n, false);
  std::vector<double> cnps(n, 0.0);
  auto start_flows = [&](double t_us) {
    for (size_t i = 0; i < n; ++i)
      if (!on[i] && c.flows[i].start_us <= t_us + 1e-9) {
        on[i] = true;
        // The RP's initial state, in kb/s and Q16 as the RP's registers hold them.
        const auto kbps = [](double gbps) { return static_cast<uint32_t>(std::llround(gbps * 1e6)); };
        const uint32_t start = c.flows[i].start_rate_gbps > 0 ? std::max(1u, kbps(c.flows[i].start_rate_gbps)) : 0;
        const RpFlowStart f = rp_flow_start(kbps(c.flows[i].line_gbps), kbps(m.min_rate_gbps),
                                            static_cast<uint32_t>(std::llround(m.alpha_init * 65536.0)), start);
        rt[i] = f.rt_kbps * 1e3;
        rc[i] = f.rc_kbps * 1e3;
        al[i] = f.alpha_q16 / 65536.0;
        alpha_live[i] = f.alpha_timer;
        cnps[i] = 0;
      }
  };
  start_flows(0);
  for (size_t i = 0; i < n; ++i) std::fill(rc_hist[i].begin(), rc_hist[i].end(), 0.0);

  FluidResult res;
  const uint64_t steps = static_cast<uint64_t>(std::llround(c.duration_ms * 1000.0 / c.step_us));
  const uint64_t per_sample = std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(c.sample_us / c.step_us)));
  std::vector<double> drc(n), drt(n), dal(n);
  for (uint64_t k = 0; k < steps; ++k) {
    const double t_us = static_cast<double>(k) * c.step_us;
    start_flows(t_us);
    // history slot k % H holds the values at step k; the delayed values are at k - d
    const size_t now = k % H;
    const double pnow = p_of(q);
    p_hist[now] = pnow;
    for (size_t i = 0; i < n; ++i) rc_hist[i][now] = rc[i];
    const size_t past = (k >= d) ? (k - d) % H : H;  // H: before t = 0
    const double pd = past == H ? 0.0 : p_hist[past];
    double sum = 0;
    for (size_t i = 0; i < n; ++i) {
      if (!on[i]) { drc[i] = drt[i] = dal[i] = 0; continue; }
      sum += rc[i];
      const double rcd = past == H ? 0.0 : rc_hist[i][past];
      const double r = rcd / bits_pp;  // packets/s
      // CNP rate: probability of a mark within tau, per tau; a CNP per mark when tau is
      // below one packet time at line rate.
      double cnp;
      if (tau * c.flows[i].line_gbps * 1e9 / bits_pp < 1.0) cnp = r * pd;
      else cnp = (1.0 - pow1m(pd, tau * r)) / tau;
      const double bc = expiry_rate(r, pd, Bp);
      const double tm = (r > 0) ? expiry_rate(r, pd, T * r) : (1.0 / T);
      const double ai_b = pow1m(pd, F * Bp);
      const double ai_t = pow1m(pd, F * T * r);
      const double cut = std::min(al[i] * m.cut_scale, m.max_cut);
      if (!alpha_live[i]) {
        cnps[i] += cnp * dt;
        alpha_live[i] = cnps[i] >= 1.0;
      }
      dal[i] = alpha_live[i] ? m.g / taup * ((1.0 - pow1m(pd, taup * r)) - al[i]) : 0.0;
      drt[i] = -(rt[i] - rc[i]) * cnp + rai * (bc * ai_b + tm * ai_t);
      drc[i] = -rc[i] * cut * cnp + (rt[i] - rc[i]) / 2.0 * (bc + tm);
    }
    if (k % per_sample == 0 && k > 0) {
      FluidSample s{t_us, {}, {}, {}, q, pnow};
      for (size_t i = 0; i < n; ++i) {
        s.rc.push_back(rc[i] / 1e9);
        s.rt.push_back(on[i] ? rt[i] / 1e9 : 0.0);
        s.alpha.push_back(on[i] ? al[i] : 0.0);
      }
      res.samples.push_back(std::move(s));
    }
    for (size_t i = 0; i < n; ++i) {
      if (!on[i]) continue;
      const double line = c.flows[i].line_gbps * 1e9;
      const double lo = std::min(m.min_rate_gbps * 1e9, line);
      rc[i] = std::clamp(rc[i] + drc[i] * dt, lo, line);
      rt[i] = std::clamp(rt[i] + drt[i] * dt, lo, line);
      al[i] = std::clamp(al[i] + dal[i] * dt, 0.0, 1.0);
    }
    q = std::max(0.0, q + (sum - C) / 8.0 * dt);
  }
  // the last sample at t = duration
  {
    FluidSample s{static_cast<double>(steps) * c.step_us, {}, {}, {}, q, p_of(q)};
    for (size_t i = 0; i < n; ++i) {
      s.rc.push_back(rc[i] / 1e9);
      s.rt.push_back(on[i] ? rt[i] / 1e9 : 0.0);
      s.alpha.push_back(on[i] ? al[i] : 0.0);
    }
    if (steps % per_sample == 0) res.samples.push_back(std::move(s));
  }
  return res;
}

FluidMetrics fluid_metrics(const FluidConfig& c, const FluidResult& r) {
  FluidMetrics x;
  const size_t n = c.flows.size();
  const double end = c.duration_ms * 1000.0;
  double last_start = 0;
  for (const auto& f : c.flows) last_start = std::max(last_start, f.start_us);
  x.mean_second_half_gbps.assign(n, 0);
  x.final_window_gbps.assign(n, 0);
  std::vector<size_t> cnt(n, 0), cntf(n, 0);
  size_t qn = 0;
  x.min_gap_after_settle = 1e9;
  for (const FluidSample& s : r.samples) {
    x.q_max = std::max(x.q_max, s.q_bytes);
    if (s.t_us > end / 2) {
      x.q_mean_second_half += s.q_bytes;
      x.p_mean_second_half += s.p;
      ++qn;
    }
    double mx = 0, mn = 1e18;
    for (size_t i = 0; i < n; ++i) {
      if (s.t_us > std::max(c.flows[i].start_us, end / 2)) {
        x.mean_second_half_gbps[i] += s.rc[i];
        ++cnt[i];
      }
      if (s.t_us > 0.9 * end && s.t_us > c.flows[i].start_us) {
        x.final_window_gbps[i] += s.rc[i];
        ++cntf[i];
      }
      mx = std::max(mx, s.rc[i]);
      mn = std::min(mn, s.rc[i]);
    }
    const double gap = mx > 0 ? (mx - mn) / mx : 0;
    if (s.t_us >= last_start + 1000.0) x.min_gap_after_settle = std::min(x.min_gap_after_settle, gap);
    if (s.t_us >= last_start) {
      if (gap > 0.10) x.converged_at_us = -1;
      else if (x.converged_at_us < 0) x.converged_at_us = s.t_us;
    }
  }
  if (x.min_gap_after_settle > 1e8) x.min_gap_after_settle = 0;
  if (qn) { x.q_mean_second_half /= qn; x.p_mean_second_half /= qn; }
  double mx = 0, mn = 1e18, s1 = 0, s2 = 0;
  for (size_t i = 0; i < n; ++i) {
    if (cnt[i]) x.mean_second_half_gbps[i] /= cnt[i];
    if (cntf[i]) x.final_window_gbps[i] /= cntf[i];
    mx = std::max(mx, x.final_window_gbps[i]);
    mn = std::min(mn, x.final_window_gbps[i]);
    s1 += x.mean_second_half_gbps[i];
    s2 += x.mean_second_half_gbps[i] * x.mean_second_half_gbps[i];
  }
  x.final_gap = mx > 0 ? (mx - mn) / mx : 0;
  x.jain_second_half = s2 > 0 ? s1 * s1 / (static_cast<double>(n) * s2) : 1.0;
  return x;
}

void write_fluid_outputs(const FluidConfig& c, const FluidResult& r, const std::string& dir) {
  std::filesystem::create_directories(dir);
  std::FILE* ff = std::fopen((dir + "/flows.csv").c_str(), "w");
  std::FILE* qf = std::fopen((dir + "/queues.csv").c_str(), "w");
  if (!ff || !qf) {
    if (ff) std::fclose(ff);
    if (qf) std::fclose(qf);
    throw std::runtime_error("cannot write to output directory '" + dir + "'");
  }
  std::fprintf(ff, "time_us,flow,src,dst,rate_gbps,target_gbps,alpha,tput_gbps\n");
  std::fprintf(qf, "time_us,node,port,prio,egress_bytes,ingress_bytes,paused\n");
  for (const FluidSample& s : r.samples) {
    for (size_t i = 0; i < c.flows.size(); ++i)
      std::fprintf(ff, "%s,%zu,%s,%s,%s,%s,%s,%s\n", fmt6(s.t_us).c_str(), i, c.flows[i].src.c_str(),
                   c.flows[i].dst.c_str(), fmt6(s.rc[i]).c_str(), fmt6(s.rt[i]).c_str(), fmt6(s.alpha[i]).c_str(),
                   fmt6(s.rc[i]).c_str());
    std::fprintf(qf, "%s,%s,%u,%u,%llu,0,0\n", fmt6(s.t_us).c_str(), c.queue_node.c_str(), c.queue_port,
                 c.queue_prio, static_cast<unsigned long long>(std::llround(s.q_bytes)));
  }
  for (const auto& [f, name] : {std::pair<std::FILE*, const char*>{ff, "/flows.csv"}, {qf, "/queues.csv"}}) {
    errno = 0;
    const bool bad = std::fflush(f) != 0 || std::ferror(f);
    const int e = errno;
    if (std::fclose(f) != 0 || bad)
      throw std::runtime_error(dir + name + ": write error: " + std::strerror(e ? e : errno ? errno : EIO) +
                               "; expected a writable file system with free space");
  }

  const FluidMetrics x = fluid_metrics(c, r);
  using nlohmann::json;
  json j;
  j["model"] = "fluid";
  if (!c.scenario.empty()) j["scenario"] = c.scenario;
  j["profile"] = c.profile;
  j["duration_ms"] = c.duration_ms;
  j["sample_us"] = c.sample_us;
  j["step_us"] = c.step_us;
  j["integrator"] = "explicit Euler";
  j["tau_star_us"] = c.tau_star_us;
  j["capacity_gbps"] = c.capacity_gbps;
  j["packet_bytes"] = c.packet_bytes;
  const FluidModelParams& m = c.m;
  j["params"] = {{"g", m.g}, {"alpha_init", m.alpha_init}, {"alpha_period_us", m.alpha_period_us},
                 {"timer_us", m.timer_us}, {"byte_counter_bytes", m.byte_counter_bytes}, {"f_steps", m.f_steps},
                 {"ai_gbps", m.ai_gbps}, {"min_rate_gbps", m.min_rate_gbps}, {"cut_scale", m.cut_scale},
                 {"max_cut", m.max_cut}, {"cnp_interval_us", m.cnp_interval_us}, {"kmin_bytes", m.kmin_bytes},
                 {"kmax_bytes", m.kmax_bytes}, {"pmax", m.pmax}};
  json fl = json::array();
  for (size_t i = 0; i < c.flows.size(); ++i)
    fl.push_back({{"flow", i}, {"src", c.flows[i].src}, {"dst", c.flows[i].dst}, {"start_us", c.flows[i].start_us},
                  {"second_half_tput_gbps", x.mean_second_half_gbps[i]},
                  {"final_window_rate_gbps", x.final_window_gbps[i]},
                  {"final_rate_gbps", r.samples.empty() ? 0.0 : r.samples.back().rc[i]},
                  {"final_alpha", r.samples.empty() ? 0.0 : r.samples.back().alpha[i]}});
  j["flows"] = fl;
  j["jain_second_half"] = x.jain_second_half;
  j["final_gap"] = x.final_gap;
  j["min_gap_after_settle"] = x.min_gap_after_settle;
  j["converged_within_10pct_at_us"] = x.converged_at_us;
  j["queue"] = {{"mean_second_half_bytes", x.q_mean_second_half}, {"max_bytes", x.q_max},
                {"final_bytes", r.samples.empty() ? 0.0 : r.samples.back().q_bytes},
                {"p_mean_second_half", x.p_mean_second_half}};
  const std::string path = dir + "/summary.json";
  std::ofstream out(path);
  out << j.dump(2) << "\n";
  out.close();
  if (!out) throw std::runtime_error(path + ": write error; expected a writable file system with free space");
}

}  // namespace dcqcn::analysis
