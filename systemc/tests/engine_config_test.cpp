// SPDX-License-Identifier: MIT
// Engine configuration and topology building (net/engine_config.h, net/topology.h), the
// parts of the network that need no SystemC: the register writes a scenario makes, in
// order and with their sources; the ports, routes and path delays of a topology.
#include "engine_config.h"

#include <gtest/gtest.h>

#include "regmap.h"
#include "scenario.h"
#include "topology.h"

#ifndef SCENARIO_TEST_DIR
#error "compile with -DSCENARIO_TEST_DIR=\"<repo>/systemc/tests\""
#endif

namespace {

using namespace dcqcn::net;
using dcqcn::Block;
const std::string kGood = std::string(SCENARIO_TEST_DIR) + "/good/incast.yaml";

std::vector<std::string> keys(const std::vector<ConfigWrite>& w, WriteSource src) {
  std::vector<std::string> k;
  for (const ConfigWrite& x : w)
    if (x.source == src) k.push_back(x.reg + "<-" + x.key);
  return k;
}

TEST(EngineConfig, ProfileThenDerivedThenRegistersForRpAndNp) {
  const Scenario s = load_scenario(kGood, {{"registers.RP_MIN_RATE_KBPS", "1000"},
                                           {"registers.NP_CNP_INTERVAL_NS", "60000"},
                                           {"switch.ecn.tcd", "true"}});
  const auto rp = register_writes(s, Block::RP, BlockSite{25, 0});
  ASSERT_FALSE(rp.empty());
  EXPECT_EQ(rp.front().source, WriteSource::PROFILE);
  EXPECT_EQ(rp.back().source, WriteSource::REGISTERS);
  EXPECT_EQ(rp.back().key, "registers.RP_MIN_RATE_KBPS");
  EXPECT_EQ(final_value(rp, Block::RP, "LINE_RATE_KBPS"), 25000000u);
  EXPECT_EQ(final_value(rp, Block::RP, "MTU_BYTES"), s.mtu_bytes + s.header_bytes);
  EXPECT_EQ(final_value(rp, Block::RP, "MIN_RATE_KBPS"), 1000u);
  for (const ConfigWrite& w : rp) EXPECT_EQ(w.addr, dcqcn::reg_addr(Block::RP, w.reg)) << w.reg;
  const auto np = register_writes(s, Block::NP);
  EXPECT_EQ(keys(np, WriteSource::DERIVED), std::vector<std::string>{"MODE<-switch.ecn.tcd"});
  EXPECT_EQ(final_value(np, Block::NP, "CNP_INTERVAL_NS"), 60000u);
  // unwritten: the reset value
  EXPECT_EQ(final_value({}, Block::NP, "CNP_INTERVAL_NS"), dcqcn::kNpRegs[dcqcn::NP_CNP_INTERVAL_NS].reset);
}

TEST(EngineConfig, CpTakesEcnKeysAndASeedPerSwitch) {
  const Scenario s = load_scenario(kGood, {{"switch.ecn.kmin_bytes", "7000"},
                                           {"switch.ecn.pmax", "0.5"},
                                           {"registers.CP_KMAX_BYTES", "90000"}});
  const auto a = register_writes(s, Block::CP, BlockSite{0, 3});
  const auto b = register_writes(s, Block::CP, BlockSite{0, 4});
  EXPECT_EQ(keys(a, WriteSource::ECN_KEY),
            (std::vector<std::string>{"KMIN_BYTES<-switch.ecn.kmin_bytes", "PMAX_Q16<-switch.ecn.pmax"}));
  EXPECT_EQ(keys(a, WriteSource::REGISTERS), std::vector<std::string>{"KMAX_BYTES<-registers.CP_KMAX_BYTES"});
  EXPECT_EQ(final_value(a, Block::CP, "KMIN_BYTES"), 7000u);
  EXPECT_EQ(final_value(a, Block::CP, "KMAX_BYTES"), 90000u);
  EXPECT_EQ(final_value(a, Block::CP, "PMAX_Q16"), 32768u);
  // seed x 2654435761 + node id, made odd (so ids 2k-1 and 2k can share a seed)
  EXPECT_EQ(final_value(a, Block::CP, "LFSR_SEED"), static_cast<uint32_t>(s.seed * 2654435761u + 3) | 1u);
  EXPECT_EQ(final_value(b, Block::CP, "LFSR_SEED"), static_cast<uint32_t>(s.seed * 2654435761u + 4) | 1u);
}

TEST(EngineConfig, DerivedRegistersNameTheirKeys) {
  EXPECT_NE(derived_register_source("RP_LINE_RATE_KBPS"), nullptr);
  EXPECT_NE(derived_register_source("CP_LFSR_SEED"), nullptr);
  EXPECT_EQ(derived_register_source("RP_MIN_RATE_KBPS"), nullptr);
}

TEST(Topology, PortsInLinkOrderRoutesAndDelays) {
  const Scenario s = load_scenario(kGood);
  const Topology t(s);
  ASSERT_EQ(t.size(), s.nodes.size());
  for (size_t n = 0; n < t.size(); ++n)
    for (unsigned p = 0; p < t.ports(n).size(); ++p) {
      const Topology::Port& x = t.ports(n)[p];
      const Topology::Port& back = t.ports(x.peer).at(x.peer_port);
      EXPECT_EQ(back.peer, n);
      EXPECT_EQ(back.peer_port, p);
      EXPECT_EQ(back.link, x.link);
    }
  const Routes r = t.routes();
  for (const FlowSpec& f : s.flows) {
    const uint16_t src = t.id(f.src), dst = t.id(f.dst);
    ASSERT_EQ(t.ports(src).size(), 1u);
    const uint16_t sw = t.ports(src)[0].peer;
    ASSERT_FALSE(r.candidates(sw, dst).empty());
    const uint16_t out = r.egress(sw, dst, 0);
    const Topology::Reach reach = t.search(src);
    EXPECT_GT(reach.hops[dst], 0);
    EXPECT_GT(reach.delay_us[dst], 0);
    EXPECT_EQ(reach.hops[t.ports(sw)[out].peer], reach.hops[sw] + 1);
  }
}

}  // namespace
