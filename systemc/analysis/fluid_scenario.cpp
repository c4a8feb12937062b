// SPDX-License-Identifier: MIT
#include "fluid_scenario.h"

#include <algorithm>
#include <stdexcept>

#include "engine_config.h"
#include "flow_start.h"
#include "regmap.h"
#include "scenario_schema.h"
#include "topology.h"

namespace dcqcn::analysis {

namespace {

// The registers each block of kind `b` holds after the scenario's writes, clamped as the
// block clamps them; the derived ones (line rate, MTU, MODE, LFSR seed) are there too but
// the model takes the rates from the topology and has no use for the rest.
template <size_t N>
void load(const net::Scenario& sc, Block b, const std::array<RegDef, N>& table, uint32_t* v) {
  const std::vector<net::ConfigWrite> w = net::register_writes(sc, b);
  for (const net::ConfigWrite& x : w)
    if (x.block == Block::RP && x.reg == "ALGO" && x.value != 0)
      throw std::invalid_argument(
          x.source == net::WriteSource::PROFILE
              ? "profile '" + sc.profile + "' uses the DCQCN+ reaction point (ALGO 1); the fluid model covers DCQCN only"
              : "registers.RP_ALGO 1 is the DCQCN+ reaction point; the fluid model covers DCQCN only");
  for (size_t i = 0; i < N; ++i)
    v[i] = clamp_reg(table[i], static_cast<uint32_t>(net::final_value(w, b, table[i].name)));
}

}  // namespace

void fluid_from_scenario(const net::Scenario& sc, FluidConfig& c) {
  const net::Topology topo(sc);
  auto idx = [&](const std::string& name) -> size_t {
    try {
      return topo.id(name);
    } catch (const std::out_of_range&) {
      throw std::invalid_argument("unknown node " + name);
    }
  };
  if (sc.flows.empty()) throw std::invalid_argument("the scenario has no flows");
  const std::string dst = sc.flows[0].dst;
  const size_t d = idx(dst);
  if (topo.ports(d).size() != 1) throw std::invalid_argument("the destination " + dst + " must have one link");
  const net::Topology::Port& down = topo.ports(d)[0];  // its switch's port towards it: the bottleneck
  c.capacity_gbps = sc.links[down.link].rate_gbps;
  c.queue_node = sc.nodes[down.peer].name;
  c.queue_port = down.peer_port;
  c.queue_prio = sc.data_priority;
  c.packet_bytes = sc.mtu_bytes + sc.header_bytes;
  c.duration_ms = sc.duration_ms;
  c.sample_us = sc.sample_us;
  c.tau_star_us = 0;
  for (size_t g = 0; g < sc.flows.size(); ++g) {
    const net::FlowSpec& f = sc.flows[g];
    if (f.dst != dst)
      throw std::invalid_argument("every flow must go to one destination (one bottleneck): " + f.dst + " vs " + dst);
    if (f.on_us > 0)
      throw std::invalid_argument("flows." + std::to_string(g) + " is an on/off flow (on_us " +
                                  net::loader::fmt_num(f.on_us) + ", off_us " + net::loader::fmt_num(f.off_us) +
                                  "); the fluid model's flows are always on: drop on_us and off_us");
    const size_t s = idx(f.src);
    if (topo.ports(s).empty()) throw std::invalid_argument("host " + f.src + " has no link");
    const net::Topology::Reach r = topo.search(s);
    if (r.hops[d] < 0) throw std::invalid_argument("no path from " + f.src + " to " + dst);
    c.tau_star_us = std::max(c.tau_star_us, 2 * r.delay_us[d]);
    for (uint32_t k = 0; k < f.count; ++k)
      c.flows.push_back({f.src, f.dst, net::flow_start_us(sc, g, k), sc.links[topo.ports(s)[0].link].rate_gbps, f.start_rate_gbps});
  }
  c.profile = sc.profile;
  uint32_t rp[RP_NUM_REGS], np[NP_NUM_REGS], cp[CP_NUM_REGS];
  load(sc, Block::RP, kRpRegs, rp);
  load(sc, Block::NP, kNpRegs, np);
  load(sc, Block::CP, kCpRegs, cp);
  c.m = fluid_params_from_registers(rp, np, cp);
  c.scenario = sc.file;
}

}  // namespace dcqcn::analysis
