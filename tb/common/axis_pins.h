// SPDX-License-Identifier: MIT
// An AXI4-Stream beat (tb/ref/frame_ref.h AxisBeat) on a Verilated model's tdata/tkeep
// ports, at any DATA_WIDTH from 64 to 512 bits: tdata is a 64-bit integer at 64 bits and
// a VlWide (32-bit words, word 0 = bits 31:0) above; tkeep an integer of B bits.
#pragma once
#include <cstdint>
#include <type_traits>

#include "frame_ref.h"

namespace dcqcn::tb {

template <class T>
void put_tdata(T& port, const AxisBeat& b, unsigned bytes) {
  if constexpr (std::is_integral_v<T>) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes && i < 8; ++i) v |= uint64_t{b.data[i]} << (8 * i);
    port = static_cast<T>(v);
  } else {
    for (unsigned w = 0; w < bytes / 4; ++w) {
      uint32_t v = 0;
      for (unsigned i = 0; i < 4; ++i) v |= uint32_t{b.data[4 * w + i]} << (8 * i);
      port[w] = v;
    }
  }
}

template <class T>
void get_tdata(const T& port, AxisBeat& b, unsigned bytes) {
  if constexpr (std::is_integral_v<T>) {
    const uint64_t v = port;
    for (unsigned i = 0; i < bytes && i < 8; ++i) b.data[i] = static_cast<uint8_t>(v >> (8 * i));
  } else {
    for (unsigned w = 0; w < bytes / 4; ++w)
      for (unsigned i = 0; i < 4; ++i) b.data[4 * w + i] = static_cast<uint8_t>(port[w] >> (8 * i));
  }
}

// bits [64 k + 63 : 64 k] of a beat's tdata, for a failure report
inline uint64_t tdata_word(const AxisBeat& b, unsigned k) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 8; ++i) v |= uint64_t{b.data[8 * k + i]} << (8 * i);
  return v;
}

}  // namespace dcqcn::tb
