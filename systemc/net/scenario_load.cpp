// SPDX-License-Identifier: MIT
// Scenario loading: read the file -> parse YAML (syntax errors carry yaml-cpp's line) ->
// check the top level is a map -> apply the --set overrides on the YAML tree
// (scenario_overrides.cpp) -> walk the tree against the schema (scenario_schema.h),
// writing into a Scenario -> the rules between keys and the Clos topology
// (scenario_validate.cpp, clos.cpp) -> derived PFC thresholds. The first error throws
// ScenarioError with a one-line message "FILE:LINE: KEY: problem; expected WHAT".
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

#include "scenario_loader.h"
#include "thresholds.h"

namespace dcqcn::net {

namespace loader {

Sources::Sources(std::string file, const Overrides& ov) : file_(std::move(file)), overrides_(ov) {}

void Sources::fail(const Loc& at, const std::string& key, const std::string& problem,
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

Loc Sources::loc(const YAML::Node& n, const Loc& fallback) const {
  if (!n.IsDefined()) return fallback;
  YAML::Mark m = n.Mark();
  if (!m.is_null() && m.line >= 0) return Loc{m.line + 1, {}, {}, -1};
  for (const auto& [node, i] : made_)
    if (node.is(n)) return set_loc(i);
  return fallback;
}

Loc Sources::set_loc(size_t i) const {
  const auto& [k, v] = overrides_[i];
  return Loc{0, clean(k) + "=" + clean(v), k, static_cast<int>(i)};
}

Loc Sources::at(const std::string& path) const {
  auto it = where_.find(path);
  return it == where_.end() ? root_ : it->second;
}

std::string Sources::blame(const std::string& a, const std::string& b) const {
  const int ia = given(a) ? at(a).set_index : -1, ib = given(b) ? at(b).set_index : -1;
  if (ia >= 0 || ib >= 0) return ib > ia ? b : a;  // the later override
  if (given(a)) return a;
  return given(b) ? b : a;
}

namespace {

YAML::Node parse(const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(file, ec))
    throw ScenarioError(file + ": cannot open: is a directory; expected a YAML scenario file");
  // Only a regular file of at most kMaxScenarioBytes is read: /dev/zero, a pipe or a huge
  // file would be read (and parsed) without bound.
  const fs::file_status st = fs::status(file, ec);
  if (!ec && fs::exists(st) && !fs::is_regular_file(st))
    throw ScenarioError(file + ": cannot open: not a regular file (a device, pipe or socket); expected a YAML "
                        "scenario file");
  if (!ec && fs::is_regular_file(st)) {
    const auto size = fs::file_size(file, ec);
    if (!ec && size > kMaxScenarioBytes)
      throw ScenarioError(file + ": cannot open: " + std::to_string(size) + " bytes, more than the " +
                          std::to_string(kMaxScenarioBytes) + " (16 MiB) a scenario may have; expected a "
                          "scenario file of at most 16 MiB (use count and topology: clos for large networks)");
  }
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::string why = errno ? std::strerror(errno) : "unreadable";
    throw ScenarioError(file + ": cannot open: " + why +
                        "; expected a readable YAML scenario file");
  }
  std::string text;
  {
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      text.append(buf, static_cast<size_t>(in.gcount()));
      if (text.size() > kMaxScenarioBytes)
        throw ScenarioError(file + ": cannot open: more than the " + std::to_string(kMaxScenarioBytes) +
                            " bytes (16 MiB) a scenario may have; expected a scenario file of at most 16 MiB");
    }
  }
  // A NUL byte is not YAML text; yaml-cpp would misreport it (as "unknown escape
  // character: p" and the like), so it is named here with its line and column.
  if (const size_t nul = text.find('\0'); nul != std::string::npos) {
    const size_t bol = text.rfind('\n', nul);
    const size_t col = nul - (bol == std::string::npos ? 0 : bol + 1) + 1;
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(nul), '\n');
    throw ScenarioError(file + ":" + std::to_string(line) + ": (text): NUL byte at column " +
                        std::to_string(col) + " (byte offset " + std::to_string(nul) +
                        "); expected a YAML text file without NUL bytes");
  }
  try {
    YAML::Node root = YAML::Load(text);
    // A second document would be ignored: look for one with a parser that builds nothing
    // (not YAML::LoadAll, which loops without end on some malformed input).
    struct Probe : YAML::EventHandler {
      YAML::Mark at;
      void OnDocumentStart(const YAML::Mark& m) override { at = m; }
      void OnDocumentEnd() override {}
      void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
      void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
      void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
      void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
      void OnSequenceEnd() override {}
      void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
      void OnMapEnd() override {}
    } probe;
    std::istringstream in2(text);
    YAML::Parser parser(in2);
    if (parser.HandleNextDocument(probe) && parser.HandleNextDocument(probe)) {
      int line = probe.at.is_null() ? 1 : probe.at.line + 1;
      {  // the line of the '---' that starts it
        int ln = 1, seen = 0;
        const int want = text.compare(0, 3, "---") == 0 ? 2 : 1;
        for (size_t i = 0; i < text.size(); ln += text[i] == '\n', ++i)
          if ((i == 0 || text[i - 1] == '\n') && text.compare(i, 3, "---") == 0 &&
              (i + 3 == text.size() || text[i + 3] == '\n' || text[i + 3] == ' ' || text[i + 3] == '\r') &&
              ++seen == want) {
            if (ln <= line) line = ln;
            break;
          }
      }
      throw ScenarioError(file + ":" + std::to_string(std::max(line, 1)) +
                          ": (document 2): a second YAML document (after '---'), which would be ignored; expected "
                          "one scenario per file, one YAML document");
    }
    return root;
  } catch (const ScenarioError&) {
    throw;
  } catch (const YAML::Exception& e) {
    int line = e.mark.is_null() ? 1 : std::max(e.mark.line, 0) + 1;
    throw ScenarioError(file + ":" + std::to_string(line) +
                        ": yaml: syntax error: " + clean(e.msg, 120) +
                        "; expected well-formed YAML");
  } catch (const std::exception& e) {
    throw ScenarioError(file + ":1: yaml: cannot parse: " + clean(e.what(), 120) +
                        "; expected well-formed YAML");
  }
}

