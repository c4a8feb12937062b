// SPDX-License-Identifier: MIT
// Scenario loader: one schema table (every accepted key, its type, range, default, unit
// and description) drives both the validation of a YAML file and `dcqcn-sim list`.
//
// Flow: read the file -> parse YAML (syntax errors carry yaml-cpp's line) -> check the
// top level is a map -> apply the --set overrides on the YAML tree (nodes they create
// are remembered, so an error in them is reported as "--set KEY=VALUE: ...") -> walk
// the tree against the schema, writing into a Scenario -> cross-field checks (topology,
// flows, thresholds). The first error throws ScenarioError with a one-line message
// "FILE:LINE: KEY: problem; expected WHAT".
#include "scenario.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <variant>

#include "engine_config.h"
#include "profiles.h"
#include "regmap.h"
#include "thresholds.h"

namespace dcqcn::net {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Type { UINT, DOUBLE, BOOL, STRING, ENUM, LIST, MAP, REGS };  // REGS: `registers`

// What the fields write into: the scenario plus values that exist only in the file.
struct Ctx {
  Scenario s;
  double link_rate_gbps = LinkSpec{}.rate_gbps;  // defaults.link.rate_gbps
  double link_delay_us = LinkSpec{}.delay_us;    // defaults.link.delay_us
  uint32_t flow_count = FlowSpec{}.count;        // defaults.flow.count
  uint64_t reg_value = 0;                        // a `registers` value being parsed
};

using Ref = std::variant<std::monostate, double*, uint64_t*, uint32_t*, bool*, std::string*,
                         std::optional<uint64_t>*, std::optional<double>*, NodeSpec::Kind*,
                         PfcSpec::Mode*, EcnSpec::Where*, TopologySpec::Type*>;

struct Range {
  double lo = -kInf, hi = kInf;
  bool lo_open = false, hi_open = false;
};
Range any() { return {}; }
Range ge(double lo) { return {lo, kInf, false, false}; }
Range gt(double lo) { return {lo, kInf, true, false}; }
Range in(double lo, double hi) { return {lo, hi, false, false}; }
Range gt_le(double lo, double hi) { return {lo, hi, true, false}; }

struct Field {
  std::string key;   // dotted; list elements as "links[].a"
  Type type;
  Range range;
  std::string unit;
  std::string desc;
  Ref (*ref)(Ctx&, size_t) = nullptr;        // scalars: where the value goes
  void (*resize)(Ctx&, size_t) = nullptr;    // lists: size the vector
  std::string shown_default;                 // instead of the struct's default value
  bool required = false;                     // list-element keys that must be present
  bool nonempty = false;                     // strings that must not be ""
  std::string noun;                          // STRING: what it names ("a node name")
  std::vector<std::string> values;           // ENUM: allowed values (index = enum value)
  std::string expect_text;                   // replaces the generated "expected ..." text
};

#define TOP(m) [](Ctx& c, size_t) -> Ref { return &c.s.m; }
#define CTX(m) [](Ctx& c, size_t) -> Ref { return &c.m; }
#define ELEM(v, m) [](Ctx& c, size_t i) -> Ref { return &c.s.v[i].m; }

const std::vector<Field>& fields() {
  static const std::vector<Field> table = [] {
    std::vector<Field> t;
    auto scalar = [&](std::string key, Type type, Range r, std::string unit, std::string desc,
                      Ref (*ref)(Ctx&, size_t)) -> Field& {
      Field f;
      f.key = std::move(key);
      f.type = type;
      f.range = r;
      f.unit = std::move(unit);
      f.desc = std::move(desc);
      f.ref = ref;
      t.push_back(std::move(f));
      return t.back();
    };
    auto section = [&](std::string key, std::string desc) {
      Field f;
      f.key = std::move(key);
      f.type = Type::MAP;
      f.desc = std::move(desc);
      t.push_back(std::move(f));
    };
    auto list = [&](std::string key, std::string desc, void (*resize)(Ctx&, size_t),
                    std::string shown) {
      Field f;
      f.key = std::move(key);
      f.type = Type::LIST;
      f.desc = std::move(desc);
      f.resize = resize;
      f.shown_default = std::move(shown);
      t.push_back(std::move(f));
    };
    using T = Type;

    scalar("name", T::STRING, any(), "", "scenario name (summaries, plots)", TOP(name))
        .shown_default = "(file name)";
    scalar("description", T::STRING, any(), "", "free text", TOP(description));
    scalar("duration_ms", T::DOUBLE, gt(0), "ms", "simulated time", TOP(duration_ms));
    scalar("sample_us", T::DOUBLE, gt(0), "us", "period of the time-series samples",
           TOP(sample_us));
    scalar("stats_from_ms", T::DOUBLE, ge(0), "ms",
           "start of the summary's *_after statistics (queue maximum, mean, delay after the "
           "start-up; < duration_ms)",
           TOP(stats_from_ms));
    scalar("seed", T::UINT, ge(0), "", "random seed (loss, ECN marking)", TOP(seed));
    scalar("profile", T::ENUM, any(), "", "DCQCN parameter profile (tb/ref/profiles.h)",
           TOP(profile))
        .values = profile_names();
    scalar("profile_flows", T::UINT, in(0, 1048576), "flows",
           "n that scales dcqcn_plus_static (0 = the number of flows)", TOP(profile_flows));
    {
      Field f;
      f.key = "registers";
      f.type = T::REGS;
      f.desc =
          "register writes after the profile's, to every block of the kind: NAME: VALUE with "
          "NAME = RP_, NP_ or CP_ + a register of docs/regmap.md (RP and NP: every NIC, CP: "
          "every switch), VALUE within its [min, max]; e.g. {RP_MIN_RATE_KBPS: 1000}. "
          "Registers the simulator derives (RP_LINE_RATE_KBPS, RP_MTU_BYTES, CP_LFSR_SEED, "
          "CP_MODE, NP_MODE) and those also given by switch.ecn.kmin_bytes/kmax_bytes/pmax "
          "are errors";
      f.shown_default = "{}";
      t.push_back(std::move(f));
    }
    scalar("mtu_bytes", T::UINT, in(64, 9000), "bytes", "payload of a full data packet",
           TOP(mtu_bytes));
    scalar("header_bytes", T::UINT, in(0, 1024), "bytes",
           "per-packet overhead on the wire (Ethernet + IP + UDP + BTH + ICRC)",
           TOP(header_bytes));
    scalar("data_priority", T::UINT, in(0, 7), "", "802.1p priority of data packets (lossless)",
           TOP(data_priority));
    scalar("cnp_priority", T::UINT, in(0, 7), "",
           "802.1p priority of CNPs (strict, lossless; != data_priority)", TOP(cnp_priority));
    scalar("cnp_gen_ns", T::DOUBLE, ge(0), "ns", "NIC time to emit a CNP (0 = immediate)",
           TOP(cnp_gen_ns));
    scalar("ecmp_seed", T::UINT, ge(0), "", "seed of the switches' ECMP hash", TOP(ecmp_seed));

    section("topology",
            "a generated topology, expanded into nodes and links before validation");
    scalar("topology.type", T::ENUM, any(), "",
           "none, or clos: 3-tier Clos (ToRs T1.., leaves L1.., spines S1..; each ToR links "
           "to every leaf of its pod, each leaf to every spine)",
           TOP(topology.type));
    t.back().values = {"none", "clos"};
    scalar("topology.pods", T::UINT, in(1, 64), "pods",
           "pods; ToRs and leaves are split into equal pods in order", TOP(topology.pods));
    scalar("topology.tors", T::UINT, in(1, 256), "switches",
           "ToRs T1..Tn in all (a multiple of pods)", TOP(topology.tors));
    scalar("topology.leaves", T::UINT, in(1, 256), "switches",
           "leaves L1..Ln in all (a multiple of pods)", TOP(topology.leaves));
    scalar("topology.spines", T::UINT, in(0, 64), "switches",
           "spines S1..Sn, each linked to every leaf (>= 1 when pods > 1)",
           TOP(topology.spines));
    scalar("topology.rate_gbps", T::DOUBLE, gt_le(0, 1000), "Gb/s",
           "rate of every generated link", TOP(topology.rate_gbps))
        .shown_default = "defaults.link.rate_gbps";
    scalar("topology.delay_us", T::DOUBLE, ge(0), "us",
           "propagation delay of every generated link", TOP(topology.delay_us))
        .shown_default = "defaults.link.delay_us";
    list("topology.hosts", "hosts of the generated topology, each under a ToR",
         [](Ctx& c, size_t n) { c.s.topology.hosts.resize(n); }, "(required with clos)");
    scalar("topology.hosts[].name", T::STRING, any(), "", "unique host name",
           ELEM(topology.hosts, name));
    // name and tor are required with type clos (checked at expansion: with type none the
    // entries are ignored, so that any one key can be --set on its own).
    t.back().noun = "a unique, non-empty host name";
    t.back().nonempty = true;
    t.back().shown_default = "(required)";
    scalar("topology.hosts[].tor", T::STRING, any(), "", "the ToR it hangs off (T1..Tn)",
           ELEM(topology.hosts, tor));
    t.back().noun = "a ToR name T1..Tn";
    t.back().shown_default = "(required)";

    list("nodes", "hosts and switches", [](Ctx& c, size_t n) { c.s.nodes.resize(n); },
         "(required unless topology)");
    scalar("nodes[].name", T::STRING, any(), "", "unique node name", ELEM(nodes, name));
    t.back().noun = "a unique, non-empty node name";
    t.back().required = true;
    t.back().nonempty = true;
    t.back().shown_default = "(required)";
    scalar("nodes[].type", T::ENUM, any(), "", "host (a NIC, one link) or switch",
           ELEM(nodes, kind));
    t.back().values = {"host", "switch"};
    t.back().required = true;
    t.back().shown_default = "(required)";

    list("links", "full-duplex links between nodes",
         [](Ctx& c, size_t n) { c.s.links.resize(n); }, "[]");
    scalar("links[].a", T::STRING, any(), "", "one end (node name)", ELEM(links, a));
    t.back().noun = "the name of a node";
    t.back().required = true;
    t.back().shown_default = "(required)";
    scalar("links[].b", T::STRING, any(), "", "other end (node name)", ELEM(links, b));
    t.back().noun = "the name of a node";
    t.back().required = true;
    t.back().shown_default = "(required)";
    scalar("links[].rate_gbps", T::DOUBLE, gt_le(0, 1000), "Gb/s", "rate, each direction",
           ELEM(links, rate_gbps))
        .shown_default = "defaults.link.rate_gbps";
    scalar("links[].delay_us", T::DOUBLE, ge(0), "us", "propagation delay, each direction",
           ELEM(links, delay_us))
        .shown_default = "defaults.link.delay_us";
    scalar("links[].loss", T::DOUBLE, in(0, 1), "",
           "random loss probability per data packet, each direction (CNP, NAK, ACK, PFC: "
           "never lost); go-back-N recovers it",
           ELEM(links, loss));

    section("defaults", "values for list entries that omit them");
    section("defaults.link", "link defaults");
    scalar("defaults.link.rate_gbps", T::DOUBLE, gt_le(0, 1000), "Gb/s",
           "rate of links that omit rate_gbps", CTX(link_rate_gbps));
    scalar("defaults.link.delay_us", T::DOUBLE, ge(0), "us",
           "delay of links that omit delay_us", CTX(link_delay_us));
    section("defaults.flow", "flow defaults");
    scalar("defaults.flow.count", T::UINT, in(1, 1048576), "flows",
           "count of flows entries that omit count (one --set scales every group)",
           CTX(flow_count));

    section("switch", "every switch");
    scalar("switch.buffer_bytes", T::UINT, in(1, 1e12), "bytes", "shared packet buffer",
           TOP(sw.buffer_bytes));
    section("switch.pfc", "priority flow control");
    scalar("switch.pfc.enabled", T::BOOL, any(), "",
           "PFC on the lossless priorities; off: the threshold below is the drop limit",
           TOP(sw.pfc.enabled));
    scalar("switch.pfc.mode", T::ENUM, any(), "",
           "per-(port, priority) ingress threshold: XOFF with PFC, drop without; static: "
           "t_pfc_bytes; dynamic: beta x free shared buffer / 8", TOP(sw.pfc.mode));
    t.back().values = {"static", "dynamic"};
    scalar("switch.pfc.t_pfc_bytes", T::UINT, in(0, 1e12), "bytes",
           "static XOFF threshold per (port, priority)", TOP(sw.pfc.t_pfc_bytes));
    scalar("switch.pfc.beta", T::DOUBLE, gt_le(0, 1024), "", "dynamic threshold factor",
           TOP(sw.pfc.beta));
    scalar("switch.pfc.derive_thresholds", T::BOOL, any(), "",
           "true: headroom_bytes = t_flight of the busiest switch (frame size, its fastest link, "
           "longest cable, response_ns) and t_pfc_bytes = (B - 8 n t_flight) / (8 n) of the "
           "switch with most ports (DCQCN section 4, `dcqcn-sim thresholds`); replaces both keys",
           TOP(sw.pfc.derive_thresholds));
    scalar("switch.pfc.xon_gap_bytes", T::UINT, in(0, 1e12), "bytes",
           "XON when the ingress queue falls this far below the threshold",
           TOP(sw.pfc.xon_gap_bytes));
    scalar("switch.pfc.headroom_bytes", T::UINT, in(0, 1e12), "bytes",
           "headroom per (port, priority) for packets in flight after XOFF",
           TOP(sw.pfc.headroom_bytes));
    scalar("switch.pfc.reserved_bytes", T::UINT, in(0, 1e12), "bytes",
           "reserved per (port, priority) before the shared pool", TOP(sw.pfc.reserved_bytes));
    scalar("switch.pfc.response_ns", T::DOUBLE, ge(0), "ns",
           "a pause takes effect this long after it arrives", TOP(sw.pfc.response_ns));
    section("switch.ecn", "ECN marking at the egress queues (the CP)");
    scalar("switch.ecn.enabled", T::BOOL, any(), "", "ECN marking", TOP(sw.ecn.enabled));
    scalar("switch.ecn.mark_at", T::ENUM, any(), "", "where packets are marked",
           TOP(sw.ecn.mark_at));
    t.back().values = {"enqueue", "dequeue"};
    scalar("switch.ecn.kmin_bytes", T::UINT, in(0, 1e12), "bytes", "RED Kmin",
           TOP(sw.ecn.kmin_bytes))
        .shown_default = "(profile)";
    scalar("switch.ecn.kmax_bytes", T::UINT, in(0, 1e12), "bytes", "RED Kmax (>= kmin_bytes)",
           TOP(sw.ecn.kmax_bytes))
        .shown_default = "(profile)";
    scalar("switch.ecn.pmax", T::DOUBLE, in(0, 1), "", "RED marking probability at Kmax",
           TOP(sw.ecn.pmax))
        .shown_default = "(profile)";
    scalar("switch.ecn.tcd", T::BOOL, any(), "", "TCD ternary marking (CP and NP MODE 1)",
           TOP(sw.ecn.tcd));

    section("nic", "every NIC");
    scalar("nic.pfc_enabled", T::BOOL, any(), "",
           "the NIC pauses its switch when its receive side fills", TOP(nic.pfc_enabled));
    scalar("nic.rx_buffer_bytes", T::UINT, in(1, 1e12), "bytes", "receive buffer",
           TOP(nic.rx_buffer_bytes));
    scalar("nic.rx_drain_gbps", T::DOUBLE, in(0, 1000), "Gb/s",
           "receive-side drain rate (0 = line rate, never fills)", TOP(nic.rx_drain_gbps));
    scalar("nic.nak_latency_us", T::DOUBLE, in(0, 1e6), "us",
           "go-back-N: time from a NAK's arrival at the sender to its send pointer rewound "
           "(firmware NAK handling)",
           TOP(nic.nak_latency_us));
    scalar("nic.nak_timeout_us", T::DOUBLE, gt_le(0, 1e6), "us",
           "go-back-N: the receiver sends no second NAK for the same expected PSN within "
           "this time",
           TOP(nic.nak_timeout_us));
    scalar("nic.rto_us", T::DOUBLE, gt_le(0, 1e6), "us",
           "go-back-N: sender retransmission timeout once a sized flow has sent its last "
           "packet unacknowledged (tail loss); armed only when data can be lost (link loss, PFC off)",
           TOP(nic.rto_us));
    scalar("nic.follow_retime", T::BOOL, any(), "",
           "debugging: false ignores the RP's re-timed departures (a flow's next departure "
           "stays as computed when its previous packet left: the behaviour before re-timing); "
           "the pacing check then fails",
           TOP(nic.follow_retime));

    list("flows", "traffic: one entry per group of identical flows (QPs)",
         [](Ctx& c, size_t n) { c.s.flows.resize(n); }, "(required)");
    scalar("flows[].src", T::STRING, any(), "", "sending host", ELEM(flows, src));
    t.back().noun = "the name of a host";
    t.back().required = true;
    t.back().shown_default = "(required)";
    scalar("flows[].dst", T::STRING, any(), "", "receiving host", ELEM(flows, dst));
    t.back().noun = "the name of a host";
    t.back().required = true;
    t.back().shown_default = "(required)";
    scalar("flows[].start_us", T::DOUBLE, ge(0), "us", "start time", ELEM(flows, start_us));
    scalar("flows[].start_rate_gbps", T::DOUBLE, in(0, 400), "Gb/s",
           "rate the flow starts at (its first packet is preceded by an RP INIT with this "
           "rate, clamped to the profile's [MIN_RATE, LINE_RATE]); 0 = line rate, RoCE's "
           "hyper-fast start (paper section 3.1, footnote 2: a NIC's QoS policy may set it)",
           ELEM(flows, start_rate_gbps));
    scalar("flows[].size_bytes", T::UINT, ge(0), "bytes", "bytes to send (0 = infinite)",
           ELEM(flows, size_bytes));
    scalar("flows[].count", T::UINT, in(1, 1048576), "flows",
           "identical flows (QPs) with these settings", ELEM(flows, count));
    scalar("flows[].enabled", T::BOOL, any(), "",
           "false: the entry is checked, then left out of the run (no flow ids)",
           ELEM(flows, enabled));
    return t;
  }();
  return table;
}

#undef TOP
#undef CTX
#undef ELEM

const Field* find_field(const std::string& key) {
  for (const auto& f : fields())
    if (f.key == key) return &f;
  return nullptr;
}

std::string leaf_of(const std::string& key) {
  auto dot = key.rfind('.');
  return dot == std::string::npos ? key : key.substr(dot + 1);
}

std::string parent_of(const std::string& key) {
  auto dot = key.rfind('.');
  return dot == std::string::npos ? std::string() : key.substr(0, dot);
}

// Direct children of a schema key ("" = top level; "links[]" = a link).
std::vector<const Field*> children(const std::string& parent) {
  std::vector<const Field*> out;
  for (const auto& f : fields())
    if (parent_of(f.key) == parent) out.push_back(&f);
  return out;
}

std::string child_names(const std::string& parent) {
  std::string s;
  for (const Field* f : children(parent)) s += (s.empty() ? "" : ", ") + leaf_of(f->key);
  return s;
}

// One line, bounded length: scalars from the file may hold anything.
std::string clean(const std::string& s, size_t max = 60) {
  std::string out;
  for (char ch : s.substr(0, max)) {
    if (ch == '\n') out += "\\n";
    else if (ch == '\r') out += "\\r";
    else if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) out += '?';
    else out += ch;
  }
  if (s.size() > max) out += "...";
  return out;
}

