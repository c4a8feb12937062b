// SPDX-License-Identifier: MIT
// The NIC top's own registers (dcqcn_nic_top, kept by its event arbiter dcqcn_nic_arb;
// docs/nic.md): 0x200 of dcqcn_nic_top's AXI4-Lite map, read-only. See regmap.h.
#pragma once
#include <array>

namespace dcqcn {

// The CSR file: read-only (no write port); csr_rdata holds in a cycle without csr_re.
inline constexpr CsrFileDef kTopCsrFile{.write_stage = false, .read_holds = true};

enum TopStatus : unsigned {
  TOP_ID, TOP_NUM_FLOWS, TOP_VERSION, TOP_DROPPED, TOP_TXOP_IN, TOP_TXDONE_IN, TOP_HOST_IN,
  TOP_RXCNP_IN, TOP_RXDATA_IN, TOP_CNPREQ_OUT, TOP_GRANTS_OUT, TOP_RP_INFLIGHT_HWM,
  TOP_NP_INFLIGHT_HWM, TOP_TIMERQ_HWM, TOP_NUM_STATUS
};

inline constexpr std::array<StatusDef, TOP_NUM_STATUS> kTopStatus{{
  {"ID",              0x00, "\"DCQ1\"", "", true, 0x44435131},
  {"NUM_FLOWS",       0x04, "the parameter NUM_FLOWS", "NUM_FLOWS"},
  {"VERSION",         0x08, "2.0: RP + NP + scheduler + arbiter", "", true, 0x00020000},
  {"DROPPED",         0x0C, "host descriptors dropped (op 2 or 3), saturating"},
  {"TXOP_IN",         0x10, "transmit opportunities taken (wrapping)"},
  {"TXDONE_IN",       0x14, "completions taken (wrapping)"},
  {"HOST_IN",         0x18, "host DATA / INIT descriptors taken, not counting dropped ones (wrapping)"},
  {"RXCNP_IN",        0x1C, "received CNP descriptors taken (wrapping)"},
  {"RXDATA_IN",       0x20, "received data descriptors taken (wrapping)"},
  {"CNPREQ_OUT",      0x24, "CNP requests sent (wrapping)"},
  {"GRANTS_OUT",      0x28, "txsel descriptors with grant (wrapping)"},
  {"RP_INFLIGHT_HWM", 0x2C, "most RP events in flight at once (of 8 credits)"},
  {"NP_INFLIGHT_HWM", 0x30, "most NP events in flight at once (of 4 credits)"},
  {"TIMERQ_HWM",      0x34, "most scheduler timer results waiting for the RP at once (of 4)"},
}};

}  // namespace dcqcn