// Walks the YAML tree against the schema, writing each value into the Scenario.
class TreeReader {
 public:
  TreeReader(Sources& src, Ctx& c) : src_(src), c_(c) {}

  void walk_map(const YAML::Node& map, const std::string& skey, const std::string& path,
                size_t idx, const Loc& map_loc) {
    std::set<std::string> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::Node k = it->first;
      const YAML::Node v = it->second;
      const Loc kl = src_.loc(k, map_loc);
      const std::string where = path.empty() ? "(top level)" : path;
      if (!k.IsScalar())
        src_.fail(kl, where, "a key is " + describe(k), "plain key names: " + child_names(skey));
      const std::string& name = k.Scalar();
      const std::string p = path.empty() ? name : path + "." + name;
      if (name.find_first_of(".[]") != std::string::npos)
        src_.fail(kl, clean(p), "unknown key (dotted keys are for --set; nest maps in a file)",
                  "one of " + child_names(skey));
      const std::string sk = skey.empty() ? name : skey + "." + name;
      const Field* f = find_field(sk);
      if (!f)
        src_.fail(kl, clean(p), "unknown key" + suggestion(name, skey, path),
                  (path.empty() ? "one of " : "one of the keys of " + path + ": ") +
                      child_names(skey));
      if (!seen.insert(name).second)
        src_.fail(kl, p, "duplicate key (line " + std::to_string(src_.at(p).line) + " has it too)",
                  "each key once");
      const Loc vl = v.IsNull() ? kl : src_.loc(v, kl);
      src_.record(p, vl);
      switch (f->type) {
        case Type::MAP:
          if (v.IsNull()) break;  // "switch:" with everything commented out
          if (!v.IsMap()) src_.fail(vl, p, "wrong type: is " + describe(v), expectation(*f));
          walk_map(v, sk, p, idx, vl);
          break;
        case Type::LIST:
          if (v.IsNull()) break;
          if (!v.IsSequence()) src_.fail(vl, p, "wrong type: is " + describe(v), expectation(*f));
          walk_list(v, *f, p, vl);
          break;
        case Type::REGS:
          if (v.IsNull()) break;
          if (!v.IsMap()) src_.fail(vl, p, "wrong type: is " + describe(v), expectation(*f));
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
      const Loc kl = src_.loc(k, map_loc);
      if (!k.IsScalar())
        src_.fail(kl, path, "a key is " + describe(k), "register names such as RP_MIN_RATE_KBPS");
      const std::string& name = k.Scalar();
      const std::string p = path + "." + name;
      std::string expected;
      const std::string problem = register_name_problem(name, expected);
      if (!problem.empty()) src_.fail(kl, clean(p), problem, expected);
      if (!seen.insert(name).second)
        src_.fail(kl, p, "duplicate key (line " + std::to_string(src_.at(p).line) + " has it too)",
                  "each register once");
      const Loc vl = v.IsNull() ? kl : src_.loc(v, kl);
      src_.record(p, vl);
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
        src_.fail(vl, p,
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
      const Loc el = src_.loc(e, list_loc);
      src_.record(p, el);
      if (!e.IsMap()) src_.fail(el, p, "wrong type: is " + describe(e), "a map with keys " + child_names(ek));
      walk_map(e, ek, p, i, el);
      for (const Field* c : children(ek))
        if (c->required && !src_.given(p + "." + leaf_of(c->key)))
          src_.fail(el, p + "." + leaf_of(c->key), "missing", expectation(*c));
    }
  }

  void set_scalar(const Field& f, const YAML::Node& v, const std::string& path, const Loc& vl,
                  size_t idx) {
    const std::string expect = expectation(f);
    if (v.IsNull()) src_.fail(vl, path, "has no value", expect);
    if (!v.IsScalar()) src_.fail(vl, path, "wrong type: is " + describe(v), expect);
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
          src_.fail(vl, path, "wrong type: '" + clean(s) + "' is not a number", expect);
        if (!range_ok(d)) src_.fail(vl, path, "out of range: " + clean(s), expect);
        representable(f, d, s, path, vl);
        if (auto p = std::get_if<double*>(&r)) **p = d;
        else if (auto q = std::get_if<std::optional<double>*>(&r)) **q = d;
        break;
      }
      case Type::UINT: {
        uint64_t u = 0;
        double d = 0;
        if (is_digits(s)) {
          auto res = std::from_chars(s.data(), s.data() + s.size(), u);
          if (res.ec != std::errc()) src_.fail(vl, path, "out of range: " + clean(s), expect);
          d = static_cast<double>(u);
        } else {
          if (!parse_double(s, d) || !std::isfinite(d))
            src_.fail(vl, path, "wrong type: '" + clean(s) + "' is not a number", expect);
          if (d != std::floor(d))
            src_.fail(vl, path, "wrong type: '" + clean(s) + "' is not an integer", expect);
          if (d < 0 || d >= 18446744073709551616.0)
            src_.fail(vl, path, "out of range: " + clean(s), expect);
          u = static_cast<uint64_t>(d);
        }
        if (!range_ok(d) || (std::get_if<uint32_t*>(&r) && u > 4294967295ull))
          src_.fail(vl, path, "out of range: " + clean(s), expect);
        if (auto p = std::get_if<uint64_t*>(&r)) **p = u;
        else if (auto q = std::get_if<uint32_t*>(&r)) **q = static_cast<uint32_t>(u);
        else if (auto o = std::get_if<std::optional<uint64_t>*>(&r)) **o = u;
        break;
      }
      case Type::BOOL: {
        bool b = false;
        if (!parse_bool(s, b))
          src_.fail(vl, path, "wrong type: '" + clean(s) + "' is not a boolean", expect);
        if (auto p = std::get_if<bool*>(&r)) **p = b;
        break;
      }
      case Type::STRING:
        if (f.nonempty && s.empty()) src_.fail(vl, path, "is empty", expect);
        if (auto p = std::get_if<std::string*>(&r)) **p = s;
        break;
      case Type::ENUM: {
        auto it = std::find(f.values.begin(), f.values.end(), s);
        if (it == f.values.end()) {
          std::string what = f.key == "profile" ? "unknown profile '" : "unknown value '";
          src_.fail(vl, path, what + clean(s) + "'", expect);
        }
        const int k = static_cast<int>(it - f.values.begin());
        if (auto p = std::get_if<std::string*>(&r)) **p = s;
        else if (auto q = std::get_if<NodeSpec::Kind*>(&r)) **q = static_cast<NodeSpec::Kind>(k);
        else if (auto m = std::get_if<PfcSpec::Mode*>(&r)) **m = static_cast<PfcSpec::Mode>(k);
        else if (auto w = std::get_if<EcnSpec::Where*>(&r)) **w = static_cast<EcnSpec::Where>(k);
        else if (auto y = std::get_if<TopologySpec::Type*>(&r)) **y = static_cast<TopologySpec::Type>(k);
        else if (auto c = std::get_if<NicSpec::Core*>(&r)) **c = static_cast<NicSpec::Core>(k);
        break;
      }
      default:
        break;
    }
  }

 private:
  // One rule for every time and rate (docs/network.md, "Values the simulator
  // refuses"): SystemC counts time in whole ps in 64 bits, so a time > 0 below 1 ps would
  // run as 0 and one beyond kMaxDurationMs would overflow the kernel's clock; a rate > 0
  // below 1 b/s (1e-9 Gb/s) would put a frame's time on the wire beyond it.
  void representable(const Field& f, double d, const std::string& s, const std::string& path,
                     const Loc& vl) const {
    const double ps = f.unit == "ms" ? 1e9 : f.unit == "us" ? 1e6 : f.unit == "ns" ? 1e3 : 0;
    const bool zero_ok = !f.range.lo_open;
    if (ps > 0) {
      if (d > 0 && d * ps < 1.0)
        src_.fail(vl, path,
                  "positive but below 1 ps, SystemC's time resolution: " + clean(s) + " " + f.unit +
                      " would run as 0",
                  std::string(zero_ok ? "0 or " : "") + "a time of at least 1 ps (" + fmt_num(1.0 / ps) + " " +
                      f.unit + ")");
      if (d * ps > kMaxDurationMs * 1e9)
        src_.fail(vl, path,
                  "out of range: " + clean(s) + " " + f.unit +
                      " is beyond SystemC's 64-bit ps time (1.8e10 ms at most, as duration_ms)",
                  "a time of at most " + fmt_num(kMaxDurationMs * 1e9 / ps) + " " + f.unit);
    } else if (f.unit == "Gb/s" && d > 0 && d < 1e-9) {
      src_.fail(vl, path,
                "positive but below 1e-09 Gb/s (1 b/s), the smallest rate the simulator represents (a "
                "frame's time on the wire must fit SystemC's 64-bit ps time)",
                std::string(zero_ok ? "0 or " : "") + "a rate of at least 1e-09 Gb/s");
    }
  }

  Sources& src_;
  Ctx& c_;
};

