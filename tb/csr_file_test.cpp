// SPDX-License-Identifier: MIT
// Standalone test of a generated CSR register file, rtl/dcqcn_<blk>_csr.sv (tb/regmap_gen),
// against a model written from the same table (tb/ref/regmap_<blk>.h: reset, clamp_reg,
// CsrFileDef). Compiled once per window (CSR_BLK_RP / _NP / _CP / _NIC_SCHED / _NIC_TOP /
// _RX_CLASS / _CNP_BUILD / _ECN_MARK / _NIC_FRAME_TOP). Every cycle a random bus operation
// (write, read, both, idle; mapped and unmapped addresses; values at and around the bounds,
// 0, all ones, random) and random status inputs; after each edge csr_rdata and every cfg_*
// output must match, and every command strobe wr_<cmd> must be high exactly in a cycle
// that writes its address. A read-only window has no write port: its writes are dropped.
//   csr_file_test_<blk> [--seed N] [--cycles N]
#include VHEADER
#include <verilated.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "harness.h"
#include "regmap.h"

using namespace dcqcn;

namespace {

#if defined(CSR_BLK_RP)
constexpr auto& kRegs = kRpRegs;
constexpr CsrFileDef kShape = kRpCsrFile;
constexpr std::array<StatusDef, 0> kStatus{};
#elif defined(CSR_BLK_NP)
constexpr auto& kRegs = kNpRegs;
constexpr CsrFileDef kShape = kNpCsrFile;
constexpr auto& kStatus = kNpStatus;
#elif defined(CSR_BLK_CP)
constexpr auto& kRegs = kCpRegs;
constexpr CsrFileDef kShape = kCpCsrFile;
constexpr std::array<StatusDef, 0> kStatus{};
#elif defined(CSR_BLK_NIC_SCHED)
constexpr auto& kRegs = kSchedRegs;
constexpr CsrFileDef kShape = kSchedCsrFile;
constexpr auto& kStatus = kSchedStatus;
#elif defined(CSR_BLK_NIC_TOP)
constexpr std::array<RegDef, 0> kRegs{};
#define NO_WRITE_PORT 1
constexpr CsrFileDef kShape = kTopCsrFile;
constexpr auto& kStatus = kTopStatus;
#elif defined(CSR_BLK_RX_CLASS)
constexpr auto& kRegs = kRxRegs;
constexpr CsrFileDef kShape = kRxCsrFile;
constexpr auto& kStatus = kRxStatus;
constexpr auto& kCmds = kRxCmds;
#define HAS_CMDS 1
#elif defined(CSR_BLK_CNP_BUILD)
constexpr auto& kRegs = kCnpRegs;
constexpr CsrFileDef kShape = kCnpCsrFile;
constexpr auto& kStatus = kCnpStatus;
constexpr auto& kCmds = kCnpCmds;
#define HAS_CMDS 1
#elif defined(CSR_BLK_ECN_MARK)
constexpr std::array<RegDef, 0> kRegs{};
#define NO_WRITE_PORT 1
constexpr CsrFileDef kShape = kEcnCsrFile;
constexpr auto& kStatus = kEcnStatus;
#elif defined(CSR_BLK_NIC_FRAME_TOP)
constexpr std::array<RegDef, 0> kRegs{};
#define NO_WRITE_PORT 1
constexpr CsrFileDef kShape = kFrameCsrFile;
constexpr auto& kStatus = kFrameStatus;
#else
#error "define CSR_BLK_<window> (RP, NP, CP, NIC_SCHED, NIC_TOP, RX_CLASS, CNP_BUILD, ECN_MARK, NIC_FRAME_TOP)"
#endif
#ifndef HAS_CMDS
constexpr std::array<CmdDef, 0> kCmds{};
#endif

uint64_t rng_state = 1;
uint32_t rnd() {  // xorshift64*
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return static_cast<uint32_t>((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

std::optional<size_t> reg_at(uint8_t addr) {
  for (size_t i = 0; i < kRegs.size(); ++i)
    if (kRegs[i].addr == addr) return i;
  return std::nullopt;
}

// The model: the stored values, the registered write (write_stage) and csr_rdata.
struct Model {
  std::array<uint32_t, kRegs.size()> val{};
  bool wq_valid = false;
  size_t wq_reg = 0;
  bool wq_hit = false;
  uint32_t wq_val = 0;
  uint32_t rdata = 0;

  uint32_t cfg(size_t i) const {  // what cfg_* shows
    return (kShape.write_stage && kShape.cfg_bypass && wq_hit && wq_reg == i) ? wq_val : val[i];
  }
  void reset() {
    for (size_t i = 0; i < kRegs.size(); ++i) val[i] = kRegs[i].reset;
    wq_valid = wq_hit = false;
    rdata = 0;
  }
  // One clock edge with these bus inputs and status values.
  void edge(bool we, bool re, uint8_t addr, uint32_t wdata, const uint32_t* sts) {
    uint32_t rd = kShape.read_holds ? rdata : 0;
    if (re) {
      rd = 0;
      if (auto i = reg_at(addr)) {
        rd = val[*i];
        if (kShape.write_stage && wq_hit && wq_reg == *i) rd = wq_val;
      }
      for (size_t s = 0; s < kStatus.size(); ++s)
        if (kStatus[s].addr == addr) rd = kStatus[s].constant ? kStatus[s].value : sts[s];
    }
    rdata = rd;
    if (kShape.write_stage) {
      if (wq_hit) val[wq_reg] = wq_val;
      wq_valid = we;
      wq_hit = false;
      if (we) {
        if (auto i = reg_at(addr)) { wq_hit = true; wq_reg = *i; wq_val = clamp_reg(kRegs[*i], wdata); }
      }
    } else if (we) {
      if (auto i = reg_at(addr)) val[*i] = clamp_reg(kRegs[*i], wdata);
    }
  }
};

// cfg_* of the DUT in table order
std::array<uint32_t, kRegs.size()> cfg_values([[maybe_unused]] const VMODEL& d) {
#if defined(CSR_BLK_RP)
  return {uint32_t(d.cfg_algo), uint32_t(d.cfg_line_rate_kbps), uint32_t(d.cfg_min_rate_kbps),
          uint32_t(d.cfg_g_q16), uint32_t(d.cfg_alpha_init_q16), uint32_t(d.cfg_alpha_period_ns),
          uint32_t(d.cfg_timer_period_ns), uint32_t(d.cfg_byte_counter_bytes),
          uint32_t(d.cfg_f_steps), uint32_t(d.cfg_ai_rate_kbps), uint32_t(d.cfg_hai_rate_kbps),
          uint32_t(d.cfg_cut_shift), uint32_t(d.cfg_max_cut_q16), uint32_t(d.cfg_rrmp_ns),
          uint32_t(d.cfg_first_cnp_rate_kbps), uint32_t(d.cfg_clamp_tgt),
          uint32_t(d.cfg_clamp_tgt_after_ti), uint32_t(d.cfg_mtu_bytes),
          uint32_t(d.cfg_lambda_q8), uint32_t(d.cfg_rl_kbps), uint32_t(d.cfg_cut_defer),
          uint32_t(d.cfg_alpha_first), uint32_t(d.cfg_hai_fixed)};
#elif defined(CSR_BLK_NP)
  return {uint32_t(d.cfg_cnp_interval_ns), uint32_t(d.cfg_mode), uint32_t(d.cfg_plus_enable),
          uint32_t(d.cfg_cnp_gen_time_ns), uint32_t(d.cfg_epoch_ns),
          uint32_t(d.cfg_cnp_budget_ns)};
#elif defined(CSR_BLK_CP)
  return {uint32_t(d.cfg_mode), uint32_t(d.cfg_kmin_bytes), uint32_t(d.cfg_kmax_bytes),
          uint32_t(d.cfg_pmax_q16), uint32_t(d.cfg_lfsr_seed), uint32_t(d.cfg_max_ton_ns),
          uint32_t(d.cfg_sample_ns), uint32_t(d.cfg_high_bytes), uint32_t(d.cfg_low_bytes),
          uint32_t(d.cfg_tcd_ce_rule), uint32_t(d.cfg_tcd_grow_bytes),
          uint32_t(d.cfg_tcd_drain_bytes)};
#elif defined(CSR_BLK_NIC_SCHED)
  return {uint32_t(d.cfg_catchup_ns)};
#elif defined(CSR_BLK_RX_CLASS)
  return {uint32_t(d.cfg_map_flow)};
#elif defined(CSR_BLK_CNP_BUILD)
  return {uint32_t(d.cfg_src_mac_lo), uint32_t(d.cfg_src_mac_hi), uint32_t(d.cfg_dscp),
          uint32_t(d.cfg_vlan), uint32_t(d.cfg_ctx_dmac_lo), uint32_t(d.cfg_ctx_dmac_hi),
          uint32_t(d.cfg_ctx_sip), uint32_t(d.cfg_ctx_dip), uint32_t(d.cfg_ctx_dqpn),
          uint32_t(d.cfg_ctx_port_pkey)};
#else
  return {};
#endif
}

// wr_<cmd> of the DUT in table order
std::array<bool, kCmds.size()> cmd_values([[maybe_unused]] const VMODEL& d) {
#if defined(CSR_BLK_RX_CLASS)
  return {d.wr_map_commit != 0};
#elif defined(CSR_BLK_CNP_BUILD)
  return {d.wr_ctx_commit != 0};
#else
  return {};
#endif
}

uint32_t pick_value(const RegDef& r) {
  switch (rnd() % 10) {
    case 0: return 0;
    case 1: return 0xFFFFFFFFu;
    case 2: return r.min;
    case 3: return r.max;
    case 4: return r.min - 1;
    case 5: return r.max + 1;
    case 6: return r.max + 1 + (rnd() % 1000);
    case 7: return rnd() % (r.max == 0xFFFFFFFFu ? 0xFFFFFFFFu : r.max + 2);
    default: return rnd();
  }
}

}  // namespace

int main(int argc, char** argv) {
  // --seed N --cycles N, checked as the lock-step benches check theirs (harness.h)
  const tb::SeedCycles opt = tb::parse_seed_cycles(
      argc, argv, "csr_file_test", "the generated CSR register file against a model of its table", 200000);
  rng_state = opt.seed | 1;
  const uint64_t cycles = opt.cycles;
  const uint64_t seed = rng_state;
  auto ctx = std::make_unique<VerilatedContext>();
  auto dut = std::make_unique<VMODEL>(ctx.get());
  Model m;
  uint32_t sts[kStatus.size() ? kStatus.size() : 1] = {};
  auto set_sts = [&]() {
#if defined(CSR_BLK_NP)
    dut->sts_cnpq_overflows = sts[0];
    dut->sts_cnpq_hwm = sts[1];
    dut->sts_cnpq_level = sts[2];
#elif defined(CSR_BLK_NIC_SCHED)
    dut->sts_fired = sts[SCHED_FIRED];
    dut->sts_grants = sts[SCHED_GRANTS];
    dut->sts_late_max_ns = sts[SCHED_LATE_MAX_NS];
    dut->sts_wheel_hwm = sts[SCHED_WHEEL_HWM];
    dut->sts_dropped = sts[SCHED_DROPPED];
#elif defined(CSR_BLK_NIC_TOP)
    dut->sts_num_flows = sts[TOP_NUM_FLOWS];
    dut->sts_dropped = sts[TOP_DROPPED];
    dut->sts_txop_in = sts[TOP_TXOP_IN];
    dut->sts_txdone_in = sts[TOP_TXDONE_IN];
    dut->sts_host_in = sts[TOP_HOST_IN];
    dut->sts_rxcnp_in = sts[TOP_RXCNP_IN];
    dut->sts_rxdata_in = sts[TOP_RXDATA_IN];
    dut->sts_cnpreq_out = sts[TOP_CNPREQ_OUT];
    dut->sts_grants_out = sts[TOP_GRANTS_OUT];
    dut->sts_rp_inflight_hwm = sts[TOP_RP_INFLIGHT_HWM];
    dut->sts_np_inflight_hwm = sts[TOP_NP_INFLIGHT_HWM];
    dut->sts_timerq_hwm = sts[TOP_TIMERQ_HWM];
#elif defined(CSR_BLK_RX_CLASS)
    dut->sts_frames = sts[RX_FRAMES];
    dut->sts_data = sts[RX_DATA];
    dut->sts_cnps = sts[RX_CNPS];
    dut->sts_not_roce = sts[RX_NOT_ROCE];
    dut->sts_short = sts[RX_SHORT];
    dut->sts_bad_icrc = sts[RX_BAD_ICRC];
    dut->sts_unknown_qpn = sts[RX_UNKNOWN_QPN];
#elif defined(CSR_BLK_CNP_BUILD)
    dut->sts_cnps = sts[CNP_CNPS];
    dut->sts_no_ctx = sts[CNP_NO_CTX];
#elif defined(CSR_BLK_ECN_MARK)
    dut->sts_frames = sts[ECN_FRAMES];
    dut->sts_mark_req = sts[ECN_MARK_REQ];
    dut->sts_marked = sts[ECN_MARKED];
    dut->sts_not_ect = sts[ECN_NOT_ECT];
    dut->sts_already_ce = sts[ECN_ALREADY_CE];
    dut->sts_not_ip = sts[ECN_NOT_IP];
#elif defined(CSR_BLK_NIC_FRAME_TOP)
    dut->sts_data_width = sts[FRAME_DATA_WIDTH];
    dut->sts_num_qps = sts[FRAME_NUM_QPS];
#endif
  };
  auto tick = [&](bool we, bool re, uint8_t addr, uint32_t wdata) {
#ifndef NO_WRITE_PORT
    dut->csr_we = we;
    dut->csr_wdata = wdata;
#endif
    dut->csr_re = re; dut->csr_addr = addr;
    set_sts();
    dut->clk = 0; dut->eval();
    dut->clk = 1; dut->eval();
  };
  // reset
  dut->rst = 1;
  tick(false, false, 0, 0);
  tick(false, false, 0, 0);
  dut->rst = 0;
  m.reset();
  uint64_t writes = 0, reads = 0, clamped = 0;
  for (uint64_t c = 0; c < cycles; ++c) {
    // mostly mapped addresses; sometimes unmapped ones (and status registers)
    uint8_t addr = 0;
    const uint32_t k = rnd() % 16;
    if (k < 12 && !kRegs.empty()) {
      if constexpr (!kRegs.empty()) addr = kRegs[rnd() % kRegs.size()].addr;
    } else if (k < 13 && !kCmds.empty()) {
      if constexpr (!kCmds.empty()) addr = kCmds[rnd() % kCmds.size()].addr;
    } else if (k < 15 && !kStatus.empty()) {
      if constexpr (!kStatus.empty()) addr = kStatus[rnd() % kStatus.size()].addr;
    } else {
      addr = static_cast<uint8_t>(rnd() & 0xFF);
    }
    const uint32_t op = rnd() % 8;
    const bool we = op < 3 || op == 6, re = (op >= 3 && op < 6) || op == 6;
    uint32_t wdata = rnd();
    if (auto i = reg_at(addr)) {
      wdata = pick_value(kRegs[*i]);
      if (we && clamp_reg(kRegs[*i], wdata) != wdata) ++clamped;
    }
    if (rnd() % 4 == 0)
      for (auto& s : sts) s = rnd();
    writes += we; reads += re;
    tick(we, re, addr, wdata);
    m.edge(we, re, addr, wdata, sts);
    if (dut->csr_rdata != m.rdata) {
      std::fprintf(stderr,
                 "csr_file_test: seed %" PRIu64 " cycle %" PRIu64 ": csr_rdata 0x%08x, model 0x%08x "
                   "(we %d re %d addr 0x%02x wdata 0x%08x)\n", seed, c, dut->csr_rdata, m.rdata,
                   we, re, addr, wdata);
      std::printf("csr_file_test: FAIL (mismatch at cycle %" PRIu64 ", seed %" PRIu64 ")\n", c, seed);
      return 1;
    }
    const auto cmd = cmd_values(*dut);  // this cycle's inputs, still applied
    for (size_t i = 0; i < kCmds.size(); ++i)
      if (cmd[i] != (we && addr == kCmds[i].addr)) {
        std::fprintf(stderr, "csr_file_test: seed %" PRIu64 " cycle %" PRIu64 ": wr_%s %d (we %d addr 0x%02x)\n",
                     seed, c, std::string(kCmds[i].name).c_str(), int(cmd[i]), we, addr);
        std::printf("csr_file_test: FAIL (mismatch at cycle %" PRIu64 ", seed %" PRIu64 ")\n", c, seed);
        return 1;
      }
    const auto cfg = cfg_values(*dut);
    for (size_t i = 0; i < kRegs.size(); ++i)
      if (cfg[i] != m.cfg(i)) {
        std::fprintf(stderr,
                 "csr_file_test: seed %" PRIu64 " cycle %" PRIu64 ": cfg_%s 0x%08x, model 0x%08x\n",
                     seed, c, std::string(kRegs[i].name).c_str(), cfg[i], m.cfg(i));
        std::printf("csr_file_test: FAIL (mismatch at cycle %" PRIu64 ", seed %" PRIu64 ")\n", c, seed);
        return 1;
      }
  }
  // every register read back at the end (the write stage drained by two idle cycles)
  tick(false, false, 0, 0); m.edge(false, false, 0, 0, sts);
  for (const RegDef& r : kRegs) {
    tick(false, true, r.addr, 0); m.edge(false, true, r.addr, 0, sts);
    if (dut->csr_rdata != m.rdata) {
      std::fprintf(stderr, "csr_file_test: final read of %s: 0x%08x, model 0x%08x\n",
                   std::string(r.name).c_str(), dut->csr_rdata, m.rdata);
      std::printf("csr_file_test: FAIL (mismatch in the final read-back, seed %" PRIu64 ")\n", seed);
      return 1;
    }
  }
  std::printf("csr_file_test: seed %" PRIu64 ": %" PRIu64 " cycles, %" PRIu64 " writes (%" PRIu64
              " clamped), %" PRIu64 " reads, 0 mismatches\n", seed, cycles, writes, clamped, reads);
  std::printf("csr_file_test: PASS\n");
  dut->final();
  return 0;
}
