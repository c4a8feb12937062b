// SPDX-License-Identifier: MIT
// Scenario loader, continued (scenario_test.cpp has the bad and good files, overrides,
// schema and fuzzing): the Clos topology's expansion and errors, and the `registers`
// section at and beyond every register's bounds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "profiles.h"
#include "regmap.h"
#include "scenario.h"
#include "scenario_test_util.h"

using namespace scenario_test;  // NOLINT(google-build-using-namespace): the shared helpers

// ---------------------------------------------------------------- topology: clos

namespace {

std::string shipped(const std::string& stem) { return kDir + "/../scenarios/" + stem + ".yaml"; }

// Writes `text` to a temporary scenario file and returns its path.
std::string clos_file(const std::string& name, const std::string& text) {
  const fs::path dir = fs::path(::testing::TempDir()) / "scenario_clos";
  fs::create_directories(dir);
  std::ofstream(dir / (name + ".yaml"), std::ios::binary | std::ios::trunc) << text;
  return (dir / (name + ".yaml")).string();
}

// A small Clos scenario; line 1 is "topology:", the keys follow one per line from line
// 2 (type on line 2, pods 3, tors 4, leaves 5, spines 6, hosts 7, entries 8, 9, 10);
// `extra` is appended as is, after the flows.
std::string clos_text(const std::string& pods = "2", const std::string& tors = "4",
                      const std::string& leaves = "4", const std::string& spines = "2",
                      const std::string& h2 = "{name: b, tor: T4}", const std::string& extra = "") {
  return "topology:\n"
         "  type: clos\n"
         "  pods: " + pods + "\n"
         "  tors: " + tors + "\n"
         "  leaves: " + leaves + "\n"
         "  spines: " + spines + "\n"
         "  hosts:\n"
         "    - {name: a, tor: T1}\n"
         "    - " + h2 + "\n"
         "    - {name: c, tor: T1}\n"
         "flows:\n"
         "  - {src: a, dst: b}\n" + extra;
}

// link a-b (either direction) present?
int links_between(const Scenario& s, const std::string& a, const std::string& b) {
  int n = 0;
  for (const auto& l : s.links) n += (l.a == a && l.b == b) || (l.a == b && l.b == a);
  return n;
}

}  // namespace

// The paper's testbed (Fig. 2): T1-T4, L1-L4, S1-S2, two pods, 40 Gb/s, as shipped.
TEST(ScenarioClos, PaperTestbedWiring) {
  const Scenario s = load_scenario(shipped("clos_unfairness"));
  EXPECT_EQ(s.topology.type, dcqcn::net::TopologySpec::Type::CLOS);
  ASSERT_EQ(s.nodes.size(), 4u + 4 + 2 + 5);
  ASSERT_EQ(s.links.size(), 5u + 4 * 2 + 4 * 2);
  int switches = 0;
  for (const auto& n : s.nodes) switches += n.kind == NodeSpec::Kind::SWITCH;
  EXPECT_EQ(switches, 10);
  EXPECT_EQ(s.nodes[0].name, "T1");
  EXPECT_EQ(s.nodes[4].name, "L1");
  EXPECT_EQ(s.nodes[9].name, "S2");
  EXPECT_EQ(s.nodes[10].name, "R");
  EXPECT_EQ(s.nodes[10].kind, NodeSpec::Kind::HOST);
  for (const auto& l : s.links) {
    EXPECT_EQ(l.rate_gbps, 40);
    EXPECT_EQ(l.delay_us, 1);
  }
  // pods: T1, T2 with L1, L2; T3, T4 with L3, L4; every leaf to both spines
  for (const char* t : {"T1", "T2"}) {
    EXPECT_EQ(links_between(s, t, "L1"), 1) << t;
    EXPECT_EQ(links_between(s, t, "L2"), 1) << t;
    EXPECT_EQ(links_between(s, t, "L3"), 0) << t;
    EXPECT_EQ(links_between(s, t, "L4"), 0) << t;
  }
  for (const char* t : {"T3", "T4"}) {
    EXPECT_EQ(links_between(s, t, "L1") + links_between(s, t, "L2"), 0) << t;
    EXPECT_EQ(links_between(s, t, "L3") + links_between(s, t, "L4"), 2) << t;
  }
  for (const char* l : {"L1", "L2", "L3", "L4"})
    for (const char* sp : {"S1", "S2"}) EXPECT_EQ(links_between(s, l, sp), 1) << l << sp;
  EXPECT_EQ(links_between(s, "H4", "T4"), 1);
  EXPECT_EQ(links_between(s, "H3", "T3"), 1);
  // T4's ports in link order: R (P1), H4 (P2), L3 (P3), L4 (P4), as in Fig. 3
  std::vector<std::string> t4;
  for (const auto& l : s.links) {
    if (l.a == "T4") t4.push_back(l.b);
    if (l.b == "T4") t4.push_back(l.a);
  }
  EXPECT_EQ(t4, (std::vector<std::string>{"R", "H4", "L3", "L4"}));
  ASSERT_EQ(s.flows.size(), 4u);
  EXPECT_EQ(s.flows[3].src, "H4");
}