void check_buffer(Scenario& s, const Sources& src);

Scenario load(const std::string& file, const Overrides& overrides) {
  Sources src(file, overrides);
  YAML::Node root = parse(file);
  src.set_root(src.loc(root, Loc{}));
  if (!root.IsMap())
    src.fail(src.root(), "(top level)",
             root.IsNull() ? "the file is empty" : "is " + describe(root) + ", not a map",
             "a map of scenario keys (" + child_names("") + ")");
  for (size_t i = 0; i < overrides.size(); ++i) apply_override(root, i, src);
  Ctx c;
  TreeReader(src, c).walk_map(root, "", "", 0, src.root());
  validate(c, src);
  // PFC headroom: derived when not given (derive_thresholds, applied later, sets it too);
  // a given one below what the links need is kept, with a warning (see docs/network.md).
  Scenario& s = c.s;
  if (s.sw.pfc.enabled && !s.sw.pfc.derive_thresholds) {
    const double need = analysis::headroom_needed(s);
    if (!src.given("switch.pfc.headroom_bytes")) {
      if (need > 0) s.sw.pfc.headroom_bytes = static_cast<uint64_t>(need);
    } else if (static_cast<double>(s.sw.pfc.headroom_bytes) < need) {
      try {
        src.fail(src.at("switch.pfc.headroom_bytes"), "switch.pfc.headroom_bytes",
                 std::to_string(s.sw.pfc.headroom_bytes) + " B is below t_flight " + fmt_num(need) +
                     " B = 2 x " + fmt_num(analysis::wire_frame_bytes(s)) +
                     " B wire frames + rate x (2 x cable delay + switch.pfc.response_ns " +
                     fmt_num(s.sw.pfc.response_ns) + " ns) of the busiest switch: packets in flight after "
                     "a PAUSE can be dropped (lossless drops)",
                 "at least " + fmt_num(need) + " B, or leave the key out to derive it");
      } catch (const ScenarioError& e) {
        s.warnings.push_back(e.what());
      }
    }
  }
  if (s.sw.pfc.derive_thresholds) {
    const std::string err = analysis::derive_thresholds(s);
    if (!err.empty()) throw ScenarioError(file + ": switch.pfc.derive_thresholds: " + err);
  }
  check_buffer(s, src);
  // The section-4 checks `dcqcn-sim thresholds` prints (Kmin against the PFC threshold,
  // a static t_PFC that oversubscribes the buffer): the same warnings for `run`.
  for (std::string& w : analysis::check_scenario(s)) s.warnings.push_back(std::move(w));
  return std::move(c.s);
}

