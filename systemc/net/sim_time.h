// SPDX-License-Identifier: MIT
// The simulated time as the nodes use it: ns as a double (1 ps resolution), and as the
// DCQCN blocks see it (whole ns, wrapping at 32 bits).
#pragma once
#include <systemc>

#include <cstdint>

namespace dcqcn::net {

inline double now_ns() { return sc_core::sc_time_stamp().to_seconds() * 1e9; }
// Times are doubles in ns from sc_time (1 ps resolution): anything within this of now is
// due now. The NIC's waits and the blocks core's scheduler and timers all use this one rule,
// so a flow the scheduler will not send is never "due" for a zero-delay wake-up.
inline constexpr double kDueEpsNs = 1e-6;
inline bool due(double t_ns, double now_ns) { return t_ns <= now_ns + kDueEpsNs; }
inline uint32_t now_ns32() {
  return static_cast<uint32_t>(static_cast<uint64_t>(sc_core::sc_time_stamp().to_seconds() * 1e9 + 0.5));
}

}  // namespace dcqcn::net
