// SPDX-License-Identifier: MIT
// The scheduler's registers (dcqcn_nic_sched, the timer service and paced transmit
// scheduler; docs/nic.md): 0x300 of dcqcn_nic_top's AXI4-Lite map. See regmap.h for the
// bus and clamping.
#pragma once
#include <array>

namespace dcqcn {

enum SchedReg : unsigned { SCHED_CATCHUP_NS, SCHED_NUM_REGS };

inline constexpr std::array<RegDef, SCHED_NUM_REGS> kSchedRegs{{
  {"CATCHUP_NS", 0x08, 16384, 0, 1u << 20, "a GRANT carries the ideal departure time when now - at <= CATCHUP_NS, else now: the credit a late flow may catch up (docs/nic.md, \"Pacing stays exact\")"},
}};

// The CSR file: a write is registered with its clamp compare and lands one edge later (a
// GRANT decided in the landing cycle still uses the old value, cfg_catchup_ns); a read in
// the landing cycle returns the landing value; csr_rdata holds.
inline constexpr CsrFileDef kSchedCsrFile{.write_stage = true, .read_holds = true,
                                          .shared_clamp = true, .cfg_bypass = false};

enum SchedStatus : unsigned {
  SCHED_ID, SCHED_VERSION, SCHED_FIRED, SCHED_GRANTS, SCHED_LATE_MAX_NS, SCHED_WHEEL_HWM,
  SCHED_DROPPED, SCHED_NUM_STATUS
};

inline constexpr std::array<StatusDef, SCHED_NUM_STATUS> kSchedStatus{{
  {"ID",          0x00, "block id of the scheduler", "", true, 0x5C4ED001},
  {"VERSION",     0x04, "2.0: the timing wheel (1.0 was the scan)", "", true, 0x00020000},
  {"FIRED",       0x0C, "timer and DRAIN results sent (wrapping; counts a result one cycle after it is registered)"},
  {"GRANTS",      0x10, "GRANT results sent (wrapping; likewise)"},
  {"LATE_MAX_NS", 0x14, "worst lateness (ns) of a timer or DRAIN result (two cycles after it)"},
  {"WHEEL_HWM",   0x18, "high-water mark of the entries linked in the wheel, timers and departures (two cycles behind)"},
  {"DROPPED",     0x1C, "commands dropped (bad kind or flow out of range), saturating"},
}};

}  // namespace dcqcn
