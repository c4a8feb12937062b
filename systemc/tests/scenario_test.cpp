// SPDX-License-Identifier: MIT
// Scenario loader: every bad file in systemc/tests/bad/ fails with the expected line and
// problem; the good files load to the expected values; --set overrides work and bad ones
// fail; the schema lists every key; random and mutated inputs never crash. The Clos
// topology and the registers section: scenario_clos_test.cpp.
#include "scenario.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

#include "profiles.h"
#include "regmap.h"
#include "scenario_test_util.h"

using namespace scenario_test;  // NOLINT(google-build-using-namespace): the shared helpers

namespace {

// ---------------------------------------------------------------- bad files

struct BadCase {
  const char* stem;
  int line;
  const char* expect;  // substring of the message
};

std::ostream& operator<<(std::ostream& os, const BadCase& c) { return os << c.stem; }

const BadCase kBadCases[] = {
    // YAML syntax: yaml-cpp's line
    {"syntax_unclosed_map", 10, "yaml: syntax error: illegal block entry"},
    {"syntax_bad_indent", 3, "yaml: syntax error: illegal map value"},
    {"syntax_colon", 11, "yaml: syntax error"},
    {"nul_byte", 3, "(text): NUL byte at column 10 (byte offset 34); expected a YAML text file without NUL bytes"},
    // shape of the document
    {"empty", 1, "(top level): the file is empty; expected a map of scenario keys"},
    {"top_list", 2, "(top level): is a list, not a map; expected a map"},
    {"top_scalar", 2, "(top level): is 'just some text', not a map"},
    {"list_for_map", 12, "switch: wrong type: is a list; expected a map with keys buffer_bytes, pfc, ecn"},
    {"number_for_map", 11, "nic: wrong type: is '5'; expected a map with keys pfc_enabled"},
    {"map_for_list", 3, "nodes: wrong type: is a map; expected a list of maps with keys name, type"},
    {"node_not_map", 2, "nodes.0: wrong type: is 'h1'; expected a map with keys name, type"},
    // keys
    {"unknown_key", 2, "duraton_ms: unknown key (did you mean duration_ms?); expected one of name,"},
    {"unknown_nested_key", 13, "switch.pfc.bta: unknown key (did you mean switch.pfc.beta?)"},
    {"misplaced_key", 13, "switch.pfc.kmin_bytes: unknown key (did you mean switch.ecn.kmin_bytes?)"},
    {"unknown_list_key", 8, "links.1.rate_gpbs: unknown key (did you mean links.1.rate_gbps?)"},
    {"dotted_key", 2, "switch.pfc.beta: unknown key (dotted keys are for --set"},
    {"duplicate_key", 12, "duration_ms: duplicate key (line 2 has it too)"},
    {"missing_required", 8, "links.1.b: missing; expected the name of a node"},
    {"null_value", 2, "sample_us: has no value; expected a number > 0 (us)"},
    // types and ranges
    {"wrong_type_number", 2,
     "duration_ms: wrong type: 'fast' is not a number; expected a number > 0 and <= 18000000000 (ms)"},
    {"wrong_type_bool", 13, "switch.ecn.enabled: wrong type: 'maybe' is not a boolean; expected true or false"},
    {"not_integer", 10, "flows.0.size_bytes: wrong type: '1.5' is not an integer; expected an integer >= 0 (bytes)"},
    {"mtu_range", 2, "mtu_bytes: out of range: 10000; expected an integer in 64..9000 (bytes)"},
    {"zero_duration", 2, "duration_ms: out of range: 0; expected a number > 0 and <= 18000000000 (ms)"},
    // issue 16: beyond SystemC's 64-bit ps time (the kernel aborted with E544 at the end)
    {"duration_kernel_limit", 2,
     "duration_ms: out of range: 1e12; expected a number > 0 and <= 18000000000 (ms)"},
    // issue 16: a sample interval longer than the run read 0.000 Gb/s for every flow
    {"sample_longer_than_run", 3,
     "sample_us: sample_us 1001 leaves no whole sample interval between stats_from_ms 0 and duration_ms 1 "
     "(every throughput would read 0); expected a sample_us with at least one whole interval in that window, "
     "e.g. sample_us <= 1000 (us)"},
    // issue 16: sample_us 1e-6 wrote 1.6 GB in 21 s without a word
    {"sample_too_many_rows", 3,
     "sample_us: sample_us 1e-06 over duration_ms 50 would write 2.5e+11 CSV rows (5 per sample: sampled flows, "
     "switch ports and NICs); expected at most 20000000 rows: sample_us >= 0.0125 (us) here, a shorter "
     "duration_ms, or fewer flows in sample_flows (e.g. 0-99)"},
    // issue 16: the time series of a chosen subset of the flows (sample_flows)
    {"sample_flows_beyond", 2,
     "sample_flows: flow 8 does not exist (8 flows); expected all, none, or flow ids and ranges such as "
     "0-99,500 (ids 0..7: 8 flows, in scenario order with count expanded)"},
    {"sample_flows_syntax", 2, "sample_flows: 'first ten' is not a flow list; expected all, none, or flow ids"},
    {"link_rate_range", 8, "links.1.rate_gbps: out of range: 1600; expected a number > 0 and <= 1000 (Gb/s)"},
    {"negative_delay", 13, "defaults.link.delay_us: out of range: -1; expected a number >= 0 (us)"},
    {"loss_range", 7, "links.0.loss: out of range: 1.5; expected a number >= 0 and <= 1"},
    {"onoff_half", 11,
     "flows.1.on_us: flows.1 has on_us 500 and off_us 0 (an on/off flow needs both periods); expected both "
     "on_us and off_us > 0 (on/off traffic), or both 0 (always on)"},
    {"start_rate_range", 10, "flows.0.start_rate_gbps: out of range: 500; expected a number >= 0 and <= 400 (Gb/s)"},
    {"pmax_range", 13, "switch.ecn.pmax: out of range: 2; expected a number >= 0 and <= 1"},
    {"beta_zero", 13, "switch.pfc.beta: out of range: 0; expected a number > 0"},
    {"negative_seed", 2, "seed: out of range: -1; expected an integer >= 0"},
    {"priority_range", 2, "data_priority: out of range: 8; expected an integer in 0..7"},
    {"count_zero", 10, "flows.0.count: out of range: 0; expected an integer in 1..1048576"},
    {"empty_node_name", 4, "nodes.1.name: is empty; expected a unique, non-empty node name"},
    {"node_name_comma", 4,
     "nodes.1.name: node name 'h,2' contains a comma (character 2); expected a node name of letters, digits, "
     "'_' and '-' only (it names the node in the CSVs, summary.json, the waveform and the capture map)"},
    {"node_name_quote", 5, "nodes.2.name: node name 'h\"2' contains a double quote (character 2); expected a node name of"},
    {"node_name_newline", 5, "nodes.2.name: node name 'h\\n2' contains a newline (character 2); expected a node name of"},
    // issue 25: "h 1" and "h.1" were "h_1" in summary.json and "h 1" in the VCD
    {"node_name_blank", 4, "nodes.1.name: node name 'h 2' contains a blank (character 2); expected a node name of"},
    {"node_name_dot", 4, "nodes.1.name: node name 'h.2' contains a '.' (character 2); expected a node name of"},
    // enums
    {"bad_enum", 13, "switch.pfc.mode: unknown value 'adaptive'; expected one of static, dynamic"},
    {"bad_node_type", 5, "nodes.2.type: unknown value 'router'; expected one of host, switch"},
    {"unknown_profile", 2,
     "profile: unknown profile 'dcqcn2'; expected one of paper, connectx, strawman, dcqcn_plus, "
     "dcqcn_plus_static"},
    // topology
    {"no_nodes", 2, "nodes: missing; expected a list of at least one node"},
    {"duplicate_node", 5, "nodes.2.name: duplicate node name 'h1' (also nodes.0, line 3)"},
    {"link_unknown_node", 8, "links.1.b: 's9' is not a node; expected a node name: h1, h2, s1"},
    {"link_two_hosts", 7, "links.0: links two hosts ('h1', 'h2'); expected a host linked to a switch"},
    {"host_two_links", 10, "links.2.b: host 'h1' already has a link (links.0); expected exactly one link per host"},
    {"host_no_link", 5, "nodes.2: host 'h3' has no link; expected exactly one link per host, to a switch"},
    {"link_self", 9, "links.2.b: same node as a ('s1')"},
    // flows
    {"no_flows", 2, "flows: missing; expected a list of at least one flow"},
    {"empty_flows", 9, "flows: empty list; expected a list of at least one flow"},
    {"flow_to_switch", 10, "flows.0.dst: 's1' is a switch; expected a host: h1, h2"},
    {"flow_src_eq_dst", 11, "flows.1.dst: same host as src ('h2')"},
    {"flow_unknown_host", 10, "flows.0.src: 'h7' is not a node; expected a host: h1, h2"},
    {"flow_unreachable", 11, "flows.0.dst: 'h2' cannot be reached from 'h1'"},
    // cross-field rules
    {"kmin_gt_kmax", 13, "switch.ecn.kmin_bytes: kmin_bytes 200000 > kmax_bytes 5000; expected kmin_bytes <= kmax_bytes"},
    {"cnp_eq_data", 3, "cnp_priority: equals data_priority (3); expected two different priorities"},
    {"stats_from_after_end", 3,
     "stats_from_ms: stats_from_ms 20 is not before duration_ms 20; expected 0 <= stats_from_ms < "
     "duration_ms"},
    {"default_flow_count_zero", 3,
     "defaults.flow.count: out of range: 0; expected an integer in 1..1048576"},
    // issue 16: flows started over a window (thesis_scale)
    {"start_spread_negative", 3,
     "defaults.flow.start_spread_us: out of range: -5; expected a number >= 0 (us)"},
    {"start_spread_after_end", 12,
     "flows.1.start_spread_us: flows.1 starts its flows up to start_us 5000 + start_spread_us 20000 us, after "
     "duration_ms 20 (some flows would never start); expected start_us + start_spread_us <= duration_ms x 1000 "
     "(us), here start_spread_us <= 15000"},
    // go-back-N (nic.*)
    {"nak_latency_negative", 12, "nic.nak_latency_us: out of range: -5; expected a number >= 0 and <= 1000000 (us)"},
    {"nak_timeout_zero", 12, "nic.nak_timeout_us: out of range: 0; expected a number > 0 and <= 1000000 (us)"},
    {"rto_range", 12, "nic.rto_us: out of range: 5e6; expected a number > 0 and <= 1000000 (us)"},
    {"rto_not_number", 12, "nic.rto_us: wrong type: '1ms' is not a number; expected a number > 0"},
    {"nak_unknown_key", 12, "nic.nak_timout_us: unknown key (did you mean nic.nak_timeout_us?)"},
    // registers
    {"register_unknown", 13,
     "registers.MIN_RATE_KBPS: unknown register (did you mean RP_MIN_RATE_KBPS?); expected RP_, NP_ or "
     "CP_ + a register name of tb/ref/regmap_{rp,np,cp}.h (docs/regmap.md)"},
    {"register_range", 12,
     "registers.RP_MIN_RATE_KBPS: out of range: 500 (the RP would clamp it to 1000 without a word); "
     "expected an integer in 1000..4000000000 (kb/s, the range of RP_MIN_RATE_KBPS in docs/regmap.md)"},
    {"register_kmin_conflict", 14,
     "registers.CP_KMIN_BYTES: conflicts with switch.ecn.kmin_bytes (both write the CP's CP_KMIN_BYTES); "
     "expected one of registers.CP_KMIN_BYTES and switch.ecn.kmin_bytes"},
    {"register_derived", 11,
     "registers.RP_LINE_RATE_KBPS: is written by the simulator, not by a scenario's registers; expected to "
     "set it through the rate of each NIC's link"},
    // issue 16: a scenario value whose derived register the RTL would clamp
    {"register_clamp_mtu", 2,
     "mtu_bytes: mtu_bytes 9000 + header_bytes 1024 = 10024 B, which the RP's RP_MTU_BYTES would clamp to 9216 "
     "without a word; expected mtu_bytes + header_bytes in 64..9216 (bytes, the range of RP_MTU_BYTES in "
     "docs/regmap.md)"},
    {"register_clamp_line_rate", 8,
     "links.1.rate_gbps: rate 1e-09 Gb/s of a host's link (links.1) is 0 kb/s, which the RP's RP_LINE_RATE_KBPS "
     "would clamp to 1000 without a word; expected a host's link rate in 0.001..4000 (Gb/s, the range of "
     "RP_LINE_RATE_KBPS in docs/regmap.md)"},
    {"register_clamp_kmax", 14,
     "switch.ecn.kmax_bytes: out of range: 5000000000 (the CP's CP_KMAX_BYTES is 32 bits wide: 4294967295 at "
     "most); expected an integer in 0..4294967295 (bytes, the range of CP_KMAX_BYTES in docs/regmap.md)"},
    // issue 25: values the simulator cannot represent (SystemC's 64-bit ps time)
    {"link_delay_beyond_time", 8,
     "links.1.delay_us: out of range: 1e30 us is beyond SystemC's 64-bit ps time (1.8e10 ms at most, as "
     "duration_ms); expected a time of at most 18000000000000 us"},
    {"start_beyond_time", 10,
     "flows.0.start_us: out of range: 1e20 us is beyond SystemC's 64-bit ps time"},
    {"delay_plus_duration_beyond_time", 9,
     "links.1.delay_us: duration_ms 18000000000 + links.1.delay_us (1000000000 ms) is beyond SystemC's 64-bit ps "
     "time (events are scheduled up to that far ahead); expected duration_ms + links.1.delay_us <= 18440000000 ms"},
    {"timeout_below_ps", 12,
     "nic.nak_timeout_us: positive but below 1 ps, SystemC's time resolution: 1e-300 us would run as 0; expected "
     "a time of at least 1 ps (1e-06 us)"},
    {"rate_below_representable", 13,
     "nic.rx_drain_gbps: positive but below 1e-09 Gb/s (1 b/s), the smallest rate the simulator represents"},
    {"min_rate_above_line", 12,
     "registers.RP_MIN_RATE_KBPS: RP_MIN_RATE_KBPS 50000000 kb/s (registers) is above the line rate 40000000 kb/s "
     "of host 'h1' (links.0): the RP never cuts below min(MIN_RATE, LINE_RATE), so DCQCN's rate cuts would do "
     "nothing; expected RP_MIN_RATE_KBPS below every host's line rate (here < 40000000 kb/s)"},
    {"flow_start_after_end", 12,
     "flows.1.start_us: flows.1 starts at start_us 30000 us, at or after the end of the run (duration_ms 20): it "
     "would send nothing, and the fairness index would not show it; expected start_us < duration_ms x 1000 = "
     "20000 (us)"},
    // issue 25: buffer settings that cannot work (they ran, paused on every packet and broke
    // the buffer accounting)
    {"headroom_gt_buffer", 13,
     "switch.pfc.headroom_bytes: switch.pfc.headroom_bytes 2000000 B is larger than switch.buffer_bytes 1000000 B "
     "(per port and priority); expected switch.pfc.headroom_bytes <= switch.buffer_bytes (1000000 B)"},
    {"reserved_gt_buffer", 13,
     "switch.pfc.reserved_bytes: switch.pfc.reserved_bytes 1500000 B is larger than switch.buffer_bytes 1000000 B"},
    {"static_tpfc_gt_buffer", 13,
     "switch.pfc.t_pfc_bytes: switch.pfc.t_pfc_bytes 5000000 B is larger than switch.buffer_bytes 1000000 B (the "
     "XOFF threshold of one port and priority)"},
    {"sched_slot_not_pow2", 13, "nic.sched_slot_ns: 24 is not a power of two; expected 1, 2, 4, ... 1024 (ns)"},
    {"tiny_buffer", 12,
     "switch.buffer_bytes: switch.buffer_bytes 500 B cannot hold one data frame (mtu_bytes + header_bytes = 1062 B); "
     "expected switch.buffer_bytes of at least 1062 B"},
    {"derived_headroom_gt_buffer", 7,
     "defaults.link.delay_us: switch 's1' (2 ports) sets aside 8 priorities x 2 ports x (headroom 50042164 B, "
     "derived from its links' rate and delay + reserved 0 B) = 800674624 B, not less than switch.buffer_bytes "
     "12000000 B: no shared buffer is left, every packet would pause or be dropped; expected switch.buffer_bytes > "
     "800674624 B, or less headroom (shorter delay_us or slower links)"},
    {"reserved_take_buffer", 15,
     "switch.pfc.reserved_bytes: switch 's1' (3 ports) sets aside 8 priorities x 3 ports x (headroom 0 B + "
     "reserved 50000 B) = 1200000 B, not less than switch.buffer_bytes 1000000 B"},
    // issue 25: files
    {"second_document", 11,
     "(document 2): a second YAML document (after '---'), which would be ignored; expected one scenario per file"},
    {"register_not_map", 12, "registers: wrong type: is a list; expected a map of NAME: VALUE"},
    {"register_not_integer", 12,
     "registers.RP_G_Q16: wrong type: '0.5' is not an integer; expected an integer in 1..65536 (Q16, "
     "65536 = 1.0, the range of RP_G_Q16 in docs/regmap.md)"},
};

class BadFile : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadFile, ReportsLineKeyAndProblem) {
  const BadCase& c = GetParam();
  const std::string file = bad(c.stem);
  const std::string msg = error_of(file);
  EXPECT_TRUE(starts_with(msg, file + ":" + std::to_string(c.line) + ": ")) << msg;
  EXPECT_TRUE(contains(msg, c.expect)) << msg << "\n  wanted: " << c.expect;
  EXPECT_TRUE(contains(msg, "; expected ")) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
}

