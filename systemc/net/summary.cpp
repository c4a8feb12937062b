// SPDX-License-Identifier: MIT
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "csv_format.h"
#include "nic.h"
#include "regmap.h"
#include "report.h"
#include "sim_time.h"
#include "switch.h"

namespace dcqcn::net {

namespace {

// A flow's mean throughput (Gb/s) over samples from..n-1 of n: delivered bytes at the end
// of sample n-1 less those at the start of sample `from` (at_from; 0 before the flow's
// start), over the time. 0 if there is no such sample.
double mean_gbps(uint64_t at_last, uint64_t at_from, uint64_t n, uint64_t from, double sample_us) {
  if (n <= from) return 0;
  return static_cast<double>(at_last - at_from) * 8.0 / (sample_us * 1e-6) / 1e9 /
         static_cast<double>(n - from);
}

struct FlowMeans {
  double mean = 0, second_half = 0, after = 0;
};

FlowMeans flow_means(const FlowInfo& f, const Scenario& sc, const Sampler& s) {
  const uint64_t n = s.samples(), half = s.half_index(), after = s.after_index();
  // the flow's first sample: the one its start falls in (it delivers nothing before)
  const uint64_t first = static_cast<uint64_t>(f.start_ns / (sc.sample_us * 1000.0));
  // before `first` the flow has delivered nothing, so at_half / at_after are 0 there too
  return {mean_gbps(f.delivered_at_last, 0, n, first, sc.sample_us),
          mean_gbps(f.delivered_at_last, f.delivered_at_half, n, std::max(first, half), sc.sample_us),
          mean_gbps(f.delivered_at_last, f.delivered_at_after, n, std::max(first, after), sc.sample_us)};
}

// Goodput (payload) and wire rate (frames + preamble/IFG) of what the receiver accepted,
// over the flow's time from its start to the end of the run (a sized flow: to its finish).
struct FlowRates {
  double goodput_gbps = 0, wire_gbps = 0;
};

FlowRates flow_rates(const FlowInfo& f, const RunResult& r) {
  const double run_end_ns = (r.interrupted ? r.simulated_ms : r.sc.duration_ms) * 1e6;
  const double end_ns = f.size_bytes && f.finish_ns >= 0 ? f.finish_ns : run_end_ns;
  const double t = std::max(end_ns - f.start_ns, 1.0);
  return {static_cast<double>(f.delivered_payload_bytes) * 8 / t,
          static_cast<double>(f.delivered_bytes + f.delivered_pkts * kWireOverheadBytes) * 8 / t};
}

// flow_results.csv: one row per flow (docs/network.md "Outputs").
void write_flow_results(const RunResult& r, const std::string& out_dir, std::vector<double>& second_half) {
  const Scenario& sc = r.sc;
  const std::string path = out_dir + "/flow_results.csv";
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
  std::fprintf(f,
               "flow,src,dst,start_us,size_bytes,mean_tput_gbps,second_half_tput_gbps,tput_gbps_after,"
               "sent_bytes,delivered_bytes,delivered_payload_bytes,goodput_gbps,wire_gbps,cnps_sent_by_np,cnps_received_by_rp,final_rate_gbps,"
               "retransmitted_bytes,discarded_pkts,naks_sent,timeouts,ce_marks,ue_marks,fct_us\n");
  second_half.clear();
  second_half.reserve(r.ctx.flows.size());
  CsvLine l;
  for (const FlowInfo& fl : r.ctx.flows) {
    const FlowMeans m = flow_means(fl, sc, r.sampler);
    second_half.push_back(m.second_half);
    l.u(fl.gid).s(sc.nodes[fl.src].name).s(sc.nodes[fl.dst].name).f6(fl.start_ns / 1000.0).u(fl.size_bytes);
    const FlowRates w = flow_rates(fl, r);
    l.f6(m.mean).f6(m.second_half).f6(m.after).u(fl.sent_bytes).u(fl.delivered_bytes);
    l.u(fl.delivered_payload_bytes).f6(w.goodput_gbps).f6(w.wire_gbps);
    l.u(fl.cnps_sent).u(fl.cnps_received).f6(fl.rc_kbps / 1e6).u(fl.retransmitted_bytes);
    l.u(fl.discarded_pkts).u(fl.naks_sent).u(fl.timeouts).u(fl.ce_marks).u(fl.ue_marks);
    if (fl.size_bytes) l.f6(fl.finish_ns >= 0 ? (fl.finish_ns - fl.start_ns) / 1000.0 : -1.0);
    else l.s("");  // an infinite flow has no completion time
    l.write(f);
  }
  const bool bad = std::ferror(f) != 0;
  if (std::fclose(f) != 0 || bad)
    throw std::runtime_error(path + ": write error: " + std::strerror(errno ? errno : EIO) +
                             "; expected a writable file system with free space");
}

// summary.json "state_bytes": the host memory of every per-flow container the run holds,
// capacity x element size (deterministic: no allocator or page overhead), by owner; and
// "state_bytes_per_flow", their total over the number of flows (docs/network.md).
nlohmann::json state_bytes(const RunResult& r) {
  size_t nics = 0, rp = 0, np = 0;
  for (Nic* n : r.nics) {
    nics += n->flow_state_bytes();
    rp += n->core().engine_state_bytes(NicBlock::RP);
    np += n->core().engine_state_bytes(NicBlock::NP);
  }
  const size_t table = r.ctx.flows.capacity() * sizeof(FlowInfo);
  const size_t sampler = r.sampler.flow_state_bytes() + r.sc.sampled_flows.capacity() * sizeof(uint32_t);
  return {{"flow_table", table}, {"nics", nics}, {"rp_engines", rp}, {"np_engines", np},
          {"sampler", sampler}, {"total", table + nics + rp + np + sampler}};
}

// The console table shows at most this many flows (flow_results.csv has every flow).
constexpr size_t kTableFlows = 32;

}  // namespace

void write_text(const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
  errno = 0;
  const bool bad = std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0;
  const int e = errno;
  if (std::fclose(f) != 0 || bad)
    throw std::runtime_error(path + ": write error: " + std::strerror(e ? e : errno ? errno : EIO) +
                             "; expected a writable file system with free space");
}

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
  // An interrupted run (SIGINT, SIGTERM) covers 0 .. simulated_ms only.
  j["interrupted"] = r.interrupted;
  j["simulated_ms"] = r.interrupted ? r.simulated_ms : sc.duration_ms;
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
    for (const auto& d : kRpRegs) regs["RP_" + std::string(d.name)] = r.nics[0]->core().csr_read(NicBlock::RP, d.addr, now_ns());
    for (const auto& d : kNpRegs) regs["NP_" + std::string(d.name)] = r.nics[0]->core().csr_read(NicBlock::NP, d.addr, now_ns());
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
      hwm = std::max(hwm, nic->core().csr_read(NicBlock::NP, kNpStatus[NP_CNPQ_HWM].addr, now_ns()));
      ovf += nic->core().csr_read(NicBlock::NP, kNpStatus[NP_CNPQ_OVERFLOWS].addr, now_ns());
      gap = std::min(gap, nic->min_cnp_gap_ns());
    }
    j["cnp_budget"] = {{"budget_ns", r.np_budget_ns},
                       {"queue_hwm_max", hwm},
                       {"queue_overflows", ovf},
                       {"min_gap_ns", gap < 1e300 ? json(gap) : json(nullptr)}};
  }
  // Per-flow results go to flow_results.csv, not here (a million flows would make this
  // file hundreds of MB); the summary keeps the aggregates.
  std::vector<double> second_half;
  write_flow_results(r, out_dir, second_half);
  j["num_flows"] = r.ctx.flows.size();
  j["flow_results"] = "flow_results.csv";
  j["sampled_flows"] = sc.sampled_flows.size();
  j["state_bytes"] = state_bytes(r);
  j["state_bytes_per_flow"] =
      r.ctx.flows.empty() ? 0.0 : j["state_bytes"]["total"].get<double>() / static_cast<double>(r.ctx.flows.size());
  std::vector<double> x;
  for (size_t i = 0; i < r.ctx.flows.size(); ++i)
    if (r.ctx.flows[i].start_ns < sc.duration_ms * 1e6 / 2) x.push_back(second_half[i]);
  double s1 = 0, s2 = 0;
  for (double v : x) { s1 += v; s2 += v * v; }
  j["jain_second_half"] = x.empty() || s2 == 0 ? 1.0 : s1 * s1 / (static_cast<double>(x.size()) * s2);
  j["drops"] = {{"lossless", cnt.drops_lossless}, {"lossy", cnt.drops_lossy},
                {"link_loss", cnt.drops_link}};
  j["retransmitted_pkts"] = cnt.data_retransmitted;
  j["gbn"] = {{"nak_latency_us", sc.nic.nak_latency_us}, {"nak_timeout_us", sc.nic.nak_timeout_us},
              {"rto_us", sc.nic.rto_us}, {"empty_grants", cnt.empty_grants}};
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
  for (Nic* n : r.nics) cycles += n->core().cycles();
  for (Switch* s : r.switches) cycles += s->cp().cycles();
  j["rtl_cycles"] = cycles;
  {
    // nic.core: top: the NIC tops' cycles by what started the drain (nic_core.h, TopCause);
    // cycle-exact, so the same on both engines
    TopDrains sum[static_cast<int>(TopCause::Count)];
    bool any = false;
    for (Nic* n : r.nics) {
      const TopDrains* d = n->core().top_drains();
      if (!d) continue;
      any = true;
      for (int c = 0; c < static_cast<int>(TopCause::Count); ++c) {
        sum[c].drains += d[c].drains;
        sum[c].cycles += d[c].cycles;
        sum[c].results += d[c].results;
      }
    }
    if (any) {
      nlohmann::json by = nlohmann::json::object();
      uint64_t total = 0;
      for (int c = 0; c < static_cast<int>(TopCause::Count); ++c) {
        by[top_cause_name(static_cast<TopCause>(c))] = {
            {"drains", sum[c].drains}, {"cycles", sum[c].cycles}, {"results", sum[c].results}};
        total += sum[c].cycles;
      }
      j["nic_top"] = {{"cycles", total}, {"by_cause", by}};
    }
  }
  {
    // the frame blocks (docs/network.md, "How frames are made in the simulation")
    uint64_t fc = 0;
    for (Nic* n : r.nics) fc += n->frame_cycles();
    for (Switch* s : r.switches) fc += s->frame_cycles();
    const Counters& c = r.ctx.counters;
    j["frames"] = {{"enabled", r.ctx.frames},
                   {"cnps_built", c.frame_cnps_built},
                   {"classified", c.frame_classified},
                   {"ce_marked", c.frame_ce_marked},
                   {"ue_rewritten", c.frame_ue_rewritten},
                   {"rtl_cycles", fc}};
  }
  j["checks"] = checks;
  write_text(out_dir + "/summary.json", j.dump(2) + "\n");


  // the table
  std::printf("%-6s %-10s %-10s %12s %12s %10s %10s %10s\n", "flow", "src", "dst", "tput_gbps", "2nd_half",
              "goodput", "wire_gbps", "cnps_rx");
  const size_t shown = std::min(r.ctx.flows.size(), kTableFlows);
  for (size_t i = 0; i < shown; ++i) {
    const FlowInfo& f = r.ctx.flows[i];
    const FlowMeans m = flow_means(f, sc, r.sampler);
    const FlowRates w = flow_rates(f, r);
    std::printf("%-6u %-10s %-10s %12.3f %12.3f %10.3f %10.3f %10llu\n", f.gid, sc.nodes[f.src].name.c_str(),
                sc.nodes[f.dst].name.c_str(), m.mean, m.second_half, w.goodput_gbps, w.wire_gbps,
                static_cast<unsigned long long>(f.cnps_received));
  }
  if (shown < r.ctx.flows.size())
    std::printf("... and %zu more flows: every flow is in %s/flow_results.csv\n", r.ctx.flows.size() - shown,
                out_dir.c_str());
  std::printf("jain(2nd half) %.4f   max queue %llu B   PFC pauses %llu   CNPs %llu   marks %llu   "
              "drops %llu lossless / %llu lossy / %llu link loss   retransmitted %llu   "
              "pacing late %llu (worst %.1f ns)   %s engine, %.2f s wall, %llu packets\n",
              j["jain_second_half"].get<double>(), static_cast<unsigned long long>(qmax),
              static_cast<unsigned long long>(pauses), static_cast<unsigned long long>(cnt.cnps_sent),
              static_cast<unsigned long long>(cnt.ecn_marks),
              static_cast<unsigned long long>(cnt.drops_lossless),
              static_cast<unsigned long long>(cnt.drops_lossy),
              static_cast<unsigned long long>(cnt.drops_link),
              static_cast<unsigned long long>(cnt.data_retransmitted),
              static_cast<unsigned long long>(checks["pacing"]["violations"].get<uint64_t>()),
              checks["pacing"]["worst_ns"].get<double>(), j["engine"].get<std::string>().c_str(),
              wall_s, static_cast<unsigned long long>(cnt.packets));
}

}  // namespace dcqcn::net
