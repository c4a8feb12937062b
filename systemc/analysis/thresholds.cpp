// SPDX-License-Identifier: MIT
#include "thresholds.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "engine_config.h"
#include "profiles.h"
#include "regmap.h"
#include "scenario.h"
#include "wire.h"

namespace dcqcn::analysis {

namespace {

std::string fmt(const char* f, double a) {
  char b[128];
  std::snprintf(b, sizeof b, f, a);
  return b;
}

}  // namespace

double t_flight_bytes(double mtu_bytes, double rate_gbps, double cable_delay_us,
                      double pfc_response_us) {
  return 2.0 * mtu_bytes + rate_gbps * 1e9 * (2.0 * cable_delay_us + pfc_response_us) * 1e-6 / 8.0;
}

Thresholds compute_thresholds(const ThresholdParams& p) {
  if (!(p.buffer_bytes > 0)) throw std::invalid_argument("--buffer-bytes must be > 0");
  if (p.ports == 0) throw std::invalid_argument("--ports must be >= 1");
  if (p.priorities == 0 || p.priorities > 8) throw std::invalid_argument("--priorities must be 1..8");
  if (!(p.mtu_bytes > 0)) throw std::invalid_argument("--mtu-bytes must be > 0");
  if (!(p.rate_gbps > 0)) throw std::invalid_argument("--rate-gbps must be > 0");
  if (!(p.cable_delay_us >= 0)) throw std::invalid_argument("cable delay must be >= 0");
  if (!(p.pfc_response_us >= 0)) throw std::invalid_argument("--pfc-response-us must be >= 0");
  if (!(p.beta > 0)) throw std::invalid_argument("--beta must be > 0");
  Thresholds t{};
  t.t_flight = p.t_flight_bytes ? *p.t_flight_bytes
                                : t_flight_bytes(p.mtu_bytes, p.rate_gbps, p.cable_delay_us, p.pfc_response_us);
  if (!(t.t_flight >= 0)) throw std::invalid_argument("--t-flight-bytes must be >= 0");
  const double pn = static_cast<double>(p.priorities) * p.ports;
  const double n = p.ports;
  t.shared = p.buffer_bytes - pn * t.t_flight;
  if (t.shared <= 0)
    throw std::invalid_argument("the headroom (" + fmt("%.0f", pn) + " x t_flight " + fmt("%.0f", t.t_flight) +
                                " B) takes the whole buffer of " + fmt("%.0f", p.buffer_bytes) + " B");
  t.t_pfc_static = t.shared / pn;
  t.t_ecn_static = t.t_pfc_static / n;
  t.t_pfc_dyn_empty = p.beta * t.shared / p.priorities;
  t.t_ecn_dynamic = p.beta * t.shared / (pn * (p.beta + 1));
  return t;
}

std::string format_thresholds(const ThresholdParams& p, const Thresholds& t) {
  std::string s;
  auto row = [&](const std::string& name, double bytes, const std::string& how) {
    char b[256];
    std::snprintf(b, sizeof b, "  %-28s %12.0f B %10.3f KB   %s\n", name.c_str(), bytes, bytes / 1000.0, how.c_str());
    s += b;
  };
  char h[512];
  std::snprintf(h, sizeof h,
                "buffer B = %.0f B, n = %u ports, P = %u priorities, MTU %.0f B, C = %g Gb/s, "
                "cable %g us (%g m), PFC response %g us, beta %g\n",
                p.buffer_bytes, p.ports, p.priorities, p.mtu_bytes, p.rate_gbps, p.cable_delay_us,
                p.cable_delay_us * 1000.0 / 5.0, p.pfc_response_us, p.beta);
  s += h;
  row("t_flight (headroom)", t.t_flight,
      p.t_flight_bytes ? "given (--t-flight-bytes)" : "2 MTU + C (2 d_cable + t_resp) / 8");
  row("shared pool", t.shared, "B - P n t_flight");
  row("t_PFC static", t.t_pfc_static, "(B - P n t_flight) / (P n)");
  row("t_ECN bound, static", t.t_ecn_static, "t_ECN < t_PFC / n (paper prints 0.85 KB)");
  row("t_PFC dynamic, empty buffer", t.t_pfc_dyn_empty, "beta (B - P n t_flight - s) / P at s = 0");
  row("t_ECN bound, dynamic", t.t_ecn_dynamic, "t_ECN < beta (B - P n t_flight) / (P n (beta + 1))");
  if (t.t_ecn_static < p.mtu_bytes) s += "  note: the static t_ECN bound is below one MTU: infeasible, use the dynamic threshold\n";
  return s;
}

namespace {
struct SwitchPorts {
  unsigned n = 0;
  double rate = 0, delay = 0;
};

std::map<std::string, SwitchPorts> switch_ports(const net::Scenario& sc) {
  std::map<std::string, SwitchPorts> m;
  for (const net::NodeSpec& nd : sc.nodes)
    if (nd.kind == net::NodeSpec::Kind::SWITCH) m[nd.name];
  for (const net::LinkSpec& l : sc.links)
    for (const std::string* e : {&l.a, &l.b})
      if (auto it = m.find(*e); it != m.end()) {
        ++it->second.n;
        it->second.rate = std::max(it->second.rate, l.rate_gbps);
        it->second.delay = std::max(it->second.delay, l.delay_us);
      }
  return m;
}
}  // namespace

std::vector<std::pair<std::string, unsigned>> switch_port_counts(const net::Scenario& s) {
  std::vector<std::pair<std::string, unsigned>> v;
  for (const auto& [name, p] : switch_ports(s)) v.emplace_back(name, p.n);
  return v;
}

double wire_frame_bytes(const net::Scenario& s) {
  return static_cast<double>(s.mtu_bytes) + s.header_bytes + net::kWireOverheadBytes;
}

double headroom_needed(const net::Scenario& s) {
  double hdrm = 0;
  for (const auto& [name, p] : switch_ports(s))
    if (p.n) hdrm = std::max(hdrm, t_flight_bytes(wire_frame_bytes(s), p.rate, p.delay, s.sw.pfc.response_ns / 1000.0));
  return std::ceil(hdrm);
}

std::string derive_thresholds(net::Scenario& s) {
  const auto ports = switch_ports(s);
  const double hdrm = headroom_needed(s);
  double tpfc = 1e300;
  for (const auto& [name, p] : ports) {
    if (!p.n) continue;
    const double shared = static_cast<double>(s.sw.buffer_bytes) - 8.0 * p.n * hdrm;
    if (shared <= 0) {
      char b[256];
      std::snprintf(b, sizeof b,
                    "switch %s: 8 priorities x %u ports x t_flight %.0f B = %.0f B exceed switch.buffer_bytes %llu; "
                    "expected a larger buffer or fewer ports",
                    name.c_str(), p.n, hdrm, 8.0 * p.n * hdrm, static_cast<unsigned long long>(s.sw.buffer_bytes));
      return b;
    }
    tpfc = std::min(tpfc, shared / (8.0 * p.n));
  }
  if (tpfc == 1e300) return "the scenario has no switch with a link";
  s.sw.pfc.headroom_bytes = static_cast<uint64_t>(hdrm);
  s.sw.pfc.t_pfc_bytes = static_cast<uint64_t>(std::floor(tpfc));
  return "";
}

std::vector<std::string> check_scenario(const net::Scenario& sc, std::vector<std::string>* notes) {
  std::vector<std::string> w;
  const net::SwitchSpec& sw = sc.sw;
  // Kmin: what the CP is loaded with (the profile's, or the scenario's switch.ecn or
  // registers override; net/engine_config.h).
  const double kmin = static_cast<double>(
      net::final_value(net::register_writes(sc, Block::CP), Block::CP, "KMIN_BYTES"));
  const double frame = wire_frame_bytes(sc);
  std::map<std::string, unsigned> ports;
  std::map<std::string, double> rate, delay;
  for (const auto& [name, p] : switch_ports(sc)) {
    ports[name] = p.n;
    rate[name] = p.rate;
    delay[name] = p.delay;
  }
  const std::string where = sc.file.empty() ? sc.name : sc.file;
  if (!sw.ecn.enabled) {
    if (notes) notes->push_back("ECN is disabled (switch.ecn.enabled: false): PFC is the only congestion signal");
    return w;
  }
  for (const auto& [name, n] : ports) {
    if (n == 0) continue;
    const double P = 8;  // the simulator reserves headroom for 8 priorities per port
    const double need = t_flight_bytes(frame, rate[name], delay[name], sw.pfc.response_ns / 1000.0);
    const double per = static_cast<double>(sw.pfc.headroom_bytes + sw.pfc.reserved_bytes);
    const double shared = static_cast<double>(sw.buffer_bytes) - P * n * per;
    char b[512];
    if (notes) {
      std::snprintf(b, sizeof b,
                    "switch %s: n = %u ports, B = %llu B, headroom %llu B (formula %.0f B at %g Gb/s, "
                    "%g us, %.0f B frames), ECN Kmin %.0f B, PFC %s",
                    name.c_str(), n, static_cast<unsigned long long>(sw.buffer_bytes),
                    static_cast<unsigned long long>(sw.pfc.headroom_bytes), need, rate[name], delay[name],
                    frame, kmin, !sw.pfc.enabled ? "off" : sw.pfc.mode == net::PfcSpec::Mode::STATIC ? "static" : "dynamic");
      notes->push_back(b);
    }
    // A headroom below t_flight is the loader's warning (switch.pfc.headroom_bytes, with
    // its line); headroom and reservations that take the whole buffer are its error.
    if (!sw.pfc.enabled || shared <= 0) continue;
    if (sw.pfc.mode == net::PfcSpec::Mode::STATIC) {
      const double tp = static_cast<double>(sw.pfc.t_pfc_bytes);
      const double tmax = shared / (P * n);
      if (tp > tmax) {
        std::snprintf(b, sizeof b,
                      "%s: switch %s: static t_PFC %.0f B > (B - 8 n t_flight) / (8 n) = %.0f B: the buffer is "
                      "oversubscribed",
                      where.c_str(), name.c_str(), tp, tmax);
        w.push_back(b);
      }
      if (kmin >= tp / n) {
        std::snprintf(b, sizeof b,
                      "%s: switch %s: ECN Kmin %.0f B >= t_PFC / n = %.0f / %u = %.0f B: PFC can fire before ECN "
                      "(static threshold)",
                      where.c_str(), name.c_str(), kmin, tp, n, tp / n);
        w.push_back(b);
      }
    } else {
      const double beta = sw.pfc.beta;
      const double bound = beta * shared / (P * n * (beta + 1));
      if (kmin >= bound) {
        std::snprintf(b, sizeof b,
                      "%s: switch %s: ECN Kmin %.0f B >= beta (B - 8 n t_flight) / (8 n (beta + 1)) = %.0f B "
                      "(beta %g, n %u): PFC can fire before ECN",
                      where.c_str(), name.c_str(), kmin, bound, beta, n);
        w.push_back(b);
      }
    }
  }
  return w;
}

}  // namespace dcqcn::analysis
