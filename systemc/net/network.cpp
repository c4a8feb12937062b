// SPDX-License-Identifier: MIT
#include "network.h"

#include <fnmatch.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine_config.h"
#include "flow_start.h"
#include "hash.h"
#include "net_trace.h"
#include "nic.h"
#include "pcap.h"
#include "report.h"
#include "sim_time.h"
#include "switch.h"

using namespace sc_core;

namespace dcqcn::net {

namespace {

uint32_t pow2_at_least(uint32_t n) {
  uint32_t p = 2;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

Network::Network(const Scenario& s, const RunOptions& o)
    : sc_(s), opt_(o), topo_(sc_), sampler_(sc_, ctx_.flows, switches_, nics_) {
  ctx_.data_priority = sc_.data_priority;
  ctx_.cnp_priority = sc_.cnp_priority;
  ctx_.pfc_response_ns = sc_.sw.pfc.response_ns;
  build();
}

Network::~Network() = default;

TraceSpec Network::trace_for(const std::string& instance) {
  TraceSpec t;
  t.instance = instance;  // also the name a failed RTL check reports (verilator/dut.h)
  if (opt_.wave && fnmatch(opt_.trace_filter.c_str(), instance.c_str(), 0) == 0) {
    t.wave = opt_.wave;
    t.clock_ns = opt_.clock_ns;
    traced_.push_back(instance);
  }
  return t;
}

// Network-level signals for the waveform (net_trace.h): per switch port the data-class
// egress queue and pause state, named by the port's peer; per NIC its pause state; per
// flow (global id) the RP's current rate and its CE marks and CNPs.
void Network::trace_network() {
  net_trace_ = std::make_unique<NetTrace>(opt_.wave);
  const unsigned pr = sc_.data_priority;
  for (Switch* sw : switches_) {
    const size_t id = topo_.id(sw->basename());
    for (unsigned p = 0; p < sw->num_ports(); ++p) {
      const std::string sub = std::string(sw->basename()) + ".p" + std::to_string(p) + "_" +
                              sc_.nodes[topo_.ports(id)[p].peer].name;
      net_trace_->watch(sub, "egress_bytes", &sw->egress_ref(p, pr), 32);
      net_trace_->watch(sub, "paused", &sw->paused_ref(p, pr));
    }
  }
  for (Nic* nic : nics_) net_trace_->watch(nic->basename(), "paused", &nic->paused_ref(0, pr));
  for (const FlowInfo& f : ctx_.flows) {
    const std::string sub = "flows.f" + std::to_string(f.gid) + "_" + sc_.nodes[f.src].name + "_" +
                            sc_.nodes[f.dst].name;
    net_trace_->watch(sub, "rc_kbps", &f.rc_kbps, 32);
    net_trace_->watch(sub, "ce_marks", &f.ce_marks, 32);
    net_trace_->watch(sub, "cnps_received", &f.cnps_received, 32);
  }
}

std::string Network::wave_map() const {
  std::string s = "# dcqcn-sim waveform map: flows (global id = scenario order) and switch ports\n";
  s += "# flow <gid> <src> -> <dst>: <src>.rp flow index (s_evt_flow / m_out_flow), <dst>.np flow "
       "index, network scope\n";
  for (const FlowInfo& f : ctx_.flows) {
    const std::string src = sc_.nodes[f.src].name, dst = sc_.nodes[f.dst].name;
    s += "flow " + std::to_string(f.gid) + " " + src + " -> " + dst + ": " + src + ".rp flow " +
         std::to_string(f.rp_idx) + ", " + dst + ".np flow " + std::to_string(f.np_idx) +
         ", net.flows.f" + std::to_string(f.gid) + "_" + src + "_" + dst + "\n";
  }
  s += "# port <switch>.p<N> -> <peer> (peer port): <switch>.cp queue = N x 8 + priority; network scope\n";
  for (Switch* sw : switches_) {
    const size_t id = topo_.id(sw->basename());
    for (unsigned p = 0; p < sw->num_ports(); ++p) {
      const auto& port = topo_.ports(id)[p];
      const std::string peer = sc_.nodes[port.peer].name;
      s += "port " + std::string(sw->basename()) + ".p" + std::to_string(p) + " -> " + peer + " (port " +
           std::to_string(port.peer_port) + "): " + sw->basename() + ".cp queue " + std::to_string(p * 8) +
           "+prio (data " + std::to_string(p * 8 + sc_.data_priority) + "), net." + sw->basename() + ".p" +
           std::to_string(p) + "_" + peer + "\n";
    }
  }
  return s;
}

// Expands the flow groups into flows (global ids in scenario order); tx and rx get each
// host's flows in RP and NP index order.
void Network::make_flows(std::vector<std::vector<uint32_t>>& tx, std::vector<std::vector<uint32_t>>& rx) {
  size_t total = 0;
  for (const FlowSpec& f : sc_.flows) total += f.count;
  ctx_.flows.reserve(total);
  for (size_t g = 0; g < sc_.flows.size(); ++g) {
    const FlowSpec& f = sc_.flows[g];
    const uint16_t src = topo_.id(f.src), dst = topo_.id(f.dst);  // once per entry, not per flow
    for (uint32_t k = 0; k < f.count; ++k) {
      FlowInfo fi;
      fi.gid = static_cast<uint32_t>(ctx_.flows.size());
      fi.src = src;
      fi.dst = dst;
      fi.rp_idx = static_cast<uint32_t>(tx[fi.src].size());
      fi.np_idx = static_cast<uint32_t>(rx[fi.dst].size());
      fi.start_ns = flow_start_ns(sc_, g, k);
      // kb/s; a positive rate below 1 kb/s is 1 kb/s (0 would mean line rate), then the
      // RP clamps it to MIN_RATE.
      fi.start_rate_kbps = f.start_rate_gbps > 0
          ? static_cast<uint32_t>(std::max<long long>(1, std::llround(f.start_rate_gbps * 1e6))) : 0;
      fi.size_bytes = f.size_bytes;
      fi.total_pkts = (f.size_bytes + sc_.mtu_bytes - 1) / sc_.mtu_bytes;
      fi.on_ns = f.on_us * 1000.0;
      fi.off_ns = f.off_us * 1000.0;
      tx[fi.src].push_back(fi.gid);
      rx[fi.dst].push_back(fi.gid);
      ctx_.flows.push_back(fi);
    }
  }
}

void Network::build() {
  const size_t n = topo_.size();
  std::vector<std::vector<uint32_t>> tx(n), rx(n);
  make_flows(tx, rx);
  // The NP's writes are the same for every NIC; its hold-off and CNP budget are also
  // what the NICs' CNP checks hold it to.
  const std::vector<ConfigWrite> np_writes = register_writes(sc_, Block::NP);
  const NicConfig nicc = nic_config(np_writes);
  np_budget_ns_ = nicc.np_budget_ns;
  const SwitchConfig swc{sc_.sw, sc_.stats_from_ms};

  // Local QPNs (pcap.h): a NIC's send flows from kQpnBase, its receive flows after them.
  ctx_.frames = opt_.frames;
  ctx_.qpn_rx_base.assign(n, 0);
  for (size_t i = 0; i < n; ++i) ctx_.qpn_rx_base[i] = kQpnBase + static_cast<uint32_t>(tx[i].size());

  // nodes with their engines
  nodes_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const std::string& nm = sc_.nodes[i].name;
    const auto id = static_cast<uint16_t>(i);
    const auto nports = static_cast<uint32_t>(topo_.ports(i).size());
    if (topo_.is_switch(i)) {
      auto cp = make_cp(opt_.engine, pow2_at_least(nports * 8), trace_for(nm + ".cp"));
      auto* sw = new Switch(nm.c_str(), ctx_, id, nports, swc, std::move(cp),
                            opt_.frames ? make_switch_frames(opt_.engine) : nullptr);
      switches_.push_back(sw);
      nodes_[i].reset(sw);
    } else {
      std::unique_ptr<NicTopDevice> top;
      std::unique_ptr<RpEngine> rp;
      std::unique_ptr<NpEngine> np;
      if (sc_.nic.core == NicSpec::Core::TOP) {
        // the smallest built top that holds both sides
        const auto need = static_cast<uint32_t>(std::max(tx[i].size(), rx[i].size()));
        const uint32_t size = nic_top_size(std::max(need, 1u));  // > 0: scenario_validate.cpp
        top = make_nic_top(opt_.engine, size, trace_for(nm + ".top"));
      } else {
        rp = make_rp(opt_.engine, pow2_at_least(static_cast<uint32_t>(tx[i].size())), trace_for(nm + ".rp"));
        np = make_np(opt_.engine, pow2_at_least(static_cast<uint32_t>(rx[i].size())), trace_for(nm + ".np"));
      }
      std::unique_ptr<NicFrames> frames;
      if (opt_.frames) frames = make_nic_frames(opt_.engine, nic_frames(id, tx[i], rx[i]));
      auto* nic = new Nic(nm.c_str(), ctx_, id, nicc, tx[i], rx[i], std::move(top), std::move(rp), std::move(np),
                          std::move(frames));
      nics_.push_back(nic);
      nodes_[i].reset(nic);
    }
  }
  // Random link loss: one generator per link direction, seeded from the scenario seed,
  // the link index and the direction (same seed, same losses; independent of the engine).
  auto loss_seed = [&](size_t link, unsigned dir) {
    return mix64(sc_.seed * 0x9e3779b97f4a7c15ull ^ (static_cast<uint64_t>(link) << 1 | dir));
  };
  const auto& links = topo_.links();
  for (size_t k = 0; k < links.size(); ++k) {
    const Topology::Link& l = links[k];
    Node::connect(*nodes_[l.a], l.pa, *nodes_[l.b], l.pb, l.spec->rate_gbps, l.spec->delay_us,
                  l.spec->loss, loss_seed(k, 0), loss_seed(k, 1));
  }

  ctx_.routes = topo_.routes();
  configure_engines(np_writes);
  if (!opt_.pcap.empty()) open_pcap();
  if (opt_.wave) trace_network();
}

// A NIC's frame blocks (frames.h), as its driver would set them up: the CNP builder's
// globals (the host's MAC, DSCP 8 x the CNP priority, no VLAN) and one QP context per
// receive flow (to the sender's MAC, IPv4 address and QP; UDP source port 0xC000 + global
// flow id mod 16384, the default P_Key); the classifier's QP table (its send QPs to their
// RP index, its receive QPs to their NP index).
NicFrameConfig Network::nic_frames(uint16_t id, const std::vector<uint32_t>& tx,
                                   const std::vector<uint32_t>& rx) const {
  auto mac = [](uint16_t node) { return 0x020000000000ull | ((uint64_t{node} + 1) & 0xFFFF); };
  NicFrameConfig c;
  c.name = sc_.nodes[id].name;
  c.globals.smac = mac(id);
  c.globals.dscp = static_cast<uint8_t>(8 * sc_.cnp_priority);
  c.globals.vlan = 0;
  c.cnp_ctx.reserve(rx.size());
  for (uint32_t gid : rx) {
    const FlowInfo& f = ctx_.flows[gid];
    QpContext x;
    x.valid = true;
    x.dmac = mac(f.src);
    x.sip = host_ipv4(id);
    x.dip = host_ipv4(f.src);
    x.dqpn = ctx_.src_qpn(f);
    x.sport = static_cast<uint16_t>(0xC000 | (gid & 0x3FFF));
    x.pkey = 0xFFFF;
    c.cnp_ctx.push_back(x);
  }
  c.qps.reserve(tx.size() + rx.size());
  for (uint32_t k = 0; k < tx.size(); ++k) c.qps.push_back({kQpnBase + k, k});
  for (uint32_t k = 0; k < rx.size(); ++k) c.qps.push_back({ctx_.qpn_rx_base[id] + k, k});
  return c;
}

// --pcap-links: each comma-separated glob is matched against both ends of every link,
// as NODE and as NODE:pPORT; a link that matches is captured in both directions. A glob
// that matches no link end, or an unclosed '[', is an error naming the link ends.
void Network::open_pcap() {
  if (sc_.header_bytes != kRoceHeaderBytes)
    throw std::invalid_argument("--pcap: header_bytes is " + std::to_string(sc_.header_bytes) +
                                " in " + sc_.file + "; the capture writes RoCEv2 frames, expected header_bytes " +
                                std::to_string(kRoceHeaderBytes) + " (the default)");
  std::vector<std::string> globs;
  for (size_t at = 0;;) {
    const size_t c = opt_.pcap_links.find(',', at);
    globs.push_back(opt_.pcap_links.substr(at, c == std::string::npos ? std::string::npos : c - at));
    if (c == std::string::npos) break;
    at = c + 1;
  }
  const auto& links = topo_.links();
  std::string shown;
  for (size_t k = 0; k < links.size() && k < 6; ++k)
    shown += (k ? ", " : "") + sc_.nodes[links[k].a].name + ":p" + std::to_string(links[k].pa) + "-" +
             sc_.nodes[links[k].b].name + ":p" + std::to_string(links[k].pb);
  if (links.size() > 6) shown += ", ... (" + std::to_string(links.size()) + " links)";
  std::vector<std::pair<uint16_t, unsigned>> sel;  // (node, port) ends to capture
  for (const std::string& g : globs) {
    int open = 0;
    for (size_t i = 0; i < g.size(); ++i) {
      if (g[i] == '\\') ++i;
      else if (g[i] == '[') ++open;
      else if (g[i] == ']' && open) --open;
    }
    if (g.empty() || open)
      throw std::invalid_argument("--pcap-links '" + opt_.pcap_links + "': " +
                                  (g.empty() ? std::string("an empty item") : "'" + g + "' has an unclosed '['") +
                                  "; expected comma-separated globs of link ends NODE or NODE:pPORT (links: " +
                                  shown + ")");
    bool any = false;
    for (const Topology::Link& l : links) {
      const std::string ends[4] = {sc_.nodes[l.a].name, sc_.nodes[l.a].name + ":p" + std::to_string(l.pa),
                                   sc_.nodes[l.b].name, sc_.nodes[l.b].name + ":p" + std::to_string(l.pb)};
      bool m = false;
      for (const std::string& e : ends) m = m || fnmatch(g.c_str(), e.c_str(), 0) == 0;
      if (!m) continue;
      any = true;
      sel.emplace_back(l.a, l.pa);
      sel.emplace_back(l.b, l.pb);
    }
    if (!any)
      throw std::invalid_argument("--pcap-links '" + opt_.pcap_links + "': '" + g +
                                  "' matches no link end; expected a glob of NODE or NODE:pPORT (links: " + shown + ")");
  }
  // the file is created only once the filter is known to be good
  std::vector<unsigned> ports;
  for (const auto& nd : nodes_) ports.push_back(nd->num_ports());
  pcap_ = std::make_unique<PcapWriter>(opt_.pcap, ports);
  for (const auto& [node, port] : sel) pcap_->select(node, port);
  ctx_.pcap = pcap_.get();
}

// What every NIC takes from the scenario.
NicConfig Network::nic_config(const std::vector<ConfigWrite>& np_writes) const {
  NicConfig c;
  c.spec = sc_.nic;
  c.mtu_bytes = sc_.mtu_bytes;
  c.header_bytes = sc_.header_bytes;
  c.cnp_gen_ns = sc_.cnp_gen_ns;
  c.headroom_bytes = sc_.sw.pfc.headroom_bytes;
  c.xon_gap_bytes = sc_.sw.pfc.xon_gap_bytes;
  c.can_lose = !sc_.sw.pfc.enabled || std::any_of(sc_.links.begin(), sc_.links.end(),
                                                  [](const LinkSpec& l) { return l.loss > 0; });
  c.np_interval_ns = static_cast<double>(final_value(np_writes, Block::NP, "CNP_INTERVAL_NS"));
  c.np_budget_ns = static_cast<double>(final_value(np_writes, Block::NP, "CNP_BUDGET_NS"));
  return c;
}

// The one translation from the scenario to register writes (engine_config.h), written
// through each block's CSR bus.
void Network::configure_engines(const std::vector<ConfigWrite>& np_writes) {
  for (Nic* nic : nics_) {
    for (const ConfigWrite& w : register_writes(sc_, Block::RP, BlockSite{nic->rate_gbps(0), nic->id()}))
      nic->core().csr_write(NicBlock::RP, w.addr, static_cast<uint32_t>(w.value), 0);
    for (const ConfigWrite& w : np_writes) nic->core().csr_write(NicBlock::NP, w.addr, static_cast<uint32_t>(w.value), 0);
  }
  for (Switch* sw : switches_)
    for (const ConfigWrite& w : register_writes(sc_, Block::CP, BlockSite{0, sw->id()}))
      sw->cp().csr_write(w.addr, static_cast<uint32_t>(w.value), 0);
}

namespace {

std::string fmt_secs(double s) {
  char b[32];
  if (s < 60) std::snprintf(b, sizeof b, "%.0f s", s);
  else if (s < 3600) std::snprintf(b, sizeof b, "%dm%02ds", static_cast<int>(s / 60), static_cast<int>(s) % 60);
  else std::snprintf(b, sizeof b, "%dh%02dm", static_cast<int>(s / 3600), static_cast<int>(s / 60) % 60);
  return b;
}

}  // namespace

// The run: the sample intervals in order, each in chunks of simulated time short enough
// that a chunk takes well under a second of wall time (the chunks end between events: the
// kernel runs the same events in the same order whatever the chunks). Between chunks the
// progress line is drawn and a stop request (SIGINT, SIGTERM: RunOptions::stop) is seen.
int Network::run() {
  const auto t0 = std::chrono::steady_clock::now();
  auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  const double dur_ns = sc_.duration_ms * 1e6;
  const double step_ns = sc_.sample_us * 1000.0;
  uint64_t samples = 0;  // as many as the loop below takes
  for (double s = 0; s + step_ns <= dur_ns + 1e-6; s += step_ns) ++samples;
  sampler_.open(opt_.out_dir, samples);
  const bool tty = opt_.progress && isatty(2);
  const bool lines = opt_.progress && !tty;  // a log: one line every 10 s of wall time
  bool drawn = false;
  double last_draw = 0;
  auto progress = [&](bool force) {
    const double el = wall();
    if (!opt_.progress || el < 1.0) return;
    if (!force && el - last_draw < (tty ? 0.5 : 10.0)) return;
    last_draw = el;
    const double t_ms = now_ns() / 1e6;
    const double rate = t_ms / el;  // simulated ms per wall s
    const std::string eta = rate > 0 ? fmt_secs((sc_.duration_ms - t_ms) / rate) : "?";
    char b[256];
    std::snprintf(b, sizeof b, "%.3f / %g ms simulated (%.0f %%), %.3g sim ms per wall s, %s wall, ETA %s", t_ms,
                  sc_.duration_ms, 100.0 * t_ms / sc_.duration_ms, rate, fmt_secs(el).c_str(), eta.c_str());
    if (tty) std::fprintf(stderr, "\r%-100s", b);
    else if (lines) std::fprintf(stderr, "dcqcn-sim: %s\n", b);
    drawn = true;
  };
  auto stop_requested = [&] { return opt_.stop && *opt_.stop != 0; };
  // Advances the simulation to `end` (ps), in chunks; false if a stop was requested.
  uint64_t chunk = std::max<uint64_t>(1, sc_time(step_ns, SC_NS).value());
  auto advance_to = [&](uint64_t end) {
    while (sc_time_stamp().value() < end) {
      if (stop_requested()) return false;
      const uint64_t now = sc_time_stamp().value();
      const double w0 = wall();
      sc_start(sc_time::from_value(std::min(chunk, end - now)));
      const double dw = wall() - w0;
      if (dw > 0.2 && chunk > 1000) chunk /= 2;  // at least five chunks per wall second
      else if (dw < 0.02 && chunk < (uint64_t{1} << 62)) chunk *= 2;
      progress(false);
    }
    return true;  // reached `end` (a stop is seen before the next chunk)
  };
  const uint64_t step_ps = sc_time(step_ns, SC_NS).value();
  const uint64_t end_ps = sc_time(dur_ns, SC_NS).value();
  bool stopped = false;
  for (uint64_t k = 1; k <= samples; ++k) {
    if (!advance_to(k * step_ps)) {
      stopped = true;
      break;
    }
    sampler_.sample(now_ns() / 1000.0);
    sampler_.check_writes();
  }
  if (!stopped && !advance_to(end_ps)) stopped = true;  // a last partial interval: not sampled
  if (tty && drawn) std::fprintf(stderr, "\n");
  interrupted_ = stopped;
  for (auto& nd : nodes_) nd->finish(now_ns());
  if (stopped) sampler_.end_early();
  const double wall_s = wall();
  sampler_.close();
  if (pcap_) pcap_->close();
  RunResult result{sc_, opt_.engine, ctx_, nodes_, switches_, nics_, sampler_, np_budget_ns_};
  result.interrupted = stopped;
  result.simulated_ms = now_ns() / 1e6;
  std::string report;
  nlohmann::json cj;
  const bool ok = run_checks(result, report, cj);
  write_summary(result, opt_.out_dir, wall_s, cj);
  if (!report.empty()) std::fprintf(stderr, "%s", report.c_str());
  return ok ? 0 : 1;
}

}  // namespace dcqcn::net
