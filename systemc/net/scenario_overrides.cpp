// SPDX-License-Identifier: MIT
// Scenario overrides: each --set KEY=VALUE edits the YAML tree before it is read, so the
// value is validated with the file's. The nodes an override creates are remembered
// (Sources::made_by), so that an error in them is reported as "--set KEY=VALUE: ...".
#include <charconv>

#include "scenario_loader.h"

namespace dcqcn::net::loader {

void apply_override(YAML::Node& root, size_t oi, Sources& src) {
  const std::string& key = src.overrides()[oi].first;
  const std::string& value = src.overrides()[oi].second;
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
        src.made_by(m, oi);
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
        src.made_by(made, oi);
        regs.reset(made);
      } else if (!found.IsMap()) {
        bad(path + " is " + describe(found) + " in the file", expectation(*g));
      } else {
        regs.reset(found);
      }
      YAML::Node v(value);
      regs[name] = v;
      src.made_by(v, oi);
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
        src.made_by(made, oi);
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
    src.made_by(v, oi);
    return;
  }
  bad(path + " is a list entry, not a value",
      path + ".KEY with KEY one of " + child_names(skey));
}

}  // namespace dcqcn::net::loader
