// SPDX-License-Identifier: MIT
// A flow's start time: the one definition the packet network (network.cpp) and the fluid
// model (analysis/fluid_scenario.cpp) share. Flow k of the entry flows[group] (the
// scenario's enabled entries, in order: the loader has removed the others) starts at
// start_us, plus, with start_spread_us > 0, a uniform offset in [0, start_spread_us) drawn
// from a hash of the scenario seed, the entry and k (whole ns; the same seed gives the
// same start times whatever the engine, and changing one entry's count moves no other
// entry's flows). docs/network.md, "Scenario files"; the DCQCN+ thesis starts its flows
// "within 1 second" (docs/reproduction.md, "DCQCN+ at scale").
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "hash.h"
#include "scenario.h"

namespace dcqcn::net {

// In ns (a whole number when start_spread_us > 0; start_us x 1000 otherwise).
inline double flow_start_ns(const Scenario& s, size_t group, uint32_t k) {
  const FlowSpec& f = s.flows[group];
  if (!(f.start_spread_us > 0)) return f.start_us * 1000.0;
  const uint64_t h = mix64(mix64(s.seed ^ 0x7374617274ull) ^ (static_cast<uint64_t>(group) << 32 | k));
  const double u = static_cast<double>(h >> 11) * 0x1.0p-53;  // [0, 1)
  return std::floor((f.start_us + u * f.start_spread_us) * 1000.0);
}

inline double flow_start_us(const Scenario& s, size_t group, uint32_t k) {
  return flow_start_ns(s, group, k) / 1000.0;
}

}  // namespace dcqcn::net
