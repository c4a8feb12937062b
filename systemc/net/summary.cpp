// SPDX-License-Identifier: MIT
#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "nic.h"
#include "regmap.h"
#include "report.h"
#include "sim_time.h"
#include "switch.h"

namespace dcqcn::net {

namespace {
double mean(const std::vector<double>& v, size_t from) {
  if (v.size() <= from) return 0;
  double s = 0;
  for (size_t i = from; i < v.size(); ++i) s += v[i];
  return s / static_cast<double>(v.size() - from);
}
}  // namespace

void write_summary(const RunResult& r, const std::string& out_dir, double wall_s,
                   const nlohmann::json& checks) {
  const Scenario& sc = r.sc;
  const Counters& cnt = r.ctx.counters;
  const std::vector<Sampler::QueueStats>& q = r.sampler.queues();
  const uint64_t samples = r.sampler.samples(), samples_after = r.sampler.samples_after();
  using nlohmann::json;
  json j;
  j["scenario"] = sc.name;
  j["file"] = sc.file;
  j["engine"] = r.engine == EngineKind::RTL ? "rtl" : "ref";
  j["seed"] = sc.seed;
  j["profile"] = sc.profile;
  j["duration_ms"] = sc.duration_ms;
  j["stats_from_ms"] = sc.stats_from_ms;
  j["wall_s"] = wall_s;
  j["simulated_packets"] = cnt.packets;
  j["packets_per_wall_s"] = wall_s > 0 ? cnt.packets / wall_s : 0.0;
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  j["peak_rss_kb"] = ru.ru_maxrss;
  // Every register as read back through the CSR bus at the end of the run: RP and NP of
  // the first NIC, CP of the first switch (the profile, derived and `registers` writes
  // go to every block of a kind alike, except LINE_RATE_KBPS and LFSR_SEED).
  json regs = json::object();
  if (!r.nics.empty()) {
    for (const auto& d : kRpRegs) regs["RP_" + std::string(d.name)] = r.nics[0]->rp().csr_read(d.addr, now_ns());
    for (const auto& d : kNpRegs) regs["NP_" + std::string(d.name)] = r.nics[0]->np().csr_read(d.addr, now_ns());
  }
  if (!r.switches.empty())
    for (const auto& d : kCpRegs) regs["CP_" + std::string(d.name)] = r.switches[0]->cp().csr_read(d.addr, now_ns());
  j["registers"] = regs;
  // The NP's CNP budget queue, over all NICs (read through the CSR bus): the highest
  // high-water mark, the CNPs dropped (queue full), and the smallest gap between two
  // CNPs of one NIC (the budget: at least NP_CNP_BUDGET_NS).
  {
    uint32_t hwm = 0;
    uint64_t ovf = 0;
    double gap = 1e300;
    for (Nic* nic : r.nics) {
      hwm = std::max(hwm, nic->np().csr_read(kNpStatus[NP_CNPQ_HWM].addr, now_ns()));
      ovf += nic->np().csr_read(kNpStatus[NP_CNPQ_OVERFLOWS].addr, now_ns());
      gap = std::min(gap, nic->min_cnp_gap_ns());
    }
    j["cnp_budget"] = {{"budget_ns", r.np_budget_ns},
                       {"queue_hwm_max", hwm},
                       {"queue_overflows", ovf},
                       {"min_gap_ns", gap < 1e300 ? json(gap) : json(nullptr)}};
  }
  const size_t half = samples / 2;
  // the first sample whose whole interval is after stats_from_ms (as the *_after port stats)
  const size_t after = static_cast<size_t>(std::ceil(sc.stats_from_ms * 1000.0 / sc.sample_us - 1e-9));
  json fl = json::array();
  std::vector<double> x;
  for (const FlowInfo& f : r.ctx.flows) {
    const size_t first = static_cast<size_t>(f.start_ns / (sc.sample_us * 1000.0));
    json e = {{"flow", f.gid}, {"src", sc.nodes[f.src].name}, {"dst", sc.nodes[f.dst].name},
              {"mean_tput_gbps", mean(f.samples_gbps, first)},
              {"second_half_tput_gbps", mean(f.samples_gbps, std::max(first, half))},
              {"tput_gbps_after", mean(f.samples_gbps, std::max(first, after))},
              {"sent_bytes", f.sent_bytes}, {"delivered_bytes", f.delivered_bytes},
              {"cnps_sent_by_np", f.cnps_sent}, {"cnps_received_by_rp", f.cnps_received},
              {"final_rate_gbps", f.rc_kbps / 1e6},
              {"retransmitted_bytes", f.retransmitted_bytes}, {"discarded_pkts", f.discarded_pkts},
              {"naks_sent", f.naks_sent}, {"timeouts", f.timeouts}, {"ce_marks", f.ce_marks}, {"ue_marks", f.ue_marks}};
    // Goodput (payload) and wire rate (frames + preamble/IFG) of what the receiver
    // accepted, over the flow's time from its start to the end of the run (or its finish).
    {
      const double end_ns = f.size_bytes && f.finish_ns >= 0 ? f.finish_ns : sc.duration_ms * 1e6;
      const double t = std::max(end_ns - f.start_ns, 1.0);
      e["goodput_gbps"] = static_cast<double>(f.delivered_payload_bytes) * 8 / t;
      e["wire_gbps"] = static_cast<double>(f.delivered_bytes + f.delivered_pkts * kWireOverheadBytes) * 8 / t;
      e["delivered_payload_bytes"] = f.delivered_payload_bytes;
    }
    if (f.size_bytes) e["fct_us"] = f.finish_ns >= 0 ? (f.finish_ns - f.start_ns) / 1000.0 : -1.0;
    fl.push_back(e);
    if (f.start_ns < sc.duration_ms * 1e6 / 2) x.push_back(mean(f.samples_gbps, std::max(first, half)));
  }
  j["flows"] = fl;
  double s1 = 0, s2 = 0;
  for (double v : x) { s1 += v; s2 += v * v; }
  j["jain_second_half"] = x.empty() || s2 == 0 ? 1.0 : s1 * s1 / (static_cast<double>(x.size()) * s2);
  j["drops"] = {{"lossless", cnt.drops_lossless}, {"lossy", cnt.drops_lossy},
                {"link_loss", cnt.drops_link}};
  j["gbn"] = {{"nak_latency_us", sc.nic.nak_latency_us}, {"nak_timeout_us", sc.nic.nak_timeout_us},
              {"rto_us", sc.nic.rto_us}};
  j["ecn_marks"] = cnt.ecn_marks;
  j["ue_marks"] = cnt.ue_marks;
  j["cnps_sent"] = cnt.cnps_sent;
  j["cnps_received"] = cnt.cnps_received;
  json ports = json::array();
  size_t k = 0;
  uint64_t qmax = 0, pauses = 0;
  for (const auto& nd : r.nodes) {
    const bool is_sw = sc.nodes[nd->id()].kind == NodeSpec::Kind::SWITCH;
    for (unsigned p = 0; p < nd->num_ports(); ++p) {
      const PortStats& st = nd->port_stats(p);
      json e = {{"node", nd->basename()}, {"port", p}, {"peer", nd->peer(p)->basename()},
                {"pause_frames_sent", st.pfc_sent}, {"pause_frames_received", st.pfc_rx},
                {"paused_us", st.paused_ns / 1000.0}, {"tx_frames", st.tx_frames},
                // what the port sent over the run (frames started): the link's wire rate
                // (frames + preamble/IFG) and goodput (DATA payload), and its frame counts
                {"tx_wire_gbps", static_cast<double>(st.tx_wire_bytes) * 8 / (sc.duration_ms * 1e6)},
                {"tx_goodput_gbps", static_cast<double>(st.tx_payload_bytes) * 8 / (sc.duration_ms * 1e6)},
                {"tx_bytes", st.tx_bytes}, {"tx_wire_bytes", st.tx_wire_bytes},
                {"tx_payload_bytes", st.tx_payload_bytes}, {"tx_data_frames", st.tx_data},
                {"tx_cnp_frames", st.tx_cnp}, {"tx_ce_frames", st.tx_ce}};
      if (is_sw) {
        const auto& sw = static_cast<const Switch&>(*nd);
        // the true peak (every enqueue), not the largest sample: the same at any sample_us
        const uint64_t peak = sw.egress_peak(p, sc.data_priority);
        e["max_queue_bytes"] = peak;
        e["mean_queue_bytes"] = samples ? static_cast<double>(q[k].sum) / samples : 0.0;
        e["max_queue_bytes_after"] = q[k].max_after;
        e["mean_queue_bytes_after"] =
            samples_after ? static_cast<double>(q[k].sum_after) / samples_after : 0.0;
        e["dequeued_data_after"] = sw.delay_count(p);
        e["mean_queue_delay_us_after"] = sw.delay_count(p) ? sw.delay_sum_ns(p) / sw.delay_count(p) / 1000.0 : 0.0;
        qmax = std::max(qmax, peak);
        ++k;
      }
      pauses += st.pfc_sent;
      ports.push_back(e);
    }
  }
  j["ports"] = ports;
  j["max_queue_bytes"] = qmax;
  j["pause_frames"] = pauses;
  uint64_t cycles = 0;
  for (Nic* n : r.nics) cycles += n->rp().cycles() + n->np().cycles();
  for (Switch* s : r.switches) cycles += s->cp().cycles();
  j["rtl_cycles"] = cycles;
  j["checks"] = checks;
  std::ofstream(out_dir + "/summary.json") << j.dump(2) << "\n";

  // the table
  std::printf("%-6s %-10s %-10s %12s %12s %10s %10s %10s\n", "flow", "src", "dst", "tput_gbps", "2nd_half",
              "goodput", "wire_gbps", "cnps_rx");
  for (const json& e : fl)
    std::printf("%-6u %-10s %-10s %12.3f %12.3f %10.3f %10.3f %10llu\n", e["flow"].get<unsigned>(),
                e["src"].get<std::string>().c_str(), e["dst"].get<std::string>().c_str(),
                e["mean_tput_gbps"].get<double>(), e["second_half_tput_gbps"].get<double>(),
                e["goodput_gbps"].get<double>(), e["wire_gbps"].get<double>(),
                static_cast<unsigned long long>(e["cnps_received_by_rp"].get<uint64_t>()));
  std::printf("jain(2nd half) %.4f   max queue %llu B   PFC pauses %llu   CNPs %llu   marks %llu   "
              "drops %llu lossless / %llu lossy / %llu link loss   pacing late %llu (worst %.1f ns)   %s engine, %.2f s wall, %llu packets\n",
              j["jain_second_half"].get<double>(), static_cast<unsigned long long>(qmax),
              static_cast<unsigned long long>(pauses), static_cast<unsigned long long>(cnt.cnps_sent),
              static_cast<unsigned long long>(cnt.ecn_marks),
              static_cast<unsigned long long>(cnt.drops_lossless),
              static_cast<unsigned long long>(cnt.drops_lossy),
              static_cast<unsigned long long>(cnt.drops_link),
              static_cast<unsigned long long>(checks["pacing"]["violations"].get<uint64_t>()),
              checks["pacing"]["worst_ns"].get<double>(), j["engine"].get<std::string>().c_str(),
              wall_s, static_cast<unsigned long long>(cnt.packets));
}

}  // namespace dcqcn::net
