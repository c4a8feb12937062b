// SPDX-License-Identifier: MIT
// The seam between a NIC's packetisation (nic.cpp: packets, the wire, go-back-N, PFC, the
// receive buffer, the system-level checks) and its DCQCN core: the reaction point, the
// notification point, the timer service, the paced transmit scheduler and the event
// arbiter. The NIC tells the core what happens (a transmit opportunity, a packet sent, a
// flow with data again, a CNP or a data packet received); the core answers which flow
// sends and asks the NIC to send CNPs. Every call carries the simulated time `now` (ns);
// a call's effects are complete when it returns (the core never answers later, except
// through its own wake-ups: timers and departures that become due, which call
// NicCoreHost::kick()).
//
// Two implementations, chosen by the scenario's nic.core: nic_core_top.* (`top`, the
// default: one dcqcn_nic_top, Verilated RTL or its cycle-exact reference, makes every
// timer, arbitration and transmit decision) and nic_core_blocks.* (`blocks`: the timer
// service and paced scheduler in C++, dcqcn::NicWheel of tb/ref/nic_wheel.h, around the RP
// and NP engines of engine.h). docs/network.md, section "Models", item "The
// NIC's DCQCN core".
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine.h"

namespace dcqcn::net {

// What the core calls back into its NIC.
class NicCoreHost {
 public:
  virtual ~NicCoreHost() = default;
  // A departure may be due: offer a transmit opportunity if the port is free.
  virtual void core_kick() = 0;
  // Every RP result, in order (telemetry: rates, alpha; the pacing check).
  virtual void core_rp_result(const RpResult& r, double now) = 0;
  // The NP decided a CNP for the flow at NP index np_idx.
  virtual void core_cnp(uint32_t np_idx, uint8_t kind, uint32_t tau_ns, double now) = 0;
};

enum class NicBlock { RP, NP };

// What a NIC top's cycles were spent on (nic.core: top; summary.json "nic_top"): its
// driver clocks it only in drains (nic_core_top.h), each started by one cause. The same
// figures on both engines (the reference top is cycle-exact).
enum class TopCause { Due, Txop, Txdone, Host, RxCnp, RxData, Csr, Count };
inline const char* top_cause_name(TopCause c) {
  static const char* const kNames[] = {"due", "txop", "txdone", "host", "rxcnp", "rxdata", "csr"};
  return kNames[static_cast<int>(c)];
}
struct TopDrains {
  uint64_t drains = 0;   // drains (csr: register accesses)
  uint64_t cycles = 0;   // cycles clocked in them
  uint64_t results = 0;  // RP and NP results the top gave out in them (mon_rp, mon_np)
};

// The answer to a transmit opportunity: flow `idx` (RP index) sends one packet now; the
// NIC reports it with txdone(idx, tx_ns, ...).
struct NicGrant {
  uint32_t idx = 0;
  uint32_t tx_ns = 0;  // the departure time the RP computes the next one from (wrapping ns)
};

class NicCore {
 public:
  virtual ~NicCore() = default;
  // The port is free and the data priority is not paused: which flow sends now?
  virtual std::optional<NicGrant> txop(double now) = 0;
  // The flow's first packet (before its txdone): the RP starts it at rate_kbps.
  virtual void init(uint32_t idx, uint32_t rate_kbps, double now) = 0;
  // The granted flow sent a packet of `bytes` (frame); `more`: it still has data.
  virtual void txdone(uint32_t idx, uint32_t tx_ns, uint16_t bytes, bool more, double now) = 0;
  // The flow's backlog may have changed outside a departure (go-back-N rewind, ACK):
  // has_data is its state now.
  virtual void set_data(uint32_t idx, bool has_data, double now) = 0;
  // Re-plan the core's wake-up after set_data() and the NIC's kick.
  virtual void reschedule(double now) = 0;
  // A CNP for the flow at RP index idx (ue: TCD's undetermined mark; tau_ns: DCQCN+).
  virtual void rx_cnp(uint32_t idx, bool ue, uint32_t tau_ns, double now) = 0;
  // A data packet of the flow at NP index idx arrived with this ECN field.
  virtual void rx_data(uint32_t idx, uint8_t ecn, double now) = 0;
  // The blocks' registers, through their CSR buses (addresses of docs/regmap.md).
  virtual void csr_write(NicBlock b, uint8_t addr, uint32_t value, double now) = 0;
  virtual uint32_t csr_read(NicBlock b, uint8_t addr, double now) = 0;
  // RTL clock cycles run so far (0 for the references).
  virtual uint64_t cycles() const = 0;
  // nic.core: top: the top's cycles by cause (on both engines); nullptr for blocks.
  virtual const TopDrains* top_drains() const { return nullptr; }
  // Host memory of the per-flow containers (summary.json state_bytes): the core's own
  // (the timing wheel's entries and slots, blocks) and the RP's and NP's engines.
  virtual size_t flow_state_bytes() const = 0;
  virtual size_t engine_state_bytes(NicBlock b) const = 0;
  // How late in simulated time the scheduler may make a departure by design (its
  // resolution): the pacing check (pacing_check.h) allows it. 0: exact to the ns.
  virtual double pacing_resolution_ns() const { return 0; }
};

}  // namespace dcqcn::net
