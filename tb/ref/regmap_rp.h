// SPDX-License-Identifier: MIT
// RP (reaction point, rate limiter) registers. See regmap.h for the bus and clamping.
// Rates are in kb/s (32 bits: up to 4.29 Tb/s), times in ns, fractions in Q16.
#pragma once
#include <array>

namespace dcqcn {

enum RpReg : unsigned {
  RP_ALGO, RP_LINE_RATE_KBPS, RP_MIN_RATE_KBPS, RP_G_Q16, RP_ALPHA_INIT_Q16,
  RP_ALPHA_PERIOD_NS, RP_TIMER_PERIOD_NS, RP_BYTE_COUNTER_BYTES, RP_F_STEPS,
  RP_AI_RATE_KBPS, RP_HAI_RATE_KBPS, RP_CUT_SHIFT, RP_MAX_CUT_Q16, RP_RRMP_NS,
  RP_FIRST_CNP_RATE_KBPS, RP_CLAMP_TGT, RP_CLAMP_TGT_AFTER_TI, RP_MTU_BYTES,
  RP_LAMBDA_Q8, RP_RL_KBPS, RP_CUT_DEFER, RP_ALPHA_FIRST, RP_HAI_FIXED, RP_NUM_REGS
};

inline constexpr std::array<RegDef, RP_NUM_REGS> kRpRegs{{
  {"ALGO",               0x00, 0,          0,      1,          "0 = DCQCN (SIGCOMM'15), 1 = DCQCN+ (no byte counter, adaptive increase period)"},
  {"LINE_RATE_KBPS",     0x04, 40000000,   1000,   4000000000u,"line rate: Rc and Rt never exceed it; a new flow starts at it"},
  {"MIN_RATE_KBPS",      0x08, 100000,     1000,   4000000000u,"minimum rate: Rc never falls below min(MIN_RATE, LINE_RATE)"},
  {"G_Q16",              0x0C, 256,        1,      65536,      "alpha gain g in Q16 (256 = 1/256)"},
  {"ALPHA_INIT_Q16",     0x10, 65536,      0,      65536,      "alpha of a new flow in Q16 (65536 = 1.0)"},
  {"ALPHA_PERIOD_NS",    0x14, 55000,      100,    1u << 30,   "alpha timer K: alpha *= (1-g) every K ns without a CNP"},
  {"TIMER_PERIOD_NS",    0x18, 55000,      100,    1u << 30,   "rate-increase timer T (DCQCN)"},
  {"BYTE_COUNTER_BYTES", 0x1C, 10000000,   65536,  1u << 31,   "byte counter B: one increase event every B bytes sent (DCQCN)"},
  {"F_STEPS",            0x20, 5,          1,      63,         "fast-recovery steps F"},
  {"AI_RATE_KBPS",       0x24, 40000,      0,      100000000,  "additive increase step R_AI"},
  {"HAI_RATE_KBPS",      0x28, 100000,     0,      100000000,  "hyper increase step R_HAI"},
  {"CUT_SHIFT",          0x2C, 1,          0,      15,         "cut = Rc * alpha >> CUT_SHIFT (1 = alpha/2; ConnectX rpg_gd 11 with Q10 alpha)"},
  {"MAX_CUT_Q16",        0x30, 65536,      0,      65536,      "cut <= Rc * MAX_CUT_Q16 / 65536 (ConnectX 100 - rpg_min_dec_fac)"},
  {"RRMP_NS",            0x34, 0,          0,      1u << 30,   "rate-reduce monitor period: at most one cut per period (0 = every CNP cuts)"},
  {"FIRST_CNP_RATE_KBPS",0x38, 0,          0,      4000000000u,"Rc set on a flow's first CNP (0 = disabled: cut as usual)"},
  {"CLAMP_TGT",          0x3C, 1,          0,      1,          "1: Rt = Rc on every cut"},
  {"CLAMP_TGT_AFTER_TI", 0x40, 0,          0,      1,          "1: Rt = Rc on a cut if a timer increase happened since the last CNP"},
  {"MTU_BYTES",          0x44, 1500,       64,     9216,       "MTU for the DCQCN+ period lambda * max(tau, MTU / Rc)"},
  {"LAMBDA_Q8",          0x48, 256,        1,      65535,      "DCQCN+ lambda in Q8 (256 = 1.0)"},
  {"RL_KBPS",            0x4C, 0,          0,      4000000000u,"DCQCN+ increase bound Rl (0 = line rate)"},
  {"CUT_DEFER",          0x50, 0,          0,      1,          "a CE CNP inside RRMP_NS: 0 = discarded (paper), 1 = remembered, one cut at the period's end (ConnectX, HPCC's Mellanox model)"},
  {"ALPHA_FIRST",        0x54, 0,          0,      1,          "0 = cut with alpha, then raise it (paper); 1 = raise alpha, cut with the new value (ns3-rdma)"},
  {"HAI_FIXED",          0x58, 0,          0,      1,          "hyper-increase step: 0 = i * R_HAI (paper, QCN); 1 = R_HAI (HPCC's Mellanox model)"},
}};

// The CSR file (the shadow set of dcqcn_rp): a write is registered with its register
// select and bounds and clamped by one shared compare as it lands, one edge later; cfg_*
// show the stored value (not the landing one: the RP applies no set in a landing cycle);
// csr_rdata holds. The RP applies cfg_* to its active set itself when no event is in
// flight and no write is landing.
inline constexpr CsrFileDef kRpCsrFile{.write_stage = true, .read_holds = true,
                                       .shared_clamp = true, .cfg_bypass = false};

}  // namespace dcqcn