INSTANTIATE_TEST_SUITE_P(Scenario, BadFile, ::testing::ValuesIn(kBadCases),
                         [](const ::testing::TestParamInfo<BadCase>& i) { return std::string(i.param.stem); });

TEST(ScenarioBad, EveryBadFileHasACaseAndEveryCaseAFile) {
  std::set<std::string> stems, files;
  for (const auto& c : kBadCases) EXPECT_TRUE(stems.insert(c.stem).second) << "twice: " << c.stem;
  for (const auto& e : fs::directory_iterator(kDir + "/bad"))
    if (e.path().extension() == ".yaml") files.insert(e.path().stem().string());
  EXPECT_EQ(stems, files);
  EXPECT_GE(files.size(), 18u);
}

TEST(ScenarioBad, MissingFileCannotOpen) {
  const std::string file = kDir + "/bad/does_not_exist.yaml";
  const std::string msg = error_of(file);
  EXPECT_TRUE(starts_with(msg, file + ": cannot open")) << msg;
  EXPECT_TRUE(contains(msg, "; expected ")) << msg;
  EXPECT_TRUE(starts_with(error_of(kDir + "/bad"), kDir + "/bad: cannot open"));
}

// issue 25: suspicious but legal values are one-line warnings naming the key: a link
// whose delay is not shorter than the run, a minimum rate equal to the line rate.
TEST(ScenarioWarnings, SuspiciousValuesWarnOnOneLine) {
  const std::string f = good("minimal");
  {
    const Scenario s = load_scenario(
        f, {{"duration_ms", "2"}, {"switch.pfc.enabled", "false"}, {"links.1.delay_us", "2000"}, {"sample_us", "100"}});
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_EQ(s.warnings[0],
              "--set links.1.delay_us=2000: links.1 ('h2' - 's1') has a delay of 2000 us, not shorter than the run "
              "(duration_ms 2): no packet crosses it before the end; expected a delay_us below duration_ms x 1000, "
              "or a longer duration_ms");
  }
  {
    const Scenario s = load_scenario(f, {{"registers.RP_MIN_RATE_KBPS", "40000000"}});
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_TRUE(starts_with(s.warnings[0], "--set registers.RP_MIN_RATE_KBPS=40000000: RP_MIN_RATE_KBPS 40000000 "
                                           "kb/s (registers) is equal to the line rate 40000000 kb/s of host 'h1'"))
        << s.warnings[0];
    EXPECT_EQ(s.warnings[0].find('\n'), std::string::npos);
  }
  EXPECT_TRUE(load_scenario(f, {{"registers.RP_MIN_RATE_KBPS", "39999999"}}).warnings.empty());
  {
    // a flow after the end: an error in the file (bad/flow_start_after_end.yaml), a warning
    // when the run is cut short on the command line (--duration)
    const Scenario s = load_scenario(bad("flow_start_after_end"), {{"duration_ms", "20"}});
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_TRUE(starts_with(s.warnings[0], "--set duration_ms=20: flows.1 starts at start_us 30000 us, at or after "
                                           "the end of the run (duration_ms 20): it would send nothing"))
        << s.warnings[0];
  }
  {
    // the timing wheel's slot is a knob of nic.core: blocks; with the top it does nothing
    const Scenario s = load_scenario(f, {{"nic.sched_slot_ns", "16"}});
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_EQ(s.warnings[0], "--set nic.sched_slot_ns=16: has no effect with nic.core: top (the top's scheduler "
                             "is the RTL's timing wheel, whose slot is 32 ns); expected nic.core: blocks, or no "
                             "nic.sched_slot_ns");
    EXPECT_TRUE(load_scenario(f, {{"nic.sched_slot_ns", "16"}, {"nic.core", "blocks"}}).warnings.empty());
  }
  EXPECT_TRUE(load_scenario(f).warnings.empty());
}

