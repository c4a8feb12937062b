// SPDX-License-Identifier: MIT
#include "profiles.h"

#include <stdexcept>

#include "regmap.h"

namespace dcqcn {

namespace {

template <typename Table>
int find(const Table& t, std::string_view name) {
  for (size_t i = 0; i < t.size(); ++i)
    if (t[i].name == name) return static_cast<int>(i);
  return -1;
}

const char* block_name(Block b) { return b == Block::RP ? "RP" : b == Block::NP ? "NP" : "CP"; }

// Profile `paper` (SIGCOMM'15 Fig. 14 and section 3; docs/profiles.md).
std::vector<RegWrite> paper() {
  return {
      {Block::RP, "ALGO", 0, 0},
      {Block::RP, "MIN_RATE_KBPS", 100000, 0},     // 100 Mb/s (paper silent; our choice)
      {Block::RP, "G_Q16", 256, 0},                // g = 1/256
      {Block::RP, "ALPHA_INIT_Q16", 65536, 0},     // alpha = 1
      {Block::RP, "ALPHA_PERIOD_NS", 55000, 0},    // K = 55 us
      {Block::RP, "TIMER_PERIOD_NS", 55000, 0},    // T = 55 us
      {Block::RP, "BYTE_COUNTER_BYTES", 10000000, 0},  // B = 10 MB
      {Block::RP, "F_STEPS", 5, 0},
      {Block::RP, "AI_RATE_KBPS", 40000, 0},       // 40 Mb/s
      {Block::RP, "HAI_RATE_KBPS", 100000, 0},     // 100 Mb/s
      {Block::RP, "CUT_SHIFT", 1, 0},              // Rc * alpha / 2
      {Block::RP, "MAX_CUT_Q16", 65536, 0},
      {Block::RP, "RRMP_NS", 0, 0},                // one cut per CNP
      {Block::RP, "FIRST_CNP_RATE_KBPS", 0, 0},
      {Block::RP, "CLAMP_TGT", 1, 0},
      {Block::RP, "CLAMP_TGT_AFTER_TI", 0, 0},
      {Block::RP, "CUT_DEFER", 0, 0},              // a CNP inside RRMP is discarded (no RRMP here)
      {Block::RP, "ALPHA_FIRST", 0, 0},            // cut with alpha, then raise it (paper Fig. 14)
      {Block::RP, "HAI_FIXED", 0, 0},              // hyper step i x R_HAI (paper, QCN)
      {Block::NP, "CNP_INTERVAL_NS", 50000, 0},    // N = 50 us
      {Block::NP, "PLUS_ENABLE", 0, 0},
      {Block::NP, "CNP_BUDGET_NS", 0, 0},          // no NIC-wide CNP budget (paper silent)
      {Block::CP, "KMIN_BYTES", 5000, 0},          // 5 KB
      {Block::CP, "KMAX_BYTES", 200000, 0},        // 200 KB
      {Block::CP, "PMAX_Q16", 655, 0},             // 1 %
  };
}

// Profile `connectx` (mlx5 firmware defaults; docs/profiles.md).
std::vector<RegWrite> connectx() {
  auto w = paper();
  auto set = [&](Block b, std::string_view n, uint32_t v) {
    for (auto& x : w)
      if (x.block == b && x.name == n) { x.value = v; return; }
    w.push_back({b, n, v, 0});
  };
  set(Block::RP, "MIN_RATE_KBPS", 1000);            // rpg_min_rate 1 Mb/s
  set(Block::RP, "G_Q16", 320);                     // dce_tcp_g 1019: g = 5/1024
  set(Block::RP, "ALPHA_INIT_Q16", 65472);          // initial_alpha_value 1023 (Q10)
  set(Block::RP, "ALPHA_PERIOD_NS", 1000);          // dce_tcp_rtt 1 us
  set(Block::RP, "TIMER_PERIOD_NS", 300000);        // rpg_time_reset 300 us
  set(Block::RP, "BYTE_COUNTER_BYTES", 32767 * 64); // rpg_byte_reset 32767 x 64 B
  set(Block::RP, "F_STEPS", 1);                     // rpg_threshold 1
  set(Block::RP, "AI_RATE_KBPS", 5000);             // rpg_ai_rate 5 Mb/s
  set(Block::RP, "HAI_RATE_KBPS", 50000);           // rpg_hai_rate 50 Mb/s
  set(Block::RP, "CUT_SHIFT", 1);                   // rpg_gd 11 on a Q10 alpha = alpha/2
  set(Block::RP, "MAX_CUT_Q16", 32768);             // rpg_min_dec_fac 50 %
  set(Block::RP, "RRMP_NS", 4000);                  // rate_reduce_monitor_period 4 us
  set(Block::RP, "CUT_DEFER", 1);                   // a CNP inside it cuts at its end (rp.md;
                                                    // HPCC's Mellanox model, CheckRateDecreaseMlx)
  set(Block::RP, "FIRST_CNP_RATE_KBPS", 0);         // rate_to_set_on_first_cnp 0
  set(Block::RP, "CLAMP_TGT", 0);                   // clamp_tgt_rate 0
  set(Block::RP, "CLAMP_TGT_AFTER_TI", 1);          // clamp_tgt_rate_after_time_inc 1
  set(Block::NP, "CNP_INTERVAL_NS", 4000);          // min_time_between_cnps 4 us
  // NIC-wide CNP generation rate: ConnectX-4 about one CNP per us (DCQCN paper section 8
  // on ConnectX-3 Pro's 1-5 us per CNP; DCQCN+ thesis section 6.1 measured ConnectX-4)
  set(Block::NP, "CNP_BUDGET_NS", 1000);
  return w;
}

// Profile `strawman`: QCN/DCTCP recommendations (paper section 5), shown not to converge.
std::vector<RegWrite> strawman() {
  auto w = paper();
  for (auto& x : w) {
    if (x.name == "BYTE_COUNTER_BYTES") x.value = 150000;
    if (x.name == "TIMER_PERIOD_NS") x.value = 1500000;
    if (x.name == "G_Q16") x.value = 4096;            // 1/16
    if (x.name == "KMIN_BYTES" || x.name == "KMAX_BYTES") x.value = 40000;
    if (x.name == "PMAX_Q16") x.value = 65536;
  }
  return w;
}

std::vector<RegWrite> dcqcn_plus() {
  auto w = paper();
  for (auto& x : w) {
    if (x.block == Block::RP && x.name == "ALGO") x.value = 1;
    if (x.block == Block::NP && x.name == "PLUS_ENABLE") x.value = 1;
  }
  w.push_back({Block::RP, "LAMBDA_Q8", 256, 0});
  w.push_back({Block::RP, "RL_KBPS", 0, 0});
  return w;
}

// The thesis's static ConnectX approximation, scaled by the flow count n.
std::vector<RegWrite> dcqcn_plus_static(unsigned n) {
  if (n == 0) n = 1;
  auto w = connectx();
  for (auto& x : w) {
    if (x.name == "RRMP_NS") x.value = 40000;                 // 4 -> 40 us
    if (x.name == "TIMER_PERIOD_NS") x.value = 3100 * n;      // 300 us -> 3.1 n us
    if (x.name == "AI_RATE_KBPS") x.value = 256000 / n;       // 5 Mb/s -> 256/n Mb/s
  }
  return w;
}

}  // namespace

const std::vector<std::string>& profile_names() {
  static const std::vector<std::string> names{"paper", "connectx", "strawman", "dcqcn_plus",
                                              "dcqcn_plus_static"};
  return names;
}

uint8_t reg_addr(Block b, std::string_view name) {
  int i = -1;
  switch (b) {
    case Block::RP: i = find(kRpRegs, name); if (i >= 0) return kRpRegs[i].addr; break;
    case Block::NP: i = find(kNpRegs, name); if (i >= 0) return kNpRegs[i].addr; break;
    case Block::CP: i = find(kCpRegs, name); if (i >= 0) return kCpRegs[i].addr; break;
  }
  throw std::invalid_argument(std::string("no register '") + std::string(name) + "' in block " +
                              block_name(b) + " (see tb/ref/regmap_*.h)");
}

std::vector<RegWrite> profile_writes(const std::string& name, unsigned flows) {
  std::vector<RegWrite> w;
  if (name == "paper") w = paper();
  else if (name == "connectx") w = connectx();
  else if (name == "strawman") w = strawman();
  else if (name == "dcqcn_plus") w = dcqcn_plus();
  else if (name == "dcqcn_plus_static") w = dcqcn_plus_static(flows);
  else {
    std::string list;
    for (const auto& n : profile_names()) list += (list.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown profile '" + name + "': expected one of " + list);
  }
  for (auto& x : w) x.addr = reg_addr(x.block, x.name);
  return w;
}

}  // namespace dcqcn
