// SPDX-License-Identifier: MIT
// The Clos builder: `topology: {type: clos, ...}` becomes nodes and links (scenario.h,
// TopologySpec), after the rules about the generated part have been checked.
#include <algorithm>
#include <map>

#include "scenario_loader.h"

namespace dcqcn::net::loader {

// topology: clos -> nodes and links, appended to the file's own (which may attach more
// nodes to the generated switches). Every rule about the generated part is checked
// here, against the topology keys, so the generic node and link checks that follow
// never have to blame a line the file does not have.
void expand_clos(Ctx& c, const Sources& src) {
  Scenario& s = c.s;
  const TopologySpec& t = s.topology;
  const std::string T = "topology.";
  auto topo_at = [&](const std::string& p) { return src.given(p) ? src.at(p) : src.at("topology"); };
  if (t.type == TopologySpec::Type::NONE) {
    // The other topology keys are ignored; but a file that has no nodes and gives them
    // has most likely forgotten the type.
    if (s.nodes.empty() && !src.given(T + "type"))
      for (const Field* f : children("topology"))
        if (src.given(T + leaf_of(f->key)))
          src.fail(src.at("topology"), T + "type", "missing (" + T + leaf_of(f->key) + " is given)",
                   "one of none, clos");
    return;
  }
  auto not_multiple = [&](const std::string& what, uint32_t n) {
    const std::string p = src.blame(T + what, T + "pods");
    src.fail(src.at(p), p,
             what + " " + std::to_string(n) + " is not a multiple of pods " + std::to_string(t.pods),
             "tors and leaves that split into equal pods");
  };
  if (t.tors % t.pods) not_multiple("tors", t.tors);
  if (t.leaves % t.pods) not_multiple("leaves", t.leaves);
  if (t.pods > 1 && t.spines == 0) {
    const std::string p = src.blame(T + "spines", T + "pods");
    src.fail(src.at(p), p, "no spines to connect " + std::to_string(t.pods) + " pods",
             "spines >= 1 when pods > 1");
  }
  if (t.hosts.empty())
    src.fail(topo_at(T + "hosts"), T + "hosts", src.given(T + "hosts") ? "empty list" : "missing",
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
      src.fail(src.at(p), p, "'" + clean(s.nodes[i].name) + "' is " + g->second + " of the topology",
               "a name other than the generated switches " + names_text);
    user.emplace(s.nodes[i].name, i);
  }
  std::map<std::string, size_t> host_of;  // topology host -> index in topology.hosts
  for (size_t i = 0; i < t.hosts.size(); ++i) {
    const std::string p = T + "hosts." + std::to_string(i);
    const ClosHostSpec& h = t.hosts[i];
    for (const char* k : {"name", "tor"})
      if (!src.given(p + "." + k))
        src.fail(src.at(p), p + "." + k, "missing",
                 k[0] == 'n' ? "a unique, non-empty host name" : "a ToR name: " + join_list(tors));
    auto g = generated.find(h.name);
    if (g != generated.end())
      src.fail(src.at(p + ".name"), p + ".name",
               "'" + clean(h.name) + "' is " + g->second + " of the topology",
               "a unique host name other than " + names_text);
    auto u = user.find(h.name);
    if (u != user.end())
      src.fail(src.at(p + ".name"), p + ".name",
               "'" + clean(h.name) + "' is also nodes." + std::to_string(u->second),
               "a unique host name (topology hosts are added to nodes)");
    auto [it, fresh] = host_of.emplace(h.name, i);
    if (!fresh) {
      const Loc first = src.at(T + "hosts." + std::to_string(it->second) + ".name");
      std::string where = first.set_label.empty() ? "line " + std::to_string(first.line)
                                                  : "--set " + first.set_label;
      src.fail(src.at(p + ".name"), p + ".name",
               "duplicate host name '" + clean(h.name) + "' (also topology.hosts." +
                   std::to_string(it->second) + ", " + where + ")",
               "unique host names");
    }
    if (std::find(tors.begin(), tors.end(), h.tor) == tors.end()) {
      auto gg = generated.find(h.tor);
      src.fail(src.at(p + ".tor"), p + ".tor",
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
      src.fail(src.at(q), q,
               "'" + clean(e) + "' is a topology host, already linked to " +
                   clean(t.hosts[h->second].tor),
               "exactly one link per host (topology hosts get theirs from topology.hosts)");
    }

  // Expand: nodes ToRs, leaves, spines, hosts; links host-ToR, ToR-leaf, leaf-spine.
  const double rate = t.rate_gbps ? *t.rate_gbps : c.link_rate_gbps;
  const double delay = t.delay_us ? *t.delay_us : c.link_delay_us;
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

}  // namespace dcqcn::net::loader