TEST(ScenarioClos, ExpansionCounts) {
  struct Shape {
    const char *pods, *tors, *leaves, *spines;
    size_t switches, links;  // links: 3 hosts + tors * leaves/pods + leaves * spines
  };
  for (const Shape& c : {Shape{"2", "4", "4", "2", 10, 3 + 8 + 8}, Shape{"2", "8", "4", "3", 15, 3 + 16 + 12},
                         Shape{"1", "2", "2", "0", 4, 3 + 4}, Shape{"4", "8", "8", "4", 20, 3 + 16 + 32},
                         Shape{"1", "4", "1", "1", 6, 3 + 4 + 1}}) {
    const std::string f = clos_file("counts", clos_text(c.pods, c.tors, c.leaves, c.spines,
                                                        "{name: b, tor: T2}"));
    const Scenario s = load_scenario(f);
    size_t sw = 0, hosts = 0;
    for (const auto& n : s.nodes) (n.kind == NodeSpec::Kind::SWITCH ? sw : hosts)++;
    EXPECT_EQ(sw, c.switches) << c.pods << "/" << c.tors << "/" << c.leaves << "/" << c.spines;
    EXPECT_EQ(hosts, 3u);
    EXPECT_EQ(s.links.size(), c.links) << c.pods << "/" << c.tors << "/" << c.leaves << "/" << c.spines;
    for (const auto& l : s.links) EXPECT_EQ(l.rate_gbps, 40);  // defaults.link
  }
  // 8 ToRs, 4 leaves, 2 pods: T1-T4 on L1, L2; T5-T8 on L3, L4
  const Scenario s = load_scenario(clos_file("counts2", clos_text("2", "8", "4", "3")), {});
  EXPECT_EQ(links_between(s, "T4", "L2"), 1);
  EXPECT_EQ(links_between(s, "T5", "L2"), 0);
  EXPECT_EQ(links_between(s, "T5", "L3"), 1);
  EXPECT_EQ(links_between(s, "L4", "S3"), 1);
}

