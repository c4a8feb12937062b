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
// Waveform time. The lock-step benches never call at(): every dump is one ps after the
// previous one (one ps per half cycle). The RTL engines of the network give each call's
// network time to at(): the call's cycles are drawn from that time on at the clock period
// (half_ps per half cycle). A call that comes while the block is still clocking the
// previous one (calls closer together than their cycles) starts on the next clock edge
// after the previous call's last one, as if it had waited in front of the block; its
// s_evt_now_ns still shows the time it happened. Dumps outside [from_ps, to_ps] (the
// engines' trace window) are skipped; the first dump written is a full one.
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

  // The RTL engines: trace into `sink` (a part of the network's merged waveform, wave.h)
  // once open_trace() is called (after the reset: the RAM clear is not drawn), with
  // half_ps per half cycle, only within [from_ps, to_ps].
  Dut(const char* name, int seed, VerilatedVcdFile* sink, double half_ps, uint64_t from_ps,
      uint64_t to_ps)
      : ctx_(std::make_unique<VerilatedContext>()), half_ps_(half_ps), from_ps_(from_ps),
        to_ps_(to_ps) {
    ctx_->randReset(2);
    ctx_->randSeed(seed);
    ctx_->timeunit(-12);
    ctx_->timeprecision(-12);
    if (sink) ctx_->traceEverOn(true);
    m_ = std::make_unique<VM>(ctx_.get(), name);
    if (!sink) return;
    vcd_ = std::make_unique<VerilatedVcdC>(sink);
    m_->trace(vcd_.get(), 99);
    vcd_->set_time_unit("1ps");
    vcd_->set_time_resolution("1ps");
    deferred_ = true;
  }

  // Opens the deferred trace (the header) and holds the dumps until release(): the
  // engines open it after the reset and release it at the block's first event.
  void open_trace() {
    if (!deferred_) return;
    deferred_ = false;
    hold_ = true;
    vcd_->open("wave part");
  }
  void release() { hold_ = false; }

  ~Dut() {
    m_->final();
    if (vcd_) vcd_->close();
  }

  Dut(const Dut&) = delete;
  Dut& operator=(const Dut&) = delete;

  VM& m() { return *m_; }
  const VM& m() const { return *m_; }
  uint64_t cycles() const { return cycles_; }
  bool traced() const { return vcd_ != nullptr && !deferred_ && !hold_; }
  void flush() {
    if (vcd_ && !deferred_) vcd_->flush();
  }

  // The following dumps are laid out from this network time (ns).
  void at(double ns) {
    base_ps_ = ns > 0 ? static_cast<uint64_t>(std::llround(ns * 1000.0)) : 0;
    // still clocking the previous call (calls end on a rising edge): from the next edge
    const uint64_t next = last_ps_ + static_cast<uint64_t>(std::llround(half_ps_));
    if (dumped_ && base_ps_ < next) base_ps_ = next;
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
    if (!vcd_ || deferred_ || hold_) return;
    uint64_t t = base_ps_ + static_cast<uint64_t>(std::llround(static_cast<double>(k_) * half_ps_));
    ++k_;
    if (dumped_ && t <= last_ps_) t = last_ps_ + 1;
    last_ps_ = t;
    dumped_ = true;
    if (t < from_ps_ || t > to_ps_) return;
    vcd_->dump(t);
  }

  std::unique_ptr<VerilatedContext> ctx_;  // declared first: destroyed last
  std::unique_ptr<VM> m_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t cycles_ = 0;
  double half_ps_;
  uint64_t base_ps_ = 0, last_ps_ = 0, k_ = 0;
  uint64_t from_ps_ = 0, to_ps_ = ~0ull;
  bool dumped_ = false, deferred_ = false, hold_ = false;
};

}  // namespace dcqcn