// issue 25: the limits are exact: 1 ps and 1e-9 Gb/s are accepted, 0 too where 0 is legal.
TEST(ScenarioWarnings, SmallestTimeAndRateLoad) {
  const std::string f = good("minimal");
  EXPECT_EQ(load_scenario(f, {{"nic.nak_timeout_us", "1e-6"}}).nic.nak_timeout_us, 1e-6);
  EXPECT_EQ(load_scenario(f, {{"cnp_gen_ns", "0"}}).cnp_gen_ns, 0);
  EXPECT_EQ(load_scenario(f, {{"nic.rx_drain_gbps", "1e-9"}}).nic.rx_drain_gbps, 1e-9);
  EXPECT_TRUE(contains(error_of(f, {{"cnp_gen_ns", "1e-4"}}),
                       "--set cnp_gen_ns=1e-4: positive but below 1 ps, SystemC's time resolution: 1e-4 ns would run "
                       "as 0; expected 0 or a time of at least 1 ps (0.001 ns)"));
}

// issue 25: a scenario is a regular file of at most 16 MiB.
TEST(ScenarioBad, OnlyRegularFilesUpTo16MiB) {
  EXPECT_TRUE(starts_with(error_of("/dev/zero"), "/dev/zero: cannot open: not a regular file (a device, pipe or "
                                                  "socket); expected a YAML scenario file"));
  const fs::path big = fs::path(::testing::TempDir()) / "big_scenario.yaml";
  {
    std::ofstream o(big);
    o << "# " << std::string(16u << 20, 'x') << "\n";
  }
  EXPECT_EQ(error_of(big.string()),
            big.string() + ": cannot open: 16777219 bytes, more than the 16777216 (16 MiB) a scenario may have; "
                           "expected a scenario file of at most 16 MiB (use count and topology: clos for large networks)");
  fs::remove(big);
}

