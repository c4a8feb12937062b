// SPDX-License-Identifier: MIT
// Bit-exact reference of rtl/dcqcn_cp.sv, the congestion point (switch egress ECN
// marker): RED/ECN marking (DCQCN SIGCOMM'15 section 3.1) and TCD ternary congestion
// detection (TCD SIGCOMM'21 section 4). docs/cp.md describes the algorithm and every decision.
//
// Two layers:
//  - CpAlgo: the algorithm, one event at a time (process()). It is what the network
//    simulation runs in place of the RTL.
//  - CpModel: a cycle-accurate wrapper with the RTL's ports; step() is one clock edge.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "ecn.h"
#include "regmap.h"

namespace dcqcn {

enum class CpOp : uint8_t { PKT = 0, PFC = 1, INIT = 2, NOP = 3 };
enum class TcdState : uint8_t { NONCONG = 0, CONG = 1, UNDET = 2, DRAIN = 3 };
// TCD_CE_RULE 2 (the TCD authors' rule): per-queue state of the last packet's decision.
// NONCONG/CONG: RED decides CE; UNDET: the last packet saw the ON-OFF pattern; CHECK: the
// queue drains after an undetermined period, CE suppressed (reported as TcdState::DRAIN).
enum class TcdOst : uint8_t { NONCONG = 0, CHECK = 1, UNDET = 2, CONG = 3 };
enum class RedRegion : uint8_t { BELOW = 0, BETWEEN = 1, ABOVE = 2 };

// ECN field code points. RED: 00 not ECT, 01/10 ECT, 11 CE. TCD: 00 not TCD-capable,
// 01 TCD-capable, 10 UE (undetermined encountered), 11 CE.
// ECN code points: tb/ref/ecn.h.

struct CpEvent {
  CpOp op = CpOp::PKT;
  uint32_t queue = 0;       // queue index (masked to NUM_QUEUES - 1)
  uint32_t now_ns = 0;      // wrapping nanosecond timestamp
  uint32_t qlen_bytes = 0;  // egress queue length as the switch measured it
  uint8_t ecn = 0;          // the packet's ECN field (PKT)
  bool paused = false;      // PFC: 1 = XOFF (paused), 0 = XON (resumed)
};

struct CpResult {
  CpOp op = CpOp::PKT;
  uint32_t queue = 0;
  uint8_t ecn = 0;          // the new ECN field
  bool marked = false;      // ecn != the event's ecn (written to CE or UE)
  uint8_t tcd_state = 0;    // TcdState
  uint8_t region = 0;       // RedRegion of qlen_bytes
  bool operator==(const CpResult&) const = default;
};

// Per-queue TCD state: one word of the RTL's state RAM (kCpEntryBits bits).
struct CpEntry {
  bool valid = false;        // false = fresh queue (after reset or INIT)
  bool paused = false;       // currently paused by PFC (XOFF seen, no XON yet)
  bool ever_paused = false;  // an XON was seen: off_end_ns is meaningful
  bool trend = false;        // queue-trend state: false = non-congestion, true = congestion
  uint32_t off_end_ns = 0;   // end of the latest PFC OFF period (time of the last XON)
  uint32_t sample_ns = 0;    // time of the last queue sample
  uint32_t sample_q = 0;     // queue length at the last sample
  uint8_t ost = 0;           // TcdOst (TCD_CE_RULE 2)
  uint32_t q_res = 0;        // queue length at the last XON (TCD_CE_RULE 2)
  bool operator==(const CpEntry&) const = default;
};
inline constexpr unsigned kCpEntryBits = 6 + 4 * 32;

// What process() saw, for the testbench's coverage (not an RTL output).
struct CpTrace {
  bool fresh = false;         // the entry was invalid before this event
  bool onoff = false;         // ON-OFF pattern (paused or T_on < MAX_TON)
  bool trend_eval = false;    // PKT: a sampling period elapsed and the trend rule ran
  bool prev_trend = false;    // trend bit before the event
  bool red_mark = false;      // PKT: the RED rule says mark
  bool lfsr_step = false;     // PKT in the middle region: the LFSR stepped
  bool kmin_gt_kmax = false;  // KMIN_BYTES > KMAX_BYTES when the event was processed
  bool wrap = false;          // a stored timestamp is numerically above now (wrapped)
  uint16_t r = 0;             // the LFSR sample used (middle region)
  uint8_t ost_prev = 0;       // TcdOst before the event (TCD_CE_RULE 2)
  uint8_t ost_branch = 0;     // PKT outside ON-OFF, rule 2: 1 UNDET->CONG (q >= q at XON),
                              // 2 UNDET->CHECK, 3 CHECK period over, grown -> CONG,
                              // 4 CHECK period over, not grown, 5 CHECK within the period,
                              // 6 NONCONG/CONG (RED decides); 0 otherwise
  bool ce_suppressed = false; // rule 2: RED said mark but the TCD state withheld CE
  bool drained = false;       // rule 2: CHECK -> NONCONG (q <= TCD_DRAIN_BYTES)
};

using CpRegs = std::array<uint32_t, CP_NUM_REGS>;
CpRegs cp_reset_regs();

class CpAlgo {
 public:
  // Galois LFSR, right shift, polynomial x^32 + x^22 + x^2 + x + 1 (maximal length).
  static constexpr uint32_t kLfsrMask = 0x80200003u;
  static constexpr uint32_t lfsr_next(uint32_t x) {
    return (x >> 1) ^ ((x & 1u) ? kLfsrMask : 0u);
  }
  // The update applied once per middle-region PKT: 16 shifts, so successive samples
  // r = low 16 bits are disjoint windows of the sequence (one shift would make r[n+1]
  // mostly r[n] >> 1 and RED marks come in bursts). Still period 2^32 - 1.
  static constexpr unsigned kLfsrShiftsPerSample = 16;
  static constexpr uint32_t lfsr_advance(uint32_t x) {
    for (unsigned i = 0; i < kLfsrShiftsPerSample; ++i) x = lfsr_next(x);
    return x;
  }

