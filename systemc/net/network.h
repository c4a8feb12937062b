// SPDX-License-Identifier: MIT
// Builds a network from a Scenario (switches, NICs, links, routes, one RP/NP per NIC and
// one CP per switch on the chosen engine), runs it, samples it, checks it, and writes
// flows.csv, queues.csv and summary.json.
#pragma once
#include <systemc>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine.h"
#include "packet.h"
#include "scenario.h"

namespace dcqcn::net {

class Node;
class Switch;
class Nic;

struct RunOptions {
  EngineKind engine = EngineKind::RTL;
  std::string out_dir = "out";
  std::string vcd;            // waveform base path ("" = none)
  std::string trace_filter = "*";
  bool progress = false;      // progress bar on stderr
};

// Per-flow bookkeeping shared by the source and destination NICs.
struct FlowInfo {
  uint32_t gid = 0;
  uint16_t src = 0, dst = 0;       // node ids
  uint32_t rp_idx = 0, np_idx = 0; // index in the source RP / destination NP
  double start_ns = 0;
  uint32_t start_rate_kbps = 0;    // 0 = line rate
  uint64_t size_bytes = 0;         // 0 = infinite
  uint64_t total_pkts = 0;         // sized flows: packets (0 = infinite)
  // statistics
  // sent: every DATA frame the sender injected (retransmissions too); delivered: in-order,
  // unique frames the receiver accepted (goodput), wire bytes.
  uint64_t sent_bytes = 0, delivered_bytes = 0, delivered_pkts = 0;
  uint64_t interval_bytes = 0;     // delivered since the last sample
  double finish_ns = -1;           // sized flows: time the last packet was accepted
  // go-back-N (gbn.h)
  uint64_t retransmitted_bytes = 0;  // sent again (after a NAK or a timeout)
  uint64_t discarded_pkts = 0;       // arrived out of order or duplicate, dropped by the receiver
  uint64_t naks_sent = 0, naks_received = 0, acks_sent = 0, timeouts = 0;
  uint32_t rc_kbps = 0, rt_kbps = 0, alpha_q16 = 0;
  uint64_t cnps_sent = 0, cnps_received = 0;
  uint64_t ce_marks = 0, ue_marks = 0;  // data packets that arrived with ECN 11 / 10
  std::vector<double> samples_gbps;  // tput per sample interval
};

struct Counters {
  uint64_t data_injected = 0, data_delivered = 0;
  uint64_t drops_lossless = 0, drops_lossy = 0, drops_data = 0;
  uint64_t drops_link = 0;      // DATA lost to random link loss (links[].loss)
  uint64_t data_discarded = 0;  // DATA that reached its receiver out of order or duplicate
  uint64_t ecn_marks = 0, ue_marks = 0;
  uint64_t cnps_sent = 0, cnps_received = 0;
  int64_t wire[kNumPktKinds] = {};  // frames on wires by kind
  uint64_t packets = 0;         // all frames delivered to a node
  uint64_t buffer_violations = 0;
  uint64_t np_min_gap_violations = 0;
  uint64_t np_budget_violations = 0;  // two CNPs of one NIC closer than NP_CNP_BUDGET_NS
  uint64_t nic_overflows = 0;   // receive buffer over capacity (PFC too late)
};

class Network {
 public:
  Network(const Scenario& s, const RunOptions& o);
  ~Network();

  // Runs the scenario; returns the process exit code (0, or 1 if a check failed).
  int run();

  // ---- used by the nodes
  PacketPool& pool() { return pool_; }
  double pfc_response_ns() const { return sc_.sw.pfc.response_ns; }
  unsigned data_priority() const { return sc_.data_priority; }
  unsigned cnp_priority() const { return sc_.cnp_priority; }
  void on_wire(PktKind k, int d) { cnt_.wire[static_cast<int>(k)] += d; }
  Counters& counters() { return cnt_; }
  FlowInfo& flow(uint32_t gid) { return flows_[gid]; }
  const Scenario& scenario() const { return sc_; }
  // Egress ports of switch `sw` towards host `dst` (ECMP candidates).
  const std::vector<uint16_t>& routes(uint16_t sw, uint16_t dst) const;
  uint64_t ecmp_hash(uint32_t flow, uint16_t sw) const;
  static uint32_t now_ns32() {
    return static_cast<uint32_t>(static_cast<uint64_t>(sc_core::sc_time_stamp().to_seconds() * 1e9 + 0.5));
  }
  static double now_ns() { return sc_core::sc_time_stamp().to_seconds() * 1e9; }
  // Engines are created here so that tracing can match instance names.
  TraceSpec trace_for(const std::string& instance);
  // The VCD files this run wrote (scope, path): the RTL blocks' and the network's. They
  // are complete once the Network is destroyed; main merges them into --vcd FILE.
  const std::vector<std::pair<std::string, std::string>>& vcd_parts() const { return vcd_parts_; }
  double np_interval_ns() const { return np_interval_ns_; }
  double np_budget_ns() const { return np_budget_ns_; }

 private:
  void build();
  void compute_routes();
  void configure_engines();
  void sample();
  void write_summary(double wall_s, const nlohmann::json& checks);
  bool checks(std::string& report, nlohmann::json& j);

  Scenario sc_;
  RunOptions opt_;
  PacketPool pool_;
  Counters cnt_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<Switch*> switches_;
  std::vector<Nic*> nics_;
  std::vector<int> node_kind_;  // 0 host, 1 switch
  std::vector<FlowInfo> flows_;
  // routes_[switch node id][dst host id] -> ports
  std::vector<std::vector<std::vector<uint16_t>>> routes_;
  FILE* flows_csv_ = nullptr;
  FILE* queues_csv_ = nullptr;
  uint64_t samples_ = 0;
  std::vector<uint64_t> q_max_, q_sum_;  // per switch port: egress bytes
  std::vector<uint64_t> q_max_after_, q_sum_after_;  // the same from stats_from_ms on
  uint64_t samples_after_ = 0;
  double np_interval_ns_ = 0;
  double np_budget_ns_ = 0;
  std::vector<std::pair<std::string, std::string>> vcd_parts_;
  sc_core::sc_trace_file* tf_ = nullptr;
  void trace_network();
};

}  // namespace dcqcn::net
