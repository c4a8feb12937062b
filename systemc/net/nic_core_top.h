// SPDX-License-Identifier: MIT
// The NIC's DCQCN core as one dcqcn_nic_top (nic_top_engine.h: the reference model or the
// Verilated RTL): every RP, NP, timer, arbitration and transmit decision is the top's. The
// driver turns the NIC's calls into descriptors on the top's AXI-Stream inputs and clocks
// it, at the call's simulated time, until it is quiet again (docs/network.md, "Models",
// item "The NIC's DCQCN core", `top`):
//   - a call queues its descriptor and runs drain(): cycles with now_ns = the call's
//     time, every output stream ready, until no descriptor waits, the top says `idle`
//     and nothing is due (next_due_ns after now). The cycles take no simulated time (the
//     top at 322 MHz answers within tens of ns; the drain keeps the network's timing
//     independent of the engine);
//   - between calls the top is not clocked: the driver wakes at next_due_ns (a timer or a
//     paced departure of the top's timer service), drains, and kicks the port when flows
//     are due (txq_nonempty);
//   - outputs other than the transmit answer (RP results for the samples and the pacing
//     check, CNP requests) reach the NIC a delta cycle after the drain that produced them,
//     never inside the NIC's own call (pick() must not be re-entered).
#pragma once
#include <deque>
#include <memory>
#include <systemc>
#include <vector>

#include "flow_starts.h"
#include "nic_core.h"
#include "nic_top_engine.h"

namespace dcqcn::net {

class NicCoreTop : public NicCore {
 public:
  // start_ns: each send flow's start (the host tells the top the flow has data then).
  NicCoreTop(NicCoreHost& host, const std::vector<double>& start_ns, uint32_t num_rx,
             std::unique_ptr<NicTopDevice> dev);

  std::optional<NicGrant> txop(double now) override;
  void init(uint32_t idx, uint32_t rate_kbps, double now) override;
  void txdone(uint32_t idx, uint32_t tx_ns, uint16_t bytes, bool more, double now) override;
  void set_data(uint32_t idx, bool has_data, double now) override;
  void reschedule(double) override { schedule(); }
  void rx_cnp(uint32_t idx, bool ue, uint32_t tau_ns, double now) override;
  void rx_data(uint32_t idx, uint8_t ecn, double now) override;
  void csr_write(NicBlock b, uint8_t addr, uint32_t value, double now) override;
  uint32_t csr_read(NicBlock b, uint8_t addr, double now) override;
  uint64_t cycles() const override { return dev_->cycles(); }
  const TopDrains* top_drains() const override { return drains_; }
  size_t flow_state_bytes() const override;
  // The scheduler's timing wheel: an entry is eligible at the end of its 32-ns slot
  // (dcqcn_nic_sched's SLOT_BITS = 5; docs/nic.md, "Resolution and worst-case lateness").
  double pacing_resolution_ns() const override { return 31.0; }
  size_t engine_state_bytes(NicBlock) const override { return 0; }  // RAMs of the top

 private:
  void drain(double now, TopCause cause);  // clock until quiet (see above)
  void schedule();                   // the next wake-up at next_due_ns
  void sweep(double now);            // clock the sweeps whose epoch began before now (lazily)
  void note_sweep(double at);        // the next sweep's time, from last_
  void wake_method();                // next_due_ns reached
  void start_method();               // flows whose start time has come: host DATA
  void dispatch_method();            // outputs to the NIC, then kick when flows are due
  void host_op(uint32_t idx, uint8_t op, uint32_t arg, double now);
  NicTopIn idle_in(uint32_t now32) const;
  NicTopOut cycle(const NicTopIn& in);  // outputs() then step(); a register access's cycle (csr)

  NicCoreHost& host_;
  std::unique_ptr<NicTopDevice> dev_;
  uint32_t num_tx_, num_rx_;
  std::vector<uint8_t> data_;  // the top was told the flow has data (host DATA, txdone more)
  FlowStarts starts_;  // the flows' starts, a host DATA each
  // descriptors waiting for their stream's tready
  uint32_t txop_wait_ = 0;
  std::deque<NicTxDone> txdone_q_;
  std::deque<NicHostOp> host_q_;
  std::deque<NicRxCnp> rxcnp_q_;
  std::deque<NicRxData> rxdata_q_;
  // outputs of the drains, not yet given to the NIC
  std::deque<NicTxSel> txsel_q_;
  std::deque<RpResult> mon_q_;
  std::deque<NicCnpReq> cnp_q_;
  NicTopOut last_{};  // the outputs at the end of the last drain (next_due, txq_nonempty)
  double sweep_at_ = 0;       // the next sweep's time (sweep_due_ns, unwrapped)
  bool sweep_known_ = false;  // (after the first drain)
  bool draining_ = false;
  TopDrains drains_[static_cast<int>(TopCause::Count)];  // the cycles by cause
  sc_core::sc_event wake_ev_, start_ev_, dispatch_ev_;
};

}  // namespace dcqcn::net
