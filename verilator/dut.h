// SPDX-License-Identifier: MIT
// One Verilated block and its clock. Clocked is the one clocking of the project: the
// lock-step benches (tb/common/lockstep_dut.h, with their window of cycles) and the
// network's RTL engines (Dut below, with the network's waveform) both run a block
// through it.
//
// Clocking. Between cycles the model sits just after a rising edge. A cycle is: set the
// inputs, low() (clk = 0, eval): the combinational outputs (s_evt_ready) now show the new
// inputs; high() (clk = 1, eval): the edge, registered outputs (m_out_*, csr_rdata)
// updated. Each owner dumps its waveform around these two.
//
// Dut's waveform time. The RTL engines of the network give each call's network time to
// at(): the call's cycles are drawn from that time on at the clock period (half_ps per
// half cycle). A call that comes while the block is still clocking the previous one
// (calls closer together than their cycles) starts on the next clock edge after the
// previous call's last one, as if it had waited in front of the block; its s_evt_now_ns
// still shows the time it happened. Dumps outside [from_ps, to_ps] (the engines' trace
// window) are skipped; the first dump written is a full one.
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

// An RTL simulation check ($fatal or $stop; Verilator has printed its %Error line with the
// check's message just before) failed in the model `model` at its rising edge `cycle`.
// That is a bug in the RTL (or in what drove it), not in the input.
class RtlCheckFailed : public std::runtime_error {
 public:
  RtlCheckFailed(const std::string& model, uint64_t cycle)
      : std::runtime_error("RTL check failed in model " + model + " at its cycle " + std::to_string(cycle) +
                           " (the %Error line above names the check): a bug in the RTL; please report it "
                           "with the command, scenario and seed"),
        cycle_(cycle) {}
  uint64_t cycle() const { return cycle_; }

 private:
  uint64_t cycle_;
};

// The Verilated model VM (ports clk, ...) in a VerilatedContext of its own: X-initial
// values random from `seed` (registers and RAM random until rst and the RAM clear), a
// 1 ps time unit, tracing enabled when `traced`.
template <class VM>
class Clocked {
 public:
  Clocked(const char* name, int seed, bool traced)
      : ctx_(std::make_unique<VerilatedContext>()) {
    ctx_->randReset(2);
    ctx_->randSeed(seed);
    ctx_->timeunit(-12);
    ctx_->timeprecision(-12);
    // One thread: the models are Verilated single-threaded, and a context's default
    // (std::thread::hardware_concurrency()) starts a pool of that many threads less one
    // for every context, idle here (a network run has dozens of contexts), whose start
    // also writes Verilator's "last context" from those threads.
    ctx_->threads(1);
    // An RTL check that fails ($fatal, $stop) marks the context and returns, instead of
    // Verilator's default print-and-std::abort(): low() and high() then throw
    // RtlCheckFailed, which the benches report as a failure and dcqcn-sim as its one-line
    // error with a non-zero exit (never a core dump).
    ctx_->fatalOnError(false);
    if (traced) ctx_->traceEverOn(true);
    m_ = std::make_unique<VM>(ctx_.get(), name);
    name_ = name;
  }
  // Verilator 5.006 erases a model's scopes (a model has them when its RTL has a runtime
  // $display or $fatal) from Verilated::threadContextp(), the context created last on this
  // thread, not from the model's own: with several models, each in its own context, that
  // pointer dangles once the last-created one is gone, and the next model's destructor
  // locked a freed mutex (dcqcn-sim hung at its exit). So the model is destroyed with its
  // own context as the thread's, and the thread's context is then never left pointing at
  // ours (Verilator falls back to its default context). Test:
  // verilator/context_test.cpp.
  ~Clocked() {
    final();
    VerilatedContext* const before = Verilated::threadContextp();
    Verilated::threadContextp(ctx_.get());
    m_.reset();
    Verilated::threadContextp(before == ctx_.get() ? nullptr : before);
  }
  Clocked(const Clocked&) = delete;
  Clocked& operator=(const Clocked&) = delete;

  VM& m() { return *m_; }
  const VM& m() const { return *m_; }
  VerilatedContext* context() { return ctx_.get(); }
  uint64_t cycles() const { return cycles_; }  // rising edges so far
  // The name a failed RTL check reports (default: the model's name), e.g. the network's
  // instance "h3.top".
  void label(const std::string& l) {
    if (!l.empty()) name_ = l;
  }

  // clk 0: the inputs set by the caller and the combinational outputs they give.
  void low() {
    m_->clk = 0;
    eval();
  }
  // The rising edge: the registered outputs updated.
  void high() {
    m_->clk = 1;
    eval();
    ++cycles_;
  }
  // The model's final blocks (once; before its owner closes a waveform).
  void final() {
    if (final_done_) return;
    final_done_ = true;
    m_->final();
  }

 private:
  // Verilator 5.006 reports $fatal / $stop / $finish to Verilated::threadContextp(), not
  // to the model's own context, so each evaluation runs with ours as the thread's (a
  // thread-local store; the destructor above never leaves it pointing at a freed one).
  void eval() {
    Verilated::threadContextp(ctx_.get());
    m_->eval();
    if (ctx_->gotError()) {
      ctx_->gotError(false);
      throw RtlCheckFailed(name_, cycles_);
    }
  }

  std::unique_ptr<VerilatedContext> ctx_;  // declared first: destroyed last
  std::unique_ptr<VM> m_;
  std::string name_;
  uint64_t cycles_ = 0;
  bool final_done_ = false;
};

// A block as the network's RTL engines run it: Clocked, traced into a part of the
// network's merged waveform (wave.h).
template <class VM>
class Dut {
 public:
  // The RTL engines: trace into `sink` (a part of the network's merged waveform, wave.h)
  // once open_trace() is called (after the reset: the RAM clear is not drawn), with
  // half_ps per half cycle, only within [from_ps, to_ps].
  Dut(const char* name, int seed, VerilatedVcdFile* sink, double half_ps, uint64_t from_ps,
      uint64_t to_ps)
      : clk_(name, seed, sink != nullptr), half_ps_(half_ps), from_ps_(from_ps), to_ps_(to_ps) {
    if (!sink) return;
    vcd_ = std::make_unique<VerilatedVcdC>(sink);
    clk_.m().trace(vcd_.get(), 99);
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
    clk_.final();
    if (vcd_) vcd_->close();
  }

  Dut(const Dut&) = delete;
  Dut& operator=(const Dut&) = delete;

  VM& m() { return clk_.m(); }
  const VM& m() const { return clk_.m(); }
  uint64_t cycles() const { return clk_.cycles(); }
  void label(const std::string& l) { clk_.label(l); }
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
    clk_.low();
    dump();
  }
  void high() {
    clk_.high();
    dump();
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

  Clocked<VM> clk_;  // declared first: destroyed last
  std::unique_ptr<VerilatedVcdC> vcd_;
  double half_ps_;
  uint64_t base_ps_ = 0, last_ps_ = 0, k_ = 0;
  uint64_t from_ps_ = 0, to_ps_ = ~0ull;
  bool dumped_ = false, deferred_ = false, hold_ = false;
};

}  // namespace dcqcn
