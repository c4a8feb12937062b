// SPDX-License-Identifier: MIT
// CP (congestion point, switch egress ECN marker) registers. See regmap.h for the bus
// and clamping. Queue lengths in bytes, times in ns, probabilities in Q16.
#pragma once
#include <array>

namespace dcqcn {

enum CpReg : unsigned {
  CP_MODE, CP_KMIN_BYTES, CP_KMAX_BYTES, CP_PMAX_Q16, CP_LFSR_SEED, CP_MAX_TON_NS,
  CP_SAMPLE_NS, CP_HIGH_BYTES, CP_LOW_BYTES, CP_TCD_CE_RULE, CP_TCD_GROW_BYTES,
  CP_TCD_DRAIN_BYTES, CP_NUM_REGS
};

inline constexpr std::array<RegDef, CP_NUM_REGS> kCpRegs{{
  {"MODE",        0x00, 0,      0, 1,           "0 = RED/ECN marking (DCQCN CP), 1 = TCD ternary marking (UE/CE code points)", 1},
  {"KMIN_BYTES",  0x04, 5000,   0, 0xFFFFFFFFu, "RED Kmin: no marking for q <= Kmin"},
  {"KMAX_BYTES",  0x08, 200000, 0, 0xFFFFFFFFu, "RED Kmax: p = 1 for q > Kmax (Kmax < Kmin acts as Kmax = Kmin)"},
  {"PMAX_Q16",    0x0C, 655,    0, 65536,       "RED Pmax in Q16 (655 = 1%, 65536 = 1.0)", 17},
  {"LFSR_SEED",   0x10, 1,      1, 0xFFFFFFFFu, "write reloads the marking LFSR with this value (0 is clamped to 1)", 32, RtlClamp::kCompare, true},
  {"MAX_TON_NS",  0x14, 97000,  0, 1u << 30,    "TCD max(T_on): ON-OFF pattern while now - end of last PFC OFF < this (0 = only while paused)"},
  {"SAMPLE_NS",   0x18, 10000,  1, 1u << 30,    "TCD queue-trend sampling period T"},
  {"HIGH_BYTES",  0x1C, 20000,  0, 0xFFFFFFFFu, "TCD congestion: queue grew over a period and q > HIGH"},
  {"LOW_BYTES",   0x20, 5000,   0, 0xFFFFFFFFu, "TCD non-congestion: q <= LOW (the congestion test is applied first)"},
  {"TCD_CE_RULE", 0x24, 2,      0, 2,           "TCD outside ON-OFF: 0 = queue-trend rule gives CE, 1 = RED rule gives CE, 2 = the TCD authors' rule (RED gated by the TCD state, CE suppressed while the queue drains after an undetermined period)", 2},
  {"TCD_GROW_BYTES",  0x28, 900,  0, 0xFFFFFFFFu, "TCD_CE_RULE 2: after an undetermined period the queue counts as growing (congestion) when it rose by at least this over one MAX_TON_NS period (authors: 0.9 MTU)"},
  {"TCD_DRAIN_BYTES", 0x2C, 2060, 0, 0xFFFFFFFFu, "TCD_CE_RULE 2: a queue draining after an undetermined period is non-congested once q <= this (authors: 2 packets of 1030 B)"},
}};

// The CSR file: a write is registered, then lands one edge later (wr_any marks that cycle;
// the CP then waits for its pipeline to empty and applies the registers); csr_rdata holds.
inline constexpr CsrFileDef kCpCsrFile{.write_stage = true, .read_holds = true, .wr_any = true};

}  // namespace dcqcn
