// SPDX-License-Identifier: MIT
// Parameter profiles (docs/profiles.md): the one table that C++ and RTL tests load, by
// writing registers through each block's CSR bus.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dcqcn {

enum class Block : uint8_t { RP, NP, CP };

struct RegWrite {
  Block block;
  std::string_view name;  // register name in tb/ref/regmap_<blk>.h
  uint32_t value;
  uint8_t addr;           // resolved from the name
};

// Names of the shipped profiles: paper, connectx, strawman, dcqcn_plus, dcqcn_plus_static.
const std::vector<std::string>& profile_names();

// The register writes of a profile. `flows` is the number of flows n that scales the
// dcqcn_plus_static profile (ignored by the others). Throws std::invalid_argument with
// the list of valid names for an unknown profile.
std::vector<RegWrite> profile_writes(const std::string& name, unsigned flows = 1);

// Address of a register by name; throws std::invalid_argument naming the block.
uint8_t reg_addr(Block b, std::string_view name);

}  // namespace dcqcn
