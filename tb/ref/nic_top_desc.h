// SPDX-License-Identifier: MIT
// The AXI-Stream descriptors of rtl/dcqcn_nic_top.sv as plain structs, and their packing
// to and from the tdata bit layouts (the header of dcqcn_nic_top.sv and docs/nic.md are
// the specification). Shared by the reference NicTopModel (tb/ref/nic_top_ref.h), the
// lock-step bench and the network engines: a wide word is any type indexable as 32-bit
// words, little-endian (std::array<uint32_t, N>, or Verilator's VlWide<N>).
#pragma once
#include <array>
#include <cstdint>

#include "np_ref.h"
#include "rp_ref.h"

namespace dcqcn {

// m_axis_txsel_tdata[63:0]: [31:0] tx_ns, [47:32] flow, [48] grant
struct NicTxSel {
  uint32_t tx_ns = 0;
  uint32_t flow = 0;
  bool grant = false;
  bool operator==(const NicTxSel&) const = default;
};
// s_axis_txdone_tdata[79:0]: [31:0] tx_ns, [47:32] flow, [63:48] bytes, [64] more
struct NicTxDone {
  uint32_t tx_ns = 0;
  uint32_t flow = 0;
  uint16_t bytes = 0;
  bool more = false;
};
// s_axis_host_tdata[63:0]: [31:0] arg, [47:32] flow, [49:48] op
enum NicHostOpCode : uint8_t { kHostData = 0, kHostInit = 1 };  // 2, 3: dropped, counted
struct NicHostOp {
  uint32_t arg = 0;
  uint32_t flow = 0;
  uint8_t op = kHostData;
};
// s_axis_rxcnp_tdata[63:0]: [31:0] tau_ns, [47:32] flow (RP index), [48] ue
struct NicRxCnp {
  uint32_t tau_ns = 0;
  uint32_t flow = 0;
  bool ue = false;
};
// s_axis_rxdata_tdata[63:0]: [47:32] flow (NP index), [49:48] ecn
struct NicRxData {
  uint32_t flow = 0;
  uint8_t ecn = 0;
};
// m_axis_cnpreq_tdata[63:0]: [31:0] tau_ns, [47:32] flow (NP index), [48] kind
struct NicCnpReq {
  uint32_t tau_ns = 0;
  uint32_t flow = 0;
  bool kind = false;
  bool operator==(const NicCnpReq&) const = default;
};

using NicRpWords = std::array<uint32_t, 10>;  // mon_rp_data[319:0]
using NicNpWords = std::array<uint32_t, 5>;   // mon_np_data[159:0]

namespace desc {

// bits [lo, lo + n) of a little-endian array of 32-bit words (n <= 32)
template <class W>
inline uint32_t get(const W& w, unsigned lo, unsigned n) {
  const uint64_t two = static_cast<uint64_t>(w[lo / 32]) |
                       (lo % 32 + n > 32 ? static_cast<uint64_t>(w[lo / 32 + 1]) << 32 : 0);
  return static_cast<uint32_t>((two >> (lo % 32)) & ((uint64_t{1} << n) - 1));
}
template <class W>
inline void put(W& w, unsigned lo, unsigned n, uint32_t v) {
  for (unsigned i = 0; i < n; ++i) {
    const unsigned b = lo + i;
    const uint32_t bit = (v >> i) & 1u;
    w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | (bit << (b % 32));
  }
}

}  // namespace desc

inline uint64_t pack(const NicTxSel& d) {
  return uint64_t{d.tx_ns} | uint64_t{d.flow & 0xffff} << 32 | uint64_t{d.grant} << 48;
}
inline NicTxSel unpack_txsel(uint64_t v) {
  return NicTxSel{static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32) & 0xffff, ((v >> 48) & 1) != 0};
}
// s_axis_txdone_tdata (80 bits: 3 words)
template <class W>
inline void pack(const NicTxDone& d, W& w) {
  w[0] = d.tx_ns;
  w[1] = (d.flow & 0xffff) | uint32_t{d.bytes} << 16;
  w[2] = d.more ? 1u : 0u;
}
inline uint64_t pack(const NicHostOp& d) {
  return uint64_t{d.arg} | uint64_t{d.flow & 0xffff} << 32 | uint64_t{d.op & 3u} << 48;
}
inline uint64_t pack(const NicRxCnp& d) {
  return uint64_t{d.tau_ns} | uint64_t{d.flow & 0xffff} << 32 | uint64_t{d.ue} << 48;
}
inline uint64_t pack(const NicRxData& d) {
  return uint64_t{d.flow & 0xffff} << 32 | uint64_t{d.ecn & 3u} << 48;
}
inline uint64_t pack(const NicCnpReq& d) {
  return uint64_t{d.tau_ns} | uint64_t{d.flow & 0xffff} << 32 | uint64_t{d.kind} << 48;
}
inline NicCnpReq unpack_cnpreq(uint64_t v) {
  return NicCnpReq{static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32) & 0xffff, ((v >> 48) & 1) != 0};
}

