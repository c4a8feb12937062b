// SPDX-License-Identifier: MIT
#include "network.h"

#include <fnmatch.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <queue>
#include <stdexcept>

#include "nic.h"
#include "profiles.h"
#include "regmap.h"
#include "switch.h"

using namespace sc_core;

namespace dcqcn::net {

namespace {

uint32_t pow2_at_least(uint32_t n) {
  uint32_t p = 2;
  while (p < n) p <<= 1;
  return p;
}

uint64_t mix64(uint64_t x) {  // murmur3 finaliser
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

std::string fmt6(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.6f", v);
  return b;
}

}  // namespace

Network::Network(const Scenario& s, const RunOptions& o) : sc_(s), opt_(o) { build(); }

Network::~Network() {
  if (tf_) sc_close_vcd_trace_file(tf_);
  if (flows_csv_) std::fclose(flows_csv_);
  if (queues_csv_) std::fclose(queues_csv_);
}

TraceSpec Network::trace_for(const std::string& instance) {
  TraceSpec t;
  if (!opt_.vcd.empty() && fnmatch(opt_.trace_filter.c_str(), instance.c_str(), 0) == 0) {
    t.path = opt_.vcd + "." + instance + ".part.vcd";
    vcd_parts_.emplace_back(instance, t.path);
  }
  return t;
}

// Network-level signals for the waveform: per switch port the data-class egress queue
// and pause state, per NIC its pause state, per flow the RP's current rate.
void Network::trace_network() {
  const std::string base = opt_.vcd + ".net.part";
  tf_ = sc_create_vcd_trace_file(base.c_str());
  tf_->set_time_unit(1, SC_PS);
  vcd_parts_.emplace_back("net", base + ".vcd");
  const unsigned pr = sc_.data_priority;
  for (Switch* sw : switches_)
    for (unsigned p = 0; p < sw->num_ports(); ++p) {
      const std::string n = std::string(sw->basename()) + "_p" + std::to_string(p);
      sc_trace(tf_, sw->egress_ref(p, pr), n + "_egress_bytes");
      sc_trace(tf_, sw->paused_ref(p, pr), n + "_paused");
    }
  for (Nic* nic : nics_) sc_trace(tf_, nic->paused_ref(0, pr), std::string(nic->basename()) + "_paused");
  for (const FlowInfo& f : flows_)
    sc_trace(tf_, f.rc_kbps, "flow" + std::to_string(f.gid) + "_rate_kbps");
}

const std::vector<uint16_t>& Network::routes(uint16_t sw, uint16_t dst) const {
  return routes_[sw][dst];
}

uint64_t Network::ecmp_hash(uint32_t flow, uint16_t sw) const {
  return mix64((static_cast<uint64_t>(flow) << 32) ^ (static_cast<uint64_t>(sw) << 16) ^
               (sc_.ecmp_seed * 0x9e3779b97f4a7c15ull));
}

void Network::build() {
  const size_t n = sc_.nodes.size();
  std::map<std::string, uint16_t> id;
  for (size_t i = 0; i < n; ++i) id[sc_.nodes[i].name] = static_cast<uint16_t>(i);
  node_kind_.resize(n);
  for (size_t i = 0; i < n; ++i) node_kind_[i] = sc_.nodes[i].kind == NodeSpec::Kind::SWITCH;

  // ports in order of the links
  std::vector<unsigned> nports(n, 0);
  struct L { uint16_t a, b; unsigned pa, pb; const LinkSpec* s; };
  std::vector<L> links;
  for (const LinkSpec& l : sc_.links) {
    const uint16_t a = id.at(l.a), b = id.at(l.b);
    links.push_back({a, b, nports[a]++, nports[b]++, &l});
  }

  // flows
  std::vector<std::vector<uint32_t>> tx(n), rx(n);
  for (const FlowSpec& f : sc_.flows) {
    for (uint32_t k = 0; k < f.count; ++k) {
      FlowInfo fi;
      fi.gid = static_cast<uint32_t>(flows_.size());
      fi.src = id.at(f.src);
      fi.dst = id.at(f.dst);
      fi.rp_idx = static_cast<uint32_t>(tx[fi.src].size());
      fi.np_idx = static_cast<uint32_t>(rx[fi.dst].size());
      fi.start_ns = f.start_us * 1000.0;
      // kb/s; a positive rate below 1 kb/s is 1 kb/s (0 would mean line rate), then the
      // RP clamps it to MIN_RATE.
      fi.start_rate_kbps = f.start_rate_gbps > 0
          ? static_cast<uint32_t>(std::max<long long>(1, std::llround(f.start_rate_gbps * 1e6))) : 0;
      fi.size_bytes = f.size_bytes;
      fi.total_pkts = (f.size_bytes + sc_.mtu_bytes - 1) / sc_.mtu_bytes;
      tx[fi.src].push_back(fi.gid);
      rx[fi.dst].push_back(fi.gid);
      flows_.push_back(fi);
    }
  }

  // nodes with their engines
  nodes_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const std::string& nm = sc_.nodes[i].name;
    if (node_kind_[i]) {
      auto cp = make_cp(opt_.engine, pow2_at_least(nports[i] * 8), trace_for(nm + ".cp"));
      auto* sw = new Switch(nm.c_str(), *this, static_cast<uint16_t>(i), nports[i], std::move(cp));
      switches_.push_back(sw);
      nodes_[i].reset(sw);
    } else {
      auto rp = make_rp(opt_.engine, pow2_at_least(static_cast<uint32_t>(tx[i].size())),
                        trace_for(nm + ".rp"));
      auto np = make_np(opt_.engine, pow2_at_least(static_cast<uint32_t>(rx[i].size())),
                        trace_for(nm + ".np"));
      auto* nic = new Nic(nm.c_str(), *this, static_cast<uint16_t>(i), tx[i], rx[i],
                          std::move(rp), std::move(np));
      nics_.push_back(nic);
      nodes_[i].reset(nic);
    }
  }
  // Random link loss: one generator per link direction, seeded from the scenario seed,
  // the link index and the direction (same seed, same losses; independent of the engine).
  auto loss_seed = [&](size_t link, unsigned dir) {
    return mix64(sc_.seed * 0x9e3779b97f4a7c15ull ^ (static_cast<uint64_t>(link) << 1 | dir));
  };
  for (size_t k = 0; k < links.size(); ++k) {
    const L& l = links[k];
    Node::connect(*nodes_[l.a], l.pa, *nodes_[l.b], l.pb, l.s->rate_gbps, l.s->delay_us,
                  l.s->loss, loss_seed(k, 0), loss_seed(k, 1));
  }

