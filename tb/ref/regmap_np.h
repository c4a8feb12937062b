// SPDX-License-Identifier: MIT
// NP registers. See regmap.h for the bus and clamping.
#pragma once
#include <array>

namespace dcqcn {

enum NPReg : unsigned { NP_NUM_REGS };
inline constexpr std::array<RegDef, NP_NUM_REGS> kNpRegs{{}};

}  // namespace dcqcn