// yaml-cpp quirks: self-referencing aliases and deep nesting end in a ScenarioError.
TEST(ScenarioBad, PathologicalYaml) {
  const fs::path dir = fs::path(::testing::TempDir()) / "scenario_patho";
  fs::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  };
  std::string alias = write("alias.yaml", "nodes: &a [*a]\nflows: &b {x: *b}\n");
  EXPECT_TRUE(contains(error_of(alias), ":1: nodes.0: wrong type: is a list")) << error_of(alias);
  std::string deep = write("deep.yaml", "nodes: " + std::string(20000, '[') + std::string(20000, ']'));
  EXPECT_TRUE(starts_with(error_of(deep), deep + ":")) << error_of(deep);
  std::string key = write("key.yaml", "? [a, b]\n: 1\n");
  EXPECT_TRUE(contains(error_of(key), "(top level): a key is a list")) << error_of(key);
}

// ---------------------------------------------------------------- good files

TEST(ScenarioGood, MinimalTakesEveryDefault) {
  const Scenario s = load_scenario(good("minimal"));
  const Scenario d;
  EXPECT_EQ(s.name, "minimal");  // the file's stem
  EXPECT_EQ(s.file, good("minimal"));
  EXPECT_EQ(s.description, d.description);
  EXPECT_EQ(s.duration_ms, d.duration_ms);
  EXPECT_EQ(s.sample_us, d.sample_us);
  EXPECT_EQ(s.seed, d.seed);
  EXPECT_EQ(s.profile, "paper");
  EXPECT_EQ(s.profile_flows, d.profile_flows);
  EXPECT_EQ(s.mtu_bytes, d.mtu_bytes);
  EXPECT_EQ(s.header_bytes, d.header_bytes);
  EXPECT_EQ(s.data_priority, d.data_priority);
  EXPECT_EQ(s.cnp_priority, d.cnp_priority);
  EXPECT_EQ(s.cnp_gen_ns, d.cnp_gen_ns);
  EXPECT_EQ(s.ecmp_seed, d.ecmp_seed);
  EXPECT_EQ(s.sw.buffer_bytes, d.sw.buffer_bytes);
  EXPECT_EQ(s.sw.pfc.enabled, d.sw.pfc.enabled);
  EXPECT_EQ(s.sw.pfc.mode, d.sw.pfc.mode);
  EXPECT_EQ(s.sw.pfc.t_pfc_bytes, d.sw.pfc.t_pfc_bytes);
  EXPECT_EQ(s.sw.pfc.beta, d.sw.pfc.beta);
  EXPECT_EQ(s.sw.pfc.xon_gap_bytes, d.sw.pfc.xon_gap_bytes);
  // headroom_bytes absent: derived, t_flight = 2 x 1082 B wire frames (1000 + 62 + 20)
  // + 40 Gb/s x (2 x 1 us + 8 us response) / 8 = 52164 B
  EXPECT_EQ(s.sw.pfc.headroom_bytes, 52164u);
  EXPECT_TRUE(s.warnings.empty());
  EXPECT_EQ(s.sw.pfc.reserved_bytes, d.sw.pfc.reserved_bytes);
  EXPECT_EQ(s.sw.pfc.response_ns, d.sw.pfc.response_ns);
  EXPECT_EQ(s.sw.ecn.enabled, d.sw.ecn.enabled);
  EXPECT_EQ(s.sw.ecn.mark_at, d.sw.ecn.mark_at);
  EXPECT_FALSE(s.sw.ecn.kmin_bytes);
  EXPECT_FALSE(s.sw.ecn.kmax_bytes);
  EXPECT_FALSE(s.sw.ecn.pmax);
  EXPECT_EQ(s.sw.ecn.tcd, d.sw.ecn.tcd);
  EXPECT_EQ(s.nic.pfc_enabled, d.nic.pfc_enabled);
  EXPECT_EQ(s.nic.rx_buffer_bytes, d.nic.rx_buffer_bytes);
  EXPECT_EQ(s.nic.rx_drain_gbps, d.nic.rx_drain_gbps);
  EXPECT_EQ(s.nic.nak_latency_us, 20);  // go-back-N defaults (docs/network.md, nic.cpp)
  EXPECT_EQ(s.nic.nak_timeout_us, 100);
  EXPECT_EQ(s.nic.rto_us, 1000);
  ASSERT_EQ(s.nodes.size(), 3u);
  EXPECT_EQ(s.nodes[0].name, "h1");
  EXPECT_EQ(s.nodes[0].kind, NodeSpec::Kind::HOST);
  EXPECT_EQ(s.nodes[2].name, "s1");
  EXPECT_EQ(s.nodes[2].kind, NodeSpec::Kind::SWITCH);
  ASSERT_EQ(s.links.size(), 2u);
  EXPECT_EQ(s.links[1].a, "h2");
  EXPECT_EQ(s.links[1].b, "s1");
  EXPECT_EQ(s.links[1].rate_gbps, 40);
  EXPECT_EQ(s.links[1].delay_us, 1);
  EXPECT_EQ(s.links[1].loss, 0);
  ASSERT_EQ(s.flows.size(), 1u);
  EXPECT_EQ(s.flows[0].src, "h1");
  EXPECT_EQ(s.flows[0].dst, "h2");
  EXPECT_EQ(s.flows[0].start_us, 0);
  EXPECT_EQ(s.flows[0].size_bytes, 0u);
  EXPECT_EQ(s.flows[0].count, 1u);
}

TEST(ScenarioGood, FullSetsEveryKey) {
  const Scenario s = load_scenario(good("full"));
  EXPECT_EQ(s.name, "full_example");
  EXPECT_EQ(s.description, "every key, non-default values");
  EXPECT_EQ(s.duration_ms, 12.5);
  EXPECT_EQ(s.sample_us, 20);
  EXPECT_EQ(s.seed, 18446744073709551615ull);
  EXPECT_EQ(s.profile, "dcqcn_plus_static");
  EXPECT_EQ(s.profile_flows, 16u);
  EXPECT_EQ(s.mtu_bytes, 4096u);
  EXPECT_EQ(s.header_bytes, 62u);
  EXPECT_EQ(s.data_priority, 5u);
  EXPECT_EQ(s.cnp_priority, 6u);
  EXPECT_EQ(s.cnp_gen_ns, 250);
  EXPECT_EQ(s.ecmp_seed, 42u);
  ASSERT_EQ(s.nodes.size(), 5u);
  EXPECT_EQ(s.nodes[0].name, "h1");
  EXPECT_EQ(s.nodes[0].kind, NodeSpec::Kind::HOST);
  EXPECT_EQ(s.nodes[4].name, "s2");
  EXPECT_EQ(s.nodes[4].kind, NodeSpec::Kind::SWITCH);
  ASSERT_EQ(s.links.size(), 4u);
  EXPECT_EQ(s.links[0].rate_gbps, 100);  // defaults.link
  EXPECT_EQ(s.links[0].delay_us, 2.5);
  EXPECT_EQ(s.links[1].a, "s1");
  EXPECT_EQ(s.links[1].b, "h2");
  EXPECT_EQ(s.links[1].rate_gbps, 25);
  EXPECT_EQ(s.links[1].delay_us, 2.5);
  EXPECT_EQ(s.links[2].rate_gbps, 100);
  EXPECT_EQ(s.links[2].delay_us, 0);
  EXPECT_EQ(s.links[2].loss, 0.001);
  EXPECT_EQ(s.links[3].rate_gbps, 400);
  EXPECT_EQ(s.links[3].delay_us, 0.5);
  EXPECT_EQ(s.sw.buffer_bytes, 9000000u);
  EXPECT_FALSE(s.sw.pfc.enabled);
  EXPECT_EQ(s.sw.pfc.mode, PfcSpec::Mode::STATIC);
  EXPECT_EQ(s.sw.pfc.t_pfc_bytes, 30000u);
  EXPECT_EQ(s.sw.pfc.beta, 4);
  EXPECT_EQ(s.sw.pfc.xon_gap_bytes, 2000u);
  EXPECT_EQ(s.sw.pfc.headroom_bytes, 50000u);
  EXPECT_EQ(s.sw.pfc.reserved_bytes, 1500u);
  EXPECT_EQ(s.sw.pfc.response_ns, 300);
  EXPECT_FALSE(s.sw.ecn.enabled);
  EXPECT_EQ(s.sw.ecn.mark_at, EcnSpec::Where::DEQUEUE);
  EXPECT_EQ(s.sw.ecn.kmin_bytes, 5000u);
  EXPECT_EQ(s.sw.ecn.kmax_bytes, 200000u);
  EXPECT_EQ(s.sw.ecn.pmax, 0.01);
  EXPECT_TRUE(s.sw.ecn.tcd);
  EXPECT_TRUE(s.nic.pfc_enabled);
  EXPECT_EQ(s.nic.rx_buffer_bytes, 2000000u);
  EXPECT_EQ(s.nic.rx_drain_gbps, 35.5);
  EXPECT_EQ(s.nic.nak_latency_us, 2.5);
  EXPECT_EQ(s.nic.nak_timeout_us, 40);
  EXPECT_EQ(s.nic.rto_us, 300);
  ASSERT_EQ(s.flows.size(), 3u);
  EXPECT_EQ(s.flows[0].src, "h1");
  EXPECT_EQ(s.flows[0].dst, "h3");
  EXPECT_EQ(s.flows[0].start_us, 10);
  EXPECT_EQ(s.flows[0].size_bytes, 1000000u);
  EXPECT_EQ(s.flows[0].count, 4u);
  EXPECT_EQ(s.flows[1].size_bytes, 1000000u);  // 1e6
  EXPECT_EQ(s.flows[1].count, 1u);
  EXPECT_EQ(s.flows[2].size_bytes, 0u);
}