TEST(ScenarioClos, RatesDefaultsOverridesAndExtraNodes) {
  // topology.rate_gbps / delay_us, else defaults.link; the file's own nodes and links are
  // kept and may hang off a generated switch.
  const std::string f = clos_file(
      "extra", clos_text("2", "4", "4", "2", "{name: b, tor: T4}",
                         "defaults:\n  link: {rate_gbps: 25, delay_us: 3}\n"
                         "nodes:\n  - {name: x, type: host}\n"
                         "links:\n  - {a: x, b: T3, rate_gbps: 100}\n"));
  const Scenario s = load_scenario(f);
  ASSERT_EQ(s.nodes.size(), 1u + 10 + 3);
  EXPECT_EQ(s.nodes[0].name, "x");  // the file's nodes first
  EXPECT_EQ(s.links[0].rate_gbps, 100);
  EXPECT_EQ(s.links[0].delay_us, 3);
  EXPECT_EQ(s.links[1].rate_gbps, 25);  // generated: defaults.link
  EXPECT_EQ(s.links[1].delay_us, 3);
  const Scenario o = load_scenario(f, {{"topology.rate_gbps", "100"}, {"topology.delay_us", "0.5"},
                                       {"topology.hosts.3.name", "d"}, {"topology.hosts.3.tor", "T3"},
                                       {"flows.0.dst", "d"}});
  EXPECT_EQ(o.links.back().rate_gbps, 100);
  EXPECT_EQ(o.links.back().delay_us, 0.5);
  EXPECT_EQ(o.topology.hosts.size(), 4u);
  EXPECT_EQ(links_between(o, "d", "T3"), 1);
  EXPECT_EQ(o.flows[0].dst, "d");
  // a --set can turn a plain file into a Clos
  const Scenario m = load_scenario(good("minimal"), {{"topology.type", "clos"},
                                                     {"topology.hosts.0.name", "z"},
                                                     {"topology.hosts.0.tor", "T2"},
                                                     {"links.2.a", "s1"},
                                                     {"links.2.b", "T1"},
                                                     {"flows.0.dst", "z"}});
  EXPECT_EQ(m.nodes.size(), 3u + 10 + 1);
  EXPECT_EQ(m.links.size(), 3u + 1 + 8 + 8);
  EXPECT_EQ(m.flows[0].dst, "z");
}

TEST(ScenarioClos, DisabledFlowsAreCheckedThenDropped) {
  const Scenario v = load_scenario(shipped("clos_victim"));
  ASSERT_EQ(v.flows.size(), 7u);
  const Scenario one = load_scenario(shipped("clos_victim"), {{"flows.6.enabled", "false"}});
  ASSERT_EQ(one.flows.size(), 6u);
  EXPECT_EQ(one.flows[5].src, "H31");
  const Scenario zero = load_scenario(shipped("clos_victim"),
                                      {{"flows.6.enabled", "false"}, {"flows.5.enabled", "false"}});
  ASSERT_EQ(zero.flows.size(), 5u);
  EXPECT_EQ(zero.flows[4].src, "VS");
  EXPECT_EQ(zero.flows[4].dst, "VR");
  // a disabled entry is still checked
  std::string msg = error_of(shipped("clos_victim"), {{"flows.6.enabled", "false"}, {"flows.6.dst", "T1"}});
  EXPECT_TRUE(starts_with(msg, "--set flows.6.dst=T1: ")) << msg;
  EXPECT_TRUE(contains(msg, "'T1' is a switch")) << msg;
  const std::string f = clos_file("alloff", clos_text("2", "4", "4", "2", "{name: b, tor: T4}",
                                                      "  - {src: b, dst: a, enabled: false}\n"));
  EXPECT_EQ(load_scenario(f).flows.size(), 1u);
  msg = error_of(f, {{"flows.0.enabled", "false"}});
  EXPECT_TRUE(contains(msg, "flows: every entry has enabled: false; expected at least one flow")) << msg;
}

struct BadClos {
  const char* name;
  std::string text;
  int line;
  const char* expect;
};

std::ostream& operator<<(std::ostream& os, const BadClos& c) { return os << c.name; }

class BadClosFile : public ::testing::TestWithParam<BadClos> {};

TEST_P(BadClosFile, ReportsLineKeyAndProblem) {
  const BadClos& c = GetParam();
  const std::string f = clos_file(std::string("bad_") + c.name, c.text);
  const std::string msg = error_of(f);
  EXPECT_TRUE(starts_with(msg, f + ":" + std::to_string(c.line) + ": ")) << msg;
  EXPECT_TRUE(contains(msg, c.expect)) << msg << "\n  wanted: " << c.expect;
  EXPECT_TRUE(contains(msg, "; expected ")) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
}

