// SPDX-License-Identifier: MIT
// The number format of every CSV the simulator writes (flows.csv, queues.csv,
// flow_results.csv and the fluid model's time series): six decimals, so the files compare
// byte for byte. std::to_chars with fixed precision 6 gives exactly printf's "%.6f" (the
// standard specifies it so) at a fraction of the cost, which matters at 1e6 rows.
#pragma once
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>

namespace dcqcn {

// The longest "%.6f" of a double: sign, the integer digits of DBL_MAX (309), the point
// and six decimals (317 characters; "-inf" and "-nan" are shorter). A buffer this size can
// never be too small, so to_chars never fails; fixed6 still checks its result.
inline constexpr size_t kFixed6Max = 1 + (std::numeric_limits<double>::max_exponent10 + 1) + 1 + 6;

// v as "%.6f" into b (at least kFixed6Max characters); returns the end.
inline char* fixed6(char* b, size_t n, double v) {
  const std::to_chars_result r = std::to_chars(b, b + n, v, std::chars_format::fixed, 6);
  if (r.ec != std::errc{}) throw std::logic_error("csv_format: buffer too small for a number");
  return r.ptr;
}

inline std::string fmt6(double v) {
  char b[kFixed6Max];
  return std::string(b, fixed6(b, sizeof b, v));
}

// A CSV line built field by field (comma-separated), then written with one fwrite.
class CsvLine {
 public:
  CsvLine& f6(double v) {  // as fmt6
    char b[kFixed6Max];
    return raw(b, fixed6(b, sizeof b, v));
  }
  CsvLine& u(uint64_t v) {
    char b[std::numeric_limits<uint64_t>::digits10 + 1];  // 20 digits: any uint64_t
    const std::to_chars_result r = std::to_chars(b, b + sizeof b, v);
    if (r.ec != std::errc{}) throw std::logic_error("csv_format: buffer too small for a number");
    return raw(b, r.ptr);
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