TEST(ScenarioGood, IncastWithAliasAndEmptySections) {
  const Scenario s = load_scenario(good("incast"));
  EXPECT_EQ(s.name, "incast8");
  EXPECT_EQ(s.profile, "connectx");
  EXPECT_EQ(s.duration_ms, 5);
  ASSERT_EQ(s.nodes.size(), 10u);
  EXPECT_EQ(s.nodes[2].name, "a1");
  EXPECT_EQ(s.nodes[2].kind, NodeSpec::Kind::HOST);  // type: *h
  EXPECT_EQ(s.links.size(), 9u);
  ASSERT_EQ(s.flows.size(), 8u);
  for (const auto& f : s.flows) EXPECT_EQ(f.dst, "r");
  EXPECT_EQ(s.sw.buffer_bytes, Scenario{}.sw.buffer_bytes);
}

TEST(ScenarioGood, EveryGoodFileLoads) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(kDir + "/good"))
    if (e.path().extension() == ".yaml") {
      ++n;
      EXPECT_NO_THROW(load_scenario(e.path().string())) << e.path();
    }
  EXPECT_GE(n, 3);
}

// ---------------------------------------------------------------- overrides

TEST(ScenarioOverride, SetsValuesCreatesSectionsAndAppends) {
  const Scenario s = load_scenario(good("minimal"), {{"duration_ms", "100"},
                                                     {"switch.pfc.beta", "4"},
                                                     {"switch.pfc.mode", "static"},
                                                     {"switch.ecn.kmin_bytes", "1000"},
                                                     {"flows.0.size_bytes", "1000000"},
                                                     {"profile", "connectx"},
                                                     {"links.1.rate_gbps", "25"},
                                                     {"defaults.link.delay_us", "3"},
                                                     {"flows.1.src", "h2"},
                                                     {"flows.1.dst", "h1"},
                                                     {"flows.1.count", "3"},
                                                     {"name", "renamed"}});
  EXPECT_EQ(s.duration_ms, 100);
  EXPECT_EQ(s.sw.pfc.beta, 4);
  EXPECT_EQ(s.sw.pfc.mode, PfcSpec::Mode::STATIC);
  EXPECT_EQ(s.sw.ecn.kmin_bytes, 1000u);
  EXPECT_EQ(s.flows[0].size_bytes, 1000000u);
  EXPECT_EQ(s.profile, "connectx");
  EXPECT_EQ(s.links[1].rate_gbps, 25);
  EXPECT_EQ(s.links[0].rate_gbps, 40);
  EXPECT_EQ(s.links[0].delay_us, 3);
  ASSERT_EQ(s.flows.size(), 2u);
  EXPECT_EQ(s.flows[1].src, "h2");
  EXPECT_EQ(s.flows[1].dst, "h1");
  EXPECT_EQ(s.flows[1].count, 3u);
  EXPECT_EQ(s.name, "renamed");
}

// defaults.flow.count fills every flows entry that omits count (thesis_scale.yaml's knob).
TEST(ScenarioOverride, DefaultFlowCountAndStatsFrom) {
  const Scenario s = load_scenario(good("minimal"), {{"flows.1.src", "h2"},
                                                     {"flows.1.dst", "h1"},
                                                     {"flows.1.count", "3"},
                                                     {"defaults.flow.count", "7"},
                                                     {"stats_from_ms", "12.5"}});
  ASSERT_EQ(s.flows.size(), 2u);
  EXPECT_EQ(s.flows[0].count, 7u);
  EXPECT_EQ(s.flows[1].count, 3u);
  EXPECT_EQ(s.stats_from_ms, 12.5);
  const Scenario t = load_scenario(std::string(SCENARIO_TEST_DIR) + "/../scenarios/thesis_scale.yaml",
                                   {{"defaults.flow.count", "60"}});
  ASSERT_EQ(t.flows.size(), 8u);
  for (const auto& f : t.flows) EXPECT_EQ(f.count, 60u);
}

// sample_flows takes blanks around ids, ',' and '-' ("0-99, 500" is how one writes it in
// YAML), as an override and in a file; ids come out ascending, without repeats.
TEST(ScenarioOverride, SampleFlowsListWithBlanks) {
  const Overrides ten = {{"defaults.flow.count", "10"}};
  auto ids = [&](const std::string& list) {
    Overrides ov = ten;
    ov.emplace_back("sample_flows", list);
    return load_scenario(good("minimal"), ov).sampled_flows;
  };
  const std::vector<uint32_t> want = {0, 1, 2, 5, 7};
  EXPECT_EQ(ids("0-2,5,7"), want);
  EXPECT_EQ(ids("0-2, 5, 7"), want);
  EXPECT_EQ(ids(" 0 - 2 ,5 ,\t7 "), want);
  EXPECT_EQ(ids("7, 5,0 -2, 1"), want);
  EXPECT_EQ(ids(" all ").size(), 10u);
  EXPECT_TRUE(ids(" none").empty());
  const std::string yaml = ::testing::TempDir() + "sample_flows_blanks.yaml";
  {
    std::ofstream y(yaml);
    y << "sample_flows: 0-2, 5, 7\ndefaults: {flow: {count: 10}}\nnodes:\n  - {name: h1, type: host}\n"
      << "  - {name: h2, type: host}\n  - {name: s1, type: switch}\nlinks:\n  - {a: h1, b: s1}\n"
      << "  - {a: h2, b: s1}\nflows:\n  - {src: h1, dst: h2}\n";
  }
  EXPECT_EQ(load_scenario(yaml).sampled_flows, want);
}

TEST(ScenarioOverride, ReplacesFileValuesInOrder) {
  const Scenario s = load_scenario(good("full"), {{"mtu_bytes", "1500"},
                                                  {"mtu_bytes", "2000"},
                                                  {"switch.ecn.enabled", "true"},
                                                  {"links.0.rate_gbps", "10"}});
  EXPECT_EQ(s.mtu_bytes, 2000u);
  EXPECT_TRUE(s.sw.ecn.enabled);
  EXPECT_EQ(s.links[0].rate_gbps, 10);
  EXPECT_EQ(s.links[2].rate_gbps, 100);
}

