// SPDX-License-Identifier: MIT
// Reference model of the NP (notification point, CNP generator), bit-exact with
// rtl/dcqcn_np.sv. Three layers:
//   np_algo()  pure function: (registers, global state, flow state, event) -> new
//              global state, new flow state, result. This is the specification.
//   NpAlgo     the block without timing: registers behind the CSR clamp, the per-flow
//              table and the global DCQCN+ epoch state; process(event) -> result.
//              Fast enough to be the NP of a network simulation.
//   NpModel    cycle-accurate wrapper with the RTL's ports: eval() settles the
//              combinational outputs, step() is one rising clock edge.
// docs/np.md describes the algorithm, the pipeline and the decisions taken.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "ecn.h"
#include "regmap.h"

namespace dcqcn {

enum NpOp : uint8_t { NP_OP_RX = 0, NP_OP_TIMER = 1, NP_OP_INIT = 2, NP_OP_NOP = 3 };
enum NpCnpKind : uint8_t { NP_KIND_CE = 0, NP_KIND_UE = 1 };

// ECN code points (two bits of the IP header); 10 is ECT(0) in DCQCN and UE in TCD.
// ECN code points: tb/ref/ecn.h (kEcnUe is ECT(0) in DCQCN mode, UE in TCD mode).

// The largest hold-off interval tau (the DCQCN+ product saturates here).
inline constexpr uint32_t kNpTauMax = 1u << 30;

using NpRegs = std::array<uint32_t, NP_NUM_REGS>;

// One word of the per-flow RAM. A cleared entry is all zero.
struct NpFlowState {
  bool valid = false;       // gen and epoch are meaningful (a CNP was sent since the RAM clear)
  bool cnp_sent = false;    // a CNP was sent since the clear or the last INIT
  bool pending = false;     // a marked packet was suppressed in the current hold-off window
  uint8_t pending_kind = 0; // NpCnpKind of the pending CNP (CE wins); 0 when !pending
  uint8_t gen = 0;          // generation of the last announced deadline
  uint8_t epoch = 0;        // DCQCN+ epoch in which this flow was last counted
  uint32_t last_cnp_ns = 0; // when the last CNP was sent
  bool operator==(const NpFlowState& o) const {
    return valid == o.valid && cnp_sent == o.cnp_sent && pending == o.pending &&
           pending_kind == o.pending_kind && gen == o.gen && epoch == o.epoch &&
           last_cnp_ns == o.last_cnp_ns;
  }
};

// Block-wide DCQCN+ state (flip-flops in the RTL). Reset to zero.
struct NpGlobal {
  uint32_t epoch_start_ns = 0;
  uint8_t epoch_id = 0;
  uint32_t count_cur = 0;   // flows sent a CNP in the current epoch
  uint32_t count_prev = 0;  // ... in the previous epoch: the "active" flows of the tau rule
};

struct NpEvent {
  uint8_t op = NP_OP_NOP;
  uint32_t flow = 0;
  uint32_t now_ns = 0;
  uint8_t ecn = 0;   // RX only
  uint8_t gen = 0;   // TIMER only
};

// One output word; the RTL's m_out_* fields. Fields that do not apply are 0.
struct NpResult {
  uint8_t op = 0;
  uint32_t flow = 0;
  bool cnp = false;
  uint8_t cnp_kind = 0;       // NpCnpKind, 0 unless cnp
  uint32_t cnp_tau_ns = 0;    // the NP's current hold-off interval (every output)
  bool tmr_set = false;       // a new deadline: call TIMER(flow, tmr_gen) at tmr_deadline_ns
  uint32_t tmr_deadline_ns = 0;
  uint8_t tmr_gen = 0;
  bool stale = false;         // TIMER whose gen is not the flow's current one
  bool operator==(const NpResult& o) const {
    return op == o.op && flow == o.flow && cnp == o.cnp && cnp_kind == o.cnp_kind &&
           cnp_tau_ns == o.cnp_tau_ns && tmr_set == o.tmr_set &&
           tmr_deadline_ns == o.tmr_deadline_ns && tmr_gen == o.tmr_gen && stale == o.stale;
  }
};

// Which rule fired: not an RTL output; for coverage and tests.
enum class NpPath : uint8_t {
  Nop, Unmarked, CnpFirst, CnpInterval, HoldoffArm, HoldoffHit, TimerCnp, TimerIdle,
  TimerStale, Init
};

struct NpTrace {
  NpPath path = NpPath::Nop;
  bool rollover = false;     // this event started a new DCQCN+ epoch
  bool counted = false;      // this event's CNP counted the flow in the epoch
  bool ce_override = false;  // a CE replaced a pending UE (or upgraded a UE CNP)
  bool wrapped = false;      // now < last_cnp_ns as raw numbers (difference across 2^32)
  bool tau_raised = false;   // DCQCN+ made tau larger than CNP_INTERVAL_NS
  uint32_t since_ns = 0;     // now - last_cnp_ns (mod 2^32)
};

struct NpUpdate {
  NpGlobal global;
  NpFlowState flow;
  NpResult out;
  NpTrace trace;
};

// True when ecn is a congestion mark in this mode (0 DCQCN: 11; 1 TCD: 11 and 10).
bool np_is_marked(uint8_t ecn, uint32_t mode);

// tau = N, or max(N, min(count_prev * CNP_GEN_TIME, 2^30)) with DCQCN+.
uint32_t np_tau_ns(const NpRegs& regs, uint32_t count_prev);

// The specification: one event against the flow's entry and the global state.
NpUpdate np_algo(const NpRegs& regs, const NpGlobal& g, const NpFlowState& s,
                 const NpEvent& ev);

// Registers (reset values, CSR clamp semantics), the flow table and the global state.
class NpAlgo {
 public:
  explicit NpAlgo(uint32_t num_flows);
  void reset();                                  // registers to _RST, state cleared
  NpResult process(const NpEvent& ev);           // flow must be < num_flows
  const NpTrace& last_trace() const { return trace_; }

