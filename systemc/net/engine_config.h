// SPDX-License-Identifier: MIT
// Engine configuration: the one translation from a scenario to the register writes of
// its DCQCN blocks. Everyone who needs register values takes them from here: the network
// writes them into its engines (network.cpp), the loader checks the scenario's own writes
// against each other (scenario_validate.cpp), `dcqcn-sim fluid` turns them into the fluid
// model's parameters and `dcqcn-sim thresholds` reads the CP's Kmin.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "profiles.h"  // dcqcn::Block
#include "scenario.h"

namespace dcqcn::net {

// Where a write comes from.
enum class WriteSource {
  PROFILE,    // the parameter profile (key `profile`)
  DERIVED,    // a register the simulator derives from other keys (RP line rate, MTU, MODE, LFSR seed)
  REGISTERS,  // the scenario's `registers` section
  ECN_KEY,    // switch.ecn.kmin_bytes, kmax_bytes, pmax
};

struct ConfigWrite {
  Block block;
  std::string reg;     // the register table's name: KMIN_BYTES
  uint8_t addr;        // its CSR address
  uint64_t value;      // as the scenario gives it; the CSR bus takes the low 32 bits
  WriteSource source;
  std::string key;     // the scenario key that gives it: "profile", "registers.CP_KMIN_BYTES",
                       // "switch.ecn.kmin_bytes", "mtu_bytes", ...
};

// The block instance the writes go to: two derived registers differ per instance.
struct BlockSite {
  double line_rate_gbps = 0;  // a NIC: the rate of its link (RP LINE_RATE_KBPS)
  uint16_t node_id = 0;       // a switch: its node index (CP LFSR_SEED)
};

// Every register write the scenario makes to a block of kind `b` at `site`, in the
// order they are applied. RP and NP: the profile, the derived registers, `registers`.
// CP: the profile, `registers`, the switch.ecn keys, the derived registers. The profile
// is scaled by profile_flows, else by the number of flows. The loader rejects a
// `registers` entry that names a derived register or one a switch.ecn key also writes,
// so only the profile's writes are ever overridden.
std::vector<ConfigWrite> register_writes(const Scenario& s, Block b, const BlockSite& site = {});

// For a register the simulator derives ("RP_LINE_RATE_KBPS"; a scenario's `registers` may
// not name it): the scenario keys it comes from, as the loader tells the user; else nullptr.
const char* derived_register_source(const std::string& full_name);

// The value register `reg` of block `b` holds after `writes` (the last write to it, else
// its reset value).
uint64_t final_value(const std::vector<ConfigWrite>& writes, Block b, std::string_view reg);

}  // namespace dcqcn::net
