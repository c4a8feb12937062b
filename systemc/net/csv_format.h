// SPDX-License-Identifier: MIT
// The number format of every CSV the simulator writes (flows.csv, queues.csv,
// flow_results.csv and the fluid model's time series): six decimals, so the files compare
// byte for byte. std::to_chars with fixed precision 6 gives exactly printf's "%.6f" (the
// standard specifies it so) at a fraction of the cost, which matters at 1e6 rows.
#pragma once
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>

namespace dcqcn {

inline std::string fmt6(double v) {
  char b[64];
  const auto r = std::to_chars(b, b + sizeof b, v, std::chars_format::fixed, 6);
  return std::string(b, r.ptr);
}

// A CSV line built field by field (comma-separated), then written with one fwrite.
class CsvLine {
 public:
  CsvLine& f6(double v) {  // as fmt6
    char b[64];
    return raw(b, std::to_chars(b, b + sizeof b, v, std::chars_format::fixed, 6).ptr);
  }
  CsvLine& u(uint64_t v) {
    char b[32];
    return raw(b, std::to_chars(b, b + sizeof b, v).ptr);
  }
  CsvLine& s(const std::string& v) { return raw(v.data(), v.data() + v.size()); }
  // Ends the line and writes it to f; the next field starts a new line.
  void write(FILE* f) {
    line_ += '\n';
    std::fwrite(line_.data(), 1, line_.size(), f);
    line_.clear();
    first_ = true;
  }

 private:
  CsvLine& raw(const char* b, const char* e) {
    if (!first_) line_ += ',';
    first_ = false;
    line_.append(b, e);
    return *this;
  }
  std::string line_;
  bool first_ = true;
};

}  // namespace dcqcn
