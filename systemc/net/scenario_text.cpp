// SPDX-License-Identifier: MIT
// The loader's message text (clean values, lists, "did you mean" suggestions, numbers)
// and its exact scalar parsers.
#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "scenario_schema.h"

namespace dcqcn::net::loader {

std::string clean(const std::string& s, size_t max) {
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

std::string join_list(const std::vector<std::string>& v, size_t max) {
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

std::string describe(const YAML::Node& n) {
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a map";
  if (n.IsScalar()) return "'" + clean(n.Scalar()) + "'";
  return "empty";
}

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

}  // namespace dcqcn::net::loader
