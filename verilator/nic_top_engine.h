// SPDX-License-Identifier: MIT
// One whole NIC top (rtl/dcqcn_nic_top.sv: RP, NP, timer service and scheduler, event
// arbiter) as the network simulation clocks it, at the pin level: the reference model
// (NicTopModel, tb/ref/nic_top_ref.h) or the Verilated RTL, behind one interface, so the
// network drives both the same way and their outputs are identical cycle by cycle (the
// lock-step bench tb/lockstep_nic_top.cpp proves the two agree).
//
// Clocking: outputs(in) gives this cycle's outputs for the inputs `in` (the combinational
// readies see them); step(in) is the rising edge that takes them. A cycle is outputs()
// then step() with the same `in`. The outputs are the device's own, valid until its next
// outputs() or step().
#pragma once
#include <cstdint>
#include <iterator>
#include <memory>

#include "engine.h"
#include "nic_top_ref.h"

namespace dcqcn::net {

class NicTopDevice {
 public:
  virtual ~NicTopDevice() = default;
  virtual const NicTopOut& outputs(const NicTopIn& in) = 0;
  virtual void step(const NicTopIn& in) = 0;
  virtual uint64_t cycles() const = 0;
  virtual uint32_t num_flows() const = 0;  // NUM_FLOWS of the top
  // The following cycles happen at this network time (ns): an RTL top draws them in the
  // waveform from there on (dut.h); the reference ignores it.
  virtual void at(double ns) { (void)ns; }
};

// The sizes the RTL top is Verilated at (verilator/CMakeLists.txt): a NIC takes the
// smallest that holds its send and its receive flows, on both engines (the scan round of
// the timer service is NUM_FLOWS cycles, so the size is part of the result).
inline constexpr uint32_t kNicTopSizes[] = {16, 128, 1024};
static_assert(kNicTopSizes[std::size(kNicTopSizes) - 1] == kNicTopMaxFlows);
// The smallest built size >= flows, or 0 when none is large enough.
inline uint32_t nic_top_size(uint32_t flows) {
  for (uint32_t s : kNicTopSizes)
    if (flows <= s) return s;
  return 0;
}

// A reset top, its RAMs cleared (the reset cycles are not counted in cycles()). `size`
// must be one of kNicTopSizes.
std::unique_ptr<NicTopDevice> make_nic_top(EngineKind k, uint32_t size, const TraceSpec& t);
std::unique_ptr<NicTopDevice> make_nic_top_rtl(uint32_t size, const TraceSpec& t);

}  // namespace dcqcn::net
