// SPDX-License-Identifier: MIT
// NP (notification point, CNP generator) registers. See regmap.h for the bus and
// clamping. Times in ns. docs/np.md explains how they combine.
#pragma once
#include <array>

namespace dcqcn {

enum NpReg : unsigned {
  NP_CNP_INTERVAL_NS, NP_MODE, NP_PLUS_ENABLE, NP_CNP_GEN_TIME_NS, NP_EPOCH_NS,
  NP_CNP_BUDGET_NS, NP_NUM_REGS
};

inline constexpr std::array<RegDef, NP_NUM_REGS> kNpRegs{{
  {"CNP_INTERVAL_NS", 0x00, 50000,  0,   1u << 30, "hold-off N: at most one CNP per N ns per flow (0 = a CNP for every marked packet)", 32, RtlClamp::kPow2},
  {"MODE",            0x04, 0,      0,   1,        "0 = DCQCN (only ECN 11 is a mark), 1 = TCD (ECN 11 = CE and ECN 10 = UE are marks)", 1, RtlClamp::kPow2},
  {"PLUS_ENABLE",     0x08, 0,      0,   1,        "1 = DCQCN+: hold-off tau = max(N, active flows of the last epoch * CNP_GEN_TIME)", 1, RtlClamp::kPow2},
  {"CNP_GEN_TIME_NS", 0x0C, 1000,   0,   1u << 20, "DCQCN+: NIC time per generated CNP (thesis: about 1 us on ConnectX-4)", 21, RtlClamp::kPow2},
  {"EPOCH_NS",        0x10, 100000, 100, 1u << 30, "DCQCN+: epoch over which the flows sent a CNP are counted", 32, RtlClamp::kPow2},
  {"CNP_BUDGET_NS",   0x14, 0,      0,   1u << 20, "NIC-wide CNP budget: at least this many ns between any two CNPs of the block; CNPs wait in the budget queue (0 = unlimited)", 21, RtlClamp::kPow2},
}};

// The CSR file: a write lands at the next edge; csr_rdata is 0 in a cycle after no read.
inline constexpr CsrFileDef kNpCsrFile{.write_stage = false, .read_holds = false};

// Read-only status registers (writes ignored; not in the profiles or scenario overrides).
enum NpStatus : unsigned { NP_CNPQ_OVERFLOWS, NP_CNPQ_HWM, NP_CNPQ_LEVEL, NP_NUM_STATUS };

inline constexpr std::array<StatusDef, NP_NUM_STATUS> kNpStatus{{
  {"CNPQ_OVERFLOWS", 0x40, "CNPs dropped because the budget queue was full (saturates at 2^32 - 1)"},
  {"CNPQ_HWM",       0x44, "budget queue high-water mark: the most CNPs waiting at once since reset"},
  {"CNPQ_LEVEL",     0x48, "CNPs waiting in the budget queue now"},
}};

}  // namespace dcqcn
