// SPDX-License-Identifier: MIT
// The scenario schema, internal to the loader (scenario_*.cpp, clos.cpp): one table of
// every accepted key (its type, range, default, unit and description) that drives both
// the validation of a YAML file and `dcqcn-sim list`; the names and ranges of the
// `registers` section (tb/ref/regmap_*.h); and the text helpers of the loader's messages.
#pragma once
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "profiles.h"
#include "regmap.h"
#include "scenario.h"

namespace dcqcn::net::loader {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Type { UINT, DOUBLE, BOOL, STRING, ENUM, LIST, MAP, REGS };  // REGS: `registers`

// What the fields write into: the scenario plus values that exist only in the file.
struct Ctx {
  Scenario s;
  double link_rate_gbps = LinkSpec{}.rate_gbps;  // defaults.link.rate_gbps
  double link_delay_us = LinkSpec{}.delay_us;    // defaults.link.delay_us
  uint32_t flow_count = FlowSpec{}.count;        // defaults.flow.count
  double flow_start_spread_us = 0;               // defaults.flow.start_spread_us
  uint64_t reg_value = 0;                        // a `registers` value being parsed
};

using Ref = std::variant<std::monostate, double*, uint64_t*, uint32_t*, bool*, std::string*,
                         std::optional<uint64_t>*, std::optional<double>*, NodeSpec::Kind*,
                         PfcSpec::Mode*, EcnSpec::Where*, TopologySpec::Type*, NicSpec::Core*>;

struct Range {
  double lo = -kInf, hi = kInf;
  bool lo_open = false, hi_open = false;
};
inline Range any() { return {}; }
inline Range ge(double lo) { return {lo, kInf, false, false}; }
inline Range gt(double lo) { return {lo, kInf, true, false}; }
inline Range in(double lo, double hi) { return {lo, hi, false, false}; }
// The longest duration_ms: SystemC's 64-bit ps time (2^64 ps = 1.84e10 ms) less a margin.
inline constexpr double kMaxDurationMs = 1.8e10;
// The latest time anything may be scheduled at: 2^64 ps = 1.8447e10 ms, less a margin.
inline constexpr double kTimeLimitMs = 1.844e10;
// The most rows a run may write to flows.csv and queues.csv together (each row is about
// 60-70 bytes: 2e7 rows is about 1.3 GB); a smaller sample_us or a shorter run fits.
inline constexpr double kMaxSampleRows = 2e7;
// The largest scenario file read (16 MiB; the shipped ones are below 4 KB): yaml-cpp takes
// about 90 times a file's size in memory.
inline constexpr uint64_t kMaxScenarioBytes = 16ull << 20;
inline Range gt_le(double lo, double hi) { return {lo, hi, true, false}; }

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

// ---- the table (scenario_schema.cpp)

const std::vector<Field>& fields();
const Field* find_field(const std::string& key);
std::string leaf_of(const std::string& key);
std::string parent_of(const std::string& key);
// Direct children of a schema key ("" = top level; "links[]" = a link).
std::vector<const Field*> children(const std::string& parent);
std::string child_names(const std::string& parent);
std::string range_text(const Field& f);
std::string expectation(const Field& f);  // "expected ..." text of a field
std::string type_text(const Field& f);    // for `dcqcn-sim list`
std::string default_text(const Field& f);

// ---- `registers`: names and ranges come from tb/ref/regmap_{rp,np,cp}.h.

struct RegInfo {
  std::string full;      // RP_MIN_RATE_KBPS
  dcqcn::Block block;
  const dcqcn::RegDef* def;
};

const RegInfo* find_register(const std::string& name);
// The unit of a register, from its name's suffix.
std::string register_unit(const std::string& name);
// Empty if `name` may be given in `registers`; else the problem, and `expected` is set.
std::string register_name_problem(const std::string& name, std::string& expected);

// ---- message text and scalar parsing (scenario_text.cpp)

// One line, bounded length: scalars from the file may hold anything.
std::string clean(const std::string& s, size_t max = 60);
std::string join_list(const std::vector<std::string>& v, size_t max = 12);
size_t edit_distance(const std::string& a, const std::string& b);
// " (did you mean X?)" for an unknown key `name` under schema parent `parent`, shown
// under the actual path `path_parent` (with list indices), or "".
std::string suggestion(const std::string& name, const std::string& parent,
                       const std::string& path_parent);
std::string fmt_num(double v);
std::string describe(const YAML::Node& n);  // "a list", "a map", "'value'", "empty"
// Exact parsers (the C locale's syntax, whole string).
bool parse_double(const std::string& s, double& out);
bool is_digits(const std::string& s);
bool parse_bool(const std::string& s, bool& out);

}  // namespace dcqcn::net::loader
