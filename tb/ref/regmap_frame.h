// SPDX-License-Identifier: MIT
// The frame blocks' registers (docs/frames.md): the receive classifier (dcqcn_rx_class,
// 0x1000 of dcqcn_nic_frame_top's AXI4-Lite map), the CNP builder (dcqcn_cnp_build,
// 0x1100), the frame-level top's own read-only window (dcqcn_nic_frame_top, 0x1200) and
// the switch's ECN marker (dcqcn_ecn_mark, counters only). See regmap.h for the bus. Their
// registers are fields, not tuning values: a write keeps the register's legal bits
// (RtlClamp::kMask), nothing is clamped. Every CSR file here: a write lands at the next
// edge; csr_rdata is 0 in a cycle after no read.
#pragma once
#include <array>

namespace dcqcn {

// ------------------------------------------------------------------ dcqcn_rx_class
enum RxReg : unsigned { RX_MAP_FLOW, RX_NUM_REGS };
inline constexpr std::array<RegDef, RX_NUM_REGS> kRxRegs{{
  {"MAP_FLOW", 0x00, 0, 0, 0xFFFF, "the staged flow index of the next MAP_COMMIT (keeps its value)", 16, RtlClamp::kMask},
}};
enum RxCmd : unsigned { RX_MAP_COMMIT, RX_NUM_CMDS };
inline constexpr std::array<CmdDef, RX_NUM_CMDS> kRxCmds{{
  {"MAP_COMMIT", 0x04, "write [23:0] = QPN: the QP table entry at the QPN's index := {valid, the QPN's upper bits, MAP_FLOW}; with [31] set the entry is made invalid"},
}};
// counters: 32 bits, wrapping, cleared by rst (in the order of RxCounter, rx_class_ref.h)
enum RxStatus : unsigned {
  RX_FRAMES, RX_DATA, RX_CNPS, RX_NOT_ROCE, RX_SHORT, RX_BAD_ICRC, RX_UNKNOWN_QPN, RX_NUM_STATUS
};
inline constexpr std::array<StatusDef, RX_NUM_STATUS> kRxStatus{{
  {"FRAMES",      0x10, "frames passed (counted at their last beat)"},
  {"DATA",        0x14, "m_axis_rxdata descriptors"},
  {"CNPS",        0x18, "m_axis_rxcnp descriptors"},
  {"NOT_ROCE",    0x1C, "frames that are not RoCEv2"},
  {"SHORT",       0x20, "frames too short to classify"},
  {"BAD_ICRC",    0x24, "RoCEv2 frames with a wrong ICRC"},
  {"UNKNOWN_QPN", 0x28, "RoCEv2 frames with a right ICRC to a QP not in the table"},
}};
inline constexpr CsrFileDef kRxCsrFile{.write_stage = false, .read_holds = false};

// ------------------------------------------------------------------ dcqcn_cnp_build
enum CnpReg : unsigned {
  CNP_SRC_MAC_LO, CNP_SRC_MAC_HI, CNP_DSCP, CNP_VLAN, CNP_CTX_DMAC_LO, CNP_CTX_DMAC_HI,
  CNP_CTX_SIP, CNP_CTX_DIP, CNP_CTX_DQPN, CNP_CTX_PORT_PKEY, CNP_NUM_REGS
};
inline constexpr std::array<RegDef, CNP_NUM_REGS> kCnpRegs{{
  {"SRC_MAC_LO",    0x00, 0,  0, 0xFFFFFFFFu, "source MAC bytes 2..5 ([31:24] = byte 2)"},
  {"SRC_MAC_HI",    0x04, 0,  0, 0xFFFF,      "source MAC bytes 0..1 ([15:8] = byte 0)", 16, RtlClamp::kMask},
  {"DSCP",          0x08, 48, 0, 0x3F,        "the CNP's DSCP", 6, RtlClamp::kMask},
  {"VLAN",          0x0C, 0,  0, 0x17FFF,     "[11:0] VID, [14:12] PCP, [16] 1 = tagged (DEI, bit 15, is 0)", 17, RtlClamp::kMask},
  {"CTX_DMAC_LO",   0x10, 0,  0, 0xFFFFFFFFu, "staged destination MAC bytes 2..5, as SRC_MAC_LO"},
  {"CTX_DMAC_HI",   0x14, 0,  0, 0xFFFF,      "staged destination MAC bytes 0..1, as SRC_MAC_HI", 16, RtlClamp::kMask},
  {"CTX_SIP",       0x18, 0,  0, 0xFFFFFFFFu, "staged IPv4 source ([31:24] first on the wire)"},
  {"CTX_DIP",       0x1C, 0,  0, 0xFFFFFFFFu, "staged IPv4 destination ([31:24] first on the wire)"},
  {"CTX_DQPN",      0x20, 0,  0, 0xFFFFFF,    "staged destination QP", 24, RtlClamp::kMask},
  {"CTX_PORT_PKEY", 0x24, 0,  0, 0xFFFFFFFFu, "[15:0] staged UDP source port, [31:16] staged P_Key"},
}};
enum CnpCmd : unsigned { CNP_CTX_COMMIT, CNP_NUM_CMDS };
inline constexpr std::array<CmdDef, CNP_NUM_CMDS> kCnpCmds{{
  {"CTX_COMMIT", 0x28, "write [15:0] = flow: the staged context (CTX_*) becomes the flow's, valid; with [31] set the flow's context is made invalid"},
}};
enum CnpStatus : unsigned { CNP_CNPS, CNP_NO_CTX, CNP_NUM_STATUS };
inline constexpr std::array<StatusDef, CNP_NUM_STATUS> kCnpStatus{{
  {"CNPS",   0x30, "frames sent (counted at their last beat), wrapping"},
  {"NO_CTX", 0x34, "requests dropped because their flow has no valid context, wrapping"},
}};
inline constexpr CsrFileDef kCnpCsrFile{.write_stage = false, .read_holds = false};

// ------------------------------------------------------------------ dcqcn_ecn_mark
// counters: 32 bits, wrapping, cleared by rst; read-only (no write port)
enum EcnStatus : unsigned {
  ECN_FRAMES, ECN_MARK_REQ, ECN_MARKED, ECN_NOT_ECT, ECN_ALREADY_CE, ECN_NOT_IP, ECN_NUM_STATUS
};
inline constexpr std::array<StatusDef, ECN_NUM_STATUS> kEcnStatus{{
  {"FRAMES",     0x00, "frames passed (at their tlast)"},
  {"MARK_REQ",   0x04, "decisions with mark 1"},
  {"MARKED",     0x08, "ECT(0)/ECT(1) set to CE"},
  {"NOT_ECT",    0x0C, "mark requested, IPv4/IPv6 with ECN 00: left unchanged"},
  {"ALREADY_CE", 0x10, "mark requested, ECN already 11: left unchanged"},
  {"NOT_IP",     0x14, "mark requested, not IPv4/IPv6, or the frame ends before its ECN byte"},
}};
inline constexpr CsrFileDef kEcnCsrFile{.write_stage = false, .read_holds = false};

// ------------------------------------------------------------------ dcqcn_nic_frame_top
// its own window (0x1200), read-only (no write port)
enum FrameStatus : unsigned { FRAME_ID, FRAME_DATA_WIDTH, FRAME_NUM_QPS, FRAME_NUM_STATUS };
inline constexpr std::array<StatusDef, FRAME_NUM_STATUS> kFrameStatus{{
  {"ID",         0x00, "\"DCQF\"", "", true, 0x44435146},
  {"DATA_WIDTH", 0x04, "the parameter DATA_WIDTH", "DATA_WIDTH"},
  {"NUM_QPS",    0x08, "the parameter NUM_QPS", "NUM_QPS"},
}};
inline constexpr CsrFileDef kFrameCsrFile{.write_stage = false, .read_holds = false};

}  // namespace dcqcn