  // CSR semantics of regmap.h: unknown addresses ignore writes and read 0.
  void csr_write(uint8_t addr, uint32_t data);
  uint32_t csr_read(uint8_t addr) const;
  const NpRegs& regs() const { return regs_; }
  const NpGlobal& global() const { return global_; }
  const NpFlowState& flow(uint32_t f) const { return flows_.at(f); }
  uint32_t num_flows() const { return static_cast<uint32_t>(flows_.size()); }

 private:
  NpRegs regs_{};
  NpGlobal global_{};
  std::vector<NpFlowState> flows_;
  NpTrace trace_{};
};

// Cycle-accurate model of dcqcn_np. Set the inputs, call eval() and read the outputs
// (what the RTL shows in this cycle), then step() for the rising edge.
class NpModel {
 public:
  explicit NpModel(uint32_t num_flows);

  // inputs
  bool rst = false;
  bool s_evt_valid = false;
  uint8_t s_evt_op = 0;
  uint32_t s_evt_flow = 0;
  uint32_t s_evt_now_ns = 0;
  uint8_t s_evt_ecn = 0;
  uint8_t s_evt_gen = 0;
  bool m_out_ready = false;
  bool csr_we = false, csr_re = false;
  uint8_t csr_addr = 0;
  uint32_t csr_wdata = 0;

  // outputs (registers, except s_evt_ready which is combinational)
  bool s_evt_ready = false;
  bool m_out_valid = false;
  NpResult m_out{};
  uint32_t csr_rdata = 0;

  void eval();
  void step();

  bool clearing() const { return clearing_; }
  bool busy() const { return s1_valid_ || m_out_valid; }  // an event in the pipeline
  const NpTrace& out_trace() const { return out_trace_; }  // why m_out says what it says
  const NpAlgo& algo() const { return algo_; }

  static constexpr unsigned kLatency = 2;  // accept edge to m_out_valid: cycles

 private:
  NpAlgo algo_;
  bool clearing_ = true;
  uint32_t clr_addr_ = 0;
  bool s1_valid_ = false;
  NpEvent s1_{};
  NpTrace out_trace_{};
};

}  // namespace dcqcn