std::string join_list(const std::vector<std::string>& v, size_t max = 12) {
  std::string s;
  for (size_t i = 0; i < v.size() && i < max; ++i) s += (i ? ", " : "") + clean(v[i], 30);
  if (v.size() > max) s += ", ... (" + std::to_string(v.size()) + " in all)";
  return s;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  std::iota(prev.begin(), prev.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (std::tolower(static_cast<unsigned char>(a[i - 1])) !=
                                  std::tolower(static_cast<unsigned char>(b[j - 1])));
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// " (did you mean X?)" for an unknown key `name` under schema parent `parent`, shown
// under the actual path `path_parent` (with list indices), or "".
std::string suggestion(const std::string& name, const std::string& parent,
                       const std::string& path_parent) {
  auto shown = [&](const std::string& leaf) {
    return path_parent.empty() ? leaf : path_parent + "." + leaf;
  };
  for (const auto& f : fields())  // a key that belongs elsewhere
    if (f.type != Type::MAP && leaf_of(f.key) == name) {
      std::string k = f.key;
      for (size_t at; (at = k.find("[]")) != std::string::npos;) k.replace(at, 2, ".N");
      return " (did you mean " + k + "?)";
    }
  const Field* best = nullptr;
  size_t best_d = std::numeric_limits<size_t>::max();
  for (const Field* f : children(parent)) {
    size_t d = edit_distance(name, leaf_of(f->key));
    if (d < best_d) best_d = d, best = f;
  }
  size_t limit = std::clamp<size_t>(name.size() / 3, 1, 3);
  if (best && best_d <= limit) return " (did you mean " + shown(leaf_of(best->key)) + "?)";
  if (name.size() >= 3)
    for (const Field* f : children(parent))
      if (leaf_of(f->key).rfind(name, 0) == 0) return " (did you mean " + shown(leaf_of(f->key)) + "?)";
  return "";
}

std::string fmt_num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

std::string range_text(const Field& f) {
  const Range& r = f.range;
  bool lo = std::isfinite(r.lo), hi = std::isfinite(r.hi);
  if (f.type == Type::UINT) {
    double lo_v = lo ? r.lo : 0;
    if (hi) return " in " + fmt_num(lo_v) + ".." + fmt_num(r.hi);
    return " >= " + fmt_num(lo_v);
  }
  std::string s;
  if (lo) s += std::string(r.lo_open ? " > " : " >= ") + fmt_num(r.lo);
  if (lo && hi) s += " and";
  if (hi) s += std::string(r.hi_open ? " < " : " <= ") + fmt_num(r.hi);
  return s;
}

std::string expectation(const Field& f) {
  if (!f.expect_text.empty()) return f.expect_text;
  std::string unit = f.unit.empty() ? "" : " (" + f.unit + ")";
  switch (f.type) {
    case Type::UINT: return "an integer" + range_text(f) + unit;
    case Type::DOUBLE: return "a number" + range_text(f) + unit;
    case Type::BOOL: return "true or false";
    case Type::STRING:
      if (!f.noun.empty()) return f.noun;
      return f.nonempty ? "a non-empty string" : "a string";
    case Type::ENUM: return "one of " + join_list(f.values, 100);
    case Type::MAP: return "a map with keys " + child_names(f.key);
    case Type::LIST: return "a list of maps with keys " + child_names(f.key + "[]");
    case Type::REGS: return "a map of NAME: VALUE with NAME a register of docs/regmap.md (RP_..., NP_..., CP_...)";
  }
  return "";
}

// ---- `registers`: names and ranges come from tb/ref/regmap_{rp,np,cp}.h.

struct RegInfo {
  std::string full;      // RP_MIN_RATE_KBPS
  dcqcn::Block block;
  const dcqcn::RegDef* def;
};

const std::vector<RegInfo>& all_registers() {
  static const std::vector<RegInfo> v = [] {
    std::vector<RegInfo> r;
    for (const auto& d : dcqcn::kRpRegs) r.push_back({"RP_" + std::string(d.name), dcqcn::Block::RP, &d});
    for (const auto& d : dcqcn::kNpRegs) r.push_back({"NP_" + std::string(d.name), dcqcn::Block::NP, &d});
    for (const auto& d : dcqcn::kCpRegs) r.push_back({"CP_" + std::string(d.name), dcqcn::Block::CP, &d});
    return r;
  }();
  return v;
}

const RegInfo* find_register(const std::string& name) {
  for (const auto& r : all_registers())
    if (r.full == name) return &r;
  return nullptr;
}

// The unit of a register, from its name's suffix.
std::string register_unit(const std::string& name) {
  auto ends = [&](const char* suf) {
    const size_t n = std::strlen(suf);
    return name.size() >= n && name.compare(name.size() - n, n, suf) == 0;
  };
  if (ends("_KBPS")) return "kb/s";
  if (ends("_NS")) return "ns";
  if (ends("_BYTES")) return "bytes";
  if (ends("_Q16")) return "Q16, 65536 = 1.0";
  if (ends("_Q8")) return "Q8, 256 = 1.0";
  return "";
}

// " (did you mean X?)" / " (did you mean X, Y or Z?)": the registers nearest to `name`
// (compared with and without the block prefix), else those containing it, or "".
std::string register_suggestion(const std::string& name) {
  std::vector<std::string> best;
  size_t best_d = std::numeric_limits<size_t>::max();
  for (const auto& r : all_registers()) {
    const size_t d = std::min(edit_distance(name, r.full), edit_distance(name, std::string(r.def->name)));
    if (d < best_d) best_d = d, best.clear();
    if (d == best_d) best.push_back(r.full);
  }
  const size_t limit = std::clamp<size_t>(name.size() / 4, 2, 4);
  if (best_d > limit) {
    best.clear();
    std::string up;
    for (char ch : name) up += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (up.size() >= 3)
      for (const auto& r : all_registers())
        if (r.full.find(up) != std::string::npos) best.push_back(r.full);
  }
  if (best.empty() || best.size() > 3) return "";
  std::string s = " (did you mean ";
  for (size_t i = 0; i < best.size(); ++i)
    s += (i == 0 ? "" : i + 1 == best.size() ? " or " : ", ") + best[i];
  return s + "?)";
}

// Registers the simulator writes itself, and the scenario key that sets them.
const char* derived_register(const std::string& name) {
  static const std::map<std::string, const char*> d = {
      {"RP_LINE_RATE_KBPS", "the rate of each NIC's link (links[].rate_gbps, defaults.link.rate_gbps)"},
      {"RP_MTU_BYTES", "mtu_bytes + header_bytes"},
      {"CP_LFSR_SEED", "seed (mixed with the switch id)"},
      {"CP_MODE", "switch.ecn.tcd (true: CP and NP MODE 1)"},
      {"NP_MODE", "switch.ecn.tcd (true: CP and NP MODE 1)"}};
  auto it = d.find(name);
  return it == d.end() ? nullptr : it->second;
}

// Empty if `name` may be given in `registers`; else the problem, and `expected` is set.
std::string register_name_problem(const std::string& name, std::string& expected) {
  const RegInfo* r = find_register(name);
  if (!r) {
    expected = "RP_, NP_ or CP_ + a register name of tb/ref/regmap_{rp,np,cp}.h (docs/regmap.md), "
               "e.g. RP_MIN_RATE_KBPS";
    return "unknown register" + register_suggestion(name);
  }
  if (const char* from = derived_register(name)) {
    expected = "to set it through " + std::string(from);
    return "is written by the simulator, not by a scenario's registers";
  }
  return "";
}

std::string type_text(const Field& f) {
  switch (f.type) {
    case Type::UINT: return "uint" + range_text(f);
    case Type::DOUBLE: return "double" + range_text(f);
    case Type::BOOL: return "bool";
    case Type::STRING: return "string";
    case Type::ENUM: return "enum " + [&] {
        std::string s;
        for (const auto& v : f.values) s += (s.empty() ? "" : "|") + v;
        return s;
      }();
    case Type::MAP: return "map";
    case Type::LIST: return "list";
    case Type::REGS: return "map REGISTER: uint";
  }
  return "";
}

std::string describe(const YAML::Node& n) {
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a map";
  if (n.IsScalar()) return "'" + clean(n.Scalar()) + "'";
  return "empty";
}

// Exact parsers (the C locale's syntax, whole string).
bool parse_double(const std::string& s, double& out) {
  const char* b = s.data();
  const char* e = b + s.size();
  if (b != e && *b == '+') ++b;
  if (b == e) return false;
  auto r = std::from_chars(b, e, out);
  return r.ec == std::errc() && r.ptr == e;
}

bool is_digits(const std::string& s) {
  return !s.empty() && s.size() <= 20 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool parse_bool(const std::string& s, bool& out) {
  static const char* const t[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"};
  static const char* const f[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"};
  for (const char* x : t)
    if (s == x) return out = true, true;
  for (const char* x : f)
    if (s == x) return out = false, true;
  return false;
}

// Where a node came from: a file line, or a --set override.
struct Loc {
  int line = 1;
  std::string set_label;  // "KEY=VALUE" when the node was made by --set
  std::string set_key;
  int set_index = -1;     // which override
};

class Loader {
 public:
  Loader(std::string file, const std::vector<std::pair<std::string, std::string>>& ov)
      : file_(std::move(file)), overrides_(ov) {}

  Scenario run() {
    YAML::Node root = parse();
    root_loc_ = loc(root, Loc{});
    if (!root.IsMap())
      fail(root_loc_, "(top level)",
           root.IsNull() ? "the file is empty" : "is " + describe(root) + ", not a map",
           "a map of scenario keys (" + child_names("") + ")");
    for (size_t i = 0; i < overrides_.size(); ++i) apply_override(root, i);
    walk_map(root, "", "", 0, root_loc_);
    finish();
    return std::move(c_.s);
  }

 private:
  std::string file_;
  const std::vector<std::pair<std::string, std::string>>& overrides_;
  std::vector<std::pair<YAML::Node, size_t>> made_;  // nodes created by override i
  std::map<std::string, Loc> where_;                 // dotted path -> where it was given
  Loc root_loc_;
  Ctx c_;

  [[noreturn]] void fail(const Loc& at, const std::string& key, const std::string& problem,
                         const std::string& expected) const {
    std::string msg;
    if (!at.set_label.empty()) {
      msg = "--set " + at.set_label + ": ";
      if (key != at.set_key) msg += key + ": ";
    } else {
      msg = file_ + ":" + std::to_string(at.line) + ": " + key + ": ";
    }
    throw ScenarioError(msg + problem + "; expected " + expected);
  }

  Loc loc(const YAML::Node& n, const Loc& fallback) const {
    if (!n.IsDefined()) return fallback;
    YAML::Mark m = n.Mark();
    if (!m.is_null() && m.line >= 0) return Loc{m.line + 1, {}, {}, -1};
    for (const auto& [node, i] : made_)
      if (node.is(n)) return set_loc(i);
    return fallback;
  }

  Loc set_loc(size_t i) const {
    const auto& [k, v] = overrides_[i];
    return Loc{0, clean(k) + "=" + clean(v), k, static_cast<int>(i)};
  }

  Loc at(const std::string& path) const {
    auto it = where_.find(path);
    return it == where_.end() ? root_loc_ : it->second;
  }

  bool given(const std::string& path) const { return where_.count(path) != 0; }

  YAML::Node parse() {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(file_, ec))
      throw ScenarioError(file_ + ": cannot open: is a directory; expected a YAML scenario file");
    errno = 0;
    std::ifstream in(file_, std::ios::binary);
    if (!in) {
      std::string why = errno ? std::strerror(errno) : "unreadable";
      throw ScenarioError(file_ + ": cannot open: " + why +
                          "; expected a readable YAML scenario file");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    try {
      return YAML::Load(ss.str());
    } catch (const YAML::Exception& e) {
      int line = e.mark.is_null() ? 1 : std::max(e.mark.line, 0) + 1;
      throw ScenarioError(file_ + ":" + std::to_string(line) +
                          ": yaml: syntax error: " + clean(e.msg, 120) +
                          "; expected well-formed YAML");
    } catch (const std::exception& e) {
      throw ScenarioError(file_ + ":1: yaml: cannot parse: " + clean(e.what(), 120) +
                          "; expected well-formed YAML");
    }
  }

  // --set KEY=VALUE: edits the YAML tree; the value is validated later with the file.
  void apply_override(YAML::Node& root, size_t oi) {
    const std::string& key = overrides_[oi].first;
    const std::string& value = overrides_[oi].second;
    const std::string label = clean(key) + "=" + clean(value);
    auto bad = [&](const std::string& problem, const std::string& expected) {
      throw ScenarioError("--set " + label + ": " + problem + "; expected " + expected);
    };
    if (key.empty()) bad("empty key", "KEY=VALUE with a dotted key such as switch.pfc.beta");

    std::vector<std::string> parts;
    {
      size_t start = 0;
      while (true) {
        size_t dot = key.find('.', start);
        parts.push_back(key.substr(start, dot == std::string::npos ? dot : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
      }
    }
    YAML::Node cur;
    cur.reset(root);
    std::string skey, path;
    bool in_list = false;      // cur is a list; the next part is an index
    for (size_t i = 0; i < parts.size(); ++i) {
      const std::string& p = parts[i];
      if (p.empty()) bad("empty part in the key", "a dotted key such as switch.pfc.beta");
      if (in_list) {
        if (!is_digits(p))
          bad(path + " is a list and '" + clean(p) + "' is not an index",
              path + ".N." + leaf_of(children(skey + "[]").front()->key) + " with N in 0.." +
                  std::to_string(cur.size()));
        uint64_t n = 0;
        if (std::from_chars(p.data(), p.data() + p.size(), n).ec != std::errc() ||
            n > cur.size())
          bad("index " + clean(p) + " out of range (" + path + " has " + std::to_string(cur.size()) +
                  " entries)",
              "an index in 0.." + std::to_string(cur.size()) + " (" +
                  std::to_string(cur.size()) + " adds an entry)");
        if (n == cur.size()) {
          YAML::Node m(YAML::NodeType::Map);
          cur.push_back(m);
          made_.emplace_back(m, oi);
        }
        YAML::Node e = cur[static_cast<size_t>(n)];
        path += "." + p;
        skey += "[]";
        if (!e.IsMap())
          bad(path + " is " + describe(e) + " in the file, not a map",
              "a list entry that is a map");
        cur.reset(e);
        in_list = false;
        continue;
      }
      std::string sk = skey.empty() ? p : skey + "." + p;
      const Field* g = find_field(sk);
      if (!g)
        bad("unknown key" + suggestion(p, skey, path),
            (skey.empty() ? "a key such as " : "one of the keys of " + path + ": ") +
                child_names(skey));
      skey = sk;
      path = path.empty() ? p : path + "." + p;
      const bool last = i + 1 == parts.size();
      if (g->type == Type::REGS) {
        const std::string usage =
            "registers.NAME=VALUE with NAME a register of docs/regmap.md, e.g. "
            "registers.RP_MIN_RATE_KBPS=1000";
        if (last) bad(path + " is a section, not a value", usage);
        const std::string& name = parts[i + 1];
        if (name.empty()) bad("empty part in the key", usage);
        std::string expected;
        const std::string problem = register_name_problem(name, expected);
        if (!problem.empty()) bad(path + "." + clean(name) + ": " + problem, expected);
        if (i + 2 != parts.size())
          bad(path + "." + clean(name) + " is a value, not a section", usage);
        const YAML::Node found = static_cast<const YAML::Node&>(cur)[p];  // no insertion
        YAML::Node regs;
        if (!found.IsDefined() || found.IsNull()) {
          YAML::Node made(YAML::NodeType::Map);
          cur[p] = made;
          made_.emplace_back(made, oi);
          regs.reset(made);
        } else if (!found.IsMap()) {
          bad(path + " is " + describe(found) + " in the file", expectation(*g));
        } else {
          regs.reset(found);
        }
        YAML::Node v(value);
        regs[name] = v;
        made_.emplace_back(v, oi);
        return;
      }
      if (g->type == Type::MAP || g->type == Type::LIST) {
        if (last)
          bad(path + " is a " + (g->type == Type::MAP ? "section" : "list") + ", not a value",
              g->type == Type::MAP
                  ? "a key under it: " + child_names(sk)
                  : path + ".N.KEY with KEY one of " + child_names(sk + "[]"));
        const YAML::Node found = static_cast<const YAML::Node&>(cur)[p];  // no insertion
        const bool want_map = g->type == Type::MAP;
        YAML::Node child;
        if (!found.IsDefined() || found.IsNull()) {
          YAML::Node made(want_map ? YAML::NodeType::Map : YAML::NodeType::Sequence);
          cur[p] = made;
          made_.emplace_back(made, oi);
          child.reset(made);
        } else if (want_map ? !found.IsMap() : !found.IsSequence()) {
          bad(path + " is " + describe(found) + " in the file", expectation(*g));
        } else {
          child.reset(found);
        }
        cur.reset(child);
        in_list = !want_map;
        continue;
      }
      if (!last) bad(path + " is a value, not a section", "KEY=VALUE with KEY ending at " + path);
      YAML::Node v(value);
      cur[p] = v;
      made_.emplace_back(v, oi);
      return;
    }
    bad(path + " is a list entry, not a value",
        path + ".KEY with KEY one of " + child_names(skey));
  }

  void walk_map(const YAML::Node& map, const std::string& skey, const std::string& path,
                size_t idx, const Loc& map_loc) {
    std::set<std::string> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::Node k = it->first;
      const YAML::Node v = it->second;
      const Loc kl = loc(k, map_loc);
      const std::string where = path.empty() ? "(top level)" : path;
      if (!k.IsScalar())
        fail(kl, where, "a key is " + describe(k), "plain key names: " + child_names(skey));
      const std::string& name = k.Scalar();
      const std::string p = path.empty() ? name : path + "." + name;
      if (name.find_first_of(".[]") != std::string::npos)
        fail(kl, clean(p), "unknown key (dotted keys are for --set; nest maps in a file)",
             "one of " + child_names(skey));
      const std::string sk = skey.empty() ? name : skey + "." + name;
      const Field* f = find_field(sk);
      if (!f)
        fail(kl, clean(p), "unknown key" + suggestion(name, skey, path),
             (path.empty() ? "one of " : "one of the keys of " + path + ": ") +
                 child_names(skey));
      if (!seen.insert(name).second)
        fail(kl, p, "duplicate key (line " + std::to_string(at(p).line) + " has it too)",
             "each key once");
      const Loc vl = v.IsNull() ? kl : loc(v, kl);
      where_[p] = vl;
      switch (f->type) {
        case Type::MAP:
          if (v.IsNull()) break;  // "switch:" with everything commented out
          if (!v.IsMap()) fail(vl, p, "wrong type: is " + describe(v), expectation(*f));
          walk_map(v, sk, p, idx, vl);
          break;
        case Type::LIST:
          if (v.IsNull()) break;
          if (!v.IsSequence()) fail(vl, p, "wrong type: is " + describe(v), expectation(*f));
          walk_list(v, *f, p, vl);
          break;
        case Type::REGS:
          if (v.IsNull()) break;
          if (!v.IsMap()) fail(vl, p, "wrong type: is " + describe(v), expectation(*f));
          walk_registers(v, p, vl);
          break;
        default:
          set_scalar(*f, v, p, vl, idx);
      }
    }
  }

  // registers: {NAME: VALUE, ...}; each NAME a register, each VALUE in its [min, max].
  void walk_registers(const YAML::Node& map, const std::string& path, const Loc& map_loc) {
    std::set<std::string> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::Node k = it->first;
      const YAML::Node v = it->second;
      const Loc kl = loc(k, map_loc);
      if (!k.IsScalar())
        fail(kl, path, "a key is " + describe(k), "register names such as RP_MIN_RATE_KBPS");
      const std::string& name = k.Scalar();
      const std::string p = path + "." + name;
      std::string expected;
      const std::string problem = register_name_problem(name, expected);
      if (!problem.empty()) fail(kl, clean(p), problem, expected);
      if (!seen.insert(name).second)
        fail(kl, p, "duplicate key (line " + std::to_string(at(p).line) + " has it too)",
             "each register once");
      const Loc vl = v.IsNull() ? kl : loc(v, kl);
      where_[p] = vl;
      const RegInfo& r = *find_register(name);
      Field f;  // parsed as any 32-bit integer, then held to the table's [min, max]
      f.key = p;
      f.type = Type::UINT;
      f.range = in(r.def->min, r.def->max);
      const std::string unit = register_unit(name);
      f.unit = (unit.empty() ? "" : unit + ", ") + "the range of " + name + " in docs/regmap.md";
      f.ref = [](Ctx& c, size_t) -> Ref { return &c.reg_value; };
      Field wide = f;
      wide.range = in(0, 4294967295.0);
      wide.expect_text = expectation(f);
      set_scalar(wide, v, p, vl, 0);
      if (c_.reg_value < r.def->min || c_.reg_value > r.def->max) {
        const std::string blk = r.full.substr(0, 2);
        fail(vl, p,
             "out of range: " + clean(v.Scalar()) + " (the " + blk + " would clamp it to " +
                 std::to_string(c_.reg_value < r.def->min ? r.def->min : r.def->max) +
                 " without a word)",
             expectation(f));
      }
      c_.s.registers.push_back({name, r.block, std::string(r.def->name),
                                static_cast<uint32_t>(c_.reg_value)});
    }
  }

  void walk_list(const YAML::Node& seq, const Field& f, const std::string& path,
                 const Loc& list_loc) {
    f.resize(c_, seq.size());
    const std::string ek = f.key + "[]";
    for (size_t i = 0; i < seq.size(); ++i) {
      const YAML::Node e = seq[i];
      const std::string p = path + "." + std::to_string(i);
      const Loc el = loc(e, list_loc);
      where_[p] = el;
      if (!e.IsMap()) fail(el, p, "wrong type: is " + describe(e), "a map with keys " + child_names(ek));
      walk_map(e, ek, p, i, el);
      for (const Field* c : children(ek))
        if (c->required && !given(p + "." + leaf_of(c->key)))
          fail(el, p + "." + leaf_of(c->key), "missing", expectation(*c));
    }
  }

  void set_scalar(const Field& f, const YAML::Node& v, const std::string& path, const Loc& vl,
                  size_t idx) {
    const std::string expect = expectation(f);
    if (v.IsNull()) fail(vl, path, "has no value", expect);
    if (!v.IsScalar()) fail(vl, path, "wrong type: is " + describe(v), expect);
    const std::string& s = v.Scalar();
    const Ref r = f.ref(c_, idx);
    auto range_ok = [&](double x) {
      const Range& g = f.range;
      if (g.lo_open ? !(x > g.lo) : !(x >= g.lo)) return false;
      if (g.hi_open ? !(x < g.hi) : !(x <= g.hi)) return false;
      return true;
    };
    switch (f.type) {
      case Type::DOUBLE: {
        double d = 0;
        if (!parse_double(s, d) || !std::isfinite(d))
          fail(vl, path, "wrong type: '" + clean(s) + "' is not a number", expect);
        if (!range_ok(d)) fail(vl, path, "out of range: " + clean(s), expect);
        if (auto p = std::get_if<double*>(&r)) **p = d;
        else if (auto q = std::get_if<std::optional<double>*>(&r)) **q = d;
        break;
      }
      case Type::UINT: {
        uint64_t u = 0;
        double d = 0;
        if (is_digits(s)) {
          auto res = std::from_chars(s.data(), s.data() + s.size(), u);
          if (res.ec != std::errc()) fail(vl, path, "out of range: " + clean(s), expect);
          d = static_cast<double>(u);
        } else {
          if (!parse_double(s, d) || !std::isfinite(d))
            fail(vl, path, "wrong type: '" + clean(s) + "' is not a number", expect);
          if (d != std::floor(d))
            fail(vl, path, "wrong type: '" + clean(s) + "' is not an integer", expect);
          if (d < 0 || d >= 18446744073709551616.0)
            fail(vl, path, "out of range: " + clean(s), expect);
          u = static_cast<uint64_t>(d);
        }
        if (!range_ok(d) || (std::get_if<uint32_t*>(&r) && u > 4294967295ull))
          fail(vl, path, "out of range: " + clean(s), expect);
        if (auto p = std::get_if<uint64_t*>(&r)) **p = u;
        else if (auto q = std::get_if<uint32_t*>(&r)) **q = static_cast<uint32_t>(u);
        else if (auto o = std::get_if<std::optional<uint64_t>*>(&r)) **o = u;
        break;
      }
      case Type::BOOL: {
        bool b = false;
        if (!parse_bool(s, b))
          fail(vl, path, "wrong type: '" + clean(s) + "' is not a boolean", expect);
        if (auto p = std::get_if<bool*>(&r)) **p = b;
        break;
      }
      case Type::STRING:
        if (f.nonempty && s.empty()) fail(vl, path, "is empty", expect);
        if (auto p = std::get_if<std::string*>(&r)) **p = s;
        break;
      case Type::ENUM: {
        auto it = std::find(f.values.begin(), f.values.end(), s);
        if (it == f.values.end()) {
          std::string what = f.key == "profile" ? "unknown profile '" : "unknown value '";
          fail(vl, path, what + clean(s) + "'", expect);
        }
        const int k = static_cast<int>(it - f.values.begin());
        if (auto p = std::get_if<std::string*>(&r)) **p = s;
        else if (auto q = std::get_if<NodeSpec::Kind*>(&r)) **q = static_cast<NodeSpec::Kind>(k);
        else if (auto m = std::get_if<PfcSpec::Mode*>(&r)) **m = static_cast<PfcSpec::Mode>(k);
        else if (auto w = std::get_if<EcnSpec::Where*>(&r)) **w = static_cast<EcnSpec::Where>(k);
        else if (auto y = std::get_if<TopologySpec::Type*>(&r)) **y = static_cast<TopologySpec::Type>(k);
        break;
      }
      default:
        break;
    }
  }

  // The path to blame for a rule between two keys: the one given by the later --set,
  // else `a` if the file gives it, else `b`.
  std::string blame(const std::string& a, const std::string& b) const {
    const int ia = given(a) ? at(a).set_index : -1, ib = given(b) ? at(b).set_index : -1;
    if (ia >= 0 || ib >= 0) return ib > ia ? b : a;  // the later override
    if (given(a)) return a;
    return given(b) ? b : a;
  }

  void finish() {
    Scenario& s = c_.s;
    s.file = file_;
    if (!given("name")) s.name = std::filesystem::path(file_).stem().string();

    // Links that omit rate / delay take defaults.link.
    for (size_t i = 0; i < s.links.size(); ++i) {
      const std::string p = "links." + std::to_string(i);
      if (!given(p + ".rate_gbps")) s.links[i].rate_gbps = c_.link_rate_gbps;
      if (!given(p + ".delay_us")) s.links[i].delay_us = c_.link_delay_us;
    }
    for (size_t i = 0; i < s.flows.size(); ++i)
      if (!given("flows." + std::to_string(i) + ".count")) s.flows[i].count = c_.flow_count;

    if (s.stats_from_ms >= s.duration_ms) {
      const std::string p = blame("stats_from_ms", "duration_ms");
      fail(at(p), p,
           "stats_from_ms " + fmt_num(s.stats_from_ms) + " is not before duration_ms " +
               fmt_num(s.duration_ms),
           "0 <= stats_from_ms < duration_ms (statistics need some time after it)");
    }

    // derive_thresholds replaces the two values; giving one of them as well is an error,
    // unless derive_thresholds comes from a later --set (which overrides the file).
    if (s.sw.pfc.derive_thresholds && given("switch.pfc.derive_thresholds"))
      for (const char* k : {"switch.pfc.headroom_bytes", "switch.pfc.t_pfc_bytes"})
        if (given(k) && at(k).set_index >= at("switch.pfc.derive_thresholds").set_index) {
          const std::string p = blame(k, "switch.pfc.derive_thresholds");
          fail(at(p), p,
               std::string("given together with switch.pfc.derive_thresholds: true, which computes ") + k,
               "one of the two: the value, or derive_thresholds: true");
        }

    if (s.data_priority == s.cnp_priority) {
      std::string p = blame("cnp_priority", "data_priority");
      fail(at(p), p,
           "equals " + std::string(p == "cnp_priority" ? "data_priority" : "cnp_priority") +
               " (" + std::to_string(s.data_priority) + ")",
           "two different priorities (CNPs use their own strict-priority class)");
    }
    if (s.sw.ecn.kmin_bytes && s.sw.ecn.kmax_bytes && *s.sw.ecn.kmin_bytes > *s.sw.ecn.kmax_bytes) {
      std::string p = blame("switch.ecn.kmin_bytes", "switch.ecn.kmax_bytes");
      fail(at(p), p,
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
        const std::string p = blame(r.key, e.key);
        fail(at(p), p,
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
        const std::string p = blame(kmin->key, kmax->key);
        fail(at(p), p,
             kmin->key + " " + std::to_string(kmin->value) + " > " + kmax->key + " " +
                 std::to_string(kmax->value),
             "Kmin <= Kmax");
      }
    }

    expand_topology();

    // Nodes.
    if (s.nodes.empty())
      fail(at("nodes"), "nodes", given("nodes") ? "empty list" : "missing",
           "a list of at least one node {name, type: host|switch}");
    std::map<std::string, size_t> by_name;
    std::vector<std::string> names, hosts;
    for (size_t i = 0; i < s.nodes.size(); ++i) {
      const std::string p = "nodes." + std::to_string(i) + ".name";
      auto [it, fresh] = by_name.emplace(s.nodes[i].name, i);
      if (!fresh) {
        const Loc first = at("nodes." + std::to_string(it->second) + ".name");
        std::string where = first.set_label.empty() ? "line " + std::to_string(first.line)
                                                    : "--set " + first.set_label;
        fail(at(p), p,
             "duplicate node name '" + clean(s.nodes[i].name) + "' (also nodes." +
                 std::to_string(it->second) + ", " + where + ")",
             "unique node names");
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
          fail(at(q), q, "'" + clean(*ep[j]) + "' is not a node", "a node name: " + join_list(names));
        end[j] = it->second;
      }
      if (end[0] == end[1])
        fail(at(p + ".b"), p + ".b", "same node as a ('" + clean(l.a) + "')",
             "a link between two different nodes");
      if (is_host(end[0]) && is_host(end[1]))
        fail(at(p), p, "links two hosts ('" + clean(l.a) + "', '" + clean(l.b) + "')",
             "a host linked to a switch");
      for (int j = 0; j < 2; ++j) {
        if (!is_host(end[j])) continue;
        if (host_link[end[j]] >= 0) {
          const std::string q = p + (j ? ".b" : ".a");
          fail(at(q), q,
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
        fail(at(p), p, "host '" + clean(s.nodes[n].name) + "' has no link",
             "exactly one link per host, to a switch");
      }

    // Flows: between two different hosts that are connected.
    if (s.flows.empty())
      fail(at("flows"), "flows", given("flows") ? "empty list" : "missing",
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
          fail(at(q), q, "'" + clean(*ep[j]) + "' is not a node", "a host: " + join_list(hosts));
        if (!is_host(it->second))
          fail(at(q), q, "'" + clean(*ep[j]) + "' is a switch", "a host: " + join_list(hosts));
        end[j] = it->second;
      }
      if (end[0] == end[1])
        fail(at(p + ".dst"), p + ".dst", "same host as src ('" + clean(fl.src) + "')",
             "a different host from src");
      if (root_of(end[0]) != root_of(end[1]))
        fail(at(p + ".dst"), p + ".dst",
             "'" + clean(fl.dst) + "' cannot be reached from '" + clean(fl.src) + "'",
             "hosts connected by links and switches");
    }
    // Entries with enabled: false were checked like the others; they do not run.
    s.flows.erase(std::remove_if(s.flows.begin(), s.flows.end(),
                                 [](const FlowSpec& f) { return !f.enabled; }),
                  s.flows.end());
    if (s.flows.empty())
      fail(at("flows"), "flows", "every entry has enabled: false",
           "at least one flow with enabled: true");
  }

  // topology: clos -> nodes and links, appended to the file's own (which may attach more
  // nodes to the generated switches). Every rule about the generated part is checked
  // here, against the topology keys, so the generic node and link checks that follow
  // never have to blame a line the file does not have.
  void expand_topology() {
    Scenario& s = c_.s;
    const TopologySpec& t = s.topology;
    const std::string T = "topology.";
    auto topo_at = [&](const std::string& p) { return given(p) ? at(p) : at("topology"); };
    if (t.type == TopologySpec::Type::NONE) {
      // The other topology keys are ignored; but a file that has no nodes and gives them
      // has most likely forgotten the type.
      if (s.nodes.empty() && !given(T + "type"))
        for (const Field* f : children("topology"))
          if (given(T + leaf_of(f->key)))
            fail(at("topology"), T + "type", "missing (" + T + leaf_of(f->key) + " is given)",
                 "one of none, clos");
      return;
    }
    auto not_multiple = [&](const std::string& what, uint32_t n) {
      const std::string p = blame(T + what, T + "pods");
      fail(at(p), p,
           what + " " + std::to_string(n) + " is not a multiple of pods " + std::to_string(t.pods),
           "tors and leaves that split into equal pods");
    };
    if (t.tors % t.pods) not_multiple("tors", t.tors);
    if (t.leaves % t.pods) not_multiple("leaves", t.leaves);
    if (t.pods > 1 && t.spines == 0) {
      const std::string p = blame(T + "spines", T + "pods");
      fail(at(p), p, "no spines to connect " + std::to_string(t.pods) + " pods",
           "spines >= 1 when pods > 1");
    }
    if (t.hosts.empty())
      fail(topo_at(T + "hosts"), T + "hosts", given(T + "hosts") ? "empty list" : "missing",
           "a list of at least one host {name, tor}");

    // Generated switch names.
    std::vector<std::string> tors, leaves, spines;
    for (uint32_t i = 1; i <= t.tors; ++i) tors.push_back("T" + std::to_string(i));
    for (uint32_t i = 1; i <= t.leaves; ++i) leaves.push_back("L" + std::to_string(i));
    for (uint32_t i = 1; i <= t.spines; ++i) spines.push_back("S" + std::to_string(i));
    std::map<std::string, std::string> generated;  // name -> what it is
    for (const auto& n : tors) generated[n] = "a ToR";
    for (const auto& n : leaves) generated[n] = "a leaf";
    for (const auto& n : spines) generated[n] = "a spine";
    const std::string names_text =
        "T1..T" + std::to_string(t.tors) + ", L1..L" + std::to_string(t.leaves) +
        (t.spines ? ", S1..S" + std::to_string(t.spines) : std::string());

    std::map<std::string, size_t> user;  // the file's own nodes
    for (size_t i = 0; i < s.nodes.size(); ++i) {
      const std::string p = "nodes." + std::to_string(i) + ".name";
      auto g = generated.find(s.nodes[i].name);
      if (g != generated.end())
        fail(at(p), p, "'" + clean(s.nodes[i].name) + "' is " + g->second + " of the topology",
             "a name other than the generated switches " + names_text);
      user.emplace(s.nodes[i].name, i);
    }
    std::map<std::string, size_t> host_of;  // topology host -> index in topology.hosts
    for (size_t i = 0; i < t.hosts.size(); ++i) {
      const std::string p = T + "hosts." + std::to_string(i);
      const ClosHostSpec& h = t.hosts[i];
      for (const char* k : {"name", "tor"})
        if (!given(p + "." + k))
          fail(at(p), p + "." + k, "missing",
               k[0] == 'n' ? "a unique, non-empty host name" : "a ToR name: " + join_list(tors));
      auto g = generated.find(h.name);
      if (g != generated.end())
        fail(at(p + ".name"), p + ".name",
             "'" + clean(h.name) + "' is " + g->second + " of the topology",
             "a unique host name other than " + names_text);
      auto u = user.find(h.name);
      if (u != user.end())
        fail(at(p + ".name"), p + ".name",
             "'" + clean(h.name) + "' is also nodes." + std::to_string(u->second),
             "a unique host name (topology hosts are added to nodes)");
      auto [it, fresh] = host_of.emplace(h.name, i);
      if (!fresh) {
        const Loc first = at(T + "hosts." + std::to_string(it->second) + ".name");
        std::string where = first.set_label.empty() ? "line " + std::to_string(first.line)
                                                    : "--set " + first.set_label;
        fail(at(p + ".name"), p + ".name",
             "duplicate host name '" + clean(h.name) + "' (also topology.hosts." +
                 std::to_string(it->second) + ", " + where + ")",
             "unique host names");
      }
      if (std::find(tors.begin(), tors.end(), h.tor) == tors.end()) {
        auto gg = generated.find(h.tor);
        fail(at(p + ".tor"), p + ".tor",
             "'" + clean(h.tor) + "' is " +
                 (gg != generated.end() ? gg->second + ", not a ToR" : "not a ToR"),
             "a ToR: " + join_list(tors));
      }
    }
    // The file's links may attach more nodes to the generated switches, but not touch
    // a topology host (it already has its link to its ToR).
    for (size_t i = 0; i < s.links.size(); ++i)
      for (int j = 0; j < 2; ++j) {
        const std::string& e = j ? s.links[i].b : s.links[i].a;
        auto h = host_of.find(e);
        if (h == host_of.end()) continue;
        const std::string q = "links." + std::to_string(i) + (j ? ".b" : ".a");
        fail(at(q), q,
             "'" + clean(e) + "' is a topology host, already linked to " +
                 clean(t.hosts[h->second].tor),
             "exactly one link per host (topology hosts get theirs from topology.hosts)");
      }

    // Expand: nodes ToRs, leaves, spines, hosts; links host-ToR, ToR-leaf, leaf-spine.
    const double rate = t.rate_gbps ? *t.rate_gbps : c_.link_rate_gbps;
    const double delay = t.delay_us ? *t.delay_us : c_.link_delay_us;
    auto node = [&](const std::string& n, NodeSpec::Kind k) {
      NodeSpec x;
      x.name = n;
      x.kind = k;
      s.nodes.push_back(x);
    };
    auto link = [&](const std::string& a, const std::string& b) {
      LinkSpec l;
      l.a = a;
      l.b = b;
      l.rate_gbps = rate;
      l.delay_us = delay;
      s.links.push_back(l);
    };
    for (const auto* v : {&tors, &leaves, &spines})
      for (const auto& n : *v) node(n, NodeSpec::Kind::SWITCH);
    for (const ClosHostSpec& h : t.hosts) node(h.name, NodeSpec::Kind::HOST);
    for (const ClosHostSpec& h : t.hosts) link(h.name, h.tor);
    const uint32_t tpp = t.tors / t.pods, lpp = t.leaves / t.pods;
    for (uint32_t i = 0; i < t.tors; ++i)
      for (uint32_t j = 0; j < lpp; ++j) link(tors[i], leaves[(i / tpp) * lpp + j]);
    for (const auto& l : leaves)
      for (const auto& sp : spines) link(l, sp);
  }
};

std::string default_text(const Field& f) {
  if (!f.shown_default.empty()) return f.shown_default;
  Ctx c;
  c.s.nodes.resize(1);
  c.s.links.resize(1);
  c.s.flows.resize(1);
  c.s.topology.hosts.resize(1);
  if (!f.ref) return "";
  Ref r = f.ref(c, 0);
  if (auto p = std::get_if<double*>(&r)) return fmt_num(**p);
  if (auto p = std::get_if<uint64_t*>(&r)) return std::to_string(**p);
  if (auto p = std::get_if<uint32_t*>(&r)) return std::to_string(**p);
  if (auto p = std::get_if<bool*>(&r)) return **p ? "true" : "false";
  if (auto p = std::get_if<std::string*>(&r)) return (*p)->empty() ? "\"\"" : **p;
  if (auto p = std::get_if<NodeSpec::Kind*>(&r)) return f.values.at(static_cast<size_t>(**p));
  if (auto p = std::get_if<PfcSpec::Mode*>(&r)) return f.values.at(static_cast<size_t>(**p));
  if (auto p = std::get_if<EcnSpec::Where*>(&r)) return f.values.at(static_cast<size_t>(**p));
  if (auto p = std::get_if<TopologySpec::Type*>(&r)) return f.values.at(static_cast<size_t>(**p));
  return "(profile)";
}

}  // namespace

Scenario load_scenario(const std::string& file,
                       const std::vector<std::pair<std::string, std::string>>& overrides) {
  Loader loader(file, overrides);
  try {
    Scenario s = loader.run();
    if (s.sw.pfc.derive_thresholds) {
      const std::string err = analysis::derive_thresholds(s);
      if (!err.empty()) throw ScenarioError(file + ": switch.pfc.derive_thresholds: " + err);
    }
    return s;
  } catch (const ScenarioError&) {
    throw;
  } catch (const std::exception& e) {  // a yaml-cpp surprise: still one line, still ours
    throw ScenarioError(file + ":1: yaml: " + clean(e.what(), 120) + "; expected a valid scenario");
  }
}

std::vector<SchemaKey> scenario_schema() {
  std::vector<SchemaKey> out;
  for (const auto& f : fields()) {
    if (f.type == Type::MAP) continue;
    out.push_back({f.key, type_text(f), default_text(f), f.unit, f.desc});
  }
  return out;
}

}  // namespace dcqcn::net
