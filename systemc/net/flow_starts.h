// SPDX-License-Identifier: MIT
// The send flows' start times as both NIC cores use them (nic_core_top.cpp,
// nic_core_blocks.cpp): a core's start process takes the flows whose start has come, in
// (time, index) order, and sleeps until the next start. Header only, no SystemC.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "sim_time.h"

namespace dcqcn::net {

class FlowStarts {
 public:
  explicit FlowStarts(const std::vector<double>& start_ns) {
    for (uint32_t i = 0; i < start_ns.size(); ++i) q_.emplace_back(start_ns[i], i);
    // latest first: the next start is at the back; equal times in index order
    std::sort(q_.begin(), q_.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second > b.second;
    });
  }
  // Calls f(flow) for every flow whose start is due at now, earliest first, and drops it.
  template <class F>
  void take_due(double now, F&& f) {
    while (!q_.empty() && due(q_.back().first, now)) {
      const uint32_t idx = q_.back().second;
      q_.pop_back();
      f(idx);
    }
  }
  bool empty() const { return q_.empty(); }
  double next_ns() const { return q_.back().first; }  // the next start (not empty())
  size_t bytes() const { return q_.capacity() * sizeof(q_[0]); }

 private:
  std::vector<std::pair<double, uint32_t>> q_;  // (start, flow), latest first
};

}  // namespace dcqcn::net
