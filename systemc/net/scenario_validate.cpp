// SPDX-License-Identifier: MIT
// Scenario validation: the rules between keys, after the tree has been read into the
// Scenario (defaults applied, stats_from_ms, thresholds, priorities, Kmin/Kmax and the
// scenario's own register writes, nodes, links, flows), with the Clos topology expanded
// (clos.cpp) in between. The first broken rule throws, blaming the key given last.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>

#include "engine.h"
#include "engine_config.h"
#include "scenario_loader.h"

namespace dcqcn::net::loader {

namespace {

// sample_flows: "all", "none", or comma-separated flow ids and ranges "A-B" (inclusive),
// each below the number of flows; blanks (spaces, tabs) may stand around the ids, ',' and
// '-' ("0-99, 500", as one writes it in YAML). Returns the ids, ascending, without repeats.
std::vector<uint32_t> parse_sample_flows(const std::string& text, uint64_t flows, const Sources& src) {
  const size_t lead = text.find_first_not_of(" \t");
  const std::string v = lead == std::string::npos ? "" : text.substr(lead, text.find_last_not_of(" \t") + 1 - lead);
  std::vector<uint32_t> ids;
  if (v == "all") {
    ids.resize(flows);
    std::iota(ids.begin(), ids.end(), 0u);
    return ids;
  }
  if (v == "none") return ids;
  const std::string expected = "all, none, or flow ids and ranges such as 0-99,500 (ids 0.." +
                               std::to_string(flows - 1) + ": " + std::to_string(flows) +
                               " flows, in scenario order with count expanded)";
  auto bad = [&](const std::string& problem) { src.fail(src.at("sample_flows"), "sample_flows", problem, expected); };
  const std::string not_a_list = "'" + clean(text) + "' is not a flow list";
  size_t i = 0;
  auto blanks = [&] {
    while (i < v.size() && (v[i] == ' ' || v[i] == '\t')) ++i;
  };
  auto number = [&](uint64_t& out) {  // blanks, then up to 10 digits at i, then blanks
    blanks();
    const size_t b = i;
    out = 0;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9' && i - b < 10) out = out * 10 + (v[i++] - '0');
    const bool got = i > b;
    blanks();
    return got;
  };
  while (true) {
    uint64_t a = 0, b = 0;
    if (!number(a)) bad(not_a_list);
    b = a;
    if (i < v.size() && v[i] == '-' && (++i, !number(b))) bad(not_a_list);
    if (a > b) bad("range " + std::to_string(a) + "-" + std::to_string(b) + " runs backwards");
    if (b >= flows) bad("flow " + std::to_string(b) + " does not exist (" + std::to_string(flows) + " flows)");
    for (uint64_t k = a; k <= b; ++k) ids.push_back(static_cast<uint32_t>(k));
    if (i == v.size()) break;
    if (v[i] != ',') bad(not_a_list);
    ++i;
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace

void validate(Ctx& c, const Sources& src) {
  Scenario& s = c.s;
  s.file = src.file();
  if (!src.given("name")) s.name = std::filesystem::path(src.file()).stem().string();

  // Links that omit rate / delay take defaults.link.
  for (size_t i = 0; i < s.links.size(); ++i) {
    const std::string p = "links." + std::to_string(i);
    if (!src.given(p + ".rate_gbps")) s.links[i].rate_gbps = c.link_rate_gbps;
    if (!src.given(p + ".delay_us")) s.links[i].delay_us = c.link_delay_us;
  }
  for (size_t i = 0; i < s.flows.size(); ++i) {
    if (!src.given("flows." + std::to_string(i) + ".count")) s.flows[i].count = c.flow_count;
    if (!src.given("flows." + std::to_string(i) + ".start_spread_us"))
      s.flows[i].start_spread_us = c.flow_start_spread_us;
  }

  if (s.stats_from_ms >= s.duration_ms) {
    const std::string p = src.blame("stats_from_ms", "duration_ms");
    src.fail(src.at(p), p,
             "stats_from_ms " + fmt_num(s.stats_from_ms) + " is not before duration_ms " +
                 fmt_num(s.duration_ms),
             "0 <= stats_from_ms < duration_ms (statistics need some time after it)");
  }

  // Throughputs are means over whole sample intervals; the *_after statistics use the
  // intervals that start at or after stats_from_ms. With no such interval before the end
  // every throughput would read 0, so that is an error.
  {
    const double d_us = s.duration_ms * 1000.0, f_us = s.stats_from_ms * 1000.0;
    const double whole = std::floor(d_us / s.sample_us + 1e-9);
    const double first_after = std::ceil(f_us / s.sample_us - 1e-9);
    if (first_after >= whole) {
      const std::string p = src.blame("sample_us", s.stats_from_ms > 0 ? "stats_from_ms" : "duration_ms");
      const double fit = s.stats_from_ms > 0 ? (d_us - f_us) / 2 : d_us;
      src.fail(src.at(p), p,
               "sample_us " + fmt_num(s.sample_us) + " leaves no whole sample interval between stats_from_ms " +
                   fmt_num(s.stats_from_ms) + " and duration_ms " + fmt_num(s.duration_ms) +
                   " (every throughput would read 0)",
               "a sample_us with at least one whole interval in that window, e.g. sample_us <= " +
                   fmt_num(fit) + " (us)");
    }
  }

  // derive_thresholds replaces the two values; giving one of them as well is an error,
  // unless derive_thresholds comes from a later --set (which overrides the file).
  if (s.sw.pfc.derive_thresholds && src.given("switch.pfc.derive_thresholds"))
    for (const char* k : {"switch.pfc.headroom_bytes", "switch.pfc.t_pfc_bytes"})
      if (src.given(k) && src.at(k).set_index >= src.at("switch.pfc.derive_thresholds").set_index) {
        const std::string p = src.blame(k, "switch.pfc.derive_thresholds");
        src.fail(src.at(p), p,
                 std::string("given together with switch.pfc.derive_thresholds: true, which computes ") + k,
                 "one of the two: the value, or derive_thresholds: true");
      }

  if (s.data_priority == s.cnp_priority) {
    std::string p = src.blame("cnp_priority", "data_priority");
    src.fail(src.at(p), p,
             "equals " + std::string(p == "cnp_priority" ? "data_priority" : "cnp_priority") +
                 " (" + std::to_string(s.data_priority) + ")",
             "two different priorities (CNPs use their own strict-priority class)");
  }
  if (s.sw.ecn.kmin_bytes && s.sw.ecn.kmax_bytes && *s.sw.ecn.kmin_bytes > *s.sw.ecn.kmax_bytes) {
    std::string p = src.blame("switch.ecn.kmin_bytes", "switch.ecn.kmax_bytes");
    src.fail(src.at(p), p,
             "kmin_bytes " + std::to_string(*s.sw.ecn.kmin_bytes) + " > kmax_bytes " +
                 std::to_string(*s.sw.ecn.kmax_bytes),
             "kmin_bytes <= kmax_bytes");
  }

  // The scenario's own CP writes (engine_config.h): a switch.ecn key and a `registers`
  // entry may not write the same register, and Kmin <= Kmax whichever gives them.
  const std::vector<ConfigWrite> cp = register_writes(s, Block::CP);
  auto own = [&](const std::string& reg) -> const ConfigWrite* {
    for (const ConfigWrite& w : cp)
      if (w.reg == reg && (w.source == WriteSource::REGISTERS || w.source == WriteSource::ECN_KEY))
        return &w;
    return nullptr;
  };
  for (const ConfigWrite& e : cp) {
    if (e.source != WriteSource::ECN_KEY) continue;
    for (const ConfigWrite& r : cp) {
      if (r.source != WriteSource::REGISTERS || r.reg != e.reg) continue;
      const std::string p = src.blame(r.key, e.key);
      src.fail(src.at(p), p,
               "conflicts with " + (p == e.key ? r.key : e.key) + " (both write the CP's CP_" + e.reg + ")",
               "one of " + r.key + " and " + e.key);
    }
  }
  {
    const ConfigWrite* kmin = own("KMIN_BYTES");
    const ConfigWrite* kmax = own("KMAX_BYTES");
    const bool from_registers = (kmin && kmin->source == WriteSource::REGISTERS) ||
                                (kmax && kmax->source == WriteSource::REGISTERS);
    if (from_registers && kmin && kmax && kmin->value > kmax->value) {
      const std::string p = src.blame(kmin->key, kmax->key);
      src.fail(src.at(p), p,
               kmin->key + " " + std::to_string(kmin->value) + " > " + kmax->key + " " +
                   std::to_string(kmax->value),
               "Kmin <= Kmax");
    }
  }

  expand_clos(c, src);

  // Nodes.
  if (s.nodes.empty())
    src.fail(src.at("nodes"), "nodes", src.given("nodes") ? "empty list" : "missing",
             "a list of at least one node {name, type: host|switch}");
  std::map<std::string, size_t> by_name;
  std::vector<std::string> names, hosts;
  for (size_t i = 0; i < s.nodes.size(); ++i) {
    const std::string p = "nodes." + std::to_string(i) + ".name";
    auto [it, fresh] = by_name.emplace(s.nodes[i].name, i);
    if (!fresh) {
      const Loc first = src.at("nodes." + std::to_string(it->second) + ".name");
      std::string where = first.set_label.empty() ? "line " + std::to_string(first.line)
                                                  : "--set " + first.set_label;
      src.fail(src.at(p), p,
               "duplicate node name '" + clean(s.nodes[i].name) + "' (also nodes." +
                   std::to_string(it->second) + ", " + where + ")",
               "unique node names");
    }
    // One rule for node names: letters, digits, '_' and '-'. A name is written as it is
    // into flows.csv and queues.csv (unquoted), summary.json, the waveform's scopes and the
    // capture's map; SystemC would rewrite a '.' or a blank to '_' in some of them only.
    for (size_t k = 0; k < s.nodes[i].name.size(); ++k) {
      const char ch = s.nodes[i].name[k];
      const auto u = static_cast<unsigned char>(ch);
      if (std::isalnum(u) && u < 0x80) continue;
      if (ch == '_' || ch == '-') continue;
      const std::string what = ch == ',' ? "a comma" : ch == '"' ? "a double quote" : ch == '\n' ? "a newline"
                               : ch == ' ' ? "a blank" : ch == '.' ? "a '.'"
                               : u < 0x20 || u == 0x7f ? "a control character"
                               : u >= 0x80 ? "a non-ASCII byte" : "'" + std::string(1, ch) + "'";
      src.fail(src.at(p), p,
               "node name '" + clean(s.nodes[i].name) + "' contains " + what + " (character " +
                   std::to_string(k + 1) + ")",
               "a node name of letters, digits, '_' and '-' only (it names the node in the CSVs, summary.json, "
               "the waveform and the capture map)");
    }
    names.push_back(s.nodes[i].name);
    if (s.nodes[i].kind == NodeSpec::Kind::HOST) hosts.push_back(s.nodes[i].name);
  }
  auto is_host = [&](size_t n) { return s.nodes[n].kind == NodeSpec::Kind::HOST; };

  // Links: endpoints are nodes; a host has exactly one link, to a switch.
  std::vector<size_t> parent(s.nodes.size());
  std::iota(parent.begin(), parent.end(), size_t{0});
  auto root_of = [&](size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  std::vector<int> host_link(s.nodes.size(), -1);
  for (size_t i = 0; i < s.links.size(); ++i) {
    const std::string p = "links." + std::to_string(i);
    const LinkSpec& l = s.links[i];
    size_t end[2];
    const std::string* ep[2] = {&l.a, &l.b};
    for (int j = 0; j < 2; ++j) {
      const std::string q = p + (j ? ".b" : ".a");
      auto it = by_name.find(*ep[j]);
      if (it == by_name.end())
        src.fail(src.at(q), q, "'" + clean(*ep[j]) + "' is not a node", "a node name: " + join_list(names));
      end[j] = it->second;
    }
    if (end[0] == end[1])
      src.fail(src.at(p + ".b"), p + ".b", "same node as a ('" + clean(l.a) + "')",
               "a link between two different nodes");
    if (is_host(end[0]) && is_host(end[1]))
      src.fail(src.at(p), p, "links two hosts ('" + clean(l.a) + "', '" + clean(l.b) + "')",
               "a host linked to a switch");
    for (int j = 0; j < 2; ++j) {
      if (!is_host(end[j])) continue;
      if (host_link[end[j]] >= 0) {
        const std::string q = p + (j ? ".b" : ".a");
        src.fail(src.at(q), q,
                 "host '" + clean(*ep[j]) + "' already has a link (links." +
                     std::to_string(host_link[end[j]]) + ")",
                 "exactly one link per host, to a switch");
      }
      host_link[end[j]] = static_cast<int>(i);
    }
    parent[root_of(end[0])] = root_of(end[1]);
  }
  for (size_t n = 0; n < s.nodes.size(); ++n)
    if (is_host(n) && host_link[n] < 0) {
      const std::string p = "nodes." + std::to_string(n);
      src.fail(src.at(p), p, "host '" + clean(s.nodes[n].name) + "' has no link",
               "exactly one link per host, to a switch");
    }

  // Registers the simulator derives from scenario values are held to the register's
  // range like a `registers` entry: the RTL would clamp them without a word.
  {
    const RegInfo& mtu = *find_register("RP_MTU_BYTES");
    const uint64_t frame = uint64_t{s.mtu_bytes} + s.header_bytes;
    if (frame < mtu.def->min || frame > mtu.def->max) {
      const std::string p = src.blame("mtu_bytes", "header_bytes");
      src.fail(src.at(p), p,
               "mtu_bytes " + std::to_string(s.mtu_bytes) + " + header_bytes " + std::to_string(s.header_bytes) +
                   " = " + std::to_string(frame) + " B, which the RP's RP_MTU_BYTES would clamp to " +
                   std::to_string(frame > mtu.def->max ? mtu.def->max : mtu.def->min) + " without a word",
               "mtu_bytes + header_bytes in " + std::to_string(mtu.def->min) + ".." +
                   std::to_string(mtu.def->max) + " (bytes, the range of RP_MTU_BYTES in docs/regmap.md)");
    }
    for (const auto& [key, val, reg] :
         {std::tuple<const char*, const std::optional<uint64_t>&, const char*>{
              "switch.ecn.kmin_bytes", s.sw.ecn.kmin_bytes, "CP_KMIN_BYTES"},
          {"switch.ecn.kmax_bytes", s.sw.ecn.kmax_bytes, "CP_KMAX_BYTES"}}) {
      const RegInfo& r = *find_register(reg);
      if (val && *val > r.def->max)
        src.fail(src.at(key), key,
                 "out of range: " + std::to_string(*val) + " (the CP's " + reg + " is 32 bits wide: " +
                     std::to_string(r.def->max) + " at most)",
                 "an integer in " + std::to_string(r.def->min) + ".." + std::to_string(r.def->max) +
                     " (bytes, the range of " + reg + " in docs/regmap.md)");
    }
    const RegInfo& line = *find_register("RP_LINE_RATE_KBPS");
    for (size_t i = 0; i < s.links.size(); ++i) {
      const LinkSpec& l = s.links[i];
      auto a = by_name.find(l.a), b = by_name.find(l.b);
      if (!(a != by_name.end() && is_host(a->second)) && !(b != by_name.end() && is_host(b->second))) continue;
      const double kbps = std::floor(l.rate_gbps * 1e6);
      if (kbps >= line.def->min && kbps <= line.def->max) continue;
      const std::string lk = "links." + std::to_string(i) + ".rate_gbps";
      const std::string p = src.given(lk) ? lk
                            : src.given("topology.rate_gbps") ? "topology.rate_gbps"
                                                              : "defaults.link.rate_gbps";
      src.fail(src.at(p), p,
               "rate " + fmt_num(l.rate_gbps) + " Gb/s of a host's link (links." + std::to_string(i) +
                   ") is " + fmt_num(kbps) + " kb/s, which the RP's RP_LINE_RATE_KBPS would clamp to " +
                   std::to_string(kbps < line.def->min ? line.def->min : line.def->max) + " without a word",
               "a host's link rate in " + fmt_num(line.def->min / 1e6) + ".." + fmt_num(line.def->max / 1e6) +
                   " (Gb/s, the range of RP_LINE_RATE_KBPS in docs/regmap.md)");
    }
  }

  // Times the kernel adds to the present: the present stays below duration_ms, so
  // duration_ms + each such delay must fit SystemC's 64-bit ps time (kTimeLimitMs: 2^64 ps
  // less a margin). A link slower than the run is legal, but nothing crosses it.
  {
    auto fit = [&](const std::string& key, double ms) {
      if (s.duration_ms + ms <= kTimeLimitMs) return;
      const std::string p = src.blame(key, "duration_ms");
      src.fail(src.at(p), p,
               "duration_ms " + fmt_num(s.duration_ms) + " + " + key + " (" + fmt_num(ms) +
                   " ms) is beyond SystemC's 64-bit ps time (events are scheduled up to that far ahead)",
               "duration_ms + " + key + " <= " + fmt_num(kTimeLimitMs) + " ms");
    };
    for (size_t i = 0; i < s.links.size(); ++i) {
      const std::string lk = "links." + std::to_string(i) + ".delay_us";
      const std::string k = src.given(lk) ? lk
                            : src.given("topology.delay_us") && !src.given("defaults.link.delay_us")
                                ? "topology.delay_us"
                                : src.given("defaults.link.delay_us") ? "defaults.link.delay_us" : lk;
      fit(k, s.links[i].delay_us / 1000.0);
    }
    fit("switch.pfc.response_ns", s.sw.pfc.response_ns / 1e6);
    fit("cnp_gen_ns", s.cnp_gen_ns / 1e6);
    for (size_t i = 0; i < s.links.size(); ++i)
      if (s.links[i].delay_us >= s.duration_ms * 1000.0) {
        const std::string lk = "links." + std::to_string(i) + ".delay_us";
        const std::string k = src.given(lk) ? lk
                              : src.given("defaults.link.delay_us") ? "defaults.link.delay_us"
                              : src.given("topology.delay_us") ? "topology.delay_us" : lk;
        try {
          src.fail(src.at(k), k,
                   "links." + std::to_string(i) + " ('" + clean(s.links[i].a) + "' - '" + clean(s.links[i].b) +
                       "') has a delay of " + fmt_num(s.links[i].delay_us) + " us, not shorter than the run (duration_ms " +
                       fmt_num(s.duration_ms) + "): no packet crosses it before the end",
                   "a delay_us below duration_ms x 1000, or a longer duration_ms");
        } catch (const ScenarioError& e) {
          s.warnings.push_back(e.what());
        }
        break;  // one warning for the file, not one per link
      }
  }

  // The RP never cuts a flow below min(MIN_RATE, LINE_RATE): a minimum rate above a
  // host's line rate switches DCQCN's rate cuts off without a word.
  {
    const uint64_t min_kbps = final_value(register_writes(s, Block::RP), Block::RP, "MIN_RATE_KBPS");
    for (size_t i = 0; i < s.links.size(); ++i) {
      const LinkSpec& l = s.links[i];
      auto a = by_name.find(l.a), b = by_name.find(l.b);
      const bool ha = a != by_name.end() && is_host(a->second), hb = b != by_name.end() && is_host(b->second);
      if (!ha && !hb) continue;
      const double kbps = std::floor(l.rate_gbps * 1e6);
      if (static_cast<double>(min_kbps) < kbps) continue;
      const std::string lk = "links." + std::to_string(i) + ".rate_gbps";
      const std::string rate_key = src.given(lk) ? lk
                                   : src.given("topology.rate_gbps") ? "topology.rate_gbps"
                                                                     : "defaults.link.rate_gbps";
      const std::string reg = "registers.RP_MIN_RATE_KBPS";
      const std::string p = src.given(reg) ? src.blame(reg, rate_key) : src.given(rate_key) ? rate_key : "profile";
      const std::string problem =
          "RP_MIN_RATE_KBPS " + std::to_string(min_kbps) + " kb/s (" +
          (src.given(reg) ? std::string("registers") : "profile " + s.profile) + ") is " +
          (static_cast<double>(min_kbps) > kbps ? "above" : "equal to") + " the line rate " + fmt_num(kbps) +
          " kb/s of host '" + clean(ha ? l.a : l.b) + "' (links." + std::to_string(i) +
          "): the RP never cuts below min(MIN_RATE, LINE_RATE), so DCQCN's rate cuts would do nothing";
      const std::string expected = "RP_MIN_RATE_KBPS below every host's line rate (here < " + fmt_num(kbps) +
                                   " kb/s), or a faster link";
      if (static_cast<double>(min_kbps) > kbps) src.fail(src.at(p), p, problem, expected);
      try {
        src.fail(src.at(p), p, problem, expected);
      } catch (const ScenarioError& e) {
        s.warnings.push_back(e.what());
      }
      break;
    }
  }

  // Flows: between two different hosts that are connected.
  if (s.flows.empty())
    src.fail(src.at("flows"), "flows", src.given("flows") ? "empty list" : "missing",
             "a list of at least one flow {src, dst, start_us, size_bytes, count}");
  for (size_t i = 0; i < s.flows.size(); ++i) {
    const std::string p = "flows." + std::to_string(i);
    const FlowSpec& fl = s.flows[i];
    size_t end[2];
    const std::string* ep[2] = {&fl.src, &fl.dst};
    for (int j = 0; j < 2; ++j) {
      const std::string q = p + (j ? ".dst" : ".src");
      auto it = by_name.find(*ep[j]);
      if (it == by_name.end())
        src.fail(src.at(q), q, "'" + clean(*ep[j]) + "' is not a node", "a host: " + join_list(hosts));
      if (!is_host(it->second))
        src.fail(src.at(q), q, "'" + clean(*ep[j]) + "' is a switch", "a host: " + join_list(hosts));
      end[j] = it->second;
    }
    if (end[0] == end[1])
      src.fail(src.at(p + ".dst"), p + ".dst", "same host as src ('" + clean(fl.src) + "')",
               "a different host from src");
    if (root_of(end[0]) != root_of(end[1]))
      src.fail(src.at(p + ".dst"), p + ".dst",
               "'" + clean(fl.dst) + "' cannot be reached from '" + clean(fl.src) + "'",
               "hosts connected by links and switches");
  }
  // nic.core: top holds at most the largest built dcqcn_nic_top per host and side.
  if (s.nic.core == NicSpec::Core::TOP) {
    std::map<std::string, uint64_t> tx, rx;
    for (const FlowSpec& fl : s.flows) {
      if (!fl.enabled) continue;
      tx[fl.src] += fl.count;
      rx[fl.dst] += fl.count;
    }
    for (const auto* side : {&tx, &rx})
      for (const auto& [host, n] : *side)
        if (n > kNicTopMaxFlows) {
          const std::string p = src.given("nic.core") ? "nic.core" : "flows";
          src.fail(src.at(p), p,
                   "host '" + clean(host) + "' " + (side == &tx ? "sends " : "receives ") +
                       std::to_string(n) + " flows, more than nic.core: top holds (" +
                       std::to_string(kNicTopMaxFlows) + " per host and direction: the largest "
                       "dcqcn_nic_top the simulator is built with)",
                   "at most " + std::to_string(kNicTopMaxFlows) +
                       " flows per host and direction, or nic.core: blocks");
        }
  }
  if ((s.nic.sched_slot_ns & (s.nic.sched_slot_ns - 1)) != 0)
    src.fail(src.at("nic.sched_slot_ns"), "nic.sched_slot_ns",
             std::to_string(s.nic.sched_slot_ns) + " is not a power of two",
             "1, 2, 4, ... 1024 (ns)");
  if (s.nic.core == NicSpec::Core::TOP && src.given("nic.sched_slot_ns")) {
    try {  // legal, and without effect: a warning
      src.fail(src.at("nic.sched_slot_ns"), "nic.sched_slot_ns",
               "has no effect with nic.core: top (the top's scheduler is the RTL's timing "
               "wheel, whose slot is 32 ns)",
               "nic.core: blocks, or no nic.sched_slot_ns");
    } catch (const ScenarioError& e) {
      s.warnings.push_back(e.what());
    }
  }
  if (s.nic.core == NicSpec::Core::TOP && !s.nic.follow_retime)
    src.fail(src.at("nic.follow_retime"), "nic.follow_retime",
             "false with nic.core: top (the RTL top always follows the RP's re-timed departures)",
             "true, or nic.core: blocks to debug with re-timing off");
  // A flow must start before the run ends: one that starts at or after the end sends
  // nothing (0 packets, and Jain's index over the flows still reads 1.0). A spread start
  // window must end before the run does too, or some flows of the entry would never start.
  bool late_warned = false;
  for (size_t i = 0; i < s.flows.size(); ++i) {
    const FlowSpec& fl = s.flows[i];
    if (fl.enabled && fl.start_us >= s.duration_ms * 1000.0) {
      const std::string k = "flows." + std::to_string(i) + ".start_us";
      const std::string p = src.blame(k, "duration_ms");
      const std::string problem = "flows." + std::to_string(i) + " starts at start_us " + fmt_num(fl.start_us) +
                                  " us, at or after the end of the run (duration_ms " + fmt_num(s.duration_ms) +
                                  "): it would send nothing, and the fairness index would not show it";
      const std::string expected = "start_us < duration_ms x 1000 = " + fmt_num(s.duration_ms * 1000.0) +
                                   " (us), a longer duration_ms, or enabled: false for this entry";
      // A run cut short on the command line (--duration, --set duration_ms) to look at its
      // start is a choice made knowingly: a warning. In the file it is an error.
      if (p == "duration_ms" && src.at(p).set_index >= 0) {
        if (!late_warned) try {
            src.fail(src.at(p), p, problem, expected);
          } catch (const ScenarioError& e) {
            s.warnings.push_back(e.what());  // the first such entry only: one line
          }
        late_warned = true;
        continue;
      }
      src.fail(src.at(p), p, problem, expected);
    }
  }
  for (size_t i = 0; i < s.flows.size(); ++i) {
    const FlowSpec& fl = s.flows[i];
    if (!(fl.start_spread_us > 0) || fl.start_us + fl.start_spread_us <= s.duration_ms * 1000.0) continue;
    const std::string k = "flows." + std::to_string(i) + ".start_spread_us";
    const std::string p = src.blame(src.given(k) ? k : "defaults.flow.start_spread_us", "duration_ms");
    src.fail(src.at(p), p,
             "flows." + std::to_string(i) + " starts its flows up to start_us " + fmt_num(fl.start_us) +
                 " + start_spread_us " + fmt_num(fl.start_spread_us) + " us, after duration_ms " +
                 fmt_num(s.duration_ms) + " (some flows would never start)",
             "start_us + start_spread_us <= duration_ms x 1000 (us), here start_spread_us <= " +
                 fmt_num(std::max(0.0, s.duration_ms * 1000.0 - fl.start_us)));
  }
  for (size_t i = 0; i < s.flows.size(); ++i) {
    const FlowSpec& fl = s.flows[i];
    if ((fl.on_us > 0) == (fl.off_us > 0)) continue;
    const std::string e = "flows." + std::to_string(i);
    const std::string k = e + (fl.on_us > 0 ? ".on_us" : ".off_us");
    src.fail(src.at(k), k,
             e + " has on_us " + fmt_num(fl.on_us) + " and off_us " + fmt_num(fl.off_us) +
                 " (an on/off flow needs both periods)",
             "both on_us and off_us > 0 (on/off traffic), or both 0 (always on)");
  }
  // Entries with enabled: false were checked like the others; they do not run.
  s.flows.erase(std::remove_if(s.flows.begin(), s.flows.end(),
                               [](const FlowSpec& f) { return !f.enabled; }),
                s.flows.end());
  if (s.flows.empty())
    src.fail(src.at("flows"), "flows", "every entry has enabled: false",
             "at least one flow with enabled: true");

  // sample_flows -> sampled_flows (flow ids are the flows' order with count expanded).
  double total_flows = 0;
  for (const FlowSpec& f : s.flows) total_flows += f.count;
  s.sampled_flows = parse_sample_flows(s.sample_flows, static_cast<uint64_t>(total_flows), src);

  // Output size: each sample writes a flows.csv row per sampled flow and a queues.csv row
  // per switch port and per NIC (2 per link). More than kMaxSampleRows rows is an error.
  {
    const double per_sample = 2.0 * static_cast<double>(s.links.size()) + s.sampled_flows.size();
    const double samples = std::floor(s.duration_ms * 1000.0 / s.sample_us + 1e-9);
    if (samples * per_sample > kMaxSampleRows) {
      const std::string p = src.blame("sample_us", "duration_ms");
      const double min_us = s.duration_ms * 1000.0 * per_sample / kMaxSampleRows;
      char rows[32];
      std::snprintf(rows, sizeof rows, "%.3g", samples * per_sample);
      src.fail(src.at(p), p,
               "sample_us " + fmt_num(s.sample_us) + " over duration_ms " + fmt_num(s.duration_ms) +
                   " would write " + rows + " CSV rows (" + fmt_num(per_sample) +
                   " per sample: sampled flows, switch ports and NICs)",
               "at most " + fmt_num(kMaxSampleRows) + " rows: sample_us >= " + fmt_num(min_us) +
                   " (us) here, a shorter duration_ms, or fewer flows in sample_flows (e.g. 0-99)");
    }
  }
}

}  // namespace dcqcn::net::loader
