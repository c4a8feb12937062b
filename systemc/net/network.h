// SPDX-License-Identifier: MIT
// The network of a scenario: builds it (the topology's switches, NICs and links, one RP
// and NP per NIC and one CP per switch on the chosen engine), configures the engines
// (engine_config.h), runs it with the sampler (sampler.h), and at the end runs the checks
// and writes summary.json (report.h). The nodes share a NetContext (context.h), not the
// Network.
#pragma once
#include <systemc>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "context.h"
#include "engine.h"
#include "engine_config.h"
#include "nic.h"
#include "sampler.h"
#include "scenario.h"
#include "topology.h"

namespace dcqcn::net {

class Node;
class Switch;

struct RunOptions {
  EngineKind engine = EngineKind::RTL;
  std::string out_dir = "out";
  std::string vcd;            // waveform base path ("" = none)
  std::string trace_filter = "*";
  bool progress = false;      // progress bar on stderr
  std::string pcap;           // packet capture file ("" = none; pcap.h)
  std::string pcap_links = "*";  // comma-separated globs of link ends NODE or NODE:pPORT
};

class Network {
 public:
  Network(const Scenario& s, const RunOptions& o);
  ~Network();

  // Runs the scenario; returns the process exit code (0, or 1 if a check failed).
  int run();

  // The VCD files this run wrote (scope, path): the RTL blocks' and the network's. They
  // are complete once the Network is destroyed; main merges them into --vcd FILE.
  const std::vector<std::pair<std::string, std::string>>& vcd_parts() const { return vcd_parts_; }

 private:
  void build();
  void make_flows(std::vector<std::vector<uint32_t>>& tx, std::vector<std::vector<uint32_t>>& rx);
  NicConfig nic_config(const std::vector<ConfigWrite>& np_writes) const;
  void configure_engines(const std::vector<ConfigWrite>& np_writes);
  // Engines are created with the waveform file their instance name selects.
  TraceSpec trace_for(const std::string& instance);
  void trace_network();
  void open_pcap();

  const Scenario sc_;
  const RunOptions opt_;
  const Topology topo_;
  NetContext ctx_;
  std::vector<std::unique_ptr<Node>> nodes_;  // by node id
  std::vector<Switch*> switches_;
  std::vector<Nic*> nics_;
  Sampler sampler_;
  double np_budget_ns_ = 0;  // the NP's CNP budget (summary.json)
  std::vector<std::pair<std::string, std::string>> vcd_parts_;
  sc_core::sc_trace_file* tf_ = nullptr;
  std::unique_ptr<PcapWriter> pcap_;

 public:
  const PcapWriter* pcap() const { return pcap_.get(); }
};

}  // namespace dcqcn::net