TEST(ScenarioOverride, CanRepairABadFile) {
  EXPECT_NO_THROW(load_scenario(bad("mtu_range"), {{"mtu_bytes", "1500"}}));
  EXPECT_NO_THROW(load_scenario(bad("cnp_eq_data"), {{"cnp_priority", "7"}}));
  EXPECT_NO_THROW(load_scenario(bad("no_flows"), {{"flows.0.src", "h1"}, {"flows.0.dst", "h2"}}));
  // ...but not a file error elsewhere, which still names the file and line.
  const std::string msg = error_of(bad("mtu_range"), {{"duration_ms", "5"}});
  EXPECT_TRUE(starts_with(msg, bad("mtu_range") + ":2: mtu_bytes: out of range")) << msg;
}

struct BadOverride {
  const char* file;  // stem in good/ (or bad/ when prefixed "bad:")
  Overrides ov;
  const char* prefix;  // what the message starts with
  const char* expect;  // substring
};

std::ostream& operator<<(std::ostream& os, const BadOverride& c) { return os << c.prefix; }

const BadOverride kBadOverrides[] = {
    {"minimal", {{"switch.pfc.derive_thresholds", "true"}, {"switch.pfc.headroom_bytes", "30000"}},
     "--set switch.pfc.headroom_bytes=30000: ",
     "given together with switch.pfc.derive_thresholds: true, which computes switch.pfc.headroom_bytes; "
     "expected one of the two: the value, or derive_thresholds: true"},
    {"minimal", {{"switch.pfc.bta", "4"}}, "--set switch.pfc.bta=4: ",
     "unknown key (did you mean switch.pfc.beta?); expected one of the keys of switch.pfc: enabled"},
    {"minimal", {{"kmin_bytes", "4"}}, "--set kmin_bytes=4: ",
     "unknown key (did you mean switch.ecn.kmin_bytes?)"},
    {"minimal", {{"sample_flows", "3-1"}}, "--set sample_flows=3-1: ",
     "range 3-1 runs backwards; expected all, none, or flow ids and ranges"},
    {"minimal", {{"sample_flows", "0,,1"}}, "--set sample_flows=0,,1: ", "'0,,1' is not a flow list"},
    // blanks may stand around ids, ',' and '-', not between two ids or in place of one
    {"minimal", {{"sample_flows", "0 1"}}, "--set sample_flows=0 1: ", "'0 1' is not a flow list"},
    {"minimal", {{"sample_flows", "0, ,1"}}, "--set sample_flows=0, ,1: ", "'0, ,1' is not a flow list"},
    {"minimal", {{"sample_flows", "0 - "}}, "--set sample_flows=0 - : ", "'0 - ' is not a flow list"},
    {"minimal", {{"sample_flows", "0, "}}, "--set sample_flows=0, : ", "'0, ' is not a flow list"},
    {"minimal", {{"sample_flows", " "}}, "--set sample_flows= : ", "' ' is not a flow list"},
    {"minimal", {{"sample_flows", "1 - 3"}}, "--set sample_flows=1 - 3: ", "flow 3 does not exist (1 flows)"},
    {"minimal", {{"duration_ms", "abc"}}, "--set duration_ms=abc: ",
     "wrong type: 'abc' is not a number; expected a number > 0 and <= 18000000000 (ms)"},
    {"minimal", {{"stats_from_ms", "49.5"}, {"sample_us", "600"}}, "--set sample_us=600: ",
     "sample_us 600 leaves no whole sample interval between stats_from_ms 49.5 and duration_ms 50"},
    {"minimal", {{"duration_ms", "-3"}}, "--set duration_ms=-3: ", "out of range: -3; expected a number > 0"},
    {"minimal", {{"mtu_bytes", "9001"}}, "--set mtu_bytes=9001: ", "out of range: 9001; expected an integer in 64..9000"},
    {"minimal", {{"flows.0.count", "2.5"}}, "--set flows.0.count=2.5: ", "'2.5' is not an integer"},
    {"minimal", {{"switch.ecn.tcd", "perhaps"}}, "--set switch.ecn.tcd=perhaps: ", "is not a boolean; expected true or false"},
    {"minimal", {{"switch.ecn.mark_at", "middle"}}, "--set switch.ecn.mark_at=middle: ",
     "unknown value 'middle'; expected one of enqueue, dequeue"},
    {"minimal", {{"profile", "nope"}}, "--set profile=nope: ",
     "unknown profile 'nope'; expected one of paper, connectx, strawman, dcqcn_plus, dcqcn_plus_static"},
    {"minimal", {{"flows.5.size_bytes", "1"}}, "--set flows.5.size_bytes=1: ",
     "index 5 out of range (flows has 1 entries); expected an index in 0..1"},
    {"minimal", {{"flows.x.size_bytes", "1"}}, "--set flows.x.size_bytes=1: ", "flows is a list and 'x' is not an index"},
    {"minimal", {{"flows.size_bytes", "1"}}, "--set flows.size_bytes=1: ", "is not an index"},
    {"minimal", {{"switch.pfc", "1"}}, "--set switch.pfc=1: ", "switch.pfc is a section, not a value; expected a key under it"},
    {"minimal", {{"nodes", "1"}}, "--set nodes=1: ", "nodes is a list, not a value"},
    {"minimal", {{"flows.0", "1"}}, "--set flows.0=1: ", "flows.0 is a list entry, not a value; expected flows.0.KEY"},
    {"minimal", {{"flows.99999999999999999999.src", "h1"}}, "--set flows.99999999999999999999.src=h1: ",
     "index 99999999999999999999 out of range"},
    {"minimal", {{"duration_ms.x", "1"}}, "--set duration_ms.x=1: ", "duration_ms is a value, not a section"},
    {"minimal", {{"", "1"}}, "--set =1: ", "empty key"},
    {"minimal", {{"switch..beta", "1"}}, "--set switch..beta=1: ", "empty part in the key"},
    {"minimal", {{"cnp_priority", "3"}}, "--set cnp_priority=3: ", "equals data_priority (3)"},
    {"minimal", {{"data_priority", "7"}}, "--set data_priority=7: ", "equals cnp_priority (7)"},
    {"minimal", {{"switch.ecn.kmin_bytes", "9"}, {"switch.ecn.kmax_bytes", "5"}}, "--set switch.ecn.kmax_bytes=5: ",
     "kmin_bytes 9 > kmax_bytes 5"},
    {"minimal", {{"nodes.1.name", "h1"}}, "--set nodes.1.name=h1: ", "duplicate node name 'h1'"},
    {"minimal", {{"stats_from_ms", "60"}}, "--set stats_from_ms=60: ",
     "stats_from_ms 60 is not before duration_ms 50"},
    {"minimal", {{"stats_from_ms", "10"}, {"duration_ms", "5"}}, "--set duration_ms=5: ",
     "stats_from_ms 10 is not before duration_ms 5"},
    {"minimal", {{"defaults.flow.count", "0"}}, "--set defaults.flow.count=0: ",
     "out of range: 0; expected an integer in 1..1048576"},
    {"minimal", {{"flows.0.dst", "s1"}}, "--set flows.0.dst=s1: ", "'s1' is a switch; expected a host: h1, h2"},
    {"minimal", {{"flows.1.src", "h2"}}, "--set flows.1.src=h2: ", "flows.1.dst: missing; expected the name of a host"},
    {"minimal", {{"nodes.3.name", "h3"}, {"nodes.3.type", "host"}}, "--set nodes.3.name=h3: ",
     "nodes.3: host 'h3' has no link"},
    {"bad:list_for_map", {{"switch.pfc.beta", "3"}}, "--set switch.pfc.beta=3: ", "switch is a list in the file"},
    {"bad:node_not_map", {{"nodes.0.name", "x"}}, "--set nodes.0.name=x: ", "nodes.0 is 'h1' in the file, not a map"},
    {"minimal", {{"name", "two\nlines"}, {"mtu_bytes", "1"}}, "--set mtu_bytes=1: ", "out of range"},
    {"minimal", {{"nic.nak_timeout_us", "0"}}, "--set nic.nak_timeout_us=0: ", "out of range: 0; expected a number > 0"},
    {"minimal", {{"links.0.loss", "-0.1"}}, "--set links.0.loss=-0.1: ", "out of range: -0.1; expected a number >= 0 and <= 1"},
    // registers
    {"minimal", {{"registers.RP_MIN_RATE", "1000"}}, "--set registers.RP_MIN_RATE=1000: ",
     "registers.RP_MIN_RATE: unknown register (did you mean RP_MIN_RATE_KBPS?); expected RP_, NP_ or CP_"},
    {"minimal", {{"registers.np_epoch_ns", "1000"}}, "--set registers.np_epoch_ns=1000: ",
     "unknown register (did you mean NP_EPOCH_NS?)"},
    // --seed N is the override seed=N, checked as the YAML key (issue 16: it used to wrap to 2^64-1)
    {"minimal", {{"seed", "-1"}}, "--set seed=-1: ", "out of range: -1; expected an integer >= 0"},
    {"minimal", {{"seed", "99999999999999999999"}}, "--set seed=99999999999999999999: ",
     "out of range: 99999999999999999999; expected an integer >= 0"},
    {"minimal", {{"registers.EPOCH", "1000"}}, "--set registers.EPOCH=1000: ",
     "unknown register (did you mean NP_EPOCH_NS?)"},
    {"minimal", {{"registers.NP_EPOCH_NS", "10"}}, "--set registers.NP_EPOCH_NS=10: ",
     "out of range: 10 (the NP would clamp it to 100 without a word); expected an integer in 100..1073741824 (ns"},
    {"minimal", {{"registers.CP_PMAX_Q16", "70000"}}, "--set registers.CP_PMAX_Q16=70000: ",
     "out of range: 70000 (the CP would clamp it to 65536 without a word); expected an integer in 0..65536"},
    {"minimal", {{"registers.RP_AI_RATE_KBPS", "-1"}}, "--set registers.RP_AI_RATE_KBPS=-1: ",
     "out of range: -1; expected an integer in 0..100000000 (kb/s"},
    {"minimal", {{"registers.RP_AI_RATE_KBPS", "5M"}}, "--set registers.RP_AI_RATE_KBPS=5M: ",
     "wrong type: '5M' is not a number; expected an integer in 0..100000000 (kb/s"},
    {"minimal", {{"registers", "1"}}, "--set registers=1: ",
     "registers is a section, not a value; expected registers.NAME=VALUE"},
    {"minimal", {{"registers.", "1"}}, "--set registers.=1: ", "empty part in the key"},
    {"minimal", {{"registers.RP_G_Q16.x", "1"}}, "--set registers.RP_G_Q16.x=1: ",
     "registers.RP_G_Q16 is a value, not a section"},
    {"minimal", {{"registers.NP_MODE", "1"}}, "--set registers.NP_MODE=1: ",
     "is written by the simulator, not by a scenario's registers; expected to set it through switch.ecn.tcd"},
    {"minimal", {{"switch.ecn.pmax", "0.5"}, {"registers.CP_PMAX_Q16", "100"}}, "--set registers.CP_PMAX_Q16=100: ",
     "conflicts with switch.ecn.pmax (both write the CP's CP_PMAX_Q16)"},
    {"minimal", {{"registers.CP_KMAX_BYTES", "100"}, {"switch.ecn.kmax_bytes", "200"}}, "--set switch.ecn.kmax_bytes=200: ",
     "conflicts with registers.CP_KMAX_BYTES"},
    {"minimal", {{"registers.CP_KMIN_BYTES", "9000"}, {"switch.ecn.kmax_bytes", "5000"}}, "--set switch.ecn.kmax_bytes=5000: ",
     "registers.CP_KMIN_BYTES 9000 > switch.ecn.kmax_bytes 5000; expected Kmin <= Kmax"},
    {"bad:register_not_map", {{"registers.RP_G_Q16", "1"}}, "--set registers.RP_G_Q16=1: ", "registers is a list in the file"},
};

