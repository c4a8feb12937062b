// SPDX-License-Identifier: MIT
// The RTL engine of one block: a Verilated model (dut.h) behind engine.h, driven through
// the block's pin table (pins.h). Each call runs whole cycles: process() puts the event on
// the s_evt pins, clocks until it is accepted and until its result is on m_out (m_out_ready
// stays 1), and reads it; a register write or read is one cycle on the CSR bus. The
// call's cycles are drawn in the waveform from the call's network time on (Dut::at); when
// traced, one more cycle after the result lets m_out_valid fall in the picture (an idle
// cycle: it changes no result). The reset, the RAM clear and the register writes before the
// first event at time 0 (the scenario's configuration) are not drawn: the trace opens at
// the first event, or the first register access after time 0.
// Private to the RTL engines (*_rtl.cpp include it; nothing else should).
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "dut.h"
#include "engine.h"
#include "pins.h"

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

// Verilator's VCD text of one engine, into its part of the merged waveform (no file).
class PartSink final : public VerilatedVcdFile {
 public:
  explicit PartSink(wave::Part* p) : p_(p) {}
  bool open(const std::string&) override { return true; }
  void close() override {}
  ssize_t write(const char* b, ssize_t n) override {
    p_->text(b, static_cast<size_t>(n));
    return n;
  }

 private:
  wave::Part* p_;
};

template <class P, class VM>
class RtlEngine final : public Engine<typename P::Event, typename P::Result> {
 public:
  using Event = typename P::Event;
  using Result = typename P::Result;
  // Bound on the cycles any handshake may take; only a broken model reaches it.
  static constexpr uint32_t kStuckCycles = 10000;

  // n: the flows or queues used (events beyond it are refused); depth: the built size
  // (the RAM cleared after reset).
  RtlEngine(const char* name, int seed, uint32_t n, uint32_t depth, const TraceSpec& t)
      : n_(n),
        sink_(t.wave ? std::make_unique<PartSink>(t.wave->part(t.instance, false)) : nullptr),
        dut_(name, seed, sink_.get(), t.clock_ns * 500.0,
             t.wave ? t.wave->options().from_ps : 0, t.wave ? t.wave->options().to_ps : ~0ull) {
    dut_.label(t.instance);
    reset(depth);
    if (t.wave) {
      dut_.open_trace();
      t.wave->on_flush([this] { dut_.flush(); });
    }
  }

  Result process(const Event& ev, double at_ns) override {
    if (P::index(ev) >= n_) throw_index(P::index(ev));
    dut_.release();  // drawn from the first event on: the configuration writes are not
    dut_.at(at_ns);
    VM& m = dut_.m();
    pins::drive_event<P>(m, ev);
    m.s_evt_valid = 1;
    for (uint32_t i = 0;; ++i) {  // until accepted
      dut_.low();
      const bool ready = m.s_evt_ready;
      dut_.high();
      if (ready) break;
      if (i > kStuckCycles) stuck("s_evt_ready");
    }
    m.s_evt_valid = 0;
    for (uint32_t i = 0; !m.m_out_valid; ++i) {
      dut_.tick();
      if (i > kStuckCycles) stuck("m_out_valid");
    }
    const Result r = pins::result<P>(m);
    if (dut_.traced()) dut_.tick();  // m_out_valid falls in the picture
    return r;
  }

  void csr_write(uint8_t addr, uint32_t value, double at_ns) override {
    if (at_ns > 0) dut_.release();
    dut_.at(at_ns);
    VM& m = dut_.m();
    m.csr_we = 1;
    m.csr_addr = addr;
    m.csr_wdata = value;
    dut_.tick();
    m.csr_we = 0;
  }

  uint32_t csr_read(uint8_t addr, double at_ns) override {
    if (at_ns > 0) dut_.release();
    dut_.at(at_ns);
    VM& m = dut_.m();
    m.csr_re = 1;
    m.csr_addr = addr;
    dut_.tick();  // the edge that samples csr_re; csr_rdata is valid in the cycle after it
    m.csr_re = 0;
    return m.csr_rdata;
  }

  uint64_t cycles() const override { return dut_.cycles(); }

 private:
  // rst for 2 cycles, then clock until the state RAM is cleared (s_evt_ready); drawn at 0.
  void reset(uint32_t depth) {
    VM& m = dut_.m();
    pins::drive<P>(m, ModelIn<Event>{});
    m.s_evt_valid = 0;
    m.m_out_ready = 1;
    m.rst = 1;
    dut_.tick();
    dut_.tick();
    m.rst = 0;
    for (uint32_t i = 0;; ++i) {
      dut_.low();
      const bool ready = m.s_evt_ready;
      dut_.high();
      if (ready) break;
      if (i > depth + kStuckCycles) stuck("s_evt_ready after reset");
    }
  }

  // An event index outside [0, n).
  [[noreturn]] void throw_index(uint32_t idx) const {
    throw std::invalid_argument(std::string(P::kBlock) + " RTL engine: " + P::kIndex + " " +
                                std::to_string(idx) + " out of range (the engine has " +
                                std::to_string(n_) + " " + P::kIndex + "s: 0.." +
                                std::to_string(n_ - 1) + ")");
  }
  [[noreturn]] void stuck(const char* what) const {
    throw std::runtime_error(std::string("RTL engine: no ") + what + " after " +
                             std::to_string(kStuckCycles) + " cycles (model stuck)");
  }

  uint32_t n_;
  std::unique_ptr<PartSink> sink_;  // before dut_: the tracer writes into it until it closes
  Dut<VM> dut_;
};

// A factory's body: the size check, then the engine.
template <class P, class VM>
std::unique_ptr<Engine<typename P::Event, typename P::Result>> make(
    const char* factory, const char* what, const char* param, const char* name, int seed,
    uint32_t n, uint32_t built, const TraceSpec& t) {
  if (n == 0 || n > built) throw_size(factory, what, param, n, built);
  return std::make_unique<RtlEngine<P, VM>>(name, seed, n, built, t);
}

}  // namespace dcqcn::net::rtl
