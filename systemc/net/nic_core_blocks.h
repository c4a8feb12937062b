// SPDX-License-Identifier: MIT
// The NIC's DCQCN core as C++ services around the RP and NP engines (engine.h): the timer
// service (the latest deadline each block announced per flow and timer; older tags are
// stale), the paced scheduler (round-robin among the due flows) and the NP's budget DRAIN
// slot. Wake-ups cost O(log flows) per packet, not O(flows): a flow with data is either due
// (due_, in round-robin order) or waiting in a min-heap (wait_). Every RP result carries
// the flow's (re-timed) next departure: the core follows it (nic.follow_retime).
#pragma once
#include <memory>
#include <queue>
#include <systemc>
#include <vector>

#include "index_set.h"
#include "nic_core.h"

namespace dcqcn::net {

class NicCoreBlocks : public NicCore {
 public:
  // start_ns: each send flow's start (its first departure may not be earlier), RP index
  // order; num_rx: the NP's flows. Spawns its SystemC processes: construct it during
  // elaboration (in its NIC's constructor).
  NicCoreBlocks(NicCoreHost& host, const std::vector<double>& start_ns, uint32_t num_rx,
                bool follow_retime, std::unique_ptr<RpEngine> rp, std::unique_ptr<NpEngine> np);

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

 private:
  struct Flow {
    double next_ns = 0;   // earliest next departure (RP pacing)
    uint32_t next32 = 0;  // the same as the RP announced it (wrapping ns)
    uint32_t ver = 0;     // wake-up bookkeeping: wait_ entries of older versions are stale
    bool data = true;     // the NIC has data to send for it
  };
  struct Wait {  // a flow with data that is not due yet
    double at_ns;
    uint32_t idx, ver;
    bool operator>(const Wait& o) const { return at_ns > o.at_ns; }
  };
  struct Tmr {
    double at_ns;
    uint8_t kind;  // 0 RP alpha, 1 RP increase, 2 NP, 3 RP deferred cut, 4 NP budget queue (DRAIN)
    uint32_t idx;
    uint8_t gen;
    bool operator>(const Tmr& o) const { return at_ns > o.at_ns; }
  };
  void wake_method();
  void timer_method();
  void schedule_wake(double now);
  void touch(uint32_t idx, double now);  // re-file a flow after its next_ns or data changed
  void promote(double now);              // waiting flows that are due now -> due_
  void arm(uint8_t kind, uint32_t idx, uint8_t gen, uint32_t deadline32, double now);
  void rp_result(const RpResult& r, double now);
  void np_result(uint32_t np_idx, const NpResult& r, double now);

  NicCoreHost& host_;
  std::vector<Flow> fl_;
  std::unique_ptr<RpEngine> rp_;
  std::unique_ptr<NpEngine> np_;
  bool follow_retime_ = true;
  unsigned rr_ = 0;
  IndexSet due_;  // flows with data whose next_ns is due
  std::priority_queue<Wait, std::vector<Wait>, std::greater<Wait>> wait_;
  sc_core::sc_event wake_ev_, tmr_ev_;
  std::priority_queue<Tmr, std::vector<Tmr>, std::greater<Tmr>> tmrs_;
  std::vector<uint8_t> live_gen_[4];  // latest tag per kind and index (DRAIN: drain_* below)
  std::vector<uint8_t> live_on_[4];
  // The NP's budget queue: the head it announced last (one slot, like a timer)
  bool drain_on_ = false;
  uint32_t drain_flow_ = 0;
  uint32_t drain_at32_ = 0;
  uint8_t drain_seq_ = 0;
};

}  // namespace dcqcn::net
