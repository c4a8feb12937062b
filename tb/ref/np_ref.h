// SPDX-License-Identifier: MIT
// Reference model of the NP (notification point, CNP generator), bit-exact with
// rtl/dcqcn_np.sv. Three layers:
//   np_algo()  pure function: (registers, global state, flow state, event) -> new
//              global state, new flow state, result. This is the specification.
//   NpAlgo     the block without timing: registers behind the CSR clamp, the per-flow
//              table and the global DCQCN+ epoch state; process(event) -> result.
//              Fast enough to be the NP of a network simulation.
//   NpModel    cycle-accurate wrapper with the RTL's ports (ModelIn/ModelOut):
//              outputs() for the current cycle, step() is one rising clock edge.
// docs/np.md describes the algorithm, the pipeline and the decisions taken.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "ecn.h"
#include "regmap.h"

namespace dcqcn {

// Op 3 is DRAIN: the head of the budget queue may leave (any other flow: a no-op).
enum class NpOp : uint8_t { RX = 0, TIMER = 1, INIT = 2, DRAIN = 3, NOP = 3 };
enum class NpCnpKind : uint8_t { CE = 0, UE = 1 };

// ECN code points (two bits of the IP header); 10 is ECT(0) in DCQCN and UE in TCD.
// ECN code points: tb/ref/ecn.h (kEcnUe is ECT(0) in DCQCN mode, UE in TCD mode).

// The largest hold-off interval tau (the DCQCN+ demand saturates here).
inline constexpr uint32_t kNpTauMax = 1u << 30;

// Default depth of the CNP budget queue (RTL parameter CNPQ_DEPTH).
inline constexpr uint32_t kNpQueueDepth = 32;

using NpRegs = std::array<uint32_t, NP_NUM_REGS>;

// One word of the per-flow RAM. A cleared entry is all zero.
struct NpFlowState {
  bool valid = false;       // gen and epoch are meaningful (a CNP was sent since the RAM clear)
  bool cnp_sent = false;    // a CNP was sent since the clear or the last INIT
  bool pending = false;     // a marked packet was suppressed in the current hold-off window
  bool queued = false;      // a CNP of this flow waits in the budget queue
  uint8_t pending_kind = 0; // NpCnpKind of the pending or queued CNP (CE wins); else 0
  uint8_t gen = 0;          // generation of the last announced deadline
  uint8_t epoch = 0;        // DCQCN+ epoch in which this flow was last counted
  uint32_t last_cnp_ns = 0; // when the last CNP was sent
  bool operator==(const NpFlowState& o) const {
    return valid == o.valid && cnp_sent == o.cnp_sent && pending == o.pending &&
           queued == o.queued && pending_kind == o.pending_kind && gen == o.gen &&
           epoch == o.epoch && last_cnp_ns == o.last_cnp_ns;
  }
};

// Block-wide state (flip-flops in the RTL). Reset to zero.
struct NpGlobal {
  // DCQCN+ epoch
  uint32_t epoch_start_ns = 0;
  uint8_t epoch_id = 0;
  uint32_t count_cur = 0;    // flows sent a CNP in the current epoch (diagnostic only)
  uint32_t count_prev = 0;   // ... in the previous epoch
  uint32_t demand_cur = 0;   // sum of CNP_GEN_TIME_NS over the flows counted, sat. at 2^30
  uint32_t demand_prev = 0;  // ... of the previous epoch: tau = max(N, demand_prev)
  // CNP budget
  bool any_sent = false;     // a CNP was sent since reset
  uint32_t last_any_ns = 0;  // when the block's last CNP was sent
  uint32_t q_count = 0;      // CNPs waiting in the budget queue
  uint32_t q_head = 0;       // flow of the oldest one (when q_count > 0)
  uint32_t overflows = 0;    // CNPs dropped, queue full (saturating)
  uint32_t hwm = 0;          // highest q_count since reset
};

struct NpEvent {
  NpOp op = NpOp::NOP;
  uint32_t flow = 0;
  uint32_t now_ns = 0;
  uint8_t ecn = 0;   // RX only
  uint8_t gen = 0;   // TIMER only
};

// One output word; the RTL's m_out_* fields. Fields that do not apply are 0.
struct NpResult {
  NpOp op = NpOp::RX;
  uint32_t flow = 0;
  bool cnp = false;
  uint8_t cnp_kind = 0;       // NpCnpKind, 0 unless cnp
  uint32_t cnp_tau_ns = 0;    // the NP's current hold-off interval (every output)
  bool tmr_set = false;       // a new deadline: call TIMER(flow, tmr_gen) at tmr_deadline_ns
  uint32_t tmr_deadline_ns = 0;
  uint8_t tmr_gen = 0;
  bool stale = false;         // TIMER whose gen is not the flow's current one
  bool cnp_queued = false;    // this flow's CNP is due but waits in the budget queue
  bool cnp_dropped = false;   // this flow's CNP was due but the budget queue was full
  bool q_valid = false;       // the budget queue is not empty (after this event):
  uint32_t q_flow = 0;        //   send DRAIN(q_flow) at or after q_at_ns
  uint32_t q_at_ns = 0;
  bool operator==(const NpResult& o) const {
    return op == o.op && flow == o.flow && cnp == o.cnp && cnp_kind == o.cnp_kind &&
           cnp_tau_ns == o.cnp_tau_ns && tmr_set == o.tmr_set &&
           tmr_deadline_ns == o.tmr_deadline_ns && tmr_gen == o.tmr_gen && stale == o.stale &&
           cnp_queued == o.cnp_queued && cnp_dropped == o.cnp_dropped &&
           q_valid == o.q_valid && q_flow == o.q_flow && q_at_ns == o.q_at_ns;
  }
};

// Which rule fired: not an RTL output; for coverage and tests.
enum class NpPath : uint8_t {
  Nop, Unmarked, CnpFirst, CnpInterval, HoldoffArm, HoldoffHit, TimerCnp, TimerIdle,
  TimerStale, Init, TimerHoldoff, QueuedMerge, DrainCnp, DrainHoldoff, DrainEarly
};

struct NpTrace {
  NpPath path = NpPath::Nop;
  bool rollover = false;     // this event started a new DCQCN+ epoch
  bool counted = false;      // this event's CNP counted the flow in the epoch
  bool ce_override = false;  // a CE replaced a pending UE (or upgraded a UE CNP)
  bool wrapped = false;      // now < last_cnp_ns as raw numbers (difference across 2^32)
  bool tau_raised = false;   // DCQCN+ made tau larger than CNP_INTERVAL_NS
  bool queued = false;       // a due CNP joined the budget queue
  bool dropped = false;      // a due CNP was dropped: queue full
  bool budget_wait = false;  // a CNP was held back by the budget (queued, or a DRAIN early)
  uint32_t since_ns = 0;     // now - last_cnp_ns (mod 2^32)
};

struct NpUpdate {
  NpGlobal global;
  NpFlowState flow;
  NpResult out;
  NpTrace trace;
  bool q_push = false;  // append flow to the budget queue
  bool q_pop = false;   // remove the head (this flow) from the budget queue
};

// True when ecn is a congestion mark in this mode (0 DCQCN: 11; 1 TCD: 11 and 10).
bool np_is_marked(uint8_t ecn, uint32_t mode);

// tau = N, or max(N, demand_prev) with DCQCN+ (demand_prev is saturated at 2^30).
uint32_t np_tau_ns(const NpRegs& regs, uint32_t demand_prev);

// The specification: one event against the flow's entry and the global state. The new
// head of the queue after a pop is not known here: NpAlgo fills global.q_head.
NpUpdate np_algo(const NpRegs& regs, const NpGlobal& g, const NpFlowState& s,
                 const NpEvent& ev, uint32_t q_depth);

// Registers (reset values, CSR clamp semantics), the flow table, the budget queue and the
// global state.
class NpAlgo {
 public:
  explicit NpAlgo(uint32_t num_flows, uint32_t q_depth = kNpQueueDepth);
  void reset();  // registers to _RST, state cleared
  // One event (flow must be < num_flows); which rule fired goes to *trace if given.
  NpResult process(const NpEvent& ev, NpTrace* trace = nullptr);
  // The same with these register values (the cycle model's pipelined registers).
  NpResult process(const NpEvent& ev, const NpRegs& regs, NpTrace* trace = nullptr);

