// SPDX-License-Identifier: MIT
// SmallFifo<T, N>: a FIFO of at most N entries in a fixed ring (N a power of two), for the
// cycle models' queues, whose depths are the RTL's (2, 4, 8, 16 entries). It has the
// subset of std::deque's interface the models use (empty, size, front, push_back,
// pop_front, clear) at a fraction of its cost: the reference top evaluates its queues'
// sizes several times a cycle, and std::deque's size() and front() were 7 % of a
// thesis720 run on the reference engine (docs/benchmarks.md). A push into a full FIFO or
// a pop of an empty one is a model bug: it throws std::logic_error, never wraps silently.
#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>

namespace dcqcn {

template <class T, std::size_t N>
class SmallFifo {
  static_assert(N >= 1 && (N & (N - 1)) == 0, "SmallFifo: N must be a power of two");

 public:
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  static constexpr std::size_t capacity() { return N; }
  const T& front() const { return ring_[head_]; }
  T& front() { return ring_[head_]; }
  void push_back(const T& v) {
    if (count_ == N) throw std::logic_error("SmallFifo: push into a full FIFO (model bug)");
    ring_[(head_ + count_) & (N - 1)] = v;
    ++count_;
  }
  void pop_front() {
    if (count_ == 0) throw std::logic_error("SmallFifo: pop of an empty FIFO (model bug)");
    head_ = (head_ + 1) & (N - 1);
    --count_;
  }
  void clear() { head_ = count_ = 0; }

 private:
  std::array<T, N> ring_{};
  std::size_t head_ = 0, count_ = 0;
};

}  // namespace dcqcn
