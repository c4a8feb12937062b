// SPDX-License-Identifier: MIT
// The network's hash: ECMP (topology.cpp) and the seeds of the links' random loss.
#pragma once
#include <cstdint>

namespace dcqcn::net {

inline uint64_t mix64(uint64_t x) {  // murmur3 finaliser
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

}  // namespace dcqcn::net
