// SPDX-License-Identifier: MIT
// A RoCEv2 NIC with one port: the packetisation around its DCQCN core (nic_core.h). Flows
// (QPs) with a backlog send when the core grants them a transmit opportunity; CNPs leave
// at strict high priority; received data and CNPs go to the core, which decides the CNPs.
// The NIC honours PFC per priority and runs the system-level checks on what the core
// decides: the pacing check (pacing_check.h) on its departures, the NP's interval and
// budget on its CNPs. Loss recovery is go-back-N (gbn.h): the receiver NAKs a PSN gap, the
// sender rewinds nic.nak_latency_us after the NAK arrives; a sized flow's tail is covered
// by nic.rto_us.
#pragma once
#include <deque>
#include <memory>
#include <queue>
#include <vector>

#include "engine.h"
#include "frames.h"
#include "gbn.h"
#include "nic_core.h"
#include "nic_top_engine.h"
#include "node.h"
#include "pacing_check.h"
#include "scenario.h"

namespace dcqcn::net {

// What a NIC takes from the scenario.
struct NicConfig {
  NicSpec spec;                    // nic.*
  uint32_t mtu_bytes = 1000, header_bytes = 58;
  double cnp_gen_ns = 0;           // time to build a CNP
  uint64_t headroom_bytes = 0, xon_gap_bytes = 0;  // receive side: PAUSE points (switch.pfc)
  bool can_lose = false;           // a link with loss, or PFC off: sized flows arm the tail timer
  double np_interval_ns = 0, np_budget_ns = 0;  // the NP's hold-off and CNP budget (CNP checks)
};

class Nic : public Node, public NicCoreHost {
 public:
  // tx_flows, rx_flows: global ids of the flows it sends and receives, in RP / NP index order.
  // The core: `top` (a NicCoreTop on it), or else the RP and NP engines (a NicCoreBlocks).
  Nic(sc_core::sc_module_name name, NetContext& ctx, uint16_t id, const NicConfig& cfg,
      std::vector<uint32_t> tx_flows, std::vector<uint32_t> rx_flows,
      std::unique_ptr<NicTopDevice> top, std::unique_ptr<RpEngine> rp, std::unique_ptr<NpEngine> np,
      std::unique_ptr<NicFrames> frames);

  NicCore& core() { return *core_; }
  uint64_t frame_cycles() const { return frames_ ? frames_->cycles() : 0; }
  uint64_t backlog_bytes() const;
  const PacingStats& pacing_stats() const { return pacing_.stats(); }
  // Host memory of the NIC's per-flow containers, capacity x element size (summary.json
  // state_bytes, docs/network.md): the send flows (TxFlow, with their go-back-N sender and
  // pacing check), the receive side (flow ids, go-back-N receivers, CNP times), the tail
  // timers' heap, the core's (core().flow_state_bytes()) and the reference frame service's
  // contexts and QP map (frames.h). Not the RP and NP engines
  // (core().engine_state_bytes()).
  size_t flow_state_bytes() const;

 protected:
  Gp* pick(unsigned p) override;
  void receive(unsigned p, Gp* gp) override;
  void on_start(unsigned p, Gp* gp) override;
  void on_sent(unsigned p, Gp* gp) override;
  void on_pause(unsigned p, unsigned prio, bool pause) override;

 private:
  struct TxFlow {
    uint32_t gid;
    uint64_t size_bytes;  // payload; 0 = infinite
    GbnSender gbn;
    double start_ns;
    uint32_t next32 = 0;    // the departure the RP announced last (wrapping ns): re-time count
    bool started = false;   // the RP has seen the flow (INIT with its start rate sent)
    double rto_at_ns = -1;  // retransmission timeout armed (tail outstanding), or -1
    bool had_data = false;  // sendable() when the core was last told
    bool on = true;         // on/off traffic: in an on period (always, for a flow without)
    FlowPacing pc;          // pacing check
  };
  // The flow has something to send: its backlog (go-back-N), new data only in an on
  // period, a retransmission in any.
  static bool sendable(const TxFlow& f) {
    return f.gbn.has_data() && (f.on || f.gbn.nxt() < f.gbn.high());
  }
  // On/off traffic (flows[].on_us, off_us): the flows' next period changes in time order;
  // one event, spawned only on a NIC that sends such a flow (a pending event changes the
  // order of same-time events, so a NIC without one keeps none).
  struct Toggle {
    double at_ns;
    uint32_t idx;
    bool operator>(const Toggle& o) const { return at_ns != o.at_ns ? at_ns > o.at_ns : idx > o.idx; }
  };
  std::priority_queue<Toggle, std::vector<Toggle>, std::greater<Toggle>> toggle_q_;
  sc_core::sc_event toggle_ev_;
  void toggle_method();
  struct NakWait {        // a NAK the sender's firmware is handling
    double at_ns;
    uint32_t idx;
    uint64_t psn;
  };
  // NicCoreHost
  void core_kick() override { kick(0); }
  void core_rp_result(const RpResult& r, double now) override;
  void core_cnp(uint32_t np_idx, uint8_t kind, uint32_t tau_ns, double now) override;
  void data_changed(uint32_t idx, double now);  // tell the core, after a go-back-N event
  // Receive side (nic.pfc_enabled with nic.rx_drain_gbps > 0): a buffer drained at the
  // host's rate; XOFF to the switch when it reaches rx_buffer - headroom, XON xon_gap
  // below that.
  void rx_account(uint32_t bytes);
  void rx_xon_method();
  double rx_occupancy(double now) const;

  const NicConfig cfg_;
  std::vector<TxFlow> tx_;
  std::vector<uint32_t> rx_gid_;     // np index -> global flow id
  std::unique_ptr<NicCore> core_;
  std::unique_ptr<NicFrames> frames_;  // CNP builder and classifier (--frames on), or nullptr
  // The classifier on a received frame; its descriptor must be the one the packet's
  // metadata gives, or the run stops (frame check).
  void classify(const PacketExt& e, double now);
  std::deque<Gp*> cnp_q_;
  bool follow_retime_ = true;
  PortCover cover_;          // port 0: busy or paused (pacing check)
  PacingCheck pacing_;
  bool can_lose_ = false;  // a link with loss or PFC off: the tail timer is needed
  std::vector<double> last_cnp_ns_;  // per np index: for the NP interval check
  double last_any_cnp_ns_ = -1e300;  // the NIC's last CNP: for the budget check

 public:
  double min_cnp_gap_ns() const { return min_cnp_gap_ns_; }

 private:
  double min_cnp_gap_ns_ = 1e300;
  std::deque<std::pair<double, Gp*>> cnp_wait_;  // CNPs being built (cnp_gen_ns)
  sc_core::sc_event cnp_ev_;
  void cnp_ready_method();
  // go-back-N
  std::vector<GbnReceiver> rx_gbn_;  // per np index
  std::deque<NakWait> nak_wait_;
  struct RtoWait {  // an armed tail timer; stale once the flow's rto_at_ns is no longer at_ns
    double at_ns;
    uint32_t idx;
    bool operator>(const RtoWait& o) const { return at_ns > o.at_ns; }
  };
  std::priority_queue<RtoWait, std::vector<RtoWait>, std::greater<RtoWait>> rto_q_;
  sc_core::sc_event nak_ev_, rto_ev_;
  void send_ctrl(PktKind kind, uint32_t gid, uint64_t psn);
  void nak_apply_method();
  void rto_method();
  void rewound(TxFlow& f);
  double rx_occ_ = 0, rx_t_ = 0;
  bool rx_xoff_ = false;
  sc_core::sc_event rx_ev_;
};

}  // namespace dcqcn::net