// Buffer settings that cannot work: a buffer that cannot hold one data frame, a headroom,
// reservation or static threshold larger than the buffer, and a switch whose headroom and
// reservations (8 priorities x ports x (headroom + reserved)) leave no shared buffer.
// The switch would pause (or drop) on every packet and its accounting would overflow.
void check_buffer(Scenario& s, const Sources& src) {
  const SwitchSpec& sw = s.sw;
  const uint64_t frame = uint64_t{s.mtu_bytes} + s.header_bytes;
  const std::string B = std::to_string(sw.buffer_bytes);
  if (sw.buffer_bytes < frame) {
    const std::string p = src.blame("switch.buffer_bytes", "mtu_bytes");
    src.fail(src.at(p), p,
             "switch.buffer_bytes " + B + " B cannot hold one data frame (mtu_bytes + header_bytes = " +
                 std::to_string(frame) + " B)",
             "switch.buffer_bytes of at least " + std::to_string(frame) + " B (a switch buffers whole frames)");
  }
  auto larger = [&](const char* key, uint64_t v, const std::string& what) {
    if (v <= sw.buffer_bytes) return;
    const std::string p = src.blame(key, "switch.buffer_bytes");
    src.fail(src.at(p), p,
             std::string(key) + " " + std::to_string(v) + " B is larger than switch.buffer_bytes " + B + " B (" +
                 what + ")",
             std::string(key) + " <= switch.buffer_bytes (" + B + " B), or a larger buffer");
  };
  if (sw.pfc.enabled && src.given("switch.pfc.headroom_bytes"))
    larger("switch.pfc.headroom_bytes", sw.pfc.headroom_bytes, "per port and priority");
  larger("switch.pfc.reserved_bytes", sw.pfc.reserved_bytes, "per port and priority");
  if (sw.pfc.mode == PfcSpec::Mode::STATIC && !sw.pfc.derive_thresholds)
    larger("switch.pfc.t_pfc_bytes", sw.pfc.t_pfc_bytes,
           sw.pfc.enabled ? "the XOFF threshold of one port and priority" : "the drop limit of one port and priority");
  const uint64_t hd = sw.pfc.enabled ? sw.pfc.headroom_bytes : 0;
  for (const auto& [name, n] : analysis::switch_port_counts(s)) {
    const double need = 8.0 * n * static_cast<double>(hd + sw.pfc.reserved_bytes);
    if (need < static_cast<double>(sw.buffer_bytes)) continue;
    const bool derived = sw.pfc.enabled && hd > 0 && !src.given("switch.pfc.headroom_bytes");
    std::string p = "switch.buffer_bytes";
    if (src.given("switch.pfc.headroom_bytes") && hd > 0) p = src.blame("switch.pfc.headroom_bytes", p);
    else if (src.given("switch.pfc.reserved_bytes") && sw.pfc.reserved_bytes > 0)
      p = src.blame("switch.pfc.reserved_bytes", p);
    else if (derived && !src.given(p)) {  // the longest delay made the headroom: blame its key
      size_t far = 0;
      for (size_t i = 1; i < s.links.size(); ++i)
        if (s.links[i].delay_us > s.links[far].delay_us) far = i;
      const std::string lk = "links." + std::to_string(far) + ".delay_us";
      for (const std::string& k : {lk, std::string("defaults.link.delay_us"), std::string("topology.delay_us")})
        if (src.given(k)) {
          p = k;
          break;
        }
    }
    src.fail(src.at(p), p,
             "switch '" + clean(name) + "' (" + std::to_string(n) + " ports) sets aside 8 priorities x " +
                 std::to_string(n) + " ports x (headroom " + std::to_string(hd) +
                 (derived ? " B, derived from its links' rate and delay" : " B") + " + reserved " +
                 std::to_string(sw.pfc.reserved_bytes) + " B) = " + fmt_num(need) + " B, not less than switch.buffer_bytes " +
                 B + " B: no shared buffer is left, every packet would pause or be dropped",
             "switch.buffer_bytes > " + fmt_num(need) + " B, or less headroom (" +
                 (derived ? "shorter delay_us or slower links" : "switch.pfc.headroom_bytes") +
                 ") or reserved_bytes");
  }
}

}  // namespace

}  // namespace loader

Scenario load_scenario(const std::string& file,
                       const std::vector<std::pair<std::string, std::string>>& overrides) {
  try {
    return loader::load(file, overrides);
  } catch (const ScenarioError&) {
    throw;
  } catch (const std::exception& e) {  // a yaml-cpp surprise: still one line, still ours
    throw ScenarioError(file + ":1: yaml: " + loader::clean(e.what(), 120) + "; expected a valid scenario");
  }
}

}  // namespace dcqcn::net