class BadOverrideTest : public ::testing::TestWithParam<BadOverride> {};

TEST_P(BadOverrideTest, FailsWithSetPrefix) {
  const BadOverride& c = GetParam();
  const std::string f = c.file;
  const std::string file = starts_with(f, "bad:") ? bad(f.substr(4)) : good(f);
  const std::string msg = error_of(file, c.ov);
  EXPECT_TRUE(starts_with(msg, c.prefix)) << msg;
  EXPECT_TRUE(contains(msg, c.expect)) << msg << "\n  wanted: " << c.expect;
  EXPECT_TRUE(contains(msg, "; expected ")) << msg;
  EXPECT_FALSE(contains(msg, file)) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
}

INSTANTIATE_TEST_SUITE_P(Scenario, BadOverrideTest, ::testing::ValuesIn(kBadOverrides));

// ---------------------------------------------------------------- schema

TEST(ScenarioSchema, ListsEveryKeyWithADefault) {
  const auto schema = scenario_schema();
  std::set<std::string> keys;
  for (const auto& k : schema) {
    EXPECT_TRUE(keys.insert(k.key).second) << "twice: " << k.key;
    EXPECT_FALSE(k.type.empty()) << k.key;
    EXPECT_FALSE(k.default_value.empty()) << k.key;
    EXPECT_FALSE(k.description.empty()) << k.key;
  }
  const std::set<std::string> want = {
      "name", "description", "duration_ms", "sample_us", "sample_flows", "stats_from_ms", "seed", "profile",
      "profile_flows",
      "mtu_bytes", "header_bytes", "data_priority", "cnp_priority", "cnp_gen_ns", "ecmp_seed",
      "nodes", "nodes[].name", "nodes[].type",
      "links", "links[].a", "links[].b", "links[].rate_gbps", "links[].delay_us", "links[].loss",
      "defaults.link.rate_gbps", "defaults.link.delay_us", "defaults.flow.count",
      "defaults.flow.start_spread_us",
      "switch.buffer_bytes", "switch.pfc.enabled", "switch.pfc.mode", "switch.pfc.t_pfc_bytes",
      "switch.pfc.beta", "switch.pfc.derive_thresholds", "switch.pfc.xon_gap_bytes", "switch.pfc.headroom_bytes",
      "switch.pfc.reserved_bytes", "switch.pfc.response_ns",
      "switch.ecn.enabled", "switch.ecn.mark_at", "switch.ecn.kmin_bytes", "switch.ecn.kmax_bytes",
      "switch.ecn.pmax", "switch.ecn.tcd",
      "nic.pfc_enabled", "nic.rx_buffer_bytes", "nic.rx_drain_gbps",
      "nic.nak_latency_us", "nic.nak_timeout_us", "nic.rto_us", "nic.follow_retime", "nic.sched_slot_ns", "nic.core",
      "flows", "flows[].src", "flows[].dst", "flows[].start_us", "flows[].start_spread_us", "flows[].start_rate_gbps", "flows[].size_bytes", "flows[].count",
      "flows[].on_us", "flows[].off_us", "flows[].enabled",
      "topology.type", "topology.pods", "topology.tors", "topology.leaves", "topology.spines",
      "topology.rate_gbps", "topology.delay_us", "topology.hosts", "topology.hosts[].name",
      "topology.hosts[].tor", "registers"};
  EXPECT_EQ(keys, want);
}

