// SPDX-License-Identifier: MIT
// CP registers. See regmap.h for the bus and clamping.
#pragma once
#include <array>

namespace dcqcn {

enum CPReg : unsigned { CP_NUM_REGS };
inline constexpr std::array<RegDef, CP_NUM_REGS> kCpRegs{{}};

}  // namespace dcqcn
