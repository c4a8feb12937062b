// SPDX-License-Identifier: MIT
// What the three RTL engines share: one Verilated model in its own VerilatedContext,
// clocked one eval() per clock half, with an optional VCD laid out on the network's
// simulated time. Private to the RTL engines (*_rtl.cpp include it; nothing else should).
//
// Clocking discipline. Between calls the model sits just after a rising edge (clk = 1
// evaluated). A call changes the inputs, then runs whole cycles: clk = 0, eval(), dump;
// clk = 1, eval(), dump. Combinational outputs (s_evt_ready) are read after the low
// half with the new inputs, registered outputs (m_out_*, csr_rdata) after the high half.
//
// Waveform time. Every dump happens at max(last + 1, T + k * clock_ns / 2) ps, with T
// the call's network time (its `at_ns` argument; 0 for the reset) and k the half
// cycles run since then: the RTL cycles of an event are laid out right after the event's
// network time, and the time axis stays strictly increasing when events come closer
// together than the cycles they need (or when the simulator hands out the same time).
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "engine.h"
// Verilator's runtime headers are not clean under -Wextra (verilated_types.h: unused
// parameter); keep our -Wall -Wextra meaningful for our code only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated.h"
#include "verilated_vcd_c.h"
#pragma GCC diagnostic pop

namespace dcqcn::net::rtl {

// Error raised by a factory: `n` (flows or queues) above the built size `max`.
[[noreturn]] inline void throw_size(const char* factory, const char* what, const char* param,
                                    uint32_t n, uint32_t max) {
  throw std::invalid_argument(
      std::string(factory) + ": " + std::to_string(n) + " " + what +
      " requested, but the RTL engine is Verilated with " + param + " = " +
      std::to_string(max) + " (the limit; at least 1); use at most " + std::to_string(max) +
      " " + what + " per block, or the ref engine");
}

// Error raised by process(): an event index outside [0, n).
[[noreturn]] inline void throw_index(const char* blk, const char* what, uint32_t idx,
                                     uint32_t n) {
  throw std::invalid_argument(std::string(blk) + " RTL engine: " + what + " " +
                              std::to_string(idx) + " out of range (the engine has " +
                              std::to_string(n) + " " + what + "s: 0.." +
                              std::to_string(n - 1) + ")");
}

template <class VM>
class Core {
 public:
  // Bound on the cycles any handshake may take; only a broken model reaches it.
  static constexpr uint32_t kStuckCycles = 10000;

  Core(const char* name, const TraceSpec& t, int seed) : ctx_(std::make_unique<VerilatedContext>()) {
    ctx_->randReset(2);  // X-initial: registers and RAM random until rst and the RAM clear
    ctx_->randSeed(seed);
    ctx_->timeunit(-12);
    ctx_->timeprecision(-12);
    if (!t.path.empty()) ctx_->traceEverOn(true);
    m_ = std::make_unique<VM>(ctx_.get(), name);
    if (!t.path.empty()) {
      vcd_ = std::make_unique<VerilatedVcdC>();
      m_->trace(vcd_.get(), 99);
      vcd_->set_time_unit("1ps");
      vcd_->set_time_resolution("1ps");
      vcd_->open(t.path.c_str());
      if (!vcd_->isOpen())
        throw std::runtime_error(std::string(name) + " RTL engine: cannot open VCD '" + t.path +
                                 "'");
      half_ps_ = t.clock_ns * 500.0;
    }
  }

  ~Core() {
    m_->final();
    if (vcd_) {
      vcd_->flush();
      vcd_->close();
    }
  }

  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  VM& m() { return *m_; }
  uint64_t cycles() const { return cycles_; }

  // rst for 2 cycles, then clock until the state RAM is cleared (s_evt_ready).
  void reset(uint32_t ram_depth) {
    begin_call(0);
    VM& m = *m_;
    m.s_evt_valid = 0;
    m.m_out_ready = 1;
    m.csr_we = 0;
    m.csr_re = 0;
    m.csr_addr = 0;
    m.csr_wdata = 0;
    m.rst = 1;
    tick();
    tick();
    m.rst = 0;
    for (uint32_t i = 0;; ++i) {
      low();
      const bool ready = m.s_evt_ready;
      high();
      if (ready) break;
      if (i > ram_depth + kStuckCycles) stuck("s_evt_ready after reset");
    }
  }

  // The event is on the s_evt_* pins with s_evt_valid = 1: clock until it is accepted,
  // drop s_evt_valid, clock until its result is on m_out_* (m_out_ready stays 1).
  void run_event(double at_ns) {
    begin_call(at_ns);
    VM& m = *m_;
    for (uint32_t i = 0;; ++i) {
      low();
      const bool ready = m.s_evt_ready;
      high();
      if (ready) break;
      if (i > kStuckCycles) stuck("s_evt_ready");
    }
    m.s_evt_valid = 0;
    for (uint32_t i = 0; !m.m_out_valid; ++i) {
      tick();
      if (i > kStuckCycles) stuck("m_out_valid");
    }
  }

  void csr_write(uint8_t addr, uint32_t value, double at_ns) {
    begin_call(at_ns);
    VM& m = *m_;
    m.csr_we = 1;
    m.csr_addr = addr;
    m.csr_wdata = value;
    tick();
    m.csr_we = 0;
  }

  uint32_t csr_read(uint8_t addr, double at_ns) {
    begin_call(at_ns);
    VM& m = *m_;
    m.csr_re = 1;
    m.csr_addr = addr;
    tick();  // the edge that samples csr_re; csr_rdata is valid in the cycle after it
    m.csr_re = 0;
    return m.csr_rdata;
  }

 private:
  void begin_call(double ns) {
    if (!vcd_) return;
    base_ps_ = ns > 0 ? static_cast<uint64_t>(std::llround(ns * 1000.0)) : 0;
    k_ = 0;
  }
  void dump() {
    uint64_t t = base_ps_ + static_cast<uint64_t>(std::llround(static_cast<double>(k_) * half_ps_));
    ++k_;
    if (dumped_ && t <= last_ps_) t = last_ps_ + 1;
    vcd_->dump(t);
    last_ps_ = t;
    dumped_ = true;
  }
  void low() {
    m_->clk = 0;
    m_->eval();
    if (vcd_) dump();
  }
  void high() {
    m_->clk = 1;
    m_->eval();
    if (vcd_) dump();
    ++cycles_;
  }
  void tick() {
    low();
    high();
  }
  [[noreturn]] void stuck(const char* what) const {
    throw std::runtime_error(std::string("RTL engine: no ") + what + " after " +
                             std::to_string(kStuckCycles) + " cycles (model stuck)");
  }

  std::unique_ptr<VerilatedContext> ctx_;  // declared first: destroyed last
  std::unique_ptr<VM> m_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycles_ = 0;
  double half_ps_ = 0;
  uint64_t base_ps_ = 0, last_ps_ = 0, k_ = 0;
  bool dumped_ = false;
};

}  // namespace dcqcn::net::rtl
