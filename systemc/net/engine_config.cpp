// SPDX-License-Identifier: MIT
#include "engine_config.h"

#include <cmath>
#include <map>

#include "regmap.h"

namespace dcqcn::net {

namespace {

uint32_t flow_count(const Scenario& s) {
  if (s.profile_flows) return s.profile_flows;
  uint32_t n = 0;
  for (const FlowSpec& f : s.flows) n += f.count;
  return n;
}

}  // namespace

std::vector<ConfigWrite> register_writes(const Scenario& s, Block b, const BlockSite& site) {
  std::vector<ConfigWrite> w;
  auto add = [&](std::string_view reg, uint64_t value, WriteSource src, std::string key) {
    w.push_back({b, std::string(reg), reg_addr(b, reg), value, src, std::move(key)});
  };
  for (const RegWrite& p : profile_writes(s.profile, flow_count(s)))
    if (p.block == b) add(p.name, p.value, WriteSource::PROFILE, "profile");
  auto registers = [&] {
    for (const RegisterSpec& r : s.registers)
      if (r.block == b) add(r.reg, r.value, WriteSource::REGISTERS, "registers." + r.name);
  };
  const EcnSpec& e = s.sw.ecn;
  switch (b) {
    case Block::RP:
      add("LINE_RATE_KBPS", static_cast<uint32_t>(site.line_rate_gbps * 1e6), WriteSource::DERIVED,
          "links[].rate_gbps");
      add("MTU_BYTES", s.mtu_bytes + s.header_bytes, WriteSource::DERIVED, "mtu_bytes");
      registers();
      break;
    case Block::NP:
      if (e.tcd) add("MODE", 1, WriteSource::DERIVED, "switch.ecn.tcd");
      registers();
      break;
    case Block::CP:
      registers();
      if (e.kmin_bytes) add("KMIN_BYTES", *e.kmin_bytes, WriteSource::ECN_KEY, "switch.ecn.kmin_bytes");
      if (e.kmax_bytes) add("KMAX_BYTES", *e.kmax_bytes, WriteSource::ECN_KEY, "switch.ecn.kmax_bytes");
      if (e.pmax)
        add("PMAX_Q16", static_cast<uint32_t>(std::lround(*e.pmax * 65536)), WriteSource::ECN_KEY,
            "switch.ecn.pmax");
      if (e.tcd) add("MODE", 1, WriteSource::DERIVED, "switch.ecn.tcd");
      add("LFSR_SEED", static_cast<uint32_t>(s.seed * 2654435761u + site.node_id) | 1u,
          WriteSource::DERIVED, "seed");
      break;
  }
  return w;
}

const char* derived_register_source(const std::string& full_name) {
  static const std::map<std::string, const char*> d = {
      {"RP_LINE_RATE_KBPS", "the rate of each NIC's link (links[].rate_gbps, defaults.link.rate_gbps)"},
      {"RP_MTU_BYTES", "mtu_bytes + header_bytes"},
      {"CP_LFSR_SEED", "seed (mixed with the switch id)"},
      {"CP_MODE", "switch.ecn.tcd (true: CP and NP MODE 1)"},
      {"NP_MODE", "switch.ecn.tcd (true: CP and NP MODE 1)"}};
  auto it = d.find(full_name);
  return it == d.end() ? nullptr : it->second;
}

uint64_t final_value(const std::vector<ConfigWrite>& writes, Block b, std::string_view reg) {
  for (auto it = writes.rbegin(); it != writes.rend(); ++it)
    if (it->block == b && it->reg == reg) return it->value;
  auto reset = [&](const auto& table) -> uint64_t {
    for (const RegDef& d : table)
      if (d.name == reg) return d.reset;
    return 0;
  };
  switch (b) {
    case Block::RP: return reset(kRpRegs);
    case Block::NP: return reset(kNpRegs);
    case Block::CP: return reset(kCpRegs);
  }
  return 0;
}

}  // namespace dcqcn::net
