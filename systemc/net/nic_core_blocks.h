// SPDX-License-Identifier: MIT
// The NIC's DCQCN core as C++ services around the RP and NP engines (engine.h): the timer
// service, the paced scheduler and the NP's budget DRAIN slot are dcqcn::NicWheel
// (tb/ref/nic_wheel.h), the scheduling algorithm the wheel's RTL keeps (docs/nic.md, "The
// semantics, fixed first"): one entry per flow and timer (an announcement replaces the older one),
// eligible at the end of its 32-ns slot, in eligibility order; departures wait for the
// port in the same order (round robin among the due flows) and carry the ideal departure
// time within CATCHUP_NS. Every RP result carries the flow's (re-timed) next departure: the
// core follows it (nic.follow_retime).
#pragma once
#include <memory>
#include <systemc>
#include <utility>
#include <vector>

#include "flow_starts.h"
#include "nic_core.h"
#include "nic_wheel.h"

namespace dcqcn::net {

class NicCoreBlocks : public NicCore {
 public:
  // start_ns: each send flow's start (its first departure may not be earlier), RP index
  // order; num_rx: the NP's flows. Spawns its SystemC processes: construct it during
  // elaboration (in its NIC's constructor).
  NicCoreBlocks(NicCoreHost& host, const std::vector<double>& start_ns, uint32_t num_rx,
                bool follow_retime, std::unique_ptr<RpEngine> rp, std::unique_ptr<NpEngine> np,
                unsigned slot_bits = NicWheel::kSlotBitsDefault);

  std::optional<NicGrant> txop(double now) override;
  void init(uint32_t idx, uint32_t rate_kbps, double now) override;
  void txdone(uint32_t idx, uint32_t tx_ns, uint16_t bytes, bool more, double now) override;
  void set_data(uint32_t idx, bool has_data, double now) override;
  void reschedule(double now) override { schedule_wake(now); }
  void rx_cnp(uint32_t idx, bool ue, uint32_t tau_ns, double now) override;
  void rx_data(uint32_t idx, uint8_t ecn, double now) override;
  void csr_write(NicBlock b, uint8_t addr, uint32_t value, double now) override;
  uint32_t csr_read(NicBlock b, uint8_t addr, double now) override;
  uint64_t cycles() const override { return rp_->cycles() + np_->cycles(); }
  size_t flow_state_bytes() const override;
  size_t engine_state_bytes(NicBlock b) const override;
  // A departure is eligible at its 32-ns slot's end: up to 31 ns after its time.
  double pacing_resolution_ns() const override { return wheel_.slot_ns() - 1.0; }

 private:
  struct Flow {
    double next_ns = 0;    // next departure (RP pacing), unwrapped
    uint32_t next32 = 0;   // the same as the RP announced it (wrapping ns)
    bool data = true;      // the NIC has data to send for it
    bool started = false;  // its start time has come
  };
  void wake_method();
  void timer_method();
  void start_method();
  void sweep(double now);  // every flow's AGE for each 2^29-ns epoch start since the last (docs/nic.md "The sweep")
  void schedule_wake(double now);    // the next departure that becomes eligible
  void schedule_timers(double now);  // the next timer or DRAIN (now if one is eligible)
  void touch(uint32_t idx, double now);  // re-arm a flow's departure after next or data changed
  void arm(uint8_t kind, uint32_t idx, uint8_t gen, uint32_t deadline32, double now);
  void rp_result(const RpResult& r, double now);
  void np_result(uint32_t np_idx, const NpResult& r, double now);

  NicCoreHost& host_;
  std::vector<Flow> fl_;
  std::unique_ptr<RpEngine> rp_;
  std::unique_ptr<NpEngine> np_;
  bool follow_retime_ = true;
  NicWheel wheel_;
  FlowStarts starts_;
  sc_core::sc_event wake_ev_, tmr_ev_, start_ev_;
  uint64_t swept_ep_ = 0;  // the last 2^29-ns epoch whose sweep the RP has had (0: the start)
  // The NP's budget queue: the head it announced last (one slot, like a timer)
  bool drain_on_ = false;
  uint32_t drain_flow_ = 0;
  uint32_t drain_at32_ = 0;
};

}  // namespace dcqcn::net
