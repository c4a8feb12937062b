// SPDX-License-Identifier: MIT
// Host memory of per-flow containers as summary.json counts it (docs/network.md
// "Outputs"): capacity x element size, deterministic (no allocator overhead).
#pragma once
#include <cstddef>

namespace dcqcn::net {

// capacity x element size of a vector
template <class V>
size_t vec_bytes(const V& v) {
  return v.capacity() * sizeof(typename V::value_type);
}
// the same of a std::priority_queue's container (its protected member c, read through a
// derived class)
template <class PQ>
size_t heap_bytes(const PQ& q) {
  struct Peek : PQ {
    static size_t of(const PQ& q) { return vec_bytes(q.*&Peek::c); }
  };
  return Peek::of(q);
}

}  // namespace dcqcn::net