INSTANTIATE_TEST_SUITE_P(
    Scenario, BadClosFile,
    ::testing::Values(
        BadClos{"type", "topology:\n  type: fat_tree\n", 2,
                "topology.type: unknown value 'fat_tree'; expected one of none, clos"},
        BadClos{"type_missing", "topology:\n  tors: 4\nflows:\n  - {src: a, dst: b}\n", 2,
                "topology.type: missing (topology.tors is given); expected one of none, clos"},
        BadClos{"tors_multiple", clos_text("2", "5"), 4,
                "topology.tors: tors 5 is not a multiple of pods 2; expected tors and leaves that split"},
        BadClos{"leaves_multiple", clos_text("3", "6", "4"), 5,
                "topology.leaves: leaves 4 is not a multiple of pods 3"},
        BadClos{"no_spines", clos_text("2", "4", "4", "0"), 6,
                "topology.spines: no spines to connect 2 pods; expected spines >= 1 when pods > 1"},
        BadClos{"tors_zero", clos_text("2", "0"), 4, "topology.tors: out of range: 0; expected an integer in 1..256"},
        BadClos{"tors_big", clos_text("2", "300"), 4, "topology.tors: out of range: 300"},
        BadClos{"pods_zero", clos_text("0"), 3, "topology.pods: out of range: 0; expected an integer in 1..64"},
        BadClos{"spines_text", clos_text("2", "4", "4", "two"), 6,
                "topology.spines: wrong type: 'two' is not a number"},
        BadClos{"rate", "topology:\n  type: clos\n  rate_gbps: 0\n", 3,
                "topology.rate_gbps: out of range: 0; expected a number > 0 and <= 1000 (Gb/s)"},
        BadClos{"hosts_missing", "flows:\n  - {src: a, dst: b}\ntopology:\n  type: clos\n", 4,
                "topology.hosts: missing; expected a list of at least one host {name, tor}"},
        BadClos{"hosts_empty", "topology:\n  type: clos\n  hosts: []\nflows:\n  - {src: a, dst: b}\n", 3,
                "topology.hosts: empty list"},
        BadClos{"hosts_map", "topology:\n  type: clos\n  hosts: {T1: [a]}\n", 3,
                "topology.hosts: wrong type: is a map; expected a list of maps with keys name, tor"},
        BadClos{"unknown_tor", clos_text("2", "4", "4", "2", "{name: b, tor: T9}"), 9,
                "topology.hosts.1.tor: 'T9' is not a ToR; expected a ToR: T1, T2, T3, T4"},
        BadClos{"tor_is_leaf", clos_text("2", "4", "4", "2", "{name: b, tor: L2}"), 9,
                "topology.hosts.1.tor: 'L2' is a leaf, not a ToR"},
        BadClos{"tor_missing", clos_text("2", "4", "4", "2", "{name: b}"), 9,
                "topology.hosts.1.tor: missing; expected a ToR name: T1, T2, T3, T4"},
        BadClos{"name_missing", clos_text("2", "4", "4", "2", "{tor: T2}"), 9,
                "topology.hosts.1.name: missing; expected a unique, non-empty host name"},
        BadClos{"host_is_switch", clos_text("2", "4", "4", "2", "{name: S2, tor: T2}"), 9,
                "topology.hosts.1.name: 'S2' is a spine of the topology; expected a unique host name"},
        BadClos{"duplicate_host", clos_text("2", "4", "4", "2", "{name: a, tor: T2}"), 9,
                "topology.hosts.1.name: duplicate host name 'a' (also topology.hosts.0, line 8)"},
        BadClos{"host_is_node",
                clos_text("2", "4", "4", "2", "{name: b, tor: T2}", "nodes:\n  - {name: c, type: host}\n"), 10,
                "topology.hosts.2.name: 'c' is also nodes.0"},
        BadClos{"node_is_switch",
                clos_text("2", "4", "4", "2", "{name: b, tor: T2}", "nodes:\n  - {name: L3, type: switch}\n"), 14,
                "nodes.0.name: 'L3' is a leaf of the topology; expected a name other than the generated "
                "switches T1..T4, L1..L4, S1..S2"},
        BadClos{"link_to_topology_host",
                clos_text("2", "4", "4", "2", "{name: b, tor: T2}",
                          "nodes:\n  - {name: x, type: switch}\nlinks:\n  - {a: x, b: a}\n"),
                16, "links.0.b: 'a' is a topology host, already linked to T1"},
        BadClos{"flow_to_switch", clos_text("2", "4", "4", "2", "{name: b, tor: T2}", "  - {src: a, dst: S1}\n"), 13,
                "flows.1.dst: 'S1' is a switch; expected a host: a, b, c"},
        BadClos{"unknown_topology_key", "topology:\n  type: clos\n  spine: 2\n", 3,
                "topology.spine: unknown key (did you mean topology.spines?)"}),
    [](const ::testing::TestParamInfo<BadClos>& i) { return std::string(i.param.name); });

