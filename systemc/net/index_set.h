// SPDX-License-Identifier: MIT
// A set of indices 0..n-1 as a hierarchical bitmap (64-ary): insert, erase and "the
// smallest member >= i" in O(log64 n) words, n / 8 bytes of memory. The NIC keeps its due
// flows in one, so the round-robin pick finds the next due flow after the last one
// without visiting the flows that are not due.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace dcqcn::net {

class IndexSet {
 public:
  static constexpr size_t npos = static_cast<size_t>(-1);

  explicit IndexSet(size_t n = 0) { resize(n); }

  // Empties the set and sizes it for indices 0..n-1.
  void resize(size_t n) {
    lv_.clear();
    size_t words = (n + 63) / 64;
    do {
      lv_.emplace_back(words == 0 ? 1 : words, 0);
      words = (words + 63) / 64;
    } while (lv_.back().size() > 1);
  }

  bool contains(size_t i) const { return (lv_[0][i >> 6] >> (i & 63)) & 1; }
  bool empty() const { return lv_.back()[0] == 0; }

  void insert(size_t i) {
    for (auto& v : lv_) {
      uint64_t& w = v[i >> 6];
      const bool was = w != 0;
      w |= 1ull << (i & 63);
      if (was) return;  // the levels above already mark this word
      i >>= 6;
    }
  }

  void erase(size_t i) {
    for (auto& v : lv_) {
      uint64_t& w = v[i >> 6];
      w &= ~(1ull << (i & 63));
      if (w != 0) return;  // the word still has members: the levels above stay
      i >>= 6;
    }
  }

  // Host memory of the bitmap levels (capacity x 8 bytes).
  size_t bytes() const {
    size_t b = 0;
    for (const auto& v : lv_) b += v.capacity() * sizeof(uint64_t);
    return b;
  }

  // The smallest member >= i, or npos.
  size_t next(size_t i) const { return next_at(0, i); }

 private:
  size_t next_at(size_t lvl, size_t i) const {
    const std::vector<uint64_t>& v = lv_[lvl];
    size_t w = i >> 6;
    if (w >= v.size()) return npos;
    const uint64_t m = v[w] & (~0ull << (i & 63));
    if (m) return (w << 6) + static_cast<size_t>(__builtin_ctzll(m));
    if (lvl + 1 == lv_.size()) return npos;  // the top level is one word
    const size_t nw = next_at(lvl + 1, w + 1);  // the next non-empty word
    if (nw == npos) return npos;
    return (nw << 6) + static_cast<size_t>(__builtin_ctzll(v[nw]));
  }

  std::vector<std::vector<uint64_t>> lv_;  // lv_[0]: members; lv_[k+1] bit j: word j of lv_[k] != 0
};

}  // namespace dcqcn::net
