// SPDX-License-Identifier: MIT
// Topology building: the scenario's graph without SystemC. Node ids are the scenario's
// node order; each node's ports are numbered in the order of the links (the network
// gives its nodes the same ports); routes are the equal-cost egress ports of every switch
// towards every host. Used by the network (nodes, links, routing) and by `dcqcn-sim
// fluid` (the bottleneck port and the flows' propagation delays).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "scenario.h"

namespace dcqcn::net {

// The switches' forwarding: ECMP among the shortest paths, by a hash of flow and switch.
class Routes {
 public:
  Routes() = default;
  Routes(std::vector<std::vector<std::vector<uint16_t>>> ports, uint64_t ecmp_seed)
      : ports_(std::move(ports)), ecmp_seed_(ecmp_seed) {}
  // Egress ports of switch `sw` towards host `dst` (ECMP candidates).
  const std::vector<uint16_t>& candidates(uint16_t sw, uint16_t dst) const { return ports_[sw][dst]; }
  // The port switch `sw` sends a packet of `flow` to host `dst` on.
  uint16_t egress(uint16_t sw, uint16_t dst, uint32_t flow) const {
    const auto& cand = candidates(sw, dst);
    return cand.size() == 1 ? cand[0] : cand[ecmp_hash(flow, sw) % cand.size()];
  }
  uint64_t ecmp_hash(uint32_t flow, uint16_t sw) const;

 private:
  std::vector<std::vector<std::vector<uint16_t>>> ports_;  // [switch][dst host] -> ports
  uint64_t ecmp_seed_ = 1;
};

class Topology {
 public:
  struct Port {
    uint16_t peer;       // node id at the other end
    unsigned peer_port;  // its port
    size_t link;         // index in Scenario::links
  };
  struct Link {
    uint16_t a, b;       // node ids
    unsigned pa, pb;     // their ports
    const LinkSpec* spec;
  };
  // What a hop-count search from one node found: hops (-1: unreachable) and the
  // propagation delay along the first shortest path found (ports in order).
  struct Reach {
    std::vector<int> hops;
    std::vector<double> delay_us;
  };

  explicit Topology(const Scenario& s);  // the scenario has been validated

  size_t size() const { return is_switch_.size(); }
  bool is_switch(size_t n) const { return is_switch_[n]; }
  uint16_t id(const std::string& name) const { return id_.at(name); }
  const std::vector<Port>& ports(size_t n) const { return ports_[n]; }
  const std::vector<Link>& links() const { return links_; }

  // Breadth-first search from node `from` in which hosts are never transit nodes.
  Reach search(size_t from) const;
  // Shortest-path routes of every switch towards every host; throws ScenarioError if a
  // flow's hosts are not connected through switches.
  Routes routes() const;

 private:
  const Scenario& sc_;
  std::map<std::string, uint16_t> id_;
  std::vector<bool> is_switch_;
  std::vector<std::vector<Port>> ports_;
  std::vector<Link> links_;
};

}  // namespace dcqcn::net