TEST(ScenarioClos, BadOverridesNameTheSet) {
  const std::string f = shipped("clos_unfairness");
  struct C {
    Overrides ov;
    std::string prefix, expect;
  };
  for (const C& c : std::vector<C>{C{{{"topology.tors", "3"}}, "--set topology.tors=3: ", "tors 3 is not a multiple of pods 2"},
                     C{{{"topology.pods", "3"}}, "--set topology.pods=3: ", "tors 4 is not a multiple of pods 3"},
                     C{{{"topology.spines", "0"}}, "--set topology.spines=0: ", "no spines to connect 2 pods"},
                     C{{{"topology.hosts.1.tor", "T7"}}, "--set topology.hosts.1.tor=T7: ", "'T7' is not a ToR"},
                     C{{{"topology.hosts.5.name", "H9"}}, "--set topology.hosts.5.name=H9: ",
                       "topology.hosts.5.tor: missing"},
                     C{{{"topology.type", "mesh"}}, "--set topology.type=mesh: ", "unknown value 'mesh'"},
                     C{{{"topology.type", "none"}}, f + ":", "nodes: missing"},
                     C{{{"flows.3.enabled", "maybe"}}, "--set flows.3.enabled=maybe: ", "is not a boolean"}}) {
    const std::string msg = error_of(f, c.ov);
    EXPECT_TRUE(starts_with(msg, c.prefix)) << msg;
    EXPECT_TRUE(contains(msg, c.expect)) << msg << "\n  wanted: " << c.expect;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

// ---------------------------------------------------------------- registers

namespace {

struct RegRow {
  std::string name;
  dcqcn::Block block;
  const dcqcn::RegDef* def;
};

std::vector<RegRow> every_register() {
  std::vector<RegRow> v;
  for (const auto& d : dcqcn::kRpRegs) v.push_back({"RP_" + std::string(d.name), dcqcn::Block::RP, &d});
  for (const auto& d : dcqcn::kNpRegs) v.push_back({"NP_" + std::string(d.name), dcqcn::Block::NP, &d});
  for (const auto& d : dcqcn::kCpRegs) v.push_back({"CP_" + std::string(d.name), dcqcn::Block::CP, &d});
  return v;
}

// Written by the simulator from other keys; `registers` refuses them.
const std::set<std::string> kDerived = {"RP_LINE_RATE_KBPS", "RP_MTU_BYTES", "CP_LFSR_SEED",
                                        "CP_MODE", "NP_MODE"};

}  // namespace

TEST(ScenarioRegisters, FileSectionAndSetInOrder) {
  const Scenario t = load_scenario(shipped("thesis_scale"));
  ASSERT_EQ(t.registers.size(), 5u);
  EXPECT_EQ(t.registers[2].name, "RP_MIN_RATE_KBPS");
  EXPECT_EQ(t.registers[2].block, dcqcn::Block::RP);
  EXPECT_EQ(t.registers[2].reg, "MIN_RATE_KBPS");
  EXPECT_EQ(t.registers[2].value, 1000u);
  EXPECT_EQ(t.registers[4].name, "NP_EPOCH_NS");
  EXPECT_EQ(t.registers[4].block, dcqcn::Block::NP);
  EXPECT_EQ(t.registers[4].value, 1000000u);
  // --set replaces a file's entry in place and appends new ones.
  const Scenario u = load_scenario(shipped("thesis_scale"), {{"registers.NP_EPOCH_NS", "100000"},
                                                            {"registers.CP_KMAX_BYTES", "400000"},
                                                            {"registers.NP_EPOCH_NS", "200000"}});
  ASSERT_EQ(u.registers.size(), 6u);
  EXPECT_EQ(u.registers[4].name, "NP_EPOCH_NS");
  EXPECT_EQ(u.registers[4].value, 200000u);
  EXPECT_EQ(u.registers[5].name, "CP_KMAX_BYTES");
  EXPECT_EQ(u.registers[5].block, dcqcn::Block::CP);
  EXPECT_EQ(u.registers[5].value, 400000u);
  // A file without the section: none; --set creates it.
  EXPECT_TRUE(load_scenario(good("minimal")).registers.empty());
  const Scenario m = load_scenario(good("minimal"), {{"registers.RP_ALGO", "1"}});
  ASSERT_EQ(m.registers.size(), 1u);
  EXPECT_EQ(m.registers[0].value, 1u);
  // Kmin from registers and Kmax from switch.ecn (different registers) are fine together.
  EXPECT_NO_THROW(load_scenario(good("minimal"), {{"registers.CP_KMIN_BYTES", "5000"},
                                                  {"switch.ecn.kmax_bytes", "5000"}}));
}

// Every register of the tables: its min and max load, one beyond either is an error that
// states the range; the derived ones are refused with the key that sets them.
TEST(ScenarioRegisters, EveryRegisterAtItsBoundsAndBeyond) {
  int n = 0;
  for (const RegRow& r : every_register()) {
    const std::string key = "registers." + r.name;
    if (kDerived.count(r.name)) {
      const std::string msg = error_of(good("minimal"), {{key, std::to_string(r.def->reset)}});
      EXPECT_TRUE(contains(msg, key + ": is written by the simulator, not by a scenario's registers; "
                                          "expected to set it through ")) << msg;
      continue;
    }
    for (uint32_t v : {r.def->min, r.def->max, r.def->reset}) {
      // issue 25: a minimum rate above minimal's 40 Gb/s line rate would switch the rate
      // cuts off: an error, though the register holds it
      if (r.name == "RP_MIN_RATE_KBPS" && v > 40000000u) {
        const std::string msg = error_of(good("minimal"), {{key, std::to_string(v)}});
        EXPECT_TRUE(contains(msg, "is above the line rate 40000000 kb/s of host 'h1'")) << msg;
        continue;
      }
      const Scenario s = load_scenario(good("minimal"), {{key, std::to_string(v)}});
      ASSERT_EQ(s.registers.size(), 1u) << key;
      EXPECT_EQ(s.registers[0].value, v) << key;
      EXPECT_EQ(s.registers[0].block, r.block) << key;
      EXPECT_EQ(s.registers[0].reg, r.def->name) << key;
    }
    const std::string range = "expected an integer in " + std::to_string(r.def->min) + ".." +
                              std::to_string(r.def->max);
    if (r.def->min > 0) {
      const std::string msg = error_of(good("minimal"), {{key, std::to_string(r.def->min - 1)}});
      EXPECT_TRUE(contains(msg, "out of range: " + std::to_string(r.def->min - 1) + " (the " +
                                    r.name.substr(0, 2) + " would clamp it to " +
                                    std::to_string(r.def->min)))
          << msg;
      EXPECT_TRUE(contains(msg, range)) << msg;
    }
    const uint64_t above = uint64_t{r.def->max} + 1;
    const std::string msg = error_of(good("minimal"), {{key, std::to_string(above)}});
    EXPECT_TRUE(contains(msg, "out of range: " + std::to_string(above))) << msg;
    EXPECT_TRUE(contains(msg, range)) << msg;
    ++n;
  }
  EXPECT_EQ(n, static_cast<int>(every_register().size() - kDerived.size()));
}

TEST(ScenarioRegisters, ListedWithAPointerToTheRegisterMap) {
  for (const auto& k : scenario_schema())
    if (k.key == "registers") {
      EXPECT_EQ(k.type, "map REGISTER: uint");
      EXPECT_EQ(k.default_value, "{}");
      EXPECT_TRUE(contains(k.description, "docs/regmap.md")) << k.description;
      return;
    }
  ADD_FAILURE() << "no key registers in the schema";
}
