// SPDX-License-Identifier: MIT
// A network scenario: topology, links, switch buffers and thresholds, PFC, ECN,
// parameter profile, flows, duration. Loaded from YAML (systemc/scenarios/*.yaml) by
// load_scenario(), which validates every key against the schema (scenario_schema())
// and reports the first error as "FILE:LINE: KEY: what is wrong; expected ...".
// The loader: scenario_load.cpp (the stages in order), scenario_schema.* (the table of
// keys), scenario_overrides.cpp (--set), scenario_validate.cpp (rules between keys),
// clos.cpp (the Clos builder). Register values from a scenario: engine_config.h.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "profiles.h"  // dcqcn::Block

namespace dcqcn::net {

struct LinkSpec {
  std::string a, b;          // node names
  double rate_gbps = 40;     // both directions
  double delay_us = 1;       // propagation delay, each direction
  double loss = 0;           // random loss probability per data packet (a -> b and b -> a)
};

struct NodeSpec {
  std::string name;
  enum class Kind { HOST, SWITCH } kind = Kind::HOST;
};

struct PfcSpec {
  bool enabled = true;
  enum class Mode { STATIC, DYNAMIC } mode = Mode::DYNAMIC;
  uint64_t t_pfc_bytes = 24470;   // static threshold per (port, priority)
  double beta = 8;                // dynamic threshold factor
  uint64_t xon_gap_bytes = 3000;  // XON when the ingress queue falls this far below t_PFC
  // t_flight per (port, priority). Absent from the scenario: derived by the loader from
  // the frame size, the fastest link, the longest cable and response_ns (the formula of
  // `dcqcn-sim thresholds`); given: checked against that, with a warning if smaller.
  uint64_t headroom_bytes = 22400;
  uint64_t reserved_bytes = 0;    // per (port, priority), before the shared pool
  // A PAUSE takes effect this long after it arrives (the TCD paper's tau, 8 us).
  double response_ns = 8000;
  bool derive_thresholds = false; // headroom and static t_PFC from the formulas (thresholds.h)
};

struct EcnSpec {
  bool enabled = true;
  enum class Where { ENQUEUE, DEQUEUE } mark_at = Where::ENQUEUE;
  // Marker settings; absent = the profile's values.
  std::optional<uint64_t> kmin_bytes, kmax_bytes;
  std::optional<double> pmax;
  bool tcd = false;               // TCD ternary marking (CP MODE 1, NP MODE 1)
};

struct SwitchSpec {
  uint64_t buffer_bytes = 12000000;
  PfcSpec pfc;
  EcnSpec ecn;
};

struct NicSpec {
  bool pfc_enabled = false;       // the NIC pauses its upstream when its receive side fills
  uint64_t rx_buffer_bytes = 1000000;
  double rx_drain_gbps = 0;       // 0 = the receive side drains at line rate (never fills)
  // Go-back-N loss recovery (gbn.h). Defaults and their reasons: docs/network.md, nic.cpp.
  double nak_latency_us = 20;     // sender: NAK receipt -> send pointer rewound (firmware)
  double nak_timeout_us = 100;    // receiver: no second NAK for one expected PSN before this
  double rto_us = 1000;           // sender: retransmission timeout for a sized flow's tail
  // Debugging: false ignores the RP's re-timed departures (the pre-fix behaviour: a flow's
  // next departure is fixed when its previous packet leaves); the pacing check fires.
  bool follow_retime = true;
  // nic.core: blocks: the timing wheel's slot (ns, a power of two, 1..1024): a timer or
  // departure is eligible at its slot's end (tb/ref/nic_wheel.h). 1 = exact to the ns.
  uint32_t sched_slot_ns = 32;
  // The NIC's DCQCN core (nic_core.h): TOP, one dcqcn_nic_top per NIC (RP, NP, timer
  // service, scheduler and arbiter: the RTL or its cycle-exact reference); BLOCKS, the RP and
  // NP engines with the timer service and scheduler in C++ (any number of flows).
  enum class Core { TOP, BLOCKS } core = Core::TOP;
};

struct FlowSpec {
  std::string src, dst;
  double start_us = 0;
  double start_spread_us = 0;     // each of the count flows starts at start_us + U[0, this) (flow_start.h)
  double start_rate_gbps = 0;     // rate the RP starts at; 0 = line rate (hyper-fast start)
  uint64_t size_bytes = 0;        // 0 = infinite backlog
  uint32_t count = 1;             // identical flows (QPs) with these settings
  // On/off traffic: from its start, the flow's application posts data for on_us, then
  // nothing for off_us, and again (0, 0: always on). An off period starts when its time
  // comes but takes effect at the flow's next packet (the one the NIC already waits to
  // send leaves; the send queue is then empty: txdone with more = 0), as a doorbell-driven
  // NIC sees it; retransmissions (go-back-N) are sent in an off period too. nic.cpp.
  double on_us = 0, off_us = 0;
  bool enabled = true;            // false: validated, then left out of the run
};

// A generated topology (key `topology`), expanded into nodes and links by the loader
// before validation. CLOS: a 3-tier Clos as the DCQCN paper's testbed (Fig. 2). ToRs
// T1..Tt, leaves L1..Ll and spines S1..Ss are split into `pods` equal pods in order (pod
// p holds ToRs p*t/pods+1.. and leaves p*l/pods+1..); every ToR links to every leaf of
// its pod, every leaf to every spine, and each host to its ToR. Links are generated in
// that order: host links (in `hosts` order), then ToR-leaf (T1 to its leaves, T2, ...),
// then leaf-spine (L1 to S1..Ss, L2, ...), so a ToR's ports are its hosts in `hosts`
// order followed by its uplinks in leaf order. Generated nodes are appended to `nodes`
// in the order ToRs, leaves, spines, hosts; generated links to `links`.
struct ClosHostSpec {
  std::string name, tor;
};

struct TopologySpec {
  enum class Type { NONE, CLOS } type = Type::NONE;
  uint32_t pods = 2, tors = 4, leaves = 4, spines = 2;
  std::optional<double> rate_gbps, delay_us;  // absent: defaults.link
  std::vector<ClosHostSpec> hosts;
};

// One entry of the `registers` section: a register of tb/ref/regmap_{rp,np,cp}.h
// (docs/regmap.md), written after the profile to every block of its kind (the RP and NP
// of every NIC, the CP of every switch). The loader has checked the name and that the
// value is within the table's [min, max].
struct RegisterSpec {
  std::string name;     // as in the scenario: RP_MIN_RATE_KBPS
  dcqcn::Block block;   // RP, NP or CP
  std::string reg;      // the table's name: MIN_RATE_KBPS
  uint32_t value = 0;
};

struct Scenario {
  std::string name;
  std::string file;               // where it was loaded from
  std::string description;
  double duration_ms = 50;
  double sample_us = 100;
  double stats_from_ms = 0;       // the summary's *_after statistics count from this time
  // The flows whose time series flows.csv keeps: "all", "none", or flow ids and ranges
  // ("0-99,500"; global ids, scenario order with `count` expanded). The loader fills
  // sampled_flows (ascending, no repeats) from it.
  std::string sample_flows = "all";
  std::vector<uint32_t> sampled_flows;
  uint64_t seed = 1;
  std::string profile = "paper";
  uint32_t profile_flows = 0;     // n for dcqcn_plus_static (0 = number of flows)
  uint32_t mtu_bytes = 1000;      // payload of a full data packet
  uint32_t header_bytes = 62;     // RoCEv2: Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4
  uint32_t data_priority = 3;
  uint32_t cnp_priority = 7;      // strict priority, lossless
  double cnp_gen_ns = 0;          // NIC time to emit a CNP (0 = immediate)
  TopologySpec topology;          // already expanded into nodes and links
  std::vector<NodeSpec> nodes;
  std::vector<LinkSpec> links;
  SwitchSpec sw;
  NicSpec nic;
  std::vector<FlowSpec> flows;
  uint64_t ecmp_seed = 1;
  std::vector<RegisterSpec> registers;  // in the order given (file, then --set)
  // Warnings of the loader ("FILE:LINE: KEY: ..."), printed by `dcqcn-sim run`: a given
  // switch.pfc.headroom_bytes below the t_flight the links need.
  std::vector<std::string> warnings;
};

// One error in a scenario file or a --set override: message already formatted as
// "FILE:LINE: KEY: problem; expected ...".
struct ScenarioError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Loads FILE, applies the overrides ("dotted.key=value", e.g. "switch.pfc.beta=4",
// "flows.0.size_bytes=1000000", "duration_ms=100") in order, validates, and returns the
// scenario. Throws ScenarioError.
Scenario load_scenario(const std::string& file,
                       const std::vector<std::pair<std::string, std::string>>& overrides = {});

// Every key the schema accepts: dotted path, type, default, unit, description; for
// `dcqcn-sim list`.
struct SchemaKey {
  std::string key, type, default_value, unit, description;
};
std::vector<SchemaKey> scenario_schema();

}  // namespace dcqcn::net
