// SPDX-License-Identifier: MIT
// Switch buffer thresholds (DCQCN SIGCOMM'15 section 4; docs/network.md): the PFC headroom
// t_flight, the static PFC threshold t_PFC, and the bounds on the ECN threshold t_ECN
// (Kmin) that make ECN fire before PFC, statically and with the Trident II dynamic
// threshold (beta).
//
// Units: bytes and seconds; KB in the printed table is 1000 bytes, as in the paper.
//
// t_flight (headroom per port and priority). The paper takes 22.4 KB at 40 Gb/s with a
// 1500 B MTU from Cisco's PFC guidelines without the split; we use the IEEE 802.1Qbb
// (Annex N) structure:
//     t_flight = 2 * MTU + C * (2 * d_cable + t_resp) / 8
//   2 * MTU : the frame the switch is sending when it decides to pause (the PAUSE waits
//             behind it) and the frame the upstream has begun when the PAUSE arrives
//             (a frame cannot be aborted);
//   2 * d_cable * C / 8 : bytes on the wire, both directions (PAUSE going up, data
//             coming down), d_cable = cable length * 5 ns/m (fibre, c / 1.5);
//   t_resp * C / 8 : what the upstream keeps sending while it processes the PAUSE (PFC
//             response time, interface and MAC-control delays lumped together).
// The defaults (d_cable = 1 us, i.e. 200 m or the scenarios' default link delay, and
// t_resp = 1.88 us) are chosen so that 40 Gb/s and 1500 B give the paper's 22.4 KB
// exactly; the paper does not say how its 22.4 KB splits.
//
// With P priorities and n ports (paper: P = 8):
//   static   t_PFC   = (B - P n t_flight) / (P n)
//   static   t_ECN   < t_PFC / n     worst case: the packets pending on all n egress
//                                     queues at t_ECN came from one ingress queue, which
//                                     must not reach t_PFC first (t_PFC > n t_ECN)
//   dynamic  t_PFC   = beta (B - P n t_flight - s) / P, s = bytes in the shared buffer
//            t_ECN   < beta (B - P n t_flight) / (P n (beta + 1))
//                     just before ECN fires anywhere the ingress queue holds n t_ECN and
//                     the shared buffer s = P n t_ECN (every egress queue of every
//                     priority at t_ECN); n t_ECN < beta (B - P n t_flight - P n t_ECN)/P
//                     gives the bound; with P = 8 it is the paper's formula.
#pragma once
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace dcqcn::net {
struct Scenario;
}

namespace dcqcn::analysis {

struct ThresholdParams {
  double buffer_bytes = 12e6;      // B (Trident II: 12 MB)
  unsigned ports = 32;             // n
  unsigned priorities = 8;         // P
  double mtu_bytes = 1500;         // frame size on the wire
  double rate_gbps = 40;           // C
  double cable_delay_us = 1.0;     // one-way propagation d_cable
  double pfc_response_us = 1.88;   // t_resp
  double beta = 8;                 // dynamic threshold factor
  std::optional<double> t_flight_bytes;  // given directly instead of the formula
};

struct Thresholds {
  double t_flight;        // bytes, per (port, priority)
  double shared;          // B - P n t_flight (bytes)
  double t_pfc_static;    // bytes
  double t_ecn_static;    // upper bound, bytes
  double t_pfc_dyn_empty; // dynamic t_PFC with an empty buffer (s = 0)
  double t_ecn_dynamic;   // upper bound, bytes
};

// t_flight by the formula above (ignores p.t_flight_bytes).
double t_flight_bytes(double mtu_bytes, double rate_gbps, double cable_delay_us,
                      double pfc_response_us);

// Throws std::invalid_argument (one line) for parameters that make no sense, e.g. a
// headroom that leaves no shared buffer.
Thresholds compute_thresholds(const ThresholdParams& p);

// The table `dcqcn-sim thresholds` prints.
std::string format_thresholds(const ThresholdParams& p, const Thresholds& t);

// The frame as the link carries it: mtu_bytes + header_bytes + preamble/SFD/IFG (20 B).
double wire_frame_bytes(const net::Scenario& s);
// Each switch of the scenario (by name) and its number of ports (links).
std::vector<std::pair<std::string, unsigned>> switch_port_counts(const net::Scenario& s);
// The largest t_flight of any switch (its fastest link, longest cable, wire frames and
// switch.pfc.response_ns), rounded up: what switch.pfc.headroom_bytes needs.
double headroom_needed(const net::Scenario& s);

// Checks a scenario's switch settings against the bounds (per switch, with its own port
// count, 8 priorities as the simulator's buffer accounting uses): one line per problem,
// empty when PFC cannot fire before ECN. `notes` receives the numbers used, one line
// per switch.
// switch.pfc.derive_thresholds: sets s.sw.pfc.headroom_bytes to the largest t_flight of
// any switch (its fastest link, longest cable, the scenario's frame size and PFC response
// time) and t_pfc_bytes to the smallest static (B - 8 n t_flight) / (8 n) over the
// switches (n = ports). Returns "" or what makes it impossible (headroom > buffer).
std::string derive_thresholds(net::Scenario& s);

std::vector<std::string> check_scenario(const net::Scenario& s, std::vector<std::string>* notes = nullptr);

}  // namespace dcqcn::analysis