// mon_rp_data[319:0] (the layout of the old m_axis_rp_tdata)
template <class W>
inline void pack(const RpResult& r, W& w) {
  for (unsigned i = 0; i < 10; ++i) w[i] = 0;
  w[0] = r.next_tx_ns;
  w[1] = r.rc;
  w[2] = r.rt;
  w[3] = r.adl_ns;
  w[4] = r.idl_ns;
  desc::put(w, 160, 17, r.alpha);
  desc::put(w, 184, 8, r.agen);
  desc::put(w, 192, 8, r.igen);
  desc::put(w, 200, 2, r.atmr);
  desc::put(w, 202, 2, r.itmr);
  desc::put(w, 204, 3, static_cast<uint32_t>(r.op));
  desc::put(w, 207, 1, r.stale);
  desc::put(w, 208, 16, r.flow);
  desc::put(w, 224, 8, r.cgen);
  desc::put(w, 232, 2, r.ctmr);
  desc::put(w, 234, 1, r.paced);
  w[8] = r.cdl_ns;
}
template <class W>
inline RpResult unpack_rp(const W& w) {
  RpResult r;
  r.next_tx_ns = w[0];
  r.rc = w[1];
  r.rt = w[2];
  r.adl_ns = w[3];
  r.idl_ns = w[4];
  r.alpha = desc::get(w, 160, 17);
  r.agen = static_cast<uint8_t>(desc::get(w, 184, 8));
  r.igen = static_cast<uint8_t>(desc::get(w, 192, 8));
  r.atmr = static_cast<uint8_t>(desc::get(w, 200, 2));
  r.itmr = static_cast<uint8_t>(desc::get(w, 202, 2));
  r.op = static_cast<RpOp>(desc::get(w, 204, 3));
  r.stale = desc::get(w, 207, 1) != 0;
  r.flow = desc::get(w, 208, 16);
  r.cgen = static_cast<uint8_t>(desc::get(w, 224, 8));
  r.ctmr = static_cast<uint8_t>(desc::get(w, 232, 2));
  r.paced = desc::get(w, 234, 1) != 0;
  r.cdl_ns = w[8];
  return r;
}
// mon_np_data[159:0]
template <class W>
inline void pack(const NpResult& r, W& w) {
  for (unsigned i = 0; i < 5; ++i) w[i] = 0;
  w[0] = r.cnp_tau_ns;
  w[1] = r.tmr_deadline_ns;
  desc::put(w, 64, 8, r.tmr_gen);
  desc::put(w, 72, 2, static_cast<uint32_t>(r.op));
  desc::put(w, 74, 1, r.cnp);
  desc::put(w, 75, 1, r.cnp_kind);
  desc::put(w, 76, 1, r.tmr_set);
  desc::put(w, 77, 1, r.stale);
  desc::put(w, 80, 16, r.flow);
  desc::put(w, 96, 1, r.cnp_queued);
  desc::put(w, 97, 1, r.cnp_dropped);
  desc::put(w, 98, 1, r.q_valid);
  desc::put(w, 112, 16, r.q_flow);
  w[4] = r.q_at_ns;
}
template <class W>
inline NpResult unpack_np(const W& w) {
  NpResult r;
  r.cnp_tau_ns = w[0];
  r.tmr_deadline_ns = w[1];
  r.tmr_gen = static_cast<uint8_t>(desc::get(w, 64, 8));
  r.op = static_cast<NpOp>(desc::get(w, 72, 2));
  r.cnp = desc::get(w, 74, 1) != 0;
  r.cnp_kind = static_cast<uint8_t>(desc::get(w, 75, 1));
  r.tmr_set = desc::get(w, 76, 1) != 0;
  r.stale = desc::get(w, 77, 1) != 0;
  r.flow = desc::get(w, 80, 16);
  r.cnp_queued = desc::get(w, 96, 1) != 0;
  r.cnp_dropped = desc::get(w, 97, 1) != 0;
  r.q_valid = desc::get(w, 98, 1) != 0;
  r.q_flow = desc::get(w, 112, 16);
  r.q_at_ns = w[4];
  return r;
}

}  // namespace dcqcn