TEST(ScenarioSchema, DefaultsTypesAndUnits) {
  std::map<std::string, dcqcn::net::SchemaKey> by;
  for (const auto& k : scenario_schema()) by[k.key] = k;
  EXPECT_EQ(by["duration_ms"].default_value, "50");
  EXPECT_EQ(by["duration_ms"].unit, "ms");
  EXPECT_EQ(by["duration_ms"].type, "double > 0 and <= 18000000000");
  EXPECT_EQ(by["mtu_bytes"].default_value, "1000");
  EXPECT_EQ(by["mtu_bytes"].type, "uint in 64..9000");
  EXPECT_EQ(by["profile"].default_value, "paper");
  for (const auto& p : dcqcn::profile_names()) EXPECT_TRUE(contains(by["profile"].type, p));
  EXPECT_EQ(by["switch.pfc.beta"].default_value, "8");
  EXPECT_EQ(by["switch.pfc.mode"].default_value, "dynamic");
  EXPECT_EQ(by["switch.pfc.mode"].type, "enum static|dynamic");
  EXPECT_EQ(by["switch.ecn.mark_at"].default_value, "enqueue");
  EXPECT_EQ(by["switch.ecn.kmin_bytes"].default_value, "(profile)");
  EXPECT_EQ(by["switch.buffer_bytes"].default_value, "12000000");
  EXPECT_EQ(by["switch.pfc.enabled"].default_value, "true");
  EXPECT_EQ(by["nic.pfc_enabled"].default_value, "false");
  EXPECT_EQ(by["nic.nak_latency_us"].default_value, "20");
  EXPECT_EQ(by["nic.nak_latency_us"].unit, "us");
  EXPECT_EQ(by["nic.rto_us"].default_value, "1000");
  EXPECT_EQ(by["defaults.link.rate_gbps"].default_value, "40");
  EXPECT_EQ(by["links[].rate_gbps"].default_value, "defaults.link.rate_gbps");
  EXPECT_EQ(by["links[].rate_gbps"].unit, "Gb/s");
  EXPECT_EQ(by["flows[].count"].default_value, "1");
  EXPECT_EQ(by["nodes[].type"].default_value, "(required)");
  EXPECT_EQ(by["nodes"].type, "list");
}

// Every scalar key of the schema is accepted by --set (with list index 0) at a value
// that is valid: the schema and the loader agree.
TEST(ScenarioSchema, EveryScalarKeyIsSettable) {
  const std::map<std::string, std::string> sample = {
      {"name", "x"}, {"description", "y"}, {"nodes[].name", "h1"}, {"nodes[].type", "host"},
      {"links[].a", "h1"}, {"links[].b", "s1"}, {"links[].rate_gbps", "10"},
      {"links[].delay_us", "2"}, {"flows[].src", "h1"}, {"flows[].dst", "h2"},
      {"switch.ecn.kmin_bytes", "100"}, {"switch.ecn.kmax_bytes", "200"},
      {"switch.ecn.pmax", "0.5"}, {"cnp_priority", "6"},
      {"topology.rate_gbps", "10"}, {"topology.delay_us", "2"},
      {"switch.pfc.headroom_bytes", "60000"}, {"flows[].start_spread_us", "10"}};
  int n = 0;
  for (const auto& k : scenario_schema()) {
    if (k.type == "list" || k.key == "registers") continue;  // registers: ScenarioRegisters.*
    std::string path = k.key;
    for (size_t at; (at = path.find("[]")) != std::string::npos;) path.replace(at, 2, ".0");
    auto it = sample.find(k.key);
    const std::string value = it != sample.end() ? it->second : k.default_value;
    EXPECT_NO_THROW(load_scenario(good("minimal"), {{path, value}})) << path << "=" << value;
    ++n;
  }
  EXPECT_GE(n, 40);
}

// ---------------------------------------------------------------- robustness

uint64_t fuzz_seed() {
  const char* env = std::getenv("SCENARIO_FUZZ_SEED");
  return env ? std::strtoull(env, nullptr, 0) : 20240611u;
}

// Loads `text` from a temporary file: it must succeed or throw a one-line ScenarioError
// that names the file.
void expect_graceful(const std::string& text, const std::string& path, const Overrides& ov,
                     uint64_t seed, int iter) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  try {
    load_scenario(path, ov);
  } catch (const ScenarioError& e) {
    const std::string msg = e.what();
    EXPECT_TRUE(starts_with(msg, path + ":") || starts_with(msg, "--set "))
        << "seed " << seed << " iteration " << iter << ": " << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "seed " << seed << " iteration " << iter
                                                   << ": " << msg;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "seed " << seed << " iteration " << iter << ": not a ScenarioError: "
                  << e.what();
  }
}

TEST(ScenarioFuzz, RandomBytesNeverCrash) {
  const uint64_t seed = fuzz_seed();
  std::cout << "[ scenario fuzz ] seed " << seed << " (set SCENARIO_FUZZ_SEED to repeat)\n";
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  const std::string path = (fs::path(::testing::TempDir()) / "scenario_fuzz_bytes.yaml").string();
  const std::string yamlish = "{}[]:-,#&*!|>'\"?%@` \n\t\r0123456789.eE+abc";
  for (int i = 0; i < 300; ++i) {
    std::string text(rng() % 600, '\0');
    const bool biased = i % 2;
    for (char& c : text)
      c = biased ? yamlish[rng() % yamlish.size()] : static_cast<char>(rng() & 0xff);
    expect_graceful(text, path, {}, seed, i);
  }
}

TEST(ScenarioFuzz, MutatedScenariosNeverCrash) {
  const uint64_t seed = fuzz_seed() + 1;
  std::cout << "[ scenario fuzz ] seed " << seed << "\n";
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::ifstream in(good("full"), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string base = ss.str();
  const std::vector<std::string> tokens = {
      "nodes", "links", "flows", "switch", "pfc", "ecn", ": ", "- ", "{", "}", "[", "]", ",",
      "\n", "  ", "h1", "s1", "-1", "0", "1e999", "nan", ".inf", "~", "null", "''", "&a ", "*a",
      "!!str ", "? ", "#", "true", "18446744073709551616", "0x10", "\t", "\"\\u0000\"", "|\n"};
  const std::string path = (fs::path(::testing::TempDir()) / "scenario_fuzz_mut.yaml").string();
  for (int i = 0; i < 400; ++i) {
    std::string text = base;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const size_t at = rng() % text.size();
      switch (rng() % 4) {
        case 0: text.erase(at, 1 + rng() % 20); break;
        case 1: text.insert(at, tokens[rng() % tokens.size()]); break;
        case 2: text[at] = static_cast<char>(rng() & 0xff); break;
        default: {  // duplicate a stretch
          const size_t len = std::min<size_t>(1 + rng() % 80, text.size() - at);
          text.insert(rng() % text.size(), text.substr(at, len));
        }
      }
    }
    expect_graceful(text, path, {}, seed, i);
  }
}

TEST(ScenarioFuzz, RandomOverridesNeverCrash) {
  const uint64_t seed = fuzz_seed() + 2;
  std::cout << "[ scenario fuzz ] seed " << seed << "\n";
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::vector<std::string> keys;
  for (const auto& k : scenario_schema()) keys.push_back(k.key);
  const std::vector<std::string> values = {"", "0", "1", "-1", "7", "1e6", "abc", "true", "h1", "s1",
                                           "host", "switch", "static", "connectx", "1.5", "9000",
                                           "[1]", "{a: 1}", "\n", "~"};
  std::ifstream in(good("full"), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string path = (fs::path(::testing::TempDir()) / "scenario_fuzz_set.yaml").string();
  for (int i = 0; i < 300; ++i) {
    Overrides ov;
    const int n = 1 + static_cast<int>(rng() % 3);
    for (int j = 0; j < n; ++j) {
      std::string k;
      for (const std::string& key = keys[rng() % keys.size()]; char c : key) {
        if (c == '[') k += '.' + std::to_string(rng() % 6);
        else if (c != ']') k += c;
      }
      if (rng() % 8 == 0) k = k.substr(0, rng() % (k.size() + 1)) + '.';
      ov.emplace_back(k, values[rng() % values.size()]);
    }
    expect_graceful(ss.str(), path, ov, seed, i);
  }
}

}  // namespace
