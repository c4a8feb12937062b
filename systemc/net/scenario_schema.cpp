// SPDX-License-Identifier: MIT
// The scenario schema: the table of every key (scenario_schema.h), the text it gives
// for `dcqcn-sim list` and for the loader's "expected ..." messages, and the registers
// a scenario may write.
#include "scenario_schema.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "engine_config.h"

namespace dcqcn::net {

namespace loader {

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
    // SystemC time is a 64-bit count of ps: 2^64 ps = 1.84e10 ms; 1.8e10 leaves room for
    // events scheduled past the end (beyond it the kernel aborts with E544 at the end).
    scalar("duration_ms", T::DOUBLE, gt_le(0, kMaxDurationMs), "ms",
           "simulated time (at most 1.8e10 ms: SystemC's 64-bit ps time)", TOP(duration_ms));
    scalar("sample_us", T::DOUBLE, gt(0), "us", "period of the time-series samples",
           TOP(sample_us));
    scalar("sample_flows", T::STRING, any(), "",
           "flows whose time series flows.csv keeps: all, none, or flow ids and ranges "
           "(0-99,500; ids in scenario order with count expanded); flow_results.csv and "
           "summary.json cover every flow either way",
           TOP(sample_flows));
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
           "headers of a data frame (RoCEv2: Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4); "
           "each frame also costs 20 B of preamble and inter-frame gap on the wire",
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
    scalar("defaults.flow.start_spread_us", T::DOUBLE, ge(0), "us",
           "start_spread_us of flows entries that omit it", CTX(flow_start_spread_us));

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
           "headroom per (port, priority) for packets in flight after XOFF; absent: t_flight = "
           "2 wire frames + rate x (2 x delay + response_ns) of the busiest switch; given: a warning "
           "if below that", TOP(sw.pfc.headroom_bytes))
        .shown_default = "(derived)";
    scalar("switch.pfc.reserved_bytes", T::UINT, in(0, 1e12), "bytes",
           "reserved per (port, priority) before the shared pool", TOP(sw.pfc.reserved_bytes));
    scalar("switch.pfc.response_ns", T::DOUBLE, ge(0), "ns",
           "a pause takes effect this long after it arrives (TCD paper: 8 us)", TOP(sw.pfc.response_ns));
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
    scalar("nic.sched_slot_ns", T::UINT, in(1, 1024), "ns",
           "nic.core: blocks: the timing wheel's slot, a power of two; a timer or departure is "
           "eligible at its slot's end (1 = exact to the ns; the RTL's wheel is designed for 32)",
           TOP(nic.sched_slot_ns));
    scalar("nic.core", T::ENUM, any(), "",
           "the NIC's DCQCN core: top, one dcqcn_nic_top per NIC (RP, NP, timer service, "
           "scheduler, arbiter; at most 1024 send and 1024 receive flows per NIC); blocks, the "
           "RP and NP engines with the timer service and scheduler in C++ (any number of flows)",
           TOP(nic.core));
    t.back().values = {"top", "blocks"};

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
    scalar("flows[].start_spread_us", T::DOUBLE, ge(0), "us",
           "each of the entry's count flows starts at start_us plus a uniform random offset "
           "in [0, start_spread_us), drawn from the seed (whole ns); 0 = all at start_us",
           ELEM(flows, start_spread_us))
        .shown_default = "defaults.flow.start_spread_us";
    scalar("flows[].start_rate_gbps", T::DOUBLE, in(0, 400), "Gb/s",
           "rate the flow starts at (its first packet is preceded by an RP INIT with this "
           "rate, clamped to the profile's [MIN_RATE, LINE_RATE]); 0 = line rate, RoCE's "
           "hyper-fast start (paper section 3.1, footnote 2: a NIC's QoS policy may set it)",
           ELEM(flows, start_rate_gbps));
    scalar("flows[].size_bytes", T::UINT, ge(0), "bytes", "bytes to send (0 = infinite)",
           ELEM(flows, size_bytes));
    scalar("flows[].on_us", T::DOUBLE, ge(0), "us",
           "on/off traffic: the flow has data for on_us from its start, then none for off_us, "
           "and again; an off period takes effect at the flow's next packet; 0 = always on "
           "(off_us must then be 0 too)",
           ELEM(flows, on_us));
    scalar("flows[].off_us", T::DOUBLE, ge(0), "us",
           "on/off traffic: the flow's silence after each on_us (both > 0, or both 0)",
           ELEM(flows, off_us));
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
  if (auto p = std::get_if<NicSpec::Core*>(&r)) return f.values.at(static_cast<size_t>(**p));
  return "(profile)";
}

namespace {

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

}  // namespace

const RegInfo* find_register(const std::string& name) {
  for (const auto& r : all_registers())
    if (r.full == name) return &r;
  return nullptr;
}

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

std::string register_name_problem(const std::string& name, std::string& expected) {
  const RegInfo* r = find_register(name);
  if (!r) {
    expected = "RP_, NP_ or CP_ + a register name of tb/ref/regmap_{rp,np,cp}.h (docs/regmap.md), "
               "e.g. RP_MIN_RATE_KBPS";
    return "unknown register" + register_suggestion(name);
  }
  if (const char* from = derived_register_source(name)) {
    expected = "to set it through " + std::string(from);
    return "is written by the simulator, not by a scenario's registers";
  }
  return "";
}

}  // namespace loader

std::vector<SchemaKey> scenario_schema() {
  std::vector<SchemaKey> out;
  for (const auto& f : loader::fields()) {
    if (f.type == loader::Type::MAP) continue;
    out.push_back({f.key, loader::type_text(f), loader::default_text(f), f.unit, f.desc});
  }
  return out;
}

}  // namespace dcqcn::net
