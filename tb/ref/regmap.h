// SPDX-License-Identifier: MIT
// The register map of every block: the one table that the RTL, the reference models,
// the profiles and the docs all use. rtl/*_regmap.vh is generated from it by
// tb/regmap_gen (a CTest checks the committed copy is up to date) and the CSR tests
// write every register of the Verilated RTL and compare with these rows.
//
// CSR bus (all blocks): csr_we/csr_re, csr_addr[7:0] (byte address, 32-bit aligned),
// csr_wdata[31:0]; csr_rdata is valid the cycle after csr_re. A write takes effect on
// the next clock edge. A written value outside [min, max] is clamped to the nearest
// bound (read back shows the stored value); this is how illegal values are handled.
#pragma once
#include <cstdint>
#include <string_view>

namespace dcqcn {

struct RegDef {
  std::string_view name;   // ALL_CAPS, unit suffix
  uint8_t addr;            // byte address within the block's CSR space
  uint32_t reset;          // value after rst
  uint32_t min;            // writes below are clamped up to min
  uint32_t max;            // writes above are clamped down to max
  std::string_view desc;   // one line for the docs
};

// A read-only status register (a counter or a level): reads its value, ignores writes.
struct StatusDef {
  std::string_view name;
  uint8_t addr;
  std::string_view desc;
};

inline constexpr uint32_t clamp_reg(const RegDef& r, uint32_t v) {
  return v < r.min ? r.min : (v > r.max ? r.max : v);
}

// Ports of a cycle-accurate block model (RpModel, CpModel), as the RTL has them: reset,
// the event handshake, the result handshake and the CSR bus.
template <class Event>
struct ModelIn {
  bool rst = false;
  bool evt_valid = false;
  Event evt;
  bool out_ready = true;
  bool csr_we = false, csr_re = false;
  uint8_t csr_addr = 0;
  uint32_t csr_wdata = 0;
};
template <class Result>
struct ModelOut {
  bool evt_ready = false;
  bool out_valid = false;
  Result out;
  uint32_t csr_rdata = 0;
};

}  // namespace dcqcn

#include "regmap_rp.h"
#include "regmap_np.h"
#include "regmap_cp.h"
