// SPDX-License-Identifier: MIT
// The network's signals in the merged waveform (wave.h), part "net": SystemC calls this
// trace file at the end of every time step; it compares the watched values with the last
// ones it wrote, writes the changes at that time, and lets the waveform write out what
// every part has before it (Wave::advance). Scopes (the names a designer looks for):
//   net.<switch>.p<N>_<peer>   egress_bytes (data-class egress queue), paused (PFC on the
//                              data priority toward <peer>)
//   net.<host>                 paused (the NIC's data priority paused by its switch)
//   net.flows.f<G>_<src>_<dst> rc_kbps (the RP's current rate), ce_marks and cnps_received
//                              (counts), G = the global flow id (scenario order; the map
//                              file beside the waveform gives each flow's RP and NP index)
#pragma once
#include <systemc>

#include <cstdint>
#include <string>
#include <vector>

#include "wave.h"

namespace dcqcn::net {

class NetTrace final : public sc_core::sc_trace_file {
 public:
  explicit NetTrace(wave::Wave* w);
  ~NetTrace() override;
  // Watches *p (bool, uint32_t or uint64_t) as signal `name` of `bits` in scope `sub`.
  void watch(const std::string& sub, const std::string& name, const bool* p);
  void watch(const std::string& sub, const std::string& name, const uint32_t* p, unsigned bits);
  void watch(const std::string& sub, const std::string& name, const uint64_t* p, unsigned bits);

  // sc_trace_file: nothing is traced through sc_trace; these are required and ignored.
#define DCQCN_NT_A(tp) \
  void trace(const tp&, const std::string&) override {}
#define DCQCN_NT_B(tp) \
  void trace(const tp&, const std::string&, int) override {}
  DCQCN_NT_A(sc_core::sc_event)
  DCQCN_NT_A(sc_core::sc_time)
  DCQCN_NT_A(bool)
  DCQCN_NT_A(sc_dt::sc_bit)
  DCQCN_NT_A(sc_dt::sc_logic)
  DCQCN_NT_B(unsigned char)
  DCQCN_NT_B(unsigned short)
  DCQCN_NT_B(unsigned int)
  DCQCN_NT_B(unsigned long)
  DCQCN_NT_B(char)
  DCQCN_NT_B(short)
  DCQCN_NT_B(int)
  DCQCN_NT_B(long)
  DCQCN_NT_B(sc_dt::int64)
  DCQCN_NT_B(sc_dt::uint64)
  DCQCN_NT_A(float)
  DCQCN_NT_A(double)
  DCQCN_NT_A(sc_dt::sc_int_base)
  DCQCN_NT_A(sc_dt::sc_uint_base)
  DCQCN_NT_A(sc_dt::sc_signed)
  DCQCN_NT_A(sc_dt::sc_unsigned)
  DCQCN_NT_A(sc_dt::sc_fxval)
  DCQCN_NT_A(sc_dt::sc_fxval_fast)
  DCQCN_NT_A(sc_dt::sc_fxnum)
  DCQCN_NT_A(sc_dt::sc_fxnum_fast)
  DCQCN_NT_A(sc_dt::sc_bv_base)
  DCQCN_NT_A(sc_dt::sc_lv_base)
#undef DCQCN_NT_A
#undef DCQCN_NT_B
  void trace(const unsigned int&, const std::string&, const char**) override {}
  void write_comment(const std::string&) override {}
  void set_time_unit(double, sc_core::sc_time_unit) override {}

 protected:
  void cycle(bool delta_cycle) override;

 private:
  struct W {
    const void* p;
    int kind;  // 0 bool, 1 u32, 2 u64
    uint32_t var;
    uint64_t last;
    bool written;
  };
  wave::Wave* w_;
  wave::Part* part_;
  std::vector<W> ws_;
};

}  // namespace dcqcn::net
