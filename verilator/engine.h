// SPDX-License-Identifier: MIT
// The three DCQCN blocks as the network simulation sees them: one call per event, the
// result back at once, registers written through the block's CSR bus. Two engines
// implement this, both in this folder (library dcqcn_engines): the C++ references
// (engine "ref", engine_ref.cpp) and the Verilated RTL (engine "rtl", engine_rtl.cpp). For
// the same calls both return identical results: each call is one event through the
// block's pipeline, drained before the call returns, and a register write happens
// between events.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "cp_ref.h"
#include "np_ref.h"
#include "rp_ref.h"
#include "wave.h"

namespace dcqcn::net {

// One block behind the seam. Every call carries `at_ns`, the network's simulated time of
// the call (ns, not wrapped): an RTL engine lays the call's clock cycles out from there
// in its waveform; the reference engines ignore it. (The 32-bit `now_ns` inside an event
// is the block's input pin, the same time wrapped; the engines never read a clock of
// their own, and there is no global simulation time.)
template <class Event, class Result>
class Engine {
 public:
  virtual ~Engine() = default;
  virtual Result process(const Event& ev, double at_ns) = 0;
  virtual void csr_write(uint8_t addr, uint32_t value, double at_ns) = 0;
  virtual uint32_t csr_read(uint8_t addr, double at_ns) = 0;
  virtual uint64_t cycles() const { return 0; }  // RTL clock cycles run so far
  // Host memory of the engine's per-flow table in C++ containers (the reference RP and
  // NP: capacity x entry size); 0 for the RTL engines, whose flow RAMs are arrays inside
  // the Verilated model, fixed at kRtlFlows, and for the CP (per queue, not per flow).
  virtual size_t flow_state_bytes() const { return 0; }
};

using RpEngine = Engine<RpEvent, RpResult>;
using NpEngine = Engine<NpEvent, NpResult>;
using CpEngine = Engine<CpEvent, CpResult>;

// Where an engine draws its waveform: a part of the run's merged waveform (wave.h) named
// after the instance ("h3.rp"), on the network's time axis. An RTL engine lays each call's
// cycles out from its `at_ns` at the clock period (its ports and RTL hierarchy); a
// reference engine draws each call as one transaction (engine_ref.cpp).
struct TraceSpec {
  wave::Wave* wave = nullptr;  // nullptr = not traced
  std::string instance;        // "h3.rp", "sw.cp"
  double clock_ns = 3.103;     // 322.266 MHz
};

// Sizes the RTL engines are built at (CMakeLists.txt here); the reference engines
// accept any power of two. A NIC with more flows than kRtlFlows, or a switch with more
// egress queues than kRtlQueues, is a scenario error with --engine rtl.
inline constexpr uint32_t kRtlFlows = 1024;
inline constexpr uint32_t kRtlQueues = 256;
// The largest NIC top (nic.core: top) the simulator is built with: flows per NIC and
// direction (nic_top_engine.h, kNicTopSizes).
inline constexpr uint32_t kNicTopMaxFlows = 1024;

enum class EngineKind { REF, RTL };

std::unique_ptr<RpEngine> make_rp(EngineKind k, uint32_t flows, const TraceSpec& t);
std::unique_ptr<NpEngine> make_np(EngineKind k, uint32_t flows, const TraceSpec& t);
std::unique_ptr<CpEngine> make_cp(EngineKind k, uint32_t queues, const TraceSpec& t);

// The RTL factories, defined in engine_rtl.cpp (they throw if the size exceeds the build).
std::unique_ptr<RpEngine> make_rp_rtl(uint32_t flows, const TraceSpec& t);
std::unique_ptr<NpEngine> make_np_rtl(uint32_t flows, const TraceSpec& t);
std::unique_ptr<CpEngine> make_cp_rtl(uint32_t queues, const TraceSpec& t);

}  // namespace dcqcn::net
