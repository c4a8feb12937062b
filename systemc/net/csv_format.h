// SPDX-License-Identifier: MIT
// The number format of every CSV the simulator writes (flows.csv, queues.csv and the
// fluid model's time series): six decimals, so the files compare byte for byte.
#pragma once
#include <cstdio>
#include <string>

namespace dcqcn {

inline std::string fmt6(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.6f", v);
  return b;
}

}  // namespace dcqcn
