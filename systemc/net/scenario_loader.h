// SPDX-License-Identifier: MIT
// The scenario loader's stages, internal to it: where each key came from (Sources, for
// the "FILE:LINE:" or "--set KEY=VALUE:" of every message), the --set overrides
// (scenario_overrides.cpp), the rules between keys (scenario_validate.cpp) and the Clos
// builder (clos.cpp). scenario_load.cpp runs them in order.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "scenario_schema.h"

namespace dcqcn::net::loader {

using Overrides = std::vector<std::pair<std::string, std::string>>;

// Where a node came from: a file line, or a --set override.
struct Loc {
  int line = 1;
  std::string set_label;  // "KEY=VALUE" when the node was made by --set
  std::string set_key;
  int set_index = -1;     // which override
};

// Where each key of the scenario was given: a line of the file or a --set override.
class Sources {
 public:
  Sources(std::string file, const Overrides& ov);

  const std::string& file() const { return file_; }
  const Overrides& overrides() const { return overrides_; }
  const Loc& root() const { return root_; }
  void set_root(const Loc& l) { root_ = l; }

  // Throws ScenarioError "FILE:LINE: KEY: problem; expected ..." or "--set K=V: ...".
  [[noreturn]] void fail(const Loc& at, const std::string& key, const std::string& problem,
                         const std::string& expected) const;
  // Where node n came from (its line, or the override that made it), else fallback.
  Loc loc(const YAML::Node& n, const Loc& fallback) const;
  Loc set_loc(size_t override_index) const;
  // Where the dotted path was given (the top level if it was not).
  Loc at(const std::string& path) const;
  bool given(const std::string& path) const { return where_.count(path) != 0; }
  // The path to blame for a rule between two keys: the one given by the later --set,
  // else `a` if the file gives it, else `b`.
  std::string blame(const std::string& a, const std::string& b) const;

  void record(const std::string& path, const Loc& l) { where_[path] = l; }
  void made_by(const YAML::Node& n, size_t override_index) { made_.emplace_back(n, override_index); }

 private:
  std::string file_;
  const Overrides& overrides_;
  std::vector<std::pair<YAML::Node, size_t>> made_;  // nodes created by override i
  std::map<std::string, Loc> where_;                 // dotted path -> where it was given
  Loc root_;
};

// --set KEY=VALUE number `oi`: edits the YAML tree; the value is validated later with the file.
void apply_override(YAML::Node& root, size_t oi, Sources& src);
// The rules between keys, once the tree has been read; expands the topology.
void validate(Ctx& c, const Sources& src);
// topology: clos -> nodes and links, appended to the file's own.
void expand_clos(Ctx& c, const Sources& src);

}  // namespace dcqcn::net::loader
