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
// tb/regmap_gen also generates each block's CSR register file, rtl/dcqcn_<blk>_csr.sv,
// from these rows (the fields bits, clamp and strobe, and the block's CsrFileDef).
#pragma once
#include <cstdint>
#include <string_view>

namespace dcqcn {

// How the generated RTL builds the clamp of a written value to [min, max]. The stored
// value is clamp_reg() whichever is chosen: only the gates (and so the timing) differ.
enum class RtlClamp : uint8_t {
  kCompare,  // (v < MIN) ? MIN : (v > MAX) ? MAX : v on the write path
  kPow2,     // MAX = 2^k: bit tests above bit k (no carry chain); a MIN > 0 by a compare of
             // the low bits that MIN needs with the bits above them zero
  kMask,     // no clamp: the stored value is v & MAX (MAX = the register's legal bits, MIN 0);
             // bits of v outside MAX are dropped
};

struct RegDef {
  std::string_view name;   // ALL_CAPS, unit suffix
  uint8_t addr;            // byte address within the block's CSR space
  uint32_t reset;          // value after rst
  uint32_t min;            // writes below are clamped up to min
  uint32_t max;            // writes above are clamped down to max
  std::string_view desc;   // one line for the docs
  uint8_t bits = 32;       // RTL: width of the stored value (the CSR file's cfg_<name> port)
  RtlClamp clamp = RtlClamp::kCompare;  // RTL: how the clamp is built
  bool strobe = false;     // RTL: the CSR file has a wr_<name> output (this register is
                           // written: it takes the new value at the next edge)
};

// The shape of a block's generated CSR file (rtl/dcqcn_<blk>_csr.sv).
struct CsrFileDef {
  bool write_stage;  // true: a write is registered first and lands in the stored value one
                     // edge later; a read in that cycle returns the landing value.
                     // false: it lands at the next edge
  bool read_holds;   // true: csr_rdata keeps its value in a cycle without csr_re; false: 0
  bool wr_any = false;        // write_stage: a wr_any output, high while a write (any
                              // address) lands
  bool shared_clamp = false;  // write_stage: the raw value, a one-hot register select and
                              // the bounds are registered; one clamp serves every register
                              // (the rows' RtlClamp is not used)
  bool cfg_bypass = false;    // write_stage: cfg_* show a landing write in its landing cycle
};

// A read-only status register (a counter, a level, a parameter or a constant): reads its
// value, ignores writes. The generated CSR file has an sts_<name>[31:0] input for it, or,
// for a constant, reads <PREFIX>_<NAME>_VALUE from the generated .vh.
struct StatusDef {
  std::string_view name;
  uint8_t addr;
  std::string_view desc;
  std::string_view reset = "0";  // the value after rst, for the docs (a counter: 0)
  bool constant = false;         // true: reads `value` (an ID, a version), no input
  uint32_t value = 0;
};

// A write-only command register: a write pulses the CSR file's wr_<name> output in its
// cycle (the block takes the command's data from csr_wdata then); it stores nothing and
// reads 0. Only in a CSR file without write_stage.
struct CmdDef {
  std::string_view name;
  uint8_t addr;
  std::string_view desc;
};

inline constexpr uint32_t clamp_reg(const RegDef& r, uint32_t v) {
  if (r.clamp == RtlClamp::kMask) return v & r.max;
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
#include "regmap_sched.h"
#include "regmap_top.h"
#include "regmap_frame.h"