  explicit CpAlgo(uint32_t num_queues);  // num_queues: a power of two
  CpResult process(const CpEvent& ev, CpTrace* trace = nullptr);

  // CSR semantics (clamped writes; a LFSR_SEED write also reloads the LFSR).
  void csr_write(uint8_t addr, uint32_t v);
  uint32_t csr_read(uint8_t addr) const;
  void set(CpReg r, uint32_t v) { csr_write(kCpRegs[r].addr, v); }
  uint32_t get(CpReg r) const { return regs_[r]; }
  const CpRegs& regs() const { return regs_; }

  // Loads every register at once (clamped values); the LFSR is reloaded only if reload_lfsr.
  void load_regs(const CpRegs& r, bool reload_lfsr);
  void reset();  // registers to reset values, LFSR to the seed, all queues fresh
  void clear();  // all queues fresh
  uint32_t lfsr() const { return lfsr_; }
  const CpEntry& entry(uint32_t q) const { return tab_[q & (n_ - 1)]; }
  uint32_t num_queues() const { return n_; }

 private:
  uint32_t n_;
  CpRegs regs_;
  uint32_t lfsr_ = 1;
  std::vector<CpEntry> tab_;
};

// Cycle-accurate model of dcqcn_cp: accept, five pipeline stages (S0..S4), output
// register. Every event's result is exact whatever the queue sequence (the RTL forwards
// the per-queue state), so the model computes it at accept and only delays it. A CSR
// write is registered and lands in the bus registers one edge later (a read in between
// is forwarded); the registers the logic uses are a copy of the bus registers, refreshed
// ("applied") at an edge where S0..S3 hold no event; from the cycle after a write until
// that edge s_evt_ready is low.
class CpModel {
 public:
  static constexpr int kStages = 5;       // S0..S4 between the accept edge and the output register
  static constexpr int kApplyStages = 4;  // S0..S3 use the applied registers (S4 carries its own)
  static constexpr int kLatency = 6;      // accept edge -> m_out_valid, with m_out_ready high
  using In = ModelIn<CpEvent>;
  using Out = ModelOut<CpResult>;
  explicit CpModel(uint32_t num_queues);
  Out outputs(const In& in) const;  // the current cycle's outputs for these inputs
  // One rising edge. If trace is given and an event was computed, it is filled and
  // computed is set.
  void step(const In& in, CpTrace* trace = nullptr, bool* computed = nullptr,
            CpResult* result = nullptr);
  const CpAlgo& algo() const { return algo_; }  // its registers are the applied copy
  bool clearing() const { return clearing_ != 0; }
  bool csr_pending() const { return pend_; }
  bool csr_idle() const { return !pend_ && !wq_valid_; }  // every write landed and applied
  bool stage_valid(int k) const { return st_[k].valid; }
  const CpRegs& bus_regs() const { return bus_; }

 private:
  struct Slot {
    bool valid = false;
    CpResult r;
  };
  CpAlgo algo_;
  uint32_t n_;
  uint32_t clearing_ = 0;
  Slot st_[kStages];
  bool out_valid_ = false;
  CpResult out_;
  uint32_t csr_rdata_ = 0;
  CpRegs bus_;               // the registers as written (read back)
  bool pend_ = false;        // a write not yet applied
  bool wq_valid_ = false;    // the write of the last cycle, landing at the next edge
  uint8_t wq_addr_ = 0;
  uint32_t wq_data_ = 0;
  bool seed_pend_ = false;   // LFSR_SEED written since the last apply
};

}  // namespace dcqcn
