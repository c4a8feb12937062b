// SPDX-License-Identifier: MIT
// The network of a scenario: builds it (the topology's switches, NICs and links, one RP
// and NP per NIC and one CP per switch on the chosen engine), configures the engines
// (engine_config.h), runs it with the sampler (sampler.h), and at the end runs the checks
// and writes summary.json (report.h). The nodes share a NetContext (context.h), not the
// Network.
#pragma once
#include <systemc>

#include <csignal>
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
  wave::Wave* wave = nullptr;  // the merged waveform (--vcd), nullptr = none
  std::string trace_filter = "*";  // the block instances drawn in it
  double clock_ns = 3.103;         // the RTL clock period the waveform draws cycles at
  bool progress = false;      // progress bar on stderr
  std::string pcap;           // packet capture file ("" = none; pcap.h)
  std::string pcap_links = "*";  // comma-separated globs of link ends NODE or NODE:pPORT
  // Frames (docs/network.md, "How frames are made in the simulation"): packets carry their
  // bytes, made and read by the frame blocks on the run's engine (--frames on; --pcap
  // needs it). Off: metadata only, as before issue 27.
  bool frames = true;
  // Set (non-zero) by a signal handler: the run stops at the next chunk boundary, between
  // events, and writes what it has (summary.json: "interrupted": true).
  const volatile std::sig_atomic_t* stop = nullptr;
};

class Network {
 public:
  Network(const Scenario& s, const RunOptions& o);
  ~Network();

  // Runs the scenario; returns the process exit code (0, or 1 if a check failed).
  int run();
  // The run was stopped by RunOptions::stop before its end.
  bool interrupted() const { return interrupted_; }

  // The flow and port map of the waveform (written beside it): every flow's global id,
  // source, destination, RP and NP index and signal scope; every switch port's peer.
  std::string wave_map() const;
  // The block instances drawn in the waveform ("h3.rp", ...).
  const std::vector<std::string>& traced() const { return traced_; }

 private:
  void build();
  void make_flows(std::vector<std::vector<uint32_t>>& tx, std::vector<std::vector<uint32_t>>& rx);
  NicConfig nic_config(const std::vector<ConfigWrite>& np_writes) const;
  void configure_engines(const std::vector<ConfigWrite>& np_writes);
  // Engines are created with the waveform file their instance name selects.
  TraceSpec trace_for(const std::string& instance);
  void trace_network();
  NicFrameConfig nic_frames(uint16_t id, const std::vector<uint32_t>& tx, const std::vector<uint32_t>& rx) const;
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
  std::vector<std::string> traced_;
  std::unique_ptr<class NetTrace> net_trace_;
  std::unique_ptr<PcapWriter> pcap_;
  bool interrupted_ = false;

 public:
  const PcapWriter* pcap() const { return pcap_.get(); }
};

}  // namespace dcqcn::net
