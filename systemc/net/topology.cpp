// SPDX-License-Identifier: MIT
#include "topology.h"

#include <queue>

#include "hash.h"

namespace dcqcn::net {

uint64_t Routes::ecmp_hash(uint32_t flow, uint16_t sw) const {
  return mix64((static_cast<uint64_t>(flow) << 32) ^ (static_cast<uint64_t>(sw) << 16) ^
               (ecmp_seed_ * 0x9e3779b97f4a7c15ull));
}

Topology::Topology(const Scenario& s) : sc_(s) {
  const size_t n = s.nodes.size();
  for (size_t i = 0; i < n; ++i) id_[s.nodes[i].name] = static_cast<uint16_t>(i);
  is_switch_.resize(n);
  for (size_t i = 0; i < n; ++i) is_switch_[i] = s.nodes[i].kind == NodeSpec::Kind::SWITCH;
  // ports in order of the links
  ports_.resize(n);
  std::vector<unsigned> nports(n, 0);
  for (size_t k = 0; k < s.links.size(); ++k) {
    const LinkSpec& l = s.links[k];
    const uint16_t a = id_.at(l.a), b = id_.at(l.b);
    const unsigned pa = nports[a]++, pb = nports[b]++;
    ports_[a].push_back({b, pb, k});
    ports_[b].push_back({a, pa, k});
    links_.push_back({a, b, pa, pb, &l});
  }
}

Topology::Reach Topology::search(size_t from) const {
  const size_t n = size();
  Reach r{std::vector<int>(n, -1), std::vector<double>(n, -1)};
  std::queue<size_t> q;
  r.hops[from] = 0;
  r.delay_us[from] = 0;
  q.push(from);
  while (!q.empty()) {
    const size_t u = q.front();
    q.pop();
    if (u != from && !is_switch_[u]) continue;
    for (const Port& p : ports_[u]) {
      const size_t v = p.peer;
      if (r.hops[v] < 0) {
        r.hops[v] = r.hops[u] + 1;
        r.delay_us[v] = r.delay_us[u] + sc_.links[p.link].delay_us;
        q.push(v);
      }
    }
  }
  return r;
}

Routes Topology::routes() const {
  const size_t n = size();
  std::vector<std::vector<std::vector<uint16_t>>> ports(n, std::vector<std::vector<uint16_t>>(n));
  for (size_t h = 0; h < n; ++h) {
    if (is_switch_[h]) continue;
    const std::vector<int> dist = search(h).hops;
    for (size_t s = 0; s < n; ++s) {
      if (!is_switch_[s] || dist[s] < 0) continue;
      for (unsigned p = 0; p < ports_[s].size(); ++p)
        if (dist[ports_[s][p].peer] == dist[s] - 1) ports[s][h].push_back(static_cast<uint16_t>(p));
    }
  }
  // every flow: from a host with one link, through switches, to its destination
  uint32_t gid = 0;
  for (const FlowSpec& f : sc_.flows) {
    const uint16_t src = id_.at(f.src), dst = id_.at(f.dst);
    for (uint32_t k = 0; k < f.count; ++k, ++gid)
      if (ports_[src].size() != 1 || ports[ports_[src][0].peer][dst].empty())
        throw ScenarioError(sc_.file + ": flow " + std::to_string(gid) + " from " + f.src + " to " +
                            f.dst + ": no path; expected the two hosts to be connected through switches");
  }
  return Routes(std::move(ports), sc_.ecmp_seed);
}

}  // namespace dcqcn::net