  // CSR semantics of regmap.h: unknown addresses ignore writes and read 0; the status
  // registers (kNpStatus) read the counters and ignore writes.
  void csr_write(uint8_t addr, uint32_t data);
  uint32_t csr_read(uint8_t addr) const;
  const NpRegs& regs() const { return regs_; }
  const NpGlobal& global() const { return global_; }
  const NpFlowState& flow(uint32_t f) const { return flows_.at(f); }
  uint32_t num_flows() const { return static_cast<uint32_t>(flows_.size()); }
  uint32_t q_depth() const { return static_cast<uint32_t>(q_.size()); }
  // Host memory of the flow table (capacity x size; the budget queue, fixed at q_depth,
  // is not per flow): the simulator's per-flow memory figure (docs/network.md, state_bytes).
  size_t flow_state_bytes() const { return flows_.capacity() * sizeof(NpFlowState); }

 private:
  NpRegs regs_{};
  NpGlobal global_{};
  std::vector<NpFlowState> flows_;
  std::vector<uint32_t> q_;  // ring of flow ids, q_rd_ is the head
  uint32_t q_rd_ = 0;
};

// Cycle-accurate model of dcqcn_np: outputs() are what the RTL shows in this cycle for
// these inputs, step() is the rising edge.
//
// Pipeline (docs/np.md): accept (RAM read) -> S1 (RAM data) -> C1 (compare) -> C2
// (decide, write back) -> m_out. An event is not accepted while an event of the same
// flow is in S1 or C1, nor while the event in S1 starts a new DCQCN+ epoch (s_evt_ready
// low). An event uses the register values of the cycle before the one in which it
// leaves C1, except EPOCH_NS: the value of the cycle in which it is accepted (the
// rollover is decided at accept).
class NpModel {
 public:
  static constexpr unsigned kLatency = 4;  // accept edge to m_out_valid: cycles
  using In = ModelIn<NpEvent>;
  using Out = ModelOut<NpResult>;
  explicit NpModel(uint32_t num_flows, uint32_t q_depth = kNpQueueDepth);
  Out outputs(const In& in) const;  // m_out data are 0 while not valid
  void step(const In& in);

  bool clearing() const { return clearing_; }
  bool busy() const { return s1_.valid || c1_.valid || c2_.valid || out_valid_; }
  bool hazard(const In& in) const;  // in's flow in S1 or C1 (s_evt_ready low for it)
  bool hold() const { return s1_.valid && s1_.rolls; }  // ... after a rollover
  const NpTrace& out_trace() const { return out_trace_; }  // why m_out says what it says
  const NpAlgo& algo() const { return algo_; }

 private:
  struct Stage {
    bool valid = false;
    NpEvent ev{};
    NpRegs regs{};  // C2 only: the register values the event uses
    bool rolls = false;       // the event starts a new epoch (decided at accept)
    uint32_t epoch_len = 0;   // EPOCH_NS at accept
  };
  NpAlgo algo_;
  bool clearing_ = true;
  uint32_t clr_addr_ = 0;
  Stage s1_, c1_, c2_;
  NpRegs prev_regs_{};  // register values of the previous cycle
  uint32_t epoch_start_ = 0;  // the accept stage's copy of the epoch start
  bool out_valid_ = false;
  NpResult out_{};
  uint32_t csr_rdata_ = 0;
  NpTrace out_trace_{};
};

}  // namespace dcqcn
