// SPDX-License-Identifier: MIT
// One Verilated block as the lock-step benches and the RTL engines both run it: its own
// VerilatedContext (X-initial values random, seeded), an optional VCD, and the one
// clocking discipline.
//
// Clocking. Between cycles the model sits just after a rising edge. A cycle is: set the
// inputs, low() (clk = 0, eval, dump): the combinational outputs (s_evt_ready) now show
// the new inputs; high() (clk = 1, eval, dump): the edge, registered outputs (m_out_*,
// csr_rdata) updated.
//
// Waveform time. Every dump happens at max(last + 1, T + k * half) ps, with T the time
// given to at() (0 until then) and k the half cycles since: the lock-step benches never
// call at() and get one ps per half cycle; the RTL engines call it with the network time
// of each call, so that a call's cycles are drawn from its network time on and the axis
// still increases when calls come closer together than the cycles they need.
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

// Verilator's runtime headers are not clean under -Wextra (verilated_types.h: unused
// parameter); keep our -Wall -Wextra meaningful for our code only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated.h"
#include "verilated_vcd_c.h"
#pragma GCC diagnostic pop

namespace dcqcn {

template <class VM>
class Dut {
 public:
  // name: the model's instance name; seed: its X-initial values; vcd: "" for none;
  // half_ps: the waveform's half clock period.
  Dut(const char* name, int seed, const std::string& vcd, double half_ps = 1)
      : ctx_(std::make_unique<VerilatedContext>()), half_ps_(half_ps) {
    ctx_->randReset(2);  // X-initial: registers and RAM random until rst and the RAM clear
    ctx_->randSeed(seed);
    ctx_->timeunit(-12);
    ctx_->timeprecision(-12);
    if (!vcd.empty()) ctx_->traceEverOn(true);
    m_ = std::make_unique<VM>(ctx_.get(), name);
    if (vcd.empty()) return;
    vcd_ = std::make_unique<VerilatedVcdC>();
    m_->trace(vcd_.get(), 99);
    vcd_->set_time_unit("1ps");
    vcd_->set_time_resolution("1ps");
    vcd_->open(vcd.c_str());
    if (!vcd_->isOpen())
      throw std::runtime_error(std::string(name) + ": cannot open VCD '" + vcd + "'");
  }

  ~Dut() {
    m_->final();
    if (vcd_) vcd_->close();
  }

  Dut(const Dut&) = delete;
  Dut& operator=(const Dut&) = delete;

  VM& m() { return *m_; }
  const VM& m() const { return *m_; }
  uint64_t cycles() const { return cycles_; }
  bool traced() const { return vcd_ != nullptr; }
  void flush() {
    if (vcd_) vcd_->flush();
  }

  // The following dumps are laid out from this network time (ns).
  void at(double ns) {
    base_ps_ = ns > 0 ? static_cast<uint64_t>(std::llround(ns * 1000.0)) : 0;
    k_ = 0;
  }

  void low() {
    m_->clk = 0;
    m_->eval();
    dump();
  }
  void high() {
    m_->clk = 1;
    m_->eval();
    dump();
    ++cycles_;
  }
  void tick() {
    low();
    high();
  }

 private:
  void dump() {
    if (!vcd_) return;
    uint64_t t = base_ps_ + static_cast<uint64_t>(std::llround(static_cast<double>(k_) * half_ps_));
    ++k_;
    if (dumped_ && t <= last_ps_) t = last_ps_ + 1;
    vcd_->dump(t);
    last_ps_ = t;
    dumped_ = true;
  }

  std::unique_ptr<VerilatedContext> ctx_;  // declared first: destroyed last
  std::unique_ptr<VM> m_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycles_ = 0;
  double half_ps_;
  uint64_t base_ps_ = 0, last_ps_ = 0, k_ = 0;
  bool dumped_ = false;
};

}  // namespace dcqcn