  compute_routes();
  configure_engines();
  if (!opt_.vcd.empty()) trace_network();
}

void Network::compute_routes() {
  const size_t n = nodes_.size();
  routes_.assign(n, std::vector<std::vector<uint16_t>>(n));
  for (size_t h = 0; h < n; ++h) {
    if (node_kind_[h]) continue;
    // BFS from the host; hosts are never transit nodes
    std::vector<int> dist(n, -1);
    std::queue<size_t> q;
    dist[h] = 0;
    q.push(h);
    while (!q.empty()) {
      const size_t u = q.front();
      q.pop();
      if (u != h && !node_kind_[u]) continue;
      for (unsigned p = 0; p < nodes_[u]->num_ports(); ++p) {
        const size_t v = nodes_[u]->peer(p)->id();
        if (dist[v] < 0) {
          dist[v] = dist[u] + 1;
          q.push(v);
        }
      }
    }
    for (size_t s = 0; s < n; ++s) {
      if (!node_kind_[s] || dist[s] < 0) continue;
      for (unsigned p = 0; p < nodes_[s]->num_ports(); ++p) {
        const size_t v = nodes_[s]->peer(p)->id();
        if (dist[v] == dist[s] - 1) routes_[s][h].push_back(static_cast<uint16_t>(p));
      }
    }
  }
  for (const FlowInfo& f : flows_) {
    const Node* src = nodes_[f.src].get();
    if (src->num_ports() != 1 || routes_[src->peer(0)->id()][f.dst].empty())
      throw ScenarioError(sc_.file + ": flow " + std::to_string(f.gid) + " from " +
                          sc_.nodes[f.src].name + " to " + sc_.nodes[f.dst].name +
                          ": no path; expected the two hosts to be connected through switches");
  }
}

void Network::configure_engines() {
  const auto writes = profile_writes(sc_.profile, sc_.profile_flows ? sc_.profile_flows
                                                                    : static_cast<unsigned>(flows_.size()));
  // Order: the profile, then the registers the simulator derives from the scenario (line
  // rate, MTU, TCD mode, LFSR seed), then the scenario's `registers` section, then the
  // switch.ecn keys. The loader rejects a `registers` entry that names a derived register
  // or one a switch.ecn key also writes, so no write here overrides another.
  for (const RegWrite& w : writes) {
    if (w.block == Block::NP && w.name == "CNP_INTERVAL_NS") np_interval_ns_ = w.value;
    if (w.block == Block::NP && w.name == "CNP_BUDGET_NS") np_budget_ns_ = w.value;
  }
  for (const RegisterSpec& r : sc_.registers) {
    if (r.block == Block::NP && r.reg == "CNP_INTERVAL_NS") np_interval_ns_ = r.value;
    if (r.block == Block::NP && r.reg == "CNP_BUDGET_NS") np_budget_ns_ = r.value;
  }
  for (Nic* nic : nics_) {
    for (const RegWrite& w : writes) {
      if (w.block == Block::RP) nic->rp().csr_write(w.addr, w.value, 0);
      if (w.block == Block::NP) nic->np().csr_write(w.addr, w.value, 0);
    }
    nic->rp().csr_write(reg_addr(Block::RP, "LINE_RATE_KBPS"),
                        static_cast<uint32_t>(nic->rate_gbps(0) * 1e6), 0);
    nic->rp().csr_write(reg_addr(Block::RP, "MTU_BYTES"), sc_.mtu_bytes + sc_.header_bytes, 0);
    if (sc_.sw.ecn.tcd) nic->np().csr_write(reg_addr(Block::NP, "MODE"), 1, 0);
    for (const RegisterSpec& r : sc_.registers) {
      if (r.block == Block::RP) nic->rp().csr_write(reg_addr(r.block, r.reg), r.value, 0);
      if (r.block == Block::NP) nic->np().csr_write(reg_addr(r.block, r.reg), r.value, 0);
    }
  }
  for (Switch* sw : switches_) {
    for (const RegWrite& w : writes)
      if (w.block == Block::CP) sw->cp().csr_write(w.addr, w.value, 0);
    for (const RegisterSpec& r : sc_.registers)
      if (r.block == Block::CP) sw->cp().csr_write(reg_addr(r.block, r.reg), r.value, 0);
    const EcnSpec& e = sc_.sw.ecn;
    if (e.kmin_bytes) sw->cp().csr_write(reg_addr(Block::CP, "KMIN_BYTES"), static_cast<uint32_t>(*e.kmin_bytes), 0);
    if (e.kmax_bytes) sw->cp().csr_write(reg_addr(Block::CP, "KMAX_BYTES"), static_cast<uint32_t>(*e.kmax_bytes), 0);
    if (e.pmax) sw->cp().csr_write(reg_addr(Block::CP, "PMAX_Q16"), static_cast<uint32_t>(std::lround(*e.pmax * 65536)), 0);
    if (e.tcd) sw->cp().csr_write(reg_addr(Block::CP, "MODE"), 1, 0);
    sw->cp().csr_write(reg_addr(Block::CP, "LFSR_SEED"),
                       static_cast<uint32_t>(sc_.seed * 2654435761u + sw->id()) | 1u, 0);
  }
}

void Network::sample() {
  const double t_us = now_ns() / 1000.0;
  const double dt_s = sc_.sample_us * 1e-6;
  for (FlowInfo& f : flows_) {
    const double tput = f.interval_bytes * 8.0 / dt_s / 1e9;
    f.samples_gbps.push_back(tput);
    f.interval_bytes = 0;
    std::fprintf(flows_csv_, "%s,%u,%s,%s,%s,%s,%s,%s\n", fmt6(t_us).c_str(), f.gid,
                 sc_.nodes[f.src].name.c_str(), sc_.nodes[f.dst].name.c_str(),
                 fmt6(f.rc_kbps / 1e6).c_str(), fmt6(f.rt_kbps / 1e6).c_str(),
                 fmt6(f.alpha_q16 / 65536.0).c_str(), fmt6(tput).c_str());
  }
  // A sample belongs to the *_after statistics when its whole interval is after stats_from_ms.
  const bool after = t_us - sc_.sample_us >= sc_.stats_from_ms * 1000.0 - 1e-6;
  samples_after_ += after;
  size_t k = 0;
  for (Switch* sw : switches_) {
    for (unsigned p = 0; p < sw->num_ports(); ++p, ++k) {
      const unsigned pr = sc_.data_priority;
      const uint64_t eg = sw->egress_bytes(p, pr);
      q_max_[k] = std::max(q_max_[k], eg);
      q_sum_[k] += eg;
      if (after) {
        q_max_after_[k] = std::max(q_max_after_[k], eg);
        q_sum_after_[k] += eg;
      }
      std::fprintf(queues_csv_, "%s,%s,%u,%u,%llu,%llu,%d\n", fmt6(t_us).c_str(), sw->basename(), p,
                   pr, static_cast<unsigned long long>(eg),
                   static_cast<unsigned long long>(sw->ingress_bytes(p, pr)), sw->paused(p, pr) ? 1 : 0);
    }
  }
  for (Nic* nic : nics_) {
    std::fprintf(queues_csv_, "%s,%s,0,%u,0,0,%d\n", fmt6(t_us).c_str(), nic->basename(),
                 sc_.data_priority, nic->paused(0, sc_.data_priority) ? 1 : 0);
  }
  ++samples_;
}

int Network::run() {
  std::filesystem::create_directories(opt_.out_dir);
  flows_csv_ = std::fopen((opt_.out_dir + "/flows.csv").c_str(), "w");
  queues_csv_ = std::fopen((opt_.out_dir + "/queues.csv").c_str(), "w");
  if (!flows_csv_ || !queues_csv_)
    throw std::runtime_error("cannot write to output directory '" + opt_.out_dir + "'");
  std::fprintf(flows_csv_, "time_us,flow,src,dst,rate_gbps,target_gbps,alpha,tput_gbps\n");
  std::fprintf(queues_csv_, "time_us,node,port,prio,egress_bytes,ingress_bytes,paused\n");
  size_t nq = 0;
  for (Switch* sw : switches_) nq += sw->num_ports();
  q_max_.assign(nq, 0);
  q_sum_.assign(nq, 0);
  q_max_after_.assign(nq, 0);
  q_sum_after_.assign(nq, 0);

  const auto t0 = std::chrono::steady_clock::now();
  const double dur_ns = sc_.duration_ms * 1e6;
  const double step_ns = sc_.sample_us * 1000.0;
  const bool bar = opt_.progress && isatty(2);
  double t = 0;
  int last_pct = -1;
  while (t + step_ns <= dur_ns + 1e-6) {
    sc_start(sc_time(step_ns, SC_NS));
    t += step_ns;
    sample();
    const int pct = static_cast<int>(100 * t / dur_ns);
    const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (bar && pct != last_pct && el > 1.0) {
      std::fprintf(stderr, "\r[%-40s] %3d%%  %.1f ms simulated, %.1f s", std::string(pct * 40 / 100, '#').c_str(),
                   pct, t / 1e6, el);
      last_pct = pct;
    }
  }
  if (t < dur_ns - 1e-6) sc_start(sc_time(dur_ns - t, SC_NS));  // a last partial interval: not sampled
  if (bar && last_pct >= 0) std::fprintf(stderr, "\n");
  for (auto& nd : nodes_) nd->finish(now_ns());
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fflush(flows_csv_);
  std::fflush(queues_csv_);
  std::string report;
  nlohmann::json cj;
  const bool ok = checks(report, cj);
  write_summary(wall, cj);
  if (!report.empty()) std::fprintf(stderr, "%s", report.c_str());
  return ok ? 0 : 1;
}

bool Network::checks(std::string& report, nlohmann::json& j) {
  bool ok = true;
  uint64_t queued = 0, standing = 0, xoff = 0, xon = 0;
  for (Switch* sw : switches_) {
    queued += sw->data_queued();
    standing += sw->xoff_standing();
    xoff += sw->xoff_sent_total();
    xon += sw->xon_sent_total();
  }
  const uint64_t on_wire = static_cast<uint64_t>(cnt_.wire[0]);
  // Every DATA frame a NIC injected (retransmissions included) was accepted in order,
  // discarded by its receiver (out of order, duplicate), dropped by a switch or lost on a
  // link, or is still queued or on a wire.
  const bool conserved = cnt_.data_injected == cnt_.data_delivered + cnt_.data_discarded +
                                                   cnt_.drops_data + cnt_.drops_link + queued + on_wire;
  j["conservation"] = {{"injected", cnt_.data_injected}, {"delivered", cnt_.data_delivered},
                       {"discarded", cnt_.data_discarded}, {"dropped", cnt_.drops_data},
                       {"link_loss", cnt_.drops_link}, {"queued", queued}, {"on_wire", on_wire},
                       {"ok", conserved}};
  if (!conserved) {
    ok = false;
    report += "CHECK FAILED: packet conservation: injected " + std::to_string(cnt_.data_injected) +
              " != delivered " + std::to_string(cnt_.data_delivered) + " + discarded " +
              std::to_string(cnt_.data_discarded) + " + dropped " + std::to_string(cnt_.drops_data) +
              " + link loss " + std::to_string(cnt_.drops_link) + " + queued " +
              std::to_string(queued) + " + on the wire " + std::to_string(on_wire) + "\n";
  }
  j["lossless_drops"] = cnt_.drops_lossless;
  j["nic_rx_overflows"] = cnt_.nic_overflows;
  if (cnt_.nic_overflows)
    report += "WARNING: " + std::to_string(cnt_.nic_overflows) +
              " packets arrived at a full NIC receive buffer: nic.rx_buffer_bytes leaves less "
              "than the headroom the PAUSE needs\n";
  if (cnt_.drops_lossless)
    report += "WARNING: " + std::to_string(cnt_.drops_lossless) +
              " packets dropped in a lossless class: the headroom (switch.pfc.headroom_bytes) "
              "cannot absorb what is in flight while PAUSE takes effect\n";
  j["buffer_accounting_ok"] = cnt_.buffer_violations == 0;
  if (cnt_.buffer_violations) {
    ok = false;
    report += "CHECK FAILED: buffer accounting went negative or above capacity " +
              std::to_string(cnt_.buffer_violations) + " times\n";
  }
  const bool pfc_ok = xoff == xon + standing;
  j["pfc"] = {{"xoff_sent", xoff}, {"xon_sent", xon}, {"xoff_standing_at_end", standing},
              {"ok", pfc_ok}};
  if (!pfc_ok) {
    ok = false;
    report += "CHECK FAILED: " + std::to_string(xoff) + " XOFF but " + std::to_string(xon) +
              " XON and " + std::to_string(standing) + " still standing\n";
  }
  // Pacing (pacing_check.h): no data departure later than its flow's bound plus the time
  // its port was busy or paused since; the first packet of a flow (or after INIT) has none.
  PacingStats pc;
  for (const Nic* nic : nics_) pc.add(nic->pacing_stats());
  j["pacing"] = {{"departures_checked", pc.checked}, {"violations", pc.violations},
                 {"worst_ns", pc.worst_ns}, {"tolerance_ns", PacingCheck::kTolNs},
                 {"history_truncated", pc.truncated}, {"retimed", pc.retimed},
                 {"ok", pc.violations == 0}};
  if (pc.violations) {
    ok = false;
    char b[256];
    std::snprintf(b, sizeof b,
                  "CHECK FAILED: pacing: %llu of %llu data departures left more than %.0f ns after "
                  "their flow's bound, not explained by a busy or paused port (worst %.1f ns)\n",
                  static_cast<unsigned long long>(pc.violations),
                  static_cast<unsigned long long>(pc.checked), PacingCheck::kTolNs, pc.worst_ns);
    report += b;
  }
  j["np_interval_violations"] = cnt_.np_min_gap_violations;
  if (cnt_.np_min_gap_violations) {
    ok = false;
    report += "CHECK FAILED: the NP sent " + std::to_string(cnt_.np_min_gap_violations) +
              " CNPs closer than its interval to the previous one of the same flow\n";
  }
  j["np_budget_violations"] = cnt_.np_budget_violations;
  if (cnt_.np_budget_violations) {
    ok = false;
    report += "CHECK FAILED: a NIC sent " + std::to_string(cnt_.np_budget_violations) +
              " CNPs closer than NP_CNP_BUDGET_NS to its previous CNP\n";
  }
  j["ok"] = ok;
  return ok;
}

namespace {
double mean(const std::vector<double>& v, size_t from) {
  if (v.size() <= from) return 0;
  double s = 0;
  for (size_t i = from; i < v.size(); ++i) s += v[i];
  return s / static_cast<double>(v.size() - from);
}
}  // namespace

void Network::write_summary(double wall_s, const nlohmann::json& checks) {
  using nlohmann::json;
  json j;
  j["scenario"] = sc_.name;
  j["file"] = sc_.file;
  j["engine"] = opt_.engine == EngineKind::RTL ? "rtl" : "ref";
  j["seed"] = sc_.seed;
  j["profile"] = sc_.profile;
  j["duration_ms"] = sc_.duration_ms;
  j["stats_from_ms"] = sc_.stats_from_ms;
  j["wall_s"] = wall_s;
  j["simulated_packets"] = cnt_.packets;
  j["packets_per_wall_s"] = wall_s > 0 ? cnt_.packets / wall_s : 0.0;
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  j["peak_rss_kb"] = ru.ru_maxrss;
  // Every register as read back through the CSR bus at the end of the run: RP and NP of
  // the first NIC, CP of the first switch (the profile, derived and `registers` writes
  // go to every block of a kind alike, except LINE_RATE_KBPS and LFSR_SEED).
  json regs = json::object();
  if (!nics_.empty()) {
    for (const auto& d : kRpRegs) regs["RP_" + std::string(d.name)] = nics_[0]->rp().csr_read(d.addr, now_ns());
    for (const auto& d : kNpRegs) regs["NP_" + std::string(d.name)] = nics_[0]->np().csr_read(d.addr, now_ns());
  }
  if (!switches_.empty())
    for (const auto& d : kCpRegs) regs["CP_" + std::string(d.name)] = switches_[0]->cp().csr_read(d.addr, now_ns());
  j["registers"] = regs;
  // The NP's CNP budget queue, over all NICs (read through the CSR bus): the highest
  // high-water mark, the CNPs dropped (queue full), and the smallest gap between two
  // CNPs of one NIC (the budget: at least NP_CNP_BUDGET_NS).
  {
    uint32_t hwm = 0;
    uint64_t ovf = 0;
    double gap = 1e300;
    for (Nic* nic : nics_) {
      hwm = std::max(hwm, nic->np().csr_read(kNpStatus[NP_CNPQ_HWM].addr, now_ns()));
      ovf += nic->np().csr_read(kNpStatus[NP_CNPQ_OVERFLOWS].addr, now_ns());
      gap = std::min(gap, nic->min_cnp_gap_ns());
    }
    j["cnp_budget"] = {{"budget_ns", np_budget_ns_},
                       {"queue_hwm_max", hwm},
                       {"queue_overflows", ovf},
                       {"min_gap_ns", gap < 1e300 ? json(gap) : json(nullptr)}};
  }
  const size_t half = samples_ / 2;
  // the first sample whose whole interval is after stats_from_ms (as the *_after port stats)
  const size_t after = static_cast<size_t>(std::ceil(sc_.stats_from_ms * 1000.0 / sc_.sample_us - 1e-9));
  json fl = json::array();
  std::vector<double> x;
  for (const FlowInfo& f : flows_) {
    const size_t first = static_cast<size_t>(f.start_ns / (sc_.sample_us * 1000.0));
    json e = {{"flow", f.gid}, {"src", sc_.nodes[f.src].name}, {"dst", sc_.nodes[f.dst].name},
              {"mean_tput_gbps", mean(f.samples_gbps, first)},
              {"second_half_tput_gbps", mean(f.samples_gbps, std::max(first, half))},
              {"tput_gbps_after", mean(f.samples_gbps, std::max(first, after))},
              {"sent_bytes", f.sent_bytes}, {"delivered_bytes", f.delivered_bytes},
              {"cnps_sent_by_np", f.cnps_sent}, {"cnps_received_by_rp", f.cnps_received},
              {"final_rate_gbps", f.rc_kbps / 1e6},
              {"retransmitted_bytes", f.retransmitted_bytes}, {"discarded_pkts", f.discarded_pkts},
              {"naks_sent", f.naks_sent}, {"timeouts", f.timeouts}, {"ce_marks", f.ce_marks}, {"ue_marks", f.ue_marks}};
    if (f.size_bytes) e["fct_us"] = f.finish_ns >= 0 ? (f.finish_ns - f.start_ns) / 1000.0 : -1.0;
    fl.push_back(e);
    if (f.start_ns < sc_.duration_ms * 1e6 / 2) x.push_back(mean(f.samples_gbps, std::max(first, half)));
  }
  j["flows"] = fl;
  double s1 = 0, s2 = 0;
  for (double v : x) { s1 += v; s2 += v * v; }
  j["jain_second_half"] = x.empty() || s2 == 0 ? 1.0 : s1 * s1 / (static_cast<double>(x.size()) * s2);
  j["drops"] = {{"lossless", cnt_.drops_lossless}, {"lossy", cnt_.drops_lossy},
                {"link_loss", cnt_.drops_link}};
  j["gbn"] = {{"nak_latency_us", sc_.nic.nak_latency_us}, {"nak_timeout_us", sc_.nic.nak_timeout_us},
              {"rto_us", sc_.nic.rto_us}};
  j["ecn_marks"] = cnt_.ecn_marks;
  j["ue_marks"] = cnt_.ue_marks;
  j["cnps_sent"] = cnt_.cnps_sent;
  j["cnps_received"] = cnt_.cnps_received;
  json ports = json::array();
  size_t k = 0;
  uint64_t qmax = 0, pauses = 0;
  for (auto& nd : nodes_) {
    const bool is_sw = node_kind_[nd->id()];
    for (unsigned p = 0; p < nd->num_ports(); ++p) {
      const PortStats& st = nd->port_stats(p);
      json e = {{"node", nd->basename()}, {"port", p}, {"peer", nd->peer(p)->basename()},
                {"pause_frames_sent", st.pfc_sent}, {"pause_frames_received", st.pfc_rx},
                {"paused_us", st.paused_ns / 1000.0}, {"tx_frames", st.tx_frames}};
      if (is_sw) {
        e["max_queue_bytes"] = q_max_[k];
        e["mean_queue_bytes"] = samples_ ? static_cast<double>(q_sum_[k]) / samples_ : 0.0;
        e["max_queue_bytes_after"] = q_max_after_[k];
        e["mean_queue_bytes_after"] =
            samples_after_ ? static_cast<double>(q_sum_after_[k]) / samples_after_ : 0.0;
        const auto& sw = static_cast<const Switch&>(*nd);
        e["dequeued_data_after"] = sw.delay_count(p);
        e["mean_queue_delay_us_after"] = sw.delay_count(p) ? sw.delay_sum_ns(p) / sw.delay_count(p) / 1000.0 : 0.0;
        qmax = std::max(qmax, q_max_[k]);
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
  for (Nic* n : nics_) cycles += n->rp().cycles() + n->np().cycles();
  for (Switch* s : switches_) cycles += s->cp().cycles();
  j["rtl_cycles"] = cycles;
  j["checks"] = checks;
  std::ofstream(opt_.out_dir + "/summary.json") << j.dump(2) << "\n";

  // the table
  std::printf("%-6s %-10s %-10s %12s %12s %10s\n", "flow", "src", "dst", "tput_gbps", "2nd_half", "cnps_rx");
  for (const json& e : fl)
    std::printf("%-6u %-10s %-10s %12.3f %12.3f %10llu\n", e["flow"].get<unsigned>(),
                e["src"].get<std::string>().c_str(), e["dst"].get<std::string>().c_str(),
                e["mean_tput_gbps"].get<double>(), e["second_half_tput_gbps"].get<double>(),
                static_cast<unsigned long long>(e["cnps_received_by_rp"].get<uint64_t>()));
  std::printf("jain(2nd half) %.4f   max queue %llu B   PFC pauses %llu   CNPs %llu   marks %llu   "
              "drops %llu/%llu   pacing late %llu (worst %.1f ns)   %s engine, %.2f s wall, %llu packets\n",
              j["jain_second_half"].get<double>(), static_cast<unsigned long long>(qmax),
              static_cast<unsigned long long>(pauses), static_cast<unsigned long long>(cnt_.cnps_sent),
              static_cast<unsigned long long>(cnt_.ecn_marks),
              static_cast<unsigned long long>(cnt_.drops_lossless),
              static_cast<unsigned long long>(cnt_.drops_lossy),
              static_cast<unsigned long long>(checks["pacing"]["violations"].get<uint64_t>()),
              checks["pacing"]["worst_ns"].get<double>(), j["engine"].get<std::string>().c_str(),
              wall_s, static_cast<unsigned long long>(cnt_.packets));
}

}  // namespace dcqcn::net
